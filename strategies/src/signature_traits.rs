//! The RustCrypto `signature` traits on bare keys, for both signature families:
//! `RandomizedSigner` on [`SigningKey`] (both families), `Signer` (deterministic) on
//! ML-DSA's only, `Verifier` on [`VerifyingKey`].
//!
//! A bare key names no strategy, so these sign and verify with each family's
//! smallest-stack preset ([`SignatureScheme::Strategy`]: ML-DSA's `SmallStack`,
//! CROSS's `MinStack`); to choose another, use the family's key pair
//! ([`crate::KeyPair`], [`crate::cross::KeyPair`]), which carries it as a type.
//! Each parameter set says how through [`SignatureScheme`] (the traits cannot be
//! written once per family: Rust would see the two families' impls as overlapping).
//!
//! # Stack and the signature returned by value
//!
//! The traits return the signature **by value**: it is built in a buffer on the
//! signing stack frame and moved out, so the caller's stack holds both the working
//! stack of the preset and at least one copy of the signature ([`Signature::BYTES`]:
//! ML-DSA-44/65/87: 2,420 / 3,309 / 4,627 bytes; CROSS: from 7,625 bytes for
//! CROSS-RSDPG-1-small up to 74,590 bytes for CROSS-RSDP-5-fast). The working stack
//! of signing with the presets the traits use, measured on the emulated Cortex-M4
//! (`cargo run --release -p pq-explore -- measure --target m4 --scheme ml-dsa-65
//! --strategy small-stack`, likewise `--scheme cross-rsdp-1-fast --strategy
//! min-stack`; figures of docs/reports/m4.md at revision 61f74daf114b, the stack of
//! the operation alone, the signature being written to a `static` there):
//!
//! | set | preset | signing stack (M4 model) |
//! |---|---|---|
//! | ML-DSA-44 | `SmallStack` | 4,884 B |
//! | ML-DSA-65 | `SmallStack` | 4,916 B |
//! | ML-DSA-87 | `SmallStack` | 4,916 B |
//! | CROSS-RSDP-1-fast | `MinStack` | 7,332 B |
//!
//! Add the signature for the traits: ML-DSA-65 through `RandomizedSigner` needs about
//! 4,916 + 3,309 bytes, CROSS-RSDP-5-fast its working stack plus 74,590 bytes (the
//! CROSS category 3 and 5 sets are measured with `--scheme cross-rsdp-5-fast` etc.).
//!
//! Bare-metal stacks have no guard page: an overflow corrupts memory silently. To
//! sign into memory the caller owns (a `static`, a buffer elsewhere) and keep the
//! signature off the stack, call the family's functions, which write into a
//! `&mut Signature<P>`: [`MlDsa::sign_with_rng`](crate::MlDsa::sign_with_rng),
//! [`Cross::sign_with_rng`](crate::cross::Cross::sign_with_rng).

use crate::cross::{self, Cross, MinStack};
use crate::keys::{Encoding, Signature, SigningKey, VerifyingKey};
use crate::strategy::SmallStack;
use crate::{Error, MlDsa};
use rand_core::TryCryptoRng;
use signature::{RandomizedSigner, Signer, Verifier};

/// A signature parameter set as the traits on bare keys use it: ML-DSA with the
/// empty context string, CROSS as is, both with their smallest-stack preset.
pub trait SignatureScheme: Encoding + Sized {
    /// The strategy the traits on bare keys sign and verify with: the family's
    /// smallest-stack preset (ML-DSA: [`SmallStack`], CROSS: [`MinStack`]).
    type Strategy;

    /// Signs with fresh randomness from `rng` (hedged) into `sig`. `Err(BlankKey)`
    /// for a blank key.
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
            type Strategy = SmallStack;

            fn sign_with_rng<R: TryCryptoRng + ?Sized>(
                sk: &SigningKey<Self>,
                rng: &mut R,
                msg: &[u8],
                sig: &mut Signature<Self>,
            ) -> Result<(), Error> {
                MlDsa::<Self, SmallStack>::sign_with_rng(sk, msg, &[], rng, sig)
            }

            fn verify(
                vk: &VerifyingKey<Self>,
                msg: &[u8],
                sig: &Signature<Self>,
            ) -> Result<(), Error> {
                MlDsa::<Self, SmallStack>::verify(vk, msg, &[], sig.as_bytes())
            }
        }

        /// ML-DSA's deterministic variant (FIPS 204, Algorithm 2 with rnd = 0^32),
        /// with `SmallStack`. **Fault risk:** the same key and message always give the
        /// same mask y; one fault that changes the challenge c to c' (a glitch while
        /// hashing w1 or mu) yields z' = y + c'·s1 beside z = y + c·s1, and
        /// z - z' = (c - c')·s1 gives s1 (the key) to anyone who holds both, even when
        /// the faulty signature does not verify. Prefer `RandomizedSigner`, and on a
        /// device that can be glitched the hardened type [`Hardened<S>`](crate::strategy::Hardened),
        /// which signs twice and releases only a signature both computations agree on.
        impl Signer<Signature<pqfit_core::mldsa::$p>> for SigningKey<pqfit_core::mldsa::$p> {
            fn try_sign(
                &self,
                msg: &[u8],
            ) -> Result<Signature<pqfit_core::mldsa::$p>, signature::Error> {
                let mut sig = Signature::default();
                MlDsa::<pqfit_core::mldsa::$p, SmallStack>::sign_deterministic(
                    self, msg, &[], &mut sig,
                )
                .map_err(|_| signature::Error::new())?;
                Ok(sig)
            }
        }
    )*};
}

mldsa_scheme!(MlDsa44, MlDsa65, MlDsa87);

macro_rules! cross_scheme {
    ($($p:ident),*) => {$(
        impl SignatureScheme for cross::$p {
            type Strategy = MinStack;

            fn sign_with_rng<R: TryCryptoRng + ?Sized>(
                sk: &SigningKey<Self>,
                rng: &mut R,
                msg: &[u8],
                sig: &mut Signature<Self>,
            ) -> Result<(), Error> {
                Cross::<Self, MinStack>::sign_with_rng(rng, sk, msg, sig)
            }

            fn verify(
                vk: &VerifyingKey<Self>,
                msg: &[u8],
                sig: &Signature<Self>,
            ) -> Result<(), Error> {
                Cross::<Self, MinStack>::verify(vk, msg, sig.as_bytes())
            }
        }
    )*};
}

pqfit_core::for_each_cross_parameter_set!(cross_scheme);

impl<P: SignatureScheme> RandomizedSigner<Signature<P>> for SigningKey<P> {
    /// Hedged signing with the smallest-stack preset; the signature is returned by
    /// value (see the module documentation for its size and the stack).
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
