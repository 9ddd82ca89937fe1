//! ML-DSA: key generation and signing (pure, HashML-DSA, expanded key) for the three
//! parameter sets under every preset. The presets cover every component choice:
//! both matrices, both secret stores, both commitments, both masks and the three
//! challenge products (`NttProduct` in `Reference`, `SmallModulusProduct` in
//! `FastSign` and `Balanced`, `SparseProduct` in `SmallStack`).

use crate::case::Case;
use crate::grind::{secret, secret_in_place, Bytes};
use pqfit::strategy::Strategy;
use pqfit::{
    Balanced, ExpandedKey, FastSign, MlDsa, MlDsa44, MlDsa65, MlDsa87, ParameterSet, PreHash,
    Reference, Signature, SigningKey, SmallStack, VerifyingKey,
};

/// Secret in an encoded signing key rho || K || tr || s1 || s2 || t0: everything but
/// rho and tr (rho is in the public key, tr is its hash).
fn secret_key<P: ParameterSet>(sk: &SigningKey<P>) {
    let bytes = sk.as_bytes();
    secret_in_place(&bytes[32..64]);
    secret_in_place(&bytes[128..]);
}

/// KeyGen_internal from a secret seed xi.
fn keygen<P: ParameterSet, S: Strategy<P>>() {
    let mut xi: [u8; 32] = Bytes::new(1).array();
    secret(&mut xi);
    let (mut vk, mut sk) = (VerifyingKey::<P>::default(), SigningKey::<P>::blank());
    MlDsa::<P, S>::key_gen_internal(&xi, &mut vk, &mut sk);
}

/// Signing with a secret key and secret randomness rnd; the message and context
/// are public. Several messages, so that rejected and accepted iterations both run.
fn sign<P: ParameterSet, S: Strategy<P>>() {
    let mut bytes = Bytes::new(2);
    let (mut vk, mut sk) = (VerifyingKey::<P>::default(), SigningKey::<P>::blank());
    MlDsa::<P, S>::key_gen_internal(&bytes.array(), &mut vk, &mut sk);
    secret_key(&sk);
    let mut sig = Signature::<P>::default();
    for msg in [&b"firmware v1.2"[..], b"", b"a third message"] {
        let mut rnd: [u8; 32] = bytes.array();
        secret(&mut rnd);
        MlDsa::<P, S>::sign(&sk, msg, b"ctx", &rnd, &mut sig).expect("short context");
    }
    let mut rnd: [u8; 32] = bytes.array();
    secret(&mut rnd);
    MlDsa::<P, S>::hash_sign(&sk, b"update", b"", PreHash::Sha2_256, &rnd, &mut sig)
        .expect("short context");
}

/// Key expansion and signing with the expanded key.
fn sign_expanded<P: ParameterSet, S: Strategy<P>>() {
    let mut bytes = Bytes::new(3);
    let (mut vk, mut sk) = (VerifyingKey::<P>::default(), SigningKey::<P>::blank());
    MlDsa::<P, S>::key_gen_internal(&bytes.array(), &mut vk, &mut sk);
    secret_key(&sk);
    let mut expanded = ExpandedKey::<P, S>::default();
    MlDsa::<P, S>::expand_key(&sk, &mut expanded);
    let mut sig = Signature::<P>::default();
    for msg in [&b"firmware v1.2"[..], b"firmware v1.3"] {
        let mut rnd: [u8; 32] = bytes.array();
        secret(&mut rnd);
        MlDsa::<P, S>::sign_expanded(&expanded, msg, b"", &rnd, &mut sig).expect("no context");
    }
}

fn preset<P: ParameterSet, S: Strategy<P> + 'static>(cases: &mut Vec<Case>, strategy: &str) {
    let name = |op: &str| format!("{}/{strategy}/{op}", P::NAME.to_ascii_lowercase());
    cases.push(Case::new(name("keygen"), keygen::<P, S>));
    cases.push(Case::new(name("sign"), sign::<P, S>));
    cases.push(Case::new(name("sign-expanded"), sign_expanded::<P, S>));
}

fn parameter_set<P: ParameterSet>(cases: &mut Vec<Case>)
where
    Reference: Strategy<P>,
    FastSign: Strategy<P>,
    Balanced: Strategy<P>,
    SmallStack: Strategy<P>,
{
    preset::<P, Reference>(cases, "reference");
    preset::<P, FastSign>(cases, "fast-sign");
    preset::<P, Balanced>(cases, "balanced");
    preset::<P, SmallStack>(cases, "small-stack");
}

/// Every ML-DSA case.
pub fn cases(cases: &mut Vec<Case>) {
    parameter_set::<MlDsa44>(cases);
    parameter_set::<MlDsa65>(cases);
    parameter_set::<MlDsa87>(cases);
}
