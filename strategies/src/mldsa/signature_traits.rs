//! The RustCrypto `signature` traits on an ML-DSA key pair that signs with a chosen
//! strategy, with the empty context string (the traits on bare keys, with the
//! `SmallStack` strategy, are in `crate::signature_traits`).
//!
//! `RandomizedSigner` signs hedged, the variant FIPS 204 recommends. `Signer` signs
//! deterministically (it has no randomness; FIPS 204 allows the variant), which a
//! fault attack turns into the key: see [`KeyPair`]. Both return the signature by
//! value (2,420 to 4,627 bytes); [`MlDsa::sign_with_rng`] writes into caller memory.

use super::strategy::{SmallStack, Strategy};
use super::MlDsa;
use crate::keys::{Signature, SigningKey, VerifyingKey};
use core::marker::PhantomData;
use pqfit_core::mldsa::ParameterSet;
use rand_core::TryCryptoRng;
use signature::{Keypair, RandomizedSigner, Signer};
use zeroize::Zeroizing;

/// A signing key with its public key, signing with the strategy `S` (by default
/// [`SmallStack`], the smallest stack).
///
/// **Deterministic signing and faults.** `signature::Signer` signs with rnd = 0^32
/// (FIPS 204's deterministic variant): the same key and message always give the same
/// mask y. One fault that changes the challenge (c' instead of c, e.g. a glitch while
/// hashing w1) gives a second response z' = y + c'·s1 beside the correct
/// z = y + c·s1, and z - z' = (c - c')·s1 reveals s1, the key, even when the faulty
/// signature does not verify. On a device an attacker can glitch, sign with
/// `RandomizedSigner` (a fresh y each time) and with the hardened type
/// [`Hardened<S>`](crate::strategy::Hardened), which signs twice and releases only a
/// signature both computations agree on.
///
/// A key pair made from a seed ([`KeyPair::from_seed`], [`KeyPair::generate`], or a
/// PKCS#8 document in the seed or both form) remembers the seed, so that the
/// compact seed form can be exported ([`KeyPair::seed`]); the seed is zeroized on
/// drop and never printed by `Debug`.
pub struct KeyPair<P: ParameterSet, S = SmallStack> {
    /// The secret key.
    pub signing_key: SigningKey<P>,
    /// The public key.
    pub verifying_key: VerifyingKey<P>,
    /// The seed xi the keys were generated from, when known.
    pub(crate) seed: Option<Zeroizing<[u8; 32]>>,
    _s: PhantomData<S>,
}

impl<P: ParameterSet, S: Strategy<P>> KeyPair<P, S> {
    /// FIPS 204, Algorithm 6 from the seed xi (key generation with the strategy `S`);
    /// the key pair keeps a copy of xi.
    pub fn from_seed(xi: &[u8; 32]) -> Self {
        let mut kp = Self::from_keys(SigningKey::blank(), VerifyingKey::default());
        super::keygen::key_gen_internal::<P, S>(
            xi,
            &mut kp.verifying_key.bytes,
            &mut kp.signing_key.bytes,
        );
        kp.seed = Some(Zeroizing::new(*xi));
        kp
    }

    /// FIPS 204, Algorithm 1: a fresh key pair from `rng`.
    pub fn generate<R: TryCryptoRng + ?Sized>(rng: &mut R) -> Result<Self, crate::Error> {
        let mut xi = Zeroizing::new([0u8; 32]);
        rng.try_fill_bytes(&mut xi[..])
            .map_err(|_| crate::Error::Rng)?;
        Ok(Self::from_seed(&xi))
    }
}

impl<P: ParameterSet, S> KeyPair<P, S> {
    /// A key pair of keys the caller vouches belong together, without a seed.
    pub(crate) fn from_keys(signing_key: SigningKey<P>, verifying_key: VerifyingKey<P>) -> Self {
        Self {
            signing_key,
            verifying_key,
            seed: None,
            _s: PhantomData,
        }
    }

    /// The 32-byte seed xi the key pair was generated from (FIPS 204, Algorithm 6),
    /// or `None` when it was assembled without one. The seed is the whole secret:
    /// store it as carefully as the signing key.
    pub fn seed(&self) -> Option<&[u8; 32]> {
        self.seed.as_deref()
    }
}

impl<P: ParameterSet, S> core::fmt::Debug for KeyPair<P, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("KeyPair")
            .field("signing_key", &self.signing_key)
            .field("verifying_key", &self.verifying_key)
            .finish_non_exhaustive()
    }
}

impl<P: ParameterSet, S> Keypair for KeyPair<P, S> {
    type VerifyingKey = VerifyingKey<P>;

    fn verifying_key(&self) -> VerifyingKey<P> {
        self.verifying_key.clone()
    }
}

fn sign_deterministic<P: ParameterSet, S: Strategy<P>>(
    sk: &SigningKey<P>,
    msg: &[u8],
) -> Result<Signature<P>, signature::Error> {
    let mut sig = Signature::default();
    MlDsa::<P, S>::sign_deterministic(sk, msg, &[], &mut sig)
        .map_err(|_| signature::Error::new())?;
    Ok(sig)
}

fn sign_hedged<P: ParameterSet, S: Strategy<P>, R: TryCryptoRng + ?Sized>(
    sk: &SigningKey<P>,
    rng: &mut R,
    msg: &[u8],
) -> Result<Signature<P>, signature::Error> {
    let mut sig = Signature::default();
    MlDsa::<P, S>::sign_with_rng(sk, msg, &[], rng, &mut sig)
        .map_err(|_| signature::Error::new())?;
    Ok(sig)
}

/// FIPS 204's deterministic variant: see [`KeyPair`] for its fault risk; prefer
/// `RandomizedSigner`.
impl<P: ParameterSet, S: Strategy<P>> Signer<Signature<P>> for KeyPair<P, S> {
    fn try_sign(&self, msg: &[u8]) -> Result<Signature<P>, signature::Error> {
        sign_deterministic::<P, S>(&self.signing_key, msg)
    }
}

impl<P: ParameterSet, S: Strategy<P>> RandomizedSigner<Signature<P>> for KeyPair<P, S> {
    fn try_sign_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> Result<Signature<P>, signature::Error> {
        sign_hedged::<P, S, R>(&self.signing_key, rng, msg)
    }
}
