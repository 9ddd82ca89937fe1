//! Malformed ML-KEM inputs: wrong lengths, an encapsulation key with a coefficient at
//! or above q (FIPS 203 §7.2), a decapsulation key whose hash of ek does not match
//! (§7.3) give `Err`, never a panic; arbitrary ciphertexts decapsulate (implicit
//! rejection) without a panic.

mod support;

use pqfit::mlkem::kem::{Encapsulate, KeyExport, TryKeyInit};
use pqfit::mlkem::{
    Balanced, Ciphertext, EncapsulationKey, MlKem, MlKem1024Params, MlKem512Params, MlKem768Params,
    MlKemParams, ParameterSet, PublicKey, SecretKey, SharedSecret, SmallStack,
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
    for index in [0, 1, 255, 256, n / 2 + 1, n - 2, n - 1] {
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
        // A zero (unchecked, `Default`) secret key does not panic either.
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
    arbitrary_bytes_do_not_panic::<P>();
}

#[test]
fn ml_kem_512() {
    all::<MlKem512Params>();
}

#[test]
fn ml_kem_768() {
    all::<MlKem768Params>();
}

#[test]
fn ml_kem_1024() {
    all::<MlKem1024Params>();
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
