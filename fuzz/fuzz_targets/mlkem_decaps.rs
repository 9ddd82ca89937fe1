//! ML-KEM decapsulation, differential: a key pair from a fuzzed 64-byte seed d || z
//! (FIPS 203, Algorithm 16, `MlKem::from_seed`), the honest encapsulation of a fuzzed
//! m, and a fuzzed ciphertext of the right length, decapsulated under the three
//! presets and two `Custom` mixes (`pqfit_fuzz::mlkem`). Every strategy gives the same
//! shared secret; for the honest ciphertext it is the encapsulated secret K, for any
//! other ciphertext the implicit-rejection key J(z || c) computed by the sha3 crate (a
//! fuzzed ciphertext other than the honest one does not re-encrypt to itself: finding
//! one would take breaking the scheme).
//!
//! Input: `set (0, 1, 2 mod 3: ML-KEM-512, -768, -1024), mode, seed (64), m (32),
//! c (CT_BYTES, zero-padded)`. Mode even: the ciphertext is the honest one XOR c (an
//! all-zero c gives the honest ciphertext, a few set bits a near miss); odd: c itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pqfit::mlkem::{Ciphertext, MlKemParams, ParameterSet, PublicKey, SecretKey};
use pqfit::MlKem;
use pqfit_fuzz::mlkem::{bytes32, decaps_all, encaps_all, seed64};
use pqfit_fuzz::{mlkem_j, with_mlkem_set, Input};

fn check<P: ParameterSet>(mode: u8, seed: &[u8], m: &[u8], c: &[u8]) {
    let seed = seed64(seed);
    let (mut ek, mut dk) = (PublicKey::<P>::default(), SecretKey::<P>::zeroed());
    <MlKem<P>>::from_seed(&seed, &mut ek, &mut dk);
    let honest = encaps_all(&ek, &bytes32(m));
    for (name, (ct, ss)) in &honest[1..] {
        assert_eq!(
            ct.as_bytes(),
            honest[0].1 .0.as_bytes(),
            "{name}: ciphertext"
        );
        assert_eq!(ss, &honest[0].1 .1, "{name}: shared secret");
    }
    let (honest_ct, k) = &honest[0].1;

    let n = <P as MlKemParams>::C_BYTES;
    let mut bytes = vec![0u8; n];
    bytes[..c.len().min(n)].copy_from_slice(&c[..c.len().min(n)]);
    if mode % 2 == 0 {
        for (b, h) in bytes.iter_mut().zip(honest_ct.as_bytes()) {
            *b ^= h;
        }
    }
    let ct = Ciphertext::<P>::from_bytes(&bytes).expect("CT_BYTES");
    let all = decaps_all(&dk, &ct);
    for (name, ss) in &all[1..] {
        assert_eq!(ss, &all[0].1, "{name}: decapsulated key");
    }
    let want = if bytes == honest_ct.as_bytes() {
        *k
    } else {
        mlkem_j(&seed[32..], &bytes)
    };
    assert_eq!(
        all[0].1, want,
        "K for the honest ciphertext, J(z || c) otherwise"
    );
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let set = input.byte();
    let mode = input.byte();
    let seed = input.take(64);
    let m = input.take(32);
    with_mlkem_set!(set, check(mode, seed, m, input.rest()));
});
