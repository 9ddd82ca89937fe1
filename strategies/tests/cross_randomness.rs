//! CROSS signing randomness: a caller who passes the same randomness for two messages
//! must not get the same root seed and salt (which would publish e-bar); the same
//! message and randomness give the same signature.

use pqfit::cross::{Cross, CrossParams, MinStack, Rsdp1Fast, Rsdpg1Small, Signature, SigningKey};
use pqfit::cross::{Strategy, VerifyingKey};

fn sign<P: CrossParams, S: Strategy<P>>(sk: &SigningKey<P>, msg: &[u8], rnd: &[u8]) -> Vec<u8> {
    let mut sig = Signature::<P>::default();
    Cross::<P, S>::sign(sk, msg, rnd, &mut sig).unwrap();
    sig.as_bytes().to_vec()
}

/// The disclosed seeds of a signature (its seed path), one per slot.
fn seed_path<P: CrossParams>(sig: &[u8]) -> Vec<&[u8]> {
    sig[P::SIG_PATH..P::SIG_PROOF]
        .chunks(P::SEED_BYTES)
        .filter(|s| s.iter().any(|&b| b != 0))
        .collect()
}

fn reuse<P: CrossParams, S: Strategy<P>>() {
    let (mut vk, mut sk) = (VerifyingKey::<P>::default(), SigningKey::<P>::blank());
    Cross::<P, S>::key_gen(&vec![3; P::KEY_SEED_BYTES], &mut vk, &mut sk).unwrap();
    let rnd = vec![0u8; Cross::<P, S>::RANDOMNESS_BYTES];
    let a = sign::<P, S>(&sk, b"first message", &rnd);
    let b = sign::<P, S>(&sk, b"second message", &rnd);
    for (msg, sig) in [(&b"first message"[..], &a), (&b"second message"[..], &b)] {
        Cross::<P, S>::verify(&vk, msg, sig).unwrap();
    }
    // The salt is the signature's first field: derived, it differs.
    assert_ne!(
        a[..P::SALT_BYTES],
        b[..P::SALT_BYTES],
        "{}: salt reused",
        P::NAME
    );
    // No seed disclosed by one signature appears in the other (the seed tree's
    // root differs, so every round seed does).
    let (pa, pb) = (seed_path::<P>(&a), seed_path::<P>(&b));
    assert!(!pa.is_empty() && !pb.is_empty());
    for s in &pa {
        assert!(!pb.contains(s), "{}: a disclosed seed is shared", P::NAME);
    }
    // Same message, same randomness: the same signature (nothing new disclosed).
    assert_eq!(a, sign::<P, S>(&sk, b"first message", &rnd));
    // Other randomness, same message: another signature.
    let mut other = rnd.clone();
    other[0] = 1;
    assert_ne!(a, sign::<P, S>(&sk, b"first message", &other));
}

#[test]
fn reused_randomness_does_not_reuse_seeds() {
    reuse::<Rsdp1Fast, MinStack>();
    reuse::<Rsdpg1Small, MinStack>();
}
