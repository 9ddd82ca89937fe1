//! CROSS v2.2 (NIST additional signatures, round 2): R-SDP and R-SDP(G), security
//! categories 1, 3 and 5, corners fast, balanced and small, byte-exact with the
//! specification's KATs, for a parameter set `P` and a memory strategy `S`.
//!
//! ```
//! use pqfit::cross::{Cross, MinStack, Rsdpg1Small, Signature, SigningKey, VerifyingKey};
//!
//! type Signer = Cross<Rsdpg1Small, MinStack>;
//! // On a host the operating system's RNG; on a device its hardware TRNG.
//! let mut rng = getrandom::SysRng;
//! let (mut vk, mut sk) = (VerifyingKey::default(), SigningKey::blank());
//! Signer::key_gen_with_rng(&mut rng, &mut vk, &mut sk)?;
//! let mut sig = Signature::default();
//! // Fresh randomness for every signature (see `Cross::sign`).
//! Signer::sign_with_rng(&mut rng, &sk, b"firmware v1.2", &mut sig)?;
//! assert!(Signer::verify(&vk, b"firmware v1.2", sig.as_bytes()).is_ok());
//! assert!(Signer::verify(&vk, b"firmware v1.3", sig.as_bytes()).is_err());
//! # Ok::<(), pqfit::Error>(())
//! ```
//!
//! The strategies ([`strategy`]) change stack, time and flash, never the bytes.

mod batch;
#[cfg(feature = "instantiate-all")]
pub mod instantiate;
mod keygen;
mod round;
mod sign;
mod signature_traits;
pub mod strategy;
mod verify;

pub use pqfit_core::cross::params::{
    CrossParams, Rsdp1Balanced, Rsdp1Fast, Rsdp1Small, Rsdp3Balanced, Rsdp3Fast, Rsdp3Small,
    Rsdp5Balanced, Rsdp5Fast, Rsdp5Small, Rsdpg1Balanced, Rsdpg1Fast, Rsdpg1Small, Rsdpg3Balanced,
    Rsdpg3Fast, Rsdpg3Small, Rsdpg5Balanced, Rsdpg5Fast, Rsdpg5Small,
};
pub use strategy::{
    Balanced, Custom, Fast, Hardened, HashedCmt1, IncrementalMerkle, MinStack, RegeneratedSeeds,
    RegeneratedY, StoredCmt1, StoredMatrices, StoredMerkleTree, StoredSeedTree, StoredY, Strategy,
    StreamedMatrices,
};
// The crate's one set of key and signature buffers, sized by the CROSS parameter set.
pub use crate::keys::{Signature, SigningKey, VerifyingKey};
pub use pqfit_core::for_each_cross_parameter_set;
pub use signature_traits::KeyPair;

use crate::keys::check_len;
use crate::Error;
use core::marker::PhantomData;
use rand_core::TryCryptoRng;
use zeroize::Zeroizing;

/// CROSS for the parameter set `P` with the memory strategy `S`. All functions
/// write into caller-provided buffers. Without one, `S` is `MinStack`, the preset
/// with the smallest stack (a bare-metal stack has no guard page); `Fast` signs
/// several times faster in more memory (docs/cross.md).
pub struct Cross<P, S = MinStack>(PhantomData<(P, S)>);

impl<P: CrossParams, S: Strategy<P>> Cross<P, S> {
    /// Bytes of the key-generation seed seed_sk (2 lambda / 8).
    pub const KEY_SEED_BYTES: usize = P::KEY_SEED_BYTES;
    /// Bytes of the signing randomness (3 lambda / 8: as many as the root seed and the
    /// salt they are hashed into).
    pub const RANDOMNESS_BYTES: usize = P::SEED_BYTES + P::SALT_BYTES;
    /// Public key bytes.
    pub const PK_BYTES: usize = P::PK_BYTES;
    /// Secret key bytes.
    pub const SK_BYTES: usize = P::SK_BYTES;
    /// Signature bytes.
    pub const SIG_BYTES: usize = P::SIG_BYTES;

    /// KeyGen (Algorithm 1) from the seed seed_sk ([`Self::KEY_SEED_BYTES`] bytes,
    /// uniformly random): the reference draws it with one `randombytes` call.
    pub fn key_gen(
        seed_sk: &[u8],
        vk: &mut VerifyingKey<P>,
        sk: &mut SigningKey<P>,
    ) -> Result<(), Error> {
        check_len(seed_sk, P::KEY_SEED_BYTES)?;
        keygen::key_gen::<P, S>(seed_sk, vk, sk);
        Ok(())
    }

    /// KeyGen with seed_sk drawn from `rng`.
    pub fn key_gen_with_rng<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        vk: &mut VerifyingKey<P>,
        sk: &mut SigningKey<P>,
    ) -> Result<(), Error> {
        let mut seed = Zeroizing::new([0u8; pqfit_core::cross::MAX_KEY_SEED_BYTES]);
        rng.try_fill_bytes(&mut seed[..P::KEY_SEED_BYTES])
            .map_err(|_| Error::Rng)?;
        Self::key_gen(&seed[..P::KEY_SEED_BYTES], vk, sk)
    }

    /// Sign (Algorithm 2), hedged (`Err(BlankKey)` for a blank key): the root seed of the seed tree and the salt are
    /// derived from the secret key, `randomness` ([`Self::RANDOMNESS_BYTES`] bytes) and
    /// the message. Give fresh random bytes for every signature (as the specification
    /// draws its root seed and salt). A repeated or constant `randomness` does not
    /// leak the key by itself, but it makes signing deterministic: one faulted
    /// signature of a message signed before with the same randomness (same seeds,
    /// another challenge) discloses, in some round, both the seed of e' and
    /// e-bar - e'-bar, which together give the secret vector e.
    pub fn sign(
        sk: &SigningKey<P>,
        msg: &[u8],
        randomness: &[u8],
        sig: &mut Signature<P>,
    ) -> Result<(), Error> {
        sk.check_not_blank()?;
        check_len(randomness, Self::RANDOMNESS_BYTES)?;
        Self::sign_checked(sig, |out| {
            let mut seeds = Zeroizing::new([0u8; 3 * pqfit_core::cross::MAX_SEED_BYTES]);
            sign::hedged_seeds::<P, S::Keccak>(&sk.bytes, msg, randomness, &mut seeds[..]);
            let (root_seed, salt) = seeds[..Self::RANDOMNESS_BYTES].split_at(P::SEED_BYTES);
            Ok(sign::sign::<P, S>(sk, msg, root_seed, salt, out))
        })
    }

    /// Runs `sign` (a whole signature from the inputs, into the buffer it is given,
    /// returning the rounds it completed) once, or for a [`Hardened`] strategy twice
    /// and compared, each time checking the rounds completed.
    fn sign_checked(
        sig: &mut Signature<P>,
        mut sign: impl FnMut(&mut [u8]) -> Result<u32, Error>,
    ) -> Result<(), Error> {
        crate::hardened::sign_checked::<S::Keccak>(S::HARDENED, &mut sig.bytes, |out| {
            let rounds = sign(out)?;
            if S::HARDENED && rounds != sign::rounds::<P>() {
                return Err(Error::FaultDetected);
            }
            Ok(rounds)
        })
        .map(drop)
    }

    /// [`Self::sign`] with the randomness drawn from `rng`.
    pub fn sign_with_rng<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        sk: &SigningKey<P>,
        msg: &[u8],
        sig: &mut Signature<P>,
    ) -> Result<(), Error> {
        let mut r = Zeroizing::new([0u8; 3 * pqfit_core::cross::MAX_SEED_BYTES]);
        let n = Self::RANDOMNESS_BYTES;
        rng.try_fill_bytes(&mut r[..n]).map_err(|_| Error::Rng)?;
        Self::sign(sk, msg, &r[..n], sig)
    }

    /// [`Self::sign`] with all-zero randomness, for tests and vectors (feature
    /// `hazmat`): the same message and key give the same signature.
    ///
    /// **Hazard: a fault gives the key away.** With constant randomness the root seed,
    /// the salt and the whole seed tree depend only on the key and the message. One
    /// fault (a glitch in the second pass or while expanding chall_2) makes a second
    /// signature of the same message with the same seeds and a different challenge;
    /// a round answered with its seed in one signature and with the response
    /// (y, v-bar = e-bar - e'-bar) in the other reveals e' from the seed, hence the
    /// secret vector e = v + e'. The faulty signature need not verify. Sign with
    /// [`Self::sign_with_rng`] (fresh randomness makes every signature's seeds new).
    #[cfg(feature = "hazmat")]
    pub fn sign_deterministic(
        sk: &SigningKey<P>,
        msg: &[u8],
        sig: &mut Signature<P>,
    ) -> Result<(), Error> {
        let zeros = [0u8; 3 * pqfit_core::cross::MAX_SEED_BYTES];
        Self::sign(sk, msg, &zeros[..Self::RANDOMNESS_BYTES], sig)
    }

    /// Sign (Algorithm 2) exactly as the specification's reference: with the root seed
    /// of the seed tree (lambda / 8 bytes) and the salt (2 lambda / 8 bytes) used as
    /// given (its two `randombytes` calls), for the KATs.
    ///
    /// **Hazard:** both must be fresh and uniformly random for every signature. Two
    /// messages signed with the same root seed and salt publish, in some round, both
    /// v-bar = e-bar - e'-bar and the seed of e'-bar: the secret key. [`Self::sign`]
    /// derives them so that this cannot happen.
    #[cfg(feature = "hazmat")]
    pub fn sign_with_seeds(
        sk: &SigningKey<P>,
        msg: &[u8],
        root_seed: &[u8],
        salt: &[u8],
        sig: &mut Signature<P>,
    ) -> Result<(), Error> {
        sk.check_not_blank()?;
        check_len(root_seed, P::SEED_BYTES)?;
        check_len(salt, P::SALT_BYTES)?;
        Self::sign_checked(sig, |out| {
            Ok(sign::sign::<P, S>(sk, msg, root_seed, salt, out))
        })
    }

    /// Verify (Algorithm 3). `Err(InvalidLength)` for a signature of the wrong
    /// length, `Err(MalformedSignature)` for a malformed encoding (a value out of
    /// range, a set padding bit, a non-zero unused slot of the seed path or Merkle
    /// proof, a malformed public key), `Err(VerificationFailed)` otherwise when the
    /// signature does not verify. Never panics.
    pub fn verify(vk: &VerifyingKey<P>, msg: &[u8], sig: &[u8]) -> Result<(), Error> {
        check_len(sig, P::SIG_BYTES)?;
        verify::verify::<P, S>(vk, msg, sig)
    }
}
