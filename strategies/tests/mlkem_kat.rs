//! The liboqs ML-KEM KAT (`tests/KATs/kem/kats.json`): the NIST KAT DRBG seeded per
//! count as `PQCgenKAT_kem.c` does, key generation drawing d || z in one 64-byte call
//! and encapsulation m in one 32-byte call (as the FIPS 203 reference code and liboqs
//! do); the `single` (count 0) and `all` (100 entries) SHA-256 hashes reproduced, for
//! every preset.

mod support;

use pqfit::mlkem::{
    Balanced, Ciphertext, FastKem, MlKem, MlKem1024Params, MlKem512Params, MlKem768Params,
    MlKemParams, ParameterSet, PublicKey, SecretKey, SharedSecret, SmallStack, Strategy,
};
use sha2::{Digest, Sha256};
use support::drbg::{kat_entropy, NistDrbg};
use support::rng::TestRng;
use support::{hex, vector_file};

/// The KAT entries of counts 0..100, each as `count = ..` to `ss = ..` with its final
/// newline.
fn entries<P: ParameterSet, S: Strategy<P>>() -> Vec<String> {
    let mut outer = NistDrbg::new(&kat_entropy());
    (0..100)
        .map(|count| {
            let seed: [u8; 48] = outer.array();
            let mut rng = TestRng::from_seed(&seed);
            let (mut pk, mut sk) = (PublicKey::<P>::default(), SecretKey::<P>::zeroed());
            MlKem::<P, S>::key_gen(&mut rng, &mut pk, &mut sk).unwrap();
            let (mut ct, mut ss) = (Ciphertext::<P>::default(), SharedSecret::zeroed());
            MlKem::<P, S>::encaps(&mut rng, &pk, &mut ct, &mut ss).unwrap();
            let mut back = SharedSecret::zeroed();
            MlKem::<P, S>::decaps(&sk, &ct, &mut back);
            assert_eq!(back, ss, "count {count}");
            format!(
                "count = {count}\nseed = {}\npk = {}\nsk = {}\nct = {}\nss = {}\n",
                hex::encode(&seed),
                hex::encode(pk.as_bytes()),
                hex::encode(sk.as_bytes()),
                hex::encode(ct.as_bytes()),
                hex::encode(ss.as_bytes()),
            )
        })
        .collect()
}

fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn check<P: ParameterSet, S: Strategy<P>>() {
    let name = <P as MlKemParams>::SET_NAME;
    let path = vector_file("kat-hashes/liboqs_tests_KATs_kem_kats.json");
    let kats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let want = &kats[name];
    let entries = entries::<P, S>();
    // `single`: the count = 0 entry without its trailing empty line.
    assert_eq!(sha256_hex(&entries[0]), want["single"], "{name} single");
    // `all`: the 100 entries separated by empty lines (the `.rsp` without its header
    // and its final newline).
    assert_eq!(sha256_hex(&entries.join("\n")), want["all"], "{name} all");
}

#[test]
fn ml_kem_512() {
    check::<MlKem512Params, SmallStack>();
}

#[test]
fn ml_kem_768() {
    check::<MlKem768Params, Balanced>();
}

#[test]
fn ml_kem_1024() {
    check::<MlKem1024Params, FastKem>();
}
