//! CROSS entry points: keygen, sign and verify on static buffers, under the same names
//! and buffers as ML-DSA's (the seed in `PQFIT_XI`, the signing randomness, root seed
//! then salt, in `PQFIT_RND`), so the harness measures both the same way.

use core::mem::MaybeUninit;
use core::ptr::addr_of_mut;

use pqfit::cross::{CrossParams, Signature, SigningKey, VerifyingKey};

use crate::message;
use crate::selected::{C, P};

// The harness writes key bytes straight into these statics: the types must be nothing
// but their encodings.
const _: () = assert!(core::mem::size_of::<SigningKey<P>>() == P::SK_BYTES);
const _: () = assert!(core::mem::size_of::<VerifyingKey<P>>() == P::PK_BYTES);
const _: () = assert!(core::mem::size_of::<Signature<P>>() == P::SIG_BYTES);

/// Key-generation seed seed_sk (input).
#[no_mangle]
static mut PQFIT_XI: [u8; P::KEY_SEED_BYTES] = [0; P::KEY_SEED_BYTES];
/// Signing randomness, hashed with the key and message into the root seed and salt
/// (input).
#[no_mangle]
static mut PQFIT_RND: [u8; P::SEED_BYTES + P::SALT_BYTES] = [0; P::SEED_BYTES + P::SALT_BYTES];
/// Verifying key: output of keygen, input of verify.
#[no_mangle]
static mut PQFIT_VK: MaybeUninit<VerifyingKey<P>> = MaybeUninit::zeroed();
/// Signing key: output of keygen, input of sign.
#[no_mangle]
static mut PQFIT_SK: MaybeUninit<SigningKey<P>> = MaybeUninit::zeroed();
/// Signature: output of sign, input of verify.
#[no_mangle]
static mut PQFIT_SIG: MaybeUninit<Signature<P>> = MaybeUninit::zeroed();

fn ok(r: Result<(), pqfit::Error>) -> u32 {
    match r {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

#[inline(never)]
fn keygen(seed: &[u8], vk: &mut VerifyingKey<P>, sk: &mut SigningKey<P>) -> u32 {
    ok(C::key_gen(seed, vk, sk))
}

#[inline(never)]
fn sign(sk: &SigningKey<P>, msg: &[u8], rnd: &[u8], sig: &mut Signature<P>) -> u32 {
    ok(C::sign(sk, msg, rnd, sig))
}

#[inline(never)]
fn verify(vk: &VerifyingKey<P>, msg: &[u8], sig: &Signature<P>) -> u32 {
    ok(C::verify(vk, msg, sig.as_bytes()))
}

/// KeyGen(PQFIT_XI) into PQFIT_VK and PQFIT_SK. Returns 0 on success.
#[no_mangle]
pub extern "C" fn pqfit_fw_keygen() -> u32 {
    // SAFETY: all-zero bytes are valid buffers (asserted to be plain bytes above);
    // single-threaded, so these are the only references.
    unsafe {
        keygen(
            &*addr_of_mut!(PQFIT_XI),
            (*addr_of_mut!(PQFIT_VK)).assume_init_mut(),
            (*addr_of_mut!(PQFIT_SK)).assume_init_mut(),
        )
    }
}

/// Sign(PQFIT_SK, PQFIT_MSG) with the randomness PQFIT_RND into PQFIT_SIG. Returns 0 on
/// success.
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

/// Verify(PQFIT_VK, PQFIT_MSG, PQFIT_SIG). Returns 0 when valid.
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
