//! The IETF LAMPS private-key forms shared by ML-DSA (RFC 9881) and ML-KEM
//! (draft-ietf-lamps-kyber-certificates), and the PKCS#8 / SPKI DER around them.
//! Behind the cargo feature `pkcs8`; heap-free.
//!
//! Both documents define the PKCS#8 `privateKey` content as
//!
//! ```text
//! PrivateKey ::= CHOICE {
//!   seed [0] IMPLICIT OCTET STRING (SIZE (seed bytes)),   -- tag 0x80
//!   expandedKey OCTET STRING (SIZE (expanded bytes)),
//!   both SEQUENCE {
//!       seed OCTET STRING (SIZE (seed bytes)),
//!       expandedKey OCTET STRING (SIZE (expanded bytes)) } }
//! ```
//!
//! and the SPKI `subjectPublicKey` BIT STRING as the raw public key, with an
//! `AlgorithmIdentifier` whose parameters are absent. This module writes and reads
//! that DER for any parameter set given its sizes ([`KeyFormat`]); each family's
//! `pkcs8` module adds its OIDs, its seed length and how a key is regenerated from
//! the seed and checked.

use crate::Error;
use ::pkcs8::{KeyError, PrivateKeyInfoRef};
use ::spki::{AlgorithmIdentifierRef, SubjectPublicKeyInfoRef};
use der::asn1::OctetStringRef;
use der::{Decode, Encode, Header, Length, Reader, SliceReader, Tag, TagNumber, Writer};

/// The sizes and algorithm identifier of a parameter set's LAMPS key formats.
/// Implemented for the ML-DSA and ML-KEM parameter sets (each family's
/// `AlgorithmOid` has it as a supertrait).
pub trait KeyFormat {
    /// Bytes of the seed (ML-DSA: xi, 32; ML-KEM: d || z, 64).
    const SEED_BYTES: usize;
    /// Bytes of the expanded private key (ML-DSA: skEncode; ML-KEM: dk).
    const EXPANDED_BYTES: usize;
    /// Bytes of the raw public key in the SPKI BIT STRING.
    const PUBLIC_BYTES: usize;
    /// The `AlgorithmIdentifier`: the family's OID with the parameters absent.
    const ALGORITHM: AlgorithmIdentifierRef<'static>;
}

/// The three forms of the LAMPS private key (RFC 9881 for ML-DSA, the ML-KEM
/// certificate document for ML-KEM), written into PKCS#8 (see docs/key-formats.md).
///
/// ```
/// use pqfit::pkcs8::DecodePrivateKey;
/// use pqfit::spki::DecodePublicKey;
/// use pqfit::{KeyPair, MlDsa65, PrivateKeyForm, SigningKey, VerifyingKey};
///
/// let kp = KeyPair::<MlDsa65>::from_seed(&[7u8; 32]);
/// // Buffers sized by the constants: no heap.
/// let mut buf = [0u8; PrivateKeyForm::Seed.der_len::<MlDsa65>()];
/// let der = kp.to_pkcs8_der_into(PrivateKeyForm::Seed, &mut buf).unwrap();
/// assert_eq!(der.len(), 54);
/// let sk = SigningKey::<MlDsa65>::from_pkcs8_der(der).unwrap();
/// assert_eq!(sk.as_bytes(), kp.signing_key.as_bytes());
///
/// let mut buf = [0u8; VerifyingKey::<MlDsa65>::SPKI_DER_BYTES];
/// let der = kp.verifying_key.to_public_key_der_into(&mut buf).unwrap();
/// assert_eq!(VerifyingKey::<MlDsa65>::from_public_key_der(der).unwrap(), kp.verifying_key);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrivateKeyForm {
    /// `seed [0] IMPLICIT OCTET STRING`: the seed (ML-DSA: the 32-byte xi; ML-KEM:
    /// the 64-byte d || z), from which the reader regenerates the keys. The form
    /// RFC 9881 recommends, and the smallest.
    Seed,
    /// `expandedKey OCTET STRING`: the expanded private key (ML-DSA: the skEncode
    /// bytes; ML-KEM: the decapsulation key dk of FIPS 203).
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
    } else if content < 0x1_0000 {
        3
    } else {
        4
    };
    1 + len_of_len + content
}

/// `AlgorithmIdentifier` for `P`: SEQUENCE { OID }.
const fn algorithm_identifier_len<P: KeyFormat>() -> usize {
    tlv(tlv(P::ALGORITHM.oid.as_bytes().len()))
}

/// The version INTEGER 0 of a PKCS#8 v1 `OneAsymmetricKey`.
const VERSION_LEN: usize = tlv(1);

/// `[0] IMPLICIT OCTET STRING`: context-specific, primitive, number 0 (0x80).
const SEED_TAG: Tag = Tag::ContextSpecific {
    constructed: false,
    number: TagNumber(0),
};

impl PrivateKeyForm {
    /// Bytes of the private key CHOICE in this form (the content of the PKCS#8
    /// `privateKey` OCTET STRING).
    const fn choice_len<P: KeyFormat>(self) -> usize {
        match self {
            Self::Seed => tlv(P::SEED_BYTES),
            Self::Expanded => tlv(P::EXPANDED_BYTES),
            Self::Both => tlv(tlv(P::SEED_BYTES) + tlv(P::EXPANDED_BYTES)),
        }
    }

    /// The content length of the `OneAsymmetricKey` SEQUENCE (version 0, no
    /// attributes, no public key).
    const fn content_len<P: KeyFormat>(self) -> usize {
        VERSION_LEN + algorithm_identifier_len::<P>() + tlv(self.choice_len::<P>())
    }

    /// The exact length in bytes of a PKCS#8 document of this form for the
    /// parameter set `P`, as the `to_pkcs8_der_into` methods write it: for the seed
    /// form, 54 bytes for every ML-DSA set and 86 for every ML-KEM set.
    pub const fn der_len<P: KeyFormat>(self) -> usize {
        tlv(self.content_len::<P>())
    }
}

/// The content length of the SPKI SEQUENCE for `P`.
const fn spki_content_len<P: KeyFormat>() -> usize {
    algorithm_identifier_len::<P>() + tlv(1 + P::PUBLIC_BYTES)
}

/// The exact length of the SPKI document of `P`.
pub(crate) const fn spki_der_len<P: KeyFormat>() -> usize {
    tlv(spki_content_len::<P>())
}

fn length(n: usize) -> der::Result<Length> {
    Length::try_from(n)
}

/// A PKCS#8 document of `P` to be written: the secret parts borrowed, not copied.
/// The expanded key is written from up to three parts in order (ML-KEM's dk_PKE, ek,
/// H(ek) || z), so a key kept in pieces needs no joined copy.
pub(crate) struct Pkcs8Writer<'a, P> {
    form: PrivateKeyForm,
    seed: Option<&'a [u8]>,
    expanded: [&'a [u8]; 3],
    _p: core::marker::PhantomData<P>,
}

impl<'a, P: KeyFormat> Pkcs8Writer<'a, P> {
    /// The writer of `form` with the key's `seed`, if it knows it, and its expanded
    /// key in `expanded` (concatenated). The seed and both forms without a seed are
    /// [`Error::MissingSeed`].
    pub(crate) fn new(
        form: PrivateKeyForm,
        seed: Option<&'a [u8]>,
        expanded: [&'a [u8]; 3],
    ) -> Result<Self, Error> {
        if form != PrivateKeyForm::Expanded && seed.is_none() {
            return Err(Error::MissingSeed);
        }
        Ok(Self {
            form,
            seed,
            expanded,
            _p: core::marker::PhantomData,
        })
    }

    /// Writes the document into `out` and returns the written prefix,
    /// `form.der_len::<P>()` long; a shorter `out` is [`Error::BufferTooSmall`].
    pub(crate) fn write_into<'o>(&self, out: &'o mut [u8]) -> Result<&'o [u8], Error> {
        write_into(self, self.form.der_len::<P>(), out)
    }
}

impl<P: KeyFormat> Encode for Pkcs8Writer<'_, P> {
    fn encoded_len(&self) -> der::Result<Length> {
        length(self.form.der_len::<P>())
    }

    fn encode(&self, w: &mut impl Writer) -> der::Result<()> {
        let seed = match (self.form, self.seed) {
            (PrivateKeyForm::Expanded, _) => None,
            (_, Some(seed)) if seed.len() == P::SEED_BYTES => Some(OctetStringRef::new(seed)?),
            _ => return Err(der::ErrorKind::Failed.into()),
        };
        let expanded_len: usize = self.expanded.iter().map(|p| p.len()).sum();
        if expanded_len != P::EXPANDED_BYTES {
            return Err(der::ErrorKind::Failed.into());
        }
        let write_expanded = |w: &mut _| -> der::Result<()> {
            Header::new(Tag::OctetString, length(P::EXPANDED_BYTES)?).encode(w)?;
            for part in self.expanded {
                Writer::write(w, part)?;
            }
            Ok(())
        };
        Header::new(Tag::Sequence, length(self.form.content_len::<P>())?).encode(w)?;
        0u8.encode(w)?;
        P::ALGORITHM.encode(w)?;
        Header::new(Tag::OctetString, length(self.form.choice_len::<P>())?).encode(w)?;
        match (self.form, seed) {
            (PrivateKeyForm::Seed, Some(seed)) => {
                Header::new(SEED_TAG, length(P::SEED_BYTES)?).encode(w)?;
                w.write(seed.as_bytes())
            }
            (PrivateKeyForm::Both, Some(seed)) => {
                let inner = tlv(P::SEED_BYTES) + tlv(P::EXPANDED_BYTES);
                Header::new(Tag::Sequence, length(inner)?).encode(w)?;
                seed.encode(w)?;
                write_expanded(w)
            }
            _ => write_expanded(w),
        }
    }
}

/// A SPKI document of `P` to be written: the raw public key in the BIT STRING.
pub(crate) struct SpkiWriter<'a, P> {
    pk: &'a [u8],
    _p: core::marker::PhantomData<P>,
}

impl<'a, P: KeyFormat> SpkiWriter<'a, P> {
    /// The writer of the public key `pk`.
    pub(crate) fn new(pk: &'a [u8]) -> Self {
        Self {
            pk,
            _p: core::marker::PhantomData,
        }
    }

    /// Writes the document into `out` and returns the written prefix,
    /// [`spki_der_len`] long; a shorter `out` is [`Error::BufferTooSmall`].
    pub(crate) fn write_into<'o>(&self, out: &'o mut [u8]) -> Result<&'o [u8], Error> {
        write_into(self, spki_der_len::<P>(), out)
    }
}

impl<P: KeyFormat> Encode for SpkiWriter<'_, P> {
    fn encoded_len(&self) -> der::Result<Length> {
        length(spki_der_len::<P>())
    }

    fn encode(&self, w: &mut impl Writer) -> der::Result<()> {
        Header::new(Tag::Sequence, length(spki_content_len::<P>())?).encode(w)?;
        P::ALGORITHM.encode(w)?;
        Header::new(Tag::BitString, length(1 + P::PUBLIC_BYTES)?).encode(w)?;
        // No unused bits in the last byte.
        w.write_byte(0)?;
        w.write(self.pk)
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

/// The private key CHOICE as read, borrowing the document; lengths checked.
pub(crate) enum PrivateKey<'a> {
    /// The seed, [`KeyFormat::SEED_BYTES`] long.
    Seed(&'a [u8]),
    /// The expanded key, [`KeyFormat::EXPANDED_BYTES`] long.
    Expanded(&'a [u8]),
    /// The seed and the expanded key.
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

/// Checks the algorithm of a PKCS#8 document of `P`: the OID of `P`, parameters
/// absent.
pub(crate) fn check_algorithm<P: KeyFormat>(
    info: &PrivateKeyInfoRef<'_>,
) -> Result<(), ::pkcs8::Error> {
    info.algorithm.assert_algorithm_oid(P::ALGORITHM.oid)?;
    if info.algorithm.parameters.is_some() {
        return Err(::pkcs8::Error::ParametersMalformed);
    }
    Ok(())
}

/// The private key CHOICE of a PKCS#8 document of `P` (the content of
/// `privateKey`): lengths checked, no trailing data.
pub(crate) fn parse_choice<P: KeyFormat>(der: &[u8]) -> Result<PrivateKey<'_>, ::pkcs8::Error> {
    let mut r = SliceReader::new(der)?;
    let key = match Tag::peek(&r)? {
        t if t == SEED_TAG => PrivateKey::Seed(read_value(&mut r, SEED_TAG)?),
        Tag::OctetString => PrivateKey::Expanded(read_value(&mut r, Tag::OctetString)?),
        Tag::Sequence => {
            let mut inner = SliceReader::new(read_value(&mut r, Tag::Sequence)?)?;
            let seed = read_value(&mut inner, Tag::OctetString)?;
            let expanded = read_value(&mut inner, Tag::OctetString)?;
            inner.finish()?;
            PrivateKey::Both(seed, expanded)
        }
        _ => return Err(KeyError::Invalid.into()),
    };
    r.finish()?;
    let (seed_len, expanded_len) = match key {
        PrivateKey::Seed(seed) => (seed.len(), P::EXPANDED_BYTES),
        PrivateKey::Expanded(expanded) => (P::SEED_BYTES, expanded.len()),
        PrivateKey::Both(seed, expanded) => (seed.len(), expanded.len()),
    };
    if seed_len != P::SEED_BYTES || expanded_len != P::EXPANDED_BYTES {
        return Err(KeyError::Invalid.into());
    }
    Ok(key)
}

/// The raw public key of a SPKI document of `P`: the OID of `P` with parameters
/// absent, and a BIT STRING with no unused bits (its length is the caller's check).
pub(crate) fn parse_public<'a, P: KeyFormat>(
    spki: &SubjectPublicKeyInfoRef<'a>,
) -> Result<&'a [u8], ::spki::Error> {
    spki.algorithm.assert_algorithm_oid(P::ALGORITHM.oid)?;
    if spki.algorithm.parameters.is_some() {
        return Err(::spki::Error::KeyMalformed);
    }
    spki.subject_public_key
        .as_bytes()
        .ok_or(::spki::Error::KeyMalformed)
}

/// Implements, for each parameter set `$p` of a family, the family's
/// `AlgorithmOid` (`$oid`, documented as `$name`) and [`KeyFormat`]: the seed of
/// `$seed` bytes, and the expanded and public key sizes `$sizes::$expanded` and
/// `$sizes::$public`.
macro_rules! lamps_parameter_sets {
    (
        $algorithm_oid:ident, seed: $seed:expr,
        expanded: <$sizes:path>::$expanded:ident, public: $public:ident;
        $($p:ty => $name:literal, $oid:literal;)*
    ) => {$(
        impl $algorithm_oid for $p {
            #[doc = concat!($name, ", ", $oid, ".")]
            const OID: ObjectIdentifier = ObjectIdentifier::new_unwrap($oid);
        }

        impl $crate::key_forms::KeyFormat for $p {
            const SEED_BYTES: usize = $seed;
            const EXPANDED_BYTES: usize = <$p as $sizes>::$expanded;
            const PUBLIC_BYTES: usize = <$p as $sizes>::$public;
            const ALGORITHM: AlgorithmIdentifierRef<'static> =
                <$p as $algorithm_oid>::ALGORITHM_IDENTIFIER;
        }
    )*};
}
pub(crate) use lamps_parameter_sets;

/// Implements `spki::AssociatedAlgorithmIdentifier` (the algorithm identifier of
/// the parameter set `P`, [`KeyFormat::ALGORITHM`]) for each key type `$ty` with
/// the generics `$g`.
macro_rules! associated_algorithm_identifiers {
    ($($ty:ty => [$($g:tt)*]),* $(,)?) => {$(
        impl<$($g)*> ::spki::AssociatedAlgorithmIdentifier for $ty {
            type Params = ::der::asn1::AnyRef<'static>;
            const ALGORITHM_IDENTIFIER: ::spki::AlgorithmIdentifierRef<'static> =
                <P as $crate::key_forms::KeyFormat>::ALGORITHM;
        }
    )*};
}
pub(crate) use associated_algorithm_identifiers;
