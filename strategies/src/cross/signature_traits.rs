//! The RustCrypto `signature` traits on a CROSS key pair that signs with the
//! strategy `S` (the traits on bare keys are in `crate::signature_traits`).
//!
//! CROSS signs through `RandomizedSigner` only, with fresh randomness as the
//! specification intends: there is no `Signer` (deterministic signing), because
//! one fault in a deterministic signature gives the key away (see
//! [`Cross::sign`]). The signature is returned by value (up to 74,590 bytes, for
//! CROSS-RSDP-5-fast); [`Cross::sign_with_rng`] writes into caller memory instead.

use super::{keygen, Cross, CrossParams, MinStack, Strategy};
use crate::keys::{check_len, Signature, SigningKey, VerifyingKey};
use crate::Error;
use core::marker::PhantomData;
use pqfit_core::cross::MAX_KEY_SEED_BYTES;
use rand_core::TryCryptoRng;
use signature::{Keypair, RandomizedSigner};
use zeroize::Zeroizing;

/// A CROSS signing key with its public key, signing with the strategy `S` (by
/// default [`MinStack`], the smallest stack).
///
/// Signing is hedged only: neither a key pair nor a bare key implements
/// `signature::Signer`, whose deterministic signatures one fault turns into the key.
///
/// ```compile_fail
/// use pqfit::cross::{KeyPair, Rsdp1Small};
/// use signature::Signer;
/// let kp = KeyPair::<Rsdp1Small>::from_seed(&[7; 32]).unwrap();
/// let _ = kp.sign(b"no deterministic CROSS");
/// ```
///
/// ```compile_fail
/// use pqfit::cross::{KeyPair, Rsdp1Small};
/// use signature::Signer;
/// let kp = KeyPair::<Rsdp1Small>::from_seed(&[7; 32]).unwrap();
/// let _ = kp.signing_key.sign(b"nor on the bare key");
/// ```
///
/// ```
/// use pqfit::cross::{KeyPair, Rsdp1Small};
/// use signature::{Keypair, RandomizedSigner, Verifier};
/// let mut rng = getrandom::SysRng; // on a device: its hardware RNG
/// let kp = KeyPair::<Rsdp1Small>::generate(&mut rng).unwrap();
/// let sig = kp.try_sign_with_rng(&mut rng, b"hedged").unwrap();
/// assert!(kp.verifying_key().verify(b"hedged", &sig).is_ok());
/// ```
pub struct KeyPair<P: CrossParams, S = MinStack> {
    /// The secret key (seed_sk).
    pub signing_key: SigningKey<P>,
    /// The public key.
    pub verifying_key: VerifyingKey<P>,
    _s: PhantomData<S>,
}

impl<P: CrossParams, S: Strategy<P>> KeyPair<P, S> {
    /// KeyGen (Algorithm 1) from seed_sk ([`Cross::KEY_SEED_BYTES`] uniformly random
    /// bytes; the secret key is this seed). `Err` for a seed of another length.
    pub fn from_seed(seed_sk: &[u8]) -> Result<Self, Error> {
        check_len(seed_sk, P::KEY_SEED_BYTES)?;
        Ok(Self::key_gen(seed_sk))
    }

    /// A key pair from a secret key (the public key is derived from it again).
    pub fn from_signing_key(sk: &SigningKey<P>) -> Self {
        Self::key_gen(sk.as_bytes())
    }

    fn key_gen(seed_sk: &[u8]) -> Self {
        let mut kp = Self {
            signing_key: SigningKey::blank(),
            verifying_key: VerifyingKey::default(),
            _s: PhantomData,
        };
        keygen::key_gen::<P, S>(seed_sk, &mut kp.verifying_key, &mut kp.signing_key);
        kp
    }

    /// KeyGen with seed_sk drawn from `rng`.
    pub fn generate<R: TryCryptoRng + ?Sized>(rng: &mut R) -> Result<Self, Error> {
        let mut seed = Zeroizing::new([0u8; MAX_KEY_SEED_BYTES]);
        let seed = &mut seed[..P::KEY_SEED_BYTES];
        rng.try_fill_bytes(seed).map_err(|_| Error::Rng)?;
        Self::from_seed(seed)
    }
}

impl<P: CrossParams, S> core::fmt::Debug for KeyPair<P, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("KeyPair")
            .field("signing_key", &self.signing_key)
            .field("verifying_key", &self.verifying_key)
            .finish()
    }
}

impl<P: CrossParams, S> Keypair for KeyPair<P, S> {
    type VerifyingKey = VerifyingKey<P>;

    fn verifying_key(&self) -> VerifyingKey<P> {
        self.verifying_key.clone()
    }
}

impl<P: CrossParams, S: Strategy<P>> RandomizedSigner<Signature<P>> for KeyPair<P, S> {
    fn try_sign_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> Result<Signature<P>, signature::Error> {
        let mut sig = Signature::default();
        Cross::<P, S>::sign_with_rng(rng, &self.signing_key, msg, &mut sig)
            .map_err(|_| signature::Error::new())?;
        Ok(sig)
    }
}
