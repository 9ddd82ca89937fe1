//! Encoded keys, ciphertexts and shared secrets of the key encapsulation mechanisms,
//! and their RustCrypto `kem` 0.3 key types, for every KEM family (as
//! `SigningKey<P>` and friends are for the signatures): fixed-size buffers sized by
//! the parameter set ([`Params`]), so that each family only names its sizes and its
//! algorithms. NTRU Prime re-exports them from [`crate::ntruprime`].
//!
//! The `kem` crate itself is re-exported as `pqfit::ntruprime::kem` and `pqfit::mlkem::kem`.

use crate::keys::check_len;
use crate::Error;
use core::fmt;
use core::marker::PhantomData;
use generic_array::{ArrayLength, GenericArray};
use zeroize::{Zeroize, ZeroizeOnDrop};

/// A typenum length above 1024 (typenum's const-generic range) as 1000 * hi + lo:
/// KEM encodings are longer than that.
macro_rules! big_len {
    ($n:literal) => {
        typenum::Sum<
            typenum::Prod<typenum::U<{ $n / 1000 }>, typenum::U1000>,
            typenum::U<{ $n % 1000 }>,
        >
    };
}
pub(crate) use big_len;

/// Bytes of every shared secret (sntrup761's and ntrulpr761's session keys; ML-KEM's
/// too).
pub const SHARED_SECRET_BYTES: usize = 32;

/// A KEM parameter set: its name and encoded sizes, which size the buffers of this
/// module.
pub trait Params: 'static {
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

    /// The input check of an encoded public key of the right length, beyond its
    /// length (ML-KEM: the modulus check of FIPS 203 §7.2). By default every
    /// encoding is accepted (NTRU Prime).
    fn public_key_is_valid(bytes: &[u8]) -> bool {
        let _ = bytes;
        true
    }

    /// The input check of an encoded secret key of the right length, beyond its
    /// length (ML-KEM: the hash check of FIPS 203 §7.3). By default every encoding
    /// is accepted (NTRU Prime).
    fn secret_key_is_valid(bytes: &[u8]) -> bool {
        let _ = bytes;
        true
    }
}

macro_rules! buffer_type {
    ($(#[$doc:meta])* $name:ident, $len:ident, $bytes:ident, secret: $secret:tt
     $(, check: $check:ident)?) => {
        $(#[$doc])*
        pub struct $name<S: Params> {
            pub(crate) bytes: GenericArray<u8, S::$len>,
            _scheme: PhantomData<S>,
        }

        impl<S: Params> $name<S> {
            /// The encoded size in bytes.
            pub const BYTES: usize = S::$bytes;

            /// Copies an encoding; `Err(InvalidLength)` if its length is not
            /// [`Self::BYTES`], `Err(MalformedKey)` if a key fails its parameter set's
            /// input check ([`Params::public_key_is_valid`],
            /// [`Params::secret_key_is_valid`]: none for NTRU Prime, whose spec
            /// accepts any contents of the right length; FIPS 203 §7.2 and §7.3 for
            /// ML-KEM).
            pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
                check_len(bytes, S::$bytes)?;
                $(
                    if !S::$check(bytes) {
                        return Err(Error::MalformedKey);
                    }
                )?
                let mut out = Self::zeroed_buffer();
                out.bytes.copy_from_slice(bytes);
                Ok(out)
            }

            /// An all-zero value to write into.
            pub(crate) fn zeroed_buffer() -> Self {
                Self { bytes: GenericArray::default(), _scheme: PhantomData }
            }

            /// The encoding.
            pub fn as_bytes(&self) -> &[u8] {
                &self.bytes
            }
        }

        impl<S: Params> TryFrom<&[u8]> for $name<S> {
            type Error = Error;

            /// As [`Self::from_bytes`]: `Err` if the length is not [`Self::BYTES`].
            fn try_from(bytes: &[u8]) -> Result<Self, Error> {
                Self::from_bytes(bytes)
            }
        }

        impl<S: Params> Clone for $name<S> {
            fn clone(&self) -> Self {
                Self { bytes: self.bytes.clone(), _scheme: PhantomData }
            }
        }

        impl<S: Params> PartialEq for $name<S> {
            /// Constant-time comparison.
            fn eq(&self, other: &Self) -> bool {
                pqfit_core::ct::bytes_eq(&self.bytes, &other.bytes)
            }
        }

        impl<S: Params> Eq for $name<S> {}

        buffer_type!(@extra $name, $secret);
    };
    (@extra $name:ident, true) => {
        impl<S: Params> $name<S> {
            /// An all-zero buffer for a key generation to write into. Until written
            /// it is a publicly known key, hence named rather than `Default`: no zero
            /// key appears implicitly (`#[derive(Default)]`, `mem::take`). Without a
            /// buffer: the `kem` layer's [`DecapsulationKey`] (`kem::Generate`).
            pub fn zeroed() -> Self {
                Self::zeroed_buffer()
            }
        }

        impl<S: Params> Drop for $name<S> {
            fn drop(&mut self) {
                self.bytes.zeroize();
            }
        }

        impl<S: Params> ZeroizeOnDrop for $name<S> {}

        impl<S: Params> fmt::Debug for $name<S> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}<{}> {{ .. }}", stringify!($name), S::NAME)
            }
        }
    };
    (@extra $name:ident, false) => {
        impl<S: Params> Default for $name<S> {
            /// An all-zero buffer to write into.
            fn default() -> Self { Self::zeroed_buffer() }
        }

        impl<S: Params> fmt::Debug for $name<S> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
    PublicKey, PkLen, PK_BYTES, secret: false, check: public_key_is_valid
);
buffer_type!(
    /// An encoded secret key (for NTRU Prime including the public key, the
    /// implicit-rejection secret rho and the public key's hash). Zeroized on drop;
    /// `Debug` prints no key material.
    SecretKey, SkLen, SK_BYTES, secret: true, check: secret_key_is_valid
);
buffer_type!(
    /// An encoded ciphertext (for NTRU Prime including the 32-byte confirmation hash).
    Ciphertext, CtLen, CT_BYTES, secret: false
);

mod key_types;
pub(crate) use key_types::{copy_bytes, sealed};
pub use key_types::{DecapsulationKey, EncapsulationKey, KeyTypes};

/// A 32-byte session key. Zeroized on drop; `Debug` prints no key material;
/// comparison is constant-time. No `Default` ([`SharedSecret::zeroed`]).
#[derive(Clone)]
pub struct SharedSecret {
    pub(crate) bytes: [u8; SHARED_SECRET_BYTES],
}

impl SharedSecret {
    /// The size in bytes.
    pub const BYTES: usize = SHARED_SECRET_BYTES;

    /// An all-zero buffer for an encapsulation or decapsulation to write into (named
    /// rather than `Default`, as [`SecretKey::zeroed`]).
    pub fn zeroed() -> Self {
        Self {
            bytes: [0; SHARED_SECRET_BYTES],
        }
    }

    /// Copies a key; `Err` if its length is not [`Self::BYTES`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, SHARED_SECRET_BYTES)?;
        let mut out = Self::zeroed();
        out.bytes.copy_from_slice(bytes);
        Ok(out)
    }

    /// The key.
    pub fn as_bytes(&self) -> &[u8; SHARED_SECRET_BYTES] {
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

impl fmt::Debug for SharedSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SharedSecret { .. }")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;

    /// A parameter set of no family: the buffers need nothing else.
    struct Toy;

    impl Params for Toy {
        const NAME: &'static str = "toy";
        const PK_BYTES: usize = 3;
        const SK_BYTES: usize = 4;
        const CT_BYTES: usize = 1100;
        type PkLen = typenum::U3;
        type SkLen = typenum::U4;
        type CtLen = big_len!(1100);
    }

    #[test]
    fn buffers_are_sized_checked_and_keep_secrets_out_of_debug() {
        assert_eq!((PublicKey::<Toy>::BYTES, SecretKey::<Toy>::BYTES), (3, 4));
        assert_eq!(Ciphertext::<Toy>::default().as_bytes().len(), 1100);
        assert_eq!(
            PublicKey::<Toy>::from_bytes(&[1, 2]),
            Err(Error::InvalidLength {
                expected: 3,
                actual: 2
            })
        );
        let pk = PublicKey::<Toy>::try_from(&[0xab, 0xcd, 0xef][..]).unwrap();
        assert_eq!(format!("{pk:?}"), "PublicKey<toy>(abcdef..)");
        let sk = SecretKey::<Toy>::from_bytes(&[0x5a; 4]).unwrap();
        assert_eq!(format!("{sk:?}"), "SecretKey<toy> { .. }");
        assert_eq!(sk.clone(), sk);
        let ss = SharedSecret::from_bytes(&[0x5a; SHARED_SECRET_BYTES]).unwrap();
        assert_eq!(format!("{ss:?}"), "SharedSecret { .. }");
        assert!(SharedSecret::try_from(&[0u8; 31][..]).is_err());
    }
}
