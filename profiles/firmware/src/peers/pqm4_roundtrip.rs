//! Entry points for a pqm4-layout implementation of a scheme pqfit does not implement: the
//! harness cannot compare its outputs with its own, so it checks a round trip instead
//! (`pqfit_profiles::pqm4`): keys from `pqfit_fw_keygen`, a signature from `pqfit_fw_sign`
//! that `pqfit_fw_verify` must accept (and reject with one bit flipped), or a ciphertext
//! from `pqfit_fw_encaps` whose `pqfit_fw_decaps` gives the same shared secret. Every
//! `randombytes` call takes the next bytes of `PQFIT_RAND`; `PQFIT_RAND_USED` says how
//! many were taken. The sizes are the implementation's `api.h`'s.

use core::ffi::c_int;
use core::ptr::addr_of_mut;

use super::pqm4_glue::*;
use super::pqm4_rand::{serve, taken};

#[allow(dead_code)]
mod api {
    include!(concat!(env!("OUT_DIR"), "/pqm4_api.rs"));
}

/// Random bytes the harness provides for one call (as the KEM runner's).
const RAND_BYTES: usize = 16 * 1024;

/// Random bytes (input) and how many were taken (output).
#[no_mangle]
static mut PQFIT_RAND: [u8; RAND_BYTES] = [0; RAND_BYTES];
#[no_mangle]
static mut PQFIT_RAND_USED: u32 = 0;
/// Public key: output of keygen.
#[no_mangle]
static mut PQFIT_PK: [u8; api::PK] = [0; api::PK];
/// Secret key: output of keygen.
#[no_mangle]
static mut PQFIT_SK: [u8; api::SK] = [0; api::SK];

/// Serves PQFIT_RAND to the call `f`, and records how much it took.
fn with_random(f: impl FnOnce() -> c_int) -> u32 {
    // SAFETY: single-threaded firmware; the harness writes the buffers between calls only.
    let rand = unsafe { &*addr_of_mut!(PQFIT_RAND) };
    serve(rand);
    let status = f();
    // SAFETY: as above.
    unsafe { *addr_of_mut!(PQFIT_RAND_USED) = taken() as u32 };
    u32::from(status != 0)
}

/// Corrupts one byte of an output when the firmware is built to (`PQFIT_FW_TAMPER`).
#[allow(dead_code)]
fn tamper(out: &mut [u8]) {
    out[out.len() / 3] ^= 0x20;
}

/// Key generation into PQFIT_PK and PQFIT_SK. Returns 0 on success.
#[no_mangle]
pub extern "C" fn pqfit_fw_keygen() -> u32 {
    // SAFETY: as in with_random; buffers of the sizes api.h declares.
    let (pk, sk) = unsafe { (&mut *addr_of_mut!(PQFIT_PK), &mut *addr_of_mut!(PQFIT_SK)) };
    let status = with_random(|| unsafe { pqfit_pqm4_keypair(pk.as_mut_ptr(), sk.as_mut_ptr()) });
    #[cfg(pqfit_fw_tamper = "keygen")]
    tamper(sk);
    status
}

#[cfg(pqfit_fw_peer_scheme = "pqm4-sign")]
mod sign {
    use super::*;

    /// Signature: output of sign, input of verify.
    #[no_mangle]
    static mut PQFIT_SIG: [u8; api::SIG] = [0; api::SIG];
    /// Its length.
    #[no_mangle]
    static mut PQFIT_SIG_LEN: u32 = 0;

    /// Signs PQFIT_MSG with PQFIT_SK into PQFIT_SIG and PQFIT_SIG_LEN. Returns 0 on success.
    #[no_mangle]
    pub extern "C" fn pqfit_fw_sign() -> u32 {
        let msg = crate::message();
        // SAFETY: as in pqfit_fw_keygen.
        let (sk, sig, sig_len) = unsafe {
            (
                &*addr_of_mut!(PQFIT_SK),
                &mut *addr_of_mut!(PQFIT_SIG),
                &mut *addr_of_mut!(PQFIT_SIG_LEN),
            )
        };
        let mut len = 0usize;
        let status = with_random(|| unsafe {
            pqfit_pqm4_signature(
                sig.as_mut_ptr(),
                &mut len,
                msg.as_ptr(),
                msg.len(),
                sk.as_ptr(),
            )
        });
        *sig_len = len as u32;
        #[cfg(pqfit_fw_tamper = "sign")]
        tamper(sig);
        status | u32::from(len > sig.len())
    }

    /// Verifies PQFIT_SIG (PQFIT_SIG_LEN bytes) on PQFIT_MSG with PQFIT_PK. Returns 0 when
    /// valid.
    #[no_mangle]
    pub extern "C" fn pqfit_fw_verify() -> u32 {
        let msg = crate::message();
        // SAFETY: as in pqfit_fw_keygen.
        let (pk, sig, len) = unsafe {
            (
                &*addr_of_mut!(PQFIT_PK),
                &*addr_of_mut!(PQFIT_SIG),
                *addr_of_mut!(PQFIT_SIG_LEN) as usize,
            )
        };
        let len = len.min(sig.len());
        let status = with_random(|| unsafe {
            pqfit_pqm4_verify(sig.as_ptr(), len, msg.as_ptr(), msg.len(), pk.as_ptr())
        });
        // Built to tamper with verification: a verifier that accepts everything.
        if cfg!(pqfit_fw_tamper = "verify") {
            0
        } else {
            status
        }
    }
}

#[cfg(pqfit_fw_peer_scheme = "pqm4-kem")]
mod kem {
    use super::*;

    /// Ciphertext: output of encaps, input of decaps.
    #[no_mangle]
    static mut PQFIT_CT: [u8; api::CT] = [0; api::CT];
    /// Shared secret: output of encaps and of decaps.
    #[no_mangle]
    static mut PQFIT_SS: [u8; api::SS] = [0; api::SS];

    /// Encapsulates to PQFIT_PK into PQFIT_CT and PQFIT_SS. Returns 0 on success.
    #[no_mangle]
    pub extern "C" fn pqfit_fw_encaps() -> u32 {
        // SAFETY: as in pqfit_fw_keygen.
        let (pk, ct, ss) = unsafe {
            (
                &*addr_of_mut!(PQFIT_PK),
                &mut *addr_of_mut!(PQFIT_CT),
                &mut *addr_of_mut!(PQFIT_SS),
            )
        };
        let status = with_random(|| unsafe {
            pqfit_pqm4_enc(ct.as_mut_ptr(), ss.as_mut_ptr(), pk.as_ptr())
        });
        #[cfg(pqfit_fw_tamper = "encaps")]
        tamper(ct);
        status
    }

    /// Decapsulates PQFIT_CT with PQFIT_SK into PQFIT_SS. Returns 0 on success.
    #[no_mangle]
    pub extern "C" fn pqfit_fw_decaps() -> u32 {
        // SAFETY: as in pqfit_fw_keygen.
        let (sk, ct, ss) = unsafe {
            (
                &*addr_of_mut!(PQFIT_SK),
                &*addr_of_mut!(PQFIT_CT),
                &mut *addr_of_mut!(PQFIT_SS),
            )
        };
        let status =
            with_random(|| unsafe { pqfit_pqm4_dec(ss.as_mut_ptr(), ct.as_ptr(), sk.as_ptr()) });
        #[cfg(pqfit_fw_tamper = "decaps")]
        tamper(ss);
        status
    }
}
