//! Encoded keys and signatures of both signature families: fixed-size byte buffers
//! whose sizes and checks come from the parameter set ([`Encoding`], implemented by
//! ML-DSA's and CROSS's parameter sets), checked on construction. One set of types:
//! `SigningKey<MlDsa65>` and `SigningKey<Rsdp1Small>` are the same generic buffer.

use crate::Error;
use core::marker::PhantomData;
use generic_array::GenericArray;
pub use pqfit_core::encoding::Encoding;
use typenum::Unsigned;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// `Ok` when `bytes` has the `expected` length, else `Error::InvalidLength`.
pub(crate) fn check_len(bytes: &[u8], expected: usize) -> Result<(), Error> {
    if bytes.len() == expected {
        Ok(())
    } else {
        Err(Error::InvalidLength {
            expected,
            actual: bytes.len(),
        })
    }
}

/// A secret key: for ML-DSA the encoding of FIPS 204 (skEncode), for CROSS the
/// key-pair seed seed_sk. Zeroized on drop; `Debug` prints no key material.
///
/// There is no `Default`: an all-zero key is a valid, publicly known key of both
/// families, and a key that appears implicitly (`#[derive(Default)]`,
/// `mem::take`) would sign with it. [`SigningKey::blank`] names the buffer a key
/// generation or decoding writes into, and signing refuses a blank key with
/// [`Error::BlankKey`].
///
/// ```compile_fail
/// let sk = pqfit::SigningKey::<pqfit::MlDsa65>::default();
/// ```
///
/// ```compile_fail
/// let sk: pqfit::cross::SigningKey<pqfit::cross::Rsdp1Small> = Default::default();
/// ```
pub struct SigningKey<P: Encoding> {
    pub(crate) bytes: GenericArray<u8, P::SkLen>,
}

/// A public key: for ML-DSA pkEncode, for CROSS seed_pk || the packed syndrome.
pub struct VerifyingKey<P: Encoding> {
    pub(crate) bytes: GenericArray<u8, P::PkLen>,
}

/// A signature: for ML-DSA sigEncode; for CROSS salt, digest_cmt, digest_chall_2,
/// the seed path, the Merkle proof, then the responses.
pub struct Signature<P: Encoding> {
    pub(crate) bytes: GenericArray<u8, P::SigLen>,
    _p: PhantomData<P>,
}

impl<P: Encoding> SigningKey<P> {
    /// The encoded size in bytes.
    pub const BYTES: usize = P::SkLen::USIZE;

    /// A blank (all-zero) buffer for a key generation or a decoding to write into, in
    /// place: `MlDsa::key_gen`, `Cross::key_gen` and the PKCS#8 decoders fill it,
    /// and a `static` of this type can be one (`MaybeUninit::zeroed`: the type is
    /// exactly [`Self::BYTES`] bytes). Until written it cannot sign: every signing
    /// function returns `Err(Error::BlankKey)` for it.
    pub fn blank() -> Self {
        Self {
            bytes: GenericArray::default(),
        }
    }

    /// Whether the key is blank (all zero: never generated, decoded or derived).
    /// Constant time: every byte is read, whatever the key.
    pub fn is_blank(&self) -> bool {
        let mut acc = 0u8;
        for &b in self.bytes.iter() {
            acc |= b;
        }
        pqfit_core::ct::declassify_u32(pqfit_core::ct::ne_bit(acc as u32, 0)) == 0
    }

    /// `Err(BlankKey)` for a blank key: the check at every signing entry.
    pub(crate) fn check_not_blank(&self) -> Result<(), Error> {
        if self.is_blank() {
            Err(Error::BlankKey)
        } else {
            Ok(())
        }
    }

    /// Parses an encoded secret key: the length must match, the encoding must not be
    /// all zero (`Err(BlankKey)`: a publicly known key), and it must be well formed
    /// (ML-DSA: every s1 and s2 coefficient in [-eta, eta], checked in constant
    /// time; CROSS: every seed is a key).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, Self::BYTES)?;
        if !P::signing_key_is_well_formed(bytes) {
            return Err(Error::MalformedKey);
        }
        let mut key = Self::blank();
        key.bytes.copy_from_slice(bytes);
        key.check_not_blank()?;
        Ok(key)
    }

    /// The encoding.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
}

impl<P: Encoding> VerifyingKey<P> {
    /// The encoded size in bytes.
    pub const BYTES: usize = P::PkLen::USIZE;

    /// Parses an encoded public key: the length must match, and the encoding must be
    /// well formed (ML-DSA: every bit string is; CROSS: every syndrome value in
    /// [0, p) and zero padding bits).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, Self::BYTES)?;
        if !P::verifying_key_is_well_formed(bytes) {
            return Err(Error::MalformedKey);
        }
        let mut key = Self::default();
        key.bytes.copy_from_slice(bytes);
        Ok(key)
    }

    /// The encoding.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
}

impl<P: Encoding> Signature<P> {
    /// The encoded size in bytes.
    pub const BYTES: usize = P::SigLen::USIZE;

    /// Parses an encoded signature: the length must match and the checks that can
    /// be made before verification must pass (ML-DSA: the hint encoding, FIPS 204
    /// Algorithm 21; the z bound is verification's. CROSS: verification checks the
    /// whole encoding).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, Self::BYTES)?;
        if !P::signature_is_well_formed(bytes) {
            return Err(Error::MalformedSignature);
        }
        let mut sig = Self::default();
        sig.bytes.copy_from_slice(bytes);
        Ok(sig)
    }

    /// The encoding.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
}

/// `Clone` and `TryFrom<&[u8]>` (= `from_bytes`) for each buffer type.
macro_rules! common {
    ($name:ident $(, $field:ident: $init:expr)*) => {
        impl<P: Encoding> Clone for $name<P> {
            fn clone(&self) -> Self {
                Self { bytes: self.bytes.clone() $(, $field: $init)* }
            }
        }

        impl<P: Encoding> TryFrom<&[u8]> for $name<P> {
            type Error = Error;
            fn try_from(bytes: &[u8]) -> Result<Self, Error> {
                Self::from_bytes(bytes)
            }
        }
    };
}

common!(SigningKey);
common!(VerifyingKey);
common!(Signature, _p: PhantomData);

impl<P: Encoding> Drop for SigningKey<P> {
    fn drop(&mut self) {
        self.bytes.zeroize();
    }
}

impl<P: Encoding> ZeroizeOnDrop for SigningKey<P> {}

impl<P: Encoding> core::fmt::Debug for SigningKey<P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "SigningKey<{}> {{ .. }}", P::NAME)
    }
}

/// `Default` (an all-zero buffer to write into), equality and a `Debug` showing the
/// first bytes, for the public buffers.
macro_rules! public {
    ($name:ident $(, $field:ident: $init:expr)*) => {
        impl<P: Encoding> Default for $name<P> {
            /// An all-zero buffer for key generation or signing to write into.
            fn default() -> Self {
                Self { bytes: GenericArray::default() $(, $field: $init)* }
            }
        }

        impl<P: Encoding> PartialEq for $name<P> {
            fn eq(&self, other: &Self) -> bool {
                self.bytes == other.bytes
            }
        }

        impl<P: Encoding> Eq for $name<P> {}

        impl<P: Encoding> core::fmt::Debug for $name<P> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{}<{}>(", stringify!($name), P::NAME)?;
                for b in self.bytes.iter().take(8) {
                    write!(f, "{b:02x}")?;
                }
                f.write_str("..)")
            }
        }
    };
}

public!(VerifyingKey);
public!(Signature, _p: PhantomData);

impl<P: Encoding> AsRef<[u8]> for Signature<P> {
    fn as_ref(&self) -> &[u8] {
        &self.bytes
    }
}

impl<P: Encoding> From<Signature<P>> for GenericArray<u8, P::SigLen> {
    fn from(sig: Signature<P>) -> Self {
        sig.bytes
    }
}

impl<P: Encoding> signature::SignatureEncoding for Signature<P> {
    type Repr = GenericArray<u8, P::SigLen>;
}
