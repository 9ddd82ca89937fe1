//! The RustCrypto `signature` traits on bare keys, for both signature families:
//! `Signer`/`RandomizedSigner` on [`SigningKey`], `Verifier` on [`VerifyingKey`].
//!
//! A bare key names no strategy, so these sign and verify with each family's
//! `Balanced` preset; to choose one, use the family's key pair
//! ([`crate::KeyPair`], [`crate::cross::KeyPair`]), which carries it as a type.
//! Each parameter set says how through [`SignatureScheme`] (the traits cannot be
//! written once per family: Rust would see the two families' impls as overlapping).

use crate::cross::{self, Cross};
use crate::keys::{Encoding, Signature, SigningKey, VerifyingKey};
use crate::{Error, MlDsa};
use rand_core::TryCryptoRng;
use signature::{RandomizedSigner, Signer, Verifier};

/// A signature parameter set as the traits on bare keys use it: ML-DSA with the
/// empty context string, CROSS as is, both with their `Balanced` strategy.
pub trait SignatureScheme: Encoding + Sized {
    /// Signs without fresh randomness: ML-DSA's deterministic variant (FIPS 204,
    /// Algorithm 2 with rnd = 0), CROSS's hedged signing with all-zero randomness
    /// (the seeds still come from the key and the message).
    fn sign_deterministic(
        sk: &SigningKey<Self>,
        msg: &[u8],
        sig: &mut Signature<Self>,
    ) -> Result<(), Error>;

    /// Signs with fresh randomness from `rng` (hedged).
    fn sign_with_rng<R: TryCryptoRng + ?Sized>(
        sk: &SigningKey<Self>,
        rng: &mut R,
        msg: &[u8],
        sig: &mut Signature<Self>,
    ) -> Result<(), Error>;

    /// Verifies `sig` on `msg`.
    fn verify(vk: &VerifyingKey<Self>, msg: &[u8], sig: &Signature<Self>) -> Result<(), Error>;
}

macro_rules! mldsa_scheme {
    ($($p:ident),*) => {$(
        impl SignatureScheme for pqfit_core::mldsa::$p {
            fn sign_deterministic(
                sk: &SigningKey<Self>,
                msg: &[u8],
                sig: &mut Signature<Self>,
            ) -> Result<(), Error> {
                MlDsa::<Self>::sign_deterministic(sk, msg, &[], sig)
            }

            fn sign_with_rng<R: TryCryptoRng + ?Sized>(
                sk: &SigningKey<Self>,
                rng: &mut R,
                msg: &[u8],
                sig: &mut Signature<Self>,
            ) -> Result<(), Error> {
                MlDsa::<Self>::sign_with_rng(sk, msg, &[], rng, sig)
            }

            fn verify(
                vk: &VerifyingKey<Self>,
                msg: &[u8],
                sig: &Signature<Self>,
            ) -> Result<(), Error> {
                MlDsa::<Self>::verify(vk, msg, &[], sig.as_bytes())
            }
        }
    )*};
}

mldsa_scheme!(MlDsa44, MlDsa65, MlDsa87);

macro_rules! cross_scheme {
    ($($p:ident),*) => {$(
        impl SignatureScheme for cross::$p {
            fn sign_deterministic(
                sk: &SigningKey<Self>,
                msg: &[u8],
                sig: &mut Signature<Self>,
            ) -> Result<(), Error> {
                Cross::<Self>::sign_deterministic(sk, msg, sig)
            }

            fn sign_with_rng<R: TryCryptoRng + ?Sized>(
                sk: &SigningKey<Self>,
                rng: &mut R,
                msg: &[u8],
                sig: &mut Signature<Self>,
            ) -> Result<(), Error> {
                Cross::<Self>::sign_with_rng(rng, sk, msg, sig)
            }

            fn verify(
                vk: &VerifyingKey<Self>,
                msg: &[u8],
                sig: &Signature<Self>,
            ) -> Result<(), Error> {
                Cross::<Self>::verify(vk, msg, sig.as_bytes())
            }
        }
    )*};
}

pqfit_core::for_each_cross_parameter_set!(cross_scheme);

impl<P: SignatureScheme> Signer<Signature<P>> for SigningKey<P> {
    fn try_sign(&self, msg: &[u8]) -> Result<Signature<P>, signature::Error> {
        let mut sig = Signature::default();
        P::sign_deterministic(self, msg, &mut sig).map_err(|_| signature::Error::new())?;
        Ok(sig)
    }
}

impl<P: SignatureScheme> RandomizedSigner<Signature<P>> for SigningKey<P> {
    fn try_sign_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> Result<Signature<P>, signature::Error> {
        let mut sig = Signature::default();
        P::sign_with_rng(self, rng, msg, &mut sig).map_err(|_| signature::Error::new())?;
        Ok(sig)
    }
}

impl<P: SignatureScheme> Verifier<Signature<P>> for VerifyingKey<P> {
    fn verify(&self, msg: &[u8], sig: &Signature<P>) -> Result<(), signature::Error> {
        P::verify(self, msg, sig).map_err(|_| signature::Error::new())
    }
}
