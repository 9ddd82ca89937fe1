//! PQClean's clean C for ML-KEM-768 (from the sources the `pqcrypto-mlkem` package
//! bundles, compiled for the target by build.rs), through its derandomised functions:
//! `crypto_kem_keypair_derand(d ‖ z)` (ML-KEM.KeyGen_internal) and
//! `crypto_kem_enc_derand(m)` (ML-KEM.Encaps_internal), and `crypto_kem_dec`. Like libcrux
//! (and pqfit's measured operations), it makes none of FIPS 203's input checks.
//!
//! What the C needs from its environment: the heap of `pqclean_env`, and `randombytes`,
//! which only the NIST-style `crypto_kem_keypair`/`crypto_kem_enc` call (not linked: the
//! firmware calls the derandomised functions); were it called, it would stop the firmware.

use core::ffi::c_int;

use super::sizes::{CT, DK, EK, SS};

extern "C" {
    fn PQCLEAN_MLKEM768_CLEAN_crypto_kem_keypair_derand(
        pk: *mut u8,
        sk: *mut u8,
        coins: *const u8,
    ) -> c_int;
    fn PQCLEAN_MLKEM768_CLEAN_crypto_kem_enc_derand(
        ct: *mut u8,
        ss: *mut u8,
        pk: *const u8,
        coins: *const u8,
    ) -> c_int;
    fn PQCLEAN_MLKEM768_CLEAN_crypto_kem_dec(ss: *mut u8, ct: *const u8, sk: *const u8) -> c_int;
}

/// PQClean's `randombytes`: the derandomised functions take their seeds as arguments, so a
/// call for random bytes is a fault (the harness reports it).
#[no_mangle]
extern "C" fn PQCLEAN_randombytes(_out: *mut u8, _n: usize) -> c_int {
    crate::pqfit_fw_panic()
}

#[inline(never)]
pub fn keygen(d: &[u8; 32], z: &[u8; 32], ek: &mut [u8; EK], dk: &mut [u8; DK]) {
    let coins: [u8; 64] = core::array::from_fn(|i| if i < 32 { d[i] } else { z[i - 32] });
    // SAFETY: buffers of the sizes the C API expects (PQClean's CRYPTO_*BYTES are FIPS
    // 203's), and the 2 × 32 bytes of coins its keypair_derand reads.
    unsafe {
        PQCLEAN_MLKEM768_CLEAN_crypto_kem_keypair_derand(
            ek.as_mut_ptr(),
            dk.as_mut_ptr(),
            coins.as_ptr(),
        )
    };
}

#[inline(never)]
pub fn encaps(ek: &[u8; EK], m: &[u8; 32], ct: &mut [u8; CT], ss: &mut [u8; SS]) -> u32 {
    // SAFETY: as in keygen; enc_derand reads 32 bytes of coins.
    let status = unsafe {
        PQCLEAN_MLKEM768_CLEAN_crypto_kem_enc_derand(
            ct.as_mut_ptr(),
            ss.as_mut_ptr(),
            ek.as_ptr(),
            m.as_ptr(),
        )
    };
    u32::from(status != 0)
}

#[inline(never)]
pub fn decaps(dk: &[u8; DK], ct: &[u8; CT], ss: &mut [u8; SS]) -> u32 {
    // SAFETY: as in keygen.
    let status =
        unsafe { PQCLEAN_MLKEM768_CLEAN_crypto_kem_dec(ss.as_mut_ptr(), ct.as_ptr(), dk.as_ptr()) };
    u32::from(status != 0)
}
