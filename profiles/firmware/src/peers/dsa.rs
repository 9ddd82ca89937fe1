//! The ML-DSA-65 peers' entry points (`pqfit_fw_keygen`, `pqfit_fw_sign`, `pqfit_fw_verify`
//! over `PQFIT_XI`, `PQFIT_RND`, `PQFIT_MSG`, `PQFIT_VK`, `PQFIT_SK`, `PQFIT_SIG`): key
//! generation from the seed xi (ML-DSA.KeyGen_internal), signing with the given 32 bytes of
//! rnd and an empty context (ML-DSA.Sign), verification with an empty context
//! (ML-DSA.Verify).

use core::ptr::addr_of_mut;

use super::imp;
use super::sizes::{PK, SIG, SK};
use crate::message;

/// Key-generation seed xi (input).
#[no_mangle]
static mut PQFIT_XI: [u8; 32] = [0; 32];
/// Signing randomness rnd (input).
#[no_mangle]
static mut PQFIT_RND: [u8; 32] = [0; 32];
/// Verifying key: output of keygen, input of verify.
#[no_mangle]
static mut PQFIT_VK: [u8; PK] = [0; PK];
/// Signing key: output of keygen, input of sign.
#[no_mangle]
static mut PQFIT_SK: [u8; SK] = [0; SK];
/// Signature: output of sign, input of verify.
#[no_mangle]
static mut PQFIT_SIG: [u8; SIG] = [0; SIG];

/// Corrupts one byte of an output when the firmware is built to (`PQFIT_FW_TAMPER`).
#[cfg(any(pqfit_fw_tamper = "keygen", pqfit_fw_tamper = "sign"))]
fn tamper(out: &mut [u8]) {
    out[out.len() / 3] ^= 0x20;
}

/// The peer's key generation from PQFIT_XI into PQFIT_VK and PQFIT_SK. Returns 0.
#[no_mangle]
pub extern "C" fn pqfit_fw_keygen() -> u32 {
    // SAFETY: single-threaded firmware; the harness writes the buffers between calls only,
    // so these are the only references.
    let (xi, vk, sk) = unsafe {
        (
            &*addr_of_mut!(PQFIT_XI),
            &mut *addr_of_mut!(PQFIT_VK),
            &mut *addr_of_mut!(PQFIT_SK),
        )
    };
    imp::keygen(xi, vk, sk);
    #[cfg(pqfit_fw_tamper = "keygen")]
    tamper(sk);
    0
}

/// The peer's ML-DSA.Sign(PQFIT_SK, PQFIT_MSG, ctx = "", PQFIT_RND) into PQFIT_SIG. Returns
/// 0 on success.
#[no_mangle]
pub extern "C" fn pqfit_fw_sign() -> u32 {
    // SAFETY: as in pqfit_fw_keygen.
    let (sk, rnd, sig) = unsafe {
        (
            &*addr_of_mut!(PQFIT_SK),
            &*addr_of_mut!(PQFIT_RND),
            &mut *addr_of_mut!(PQFIT_SIG),
        )
    };
    let status = imp::sign(sk, message(), rnd, sig);
    #[cfg(pqfit_fw_tamper = "sign")]
    tamper(sig);
    status
}

/// The peer's ML-DSA.Verify(PQFIT_VK, PQFIT_MSG, ctx = "", PQFIT_SIG). Returns 0 when valid.
#[no_mangle]
pub extern "C" fn pqfit_fw_verify() -> u32 {
    // SAFETY: as in pqfit_fw_keygen.
    let (vk, sig) = unsafe { (&*addr_of_mut!(PQFIT_VK), &*addr_of_mut!(PQFIT_SIG)) };
    let status = imp::verify(vk, message(), sig);
    // Built to tamper with verification: a verifier that accepts everything.
    if cfg!(pqfit_fw_tamper = "verify") {
        0
    } else {
        status
    }
}
