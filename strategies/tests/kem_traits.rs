//! Conformance of the NTRU Prime key types to the RustCrypto `kem` 0.3 traits.
//!
//! The generic functions below are written only against the `kem` traits (as an
//! integrator's code would be) and instantiated for sntrup761 with each
//! multiplication. They check: a handshake from `Kem::generate_keypair_from_rng`,
//! a public key exported with `KeyExport` and re-read with `TryKeyInit`, wrong
//! lengths as errors, implicit rejection of tampered ciphertexts, an RNG error
//! passed through key generation, and that the trait path gives the same bytes as
//! the native API from the same RNG stream.
//!
//! ntrulpr761 has no `kem::Kem` implementation: its 1167-byte ciphertext has no
//! `hybrid_array::ArraySize` (see the `ntruprime` module documentation), so it is
//! covered here only through its native API's `TryFrom` conversions.

mod support;

use pqfit::ntruprime::kem::{
    self, Decapsulate, Decapsulator, Encapsulate, Generate, Kem, KeyExport, TryKeyInit,
};
use pqfit::ntruprime::{
    Ciphertext, DecapsulationKey, GoodNtt, Karatsuba, MixedRadixNtt, Ntrulpr761Params, PublicKey,
    RqMul, Schoolbook, SecretKey, SharedSecret, Sntrup761Params, ZqNtt,
};
use pqfit::Sntrup761;
use support::rng::TestRng as Drbg;
use zeroize::{Zeroize, Zeroizing};

/// An RNG that gives `good` bytes and then fails.
struct FailingRng {
    good: usize,
}

#[derive(Debug, PartialEq)]
struct RngFailed;

impl core::fmt::Display for RngFailed {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("rng failed")
    }
}

impl core::error::Error for RngFailed {}

impl rand_core::TryRng for FailingRng {
    type Error = RngFailed;
    fn try_next_u32(&mut self) -> Result<u32, RngFailed> {
        let mut b = [0; 4];
        self.try_fill_bytes(&mut b)?;
        Ok(u32::from_le_bytes(b))
    }
    fn try_next_u64(&mut self) -> Result<u64, RngFailed> {
        let mut b = [0; 8];
        self.try_fill_bytes(&mut b)?;
        Ok(u64::from_le_bytes(b))
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), RngFailed> {
        if dst.len() > self.good {
            return Err(RngFailed);
        }
        self.good -= dst.len();
        dst.fill(0x5a);
        Ok(())
    }
}

impl rand_core::TryCryptoRng for FailingRng {}

/// Compile-time: the shared key can be wrapped in `Zeroizing` (hybrid-array's
/// `zeroize` feature).
fn zeroizing_shared_key<K: Kem>(key: kem::SharedKey<K>) -> Zeroizing<kem::SharedKey<K>>
where
    kem::SharedKey<K>: Zeroize,
{
    Zeroizing::new(key)
}

/// Key pair, encapsulation, decapsulation: the two shared keys agree, and the
/// decapsulation key lends out the encapsulation key it was generated with.
fn handshake<K: Kem<DecapsulationKey: Decapsulate>>(rng: &mut impl rand_core::CryptoRng) {
    let (dk, ek) = K::generate_keypair_from_rng(rng);
    assert!(&ek == dk.encapsulation_key());
    let (ct, k_send) = ek.encapsulate_with_rng(rng);
    let k_recv = dk.decapsulate(&ct);
    assert_eq!(k_send, k_recv);
    assert!(k_send.iter().any(|&b| b != 0));
    // A second encapsulation gives a new ciphertext and key.
    let (ct2, k_send2) = ek.encapsulate_with_rng(rng);
    assert_ne!(ct, ct2);
    assert_ne!(k_send, k_send2);
    assert_eq!(dk.decapsulate(&ct2), k_send2);
    // The `TryDecapsulate` path (blanket impl, `Infallible` error) agrees.
    let Ok(k_try) = kem::TryDecapsulate::try_decapsulate(&dk, &ct);
    assert_eq!(k_try, k_recv);
    let k = zeroizing_shared_key::<K>(k_recv);
    assert_eq!(*k, k_send);
}

/// An encapsulation key exported and re-read encapsulates to ciphertexts the
/// original decapsulation key opens; wrong lengths are errors.
fn serialised_key<K: Kem<DecapsulationKey: Decapsulate>>(rng: &mut impl rand_core::CryptoRng) {
    let (dk, ek) = K::generate_keypair_from_rng(rng);
    let bytes = ek.to_bytes();
    let ek2 = K::EncapsulationKey::new_from_slice(&bytes).expect("right length");
    assert!(ek2 == ek);
    assert_eq!(ek2.to_bytes(), bytes);
    let (ct, k_send) = ek2.encapsulate_with_rng(rng);
    assert_eq!(dk.decapsulate(&ct), k_send);

    // Wrong lengths: errors, not panics.
    assert!(K::EncapsulationKey::new_from_slice(&bytes[..bytes.len() - 1]).is_err());
    assert!(K::EncapsulationKey::new_from_slice(&[]).is_err());
    let mut long = bytes.to_vec();
    long.push(0);
    assert!(K::EncapsulationKey::new_from_slice(&long).is_err());
    assert!(dk.decapsulate_slice(&ct[..ct.len() - 1]).is_err());
    let mut long_ct = ct.to_vec();
    long_ct.push(0);
    assert!(dk.decapsulate_slice(&long_ct).is_err());
    assert_eq!(dk.decapsulate_slice(&ct).expect("right length"), k_send);
}

/// A tampered ciphertext decapsulates (no error) to a different key, the same one
/// each time (implicit rejection is deterministic), and a different one per change.
fn implicit_rejection<K: Kem<DecapsulationKey: Decapsulate>>(rng: &mut impl rand_core::CryptoRng) {
    let (dk, ek) = K::generate_keypair_from_rng(rng);
    let (ct, k_send) = ek.encapsulate_with_rng(rng);
    let mut rejected = Vec::new();
    for pos in [0, ct.len() / 2, ct.len() - 33, ct.len() - 1] {
        let mut bad = ct.clone();
        bad[pos] ^= 1;
        let k = dk.decapsulate(&bad);
        assert_ne!(k, k_send, "byte {pos}");
        assert_eq!(dk.decapsulate(&bad), k, "byte {pos}: not deterministic");
        assert!(!rejected.contains(&k), "byte {pos}: same key as another");
        rejected.push(k);
    }
    // The honest ciphertext still opens.
    assert_eq!(dk.decapsulate(&ct), k_send);
}

/// An RNG error reaches the caller of `Generate::try_generate_from_rng` (at the
/// first request and part-way through key generation).
fn rng_error_passes_through<K: Kem>() {
    for good in [0, 100, 4 * 761 + 10] {
        let r = K::DecapsulationKey::try_generate_from_rng(&mut FailingRng { good });
        assert!(matches!(r, Err(RngFailed)), "good = {good}");
    }
}

fn all_generic<K: Kem<DecapsulationKey: Decapsulate>>(seed: u8) {
    let mut rng = Drbg::new(seed);
    handshake::<K>(&mut rng);
    serialised_key::<K>(&mut rng);
    implicit_rejection::<K>(&mut rng);
    rng_error_passes_through::<K>();
}

#[test]
fn sntrup761_karatsuba() {
    all_generic::<Sntrup761<Karatsuba>>(1);
}

#[test]
fn sntrup761_karatsuba_8() {
    all_generic::<Sntrup761<Karatsuba<8>>>(2);
}

#[test]
fn sntrup761_schoolbook() {
    all_generic::<Sntrup761<Schoolbook>>(3);
}

#[test]
fn sntrup761_good_ntt() {
    all_generic::<Sntrup761<GoodNtt>>(4);
}

#[test]
fn sntrup761_mixed_radix_ntt() {
    all_generic::<Sntrup761<MixedRadixNtt>>(5);
}

#[test]
fn sntrup761_zq_ntt() {
    all_generic::<Sntrup761<ZqNtt>>(6);
}

/// Keys move between multiplications through their encodings.
#[test]
fn across_multiplications() {
    let mut rng = Drbg::new(6);
    let (dk, ek) = Sntrup761::<GoodNtt>::generate_keypair_from_rng(&mut rng);
    let ek2 = kem::EncapsulationKey::<Sntrup761<Schoolbook>>::new_from_slice(&ek.to_bytes())
        .expect("right length");
    let (ct, k_send) = ek2.encapsulate_with_rng(&mut rng);
    assert_eq!(dk.decapsulate(&ct), k_send);
}

/// The trait path and the native API give the same bytes from the same RNG stream.
fn same_as_native<M: RqMul + 'static>(seed: u8) {
    type Params = Sntrup761Params;
    let (mut trait_rng, mut native_rng) = (Drbg::new(seed), Drbg::new(seed));

    let (dk, ek) = Sntrup761::<M>::generate_keypair_from_rng(&mut trait_rng);
    let (mut pk, mut sk) = (
        PublicKey::<Params>::default(),
        SecretKey::<Params>::zeroed(),
    );
    Sntrup761::<M>::key_gen(&mut native_rng, &mut pk, &mut sk).unwrap();
    assert_eq!(ek.to_bytes().as_slice(), pk.as_bytes());
    let mut sk_out = SecretKey::<Params>::zeroed();
    dk.write_secret_key(&mut sk_out);
    assert!(sk_out == sk, "secret key encodings differ");

    let (ct, k_send) = ek.encapsulate_with_rng(&mut trait_rng);
    let (mut nct, mut nss) = (Ciphertext::<Params>::default(), SharedSecret::zeroed());
    Sntrup761::<M>::encaps(&mut native_rng, &pk, &mut nct, &mut nss).unwrap();
    assert_eq!(ct.as_slice(), nct.as_bytes());
    assert_eq!(k_send.as_slice(), nss.as_bytes());

    // Decapsulation of a tampered ciphertext (the rejection key) agrees too.
    let mut bad = ct;
    bad[7] ^= 0x40;
    let bad_native = Ciphertext::<Params>::try_from(&bad[..]).unwrap();
    let mut nss_bad = SharedSecret::zeroed();
    Sntrup761::<M>::decaps(&sk, &bad_native, &mut nss_bad);
    assert_eq!(dk.decapsulate(&bad).as_slice(), nss_bad.as_bytes());

    // A decapsulation key made from the native secret key is the same key.
    let dk2 = DecapsulationKey::<Sntrup761<M>>::from_secret_key(&sk);
    assert!(dk2.encapsulation_key() == &ek);
    assert_eq!(dk2.decapsulate(&ct), k_send);
    assert_eq!(dk2.decapsulate(&bad), dk.decapsulate(&bad));
}

#[test]
fn trait_path_matches_native_api() {
    same_as_native::<Karatsuba>(10);
    same_as_native::<GoodNtt>(11);
    same_as_native::<Schoolbook>(12);
    same_as_native::<MixedRadixNtt>(13);
    same_as_native::<ZqNtt>(14);
}

/// `Debug` of the decapsulation key shows no secret bytes.
#[test]
fn decapsulation_key_debug_prints_no_secret() {
    let mut bytes = [0xab; 1763];
    // The public key part (bytes 382..1540) holds no 0xab.
    bytes[382..1540].fill(0x11);
    let sk = SecretKey::<Sntrup761Params>::from_bytes(&bytes).unwrap();
    let dk = DecapsulationKey::<Sntrup761<Karatsuba>>::from_secret_key(&sk);
    let text = format!("{dk:?}");
    assert!(text.contains("sntrup761"), "{text}");
    assert!(!text.to_lowercase().contains("ab"), "{text}");
    let mut back = SecretKey::zeroed();
    dk.write_secret_key(&mut back);
    assert_eq!(back.as_bytes(), &bytes[..]);
}

/// `TryFrom<&[u8]>` on the native buffers: the right length round-trips, a wrong
/// one is an error.
#[test]
fn native_try_from() {
    fn check<T>(len: usize, as_bytes: impl Fn(&T) -> Vec<u8>)
    where
        T: for<'a> TryFrom<&'a [u8], Error = pqfit::Error>,
    {
        let bytes: Vec<u8> = (0..len).map(|i| (i * 7 + 3) as u8).collect();
        let x = T::try_from(&bytes[..]).expect("right length");
        assert_eq!(as_bytes(&x), bytes);
        assert_eq!(
            T::try_from(&bytes[..len - 1]).err(),
            Some(pqfit::Error::InvalidLength {
                expected: len,
                actual: len - 1
            })
        );
        let mut long = bytes.clone();
        long.push(0);
        assert!(T::try_from(&long[..]).is_err());
    }
    check::<PublicKey<Sntrup761Params>>(1158, |x| x.as_bytes().to_vec());
    check::<SecretKey<Sntrup761Params>>(1763, |x| x.as_bytes().to_vec());
    check::<Ciphertext<Sntrup761Params>>(1039, |x| x.as_bytes().to_vec());
    check::<PublicKey<Ntrulpr761Params>>(1039, |x| x.as_bytes().to_vec());
    check::<SecretKey<Ntrulpr761Params>>(1294, |x| x.as_bytes().to_vec());
    check::<Ciphertext<Ntrulpr761Params>>(1167, |x| x.as_bytes().to_vec());
    check::<SharedSecret>(32, |x| x.as_bytes().to_vec());
}
