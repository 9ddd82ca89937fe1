//! PKCS#8 and SPKI for ML-DSA (RFC 9881), against the RustCrypto `ml-dsa` crate:
//! its seed-form documents read in pqfit and pqfit's in it, signatures across, SPKI
//! both ways, pqfit's expanded and both forms round-tripped, and malformed documents
//! refused. All three parameter sets.
#![cfg(all(feature = "pkcs8", not(target_os = "none")))]
#![allow(deprecated)] // ml-dsa's `to_expanded`, for comparing the expanded bytes.

use pqfit::pkcs8::der::asn1::{AnyRef, BitStringRef, OctetStringRef};
use pqfit::pkcs8::der::Encode;
use pqfit::pkcs8::{DecodePrivateKey, PrivateKeyInfoRef};
use pqfit::spki::{AlgorithmIdentifierRef, DecodePublicKey, ObjectIdentifier};
use pqfit::{
    AlgorithmOid, Error, KeyPair, MlDsa, ParameterSet, PrivateKeyForm, SigningKey, SmallStack,
    VerifyingKey,
};

/// Seeds to test with: fixed patterns and a few counter-derived ones.
fn seeds() -> Vec<[u8; 32]> {
    let mut out = vec![[0u8; 32], [0xff; 32]];
    for i in 0..3u8 {
        out.push(core::array::from_fn(|j| {
            (j as u8).wrapping_mul(31).wrapping_add(i * 77 + 1)
        }));
    }
    out
}

/// A DER TLV with the definite-length encoding of `content`.
fn tlv(tag: u8, content: &[u8]) -> Vec<u8> {
    let mut out = vec![tag];
    let n = content.len();
    if n < 0x80 {
        out.push(n as u8);
    } else if n < 0x100 {
        out.extend([0x81, n as u8]);
    } else {
        out.extend([0x82, (n >> 8) as u8, n as u8]);
    }
    out.extend_from_slice(content);
    out
}

/// A PKCS#8 document with the given algorithm, `privateKey` content and optional
/// PKCS#8 v2 public key, encoded by the `pkcs8` crate.
fn pkcs8_doc(oid: ObjectIdentifier, params: bool, choice: &[u8], pk: Option<&[u8]>) -> Vec<u8> {
    let algorithm = AlgorithmIdentifierRef {
        oid,
        parameters: params.then_some(AnyRef::NULL),
    };
    let mut info = PrivateKeyInfoRef::new(algorithm, OctetStringRef::new(choice).unwrap());
    info.public_key = pk.map(|pk| BitStringRef::new(0, pk).unwrap());
    info.to_der().unwrap()
}

fn seed_choice(seed: &[u8]) -> Vec<u8> {
    tlv(0x80, seed)
}

fn expanded_choice(sk: &[u8]) -> Vec<u8> {
    tlv(0x04, sk)
}

fn both_choice(seed: &[u8], sk: &[u8]) -> Vec<u8> {
    tlv(0x30, &[tlv(0x04, seed), tlv(0x04, sk)].concat())
}

/// An SPKI document encoded by hand.
fn spki_doc(oid: ObjectIdentifier, params: bool, unused_bits: u8, pk: &[u8]) -> Vec<u8> {
    let mut alg = tlv(0x06, oid.as_bytes());
    if params {
        alg.extend([0x05, 0x00]);
    }
    let bits = tlv(0x03, &[&[unused_bits][..], pk].concat());
    tlv(0x30, &[tlv(0x30, &alg), bits].concat())
}

/// The pqfit key pair of `seed` as PKCS#8 in `form`, through the heap-free writer.
fn our_pkcs8<P: AlgorithmOid>(seed: &[u8; 32], form: PrivateKeyForm) -> Vec<u8> {
    let kp = KeyPair::<P, SmallStack>::from_seed(seed);
    let mut buf = [0u8; pqfit::mldsa::MAX_PKCS8_DER_BYTES];
    let der = kp.to_pkcs8_der_into(form, &mut buf).unwrap();
    assert_eq!(der.len(), form.der_len::<P>());
    der.to_vec()
}

fn our_spki<P: AlgorithmOid>(vk: &VerifyingKey<P>) -> Vec<u8> {
    let mut buf = vec![0u8; VerifyingKey::<P>::SPKI_DER_BYTES];
    vk.to_public_key_der_into(&mut buf).unwrap().to_vec()
}

/// Checks that run on pqfit alone, for one parameter set (`other` is a different
/// one, for the wrong-OID cases).
fn malformed<P: AlgorithmOid, Other: AlgorithmOid>() {
    let seed = [42u8; 32];
    let kp = KeyPair::<P, SmallStack>::from_seed(&seed);
    let sk = kp.signing_key.as_bytes();
    let pk = kp.verifying_key.as_bytes();
    let good = pkcs8_doc(P::OID, false, &seed_choice(&seed), None);
    assert!(SigningKey::<P>::from_pkcs8_der(&good).is_ok());
    assert_eq!(good, our_pkcs8::<P>(&seed, PrivateKeyForm::Seed));

    // Truncated: every proper prefix of the seed form, some of the others.
    for n in 0..good.len() {
        assert!(
            SigningKey::<P>::from_pkcs8_der(&good[..n]).is_err(),
            "prefix {n}"
        );
        assert!(
            KeyPair::<P>::from_pkcs8_der(&good[..n]).is_err(),
            "prefix {n}"
        );
    }
    for form in [PrivateKeyForm::Expanded, PrivateKeyForm::Both] {
        let der = our_pkcs8::<P>(&seed, form);
        for n in [0, 1, 10, 30, der.len() / 2, der.len() - 32, der.len() - 1] {
            assert!(SigningKey::<P>::from_pkcs8_der(&der[..n]).is_err());
        }
        // Trailing data after the document.
        let mut long = der.clone();
        long.push(0);
        assert!(SigningKey::<P>::from_pkcs8_der(&long).is_err());
    }
    // Trailing data after the document and inside privateKey.
    let mut long = good.clone();
    long.push(0);
    assert!(SigningKey::<P>::from_pkcs8_der(&long).is_err());
    let inner_trailing = pkcs8_doc(P::OID, false, &[seed_choice(&seed), vec![0]].concat(), None);
    assert!(SigningKey::<P>::from_pkcs8_der(&inner_trailing).is_err());
    let both_trailing = pkcs8_doc(
        P::OID,
        false,
        &tlv(
            0x30,
            &[tlv(0x04, &seed), tlv(0x04, sk), vec![5, 0]].concat(),
        ),
        None,
    );
    assert!(SigningKey::<P>::from_pkcs8_der(&both_trailing).is_err());

    // Wrong OID: this set's document read as another set, and the reverse.
    assert!(SigningKey::<Other>::from_pkcs8_der(&good).is_err());
    assert!(KeyPair::<Other>::from_pkcs8_der(&good).is_err());
    let other = pkcs8_doc(Other::OID, false, &seed_choice(&seed), None);
    assert!(SigningKey::<P>::from_pkcs8_der(&other).is_err());
    let expanded = our_pkcs8::<P>(&seed, PrivateKeyForm::Expanded);
    assert!(SigningKey::<Other>::from_pkcs8_der(&expanded).is_err());

    // Parameters present (NULL).
    for choice in [
        seed_choice(&seed),
        expanded_choice(sk),
        both_choice(&seed, sk),
    ] {
        assert!(SigningKey::<P>::from_pkcs8_der(&pkcs8_doc(P::OID, false, &choice, None)).is_ok());
        assert!(SigningKey::<P>::from_pkcs8_der(&pkcs8_doc(P::OID, true, &choice, None)).is_err());
    }

    // Wrong lengths: seed of 31 and 33 bytes, expanded key one byte short or long.
    for choice in [
        seed_choice(&seed[..31]),
        seed_choice(&[seed.as_slice(), &[0]].concat()),
        expanded_choice(&sk[..sk.len() - 1]),
        expanded_choice(&[sk, &[0]].concat()),
        both_choice(&seed[..31], sk),
        both_choice(&seed, &sk[..sk.len() - 1]),
        // The seed with the wrong tag: [0] constructed, [1], a bare OCTET STRING of 32.
        tlv(0xa0, &seed),
        tlv(0x81, &seed),
        tlv(0x04, &seed),
        // Empty.
        Vec::new(),
    ] {
        let der = pkcs8_doc(P::OID, false, &choice, None);
        assert!(SigningKey::<P>::from_pkcs8_der(&der).is_err());
        assert!(KeyPair::<P>::from_pkcs8_der(&der).is_err());
    }

    // Both form whose halves disagree: one bit of the expanded key, or of the seed.
    for i in [0, 40, 100, sk.len() - 1] {
        let mut bad = sk.to_vec();
        bad[i] ^= 1;
        let der = pkcs8_doc(P::OID, false, &both_choice(&seed, &bad), None);
        assert!(SigningKey::<P>::from_pkcs8_der(&der).is_err(), "byte {i}");
        assert!(KeyPair::<P>::from_pkcs8_der(&der).is_err(), "byte {i}");
    }
    let mut bad_seed = seed;
    bad_seed[31] ^= 0x80;
    let der = pkcs8_doc(P::OID, false, &both_choice(&bad_seed, sk), None);
    assert!(SigningKey::<P>::from_pkcs8_der(&der).is_err());

    // An expanded key with an s1 coefficient out of range (0xff packs out of [-eta, eta]).
    let mut bad = sk.to_vec();
    bad[128] = 0xff;
    let der = pkcs8_doc(P::OID, false, &expanded_choice(&bad), None);
    assert!(SigningKey::<P>::from_pkcs8_der(&der).is_err());

    // KeyPair: the expanded form alone has no public key.
    assert!(SigningKey::<P>::from_pkcs8_der(&expanded).is_ok());
    assert!(KeyPair::<P>::from_pkcs8_der(&expanded).is_err());

    // PKCS#8 v2: a matching public key is accepted (and makes an expanded-form key
    // pair possible, without a seed); a different one is refused.
    let other_kp = KeyPair::<P, SmallStack>::from_seed(&[43u8; 32]);
    let other_pk = other_kp.verifying_key.as_bytes();
    for choice in [
        seed_choice(&seed),
        expanded_choice(sk),
        both_choice(&seed, sk),
    ] {
        let ok = pkcs8_doc(P::OID, false, &choice, Some(pk));
        let decoded = KeyPair::<P>::from_pkcs8_der(&ok).unwrap();
        assert_eq!(decoded.verifying_key, kp.verifying_key);
        assert_eq!(decoded.signing_key.as_bytes(), sk);
        assert!(SigningKey::<P>::from_pkcs8_der(&ok).is_ok());
        let bad = pkcs8_doc(P::OID, false, &choice, Some(other_pk));
        assert!(SigningKey::<P>::from_pkcs8_der(&bad).is_err());
        assert!(KeyPair::<P>::from_pkcs8_der(&bad).is_err());
        let short = pkcs8_doc(P::OID, false, &choice, Some(&pk[1..]));
        assert!(SigningKey::<P>::from_pkcs8_der(&short).is_err());
    }
    let v2 = pkcs8_doc(P::OID, false, &expanded_choice(sk), Some(pk));
    let no_seed = KeyPair::<P>::from_pkcs8_der(&v2).unwrap();
    assert_eq!(no_seed.seed(), None);
    let mut buf = [0u8; pqfit::mldsa::MAX_PKCS8_DER_BYTES];
    assert_eq!(
        no_seed.to_pkcs8_der_into(PrivateKeyForm::Seed, &mut buf),
        Err(Error::MissingSeed)
    );
    assert_eq!(
        no_seed.to_pkcs8_der_into(PrivateKeyForm::Both, &mut buf),
        Err(Error::MissingSeed)
    );
    assert_eq!(
        no_seed
            .to_pkcs8_der_into(PrivateKeyForm::Expanded, &mut buf)
            .unwrap(),
        expanded
    );

    // SPKI: good, then wrong OID, parameters, unused bits, lengths, trailing data.
    let spki = our_spki(&kp.verifying_key);
    assert_eq!(spki, spki_doc(P::OID, false, 0, pk));
    assert_eq!(
        VerifyingKey::<P>::from_public_key_der(&spki).unwrap(),
        kp.verifying_key
    );
    assert!(VerifyingKey::<Other>::from_public_key_der(&spki).is_err());
    for bad in [
        spki_doc(Other::OID, false, 0, pk),
        spki_doc(P::OID, true, 0, pk),
        spki_doc(P::OID, false, 1, pk),
        spki_doc(P::OID, false, 0, &pk[1..]),
        spki_doc(P::OID, false, 0, &[pk, &[0]].concat()),
        [spki.as_slice(), &[0]].concat(),
        spki[..spki.len() - 1].to_vec(),
        spki[..20].to_vec(),
        Vec::new(),
    ] {
        assert!(VerifyingKey::<P>::from_public_key_der(&bad).is_err());
    }
    // A private key document is not a public key, nor the reverse.
    assert!(VerifyingKey::<P>::from_public_key_der(&good).is_err());
    assert!(SigningKey::<P>::from_pkcs8_der(&spki).is_err());

    // Buffers one byte short.
    let mut short = vec![0u8; VerifyingKey::<P>::SPKI_DER_BYTES - 1];
    assert_eq!(
        kp.verifying_key.to_public_key_der_into(&mut short),
        Err(Error::BufferTooSmall {
            needed: VerifyingKey::<P>::SPKI_DER_BYTES,
            actual: VerifyingKey::<P>::SPKI_DER_BYTES - 1,
        })
    );
    for form in [
        PrivateKeyForm::Seed,
        PrivateKeyForm::Expanded,
        PrivateKeyForm::Both,
    ] {
        let mut short = vec![0u8; form.der_len::<P>() - 1];
        assert!(matches!(
            kp.to_pkcs8_der_into(form, &mut short),
            Err(Error::BufferTooSmall { .. })
        ));
    }
    let mut short = vec![0u8; SigningKey::<P>::PKCS8_DER_BYTES - 1];
    assert!(kp.signing_key.to_pkcs8_der_into(&mut short).is_err());
}

/// Round trips of pqfit's own forms, for one parameter set.
fn round_trips<P: AlgorithmOid>() {
    for seed in seeds() {
        let kp = KeyPair::<P, SmallStack>::from_seed(&seed);
        assert_eq!(kp.seed(), Some(&seed));
        assert_eq!(
            SigningKey::<P>::from_seed(&seed).as_bytes(),
            kp.signing_key.as_bytes()
        );
        assert_eq!(VerifyingKey::<P>::from_seed(&seed), kp.verifying_key);
        for form in [
            PrivateKeyForm::Seed,
            PrivateKeyForm::Expanded,
            PrivateKeyForm::Both,
        ] {
            let der = our_pkcs8::<P>(&seed, form);
            let sk = SigningKey::<P>::from_pkcs8_der(&der).unwrap();
            assert_eq!(sk.as_bytes(), kp.signing_key.as_bytes(), "{form:?}");
            if form != PrivateKeyForm::Expanded {
                let back = KeyPair::<P>::from_pkcs8_der(&der).unwrap();
                assert_eq!(back.seed(), Some(&seed));
                assert_eq!(back.verifying_key, kp.verifying_key);
                assert_eq!(back.signing_key.as_bytes(), kp.signing_key.as_bytes());
                let mut buf = vec![0u8; form.der_len::<P>()];
                assert_eq!(back.to_pkcs8_der_into(form, &mut buf).unwrap(), der);
            }
        }
        // The signing key alone writes the expanded form, the same bytes.
        let mut buf = vec![0u8; SigningKey::<P>::PKCS8_DER_BYTES + 10];
        let der = kp.signing_key.to_pkcs8_der_into(&mut buf).unwrap();
        assert_eq!(der.len(), SigningKey::<P>::PKCS8_DER_BYTES);
        assert_eq!(der, our_pkcs8::<P>(&seed, PrivateKeyForm::Expanded));
        // The seed the key pair remembers never shows in Debug.
        let debug = format!("{kp:?}");
        let hex: String = seed[..4].iter().map(|b| format!("{b:02x}")).collect();
        assert!(!debug.contains(&hex) || seed[..4] == [0; 4], "{debug}");
        assert!(!debug.contains("seed"), "{debug}");
    }
}

#[cfg(feature = "alloc")]
fn alloc_traits<P: AlgorithmOid>() {
    use pqfit::pkcs8::EncodePrivateKey;
    use pqfit::spki::EncodePublicKey;
    let seed = [9u8; 32];
    let kp = KeyPair::<P, SmallStack>::from_seed(&seed);
    assert_eq!(
        kp.to_pkcs8_der().unwrap().as_bytes(),
        our_pkcs8::<P>(&seed, PrivateKeyForm::Seed)
    );
    assert_eq!(
        kp.signing_key.to_pkcs8_der().unwrap().as_bytes(),
        our_pkcs8::<P>(&seed, PrivateKeyForm::Expanded)
    );
    assert_eq!(
        kp.verifying_key.to_public_key_der().unwrap().as_bytes(),
        our_spki(&kp.verifying_key)
    );
    assert_eq!(
        kp.to_public_key_der().unwrap().as_bytes(),
        our_spki(&kp.verifying_key)
    );
}

macro_rules! interop {
    ($name:ident, $ours:ty, $theirs:ty, $other:ty, $sk:expr, $pk:expr) => {
        mod $name {
            use super::*;
            // The same `pkcs8`/`spki` crates as pqfit's: their decoding traits are in
            // scope already.
            use ml_dsa::pkcs8::spki::EncodePublicKey as _;
            use ml_dsa::pkcs8::EncodePrivateKey as _;
            use ml_dsa::{EncodedSignature, Keypair as _, Signature as TheirSignature};

            type Ours = $ours;
            type Theirs = $theirs;

            fn theirs(seed: &[u8; 32]) -> ml_dsa::SigningKey<Theirs> {
                ml_dsa::SigningKey::<Theirs>::from_seed(&(*seed).into())
            }

            #[test]
            fn sizes() {
                assert_eq!(<Ours as ParameterSet>::SK_BYTES, $sk);
                assert_eq!(<Ours as ParameterSet>::PK_BYTES, $pk);
                assert_eq!(PrivateKeyForm::Seed.der_len::<Ours>(), 54);
                // SEQUENCE(4) + version(3) + AlgorithmIdentifier(13) + OCTET STRING(4)
                // + the choice.
                assert_eq!(PrivateKeyForm::Expanded.der_len::<Ours>(), 24 + 4 + $sk);
                assert_eq!(
                    PrivateKeyForm::Both.der_len::<Ours>(),
                    24 + 4 + 34 + 4 + $sk
                );
                assert_eq!(SigningKey::<Ours>::PKCS8_DER_BYTES, 28 + $sk);
                // SEQUENCE(4) + AlgorithmIdentifier(13) + BIT STRING(4 + 1).
                assert_eq!(VerifyingKey::<Ours>::SPKI_DER_BYTES, 22 + $pk);
                assert!(
                    pqfit::mldsa::MAX_PKCS8_DER_BYTES >= PrivateKeyForm::Both.der_len::<Ours>()
                );
            }

            /// (a) Their seed-form documents read in pqfit, to the same keys; pqfit's
            /// seed form is byte-identical to theirs.
            #[test]
            fn theirs_to_ours() {
                for seed in seeds() {
                    let their_sk = theirs(&seed);
                    let their_der = their_sk.to_pkcs8_der().unwrap();
                    let their_expanded = their_sk.expanded_key().to_expanded();
                    let sk = SigningKey::<Ours>::from_pkcs8_der(their_der.as_bytes()).unwrap();
                    assert_eq!(sk.as_bytes(), their_expanded.as_slice());
                    assert_eq!(
                        sk.as_bytes(),
                        SigningKey::<Ours>::from_seed(&seed).as_bytes()
                    );
                    let kp = KeyPair::<Ours>::from_pkcs8_der(their_der.as_bytes()).unwrap();
                    assert_eq!(kp.seed(), Some(&seed));
                    assert_eq!(
                        kp.verifying_key.as_bytes(),
                        their_sk.verifying_key().encode().as_slice()
                    );
                    assert_eq!(
                        our_pkcs8::<Ours>(&seed, PrivateKeyForm::Seed),
                        their_der.as_bytes()
                    );
                }
            }

            /// (b) pqfit's documents read in theirs; signatures made by each verify
            /// under the other's key, decoded from the other's SPKI; deterministic
            /// signatures with the empty context are the same bytes.
            #[test]
            fn ours_to_theirs_and_signatures() {
                let msg = b"firmware image v1.2";
                for seed in seeds() {
                    let der = our_pkcs8::<Ours>(&seed, PrivateKeyForm::Seed);
                    let their_sk = ml_dsa::SigningKey::<Theirs>::from_pkcs8_der(&der).unwrap();
                    assert_eq!(their_sk.to_seed().as_slice(), seed.as_slice());

                    let kp = KeyPair::<Ours, SmallStack>::from_seed(&seed);
                    // Ours signs; theirs verifies with the key from our SPKI.
                    let mut sig = pqfit::Signature::<Ours>::default();
                    MlDsa::<Ours, SmallStack>::sign_deterministic(
                        &kp.signing_key,
                        msg,
                        b"",
                        &mut sig,
                    )
                    .unwrap();
                    let their_vk = ml_dsa::VerifyingKey::<Theirs>::from_public_key_der(&our_spki(
                        &kp.verifying_key,
                    ))
                    .unwrap();
                    let enc = EncodedSignature::<Theirs>::try_from(sig.as_bytes()).unwrap();
                    let as_theirs = TheirSignature::<Theirs>::decode(&enc).unwrap();
                    assert!(their_vk.verify_with_context(msg, b"", &as_theirs));
                    assert!(!their_vk.verify_with_context(b"other", b"", &as_theirs));

                    // Theirs signs; ours verifies with the key from their SPKI.
                    let their_sig = their_sk
                        .expanded_key()
                        .sign_deterministic(msg, b"")
                        .unwrap();
                    assert_eq!(their_sig.encode().as_slice(), sig.as_bytes());
                    let their_spki = their_sk.verifying_key().to_public_key_der().unwrap();
                    let vk =
                        VerifyingKey::<Ours>::from_public_key_der(their_spki.as_bytes()).unwrap();
                    let their_bytes = their_sig.encode();
                    assert!(MlDsa::<Ours>::verify(&vk, msg, b"", their_bytes.as_slice()).is_ok());
                    assert!(
                        MlDsa::<Ours>::verify(&vk, b"other", b"", their_bytes.as_slice()).is_err()
                    );
                }
            }

            /// (c) SPKI both ways, byte-identical.
            #[test]
            fn spki_both_ways() {
                for seed in seeds() {
                    let their_vk = theirs(&seed).verifying_key();
                    let their_spki = their_vk.to_public_key_der().unwrap();
                    let vk = VerifyingKey::<Ours>::from_seed(&seed);
                    let ours = our_spki(&vk);
                    assert_eq!(ours, their_spki.as_bytes());
                    let back = ml_dsa::VerifyingKey::<Theirs>::from_public_key_der(&ours).unwrap();
                    assert_eq!(back.encode().as_slice(), vk.as_bytes());
                    let decoded =
                        VerifyingKey::<Ours>::from_public_key_der(their_spki.as_bytes()).unwrap();
                    assert_eq!(decoded, vk);
                }
            }

            /// (d) pqfit's own forms round-trip.
            #[test]
            fn own_round_trips() {
                round_trips::<Ours>();
            }

            /// (e) Malformed documents are errors.
            #[test]
            fn malformed_inputs() {
                malformed::<Ours, $other>();
                // Their document read as another parameter set.
                let their_der = theirs(&[1; 32]).to_pkcs8_der().unwrap();
                assert!(SigningKey::<$other>::from_pkcs8_der(their_der.as_bytes()).is_err());
                assert!(SigningKey::<Ours>::from_pkcs8_der(their_der.as_bytes()).is_ok());
            }

            #[cfg(feature = "alloc")]
            #[test]
            fn alloc_encoders() {
                alloc_traits::<Ours>();
            }
        }
    };
}

interop!(
    ml_dsa_44,
    pqfit::MlDsa44,
    ml_dsa::MlDsa44,
    pqfit::MlDsa65,
    2560,
    1312
);
interop!(
    ml_dsa_65,
    pqfit::MlDsa65,
    ml_dsa::MlDsa65,
    pqfit::MlDsa87,
    4032,
    1952
);
interop!(
    ml_dsa_87,
    pqfit::MlDsa87,
    ml_dsa::MlDsa87,
    pqfit::MlDsa44,
    4896,
    2592
);

#[test]
fn max_length_is_ml_dsa_87_both() {
    assert_eq!(
        pqfit::mldsa::MAX_PKCS8_DER_BYTES,
        PrivateKeyForm::Both.der_len::<pqfit::MlDsa87>()
    );
    assert_eq!(pqfit::mldsa::MAX_PKCS8_DER_BYTES, 28 + 38 + 4896);
}

#[test]
fn oids() {
    assert_eq!(pqfit::MlDsa44::OID.to_string(), "2.16.840.1.101.3.4.3.17");
    assert_eq!(pqfit::MlDsa65::OID.to_string(), "2.16.840.1.101.3.4.3.18");
    assert_eq!(pqfit::MlDsa87::OID.to_string(), "2.16.840.1.101.3.4.3.19");
}
