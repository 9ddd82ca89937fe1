//! Trait conformance: code written only against the RustCrypto `signature` traits
//! signs and verifies with every family's key pairs (several strategies) and bare
//! keys, and both families' buffers behave alike.

#[macro_use]
mod support;

use pqfit::cross::{self, Rsdp1Balanced, Rsdp1Small, Rsdpg1Fast, Rsdpg1Small};
use pqfit::{FastSign, MlDsa44, MlDsa65, MlDsa87, Reference, SmallStack};
use signature::{Keypair, RandomizedSigner, SignatureEncoding, Signer, Verifier};
use std::fmt::Debug;
use support::rng::TestRng;

/// Signs and verifies through the traits only; returns the deterministic signature.
fn key_pair_conformance<K, S>(kp: &K, rng: &mut TestRng) -> S
where
    K: Keypair + Signer<S> + RandomizedSigner<S>,
    K::VerifyingKey: Verifier<S>,
    S: SignatureEncoding + PartialEq + Debug,
{
    bare_conformance(kp, &kp.verifying_key(), rng)
}

/// The `Signer`, `RandomizedSigner` and `Verifier` contract, and the encoding's.
fn bare_conformance<K, V, S>(signer: &K, vk: &V, rng: &mut TestRng) -> S
where
    K: Signer<S> + RandomizedSigner<S>,
    V: Verifier<S>,
    S: SignatureEncoding + PartialEq + Debug,
{
    let msg = b"firmware image v1.2.3";
    let sig = signer.sign(msg);
    vk.verify(msg, &sig).expect("a signature verifies");
    assert!(vk.verify(b"firmware image v6.6.6", &sig).is_err());
    assert_eq!(sig, signer.sign(msg), "Signer is deterministic");

    let hedged = signer.sign_with_rng(rng, msg);
    vk.verify(msg, &hedged)
        .expect("a hedged signature verifies");
    assert_ne!(sig, hedged, "RandomizedSigner uses its randomness");
    encoding_conformance(vk, msg, sig)
}

/// The `RandomizedSigner` and `Verifier` contract (CROSS: hedged signing only), and
/// the encoding's; returns the signature made with `TestRng::new(seed)`.
fn hedged_conformance<K, V, S>(signer: &K, vk: &V, seed: u8) -> S
where
    K: RandomizedSigner<S>,
    V: Verifier<S>,
    S: SignatureEncoding + PartialEq + Debug,
{
    let msg = b"firmware image v1.2.3";
    let sig = signer.sign_with_rng(&mut TestRng::new(seed), msg);
    vk.verify(msg, &sig).expect("a signature verifies");
    assert!(vk.verify(b"firmware image v6.6.6", &sig).is_err());
    let again = signer.sign_with_rng(&mut TestRng::new(seed), msg);
    assert_eq!(sig, again, "the same randomness gives the same signature");
    let other = signer.sign_with_rng(&mut TestRng::new(seed + 1), msg);
    vk.verify(msg, &other).expect("a hedged signature verifies");
    assert_ne!(sig, other, "RandomizedSigner uses its randomness");
    encoding_conformance(vk, msg, sig)
}

/// The encoding's contract.
fn encoding_conformance<V, S>(vk: &V, msg: &[u8], sig: S) -> S
where
    V: Verifier<S>,
    S: SignatureEncoding + PartialEq + Debug,
{
    // The encoding: bytes round-trip, a flipped bit is rejected (by parsing or by
    // verification), a wrong length is an Err, not a panic.
    let bytes = sig.to_bytes();
    let bytes = bytes.as_ref();
    assert_eq!(bytes.len(), sig.encoded_len());
    let parsed = S::try_from(bytes).ok().expect("own encoding parses");
    assert_eq!(parsed, sig);
    for at in [0, bytes.len() / 2, bytes.len() - 1] {
        let mut flipped = bytes.to_vec();
        flipped[at] ^= 0x10;
        let parsed = S::try_from(&flipped[..]).ok();
        if let Some(bad) = parsed {
            assert!(vk.verify(msg, &bad).is_err(), "flipped byte {at} accepted");
        }
    }
    assert!(S::try_from(&bytes[1..]).is_err());
    assert!(S::try_from(&[]).is_err());
    sig
}

#[test]
fn mldsa_key_pairs_and_bare_keys() {
    let mut rng = TestRng::new(1);
    let seed = [7u8; 32];
    let small = pqfit::KeyPair::<MlDsa65, SmallStack>::from_seed(&seed);
    let fast = pqfit::KeyPair::<MlDsa65, FastSign>::from_seed(&seed);
    let a = key_pair_conformance(&small, &mut rng);
    let b = key_pair_conformance(&fast, &mut rng);
    // Bare keys sign with the SmallStack preset: the same bytes.
    let c = bare_conformance(&small.signing_key, &small.verifying_key, &mut rng);
    assert_eq!(a, b);
    assert_eq!(a, c);

    let kp = pqfit::KeyPair::<MlDsa44, Reference>::generate(&mut rng).unwrap();
    key_pair_conformance(&kp, &mut rng);
    let kp = pqfit::KeyPair::<MlDsa87, SmallStack>::generate(&mut rng).unwrap();
    key_pair_conformance(&kp, &mut rng);
}

#[test]
fn cross_key_pairs_and_bare_keys() {
    let mut rng = TestRng::new(2);
    let seed = [9u8; 32];
    let min = cross::KeyPair::<Rsdp1Small, cross::MinStack>::from_seed(&seed).unwrap();
    let fast = cross::KeyPair::<Rsdp1Small, cross::Fast>::from_seed(&seed).unwrap();
    let a = hedged_conformance(&min, &min.verifying_key(), 5);
    let b = hedged_conformance(&fast, &fast.verifying_key(), 5);
    let c = hedged_conformance(&min.signing_key, &min.verifying_key, 5);
    assert_eq!(a, b);
    assert_eq!(a, c);

    let kp = cross::KeyPair::<Rsdpg1Fast, cross::Balanced>::generate(&mut rng).unwrap();
    hedged_conformance(&kp, &kp.verifying_key(), 6);
    let kp = cross::KeyPair::<Rsdp1Balanced>::generate(&mut rng).unwrap();
    hedged_conformance(&kp, &kp.verifying_key(), 7);
    let again = cross::KeyPair::<Rsdp1Balanced>::from_signing_key(&kp.signing_key);
    assert_eq!(again.verifying_key, kp.verifying_key);
    let kp = cross::KeyPair::<Rsdpg1Small, cross::MinStack>::generate(&mut rng).unwrap();
    hedged_conformance(&kp, &kp.verifying_key(), 8);

    assert!(matches!(
        cross::KeyPair::<Rsdp1Small>::from_seed(&seed[..31]),
        Err(pqfit::Error::InvalidLength {
            expected: 32,
            actual: 31
        })
    ));
}

/// One buffer type for both families: the same generic code parses, prints and
/// compares ML-DSA and CROSS keys.
fn buffer_behaviour<P: pqfit::Encoding>(vk: &pqfit::VerifyingKey<P>, sk: &pqfit::SigningKey<P>) {
    let vk2 = pqfit::VerifyingKey::<P>::try_from(vk.as_bytes()).unwrap();
    assert_eq!(&vk2, vk);
    let sk2 = pqfit::SigningKey::<P>::try_from(sk.as_bytes()).unwrap();
    assert_eq!(sk2.as_bytes(), sk.as_bytes());
    let shown = format!("{sk:?}");
    assert_eq!(shown, format!("SigningKey<{}> {{ .. }}", P::NAME));
    assert!(pqfit::SigningKey::<P>::from_bytes(&sk.as_bytes()[1..]).is_err());
    assert!(pqfit::VerifyingKey::<P>::from_bytes(&[]).is_err());
}

#[test]
fn one_set_of_buffers() {
    let m = pqfit::KeyPair::<MlDsa65>::from_seed(&[3; 32]);
    buffer_behaviour(&m.verifying_key, &m.signing_key);
    let c = cross::KeyPair::<Rsdpg1Small>::from_seed(&[3; 32]).unwrap();
    buffer_behaviour(&c.verifying_key, &c.signing_key);
    // The module's names are the crate's types.
    let key: &cross::SigningKey<Rsdpg1Small> = &c.signing_key;
    let _: &pqfit::SigningKey<Rsdpg1Small> = key;
}
