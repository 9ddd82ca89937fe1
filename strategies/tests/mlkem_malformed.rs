//! Malformed ML-KEM inputs: wrong lengths through every public entry, an
//! encapsulation key with a coefficient at or above q (FIPS 203 §7.2) in every
//! position class, a decapsulation key whose hash of ek does not match (§7.3) or
//! whose embedded ek fails the modulus check give `Err`, never a panic; arbitrary
//! ciphertexts decapsulate (implicit rejection) without a panic.

mod support;

use pqfit::mlkem::kem::{Decapsulate, Encapsulate, KeyExport, TryKeyInit};
use pqfit::mlkem::{
    Balanced, Ciphertext, DecapsulationKey, EncapsulationKey, MlKem, MlKem1024Params,
    MlKem512Params, MlKem768Params, MlKemParams, ParameterSet, PublicKey, SecretKey, SharedSecret,
    SmallStack,
};
use pqfit::Error;

/// Sets 12-bit value `index` of an encoded vector to `value`.
fn set12(bytes: &mut [u8], index: usize, value: u16) {
    let (at, odd) = (3 * (index / 2), index % 2 == 1);
    if odd {
        bytes[at + 1] = (bytes[at + 1] & 0x0f) | ((value as u8 & 0x0f) << 4);
        bytes[at + 2] = (value >> 4) as u8;
    } else {
        bytes[at] = value as u8;
        bytes[at + 1] = (bytes[at + 1] & 0xf0) | (value >> 8) as u8;
    }
}

fn keys<P: ParameterSet>() -> (PublicKey<P>, SecretKey<P>) {
    let (mut ek, mut dk) = (PublicKey::<P>::default(), SecretKey::<P>::zeroed());
    MlKem::<P, Balanced>::key_gen_internal(&[3; 32], &[4; 32], &mut ek, &mut dk);
    (ek, dk)
}

fn wrong_lengths<P: ParameterSet>() {
    let (ek, dk) = keys::<P>();
    for (len, want) in [
        (0, P::EK_BYTES),
        (P::EK_BYTES - 1, P::EK_BYTES),
        (P::EK_BYTES + 1, P::EK_BYTES),
    ] {
        let bytes = vec![0u8; len];
        assert_eq!(
            PublicKey::<P>::from_bytes(&bytes).err(),
            Some(Error::InvalidLength {
                expected: want,
                actual: len
            })
        );
        assert!(MlKem::<P>::check_encapsulation_key(&bytes).is_err());
    }
    for len in [0, P::DK_BYTES - 1, P::DK_BYTES + 1, P::DK_BYTES - 64] {
        let bytes = vec![0u8; len];
        assert!(matches!(
            SecretKey::<P>::from_bytes(&bytes),
            Err(Error::InvalidLength { .. })
        ));
        assert!(MlKem::<P>::check_decapsulation_key(&bytes).is_err());
    }
    for len in [0, Ciphertext::<P>::BYTES - 1, Ciphertext::<P>::BYTES + 1] {
        assert!(Ciphertext::<P>::from_bytes(&vec![0u8; len]).is_err());
    }
    assert!(SharedSecret::from_bytes(&[0u8; 31]).is_err());
    // The real keys and their truncations.
    assert!(PublicKey::<P>::from_bytes(ek.as_bytes()).is_ok());
    assert!(SecretKey::<P>::from_bytes(dk.as_bytes()).is_ok());
    assert!(PublicKey::<P>::from_bytes(&ek.as_bytes()[1..]).is_err());
    assert!(SecretKey::<P>::from_bytes(&dk.as_bytes()[..P::DK_BYTES - 1]).is_err());
}

fn coefficient_at_or_above_q<P: ParameterSet>() {
    let (ek, _) = keys::<P>();
    let n = 256 * P::K;
    // Every polynomial of t-hat, its first and last coefficients, both halves of a
    // 3-byte pair (even index: a byte and the low nibble of the next; odd: the high
    // nibble and a byte), and the middle.
    let mut indices = vec![n / 2 + 1];
    for poly in 0..P::K {
        indices.extend([0, 1, 2, 3, 128, 129, 254, 255].map(|i| 256 * poly + i));
    }
    for index in indices {
        for value in [3329u16, 3330, 4000, 4095] {
            let mut bad = ek.as_bytes().to_vec();
            set12(&mut bad, index, value);
            assert_eq!(
                PublicKey::<P>::from_bytes(&bad).err(),
                Some(Error::MalformedKey),
                "{} index {index} value {value}",
                <P as MlKemParams>::SET_NAME
            );
            assert!(MlKem::<P>::check_encapsulation_key(&bad).is_err());
        }
        // q - 1 is a coefficient like any other.
        let mut fine = ek.as_bytes().to_vec();
        set12(&mut fine, index, 3328);
        assert!(PublicKey::<P>::from_bytes(&fine).is_ok());
    }
    // rho is not checked: any 32 bytes.
    let mut rho = ek.as_bytes().to_vec();
    rho[P::EK_BYTES - 1] ^= 0xff;
    assert!(PublicKey::<P>::from_bytes(&rho).is_ok());
    // All-ones: every coefficient is 4095.
    assert!(PublicKey::<P>::from_bytes(&vec![0xff; P::EK_BYTES]).is_err());
}

fn hash_mismatch<P: ParameterSet>() {
    let (_, dk) = keys::<P>();
    let h_at = P::DK_PKE_BYTES + P::EK_BYTES;
    for pos in [
        h_at,
        h_at + 17,
        h_at + 31,
        P::DK_PKE_BYTES,
        P::DK_PKE_BYTES + 400,
        h_at - 1,
    ] {
        let mut bad = dk.as_bytes().to_vec();
        bad[pos] ^= 0x01;
        assert_eq!(
            SecretKey::<P>::from_bytes(&bad).err(),
            Some(Error::MalformedKey),
            "{} byte {pos}",
            <P as MlKemParams>::SET_NAME
        );
        assert!(MlKem::<P>::check_decapsulation_key(&bad).is_err());
    }
    // dk_PKE and z are not covered by the hash check (FIPS 203 §7.3).
    for pos in [0, P::DK_PKE_BYTES - 1, P::DK_BYTES - 1] {
        let mut other = dk.as_bytes().to_vec();
        other[pos] ^= 0x80;
        assert!(SecretKey::<P>::from_bytes(&other).is_ok());
    }
    assert!(SecretKey::<P>::from_bytes(&vec![0u8; P::DK_BYTES]).is_err());
}

/// A decapsulation key whose embedded ek has a coefficient at or above q, with H(ek)
/// recomputed so that the §7.3 hash check alone would pass: refused by every entry.
fn embedded_ek_fails_modulus_check<P: ParameterSet>() {
    type K<P> = MlKem<P, Balanced>;
    let (_, dk) = keys::<P>();
    let (ek_at, h_at) = (P::DK_PKE_BYTES, P::DK_PKE_BYTES + P::EK_BYTES);
    for index in [0, 1, 256 * P::K - 1] {
        let mut bad = dk.as_bytes().to_vec();
        set12(&mut bad[ek_at..h_at], index, 3329);
        let mut h = [0u8; 32];
        pqfit_core::hash::sha3_256(&[&bad[ek_at..h_at]], &mut h);
        bad[h_at..h_at + 32].copy_from_slice(&h);
        assert_eq!(
            SecretKey::<P>::from_bytes(&bad).err(),
            Some(Error::MalformedKey)
        );
        assert!(MlKem::<P>::check_decapsulation_key(&bad).is_err());
        assert!(DecapsulationKey::<K<P>>::from_expanded_bytes(&bad).is_err());
        assert!(!pqfit::mlkem::decapsulation_key_is_valid::<P>(&bad));
    }
}

/// Wrong lengths through the entries not covered above: `TryFrom<&[u8]>`, the `kem`
/// layer (`TryKeyInit`, `decapsulate_slice`), `DecapsulationKey::from_expanded_bytes`
/// and the validity predicates.
macro_rules! wrong_lengths_other_entries {
    ($p:ty) => {{
        type P = $p;
        type K = MlKem<P, Balanced>;
        let (ek, dk) = keys::<P>();
        let kdk = DecapsulationKey::<K>::from_secret_key(&dk);
        let ct_len = Ciphertext::<P>::BYTES;
        for delta in [-1isize, 1, -32] {
            let ek_b = resized(ek.as_bytes(), delta);
            let dk_b = resized(dk.as_bytes(), delta);
            let ct_b = vec![0u8; (ct_len as isize + delta) as usize];
            assert!(PublicKey::<P>::try_from(&ek_b[..]).is_err());
            assert!(SecretKey::<P>::try_from(&dk_b[..]).is_err());
            assert!(Ciphertext::<P>::try_from(&ct_b[..]).is_err());
            assert!(EncapsulationKey::<K>::new_from_slice(&ek_b).is_err());
            assert!(DecapsulationKey::<K>::from_expanded_bytes(&dk_b).is_err());
            assert!(kdk.decapsulate_slice(&ct_b).is_err());
            assert!(!pqfit::mlkem::encapsulation_key_is_valid::<P>(&ek_b));
            assert!(!pqfit::mlkem::decapsulation_key_is_valid::<P>(&dk_b));
        }
        assert!(SharedSecret::try_from(&[0u8; 33][..]).is_err());
        assert!(kdk.decapsulate_slice(&[]).is_err());
        assert!(DecapsulationKey::<K>::from_expanded_bytes(dk.as_bytes()).is_ok());
    }};
}

/// `bytes` lengthened (with zeros) or shortened by `delta`.
fn resized(bytes: &[u8], delta: isize) -> Vec<u8> {
    let mut out = bytes.to_vec();
    out.resize((bytes.len() as isize + delta) as usize, 0);
    out
}

/// Garbage of the right length: every decoder and decapsulation return without a
/// panic.
fn arbitrary_bytes_do_not_panic<P: ParameterSet>() {
    let (_, dk) = keys::<P>();
    let mut x = 0x1234_5678u32;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x as u8
    };
    for fill in [0x00u8, 0xff, 0x55] {
        let ct = Ciphertext::<P>::from_bytes(&vec![fill; Ciphertext::<P>::BYTES]).unwrap();
        let mut ss = SharedSecret::zeroed();
        MlKem::<P, SmallStack>::decaps(&dk, &ct, &mut ss);
        // A zero (unchecked, `zeroed`) secret key does not panic either.
        MlKem::<P, Balanced>::decaps(&SecretKey::zeroed(), &ct, &mut ss);
    }
    for _ in 0..4 {
        let ct: Vec<u8> = (0..Ciphertext::<P>::BYTES).map(|_| next()).collect();
        let ct = Ciphertext::<P>::from_bytes(&ct).unwrap();
        let mut ss = SharedSecret::zeroed();
        MlKem::<P, Balanced>::decaps(&dk, &ct, &mut ss);
        let ek: Vec<u8> = (0..P::EK_BYTES).map(|_| next()).collect();
        let _ = PublicKey::<P>::from_bytes(&ek);
        let dkb: Vec<u8> = (0..P::DK_BYTES).map(|_| next()).collect();
        assert!(SecretKey::<P>::from_bytes(&dkb).is_err());
    }
}

fn all<P: ParameterSet>() {
    wrong_lengths::<P>();
    coefficient_at_or_above_q::<P>();
    hash_mismatch::<P>();
    embedded_ek_fails_modulus_check::<P>();
    arbitrary_bytes_do_not_panic::<P>();
}

#[test]
fn ml_kem_512() {
    all::<MlKem512Params>();
    wrong_lengths_other_entries!(MlKem512Params);
}

#[test]
fn ml_kem_768() {
    all::<MlKem768Params>();
    wrong_lengths_other_entries!(MlKem768Params);
}

#[test]
fn ml_kem_1024() {
    all::<MlKem1024Params>();
    wrong_lengths_other_entries!(MlKem1024Params);
}

/// The `kem` trait layer refuses a bad encapsulation key too (`TryKeyInit`).
#[test]
fn try_key_init_checks_the_modulus() {
    type K = MlKem<MlKem768Params>;
    let (ek, _) = keys::<MlKem768Params>();
    let good = EncapsulationKey::<K>::new_from_slice(ek.as_bytes()).expect("valid");
    assert_eq!(good.to_bytes().as_slice(), ek.as_bytes());
    let mut rng = support::rng::TestRng::new(1);
    let _ = good.encapsulate_with_rng(&mut rng);
    let mut bad = ek.as_bytes().to_vec();
    set12(&mut bad, 700, 3329);
    assert!(EncapsulationKey::<K>::new_from_slice(&bad).is_err());
    assert!(EncapsulationKey::<K>::new_from_slice(&bad[..100]).is_err());
}
