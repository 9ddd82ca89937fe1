//! ML-KEM keys as PKCS#8 (RFC 5958 `OneAsymmetricKey`) and SPKI (RFC 5280
//! `SubjectPublicKeyInfo`) DER, as the IETF LAMPS ML-KEM certificate document
//! (draft-ietf-lamps-kyber-certificates) specifies them. Behind the cargo feature
//! `pkcs8`; heap-free (the `alloc` feature adds the `pkcs8`/`spki` encoder traits).
//!
//! # Algorithm identifiers
//!
//! id-alg-ml-kem-512, -768 and -1024 are 2.16.840.1.101.3.4.4.1, .2 and .3, with the
//! parameters absent ([`AlgorithmOid`]).
//!
//! # Public keys
//!
//! The SPKI `subjectPublicKey` BIT STRING holds the encapsulation key ek, raw.
//!
//! # Private keys: three forms
//!
//! The PKCS#8 `privateKey` OCTET STRING holds the DER of
//!
//! ```text
//! ML-KEM-xx-PrivateKey ::= CHOICE {
//!   seed [0] IMPLICIT OCTET STRING (SIZE (64)),     -- d || z; tag 0x80
//!   expandedKey OCTET STRING (SIZE (dk bytes)),
//!   both SEQUENCE {
//!       seed OCTET STRING (SIZE (64)),
//!       expandedKey OCTET STRING (SIZE (dk bytes)) } }
//! ```
//!
//! ([`PrivateKeyForm`]). Decoding checks every form: the seed is 64 bytes (and is
//! expanded by FIPS 203 Algorithm 16); the expanded key passes the decapsulation key
//! check ([`decapsulation_key_is_valid`](super::decapsulation_key_is_valid): FIPS 203
//! §7.3, and the §7.2 modulus check of its ek); in the both form the key regenerated
//! from the seed must equal the expanded key given (compared in constant time). An
//! optional PKCS#8 v2 `publicKey` must be the key's ek. Anything else (wrong OID,
//! parameters present, other tags, trailing data) is an error.
//!
//! # Types
//!
//! - [`DecapsulationKey<MlKem<P, S>>`](crate::kem::DecapsulationKey): decodes from
//!   every form (`pkcs8::DecodePrivateKey`), keeping the seed when the form has one;
//!   [`DecapsulationKey::to_pkcs8_der_into`](crate::kem::DecapsulationKey) writes any
//!   form it can (seed and both need the seed), and with `alloc`
//!   `pkcs8::EncodePrivateKey` writes the seed form when the key knows its seed, else
//!   the expanded form.
//! - [`SecretKey<P>`](crate::kem::SecretKey), the native expanded key: decodes from
//!   every form (a seed is expanded with [`SmallStack`]) and encodes the expanded form.
//! - [`PublicKey<P>`](crate::kem::PublicKey) and
//!   [`EncapsulationKey<MlKem<P, S>>`](crate::kem::EncapsulationKey): SPKI both ways
//!   (`spki::DecodePublicKey`, `to_public_key_der_into`, and with `alloc`
//!   `spki::EncodePublicKey`); decoding runs the §7.2 modulus check.

use super::{MlKem, ParameterSet, SmallStack, Strategy};
use crate::kem::{DecapsulationKey, EncapsulationKey, PublicKey, SecretKey};
use crate::key_forms::{
    associated_algorithm_identifiers, check_algorithm, lamps_parameter_sets, parse_choice,
    parse_public, spki_der_len, KeyFormat, Pkcs8Writer, PrivateKey, SpkiWriter,
};
use crate::Error;
use ::pkcs8::{KeyError, PrivateKeyInfoRef};
use ::spki::{AlgorithmIdentifierRef, SubjectPublicKeyInfoRef};
use const_oid::ObjectIdentifier;
use pqfit_core::ct;
use pqfit_core::mlkem::{MlKem1024Params, MlKem512Params, MlKem768Params, MlKemParams};

pub use crate::key_forms::PrivateKeyForm;

/// Bytes of the seed d || z.
const SEED_BYTES: usize = 64;

/// An ML-KEM parameter set with its algorithm identifier: the OID of
/// `AlgorithmIdentifier`, whose parameters are absent.
pub trait AlgorithmOid: ParameterSet + KeyFormat {
    /// id-alg-ml-kem-512, -768 or -1024.
    const OID: ObjectIdentifier;
    /// The `AlgorithmIdentifier`: [`AlgorithmOid::OID`] with the parameters absent.
    const ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> = AlgorithmIdentifierRef {
        oid: Self::OID,
        parameters: None,
    };
}

lamps_parameter_sets! {
    AlgorithmOid, seed: SEED_BYTES, expanded: <MlKemParams>::DK_BYTES, public: EK_BYTES;
    MlKem512Params => "id-alg-ml-kem-512", "2.16.840.1.101.3.4.4.1";
    MlKem768Params => "id-alg-ml-kem-768", "2.16.840.1.101.3.4.4.2";
    MlKem1024Params => "id-alg-ml-kem-1024", "2.16.840.1.101.3.4.4.3";
}

/// The longest PKCS#8 document this module writes: ML-KEM-1024 in the both form. A
/// buffer of this size holds every form of every set.
pub const MAX_PKCS8_DER_BYTES: usize = PrivateKeyForm::Both.der_len::<MlKem1024Params>();

impl<P: AlgorithmOid, S: Strategy<P>> DecapsulationKey<MlKem<P, S>> {
    /// The PKCS#8 writer of this key in `form`; `Err(MissingSeed)` for the seed and
    /// both forms of a key that does not know its seed.
    fn pkcs8_writer<'a>(
        &'a self,
        form: PrivateKeyForm,
        seed: &'a Option<zeroize::Zeroizing<[u8; 64]>>,
    ) -> Result<Pkcs8Writer<'a, P>, Error> {
        let secret = &self.secret;
        let seed = seed.as_deref().map(|seed| &seed[..]);
        Pkcs8Writer::new(form, seed, [&secret.dk_pke, &self.ek.pk.bytes, &secret.h_z])
    }

    /// Writes the key as PKCS#8 DER in `form` into `out` and returns the written
    /// prefix, `form.der_len::<P>()` long ([`PrivateKeyForm::der_len`]). The seed and
    /// both forms need a key that knows its seed ([`Self::seed`]), else
    /// [`Error::MissingSeed`]; a shorter `out` is [`Error::BufferTooSmall`]. The
    /// output is secret.
    pub fn to_pkcs8_der_into<'o>(
        &self,
        form: PrivateKeyForm,
        out: &'o mut [u8],
    ) -> Result<&'o [u8], Error> {
        let seed = self.seed();
        self.pkcs8_writer(form, &seed)?.write_into(out)
    }

    /// [`Self::to_pkcs8_der_into`] in the form the `alloc` encoder writes: the seed
    /// form when the key knows its seed, else the expanded form.
    pub fn default_pkcs8_form(&self) -> PrivateKeyForm {
        if self.secret.has_seed {
            PrivateKeyForm::Seed
        } else {
            PrivateKeyForm::Expanded
        }
    }
}

impl<P: AlgorithmOid> SecretKey<P> {
    /// The exact length of [`SecretKey::to_pkcs8_der_into`]'s output.
    pub const PKCS8_DER_BYTES: usize = PrivateKeyForm::Expanded.der_len::<P>();

    /// Writes the key as PKCS#8 DER in the expanded form (the native key does not
    /// know its seed: see the `kem` [`DecapsulationKey`] for the seed form) into
    /// `out` and returns the written prefix, [`SecretKey::PKCS8_DER_BYTES`] long. A
    /// shorter `out` is [`Error::BufferTooSmall`]. The output is secret.
    pub fn to_pkcs8_der_into<'o>(&self, out: &'o mut [u8]) -> Result<&'o [u8], Error> {
        self.expanded_writer()?.write_into(out)
    }

    fn expanded_writer(&self) -> Result<Pkcs8Writer<'_, P>, Error> {
        Pkcs8Writer::new(PrivateKeyForm::Expanded, None, [&self.bytes, &[], &[]])
    }
}

impl<P: AlgorithmOid> PublicKey<P> {
    /// The exact length of [`PublicKey::to_public_key_der_into`]'s output.
    pub const SPKI_DER_BYTES: usize = spki_der_len::<P>();

    /// Writes the key as SPKI DER (ek raw in the BIT STRING) into `out` and returns
    /// the written prefix, [`PublicKey::SPKI_DER_BYTES`] long. A shorter `out` is
    /// [`Error::BufferTooSmall`].
    pub fn to_public_key_der_into<'o>(&self, out: &'o mut [u8]) -> Result<&'o [u8], Error> {
        SpkiWriter::<P>::new(&self.bytes).write_into(out)
    }
}

impl<P: AlgorithmOid, S: Strategy<P>> EncapsulationKey<MlKem<P, S>> {
    /// As [`PublicKey::to_public_key_der_into`].
    pub fn to_public_key_der_into<'o>(&self, out: &'o mut [u8]) -> Result<&'o [u8], Error> {
        self.pk.to_public_key_der_into(out)
    }
}

/// The `kem` key of a 64-byte seed (already length-checked).
fn from_seed<P: ParameterSet, S: Strategy<P>>(seed: &[u8]) -> DecapsulationKey<MlKem<P, S>> {
    let mut bytes = zeroize::Zeroizing::new([0u8; SEED_BYTES]);
    bytes.copy_from_slice(seed);
    DecapsulationKey::from_seed_bytes(&bytes)
}

/// Decodes a PKCS#8 ML-KEM private key of `P` (any form; checks in the module
/// documentation), generating with the strategy `S` where the form has a seed.
fn decode_private<P: AlgorithmOid, S: Strategy<P>>(
    info: &PrivateKeyInfoRef<'_>,
) -> Result<DecapsulationKey<MlKem<P, S>>, ::pkcs8::Error> {
    check_algorithm::<P>(info)?;
    let dk = match parse_choice::<P>(info.private_key.as_bytes())? {
        PrivateKey::Seed(seed) => from_seed::<P, S>(seed),
        PrivateKey::Expanded(expanded) => {
            DecapsulationKey::from_expanded_bytes(expanded).map_err(|_| KeyError::Invalid)?
        }
        PrivateKey::Both(seed, expanded) => {
            let dk = from_seed::<P, S>(seed);
            let mut regenerated = SecretKey::<P>::zeroed();
            dk.write_secret_key(&mut regenerated);
            // The decision is published (accept or reject); the comparison of the
            // secret bytes is constant-time.
            if !ct::bytes_eq(&regenerated.bytes, expanded) {
                return Err(KeyError::Invalid.into());
            }
            dk
        }
    };
    if let Some(bits) = &info.public_key {
        let ek = bits.as_bytes().ok_or(KeyError::Invalid)?;
        if !ct::bytes_eq(ek, &dk.ek.pk.bytes) {
            return Err(KeyError::Invalid.into());
        }
    }
    Ok(dk)
}

impl<P: AlgorithmOid, S: Strategy<P>> TryFrom<PrivateKeyInfoRef<'_>>
    for DecapsulationKey<MlKem<P, S>>
{
    type Error = ::pkcs8::Error;

    /// Any of the three forms, checked (module documentation); the seed and both
    /// forms generate with `S` and keep the seed.
    fn try_from(info: PrivateKeyInfoRef<'_>) -> Result<Self, ::pkcs8::Error> {
        decode_private::<P, S>(&info)
    }
}

impl<P: AlgorithmOid> TryFrom<PrivateKeyInfoRef<'_>> for SecretKey<P> {
    type Error = ::pkcs8::Error;

    /// Any of the three forms, checked as for the `kem` key; a seed is expanded with
    /// [`SmallStack`].
    fn try_from(info: PrivateKeyInfoRef<'_>) -> Result<Self, ::pkcs8::Error> {
        let dk = decode_private::<P, SmallStack>(&info)?;
        let mut sk = SecretKey::<P>::zeroed();
        dk.write_secret_key(&mut sk);
        Ok(sk)
    }
}

impl<P: AlgorithmOid> TryFrom<SubjectPublicKeyInfoRef<'_>> for PublicKey<P> {
    type Error = ::spki::Error;

    /// The OID of `P` with the parameters absent, and a BIT STRING of exactly ek's
    /// length, no unused bits, that passes the modulus check (FIPS 203 §7.2).
    fn try_from(spki: SubjectPublicKeyInfoRef<'_>) -> Result<Self, ::spki::Error> {
        let ek = parse_public::<P>(&spki)?;
        Self::from_bytes(ek).map_err(|_| ::spki::Error::KeyMalformed)
    }
}

impl<P: AlgorithmOid, S: Strategy<P>> TryFrom<SubjectPublicKeyInfoRef<'_>>
    for EncapsulationKey<MlKem<P, S>>
{
    type Error = ::spki::Error;

    /// As for [`PublicKey`].
    fn try_from(spki: SubjectPublicKeyInfoRef<'_>) -> Result<Self, ::spki::Error> {
        PublicKey::<P>::try_from(spki).map(Self::from_public_key)
    }
}

associated_algorithm_identifiers!(
    SecretKey<P> => [P: AlgorithmOid],
    PublicKey<P> => [P: AlgorithmOid],
    DecapsulationKey<MlKem<P, S>> => [P: AlgorithmOid, S: Strategy<P>],
    EncapsulationKey<MlKem<P, S>> => [P: AlgorithmOid, S: Strategy<P>],
);

#[cfg(feature = "alloc")]
mod alloc_traits {
    use super::*;
    use ::pkcs8::{EncodePrivateKey, SecretDocument};
    use ::spki::{Document, EncodePublicKey};

    impl<P: AlgorithmOid, S: Strategy<P>> EncodePrivateKey for DecapsulationKey<MlKem<P, S>> {
        /// The seed form when the key knows its seed, else the expanded form.
        fn to_pkcs8_der(&self) -> ::pkcs8::Result<SecretDocument> {
            let seed = self.seed();
            let doc = self
                .pkcs8_writer(self.default_pkcs8_form(), &seed)
                .map_err(|_| KeyError::Invalid)?;
            Ok(SecretDocument::encode_msg(&doc)?)
        }
    }

    impl<P: AlgorithmOid> EncodePrivateKey for SecretKey<P> {
        /// The expanded form (the native key does not know its seed).
        fn to_pkcs8_der(&self) -> ::pkcs8::Result<SecretDocument> {
            let doc = self.expanded_writer().map_err(|_| KeyError::Invalid)?;
            Ok(SecretDocument::encode_msg(&doc)?)
        }
    }

    impl<P: AlgorithmOid> EncodePublicKey for PublicKey<P> {
        fn to_public_key_der(&self) -> ::spki::Result<Document> {
            Ok(Document::encode_msg(&SpkiWriter::<P>::new(&self.bytes))?)
        }
    }

    impl<P: AlgorithmOid, S: Strategy<P>> EncodePublicKey for EncapsulationKey<MlKem<P, S>> {
        fn to_public_key_der(&self) -> ::spki::Result<Document> {
            self.pk.to_public_key_der()
        }
    }
}
