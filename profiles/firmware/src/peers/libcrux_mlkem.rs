//! `libcrux-ml-kem` (Cryspen), ML-KEM-768, portable backend, default features off (no
//! `std`, no `rand`): `generate_key_pair(d ‖ z)` (ML-KEM.KeyGen_internal), whose key pair
//! holds both encodings; `encapsulate(ek, m)` (ML-KEM.Encaps_internal) and `decapsulate`
//! on its key and ciphertext types, which are the encodings themselves. Like PQClean (and
//! pqfit's measured operations), it leaves FIPS 203's input checks to separate calls
//! (`validate_public_key`, `validate_private_key`), not made here.

use libcrux_ml_kem::mlkem768::{
    portable, MlKem768Ciphertext, MlKem768PrivateKey, MlKem768PublicKey,
};

use super::sizes::{CT, DK, EK, SS};

// The libcrux key and ciphertext types hold nothing but the encoded bytes (one array
// field): same size, alignment 1, so a reference to the bytes is a reference to one.
const _: () = assert!(core::mem::size_of::<MlKem768PublicKey>() == EK);
const _: () = assert!(core::mem::align_of::<MlKem768PublicKey>() == 1);
const _: () = assert!(core::mem::size_of::<MlKem768PrivateKey>() == DK);
const _: () = assert!(core::mem::align_of::<MlKem768PrivateKey>() == 1);
const _: () = assert!(core::mem::size_of::<MlKem768Ciphertext>() == CT);
const _: () = assert!(core::mem::align_of::<MlKem768Ciphertext>() == 1);

#[inline(never)]
pub fn keygen(d: &[u8; 32], z: &[u8; 32], ek: &mut [u8; EK], dk: &mut [u8; DK]) {
    let seed: [u8; 64] = core::array::from_fn(|i| if i < 32 { d[i] } else { z[i - 32] });
    let pair = portable::generate_key_pair(seed);
    ek.copy_from_slice(pair.pk());
    dk.copy_from_slice(pair.sk());
}

#[inline(never)]
pub fn encaps(ek: &[u8; EK], m: &[u8; 32], ct: &mut [u8; CT], ss: &mut [u8; SS]) -> u32 {
    // SAFETY: the type is its byte array (asserted above), and every byte pattern is a
    // valid array; a copy into it would add its size to the stack the library needs.
    let key = unsafe { &*(ek as *const [u8; EK]).cast::<MlKem768PublicKey>() };
    let (c, k) = portable::encapsulate(key, *m);
    ct.copy_from_slice(c.as_ref());
    *ss = k;
    0
}

#[inline(never)]
pub fn decaps(dk: &[u8; DK], ct: &[u8; CT], ss: &mut [u8; SS]) -> u32 {
    // SAFETY: as in encaps.
    let (key, c) = unsafe {
        (
            &*(dk as *const [u8; DK]).cast::<MlKem768PrivateKey>(),
            &*(ct as *const [u8; CT]).cast::<MlKem768Ciphertext>(),
        )
    };
    *ss = portable::decapsulate(key, c);
    0
}
