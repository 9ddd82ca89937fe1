//! NTRU Prime round-3 KATs (sntrup761, ntrulpr761), all 100 entries of each, with the
//! NIST CTR_DRBG as `randombytes`, as `PQCgenKAT_kem.c` runs it: keypair, enc, dec.
//!
//! Randomness variant: the round-3 *submission* files (`sntrup761.rsp`,
//! `ntrulpr761.rsp`), where `Short_random` and `Small_random` draw each 32-bit word
//! with its own 4-byte `randombytes` call (see the vectors README, section 6).
//!
//! Also: implicit rejection of modified ciphertexts, wrong lengths, and key and
//! ciphertext type behaviour.

#[macro_use]
mod support;

use pqfit::ntruprime::{
    Ciphertext, GoodNtt, Karatsuba, MixedRadixNtt, Ntrulpr761Params, PublicKey, RqMul, Scheme,
    Schoolbook, SecretKey, SharedSecret, Sntrup761Params, ZqNtt,
};
use pqfit::{Error, Ntrulpr761, Sntrup761};
use sha2::{Digest, Sha512};
use support::drbg::NistDrbg;
use support::{compare_bytes, hex, run_case, vector_file};

const ENTRIES: usize = 100;

struct KemEntry {
    count: usize,
    seed: [u8; 48],
    pk: Vec<u8>,
    sk: Vec<u8>,
    ct: Vec<u8>,
    ss: Vec<u8>,
}

fn load(relative: &str) -> Vec<KemEntry> {
    let path = vector_file(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut entries = Vec::new();
    let mut fields = std::collections::HashMap::new();
    let flush = |fields: &mut std::collections::HashMap<String, String>,
                 entries: &mut Vec<KemEntry>| {
        if fields.is_empty() {
            return;
        }
        let get = |k: &str| hex::decode(&fields[k]).unwrap_or_else(|e| panic!("{k}: {e}"));
        entries.push(KemEntry {
            count: fields["count"].parse().expect("count"),
            seed: get("seed").try_into().expect("48-byte seed"),
            pk: get("pk"),
            sk: get("sk"),
            ct: get("ct"),
            ss: get("ss"),
        });
        fields.clear();
    };
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            flush(&mut fields, &mut entries);
            continue;
        }
        let (k, v) = line.split_once(" = ").expect("key = value");
        fields.insert(k.to_string(), v.to_string());
    }
    flush(&mut fields, &mut entries);
    assert_eq!(
        entries.len(),
        ENTRIES,
        "{relative}: expected {ENTRIES} entries"
    );
    for (i, e) in entries.iter().enumerate() {
        assert_eq!(e.count, i, "{relative}: entries out of order");
    }
    entries
}

/// One scheme's operations, so one test body covers both.
trait Kem {
    type S: Scheme;
    fn key_gen(
        rb: &mut dyn FnMut(&mut [u8]) -> Result<(), Error>,
        pk: &mut PublicKey<Self::S>,
        sk: &mut SecretKey<Self::S>,
    ) -> Result<(), Error>;
    fn encaps(
        rb: &mut dyn FnMut(&mut [u8]) -> Result<(), Error>,
        pk: &PublicKey<Self::S>,
        ct: &mut Ciphertext<Self::S>,
        ss: &mut SharedSecret,
    ) -> Result<(), Error>;
    fn decaps(sk: &SecretKey<Self::S>, ct: &Ciphertext<Self::S>, ss: &mut SharedSecret);
    /// The session key the spec gives for a rejected ciphertext.
    fn rejection_key(sk: &[u8], ct: &[u8]) -> Vec<u8>;
}

fn hash_prefix(b: u8, pieces: &[&[u8]]) -> Vec<u8> {
    let mut h = Sha512::new();
    h.update([b]);
    for p in pieces {
        h.update(p);
    }
    h.finalize()[..32].to_vec()
}

struct S<M>(std::marker::PhantomData<M>);
struct L<M>(std::marker::PhantomData<M>);

impl<M: RqMul> Kem for S<M> {
    type S = Sntrup761Params;
    fn key_gen(
        rb: &mut dyn FnMut(&mut [u8]) -> Result<(), Error>,
        pk: &mut PublicKey<Self::S>,
        sk: &mut SecretKey<Self::S>,
    ) -> Result<(), Error> {
        Sntrup761::<M>::key_gen_with_randombytes(&mut |b: &mut [u8]| rb(b), pk, sk)
    }
    fn encaps(
        rb: &mut dyn FnMut(&mut [u8]) -> Result<(), Error>,
        pk: &PublicKey<Self::S>,
        ct: &mut Ciphertext<Self::S>,
        ss: &mut SharedSecret,
    ) -> Result<(), Error> {
        Sntrup761::<M>::encaps_with_randombytes(&mut |b: &mut [u8]| rb(b), pk, ct, ss)
    }
    fn decaps(sk: &SecretKey<Self::S>, ct: &Ciphertext<Self::S>, ss: &mut SharedSecret) {
        Sntrup761::<M>::decaps(sk, ct, ss)
    }
    fn rejection_key(sk: &[u8], ct: &[u8]) -> Vec<u8> {
        // sk = f (191) || v (191) || pk (1158) || rho (191) || cache (32).
        let rho = &sk[1540..1731];
        hash_prefix(0, &[&hash_prefix(3, &[rho]), ct])
    }
}

impl<M: RqMul> Kem for L<M> {
    type S = Ntrulpr761Params;
    fn key_gen(
        rb: &mut dyn FnMut(&mut [u8]) -> Result<(), Error>,
        pk: &mut PublicKey<Self::S>,
        sk: &mut SecretKey<Self::S>,
    ) -> Result<(), Error> {
        Ntrulpr761::<M>::key_gen_with_randombytes(&mut |b: &mut [u8]| rb(b), pk, sk)
    }
    fn encaps(
        rb: &mut dyn FnMut(&mut [u8]) -> Result<(), Error>,
        pk: &PublicKey<Self::S>,
        ct: &mut Ciphertext<Self::S>,
        ss: &mut SharedSecret,
    ) -> Result<(), Error> {
        Ntrulpr761::<M>::encaps_with_randombytes(&mut |b: &mut [u8]| rb(b), pk, ct, ss)
    }
    fn decaps(sk: &SecretKey<Self::S>, ct: &Ciphertext<Self::S>, ss: &mut SharedSecret) {
        Ntrulpr761::<M>::decaps(sk, ct, ss)
    }
    fn rejection_key(sk: &[u8], ct: &[u8]) -> Vec<u8> {
        // sk = a (191) || pk (1039) || rho (32) || cache (32).
        let rho = &sk[1230..1262];
        hash_prefix(0, &[rho, ct])
    }
}

/// How `randombytes` is driven: the submission's one call per 32-bit word, or
/// PQClean/liboqs's one call of 4p bytes per `Short_random`/`Small_random`.
#[derive(Clone, Copy)]
enum Variant {
    Submission,
    PqClean,
}

/// Runs one KAT entry; returns the first mismatch.
fn run_entry<K: Kem>(e: &KemEntry, variant: Variant) -> Result<(), String> {
    let mut drbg = NistDrbg::new(&e.seed);
    // For the PQClean variant: the KEMs ask for 4 bytes at a time exactly while
    // drawing p words for one polynomial, so the first 4-byte request of a run draws
    // all 4p bytes in one DRBG call and later ones are served from it.
    let mut words = Vec::new();
    let mut used = 0;
    let mut rb = |out: &mut [u8]| {
        match variant {
            Variant::PqClean if out.len() == 4 => {
                if used == words.len() {
                    words = drbg.vec(4 * 761);
                    used = 0;
                }
                out.copy_from_slice(&words[used..used + 4]);
                used += 4;
            }
            _ => drbg.randombytes(out),
        }
        Ok(())
    };
    let (mut pk, mut sk) = (PublicKey::<K::S>::default(), SecretKey::<K::S>::zeroed());
    K::key_gen(&mut rb, &mut pk, &mut sk).map_err(|e| format!("keygen: {e}"))?;
    let mut errors = Vec::new();
    errors.extend(compare_bytes("pk", pk.as_bytes(), &e.pk));
    errors.extend(compare_bytes("sk", sk.as_bytes(), &e.sk));
    let (mut ct, mut ss) = (Ciphertext::<K::S>::default(), SharedSecret::zeroed());
    K::encaps(&mut rb, &pk, &mut ct, &mut ss).map_err(|e| format!("encaps: {e}"))?;
    errors.extend(compare_bytes("ct", ct.as_bytes(), &e.ct));
    errors.extend(compare_bytes("ss", ss.as_bytes(), &e.ss));
    let mut ss2 = SharedSecret::zeroed();
    K::decaps(&sk, &ct, &mut ss2);
    errors.extend(compare_bytes("decaps ss", ss2.as_bytes(), &e.ss));
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("; "))
    }
}

fn run_file<K: Kem>(relative: &str, take: usize) {
    run_variant::<K>(relative, take, Variant::Submission);
}

fn run_variant<K: Kem>(relative: &str, take: usize, variant: Variant) {
    let entries = load(relative);
    let mut failures = Vec::new();
    let mut passed = 0;
    for e in entries.iter().take(take) {
        match run_case(|| run_entry::<K>(e, variant)) {
            Ok(()) => passed += 1,
            Err(msg) => failures.push(format!("count {}: {msg}", e.count)),
        }
    }
    eprintln!("{relative}: {passed}/{take} entries match");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

const SNTRUP_FILE: &str = "nist-kat/ntruprime/sntrup761.rsp";
const NTRULPR_FILE: &str = "nist-kat/ntruprime/ntrulpr761.rsp";

#[test]
fn sntrup761_kat_all_entries() {
    run_file::<S<pqfit::ntruprime::DefaultMul>>(SNTRUP_FILE, ENTRIES);
}

#[test]
fn ntrulpr761_kat_all_entries() {
    run_file::<L<pqfit::ntruprime::DefaultMul>>(NTRULPR_FILE, ENTRIES);
}

/// The PQClean/liboqs files (one `randombytes(4p)` per polynomial) with the same
/// KEM code: only the way the test drives `randombytes` differs.
#[test]
fn sntrup761_pqclean_variant_all_entries() {
    run_variant::<S<pqfit::ntruprime::DefaultMul>>(
        "nist-kat/ntruprime/sntrup761.pqclean-liboqs-variant.rsp",
        ENTRIES,
        Variant::PqClean,
    );
}

#[test]
fn ntrulpr761_pqclean_variant_all_entries() {
    run_variant::<L<pqfit::ntruprime::DefaultMul>>(
        "nist-kat/ntruprime/ntrulpr761.pqclean-variant.rsp",
        ENTRIES,
        Variant::PqClean,
    );
}

/// Every multiplication strategy reproduces the KATs (a few entries each).
#[test]
fn every_strategy_matches_kat() {
    run_file::<S<Schoolbook>>(SNTRUP_FILE, 3);
    run_file::<L<Schoolbook>>(NTRULPR_FILE, 3);
    run_file::<S<Karatsuba<1>>>(SNTRUP_FILE, 3);
    run_file::<L<Karatsuba<1>>>(NTRULPR_FILE, 3);
    run_file::<S<Karatsuba<100>>>(SNTRUP_FILE, 3);
    run_file::<L<Karatsuba<100>>>(NTRULPR_FILE, 3);
    run_file::<S<GoodNtt>>(SNTRUP_FILE, 3);
    run_file::<L<GoodNtt>>(NTRULPR_FILE, 3);
    run_file::<S<MixedRadixNtt>>(SNTRUP_FILE, 3);
    run_file::<L<MixedRadixNtt>>(NTRULPR_FILE, 3);
    run_file::<S<ZqNtt>>(SNTRUP_FILE, 3);
    run_file::<L<ZqNtt>>(NTRULPR_FILE, 3);
}

/// Modified ciphertexts decapsulate to the spec's implicit-rejection key.
fn implicit_rejection<K: Kem>(relative: &str) {
    let e = &load(relative)[0];
    let sk = SecretKey::<K::S>::from_bytes(&e.sk).unwrap();
    let positions = [
        0,
        1,
        e.ct.len() / 2,
        e.ct.len() - 33,
        e.ct.len() - 32,
        e.ct.len() - 1,
    ];
    for &at in &positions {
        for flip in [1u8, 0x80, 0xff] {
            let mut bad = e.ct.clone();
            bad[at] ^= flip;
            let ct = Ciphertext::<K::S>::from_bytes(&bad).unwrap();
            let mut ss = SharedSecret::zeroed();
            K::decaps(&sk, &ct, &mut ss);
            assert_eq!(
                ss.as_bytes().to_vec(),
                K::rejection_key(&e.sk, &bad),
                "byte {at} ^ {flip:02x}"
            );
            assert_ne!(ss.as_bytes().to_vec(), e.ss);
        }
    }
    // All-zero and all-ones ciphertexts (non-canonical encodings included).
    for fill in [0u8, 0xff] {
        let bad = vec![fill; e.ct.len()];
        let ct = Ciphertext::<K::S>::from_bytes(&bad).unwrap();
        let mut ss = SharedSecret::zeroed();
        K::decaps(&sk, &ct, &mut ss);
        assert_eq!(ss.as_bytes().to_vec(), K::rejection_key(&e.sk, &bad));
    }
    // The genuine ciphertext still gives the KAT key.
    let ct = Ciphertext::<K::S>::from_bytes(&e.ct).unwrap();
    let mut ss = SharedSecret::zeroed();
    K::decaps(&sk, &ct, &mut ss);
    assert_eq!(ss.as_bytes().to_vec(), e.ss);
}

#[test]
fn sntrup761_implicit_rejection() {
    implicit_rejection::<S<Schoolbook>>(SNTRUP_FILE);
    implicit_rejection::<S<GoodNtt>>(SNTRUP_FILE);
    implicit_rejection::<S<ZqNtt>>(SNTRUP_FILE);
}

#[test]
fn ntrulpr761_implicit_rejection() {
    implicit_rejection::<L<Schoolbook>>(NTRULPR_FILE);
    implicit_rejection::<L<MixedRadixNtt>>(NTRULPR_FILE);
    implicit_rejection::<L<ZqNtt>>(NTRULPR_FILE);
}

fn lengths<Sc: Scheme>(pk: usize, sk: usize, ct: usize) {
    assert_eq!((Sc::PK_BYTES, Sc::SK_BYTES, Sc::CT_BYTES), (pk, sk, ct));
    assert_eq!(PublicKey::<Sc>::BYTES, pk);
    assert_eq!(core::mem::size_of::<PublicKey<Sc>>(), pk);
    assert_eq!(core::mem::size_of::<SecretKey<Sc>>(), sk);
    assert_eq!(core::mem::size_of::<Ciphertext<Sc>>(), ct);
    for (len, want) in [(pk - 1, pk), (pk + 1, pk), (0, pk)] {
        assert_eq!(
            PublicKey::<Sc>::from_bytes(&vec![0; len]).unwrap_err(),
            Error::InvalidLength {
                expected: want,
                actual: len
            }
        );
    }
    for len in [sk - 1, sk + 1, 0] {
        assert!(matches!(
            SecretKey::<Sc>::from_bytes(&vec![0; len]),
            Err(Error::InvalidLength { .. })
        ));
    }
    for len in [ct - 1, ct + 1, 0] {
        assert!(matches!(
            Ciphertext::<Sc>::from_bytes(&vec![0; len]),
            Err(Error::InvalidLength { .. })
        ));
    }
    assert!(PublicKey::<Sc>::from_bytes(&vec![0; pk]).is_ok());
    assert!(SecretKey::<Sc>::from_bytes(&vec![0; sk]).is_ok());
    assert!(Ciphertext::<Sc>::from_bytes(&vec![0; ct]).is_ok());
}

#[test]
fn wrong_lengths_are_errors() {
    lengths::<Sntrup761Params>(1158, 1763, 1039);
    lengths::<Ntrulpr761Params>(1039, 1294, 1167);
}

#[test]
fn debug_prints_no_secrets() {
    let sk = SecretKey::<Sntrup761Params>::from_bytes(&[0xab; 1763]).unwrap();
    let text = format!("{sk:?}");
    assert!(!text.to_lowercase().contains("ab"), "{text}");
    let ss = SharedSecret::zeroed();
    assert_eq!(format!("{ss:?}"), "SharedSecret { .. }");
}

/// The RNG entry points draw from a `TryCryptoRng` and round-trip.
#[test]
fn rng_round_trip() {
    let mut rng = support::rng::TestRng::new(7);
    let (mut pk, mut sk) = (PublicKey::default(), SecretKey::zeroed());
    Sntrup761::<Schoolbook>::key_gen(&mut rng, &mut pk, &mut sk).unwrap();
    let (mut ct, mut ss, mut ss2) = (
        Ciphertext::default(),
        SharedSecret::zeroed(),
        SharedSecret::zeroed(),
    );
    Sntrup761::<Karatsuba>::encaps(&mut rng, &pk, &mut ct, &mut ss).unwrap();
    Sntrup761::<Karatsuba<8>>::decaps(&sk, &ct, &mut ss2);
    assert_eq!(ss, ss2);
    let (mut pk, mut sk) = (PublicKey::default(), SecretKey::zeroed());
    Ntrulpr761::<Karatsuba>::key_gen(&mut rng, &mut pk, &mut sk).unwrap();
    let (mut ct, mut ss, mut ss2) = (
        Ciphertext::default(),
        SharedSecret::zeroed(),
        SharedSecret::zeroed(),
    );
    Ntrulpr761::<Schoolbook>::encaps(&mut rng, &pk, &mut ct, &mut ss).unwrap();
    Ntrulpr761::<Karatsuba<8>>::decaps(&sk, &ct, &mut ss2);
    assert_eq!(ss, ss2);
}

fn time_ops<K: Kem>(label: &str) {
    let mut drbg = NistDrbg::new(&[1; 48]);
    let mut rb = |out: &mut [u8]| {
        drbg.randombytes(out);
        Ok(())
    };
    let (mut pk, mut sk) = (PublicKey::<K::S>::default(), SecretKey::<K::S>::zeroed());
    let (mut ct, mut ss) = (Ciphertext::<K::S>::default(), SharedSecret::zeroed());
    let runs = 20;
    let t = std::time::Instant::now();
    for _ in 0..runs {
        K::key_gen(&mut rb, &mut pk, &mut sk).unwrap();
    }
    let keygen = t.elapsed() / runs;
    let t = std::time::Instant::now();
    for _ in 0..runs {
        K::encaps(&mut rb, &pk, &mut ct, &mut ss).unwrap();
    }
    let encaps = t.elapsed() / runs;
    let t = std::time::Instant::now();
    for _ in 0..runs {
        K::decaps(&sk, &ct, &mut ss);
    }
    let decaps = t.elapsed() / runs;
    println!("{label:>28}: keygen {keygen:?}, encaps {encaps:?}, decaps {decaps:?}");
}

/// Host timings per operation and strategy (`--ignored --nocapture`, release
/// profile); an indication only, not the harness's measurements.
#[test]
#[ignore]
fn host_timings() {
    time_ops::<S<Schoolbook>>("sntrup761 Schoolbook");
    time_ops::<S<Karatsuba>>("sntrup761 Karatsuba<32>");
    time_ops::<S<GoodNtt>>("sntrup761 GoodNtt");
    time_ops::<S<MixedRadixNtt>>("sntrup761 MixedRadixNtt");
    time_ops::<L<Schoolbook>>("ntrulpr761 Schoolbook");
    time_ops::<L<Karatsuba>>("ntrulpr761 Karatsuba<32>");
    time_ops::<L<GoodNtt>>("ntrulpr761 GoodNtt");
    time_ops::<L<MixedRadixNtt>>("ntrulpr761 MixedRadixNtt");
    time_ops::<S<ZqNtt>>("sntrup761 ZqNtt");
    time_ops::<L<ZqNtt>>("ntrulpr761 ZqNtt");
}
