//! Safe defaults (issue 37, findings 1, 2 and 4): the bare-key traits sign with each
//! family's smallest-stack preset, key pairs default to it, and a signing key that
//! was never generated, decoded or derived (a blank buffer) cannot sign. The impls
//! that must not exist (`Default` on `SigningKey`, `Signer` on CROSS keys) are
//! compile-fail doc tests (`SigningKey::blank`, `cross::KeyPair`).

#[macro_use]
mod support;

use core::any::TypeId;
use pqfit::cross::{self, Cross, MinStack, Rsdp1Small, Rsdpg1Fast};
use pqfit::strategy::SmallStack;
use pqfit::{
    Error, ExpandedKey, MlDsa, MlDsa44, MlDsa65, MlDsa87, PreHash, Signature, SignatureScheme,
    SigningKey,
};
use signature::RandomizedSigner;
use support::rng::TestRng;

fn same<A: 'static, B: 'static>() -> bool {
    TypeId::of::<A>() == TypeId::of::<B>()
}

#[test]
fn bare_keys_and_key_pairs_default_to_the_smallest_stack_preset() {
    assert!(same::<<MlDsa44 as SignatureScheme>::Strategy, SmallStack>());
    assert!(same::<<MlDsa65 as SignatureScheme>::Strategy, SmallStack>());
    assert!(same::<<MlDsa87 as SignatureScheme>::Strategy, SmallStack>());
    assert!(same::<<Rsdp1Small as SignatureScheme>::Strategy, MinStack>());
    assert!(same::<<Rsdpg1Fast as SignatureScheme>::Strategy, MinStack>());
    assert!(same::<
        pqfit::KeyPair<MlDsa65>,
        pqfit::KeyPair<MlDsa65, SmallStack>,
    >());
    assert!(same::<
        cross::KeyPair<Rsdp1Small>,
        cross::KeyPair<Rsdp1Small, MinStack>,
    >());
}

fn blank_mldsa_key_cannot_sign<P: pqfit::ParameterSet + SignatureScheme>() {
    let sk = SigningKey::<P>::blank();
    assert!(sk.is_blank());
    let mut sig = Signature::<P>::default();
    let mut rng = TestRng::new(37);
    type M<P> = MlDsa<P, SmallStack>;
    assert_eq!(
        M::<P>::sign(&sk, b"m", b"", &[1; 32], &mut sig),
        Err(Error::BlankKey)
    );
    assert_eq!(
        M::<P>::sign_with_rng(&sk, b"m", b"", &mut rng, &mut sig),
        Err(Error::BlankKey)
    );
    assert_eq!(
        M::<P>::hash_sign(&sk, b"m", b"", PreHash::Sha2_256, &[1; 32], &mut sig),
        Err(Error::BlankKey)
    );
    assert_eq!(
        M::<P>::sign_mu(&sk, &[5; 64], &[1; 32], &mut sig),
        Err(Error::BlankKey)
    );
    assert_eq!(
        M::<P>::sign_with_iteration_count(&sk, b"m", b"", &[1; 32], &mut sig),
        Err(Error::BlankKey)
    );
    let mut expanded = ExpandedKey::<P, SmallStack>::default();
    M::<P>::expand_key(&sk, &mut expanded);
    assert_eq!(
        M::<P>::sign_expanded(&expanded, b"m", b"", &[1; 32], &mut sig),
        Err(Error::BlankKey)
    );
    assert!(sk.try_sign_with_rng(&mut rng, b"m").is_err());
    // Nothing was written: the buffer is still all zero.
    assert!(sig.as_bytes().iter().all(|&b| b == 0));
    // An all-zero encoding is refused at decoding too (for ML-DSA it is a well-formed
    // encoding: every s1 and s2 coefficient eta - 0 is in range).
    let zeros = vec![0u8; SigningKey::<P>::BYTES];
    assert_eq!(
        SigningKey::<P>::from_bytes(&zeros).err(),
        Some(Error::BlankKey)
    );
    // One set byte is no longer blank.
    let mut one = zeros.clone();
    one[SigningKey::<P>::BYTES - 1] = 1;
    assert!(!SigningKey::<P>::from_bytes(&one)
        .map(|k| k.is_blank())
        .unwrap_or(false));
}

#[test]
fn a_blank_mldsa_key_cannot_sign() {
    blank_mldsa_key_cannot_sign::<MlDsa44>();
    blank_mldsa_key_cannot_sign::<MlDsa65>();
    blank_mldsa_key_cannot_sign::<MlDsa87>();
}

#[test]
fn a_blank_cross_key_cannot_sign() {
    let sk = SigningKey::<Rsdp1Small>::blank();
    let mut sig = Signature::<Rsdp1Small>::default();
    let randomness = [3u8; Cross::<Rsdp1Small>::RANDOMNESS_BYTES];
    assert_eq!(
        Cross::<Rsdp1Small, MinStack>::sign(&sk, b"m", &randomness, &mut sig),
        Err(Error::BlankKey)
    );
    let mut rng = TestRng::new(1);
    assert_eq!(
        Cross::<Rsdp1Small>::sign_with_rng(&mut rng, &sk, b"m", &mut sig),
        Err(Error::BlankKey)
    );
    assert_eq!(
        Cross::<Rsdp1Small>::sign_with_seeds(&sk, b"m", &[1; 16], &[2; 32], &mut sig),
        Err(Error::BlankKey)
    );
    assert!(sk.try_sign_with_rng(&mut rng, b"m").is_err());
    assert!(sig.as_bytes().iter().all(|&b| b == 0));
    let zeros = [0u8; 32];
    assert_eq!(
        SigningKey::<Rsdp1Small>::from_bytes(&zeros[..SigningKey::<Rsdp1Small>::BYTES]).err(),
        Some(Error::BlankKey)
    );
}

#[test]
fn generated_keys_are_not_blank_and_sign() {
    let mut rng = TestRng::new(2);
    let kp = pqfit::KeyPair::<MlDsa44>::generate(&mut rng).unwrap();
    assert!(!kp.signing_key.is_blank());
    let sig = kp.signing_key.try_sign_with_rng(&mut rng, b"m").unwrap();
    use signature::Verifier;
    kp.verifying_key.verify(b"m", &sig).unwrap();
    let c = cross::KeyPair::<Rsdp1Small>::generate(&mut rng).unwrap();
    assert!(!c.signing_key.is_blank());
    let sig = c.signing_key.try_sign_with_rng(&mut rng, b"m").unwrap();
    c.verifying_key.verify(b"m", &sig).unwrap();
}
