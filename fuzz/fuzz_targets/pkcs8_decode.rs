//! PKCS#8 and SPKI decoding (feature `pkcs8`) of ML-DSA-44/65/87 and ML-KEM-512/768/1024
//! keys on any bytes: the signing key, the key pair, the verifying key, the
//! decapsulation key (native and `kem`) and the encapsulation key. Oracle: no decoder
//! panics; a document the key-pair decoder accepts (ML-DSA: seed or both form, or
//! expanded with a PKCS#8 v2 publicKey) the signing-key decoder accepts with the same
//! key, and ML-KEM's two decoders agree; every accepted private key, re-encoded in each form it
//! can be written in (seed, expanded, both), decodes to the same key and re-encodes to
//! the same document (decode(encode(k)) = k); an accepted document of a form's exact
//! length is that form's encoding of the key, byte for byte (DER with no optional
//! fields is canonical); an accepted SPKI document re-encodes to itself.
//!
//! Input: the DER document; every parameter set of both families decodes it (all but
//! one reject it at the OID).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pqfit::kem::KeyTypes;
use pqfit::mlkem::{
    DecapsulationKey, MlKem1024Params, MlKem512Params, MlKem768Params, SecretKey,
    SmallStack as KemSmallStack,
};
use pqfit::pkcs8::DecodePrivateKey;
use pqfit::spki::DecodePublicKey;
use pqfit::strategy::SmallStack;
use pqfit::{KeyPair, MlDsa44, MlDsa65, MlDsa87, MlKem, PrivateKeyForm, SigningKey, VerifyingKey};

const FORMS: [PrivateKeyForm; 3] = [
    PrivateKeyForm::Seed,
    PrivateKeyForm::Expanded,
    PrivateKeyForm::Both,
];
const BUF: usize = 16_384;

fn mldsa<P: pqfit::mldsa::AlgorithmOid>(der: &[u8]) {
    // The signing key decodes every form; a key pair needs the public key too (the
    // seed and both forms, or the expanded form with a PKCS#8 v2 publicKey).
    let sk = SigningKey::<P>::from_pkcs8_der(der);
    let kp = KeyPair::<P, SmallStack>::from_pkcs8_der(der);
    if let Ok(kp) = &kp {
        let sk = sk
            .as_ref()
            .expect("a key pair's document decodes as a signing key");
        assert_eq!(kp.signing_key.as_bytes(), sk.as_bytes());
        for form in FORMS {
            let mut out = [0u8; BUF];
            let encoded = match kp.to_pkcs8_der_into(form, &mut out) {
                Ok(d) => d,
                Err(e) => {
                    assert!(kp.seed().is_none(), "{form:?}: {e:?} with a seed");
                    assert_eq!(e, pqfit::Error::MissingSeed);
                    continue;
                }
            };
            assert_eq!(encoded.len(), form.der_len::<P>());
            let again = SigningKey::<P>::from_pkcs8_der(encoded).expect("own encoding decodes");
            assert_eq!(again.as_bytes(), kp.signing_key.as_bytes());
            if form == PrivateKeyForm::Expanded {
                continue; // v1 without publicKey: a signing key, not a key pair
            }
            let again =
                KeyPair::<P, SmallStack>::from_pkcs8_der(encoded).expect("own encoding decodes");
            assert_eq!(again.signing_key.as_bytes(), kp.signing_key.as_bytes());
            assert_eq!(again.verifying_key, kp.verifying_key);
            assert_eq!(again.seed(), kp.seed());
            let mut out2 = [0u8; BUF];
            assert_eq!(again.to_pkcs8_der_into(form, &mut out2).unwrap(), encoded);
        }
        canonical(der, |form, out| {
            kp.to_pkcs8_der_into(form, out).ok().map(|d| d.len())
        });
    }
    if let Ok(sk) = &sk {
        assert!(!sk.is_blank());
        let mut out = [0u8; BUF];
        let encoded = sk.to_pkcs8_der_into(&mut out).unwrap();
        let again = SigningKey::<P>::from_pkcs8_der(encoded).expect("own encoding decodes");
        assert_eq!(again.as_bytes(), sk.as_bytes());
        let mut out2 = [0u8; BUF];
        assert_eq!(again.to_pkcs8_der_into(&mut out2).unwrap(), encoded);
        if der.len() == encoded.len() {
            assert_eq!(
                encoded, der,
                "an accepted expanded-form document re-encodes to itself"
            );
        }
    }
    if let Ok(vk) = VerifyingKey::<P>::from_public_key_der(der) {
        let mut out = [0u8; BUF];
        assert_eq!(
            vk.to_public_key_der_into(&mut out).unwrap(),
            der,
            "SPKI re-encodes"
        );
    }
}

fn mlkem<P: pqfit::mlkem::AlgorithmOid>(der: &[u8])
where
    MlKem<P, KemSmallStack>: KeyTypes,
{
    let dk = DecapsulationKey::<MlKem<P, KemSmallStack>>::from_pkcs8_der(der);
    let sk = SecretKey::<P>::from_pkcs8_der(der);
    assert_eq!(dk.is_ok(), sk.is_ok(), "kem and native decoders disagree");
    if let (Ok(dk), Ok(sk)) = (&dk, &sk) {
        let mut a = [0u8; BUF];
        let mut b = [0u8; BUF];
        let expanded = dk
            .to_pkcs8_der_into(PrivateKeyForm::Expanded, &mut a)
            .unwrap();
        assert_eq!(sk.to_pkcs8_der_into(&mut b).unwrap(), expanded);
        for form in FORMS {
            let mut out = [0u8; BUF];
            let encoded = match dk.to_pkcs8_der_into(form, &mut out) {
                Ok(d) => d,
                Err(e) => {
                    assert!(dk.seed().is_none(), "{form:?}: {e:?} with a seed");
                    assert_eq!(e, pqfit::Error::MissingSeed);
                    continue;
                }
            };
            assert_eq!(encoded.len(), form.der_len::<P>());
            let again = DecapsulationKey::<MlKem<P, KemSmallStack>>::from_pkcs8_der(encoded)
                .expect("own encoding decodes");
            let mut c = [0u8; BUF];
            assert_eq!(
                again
                    .to_pkcs8_der_into(PrivateKeyForm::Expanded, &mut c)
                    .unwrap(),
                expanded
            );
            let mut out2 = [0u8; BUF];
            assert_eq!(again.to_pkcs8_der_into(form, &mut out2).unwrap(), encoded);
        }
        canonical(der, |form, out| {
            dk.to_pkcs8_der_into(form, out).ok().map(|d| d.len())
        });
    }
    if let Ok(pk) = pqfit::mlkem::PublicKey::<P>::from_public_key_der(der) {
        let mut out = [0u8; BUF];
        assert_eq!(
            pk.to_public_key_der_into(&mut out).unwrap(),
            der,
            "SPKI re-encodes"
        );
    }
}

/// An accepted document is, byte for byte, the encoding of the decoded key in the one
/// form whose encoding it matches in length, when it matches one: a document of that
/// length has no room for optional fields, and DER is canonical.
fn canonical(der: &[u8], encode: impl Fn(PrivateKeyForm, &mut [u8]) -> Option<usize>) {
    for form in FORMS {
        let mut out = [0u8; BUF];
        if let Some(n) = encode(form, &mut out) {
            if n == der.len() {
                assert_eq!(
                    &out[..n],
                    der,
                    "{form:?}: an accepted document of the form's length"
                );
            }
        }
    }
}

fuzz_target!(|der: &[u8]| {
    mldsa::<MlDsa44>(der);
    mldsa::<MlDsa65>(der);
    mldsa::<MlDsa87>(der);
    mlkem::<MlKem512Params>(der);
    mlkem::<MlKem768Params>(der);
    mlkem::<MlKem1024Params>(der);
});
