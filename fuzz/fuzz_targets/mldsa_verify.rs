//! ML-DSA verification (pure, HashML-DSA with each pre-hash, internal, external mu) of
//! any public key, signature, context and message under every preset and a mix with
//! another Keccak backend: never a panic, and every strategy gives the same answer
//! (accepted, or the same error). A signature that `Signature::from_bytes` rejects is
//! never accepted.
//!
//! Input: `set, mode, aux, ctx_len, vk (PK_BYTES), sig (SIG_BYTES), ctx, msg`
//! (`pqfit_fuzz::mldsa_verify_input`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pqfit::strategy::{
    CachedA, Interleaved32, NttProduct, RecomputeOnDemand, RegeneratedY, Strategy, StreamedW,
};
use pqfit::{
    Balanced, Custom, Error, FastSign, MlDsa, ParameterSet, PreHash, Reference, Signature,
    SmallStack, VerifyingKey,
};
use pqfit_fuzz::{with_mldsa_set, Input, VerifyMode};

/// The verification components crossed with the other Keccak backend.
type Mix = Custom<CachedA, RecomputeOnDemand, StreamedW, RegeneratedY, NttProduct, Interleaved32>;

struct Call<'a> {
    mode: VerifyMode,
    aux: u8,
    sig: &'a [u8],
    ctx: &'a [u8],
    msg: &'a [u8],
}

fn verify<P: ParameterSet, S: Strategy<P>>(vk: &VerifyingKey<P>, c: &Call) -> Result<(), Error> {
    match c.mode {
        VerifyMode::Pure => MlDsa::<P, S>::verify(vk, c.msg, c.ctx, c.sig),
        VerifyMode::PreHash => {
            let ph = PreHash::ALL[c.aux as usize % PreHash::ALL.len()];
            MlDsa::<P, S>::hash_verify(vk, c.msg, c.ctx, ph, c.sig)
        }
        VerifyMode::Internal => MlDsa::<P, S>::verify_internal(vk, c.msg, c.sig),
        VerifyMode::ExternalMu => {
            let mut mu = [0u8; 64];
            let n = c.msg.len().min(64);
            mu[..n].copy_from_slice(&c.msg[..n]);
            MlDsa::<P, S>::verify_mu(vk, &mu, c.sig)
        }
    }
}

fn check<P: ParameterSet>(mut input: Input, mode: VerifyMode, aux: u8, ctx_len: usize)
where
    Reference: Strategy<P>,
    FastSign: Strategy<P>,
    Balanced: Strategy<P>,
    SmallStack: Strategy<P>,
    Mix: Strategy<P>,
{
    let vk = input.take(P::PK_BYTES);
    let sig = input.take(P::SIG_BYTES);
    let ctx = input.take(ctx_len);
    let msg = input.rest();
    let Ok(vk) = VerifyingKey::<P>::from_bytes(vk) else {
        assert_ne!(vk.len(), P::PK_BYTES);
        return;
    };
    let call = Call {
        mode,
        aux,
        sig,
        ctx,
        msg,
    };
    let answer = verify::<P, Reference>(&vk, &call);
    assert_eq!(verify::<P, FastSign>(&vk, &call), answer, "FastSign");
    assert_eq!(verify::<P, Balanced>(&vk, &call), answer, "Balanced");
    assert_eq!(verify::<P, SmallStack>(&vk, &call), answer, "SmallStack");
    assert_eq!(verify::<P, Mix>(&vk, &call), answer, "Interleaved32 mix");
    if answer.is_ok() {
        assert!(
            Signature::<P>::from_bytes(sig).is_ok(),
            "accepted a malformed signature"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let set = input.byte();
    let mode = VerifyMode::from_byte(input.byte());
    let aux = input.byte();
    let ctx_len = input.byte() as usize;
    with_mldsa_set!(set, check(input, mode, aux, ctx_len));
});
