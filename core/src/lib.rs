//! pqfit-core: the building blocks shared by pqfit's schemes.
//!
//! Everything here is `no_std`, heap-free and constant-time in secret data.
//! Scheme-independent pieces live at the top level ([`hash`], [`keccak`], [`ct`]); the ML-DSA
//! field, NTT, rounding, sampling and packing live in [`mldsa`].
#![no_std]
#![deny(unsafe_code)]
#![deny(missing_docs)]

#[cfg(test)]
extern crate std;

pub mod cross;
pub mod ct;
pub mod dsp;
pub mod encoding;
pub mod hash;
pub mod keccak;
pub mod mldsa;
pub mod mlkem;
pub mod modarith;
pub mod ntruprime;
mod sealed {
    /// The supertrait of [`crate::keccak::Keccak`] and [`crate::ntruprime::mul::RqMul`]:
    /// only pqfit-core's backends implement them (they handle secrets, and the trace
    /// check covers only these).
    pub trait Sealed {}
}

pub use generic_array;
pub use typenum;
