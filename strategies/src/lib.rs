//! # pqfit
//!
//! Post-quantum signatures for microcontrollers, `no_std` and heap-free, whose
//! memory/speed trade-off is a type the integrator names:
//!
//! ```
//! use pqfit::{Dilithium3, SmallStack, Signature, SigningKey, VerifyingKey};
//!
//! type Signer = Dilithium3<SmallStack>;
//! // On a host the operating system's RNG; on a device its hardware TRNG (any
//! // `rand_core::TryCryptoRng`).
//! let mut rng = getrandom::SysRng;
//! let (mut vk, mut sk) = (VerifyingKey::default(), SigningKey::blank());
//! Signer::key_gen(&mut rng, &mut vk, &mut sk).unwrap();
//! let mut sig = Signature::default();
//! Signer::sign_with_rng(&sk, b"firmware v1.2", b"", &mut rng, &mut sig).unwrap();
//! assert!(Signer::verify(&vk, b"firmware v1.2", b"", sig.as_bytes()).is_ok());
//! assert!(Signer::verify(&vk, b"firmware v1.3", b"", sig.as_bytes()).is_err());
//! ```
//!
//! ML-DSA follows FIPS 204 byte for byte: pure ML-DSA with context strings, hedged
//! and deterministic signing, HashML-DSA, and the internal and external-mu entry
//! points. `Dilithium2/3/5` are ML-DSA-44/65/87. The algorithms live in [`mldsa`]
//! and are written once over the memory strategies of [`strategy`].
//!
//! CROSS v2.2 (all 18 parameter sets, with its own memory strategies) lives in
//! [`cross`]: `pqfit::cross::Cross<Rsdp1Small, MinStack>` and so on; the NTRU Prime
//! KEMs sntrup761 and ntrulpr761 in [`ntruprime`]. Which strategy to pick, with
//! measured figures: [`choosing_a_strategy`]; every family's strategies by name, for
//! tools: [`catalog`].
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(test)]
extern crate std;

pub mod catalog;
pub mod choosing_a_strategy;
pub mod cross;
mod error;
mod hardened;
pub mod kem;
#[cfg(feature = "pkcs8")]
mod key_forms;
mod keys;
pub mod mldsa;
pub mod mlkem;
pub mod ntruprime;
mod prehash;
mod signature_traits;
mod sealed {
    /// The supertrait of every strategy component trait (ML-DSA's and CROSS's): only
    /// pqfit's components implement them, so that no outside implementation can break
    /// the constant-time contract the trace check verifies for each of them
    /// (docs/constant-time.md).
    pub trait Sealed {}
}
/// ML-DSA's memory strategies, at the path that firmware builds, tool caches and
/// integrators name them by (`pqfit::strategy::SmallStack`, `pqfit::strategy::Custom<..>`).
pub use mldsa::strategy;

pub use error::Error;
pub use keys::{Encoding, Signature, SigningKey, VerifyingKey};
pub use mldsa::{ExpandedKey, KeyPair, MlDsa};
pub use mlkem::{MlKem, MlKem1024, MlKem512, MlKem768};
pub use ntruprime::{Ntrulpr761, Sntrup761};
pub use pqfit_core::mldsa::{MlDsa44, MlDsa65, MlDsa87, ParameterSet};
pub use prehash::{PreHash, MAX_PREHASH_BYTES};
pub use signature_traits::SignatureScheme;
pub use strategy::{Balanced, Custom, FastSign, Hardened, Reference, SmallStack};

/// The PKCS#8 crate (feature `pkcs8`): `pkcs8::DecodePrivateKey` decodes ML-DSA
/// signing keys and key pairs (see [`mldsa::PrivateKeyForm`]) and ML-KEM
/// decapsulation keys (`pqfit::mlkem`'s key formats; docs/ml-kem.md).
#[cfg(feature = "pkcs8")]
pub use ::pkcs8;
/// The SPKI crate (feature `pkcs8`): `spki::DecodePublicKey` decodes ML-DSA
/// verifying keys and ML-KEM encapsulation keys.
#[cfg(feature = "pkcs8")]
pub use ::spki;
#[cfg(feature = "pkcs8")]
pub use key_forms::KeyFormat;
#[cfg(feature = "pkcs8")]
pub use mldsa::{AlgorithmOid, PrivateKeyForm};

/// ML-DSA-44 (Dilithium2) with the memory strategy `S`.
pub type Dilithium2<S = SmallStack> = MlDsa<MlDsa44, S>;
/// ML-DSA-65 (Dilithium3) with the memory strategy `S`.
pub type Dilithium3<S = SmallStack> = MlDsa<MlDsa65, S>;
/// ML-DSA-87 (Dilithium5) with the memory strategy `S`.
pub type Dilithium5<S = SmallStack> = MlDsa<MlDsa87, S>;

/// The README's example, compiled and run as a doc test so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
