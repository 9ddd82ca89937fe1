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
use crate::Error;
use ::pkcs8::{KeyError, PrivateKeyInfoRef};
use ::spki::{AlgorithmIdentifierRef, AssociatedAlgorithmIdentifier, SubjectPublicKeyInfoRef};
use const_oid::ObjectIdentifier;
use der::asn1::AnyRef;
use der::{Decode, Encode, Header, Length, Reader, SliceReader, Tag, TagNumber, Writer};
use pqfit_core::ct;
use pqfit_core::mlkem::{MlKem1024Params, MlKem512Params, MlKem768Params};

/// Bytes of the seed d || z.
const SEED_BYTES: usize = 64;

/// An ML-KEM parameter set with its algorithm identifier: the OID of
/// `AlgorithmIdentifier`, whose parameters are absent.
pub trait AlgorithmOid: ParameterSet {
    /// id-alg-ml-kem-512, -768 or -1024.
    const OID: ObjectIdentifier;
    /// The `AlgorithmIdentifier`: [`AlgorithmOid::OID`] with the parameters absent.
    const ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> = AlgorithmIdentifierRef {
        oid: Self::OID,
        parameters: None,
    };
}

impl AlgorithmOid for MlKem512Params {
    /// id-alg-ml-kem-512, 2.16.840.1.101.3.4.4.1.
    const OID: ObjectIdentifier = ObjectIdentifier::new_unwrap("2.16.840.1.101.3.4.4.1");
}

impl AlgorithmOid for MlKem768Params {
    /// id-alg-ml-kem-768, 2.16.840.1.101.3.4.4.2.
    const OID: ObjectIdentifier = ObjectIdentifier::new_unwrap("2.16.840.1.101.3.4.4.2");
}

impl AlgorithmOid for MlKem1024Params {
    /// id-alg-ml-kem-1024, 2.16.840.1.101.3.4.4.3.
    const OID: ObjectIdentifier = ObjectIdentifier::new_unwrap("2.16.840.1.101.3.4.4.3");
}

/// The three forms of the ML-KEM private key, written into PKCS#8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrivateKeyForm {
    /// `seed [0] IMPLICIT OCTET STRING (SIZE (64))`: d || z, from which the reader
    /// regenerates the keys. The smallest form (86 bytes of DER for every set).
    Seed,
    /// `expandedKey OCTET STRING`: the decapsulation key dk of FIPS 203.
    Expanded,
    /// `both SEQUENCE { seed, expandedKey }`.
    Both,
}

/// The DER length of a TLV with `content` bytes of content (tag of one byte).
const fn tlv(content: usize) -> usize {
    let len_of_len = if content < 0x80 {
        1
    } else if content < 0x100 {
        2
    } else {
        3
    };
    1 + len_of_len + content
}

/// `AlgorithmIdentifier` for `P`: SEQUENCE { OID }.
const fn algorithm_identifier_len<P: AlgorithmOid>() -> usize {
    tlv(tlv(P::OID.as_bytes().len()))
}

/// The content length of the SPKI SEQUENCE for `P`.
const fn spki_content_len<P: AlgorithmOid>() -> usize {
    algorithm_identifier_len::<P>() + tlv(1 + P::EK_BYTES)
}

impl PrivateKeyForm {
    /// Bytes of the private key CHOICE in this form (the content of `privateKey`).
    const fn choice_len<P: ParameterSet>(self) -> usize {
        match self {
            Self::Seed => tlv(SEED_BYTES),
            Self::Expanded => tlv(P::DK_BYTES),
            Self::Both => tlv(tlv(SEED_BYTES) + tlv(P::DK_BYTES)),
        }
    }

    /// The content length of the `OneAsymmetricKey` SEQUENCE (version 0, no
    /// attributes, no public key).
    const fn content_len<P: AlgorithmOid>(self) -> usize {
        tlv(1) + algorithm_identifier_len::<P>() + tlv(self.choice_len::<P>())
    }

    /// The exact length in bytes of a PKCS#8 document of this form for `P`, as
    /// `to_pkcs8_der_into` writes it: 86 bytes for the seed form of every set.
    pub const fn der_len<P: AlgorithmOid>(self) -> usize {
        tlv(self.content_len::<P>())
    }
}

/// The longest PKCS#8 document this module writes: ML-KEM-1024 in the both form. A
/// buffer of this size holds every form of every set.
pub const MAX_PKCS8_DER_BYTES: usize = PrivateKeyForm::Both.der_len::<MlKem1024Params>();

fn length(n: usize) -> der::Result<Length> {
    Length::try_from(n)
}

/// A PKCS#8 document of `P` to be written: the secret parts borrowed, not copied.
/// The expanded key is written from its parts (dk_PKE, ek, H(ek) || z), so a `kem`
/// decapsulation key needs no joined copy.
struct Pkcs8Writer<'a, P> {
    form: PrivateKeyForm,
    seed: Option<&'a [u8; SEED_BYTES]>,
    dk_parts: [&'a [u8]; 3],
    _p: core::marker::PhantomData<P>,
}

impl<P: AlgorithmOid> Encode for Pkcs8Writer<'_, P> {
    fn encoded_len(&self) -> der::Result<Length> {
        length(self.form.der_len::<P>())
    }

    fn encode(&self, w: &mut impl Writer) -> der::Result<()> {
        let seed = match (self.form, self.seed) {
            (PrivateKeyForm::Expanded, _) => None,
            (_, Some(seed)) => Some(seed),
            (_, None) => return Err(der::ErrorKind::Failed.into()),
        };
        let dk_len: usize = self.dk_parts.iter().map(|p| p.len()).sum();
        if dk_len != P::DK_BYTES {
            return Err(der::ErrorKind::Failed.into());
        }
        let write_dk = |w: &mut _| -> der::Result<()> {
            Header::new(Tag::OctetString, length(P::DK_BYTES)?).encode(w)?;
            for part in self.dk_parts {
                Writer::write(w, part)?;
            }
            Ok(())
        };
        Header::new(Tag::Sequence, length(self.form.content_len::<P>())?).encode(w)?;
        0u8.encode(w)?;
        P::ALGORITHM_IDENTIFIER.encode(w)?;
        Header::new(Tag::OctetString, length(self.form.choice_len::<P>())?).encode(w)?;
        match (self.form, seed) {
            (PrivateKeyForm::Seed, Some(seed)) => {
                Header::new(seed_tag(), length(SEED_BYTES)?).encode(w)?;
                w.write(seed)
            }
            (PrivateKeyForm::Both, Some(seed)) => {
                let inner = tlv(SEED_BYTES) + tlv(P::DK_BYTES);
                Header::new(Tag::Sequence, length(inner)?).encode(w)?;
                Header::new(Tag::OctetString, length(SEED_BYTES)?).encode(w)?;
                w.write(seed)?;
                write_dk(w)
            }
            _ => write_dk(w),
        }
    }
}

/// `[0] IMPLICIT OCTET STRING`: context-specific, primitive, number 0 (0x80).
fn seed_tag() -> Tag {
    Tag::ContextSpecific {
        constructed: false,
        number: TagNumber(0),
    }
}

/// A SPKI document of `P` to be written.
struct SpkiWriter<'a, P> {
    ek: &'a [u8],
    _p: core::marker::PhantomData<P>,
}

impl<P: AlgorithmOid> Encode for SpkiWriter<'_, P> {
    fn encoded_len(&self) -> der::Result<Length> {
        length(tlv(spki_content_len::<P>()))
    }

    fn encode(&self, w: &mut impl Writer) -> der::Result<()> {
        Header::new(Tag::Sequence, length(spki_content_len::<P>())?).encode(w)?;
        P::ALGORITHM_IDENTIFIER.encode(w)?;
        Header::new(Tag::BitString, length(1 + P::EK_BYTES)?).encode(w)?;
        // No unused bits in the last byte.
        w.write_byte(0)?;
        w.write(self.ek)
    }
}

/// Writes `doc` into `out`, which must hold at least `needed` bytes.
fn write_into<'o>(doc: &impl Encode, needed: usize, out: &'o mut [u8]) -> Result<&'o [u8], Error> {
    if out.len() < needed {
        return Err(Error::BufferTooSmall {
            needed,
            actual: out.len(),
        });
    }
    let written = doc.encode_to_slice(out).map_err(|_| Error::Encoding)?;
    if written.len() == needed {
        Ok(written)
    } else {
        Err(Error::Encoding)
    }
}

impl<P: AlgorithmOid, S: Strategy<P>> DecapsulationKey<MlKem<P, S>> {
    /// The PKCS#8 writer of this key in `form`; `Err(MissingSeed)` for the seed and
    /// both forms of a key that does not know its seed.
    fn pkcs8_writer<'a>(
        &'a self,
        form: PrivateKeyForm,
        seed: &'a Option<zeroize::Zeroizing<[u8; 64]>>,
    ) -> Result<Pkcs8Writer<'a, P>, Error> {
        if form != PrivateKeyForm::Expanded && seed.is_none() {
            return Err(Error::MissingSeed);
        }
        let secret = &self.secret;
        Ok(Pkcs8Writer {
            form,
            seed: seed.as_deref(),
            dk_parts: [&secret.dk_pke, &self.ek.pk.bytes, &secret.h_z],
            _p: core::marker::PhantomData,
        })
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
        let doc = self.pkcs8_writer(form, &seed)?;
        write_into(&doc, form.der_len::<P>(), out)
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
        write_into(&self.expanded_writer(), Self::PKCS8_DER_BYTES, out)
    }

    fn expanded_writer(&self) -> Pkcs8Writer<'_, P> {
        Pkcs8Writer {
            form: PrivateKeyForm::Expanded,
            seed: None,
            dk_parts: [&self.bytes, &[], &[]],
            _p: core::marker::PhantomData,
        }
    }
}

impl<P: AlgorithmOid> PublicKey<P> {
    /// The exact length of [`PublicKey::to_public_key_der_into`]'s output.
    pub const SPKI_DER_BYTES: usize = tlv(spki_content_len::<P>());

    /// Writes the key as SPKI DER (ek raw in the BIT STRING) into `out` and returns
    /// the written prefix, [`PublicKey::SPKI_DER_BYTES`] long. A shorter `out` is
    /// [`Error::BufferTooSmall`].
    pub fn to_public_key_der_into<'o>(&self, out: &'o mut [u8]) -> Result<&'o [u8], Error> {
        let doc = SpkiWriter::<P> {
            ek: &self.bytes,
            _p: core::marker::PhantomData,
        };
        write_into(&doc, Self::SPKI_DER_BYTES, out)
    }
}

impl<P: AlgorithmOid, S: Strategy<P>> EncapsulationKey<MlKem<P, S>> {
    /// As [`PublicKey::to_public_key_der_into`].
    pub fn to_public_key_der_into<'o>(&self, out: &'o mut [u8]) -> Result<&'o [u8], Error> {
        self.pk.to_public_key_der_into(out)
    }
}

/// The private key CHOICE as read, borrowing the document.
enum PrivateKey<'a> {
    Seed(&'a [u8]),
    Expanded(&'a [u8]),
    Both(&'a [u8], &'a [u8]),
}

/// The value of one TLV whose tag must be `tag`.
fn read_value<'a>(r: &mut SliceReader<'a>, tag: Tag) -> Result<&'a [u8], ::pkcs8::Error> {
    let header = Header::decode(r)?;
    if header.tag() != tag {
        return Err(KeyError::Invalid.into());
    }
    Ok(r.read_slice(header.length())?)
}

/// The private key CHOICE inside `privateKey`, for `P`: lengths checked, no
/// trailing data.
fn parse_choice<P: ParameterSet>(der: &[u8]) -> Result<PrivateKey<'_>, ::pkcs8::Error> {
    let mut r = SliceReader::new(der)?;
    let key = match Tag::peek(&r)? {
        t if t == seed_tag() => PrivateKey::Seed(read_value(&mut r, seed_tag())?),
        Tag::OctetString => PrivateKey::Expanded(read_value(&mut r, Tag::OctetString)?),
        Tag::Sequence => {
            let mut inner = SliceReader::new(read_value(&mut r, Tag::Sequence)?)?;
            let seed = read_value(&mut inner, Tag::OctetString)?;
            let dk = read_value(&mut inner, Tag::OctetString)?;
            inner.finish()?;
            PrivateKey::Both(seed, dk)
        }
        _ => return Err(KeyError::Invalid.into()),
    };
    r.finish()?;
    let (seed_len, dk_len) = match key {
        PrivateKey::Seed(seed) => (seed.len(), P::DK_BYTES),
        PrivateKey::Expanded(dk) => (SEED_BYTES, dk.len()),
        PrivateKey::Both(seed, dk) => (seed.len(), dk.len()),
    };
    if seed_len != SEED_BYTES || dk_len != P::DK_BYTES {
        return Err(KeyError::Invalid.into());
    }
    Ok(key)
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
    info.algorithm.assert_algorithm_oid(P::OID)?;
    if info.algorithm.parameters.is_some() {
        return Err(::pkcs8::Error::ParametersMalformed);
    }
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
        spki.algorithm.assert_algorithm_oid(P::OID)?;
        if spki.algorithm.parameters.is_some() {
            return Err(::spki::Error::KeyMalformed);
        }
        let ek = spki
            .subject_public_key
            .as_bytes()
            .ok_or(::spki::Error::KeyMalformed)?;
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

macro_rules! algorithm_identifiers {
    ($($ty:ty => [$($g:tt)*]),* $(,)?) => {$(
        impl<$($g)*> AssociatedAlgorithmIdentifier for $ty {
            type Params = AnyRef<'static>;
            const ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> = P::ALGORITHM_IDENTIFIER;
        }
    )*};
}

algorithm_identifiers!(
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
            Ok(SecretDocument::encode_msg(&self.expanded_writer())?)
        }
    }

    impl<P: AlgorithmOid> EncodePublicKey for PublicKey<P> {
        fn to_public_key_der(&self) -> ::spki::Result<Document> {
            let doc = SpkiWriter::<P> {
                ek: &self.bytes,
                _p: core::marker::PhantomData,
            };
            Ok(Document::encode_msg(&doc)?)
        }
    }

    impl<P: AlgorithmOid, S: Strategy<P>> EncodePublicKey for EncapsulationKey<MlKem<P, S>> {
        fn to_public_key_der(&self) -> ::spki::Result<Document> {
            self.pk.to_public_key_der()
        }
    }
}
