//! The ML-KEM-768 peers' entry points (`pqfit_fw_keygen`, `pqfit_fw_encaps`,
//! `pqfit_fw_decaps`) over the KEM runner's buffers (`PQFIT_RAND`, `PQFIT_RAND_USED`,
//! `PQFIT_PK`, `PQFIT_SK`, `PQFIT_CT`, `PQFIT_SS`), as pqfit's ML-KEM firmware has them:
//! key generation from d ‖ z, the first 64 random bytes (ML-KEM.KeyGen_internal, FIPS 203
//! Algorithm 16), encapsulation from m, the first 32 (ML-KEM.Encaps_internal, Algorithm
//! 17), and decapsulation (ML-KEM.Decaps, Algorithm 18).

use core::ptr::addr_of_mut;

use super::imp;
use super::sizes::{CT, DK, EK, SS};

/// Random bytes the runner provides for one call: its buffer's size
/// (`pqfit_profiles::kem::RAND_BYTES`, which the runner checks against this symbol).
const RAND_BYTES: usize = 16 * 1024;

/// Random bytes (input) and how many were used (output).
#[no_mangle]
static mut PQFIT_RAND: [u8; RAND_BYTES] = [0; RAND_BYTES];
#[no_mangle]
static mut PQFIT_RAND_USED: u32 = 0;
/// Encapsulation key: output of keygen, input of encaps.
#[no_mangle]
static mut PQFIT_PK: [u8; EK] = [0; EK];
/// Decapsulation key: output of keygen, input of decaps.
#[no_mangle]
static mut PQFIT_SK: [u8; DK] = [0; DK];
/// Ciphertext: output of encaps, input of decaps.
#[no_mangle]
static mut PQFIT_CT: [u8; CT] = [0; CT];
/// Shared secret: output of encaps and of decaps.
#[no_mangle]
static mut PQFIT_SS: [u8; SS] = [0; SS];

/// The first `N` random bytes, recorded as used.
fn seed<const N: usize>() -> [u8; N] {
    // SAFETY: single-threaded firmware; the harness writes the buffers between calls only,
    // so these are the only references.
    unsafe {
        *addr_of_mut!(PQFIT_RAND_USED) = N as u32;
        let rand = &*addr_of_mut!(PQFIT_RAND);
        core::array::from_fn(|i| rand[i])
    }
}

/// Corrupts one byte of an output when the firmware is built to (`PQFIT_FW_TAMPER`).
#[cfg(any(
    pqfit_fw_tamper = "keygen",
    pqfit_fw_tamper = "encaps",
    pqfit_fw_tamper = "decaps"
))]
fn tamper(out: &mut [u8]) {
    out[out.len() / 3] ^= 0x20;
}

/// The peer's key generation from d ‖ z into PQFIT_PK and PQFIT_SK. Returns 0.
#[no_mangle]
pub extern "C" fn pqfit_fw_keygen() -> u32 {
    let dz: [u8; 64] = seed();
    let d: [u8; 32] = core::array::from_fn(|i| dz[i]);
    let z: [u8; 32] = core::array::from_fn(|i| dz[32 + i]);
    // SAFETY: as in seed.
    let (ek, dk) = unsafe { (&mut *addr_of_mut!(PQFIT_PK), &mut *addr_of_mut!(PQFIT_SK)) };
    imp::keygen(&d, &z, ek, dk);
    #[cfg(pqfit_fw_tamper = "keygen")]
    tamper(dk);
    0
}

/// The peer's encapsulation to PQFIT_PK with m into PQFIT_CT and PQFIT_SS. Returns 0 on
/// success (a peer that checks the key may refuse it).
#[no_mangle]
pub extern "C" fn pqfit_fw_encaps() -> u32 {
    let m: [u8; 32] = seed();
    // SAFETY: as in seed.
    let (ek, ct, ss) = unsafe {
        (
            &*addr_of_mut!(PQFIT_PK),
            &mut *addr_of_mut!(PQFIT_CT),
            &mut *addr_of_mut!(PQFIT_SS),
        )
    };
    let status = imp::encaps(ek, &m, ct, ss);
    #[cfg(pqfit_fw_tamper = "encaps")]
    tamper(ct);
    status
}

/// The peer's decapsulation of PQFIT_CT with PQFIT_SK into PQFIT_SS. Returns 0 on success
/// (a peer that checks the key may refuse it; a wrong ciphertext is implicitly rejected).
#[no_mangle]
pub extern "C" fn pqfit_fw_decaps() -> u32 {
    // SAFETY: as in seed.
    let (dk, ct, ss) = unsafe {
        (
            &*addr_of_mut!(PQFIT_SK),
            &*addr_of_mut!(PQFIT_CT),
            &mut *addr_of_mut!(PQFIT_SS),
        )
    };
    let status = imp::decaps(dk, ct, ss);
    #[cfg(pqfit_fw_tamper = "decaps")]
    tamper(ss);
    status
}
