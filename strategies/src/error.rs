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
        }
    }
}

impl core::error::Error for Error {}
