//! `libcrux-ml-dsa` (Cryspen), ML-DSA-65, portable backend: key generation and signing into
//! the caller's buffers (`generate_key_pair_mut`, `sign_mut`); verification takes its key
//! and signature types, which are the encodings themselves.

use libcrux_ml_dsa::ml_dsa_65::{portable, MLDSA65Signature, MLDSA65VerificationKey};

use super::sizes::{PK, SIG, SK};

// The libcrux key and signature types hold nothing but the encoded bytes (one array
// field): same size, alignment 1, so a reference to the bytes is a reference to one.
const _: () = assert!(core::mem::size_of::<MLDSA65VerificationKey>() == PK);
const _: () = assert!(core::mem::align_of::<MLDSA65VerificationKey>() == 1);
const _: () = assert!(core::mem::size_of::<MLDSA65Signature>() == SIG);
const _: () = assert!(core::mem::align_of::<MLDSA65Signature>() == 1);

#[inline(never)]
pub fn keygen(xi: &[u8; 32], vk: &mut [u8; PK], sk: &mut [u8; SK]) {
    portable::generate_key_pair_mut(*xi, sk, vk);
}

#[inline(never)]
pub fn sign(sk: &[u8; SK], msg: &[u8], rnd: &[u8; 32], sig: &mut [u8; SIG]) -> u32 {
    match portable::sign_mut(sk, msg, &[], *rnd, sig) {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

#[inline(never)]
pub fn verify(vk: &[u8; PK], msg: &[u8], sig: &[u8; SIG]) -> u32 {
    // SAFETY: the types are their byte arrays (asserted above), and every byte pattern is
    // a valid array; a copy into the types would add 5 kB of stack the library does not need.
    let (key, signature) = unsafe {
        (
            &*(vk as *const [u8; PK]).cast::<MLDSA65VerificationKey>(),
            &*(sig as *const [u8; SIG]).cast::<MLDSA65Signature>(),
        )
    };
    match portable::verify(key, msg, &[], signature) {
        Ok(()) => 0,
        Err(_) => 1,
    }
}
