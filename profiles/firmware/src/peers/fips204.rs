//! `fips204` (integritychain), ML-DSA-65, without its default random-number generator.
//! Keys come from `KG::keygen_from_seed` and leave as `into_bytes()`; signing is
//! `try_sign_with_seed` (rnd is the seed); its key and signature types are byte arrays
//! passed by value, as its API takes them.

use fips204::ml_dsa_65::{PrivateKey, PublicKey, KG};
use fips204::traits::{KeyGen, SerDes, Signer, Verifier};

use super::sizes::{PK, SIG, SK};

#[inline(never)]
pub fn keygen(xi: &[u8; 32], vk: &mut [u8; PK], sk: &mut [u8; SK]) {
    let (public, private) = KG::keygen_from_seed(xi);
    *vk = public.into_bytes();
    *sk = private.into_bytes();
}

#[inline(never)]
pub fn sign(sk: &[u8; SK], msg: &[u8], rnd: &[u8; 32], sig: &mut [u8; SIG]) -> u32 {
    let Ok(key) = PrivateKey::try_from_bytes(*sk) else {
        return 1;
    };
    match key.try_sign_with_seed(rnd, msg, &[]) {
        Ok(s) => {
            *sig = s;
            0
        }
        Err(_) => 1,
    }
}

#[inline(never)]
pub fn verify(vk: &[u8; PK], msg: &[u8], sig: &[u8; SIG]) -> u32 {
    match PublicKey::try_from_bytes(*vk) {
        Ok(key) if key.verify(msg, sig, &[]) => 0,
        _ => 1,
    }
}
