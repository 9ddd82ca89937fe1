//! The NTRU Prime parameter sets as types, and the encoded keys, ciphertexts and
//! shared secrets as fixed-size buffers sized by them.

use super::HASH_BYTES;
use crate::Error;
use core::marker::PhantomData;
use generic_array::{ArrayLength, GenericArray};
use typenum::U;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// A typenum number above 1024 (typenum's const-generic range) as 1000 * hi + lo.
macro_rules! big {
    ($n:literal) => {
        typenum::Sum<typenum::Prod<U<{ $n / 1000 }>, typenum::U1000>, U<{ $n % 1000 }>>
    };
}

/// A KEM parameter set: its name and encoded sizes.
pub trait Scheme: 'static {
    /// The name used in the KAT files.
    const NAME: &'static str;
    /// Public key bytes.
    const PK_BYTES: usize;
    /// Secret key bytes.
    const SK_BYTES: usize;
    /// Ciphertext bytes.
    const CT_BYTES: usize;
    /// Public key length as a type.
    type PkLen: ArrayLength;
    /// Secret key length as a type.
    type SkLen: ArrayLength;
    /// Ciphertext length as a type.
    type CtLen: ArrayLength;
}

/// sntrup761: pk 1158, sk 1763, ct 1039 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sntrup761Params;

impl Scheme for Sntrup761Params {
    const NAME: &'static str = "sntrup761";
    const PK_BYTES: usize = 1158;
    const SK_BYTES: usize = 1763;
    const CT_BYTES: usize = 1039;
    type PkLen = big!(1158);
    type SkLen = big!(1763);
    type CtLen = big!(1039);
}

/// ntrulpr761: pk 1039, sk 1294, ct 1167 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ntrulpr761Params;

impl Scheme for Ntrulpr761Params {
    const NAME: &'static str = "ntrulpr761";
    const PK_BYTES: usize = 1039;
    const SK_BYTES: usize = 1294;
    const CT_BYTES: usize = 1167;
    type PkLen = big!(1039);
    type SkLen = big!(1294);
    type CtLen = big!(1167);
}

use crate::keys::check_len;

macro_rules! buffer_type {
    ($(#[$doc:meta])* $name:ident, $len:ident, $bytes:ident, secret: $secret:tt) => {
        $(#[$doc])*
        pub struct $name<S: Scheme> {
            pub(crate) bytes: GenericArray<u8, S::$len>,
            _scheme: PhantomData<S>,
        }

        impl<S: Scheme> $name<S> {
            /// The encoded size in bytes.
            pub const BYTES: usize = S::$bytes;

            /// Copies an encoding; `Err` if its length is not [`Self::BYTES`]. Any
            /// contents of the right length are accepted (as the spec does).
            pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
                check_len(bytes, S::$bytes)?;
                let mut out = Self::default();
                out.bytes.copy_from_slice(bytes);
                Ok(out)
            }

            /// The encoding.
            pub fn as_bytes(&self) -> &[u8] {
                &self.bytes
            }
        }

        impl<S: Scheme> TryFrom<&[u8]> for $name<S> {
            type Error = Error;

            /// As [`Self::from_bytes`]: `Err` if the length is not [`Self::BYTES`].
            fn try_from(bytes: &[u8]) -> Result<Self, Error> {
                Self::from_bytes(bytes)
            }
        }

        impl<S: Scheme> Default for $name<S> {
            /// An all-zero buffer to write into.
            fn default() -> Self {
                Self { bytes: GenericArray::default(), _scheme: PhantomData }
            }
        }

        impl<S: Scheme> Clone for $name<S> {
            fn clone(&self) -> Self {
                Self { bytes: self.bytes.clone(), _scheme: PhantomData }
            }
        }

        impl<S: Scheme> PartialEq for $name<S> {
            /// Constant-time comparison.
            fn eq(&self, other: &Self) -> bool {
                pqfit_core::ct::bytes_eq(&self.bytes, &other.bytes)
            }
        }

        impl<S: Scheme> Eq for $name<S> {}

        buffer_type!(@extra $name, $secret);
    };
    (@extra $name:ident, true) => {
        impl<S: Scheme> Drop for $name<S> {
            fn drop(&mut self) {
                self.bytes.zeroize();
            }
        }

        impl<S: Scheme> ZeroizeOnDrop for $name<S> {}

        impl<S: Scheme> core::fmt::Debug for $name<S> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{}<{}> {{ .. }}", stringify!($name), S::NAME)
            }
        }
    };
    (@extra $name:ident, false) => {
        impl<S: Scheme> core::fmt::Debug for $name<S> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{}<{}>(", stringify!($name), S::NAME)?;
                for b in self.bytes.iter().take(8) {
                    write!(f, "{b:02x}")?;
                }
                f.write_str("..)")
            }
        }
    };
}

buffer_type!(
    /// An encoded public key.
    PublicKey, PkLen, PK_BYTES, secret: false
);
buffer_type!(
    /// An encoded secret key (including the public key, the implicit-rejection
    /// secret rho and the public key's hash). Zeroized on drop; `Debug` prints no key
    /// material.
    SecretKey, SkLen, SK_BYTES, secret: true
);
buffer_type!(
    /// An encoded ciphertext (including the 32-byte confirmation hash).
    Ciphertext, CtLen, CT_BYTES, secret: false
);

/// A 32-byte session key. Zeroized on drop; `Debug` prints no key material;
/// comparison is constant-time.
#[derive(Default, Clone)]
pub struct SharedSecret {
    pub(crate) bytes: [u8; HASH_BYTES],
}

impl SharedSecret {
    /// The size in bytes.
    pub const BYTES: usize = HASH_BYTES;

    /// Copies a key; `Err` if its length is not [`Self::BYTES`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, HASH_BYTES)?;
        let mut out = Self::default();
        out.bytes.copy_from_slice(bytes);
        Ok(out)
    }

    /// The key.
    pub fn as_bytes(&self) -> &[u8; HASH_BYTES] {
        &self.bytes
    }
}

impl TryFrom<&[u8]> for SharedSecret {
    type Error = Error;

    /// As [`SharedSecret::from_bytes`]: `Err` if the length is not 32.
    fn try_from(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_bytes(bytes)
    }
}

impl PartialEq for SharedSecret {
    fn eq(&self, other: &Self) -> bool {
        pqfit_core::ct::bytes_eq(&self.bytes, &other.bytes)
    }
}

impl Eq for SharedSecret {}

impl Drop for SharedSecret {
    fn drop(&mut self) {
        self.bytes.zeroize();
    }
}

impl ZeroizeOnDrop for SharedSecret {}

impl core::fmt::Debug for SharedSecret {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("SharedSecret { .. }")
    }
}
