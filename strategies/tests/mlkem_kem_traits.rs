//! Conformance of ML-KEM to the RustCrypto `kem` 0.3 traits, as `kem_traits.rs` checks
//! sntrup761: generic functions written only against the traits, instantiated for
//! the three parameter sets with several strategies; the trait path gives the native
//! API's bytes from the same RNG stream.

mod support;

use pqfit::mlkem::kem::TryKeyInit;
use pqfit::mlkem::kem::{self, Decapsulate, Decapsulator, Encapsulate, Generate, Kem, KeyExport};
use pqfit::mlkem::{
    Balanced, Ciphertext, DecapsulationKey, FastKem, MlKem, MlKem1024Params, MlKem512Params,
    MlKem768Params, PublicKey, SecretKey, SharedSecret, SmallStack,
};
use support::rng::TestRng;

/// Key pair, encapsulation, decapsulation; serialised key; implicit rejection.
fn generic<K: Kem<DecapsulationKey: Decapsulate>>(seed: u8) {
    let mut rng = TestRng::new(seed);
    let (dk, ek) = K::generate_keypair_from_rng(&mut rng);
    assert!(&ek == dk.encapsulation_key());
    let (ct, k_send) = ek.encapsulate_with_rng(&mut rng);
    assert_eq!(dk.decapsulate(&ct), k_send);
    let Ok(k_try) = kem::TryDecapsulate::try_decapsulate(&dk, &ct);
    assert_eq!(k_try, k_send);

    let bytes = ek.to_bytes();
    let ek2 = K::EncapsulationKey::new_from_slice(&bytes).expect("valid key");
    let (ct2, k2) = ek2.encapsulate_with_rng(&mut rng);
    assert_eq!(dk.decapsulate(&ct2), k2);
    assert!(K::EncapsulationKey::new_from_slice(&bytes[1..]).is_err());
    assert!(dk.decapsulate_slice(&ct[1..]).is_err());

    let mut rejected = Vec::new();
    for pos in [0, ct.len() / 2, ct.len() - 1] {
        let mut bad = ct.clone();
        bad[pos] ^= 1;
        let k = dk.decapsulate(&bad);
        assert_ne!(k, k_send);
        assert_eq!(dk.decapsulate(&bad), k);
        assert!(!rejected.contains(&k));
        rejected.push(k);
    }
}

/// The trait path and the native API agree byte for byte.
macro_rules! same_as_native {
    ($p:ty, $s:ty, $seed:expr) => {{
        type P = $p;
        type K = MlKem<P, $s>;
        let (mut trait_rng, mut native_rng) = (TestRng::new($seed), TestRng::new($seed));
        let (dk, ek) = K::generate_keypair_from_rng(&mut trait_rng);
        let (mut pk, mut sk) = (PublicKey::<P>::default(), SecretKey::<P>::zeroed());
        K::key_gen(&mut native_rng, &mut pk, &mut sk).unwrap();
        assert_eq!(ek.to_bytes().as_slice(), pk.as_bytes());
        let mut sk_out = SecretKey::<P>::zeroed();
        dk.write_secret_key(&mut sk_out);
        assert!(sk_out == sk);

        let (ct, k_send) = ek.encapsulate_with_rng(&mut trait_rng);
        let (mut nct, mut nss) = (Ciphertext::<P>::default(), SharedSecret::zeroed());
        K::encaps(&mut native_rng, &pk, &mut nct, &mut nss).unwrap();
        assert_eq!(ct.as_slice(), nct.as_bytes());
        assert_eq!(k_send.as_slice(), nss.as_bytes());

        let mut bad = ct.clone();
        bad[5] ^= 0x20;
        let mut nss_bad = SharedSecret::zeroed();
        K::decaps(&sk, &Ciphertext::from_bytes(&bad).unwrap(), &mut nss_bad);
        assert_eq!(dk.decapsulate(&bad).as_slice(), nss_bad.as_bytes());
        let dk2 = DecapsulationKey::<K>::from_secret_key(&sk);
        assert_eq!(dk2.decapsulate(&ct), k_send);
        let text = format!("{dk2:?}");
        assert!(text.contains("ML-KEM"), "{text}");
        assert!(text.len() < 200, "{text}");
    }};
}

#[test]
fn traits_every_set() {
    generic::<MlKem<MlKem512Params, SmallStack>>(1);
    generic::<MlKem<MlKem768Params, Balanced>>(2);
    generic::<MlKem<MlKem1024Params, FastKem>>(3);
    generic::<pqfit::MlKem768<SmallStack>>(4);
}

#[test]
fn trait_path_matches_native_api() {
    same_as_native!(MlKem512Params, Balanced, 10);
    same_as_native!(MlKem768Params, SmallStack, 11);
    same_as_native!(MlKem1024Params, FastKem, 12);
}

#[test]
fn rng_error_passes_through() {
    struct Failing;
    impl rand_core::TryRng for Failing {
        type Error = core::fmt::Error;
        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            Err(core::fmt::Error)
        }
        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            Err(core::fmt::Error)
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Self::Error> {
            Err(core::fmt::Error)
        }
    }
    impl rand_core::TryCryptoRng for Failing {}
    type K = MlKem<MlKem768Params>;
    assert!(DecapsulationKey::<K>::try_generate_from_rng(&mut Failing).is_err());
    let (mut pk, mut sk) = (PublicKey::<MlKem768Params>::default(), SecretKey::zeroed());
    assert_eq!(
        K::key_gen(&mut Failing, &mut pk, &mut sk),
        Err(pqfit::Error::Rng)
    );
}

/// `DecapsulationKey::from_seed(d, z)` is ML-KEM.KeyGen_internal(d, z): the native
/// key generation's keys, and the seed comes back.
#[test]
fn from_seed_is_key_gen_internal() {
    type K = MlKem<MlKem768Params, SmallStack>;
    let (d, z) = ([0x11u8; 32], [0x22u8; 32]);
    let dk = DecapsulationKey::<K>::from_seed(&d, &z);
    let (mut pk, mut sk) = (PublicKey::<MlKem768Params>::default(), SecretKey::zeroed());
    K::key_gen_internal(&d, &z, &mut pk, &mut sk);
    assert_eq!(dk.encapsulation_key().as_bytes(), pk.as_bytes());
    let mut written = SecretKey::zeroed();
    dk.write_secret_key(&mut written);
    assert!(written == sk);
    let seed = dk.seed().expect("made from its seed");
    assert_eq!((&seed[..32], &seed[32..]), (&d[..], &z[..]));
    // A generated key knows its seed; one made from the expanded key does not.
    let (generated, _) = K::generate_keypair_from_rng(&mut TestRng::new(5));
    let seed = generated.seed().expect("generated");
    assert!(DecapsulationKey::<K>::from_seed_bytes(&seed).same_key(&generated));
    assert!(DecapsulationKey::<K>::from_secret_key(&sk).seed().is_none());
    assert!(DecapsulationKey::<K>::from_secret_key(&sk).same_key(&dk));
    assert!(!generated.same_key(&dk));
}

/// `Debug` of every secret type shows none of its secret bytes: no 4-byte window of
/// dk_PKE, H(ek) || z, the seed or the shared secret appears in hex.
#[test]
fn debug_shows_no_secret_bytes() {
    type K = MlKem<MlKem512Params, Balanced>;
    let dk = DecapsulationKey::<K>::from_seed(&[0xa5; 32], &[0x3c; 32]);
    let mut sk = SecretKey::zeroed();
    dk.write_secret_key(&mut sk);
    let (ct, k) = dk
        .encapsulation_key()
        .encapsulate_with_rng(&mut TestRng::new(6));
    let mut ss = SharedSecret::zeroed();
    K::decaps(&sk, &Ciphertext::from_bytes(&ct).unwrap(), &mut ss);
    assert_eq!(ss.as_bytes(), k.as_slice());
    let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
    let ek_at = <MlKem512Params as pqfit::mlkem::MlKemParams>::DK_PKE_BYTES;
    let ek_end = ek_at + <MlKem512Params as pqfit::mlkem::MlKemParams>::EK_BYTES;
    let secret_parts: [&[u8]; 4] = [
        &sk.as_bytes()[..ek_at],
        &sk.as_bytes()[ek_end..],
        &dk.seed().unwrap()[..],
        ss.as_bytes(),
    ];
    for text in [
        format!("{dk:?}"),
        format!("{sk:?}"),
        format!("{ss:?}"),
        format!("{dk:#?}"),
    ] {
        let lower = text.to_lowercase();
        for part in secret_parts {
            for window in part.windows(4) {
                assert!(
                    !lower.contains(&hex(window)),
                    "{text} shows {}",
                    hex(window)
                );
            }
        }
        assert!(text.len() < 200, "{text}");
    }
    assert_eq!(format!("{sk:?}"), "SecretKey<ML-KEM-512> { .. }");
    assert_eq!(format!("{ss:?}"), "SharedSecret { .. }");
}

/// The secret types have no `Default` (no known all-zero key appears implicitly);
/// the public ones do. Inherent methods win over trait methods only when their bounds
/// hold, which tells the two apart at compile time.
#[test]
fn secret_types_have_no_default() {
    use core::marker::PhantomData;
    struct Probe<T>(PhantomData<T>);
    trait NoDefault {
        fn has_default(&self) -> bool {
            false
        }
    }
    impl<T> NoDefault for Probe<T> {}
    impl<T: Default> Probe<T> {
        fn has_default(&self) -> bool {
            true
        }
    }
    type K = MlKem<MlKem768Params>;
    assert!(!Probe::<SecretKey<MlKem768Params>>(PhantomData).has_default());
    assert!(!Probe::<SharedSecret>(PhantomData).has_default());
    assert!(!Probe::<DecapsulationKey<K>>(PhantomData).has_default());
    assert!(!Probe::<pqfit::mlkem::MlKemSecret<MlKem768Params>>(PhantomData).has_default());
    assert!(Probe::<PublicKey<MlKem768Params>>(PhantomData).has_default());
    assert!(Probe::<Ciphertext<MlKem768Params>>(PhantomData).has_default());
}
