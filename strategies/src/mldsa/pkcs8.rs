//! ML-DSA keys as PKCS#8 (RFC 5958 `OneAsymmetricKey`) and SPKI (RFC 5280
//! `SubjectPublicKeyInfo`) DER, as RFC 9881 (draft-ietf-lamps-dilithium-certificates)
//! specifies them. Behind the cargo feature `pkcs8`; heap-free.
//!
//! # Algorithm identifiers
//!
//! id-ml-dsa-44, id-ml-dsa-65 and id-ml-dsa-87 are 2.16.840.1.101.3.4.3.17, .18 and
//! .19, with the parameters absent ([`AlgorithmOid`]). The same identifier names the
//! public key, the private key and the signature.
//!
//! # Public keys
//!
//! The SPKI `subjectPublicKey` BIT STRING holds the raw pkEncode bytes.
//!
//! # Private keys: three forms
//!
//! The PKCS#8 `privateKey` OCTET STRING holds the DER of
//!
//! ```text
//! ML-DSA-xx-PrivateKey ::= CHOICE {
//!   seed [0] OCTET STRING (SIZE (32)),         -- IMPLICIT: tag 0x80
//!   expandedKey OCTET STRING (SIZE (sk bytes)),
//!   both SEQUENCE {
//!       seed OCTET STRING (SIZE (32)),
//!       expandedKey OCTET STRING (SIZE (sk bytes)) } }
//! ```
//!
//! ([`PrivateKeyForm`]). The seed form, 54 bytes of DER for every parameter set, is the
//! one RFC 9881 recommends; decoding it runs key generation (FIPS 204, Algorithm 6).
//! Decoding the both form expands the seed too and requires, in constant time, that
//! the result equal the expanded key given. An optional `publicKey` (PKCS#8 v2) must
//! match the private key.
//!
//! # Decoding
//!
//! Through the `pkcs8` and `spki` crates' traits: `SigningKey<P>` and `KeyPair<P, S>`
//! implement `TryFrom<PrivateKeyInfoRef>` and so `pkcs8::DecodePrivateKey`
//! (`from_pkcs8_der`, and `from_pkcs8_pem` with that crate's `pem` feature), and
//! `VerifyingKey<P>` implements `TryFrom<SubjectPublicKeyInfoRef>` and so
//! `spki::DecodePublicKey`. Both crates are re-exported as `pqfit::pkcs8` and
//! `pqfit::spki`. A [`SigningKey`] decodes from any form. A [`KeyPair`] needs the
//! public key: it decodes from the seed and both forms (and keeps the seed), and from
//! the expanded form only with the PKCS#8 v2 `publicKey` present, since the expanded
//! key holds rho and tr = H(pk) but not t1.
//!
//! # Encoding
//!
//! Into a caller buffer, no heap: [`SigningKey::to_pkcs8_der_into`] (expanded form,
//! the only one a bare signing key can give), [`KeyPair::to_pkcs8_der_into`] (any
//! form; seed and both need a key pair that knows its seed) and
//! [`VerifyingKey::to_public_key_der_into`]. The constants
//! [`SigningKey::PKCS8_DER_BYTES`], [`VerifyingKey::SPKI_DER_BYTES`],
//! [`PrivateKeyForm::der_len`] and [`MAX_PKCS8_DER_BYTES`] give the exact lengths,
//! for sizing buffers. With the feature `alloc`, the `pkcs8::EncodePrivateKey`
//! (key pair: seed form when it has the seed, else expanded; signing key: expanded)
//! and `spki::EncodePublicKey` traits too.

use super::keygen::key_gen_internal;
use super::strategy::{SmallStack, Strategy};
use crate::key_forms::{
    associated_algorithm_identifiers, check_algorithm, lamps_parameter_sets, parse_choice,
    parse_public, spki_der_len, KeyFormat, Pkcs8Writer, PrivateKey, SpkiWriter,
};
use crate::keys::{Signature, SigningKey, VerifyingKey};
use crate::{Error, KeyPair};
use ::pkcs8::{KeyError, PrivateKeyInfoRef};
use ::spki::{AlgorithmIdentifierRef, SignatureAlgorithmIdentifier, SubjectPublicKeyInfoRef};
use const_oid::ObjectIdentifier;
use der::asn1::AnyRef;
use pqfit_core::hash::shake256_with;
use pqfit_core::mldsa::{MlDsa44, MlDsa65, MlDsa87, ParameterSet};
use zeroize::Zeroizing;

pub use crate::key_forms::PrivateKeyForm;

/// A parameter set with an RFC 9881 algorithm identifier: the OID of
/// `AlgorithmIdentifier`, whose parameters are absent.
pub trait AlgorithmOid: ParameterSet + KeyFormat {
    /// id-ml-dsa-44, -65 or -87.
    const OID: ObjectIdentifier;
    /// The `AlgorithmIdentifier`: [`AlgorithmOid::OID`] with the parameters absent.
    const ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> = AlgorithmIdentifierRef {
        oid: Self::OID,
        parameters: None,
    };
}

lamps_parameter_sets! {
    AlgorithmOid, seed: 32, expanded: <ParameterSet>::SK_BYTES, public: PK_BYTES;
    MlDsa44 => "id-ml-dsa-44", "2.16.840.1.101.3.4.3.17";
    MlDsa65 => "id-ml-dsa-65", "2.16.840.1.101.3.4.3.18";
    MlDsa87 => "id-ml-dsa-87", "2.16.840.1.101.3.4.3.19";
}

/// The longest PKCS#8 document this module writes: ML-DSA-87 in the both form
/// (4,962 bytes). A buffer of this size holds every form of every parameter set.
pub const MAX_PKCS8_DER_BYTES: usize = PrivateKeyForm::Both.der_len::<MlDsa87>();

impl<P: AlgorithmOid> SigningKey<P> {
    /// The exact length of [`SigningKey::to_pkcs8_der_into`]'s output: PKCS#8 in the
    /// expanded form.
    pub const PKCS8_DER_BYTES: usize = PrivateKeyForm::Expanded.der_len::<P>();

    /// Writes the key as PKCS#8 DER in RFC 9881's expanded form (a signing key does
    /// not know its seed: see [`KeyPair::to_pkcs8_der_into`] for the seed form) into
    /// `out`, and returns the written prefix of `out`, [`SigningKey::PKCS8_DER_BYTES`]
    /// long. A shorter `out` is [`Error::BufferTooSmall`]. The output is secret.
    pub fn to_pkcs8_der_into<'o>(&self, out: &'o mut [u8]) -> Result<&'o [u8], Error> {
        Pkcs8Writer::<P>::new(PrivateKeyForm::Expanded, None, [&self.bytes, &[], &[]])?
            .write_into(out)
    }
}

impl<P: AlgorithmOid, S> KeyPair<P, S> {
    /// Writes the signing key as PKCS#8 DER in the given form into `out`, and returns
    /// the written prefix of `out`, `form.der_len::<P>()` long
    /// ([`PrivateKeyForm::der_len`]). The seed and both forms need a key pair that
    /// knows its seed ([`KeyPair::seed`]), else [`Error::MissingSeed`]; a shorter
    /// `out` is [`Error::BufferTooSmall`]. The output is secret.
    pub fn to_pkcs8_der_into<'o>(
        &self,
        form: PrivateKeyForm,
        out: &'o mut [u8],
    ) -> Result<&'o [u8], Error> {
        self.pkcs8_writer(form)?.write_into(out)
    }

    /// The PKCS#8 writer of the signing key in `form` (seed and both: the seed).
    fn pkcs8_writer(&self, form: PrivateKeyForm) -> Result<Pkcs8Writer<'_, P>, Error> {
        let seed = self.seed().map(|seed| &seed[..]);
        Pkcs8Writer::new(form, seed, [&self.signing_key.bytes, &[], &[]])
    }
}

impl<P: AlgorithmOid> VerifyingKey<P> {
    /// The exact length of [`VerifyingKey::to_public_key_der_into`]'s output.
    pub const SPKI_DER_BYTES: usize = spki_der_len::<P>();

    /// Writes the key as SPKI DER (`SubjectPublicKeyInfo`, the raw pkEncode bytes in
    /// the BIT STRING) into `out`, and returns the written prefix of `out`,
    /// [`VerifyingKey::SPKI_DER_BYTES`] long. A shorter `out` is
    /// [`Error::BufferTooSmall`].
    pub fn to_public_key_der_into<'o>(&self, out: &'o mut [u8]) -> Result<&'o [u8], Error> {
        SpkiWriter::<P>::new(&self.bytes).write_into(out)
    }
}

/// Checks that `sk` (skEncode) belongs to `pk` (pkEncode): rho = pk's rho and
/// tr = H(pk, 64). Both are public-key data (tr is a hash of the public key), so the
/// comparison need not be constant-time; it is anyway.
fn sk_matches_pk<P: ParameterSet>(sk: &[u8], pk: &[u8]) -> bool {
    let mut tr = [0u8; 64];
    shake256_with::<<SmallStack as Strategy<P>>::Keccak>(&[pk], &mut tr);
    let rho_ok = pqfit_core::ct::bytes_eq(&sk[..32], &pk[..32]);
    rho_ok & pqfit_core::ct::bytes_eq(&sk[64..128], &tr)
}

/// The keys of a 32-byte seed (FIPS 204, Algorithm 6 with the strategy `S`), and the
/// seed in a zeroizing copy.
#[allow(clippy::type_complexity)]
fn expand<P: ParameterSet, S: Strategy<P>>(
    seed: &[u8],
) -> (
    SigningKey<P>,
    Option<VerifyingKey<P>>,
    Option<Zeroizing<[u8; 32]>>,
) {
    let mut xi = Zeroizing::new([0u8; 32]);
    xi.copy_from_slice(seed);
    let mut sk = SigningKey::<P>::blank();
    let mut vk = VerifyingKey::<P>::default();
    key_gen_internal::<P, S>(&xi, &mut vk.bytes, &mut sk.bytes);
    (sk, Some(vk), Some(xi))
}

/// Decodes a PKCS#8 ML-DSA private key of `P` into the signing key and, when it is
/// known (seed or both form, or a PKCS#8 v2 public key), the public key, generating
/// with the strategy `S` where the form has a seed.
#[allow(clippy::type_complexity)]
fn decode_private<P: AlgorithmOid, S: Strategy<P>>(
    info: &PrivateKeyInfoRef<'_>,
) -> Result<
    (
        SigningKey<P>,
        Option<VerifyingKey<P>>,
        Option<Zeroizing<[u8; 32]>>,
    ),
    ::pkcs8::Error,
> {
    check_algorithm::<P>(info)?;
    let public = match &info.public_key {
        None => None,
        Some(bits) => {
            let pk = bits.as_bytes().ok_or(KeyError::Invalid)?;
            Some(VerifyingKey::<P>::from_bytes(pk).map_err(|_| KeyError::Invalid)?)
        }
    };
    let (sk, vk, seed) = match parse_choice::<P>(info.private_key.as_bytes())? {
        PrivateKey::Expanded(bytes) => {
            let sk = SigningKey::<P>::from_bytes(bytes).map_err(|_| KeyError::Invalid)?;
            (sk, None, None)
        }
        PrivateKey::Seed(seed) => expand::<P, S>(seed),
        PrivateKey::Both(seed, expanded) => {
            let (sk, vk, seed) = expand::<P, S>(seed);
            // The decision is published (accept or reject); the comparison of the
            // secret bytes is constant-time.
            if !pqfit_core::ct::bytes_eq(&sk.bytes, expanded) {
                return Err(KeyError::Invalid.into());
            }
            (sk, vk, seed)
        }
    };
    match (public, vk) {
        (Some(given), Some(derived)) if given != derived => Err(KeyError::Invalid.into()),
        (Some(given), None) if !sk_matches_pk::<P>(&sk.bytes, &given.bytes) => {
            Err(KeyError::Invalid.into())
        }
        (given, derived) => Ok((sk, derived.or(given), seed)),
    }
}

impl<P: AlgorithmOid> TryFrom<PrivateKeyInfoRef<'_>> for SigningKey<P> {
    type Error = ::pkcs8::Error;

    /// Any of the three forms; a seed is expanded with [`SmallStack`]. Wrong OID,
    /// present parameters, wrong lengths, trailing data, a both form whose halves
    /// disagree, out-of-range coefficients or a PKCS#8 v2 public key that does not
    /// match are errors.
    fn try_from(info: PrivateKeyInfoRef<'_>) -> Result<Self, ::pkcs8::Error> {
        decode_private::<P, SmallStack>(&info).map(|(sk, _, _)| sk)
    }
}

impl<P: AlgorithmOid, S: Strategy<P>> TryFrom<PrivateKeyInfoRef<'_>> for KeyPair<P, S> {
    type Error = ::pkcs8::Error;

    /// The seed or both form, generating with `S` and keeping the seed; the expanded
    /// form only with a PKCS#8 v2 `publicKey` that matches it (the key pair then has
    /// no seed). The expanded form alone is an error: the public key's t1 cannot be
    /// recovered from it.
    fn try_from(info: PrivateKeyInfoRef<'_>) -> Result<Self, ::pkcs8::Error> {
        let (sk, vk, seed) = decode_private::<P, S>(&info)?;
        let vk = vk.ok_or(KeyError::Invalid)?;
        let mut kp = Self::from_keys(sk, vk);
        kp.seed = seed;
        Ok(kp)
    }
}

impl<P: AlgorithmOid> TryFrom<SubjectPublicKeyInfoRef<'_>> for VerifyingKey<P> {
    type Error = ::spki::Error;

    /// The OID of `P` with parameters absent, and a BIT STRING of exactly pkEncode's
    /// length with no unused bits.
    fn try_from(spki: SubjectPublicKeyInfoRef<'_>) -> Result<Self, ::spki::Error> {
        let pk = parse_public::<P>(&spki)?;
        Self::from_bytes(pk).map_err(|_| ::spki::Error::KeyMalformed)
    }
}

associated_algorithm_identifiers!(
    SigningKey<P> => [P: AlgorithmOid],
    VerifyingKey<P> => [P: AlgorithmOid],
    KeyPair<P, S> => [P: AlgorithmOid, S],
    Signature<P> => [P: AlgorithmOid],
);

macro_rules! signature_algorithm_identifiers {
    ($($ty:ty => [$($g:tt)*]),* $(,)?) => {$(
        impl<$($g)*> SignatureAlgorithmIdentifier for $ty {
            type Params = AnyRef<'static>;
            const SIGNATURE_ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> =
                P::ALGORITHM_IDENTIFIER;
        }
    )*};
}

signature_algorithm_identifiers!(
    SigningKey<P> => [P: AlgorithmOid],
    VerifyingKey<P> => [P: AlgorithmOid],
    KeyPair<P, S> => [P: AlgorithmOid, S],
);

#[cfg(feature = "alloc")]
mod alloc_traits {
    use super::*;
    use ::pkcs8::{EncodePrivateKey, SecretDocument};
    use ::spki::{Document, EncodePublicKey, SignatureBitStringEncoding};
    use der::asn1::BitString;

    impl<P: AlgorithmOid> EncodePrivateKey for SigningKey<P> {
        /// The expanded form (a signing key does not know its seed).
        fn to_pkcs8_der(&self) -> ::pkcs8::Result<SecretDocument> {
            let doc =
                Pkcs8Writer::<P>::new(PrivateKeyForm::Expanded, None, [&self.bytes, &[], &[]])
                    .map_err(|_| KeyError::Invalid)?;
            Ok(SecretDocument::encode_msg(&doc)?)
        }
    }

    impl<P: AlgorithmOid, S> EncodePrivateKey for KeyPair<P, S> {
        /// The seed form when the key pair knows its seed (as RFC 9881 recommends),
        /// else the expanded form.
        fn to_pkcs8_der(&self) -> ::pkcs8::Result<SecretDocument> {
            let form = match self.seed() {
                Some(_) => PrivateKeyForm::Seed,
                None => PrivateKeyForm::Expanded,
            };
            let doc = self.pkcs8_writer(form).map_err(|_| KeyError::Invalid)?;
            Ok(SecretDocument::encode_msg(&doc)?)
        }
    }

    impl<P: AlgorithmOid> EncodePublicKey for VerifyingKey<P> {
        fn to_public_key_der(&self) -> ::spki::Result<Document> {
            Ok(Document::encode_msg(&SpkiWriter::<P>::new(&self.bytes))?)
        }
    }

    impl<P: AlgorithmOid, S> EncodePublicKey for KeyPair<P, S> {
        fn to_public_key_der(&self) -> ::spki::Result<Document> {
            self.verifying_key.to_public_key_der()
        }
    }

    impl<P: AlgorithmOid> SignatureBitStringEncoding for Signature<P> {
        fn to_bitstring(&self) -> der::Result<BitString> {
            BitString::from_bytes(self.as_bytes())
        }
    }
}

/// docs/key-formats.md's example, compiled and run as a doc test so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/key-formats.md")]
pub struct KeyFormatsDoctests;
