//! The one error type of pqfit's public API.

/// Why an operation was refused. Carries no secret data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A key, signature or seed of the wrong length.
    InvalidLength {
        /// The length the parameter set requires.
        expected: usize,
        /// The length given.
        actual: usize,
    },
    /// A malformed key: an ML-DSA secret key whose s1 or s2 coefficients are out of
    /// range, or a CROSS public key whose syndrome has a value out of range or a set
    /// padding bit.
    MalformedKey,
    /// A malformed signature encoding: an ML-DSA hint (FIPS 204, Algorithm 21), or a
    /// CROSS value out of range, set padding bit or non-zero unused tree slot.
    MalformedSignature,
    /// A context string longer than 255 bytes.
    ContextTooLong,
    /// The signature does not verify.
    VerificationFailed,
    /// The random number generator failed.
    Rng,
    /// An output buffer too short for the encoding (feature `pkcs8`: the
    /// `*_DER_BYTES` constants and `PrivateKeyForm::der_len` give the exact length).
    BufferTooSmall {
        /// The bytes the encoding needs.
        needed: usize,
        /// The length of the buffer given.
        actual: usize,
    },
    /// A key pair asked for an encoding with its seed (PKCS#8 seed or both form)
    /// was assembled without one.
    MissingSeed,
    /// A DER encoding could not be written (feature `pkcs8`).
    Encoding,
    /// A hardened signer (`pqfit::strategy::Hardened`, `pqfit::cross::Hardened`)
    /// computed the signature twice and the results differ: a fault (a glitch, a
    /// flipped bit) hit one of them. The signature buffer was wiped (all zero):
    /// nothing was released.
    FaultDetected,
    /// A blank (all-zero) signing key: one never generated, decoded or derived
    /// (`SigningKey::blank`), a publicly known key that must not sign.
    BlankKey,
}

impl core::fmt::Display for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Error::InvalidLength { expected, actual } => {
                write!(f, "wrong length: expected {expected} bytes, got {actual}")
            }
            Error::MalformedKey => f.write_str("malformed key"),
            Error::MalformedSignature => f.write_str("malformed signature encoding"),
            Error::ContextTooLong => f.write_str("context string longer than 255 bytes"),
            Error::VerificationFailed => f.write_str("signature verification failed"),
            Error::Rng => f.write_str("random number generator failure"),
            Error::BufferTooSmall { needed, actual } => {
                write!(f, "buffer too small: {needed} bytes needed, {actual} given")
            }
            Error::MissingSeed => f.write_str("the key pair does not know its seed"),
            Error::Encoding => f.write_str("DER encoding failed"),
            Error::FaultDetected => {
                f.write_str("fault detected while signing: the signature was wiped")
            }
            Error::BlankKey => f.write_str("blank signing key (never generated or decoded)"),
        }
    }
}

impl core::error::Error for Error {}
