//! Encoded keys and signatures: fixed-size byte buffers whose sizes come from the
//! parameter set, checked on construction.

use crate::Error;
use core::marker::PhantomData;
use generic_array::GenericArray;
use pqfit_core::mldsa::{packing, ParameterSet, Poly};
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

/// An ML-DSA secret key in the encoding of FIPS 204 (skEncode). Zeroized on drop;
/// `Debug` prints no key material.
pub struct SigningKey<P: ParameterSet> {
    pub(crate) bytes: GenericArray<u8, P::SkLen>,
}

impl<P: ParameterSet> SigningKey<P> {
    /// The encoded size in bytes.
    pub const BYTES: usize = P::SK_BYTES;

    /// Parses an encoded secret key: the length must match and every s1 and s2
    /// coefficient must lie in [-eta, eta].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, P::SK_BYTES)?;
        let mut tmp = Poly::zero();
        let mut ok = true;
        for j in 0..P::L {
            ok &= packing::unpack_eta::<P>(&bytes[packing::sk_s1_range::<P>(j)], &mut tmp);
        }
        for i in 0..P::K {
            ok &= packing::unpack_eta::<P>(&bytes[packing::sk_s2_range::<P>(i)], &mut tmp);
        }
        tmp.zeroize();
        if !ok {
            return Err(Error::MalformedKey);
        }
        let mut key = Self::default();
        key.bytes.copy_from_slice(bytes);
        Ok(key)
    }

    /// The encoding (skEncode).
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
}

impl<P: ParameterSet> Default for SigningKey<P> {
    /// An all-zero buffer for key generation to write into.
    fn default() -> Self {
        Self {
            bytes: GenericArray::default(),
        }
    }
}

impl<P: ParameterSet> Clone for SigningKey<P> {
    fn clone(&self) -> Self {
        Self {
            bytes: self.bytes.clone(),
        }
    }
}

impl<P: ParameterSet> Drop for SigningKey<P> {
    fn drop(&mut self) {
        self.bytes.zeroize();
    }
}

impl<P: ParameterSet> ZeroizeOnDrop for SigningKey<P> {}

impl<P: ParameterSet> core::fmt::Debug for SigningKey<P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "SigningKey<{}> {{ .. }}", P::NAME)
    }
}

/// An ML-DSA public key in the encoding of FIPS 204 (pkEncode).
pub struct VerifyingKey<P: ParameterSet> {
    pub(crate) bytes: GenericArray<u8, P::PkLen>,
}

impl<P: ParameterSet> VerifyingKey<P> {
    /// The encoded size in bytes.
    pub const BYTES: usize = P::PK_BYTES;

    /// Parses an encoded public key. Every bit string of the right length is a valid
    /// encoding (t1 has 10-bit coefficients), so only the length is checked.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, P::PK_BYTES)?;
        let mut key = Self::default();
        key.bytes.copy_from_slice(bytes);
        Ok(key)
    }

    /// The encoding (pkEncode).
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
}

impl<P: ParameterSet> Default for VerifyingKey<P> {
    /// An all-zero buffer for key generation to write into.
    fn default() -> Self {
        Self {
            bytes: GenericArray::default(),
        }
    }
}

impl<P: ParameterSet> Clone for VerifyingKey<P> {
    fn clone(&self) -> Self {
        Self {
            bytes: self.bytes.clone(),
        }
    }
}

impl<P: ParameterSet> PartialEq for VerifyingKey<P> {
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl<P: ParameterSet> Eq for VerifyingKey<P> {}

impl<P: ParameterSet> core::fmt::Debug for VerifyingKey<P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "VerifyingKey<{}>(", P::NAME)?;
        for b in self.bytes.iter().take(8) {
            write!(f, "{b:02x}")?;
        }
        f.write_str("..)")
    }
}

/// An ML-DSA signature in the encoding of FIPS 204 (sigEncode).
pub struct Signature<P: ParameterSet> {
    pub(crate) bytes: GenericArray<u8, P::SigLen>,
    _p: PhantomData<P>,
}

impl<P: ParameterSet> Signature<P> {
    /// The encoded size in bytes.
    pub const BYTES: usize = P::SIG_BYTES;

    /// Parses an encoded signature: the length must match and the hint encoding must
    /// be well formed (FIPS 204, Algorithm 21). The z bound is a verification check.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, P::SIG_BYTES)?;
        if !packing::hint_is_well_formed::<P>(&bytes[P::SIG_H_OFFSET..]) {
            return Err(Error::MalformedSignature);
        }
        let mut sig = Self::default();
        sig.bytes.copy_from_slice(bytes);
        Ok(sig)
    }

    /// The encoding (sigEncode).
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
}

impl<P: ParameterSet> Default for Signature<P> {
    /// An all-zero buffer for signing to write into.
    fn default() -> Self {
        Self {
            bytes: GenericArray::default(),
            _p: PhantomData,
        }
    }
}

impl<P: ParameterSet> Clone for Signature<P> {
    fn clone(&self) -> Self {
        Self {
            bytes: self.bytes.clone(),
            _p: PhantomData,
        }
    }
}

impl<P: ParameterSet> PartialEq for Signature<P> {
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl<P: ParameterSet> Eq for Signature<P> {}

impl<P: ParameterSet> core::fmt::Debug for Signature<P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Signature<{}>(", P::NAME)?;
        for b in self.bytes.iter().take(8) {
            write!(f, "{b:02x}")?;
        }
        f.write_str("..)")
    }
}

impl<P: ParameterSet> TryFrom<&[u8]> for Signature<P> {
    type Error = Error;
    fn try_from(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_bytes(bytes)
    }
}

impl<P: ParameterSet> TryFrom<&[u8]> for VerifyingKey<P> {
    type Error = Error;
    fn try_from(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_bytes(bytes)
    }
}

impl<P: ParameterSet> TryFrom<&[u8]> for SigningKey<P> {
    type Error = Error;
    fn try_from(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_bytes(bytes)
    }
}
