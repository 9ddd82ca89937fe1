//! ML-KEM entry points: keygen, encaps and decaps on static buffers. The seeds (d ‖ z for
//! key generation, m for encapsulation) are read from a buffer the harness fills, so
//! both sides use the same bytes and the cycles exclude a random-number generator.

use core::ptr::addr_of_mut;

use crate::selected::Kem;
use kem_io::{PQFIT_CT, PQFIT_PK, PQFIT_RAND, PQFIT_RAND_USED, PQFIT_SK, PQFIT_SS, RAND_BYTES};

#[path = "kem_io.rs"]
mod kem_io;

/// The first `N` random bytes, recorded as used.
fn seed<const N: usize>() -> [u8; N] {
    // SAFETY: single-threaded firmware; the harness writes the buffer between calls only.
    unsafe {
        let rand: &[u8; RAND_BYTES] = &*addr_of_mut!(PQFIT_RAND);
        *addr_of_mut!(PQFIT_RAND_USED) = N as u32;
        let mut out = [0u8; N];
        out.copy_from_slice(&rand[..N]);
        out
    }
}

/// Key generation (FIPS 203 Algorithm 16, d ‖ z from the buffer) into PQFIT_PK and
/// PQFIT_SK. Returns 0.
#[no_mangle]
pub extern "C" fn pqfit_fw_keygen() -> u32 {
    let dz: [u8; 64] = seed();
    let d: [u8; 32] = core::array::from_fn(|i| dz[i]);
    let z: [u8; 32] = core::array::from_fn(|i| dz[32 + i]);
    // SAFETY: all-zero bytes are valid buffers (asserted to be plain bytes above);
    // single-threaded, so these are the only references.
    unsafe {
        Kem::key_gen_internal(
            &d,
            &z,
            (*addr_of_mut!(PQFIT_PK)).assume_init_mut(),
            (*addr_of_mut!(PQFIT_SK)).assume_init_mut(),
        );
    }
    0
}

/// Encapsulation (FIPS 203 Algorithm 17, m from the buffer) to PQFIT_PK into PQFIT_CT
/// and PQFIT_SS. Returns 0.
#[no_mangle]
pub extern "C" fn pqfit_fw_encaps() -> u32 {
    let m: [u8; 32] = seed();
    // SAFETY: as in pqfit_fw_keygen.
    unsafe {
        Kem::encaps_internal(
            (*addr_of_mut!(PQFIT_PK)).assume_init_ref(),
            &m,
            (*addr_of_mut!(PQFIT_CT)).assume_init_mut(),
            (*addr_of_mut!(PQFIT_SS)).assume_init_mut(),
        );
    }
    0
}

/// Decapsulation of PQFIT_CT with PQFIT_SK into PQFIT_SS. Returns 0.
#[no_mangle]
pub extern "C" fn pqfit_fw_decaps() -> u32 {
    // SAFETY: as in pqfit_fw_keygen.
    unsafe {
        Kem::decaps(
            (*addr_of_mut!(PQFIT_SK)).assume_init_ref(),
            (*addr_of_mut!(PQFIT_CT)).assume_init_ref(),
            (*addr_of_mut!(PQFIT_SS)).assume_init_mut(),
        );
    }
    0
}
