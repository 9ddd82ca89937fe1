//! What the signature schemes' encoded keys and signatures have in common: their
//! sizes as types and the checks an encoding passes before it is accepted. ML-DSA's
//! and CROSS's parameter sets both implement [`Encoding`], so that one set of
//! key and signature buffer types (in `pqfit`) serves both families.

use generic_array::ArrayLength;

/// A signature parameter set's encodings: sizes and well-formedness.
pub trait Encoding: 'static {
    /// The standard's name, e.g. `ML-DSA-65` or `CROSS-RSDP-1-small`.
    const NAME: &'static str;
    /// Bytes of the public (verifying) key, as a type.
    type PkLen: ArrayLength;
    /// Bytes of the secret (signing) key, as a type.
    type SkLen: ArrayLength;
    /// Bytes of a signature, as a type.
    type SigLen: ArrayLength;

    /// Whether a secret key of the right length is a valid encoding. Runs in time
    /// independent of the key's value (only the verdict is public).
    fn signing_key_is_well_formed(sk: &[u8]) -> bool;
    /// Whether a public key of the right length is a valid encoding.
    fn verifying_key_is_well_formed(pk: &[u8]) -> bool;
    /// Whether a signature of the right length passes the checks that can be made
    /// before verification (the rest is verification's).
    fn signature_is_well_formed(sig: &[u8]) -> bool;
}
