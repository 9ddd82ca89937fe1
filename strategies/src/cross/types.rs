//! CROSS keys and signatures: fixed-size byte buffers sized by the parameter set.

use crate::keys::check_len;
use crate::Error;
use core::marker::PhantomData;
use generic_array::GenericArray;
use pqfit_core::cross::{packing, CrossParams};
use zeroize::{Zeroize, ZeroizeOnDrop};

/// A CROSS secret key: the key-pair seed seed_sk (2 lambda / 8 bytes). Every byte
/// string of the right length is a valid key. Zeroized on drop; `Debug` prints no
/// key material.
pub struct SigningKey<P: CrossParams> {
    pub(crate) bytes: GenericArray<u8, P::SkLen>,
}

/// A CROSS public key: seed_pk || the packed syndrome s.
pub struct VerifyingKey<P: CrossParams> {
    pub(crate) bytes: GenericArray<u8, P::PkLen>,
}

/// A CROSS signature: salt, digest_cmt, digest_chall_2, the seed path, the Merkle
/// proof, then t - w second and first responses.
pub struct Signature<P: CrossParams> {
    pub(crate) bytes: GenericArray<u8, P::SigLen>,
    _p: PhantomData<P>,
}

impl<P: CrossParams> SigningKey<P> {
    /// The encoded size in bytes.
    pub const BYTES: usize = P::SK_BYTES;

    /// Copies an encoded secret key; `Err` if its length is not [`Self::BYTES`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, P::SK_BYTES)?;
        let mut key = Self::default();
        key.bytes.copy_from_slice(bytes);
        Ok(key)
    }

    /// The encoding.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
}

impl<P: CrossParams> VerifyingKey<P> {
    /// The encoded size in bytes.
    pub const BYTES: usize = P::PK_BYTES;

    /// Parses an encoded public key: the length must match, every syndrome value
    /// must lie in [0, p) and the padding bits must be zero.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, P::PK_BYTES)?;
        if !syndrome_is_well_formed::<P>(&bytes[P::KEY_SEED_BYTES..]) {
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

/// Whether a packed syndrome has values in [0, p) and zero padding.
pub(crate) fn syndrome_is_well_formed<P: CrossParams>(packed: &[u8]) -> bool {
    packing::unpack(packed, P::N - P::K, P::BITS_P, P::P as u32, |_, _| {})
}

impl<P: CrossParams> Signature<P> {
    /// The encoded size in bytes.
    pub const BYTES: usize = P::SIG_BYTES;

    /// Copies an encoded signature; `Err` if its length is not [`Self::BYTES`]. The
    /// encoding itself is checked by verification.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, P::SIG_BYTES)?;
        let mut sig = Self::default();
        sig.bytes.copy_from_slice(bytes);
        Ok(sig)
    }

    /// The encoding.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
}

macro_rules! common {
    ($name:ident, $($field:ident: $init:expr),*) => {
        impl<P: CrossParams> Default for $name<P> {
            /// An all-zero buffer to write into.
            fn default() -> Self {
                Self { bytes: GenericArray::default() $(, $field: $init)* }
            }
        }

        impl<P: CrossParams> Clone for $name<P> {
            fn clone(&self) -> Self {
                Self { bytes: self.bytes.clone() $(, $field: $init)* }
            }
        }

        impl<P: CrossParams> TryFrom<&[u8]> for $name<P> {
            type Error = Error;
            fn try_from(bytes: &[u8]) -> Result<Self, Error> {
                Self::from_bytes(bytes)
            }
        }
    };
}

common!(SigningKey,);
common!(VerifyingKey,);
common!(Signature, _p: PhantomData);

impl<P: CrossParams> Drop for SigningKey<P> {
    fn drop(&mut self) {
        self.bytes.zeroize();
    }
}

impl<P: CrossParams> ZeroizeOnDrop for SigningKey<P> {}

impl<P: CrossParams> core::fmt::Debug for SigningKey<P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "SigningKey<{}> {{ .. }}", P::NAME)
    }
}

macro_rules! public {
    ($name:ident) => {
        impl<P: CrossParams> PartialEq for $name<P> {
            fn eq(&self, other: &Self) -> bool {
                self.bytes == other.bytes
            }
        }

        impl<P: CrossParams> Eq for $name<P> {}

        impl<P: CrossParams> core::fmt::Debug for $name<P> {
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
public!(Signature);
