//! ML-KEM keys as PKCS#8 and SPKI (the IETF LAMPS ML-KEM key formats), checked both
//! ways against RustCrypto's `ml-kem` (0.3.4) for the three sets: keys pqfit encodes
//! decode in ml-kem to the same ek and expanded key and give the same shared secrets,
//! and vice versa; the DER is byte for byte the same (DER is canonical). Then the
//! expanded and both forms, and every malformed input the decoder must refuse.
#![cfg(all(feature = "pkcs8", feature = "alloc"))]
// ml-kem marks its expanded-key encoding deprecated (the seed form is preferred); the
// test reads it to compare the expanded keys.
#![allow(deprecated)]

mod support;

use ml_kem::ExpandedKeyEncoding;
use pqfit::mlkem::kem::{Decapsulate, Decapsulator, Encapsulate, KeyExport};
use pqfit::mlkem::{
    AlgorithmOid, Balanced, Ciphertext, DecapsulationKey, EncapsulationKey, FastKem, MlKem,
    MlKem1024Params, MlKem512Params, MlKem768Params, PrivateKeyForm, PublicKey, SecretKey,
    SharedSecret, SmallStack, MAX_PKCS8_DER_BYTES,
};
use pqfit::pkcs8::der::asn1::{BitStringRef, OctetStringRef};
use pqfit::pkcs8::{DecodePrivateKey, EncodePrivateKey, PrivateKeyInfoRef};
use pqfit::spki::{DecodePublicKey, EncodePublicKey};
use pqfit::Error;
use support::rng::TestRng;

/// A seed d || z from the test DRBG.
fn seed(n: u8) -> [u8; 64] {
    let mut s = [0u8; 64];
    rand_core::TryRng::try_fill_bytes(&mut TestRng::new(n), &mut s).unwrap();
    s
}

/// Both directions for the set `$p` (pqfit) = `$m` (ml-kem), with the strategy `$s`.
macro_rules! interop {
    ($p:ty, $s:ty, $m:ty, $n:expr) => {{
        type P = $p;
        type S = $s;
        type M = $m;
        let n: u8 = $n;
        let mut rng = TestRng::new(n);
        let s = seed(n);

        // pqfit encodes (seed form), ml-kem decodes.
        let ours = DecapsulationKey::<MlKem<P, S>>::from_seed_bytes(&s);
        assert_eq!(ours.seed().as_deref(), Some(&s));
        let mut buf = [0u8; MAX_PKCS8_DER_BYTES];
        let der = ours
            .to_pkcs8_der_into(PrivateKeyForm::Seed, &mut buf)
            .unwrap();
        assert_eq!(der.len(), 86);
        let theirs =
            ml_kem::DecapsulationKey::<M>::from_pkcs8_der(der).expect("ml-kem decodes ours");
        let their_ek = theirs.encapsulation_key();
        assert_eq!(
            their_ek.to_bytes().as_slice(),
            ours.encapsulation_key().as_bytes()
        );
        let mut sk = SecretKey::<P>::zeroed();
        ours.write_secret_key(&mut sk);
        assert_eq!(theirs.to_expanded_bytes().as_slice(), sk.as_bytes());
        // The same DER both ways: the alloc encoder (seed form by default) and ml-kem's.
        let their_der = theirs.to_pkcs8_der().unwrap();
        assert_eq!(their_der.as_bytes(), der);
        assert_eq!(ours.to_pkcs8_der().unwrap().as_bytes(), der);

        // SPKI both ways, byte for byte.
        let mut spki = [0u8; 1700];
        let spki = ours
            .encapsulation_key()
            .to_public_key_der_into(&mut spki)
            .unwrap();
        assert_eq!(spki.len(), PublicKey::<P>::SPKI_DER_BYTES);
        assert_eq!(their_ek.to_public_key_der().unwrap().as_bytes(), spki);
        let their_ek2 = ml_kem::EncapsulationKey::<M>::from_public_key_der(spki).unwrap();
        let our_ek2 = EncapsulationKey::<MlKem<P, S>>::from_public_key_der(spki).unwrap();
        assert!(&our_ek2 == ours.encapsulation_key());
        assert_eq!(
            PublicKey::<P>::from_public_key_der(spki).unwrap(),
            our_ek2.public_key().clone()
        );

        // Shared secrets: ml-kem encapsulates, pqfit decapsulates, and the reverse.
        let (ct, k) = their_ek2.encapsulate_with_rng(&mut rng);
        assert_eq!(
            ours.decapsulate_slice(ct.as_slice()).unwrap().as_slice(),
            k.as_slice()
        );
        let (ct, k) = our_ek2.encapsulate_with_rng(&mut rng);
        assert_eq!(theirs.decapsulate_slice(ct.as_slice()).unwrap(), k);
        // Deterministic: the same m gives the same ciphertext and key.
        let m = [n; 32];
        let (their_ct, their_k) = their_ek2.encapsulate_deterministic(&m.into());
        let (mut our_ct, mut our_k) = (Ciphertext::<P>::default(), SharedSecret::zeroed());
        MlKem::<P, S>::encaps_internal(our_ek2.public_key(), &m, &mut our_ct, &mut our_k);
        assert_eq!(their_ct.as_slice(), our_ct.as_bytes());
        assert_eq!(their_k.as_slice(), our_k.as_bytes());

        // ml-kem encodes, pqfit decodes (kem key and native key).
        let s2 = seed(n.wrapping_add(100));
        let theirs = ml_kem::DecapsulationKey::<M>::from_seed(s2.into());
        let der = theirs.to_pkcs8_der().unwrap();
        let ours = DecapsulationKey::<MlKem<P, S>>::from_pkcs8_der(der.as_bytes()).unwrap();
        assert_eq!(ours.seed().as_deref(), Some(&s2));
        let native = SecretKey::<P>::from_pkcs8_der(der.as_bytes()).unwrap();
        assert_eq!(theirs.to_expanded_bytes().as_slice(), native.as_bytes());
        let spki = theirs.encapsulation_key().to_public_key_der().unwrap();
        let our_ek = EncapsulationKey::<MlKem<P, S>>::from_public_key_der(spki.as_bytes()).unwrap();
        let (ct, k) = our_ek.encapsulate_with_rng(&mut rng);
        assert_eq!(theirs.decapsulate_slice(ct.as_slice()).unwrap(), k);
        let (ct, k) = theirs.encapsulation_key().encapsulate_with_rng(&mut rng);
        let mut ss = SharedSecret::zeroed();
        let ct = Ciphertext::<P>::from_bytes(ct.as_slice()).unwrap();
        MlKem::<P, S>::decaps(&native, &ct, &mut ss);
        assert_eq!(ss.as_bytes(), k.as_slice());
    }};
}

#[test]
fn interop_with_ml_kem_every_set() {
    interop!(MlKem512Params, SmallStack, ml_kem::MlKem512, 1);
    interop!(MlKem768Params, Balanced, ml_kem::MlKem768, 2);
    interop!(MlKem1024Params, FastKem, ml_kem::MlKem1024, 3);
}

/// The expanded and both forms round-trip; the expanded form's key has no seed.
fn forms<P: AlgorithmOid>() {
    type K<P> = MlKem<P, Balanced>;
    let dk = DecapsulationKey::<K<P>>::from_seed_bytes(&seed(7));
    let mut sk = SecretKey::<P>::zeroed();
    dk.write_secret_key(&mut sk);
    let mut buf = [0u8; MAX_PKCS8_DER_BYTES];
    for form in [
        PrivateKeyForm::Seed,
        PrivateKeyForm::Expanded,
        PrivateKeyForm::Both,
    ] {
        let der = dk.to_pkcs8_der_into(form, &mut buf).unwrap();
        assert_eq!(der.len(), form.der_len::<P>());
        let back = DecapsulationKey::<K<P>>::from_pkcs8_der(der).unwrap();
        assert!(back.same_key(&dk), "{form:?}");
        assert_eq!(back.seed().is_some(), form != PrivateKeyForm::Expanded);
        assert_eq!(SecretKey::<P>::from_pkcs8_der(der).unwrap(), sk);
    }
    // The native key writes the expanded form, the same bytes.
    let mut buf2 = [0u8; MAX_PKCS8_DER_BYTES];
    let native = sk.to_pkcs8_der_into(&mut buf2).unwrap();
    assert_eq!(native.len(), SecretKey::<P>::PKCS8_DER_BYTES);
    let expanded = dk
        .to_pkcs8_der_into(PrivateKeyForm::Expanded, &mut buf)
        .unwrap();
    assert_eq!(native, expanded);
    assert_eq!(sk.to_pkcs8_der().unwrap().as_bytes(), expanded);
    // A key from the expanded form has no seed: it encodes expanded by default and
    // refuses the seed forms.
    let no_seed = DecapsulationKey::<K<P>>::from_secret_key(&sk);
    assert_eq!(no_seed.default_pkcs8_form(), PrivateKeyForm::Expanded);
    assert_eq!(no_seed.to_pkcs8_der().unwrap().as_bytes(), expanded);
    assert_eq!(
        no_seed
            .to_pkcs8_der_into(PrivateKeyForm::Seed, &mut buf)
            .err(),
        Some(Error::MissingSeed)
    );
    assert!(matches!(
        dk.to_pkcs8_der_into(PrivateKeyForm::Both, &mut buf[..100]),
        Err(Error::BufferTooSmall { .. })
    ));
}

#[test]
fn forms_round_trip() {
    forms::<MlKem512Params>();
    forms::<MlKem768Params>();
    forms::<MlKem1024Params>();
}

/// A PKCS#8 v1 document of `P` around a raw private-key CHOICE.
fn pkcs8_with<P: AlgorithmOid>(choice: &[u8], public: Option<&[u8]>) -> Result<(), ()> {
    let mut info = PrivateKeyInfoRef::new(
        P::ALGORITHM_IDENTIFIER,
        OctetStringRef::new(choice).unwrap(),
    );
    info.public_key = public.map(|p| BitStringRef::from_bytes(p).unwrap());
    let a = DecapsulationKey::<MlKem<P, SmallStack>>::try_from(info.clone())
        .map(|_| ())
        .map_err(|_| ());
    let b = SecretKey::<P>::try_from(info).map(|_| ()).map_err(|_| ());
    assert_eq!(a, b);
    a
}

/// DER of one TLV with a short or two-byte length.
fn tlv(tag: u8, value: &[u8]) -> Vec<u8> {
    let mut out = vec![tag];
    match value.len() {
        n if n < 0x80 => out.push(n as u8),
        n if n < 0x100 => out.extend([0x81, n as u8]),
        n => out.extend([0x82, (n >> 8) as u8, n as u8]),
    }
    out.extend_from_slice(value);
    out
}

fn malformed<P: AlgorithmOid>() {
    let s = seed(9);
    let dk = DecapsulationKey::<MlKem<P, Balanced>>::from_seed_bytes(&s);
    let mut sk = SecretKey::<P>::zeroed();
    dk.write_secret_key(&mut sk);
    let ek = sk.as_bytes()[P::DK_PKE_BYTES..P::DK_PKE_BYTES + P::EK_BYTES].to_vec();
    let good_seed = tlv(0x80, &s);
    let good_expanded = tlv(0x04, sk.as_bytes());
    let both = |seed: &[u8], dk: &[u8]| tlv(0x30, &[tlv(0x04, seed), tlv(0x04, dk)].concat());
    assert_eq!(pkcs8_with::<P>(&good_seed, None), Ok(()));
    assert_eq!(pkcs8_with::<P>(&good_expanded, None), Ok(()));
    assert_eq!(pkcs8_with::<P>(&both(&s, sk.as_bytes()), None), Ok(()));
    assert_eq!(pkcs8_with::<P>(&good_seed, Some(&ek)), Ok(()));

    // Seed lengths.
    for len in [0, 32, 63, 65, 96] {
        let bytes = vec![7u8; len];
        assert!(
            pkcs8_with::<P>(&tlv(0x80, &bytes), None).is_err(),
            "seed {len}"
        );
        assert!(pkcs8_with::<P>(&both(&bytes, sk.as_bytes()), None).is_err());
    }
    // Expanded lengths.
    for len in [0, P::DK_BYTES - 1, P::DK_BYTES + 1] {
        let mut bytes = sk.as_bytes().to_vec();
        bytes.resize(len, 0);
        assert!(
            pkcs8_with::<P>(&tlv(0x04, &bytes), None).is_err(),
            "dk {len}"
        );
    }
    // The expanded key fails the §7.3 hash check.
    let h_at = P::DK_PKE_BYTES + P::EK_BYTES;
    let mut bad = sk.as_bytes().to_vec();
    bad[h_at + 3] ^= 1;
    assert!(pkcs8_with::<P>(&tlv(0x04, &bad), None).is_err());
    assert!(pkcs8_with::<P>(&both(&s, &bad), None).is_err());
    // Its ek has a coefficient >= q, with H(ek) recomputed to match.
    let mut bad = sk.as_bytes().to_vec();
    bad[P::DK_PKE_BYTES] = 0xff;
    bad[P::DK_PKE_BYTES + 1] |= 0x0f;
    let mut h = [0u8; 32];
    pqfit_core::hash::sha3_256(&[&bad[P::DK_PKE_BYTES..h_at]], &mut h);
    bad[h_at..h_at + 32].copy_from_slice(&h);
    assert!(pkcs8_with::<P>(&tlv(0x04, &bad), None).is_err());
    // both: the seed does not give the expanded key (z differs: not covered by the
    // hash check, so only the consistency check catches it; then another seed).
    let mut other_z = sk.as_bytes().to_vec();
    other_z[P::DK_BYTES - 1] ^= 0x40;
    assert_eq!(pkcs8_with::<P>(&tlv(0x04, &other_z), None), Ok(()));
    assert!(pkcs8_with::<P>(&both(&s, &other_z), None).is_err());
    assert!(pkcs8_with::<P>(&both(&seed(10), sk.as_bytes()), None).is_err());
    // Trailing data, wrong tags, a PKCS#8 v2 public key that is not the key's.
    assert!(pkcs8_with::<P>(&[good_seed.clone(), vec![0]].concat(), None).is_err());
    assert!(pkcs8_with::<P>(&tlv(0x81, &s), None).is_err());
    assert!(pkcs8_with::<P>(&tlv(0xa0, &good_seed), None).is_err());
    assert!(pkcs8_with::<P>(&[], None).is_err());
    let mut other_ek = ek.clone();
    other_ek[P::EK_BYTES - 1] ^= 1;
    assert!(pkcs8_with::<P>(&good_seed, Some(&other_ek)).is_err());
    assert!(pkcs8_with::<P>(&good_expanded, Some(&ek[1..])).is_err());

    // SPKI: ek fails the modulus check; wrong length.
    let mut bad_ek = ek.clone();
    bad_ek[0] = 0x01;
    bad_ek[1] = 0x0d; // coefficient 0xd01 = 3329 = q
    for key in [&bad_ek[..], &ek[1..], &[ek.clone(), vec![0]].concat()[..]] {
        let spki = tlv(
            0x30,
            &[spki_alg::<P>(), tlv(0x03, &[&[0u8][..], key].concat())].concat(),
        );
        assert!(PublicKey::<P>::from_public_key_der(&spki).is_err());
        assert!(EncapsulationKey::<MlKem<P, Balanced>>::from_public_key_der(&spki).is_err());
    }
    let spki = tlv(
        0x30,
        &[spki_alg::<P>(), tlv(0x03, &[&[0u8][..], &ek].concat())].concat(),
    );
    assert!(PublicKey::<P>::from_public_key_der(&spki).is_ok());
}

/// The DER of `P`'s AlgorithmIdentifier.
fn spki_alg<P: AlgorithmOid>() -> Vec<u8> {
    tlv(0x30, &tlv(0x06, P::OID.as_bytes()))
}

#[test]
fn malformed_documents_are_refused() {
    malformed::<MlKem512Params>();
    malformed::<MlKem768Params>();
    malformed::<MlKem1024Params>();
}

/// Another set's OID, and parameters present, are refused.
#[test]
fn wrong_algorithm_is_refused() {
    let dk = DecapsulationKey::<MlKem<MlKem768Params, Balanced>>::from_seed_bytes(&seed(11));
    let der = dk.to_pkcs8_der().unwrap();
    assert!(
        DecapsulationKey::<MlKem<MlKem512Params, Balanced>>::from_pkcs8_der(der.as_bytes())
            .is_err()
    );
    assert!(SecretKey::<MlKem1024Params>::from_pkcs8_der(der.as_bytes()).is_err());
    let spki = dk.encapsulation_key().to_public_key_der().unwrap();
    assert!(PublicKey::<MlKem512Params>::from_public_key_der(spki.as_bytes()).is_err());
    // Parameters NULL after the OID.
    let alg = tlv(
        0x30,
        &[tlv(0x06, MlKem768Params::OID.as_bytes()), vec![0x05, 0x00]].concat(),
    );
    let ek = dk.encapsulation_key().as_bytes();
    let spki = tlv(
        0x30,
        &[alg.clone(), tlv(0x03, &[&[0u8][..], ek].concat())].concat(),
    );
    assert!(PublicKey::<MlKem768Params>::from_public_key_der(&spki).is_err());
    let seed = dk.seed().unwrap();
    let doc = tlv(
        0x30,
        &[tlv(0x02, &[0]), alg, tlv(0x04, &tlv(0x80, &seed[..]))].concat(),
    );
    assert!(SecretKey::<MlKem768Params>::from_pkcs8_der(&doc).is_err());
    // The same document with the parameters absent is fine.
    let doc = tlv(
        0x30,
        &[
            tlv(0x02, &[0]),
            spki_alg::<MlKem768Params>(),
            tlv(0x04, &tlv(0x80, &seed[..])),
        ]
        .concat(),
    );
    assert!(SecretKey::<MlKem768Params>::from_pkcs8_der(&doc).is_ok());
}
