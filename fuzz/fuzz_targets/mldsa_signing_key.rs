//! A decoded ML-DSA signing key signs without a panic and to the same bytes under every
//! preset (and with an expanded key), whatever the key's contents: random t0, rho, K and
//! tr, any s1 and s2 that `SigningKey::from_bytes` accepts. Each signature is a
//! well-formed encoding.
//!
//! Input: `set, sk (SK_BYTES), rnd (32), msg`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pqfit::strategy::Strategy;
use pqfit::{
    Balanced, ExpandedKey, FastSign, MlDsa, ParameterSet, Reference, Signature, SigningKey,
    SmallStack,
};
use pqfit_fuzz::{with_mldsa_set, Input};

fn sign<P: ParameterSet, S: Strategy<P>>(
    sk: &SigningKey<P>,
    rnd: &[u8; 32],
    msg: &[u8],
) -> Signature<P> {
    let mut sig = Signature::default();
    MlDsa::<P, S>::sign(sk, msg, b"fuzz", rnd, &mut sig).expect("short context");
    sig
}

fn check<P: ParameterSet>(sk: &[u8], rnd: &[u8], msg: &[u8])
where
    Reference: Strategy<P>,
    FastSign: Strategy<P>,
    Balanced: Strategy<P>,
    SmallStack: Strategy<P>,
{
    let Ok(sk) = SigningKey::<P>::from_bytes(sk) else {
        return;
    };
    let mut r = [0u8; 32];
    r[..rnd.len()].copy_from_slice(rnd);
    let reference = sign::<P, Reference>(&sk, &r, msg);
    assert!(Signature::<P>::from_bytes(reference.as_bytes()).is_ok());
    assert_eq!(sign::<P, FastSign>(&sk, &r, msg), reference, "FastSign");
    assert_eq!(sign::<P, Balanced>(&sk, &r, msg), reference, "Balanced");
    assert_eq!(sign::<P, SmallStack>(&sk, &r, msg), reference, "SmallStack");
    let mut expanded = ExpandedKey::<P, FastSign>::default();
    MlDsa::<P, FastSign>::expand_key(&sk, &mut expanded);
    let mut sig = Signature::default();
    MlDsa::<P, FastSign>::sign_expanded(&expanded, msg, b"fuzz", &r, &mut sig)
        .expect("short context");
    assert_eq!(sig, reference, "FastSign, expanded key");
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let set = input.byte();
    let len = [
        pqfit::MlDsa44::SK_BYTES,
        pqfit::MlDsa65::SK_BYTES,
        pqfit::MlDsa87::SK_BYTES,
    ][set as usize % 3];
    let sk = input.take(len);
    let rnd = input.take(32);
    with_mldsa_set!(set, check(sk, rnd, input.rest()));
});
