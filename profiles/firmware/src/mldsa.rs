//! ML-DSA entry points: keygen, sign and verify on static buffers.

use core::mem::MaybeUninit;
use core::ptr::addr_of_mut;

use pqfit::{ExpandedKey, MlDsa, ParameterSet, Signature, SigningKey, VerifyingKey};

use crate::message;
use crate::selected::{P, S};

// The harness writes key bytes straight into these statics: the key and signature types
// must be nothing but their encodings.
const _: () = assert!(core::mem::size_of::<SigningKey<P>>() == P::SK_BYTES);
const _: () = assert!(core::mem::size_of::<VerifyingKey<P>>() == P::PK_BYTES);
const _: () = assert!(core::mem::size_of::<Signature<P>>() == P::SIG_BYTES);

/// Key-generation seed xi (input).
#[no_mangle]
static mut PQFIT_XI: [u8; 32] = [0; 32];
/// Signing randomness rnd (input).
#[no_mangle]
static mut PQFIT_RND: [u8; 32] = [0; 32];
/// Verifying key: output of keygen, input of verify.
#[no_mangle]
static mut PQFIT_VK: MaybeUninit<VerifyingKey<P>> = MaybeUninit::zeroed();
/// Signing key: output of keygen, input of sign.
#[no_mangle]
static mut PQFIT_SK: MaybeUninit<SigningKey<P>> = MaybeUninit::zeroed();
/// Signature: output of sign, input of verify.
#[no_mangle]
static mut PQFIT_SIG: MaybeUninit<Signature<P>> = MaybeUninit::zeroed();
/// The signing key expanded for repeated signing (`ExpandedKey::<P, S>::BYTES`): state
/// an application keeps in static RAM between signatures, so the harness counts it as
/// the static RAM of `pqfit_fw_sign_expanded` (and not of the other entries).
#[no_mangle]
static mut PQFIT_EXPANDED_KEY: MaybeUninit<ExpandedKey<P, S>> = MaybeUninit::zeroed();

// The calls into pqfit, one small function each.

#[inline(never)]
fn keygen(xi: &[u8; 32], vk: &mut VerifyingKey<P>, sk: &mut SigningKey<P>) {
    MlDsa::<P, S>::key_gen_internal(xi, vk, sk);
}

#[inline(never)]
fn sign(sk: &SigningKey<P>, msg: &[u8], rnd: &[u8; 32], sig: &mut Signature<P>) -> u32 {
    match MlDsa::<P, S>::sign(sk, msg, &[], rnd, sig) {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

#[inline(never)]
fn expand_key(sk: &SigningKey<P>, key: &mut ExpandedKey<P, S>) {
    MlDsa::<P, S>::expand_key(sk, key);
}

#[inline(never)]
fn sign_expanded(
    key: &ExpandedKey<P, S>,
    msg: &[u8],
    rnd: &[u8; 32],
    sig: &mut Signature<P>,
) -> u32 {
    match MlDsa::<P, S>::sign_expanded(key, msg, &[], rnd, sig) {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

#[inline(never)]
fn verify(vk: &VerifyingKey<P>, msg: &[u8], sig: &Signature<P>) -> u32 {
    match MlDsa::<P, S>::verify(vk, msg, &[], sig.as_bytes()) {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

/// ML-DSA.KeyGen_internal(PQFIT_XI) into PQFIT_VK and PQFIT_SK. Returns 0.
#[no_mangle]
pub extern "C" fn pqfit_fw_keygen() -> u32 {
    // SAFETY: all-zero bytes are a valid key encoding buffer (asserted to be plain bytes
    // above); single-threaded, so these are the only references.
    unsafe {
        keygen(
            &*addr_of_mut!(PQFIT_XI),
            (*addr_of_mut!(PQFIT_VK)).assume_init_mut(),
            (*addr_of_mut!(PQFIT_SK)).assume_init_mut(),
        );
    }
    0
}

/// ML-DSA.Sign(PQFIT_SK, PQFIT_MSG, ctx = "", PQFIT_RND) into PQFIT_SIG. Returns 0 on success.
#[no_mangle]
pub extern "C" fn pqfit_fw_sign() -> u32 {
    // SAFETY: as in pqfit_fw_keygen.
    unsafe {
        sign(
            (*addr_of_mut!(PQFIT_SK)).assume_init_ref(),
            message(),
            &*addr_of_mut!(PQFIT_RND),
            (*addr_of_mut!(PQFIT_SIG)).assume_init_mut(),
        )
    }
}

/// MlDsa::expand_key(PQFIT_SK) into PQFIT_EXPANDED_KEY. Returns 0.
#[no_mangle]
pub extern "C" fn pqfit_fw_expand_key() -> u32 {
    // SAFETY: all-zero bytes are a valid (empty) expanded key: the encoded key and the
    // strategy's stores are plain integers. Single-threaded, as in pqfit_fw_keygen.
    unsafe {
        expand_key(
            (*addr_of_mut!(PQFIT_SK)).assume_init_ref(),
            (*addr_of_mut!(PQFIT_EXPANDED_KEY)).assume_init_mut(),
        );
    }
    0
}

/// ML-DSA.Sign(PQFIT_EXPANDED_KEY, PQFIT_MSG, ctx = "", PQFIT_RND) into PQFIT_SIG, with
/// the key expanded by `pqfit_fw_expand_key` (repeated signing). Returns 0 on success.
#[no_mangle]
pub extern "C" fn pqfit_fw_sign_expanded() -> u32 {
    // SAFETY: as in pqfit_fw_expand_key.
    unsafe {
        sign_expanded(
            (*addr_of_mut!(PQFIT_EXPANDED_KEY)).assume_init_ref(),
            message(),
            &*addr_of_mut!(PQFIT_RND),
            (*addr_of_mut!(PQFIT_SIG)).assume_init_mut(),
        )
    }
}

/// ML-DSA.Verify(PQFIT_VK, PQFIT_MSG, ctx = "", PQFIT_SIG). Returns 0 when valid.
#[no_mangle]
pub extern "C" fn pqfit_fw_verify() -> u32 {
    // SAFETY: as in pqfit_fw_keygen.
    unsafe {
        verify(
            (*addr_of_mut!(PQFIT_VK)).assume_init_ref(),
            message(),
            (*addr_of_mut!(PQFIT_SIG)).assume_init_ref(),
        )
    }
}
