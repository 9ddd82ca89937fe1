//! RustCrypto `ml-kem`, ML-KEM-768, without `alloc` (every key inline, on the stack) and
//! without its optional `zeroize`. Key generation is `DecapsulationKey::from_seed(d ‖ z)`
//! (ML-KEM.KeyGen_internal) with the encapsulation key's encoding and the expanded
//! decapsulation-key encoding (the form the harness compares); encapsulation decodes the
//! key (`EncapsulationKey::new`, with FIPS 203's modulus check) and runs
//! `encapsulate_deterministic(m)` (ML-KEM.Encaps_internal); decapsulation decodes the
//! expanded key (`from_expanded_bytes`, with the hash check) and runs `decapsulate`.

use ml_kem::ml_kem_768::{Ciphertext, DecapsulationKey, EncapsulationKey};
use ml_kem::{Decapsulate, ExpandedDecapsulationKey, Key, KeyExport, MlKem768, Seed, B32};
// The expanded encoding is what the harness compares; the crate deprecates it in favour
// of keeping the 64-byte seed.
#[allow(deprecated)]
use ml_kem::ExpandedKeyEncoding;

use super::sizes::{CT, DK, EK, SS};

#[inline(never)]
pub fn keygen(d: &[u8; 32], z: &[u8; 32], ek: &mut [u8; EK], dk: &mut [u8; DK]) {
    let seed = Seed::from(core::array::from_fn::<u8, 64, _>(|i| {
        if i < 32 {
            d[i]
        } else {
            z[i - 32]
        }
    }));
    let key = DecapsulationKey::from_seed(seed);
    ek.copy_from_slice(&key.encapsulation_key().to_bytes());
    #[allow(deprecated)]
    dk.copy_from_slice(&key.to_expanded_bytes());
}

#[inline(never)]
pub fn encaps(ek: &[u8; EK], m: &[u8; 32], ct: &mut [u8; CT], ss: &mut [u8; SS]) -> u32 {
    let Ok(bytes) = <&Key<EncapsulationKey>>::try_from(&ek[..]) else {
        return 1;
    };
    let Ok(key) = EncapsulationKey::new(bytes) else {
        return 1;
    };
    let (c, k) = key.encapsulate_deterministic(&B32::from(*m));
    ct.copy_from_slice(&c);
    ss.copy_from_slice(&k);
    0
}

#[inline(never)]
pub fn decaps(dk: &[u8; DK], ct: &[u8; CT], ss: &mut [u8; SS]) -> u32 {
    let (Ok(bytes), Ok(c)) = (
        <&ExpandedDecapsulationKey<MlKem768>>::try_from(&dk[..]),
        <&Ciphertext>::try_from(&ct[..]),
    ) else {
        return 1;
    };
    #[allow(deprecated)]
    let Ok(key) = DecapsulationKey::from_expanded_bytes(bytes) else {
        return 1;
    };
    ss.copy_from_slice(&key.decapsulate(c));
    0
}
