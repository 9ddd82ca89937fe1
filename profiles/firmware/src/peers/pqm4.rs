//! A pqm4-layout implementation of a scheme pqfit implements (build.rs, `build_pqm4.rs`),
//! through the NIST API its `api.h` declares (the C glue `pqfit_pqm4_*` calls it under the
//! implementation's namespace): `randombytes` serves ML-DSA's xi to key generation and rnd
//! to signing (ML-DSA.Sign with an empty context), ML-KEM's d ‖ z to key generation and m
//! to encapsulation, each exactly once, so that the outputs are the host's.

use super::pqm4_glue::*;
use super::pqm4_rand::{serve, taken};
#[allow(unused_imports)]
use super::sizes::*;

#[allow(dead_code)]
mod api {
    include!(concat!(env!("OUT_DIR"), "/pqm4_api.rs"));
}

#[cfg(any(
    pqfit_fw_peer_scheme = "ml-dsa-44",
    pqfit_fw_peer_scheme = "ml-dsa-65",
    pqfit_fw_peer_scheme = "ml-dsa-87"
))]
mod dsa {
    use super::*;

    // The implementation's sizes are the standard's.
    const _: () = assert!(api::PK == PK && api::SK == SK && api::SIG == SIG);

    #[inline(never)]
    pub fn keygen(xi: &[u8; 32], vk: &mut [u8; PK], sk: &mut [u8; SK]) {
        serve(xi);
        // SAFETY: buffers of the sizes api.h declares (checked above).
        let status = unsafe { pqfit_pqm4_keypair(vk.as_mut_ptr(), sk.as_mut_ptr()) };
        if status != 0 || taken() != xi.len() {
            crate::pqfit_fw_panic();
        }
    }

    #[inline(never)]
    pub fn sign(sk: &[u8; SK], msg: &[u8], rnd: &[u8; 32], sig: &mut [u8; SIG]) -> u32 {
        serve(rnd);
        let mut len = 0usize;
        // SAFETY: as in keygen.
        let status = unsafe {
            pqfit_pqm4_signature(
                sig.as_mut_ptr(),
                &mut len,
                msg.as_ptr(),
                msg.len(),
                sk.as_ptr(),
            )
        };
        u32::from(status != 0 || len != SIG || taken() != rnd.len())
    }

    #[inline(never)]
    pub fn verify(vk: &[u8; PK], msg: &[u8], sig: &[u8; SIG]) -> u32 {
        serve(&[]);
        // SAFETY: as in keygen.
        let status =
            unsafe { pqfit_pqm4_verify(sig.as_ptr(), SIG, msg.as_ptr(), msg.len(), vk.as_ptr()) };
        u32::from(status != 0)
    }
}

#[cfg(any(
    pqfit_fw_peer_scheme = "ml-dsa-44",
    pqfit_fw_peer_scheme = "ml-dsa-65",
    pqfit_fw_peer_scheme = "ml-dsa-87"
))]
pub use dsa::*;

#[cfg(any(
    pqfit_fw_peer_scheme = "ml-kem-512",
    pqfit_fw_peer_scheme = "ml-kem-768",
    pqfit_fw_peer_scheme = "ml-kem-1024"
))]
mod kem {
    use super::*;

    // The implementation's sizes are the standard's.
    const _: () = assert!(api::PK == EK && api::SK == DK && api::CT == CT && api::SS == SS);

    #[inline(never)]
    pub fn keygen(d: &[u8; 32], z: &[u8; 32], ek: &mut [u8; EK], dk: &mut [u8; DK]) {
        let coins: [u8; 64] = core::array::from_fn(|i| if i < 32 { d[i] } else { z[i - 32] });
        serve(&coins);
        // SAFETY: buffers of the sizes api.h declares (checked above).
        let status = unsafe { pqfit_pqm4_keypair(ek.as_mut_ptr(), dk.as_mut_ptr()) };
        if status != 0 || taken() != coins.len() {
            crate::pqfit_fw_panic();
        }
    }

    #[inline(never)]
    pub fn encaps(ek: &[u8; EK], m: &[u8; 32], ct: &mut [u8; CT], ss: &mut [u8; SS]) -> u32 {
        serve(m);
        // SAFETY: as in keygen.
        let status = unsafe { pqfit_pqm4_enc(ct.as_mut_ptr(), ss.as_mut_ptr(), ek.as_ptr()) };
        u32::from(status != 0 || taken() != m.len())
    }

    #[inline(never)]
    pub fn decaps(dk: &[u8; DK], ct: &[u8; CT], ss: &mut [u8; SS]) -> u32 {
        serve(&[]);
        // SAFETY: as in keygen.
        let status = unsafe { pqfit_pqm4_dec(ss.as_mut_ptr(), ct.as_ptr(), dk.as_ptr()) };
        u32::from(status != 0)
    }
}

#[cfg(any(
    pqfit_fw_peer_scheme = "ml-kem-512",
    pqfit_fw_peer_scheme = "ml-kem-768",
    pqfit_fw_peer_scheme = "ml-kem-1024"
))]
pub use kem::*;
