//! PQClean's clean C for ML-DSA-65 (from the sources the `pqcrypto-mldsa` package bundles,
//! compiled for the target by build.rs), through its NIST-style API: key generation draws
//! xi from `randombytes`, signing draws rnd from it (hedged signing, ML-DSA.Sign with the
//! context API), verification with an empty context.
//!
//! What the C needs from its environment: `randombytes` (served from PQFIT_XI or PQFIT_RND,
//! the bytes the host uses), and the heap of `pqclean_env`.

use core::ffi::c_int;
use core::ptr::addr_of_mut;

use super::sizes::{PK, SIG, SK};

extern "C" {
    fn PQCLEAN_MLDSA65_CLEAN_crypto_sign_keypair(pk: *mut u8, sk: *mut u8) -> c_int;
    fn PQCLEAN_MLDSA65_CLEAN_crypto_sign_signature_ctx(
        sig: *mut u8,
        siglen: *mut usize,
        m: *const u8,
        mlen: usize,
        ctx: *const u8,
        ctxlen: usize,
        sk: *const u8,
    ) -> c_int;
    fn PQCLEAN_MLDSA65_CLEAN_crypto_sign_verify_ctx(
        sig: *const u8,
        siglen: usize,
        m: *const u8,
        mlen: usize,
        ctx: *const u8,
        ctxlen: usize,
        pk: *const u8,
    ) -> c_int;
}

/// The 32 bytes `randombytes` hands out next (xi for key generation, rnd for signing), and
/// whether they were taken.
static mut RANDOM: ([u8; 32], bool) = ([0; 32], true);

fn provide_random(bytes: &[u8; 32]) {
    // SAFETY: single-threaded; no reference to RANDOM is live across this call.
    unsafe { *addr_of_mut!(RANDOM) = (*bytes, false) };
}

/// PQClean's `randombytes`: the 32 bytes provided for this call, exactly once. Anything
/// else would compute other outputs than the host, so it stops the firmware (a fault the
/// harness reports).
#[no_mangle]
extern "C" fn PQCLEAN_randombytes(out: *mut u8, n: usize) -> c_int {
    // SAFETY: single-threaded; the C passes a buffer of n bytes.
    unsafe {
        let random = &mut *addr_of_mut!(RANDOM);
        if n != random.0.len() || random.1 {
            crate::pqfit_fw_panic();
        }
        core::ptr::copy_nonoverlapping(random.0.as_ptr(), out, n);
        random.1 = true;
    }
    0
}

#[inline(never)]
pub fn keygen(xi: &[u8; 32], vk: &mut [u8; PK], sk: &mut [u8; SK]) {
    provide_random(xi);
    // SAFETY: buffers of the sizes the C API expects (PQClean's CRYPTO_*BYTES are FIPS 204's).
    unsafe { PQCLEAN_MLDSA65_CLEAN_crypto_sign_keypair(vk.as_mut_ptr(), sk.as_mut_ptr()) };
}

#[inline(never)]
pub fn sign(sk: &[u8; SK], msg: &[u8], rnd: &[u8; 32], sig: &mut [u8; SIG]) -> u32 {
    provide_random(rnd);
    let mut len = 0usize;
    // SAFETY: as in keygen; an empty context is a null pointer with length 0.
    let status = unsafe {
        PQCLEAN_MLDSA65_CLEAN_crypto_sign_signature_ctx(
            sig.as_mut_ptr(),
            &mut len,
            msg.as_ptr(),
            msg.len(),
            core::ptr::null(),
            0,
            sk.as_ptr(),
        )
    };
    u32::from(status != 0 || len != SIG)
}

#[inline(never)]
pub fn verify(vk: &[u8; PK], msg: &[u8], sig: &[u8; SIG]) -> u32 {
    // SAFETY: as in sign.
    let status = unsafe {
        PQCLEAN_MLDSA65_CLEAN_crypto_sign_verify_ctx(
            sig.as_ptr(),
            SIG,
            msg.as_ptr(),
            msg.len(),
            core::ptr::null(),
            0,
            vk.as_ptr(),
        )
    };
    u32::from(status != 0)
}
