//! NTRU Prime entry points: keygen, encaps and decaps on static buffers, the randomness
//! read from a buffer the harness fills (so both sides draw the same bytes and the
//! measured cycles exclude a random-number generator).

use core::ptr::addr_of_mut;

use pqfit::ntruprime::{Ciphertext, PublicKey, SecretKey, SharedSecret};
use pqfit::Error;

use crate::selected::{Kem, P};
use kem_io::{PQFIT_CT, PQFIT_PK, PQFIT_RAND, PQFIT_RAND_USED, PQFIT_SK, PQFIT_SS, RAND_BYTES};

#[path = "kem_io.rs"]
mod kem_io;

/// The next `out.len()` bytes of `PQFIT_RAND`; `Err` when it runs out.
fn randombytes(out: &mut [u8]) -> Result<(), Error> {
    // SAFETY: single-threaded firmware; the harness writes the buffer between calls only.
    unsafe {
        let used = &mut *addr_of_mut!(PQFIT_RAND_USED);
        let rand: &[u8; RAND_BYTES] = &*addr_of_mut!(PQFIT_RAND);
        let start = *used as usize;
        let end = start.checked_add(out.len()).ok_or(Error::Rng)?;
        out.copy_from_slice(rand.get(start..end).ok_or(Error::Rng)?);
        *used = end as u32;
    }
    Ok(())
}

#[inline(never)]
fn keygen(pk: &mut PublicKey<P>, sk: &mut SecretKey<P>) -> u32 {
    match Kem::key_gen_with_randombytes(&mut randombytes, pk, sk) {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

#[inline(never)]
fn encaps(pk: &PublicKey<P>, ct: &mut Ciphertext<P>, ss: &mut SharedSecret) -> u32 {
    match Kem::encaps_with_randombytes(&mut randombytes, pk, ct, ss) {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

#[inline(never)]
fn decaps(sk: &SecretKey<P>, ct: &Ciphertext<P>, ss: &mut SharedSecret) -> u32 {
    Kem::decaps(sk, ct, ss);
    0
}

/// Key generation into PQFIT_PK and PQFIT_SK. Returns 0 on success.
#[no_mangle]
pub extern "C" fn pqfit_fw_keygen() -> u32 {
    // SAFETY: all-zero bytes are valid buffers (asserted to be plain bytes above);
    // single-threaded, so these are the only references.
    unsafe {
        keygen(
            (*addr_of_mut!(PQFIT_PK)).assume_init_mut(),
            (*addr_of_mut!(PQFIT_SK)).assume_init_mut(),
        )
    }
}

/// Encapsulation to PQFIT_PK into PQFIT_CT and PQFIT_SS. Returns 0 on success.
#[no_mangle]
pub extern "C" fn pqfit_fw_encaps() -> u32 {
    // SAFETY: as in pqfit_fw_keygen.
    unsafe {
        encaps(
            (*addr_of_mut!(PQFIT_PK)).assume_init_ref(),
            (*addr_of_mut!(PQFIT_CT)).assume_init_mut(),
            (*addr_of_mut!(PQFIT_SS)).assume_init_mut(),
        )
    }
}

/// Decapsulation of PQFIT_CT with PQFIT_SK into PQFIT_SS. Returns 0.
#[no_mangle]
pub extern "C" fn pqfit_fw_decaps() -> u32 {
    // SAFETY: as in pqfit_fw_keygen.
    unsafe {
        decaps(
            (*addr_of_mut!(PQFIT_SK)).assume_init_ref(),
            (*addr_of_mut!(PQFIT_CT)).assume_init_ref(),
            (*addr_of_mut!(PQFIT_SS)).assume_init_mut(),
        )
    }
}
