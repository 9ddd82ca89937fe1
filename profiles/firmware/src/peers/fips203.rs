//! `fips203` (integritychain), ML-KEM-768, without its default random-number generator.
//! Keys come from `KG::keygen_from_seed(d, z)` (ML-KEM.KeyGen_internal) and leave as
//! `into_bytes()`; encapsulation decodes the key (`try_from_bytes`, with the modulus check)
//! and runs `encaps_from_seed(m)` (ML-KEM.Encaps_internal); decapsulation decodes the key
//! (with the hash check) and the ciphertext and runs `try_decaps`. Its key and ciphertext
//! types are byte arrays passed by value, as its API takes them.

use fips203::ml_kem_768::{CipherText, DecapsKey, EncapsKey, KG};
use fips203::traits::{Decaps, Encaps, KeyGen, SerDes};

use super::sizes::{CT, DK, EK, SS};

#[inline(never)]
pub fn keygen(d: &[u8; 32], z: &[u8; 32], ek: &mut [u8; EK], dk: &mut [u8; DK]) {
    let (public, private) = KG::keygen_from_seed(*d, *z);
    *ek = public.into_bytes();
    *dk = private.into_bytes();
}

#[inline(never)]
pub fn encaps(ek: &[u8; EK], m: &[u8; 32], ct: &mut [u8; CT], ss: &mut [u8; SS]) -> u32 {
    let Ok(key) = EncapsKey::try_from_bytes(*ek) else {
        return 1;
    };
    let (k, c) = key.encaps_from_seed(m);
    *ct = c.into_bytes();
    *ss = k.into_bytes();
    0
}

#[inline(never)]
pub fn decaps(dk: &[u8; DK], ct: &[u8; CT], ss: &mut [u8; SS]) -> u32 {
    let (Ok(key), Ok(c)) = (
        DecapsKey::try_from_bytes(*dk),
        CipherText::try_from_bytes(*ct),
    ) else {
        return 1;
    };
    match key.try_decaps(&c) {
        Ok(k) => {
            *ss = k.into_bytes();
            0
        }
        Err(_) => 1,
    }
}
