//! The C glue of a pqm4-layout build (written by `build_pqm4.rs`): the implementation's
//! NIST API under its namespace, declared once for the checked peer (`pqm4`) and the round
//! trip (`pqm4_roundtrip`). A build links the signature or the KEM functions, never both;
//! the others stay declared and unreferenced.

use core::ffi::c_int;

extern "C" {
    pub(crate) fn pqfit_pqm4_keypair(pk: *mut u8, sk: *mut u8) -> c_int;
    pub(crate) fn pqfit_pqm4_signature(
        sig: *mut u8,
        siglen: *mut usize,
        m: *const u8,
        mlen: usize,
        sk: *const u8,
    ) -> c_int;
    pub(crate) fn pqfit_pqm4_verify(
        sig: *const u8,
        siglen: usize,
        m: *const u8,
        mlen: usize,
        pk: *const u8,
    ) -> c_int;
    pub(crate) fn pqfit_pqm4_enc(ct: *mut u8, ss: *mut u8, pk: *const u8) -> c_int;
    pub(crate) fn pqfit_pqm4_dec(ss: *mut u8, ct: *const u8, sk: *const u8) -> c_int;
}
