//! ML-DSA (FIPS 204): the external algorithms (Algorithms 1-5) and the entry points
//! to the internal ones, for a parameter set `P` and a memory strategy `S` of
//! [`strategy`] (also reachable as `pqfit::strategy`, the path firmware builds and
//! tools name).

mod expanded;
mod keygen;
#[cfg(feature = "pkcs8")]
mod pkcs8;
mod sign;
mod signature_traits;
pub mod strategy;
mod verify;

pub use expanded::ExpandedKey;
#[cfg(feature = "pkcs8")]
pub use pkcs8::{AlgorithmOid, PrivateKeyForm, MAX_PKCS8_DER_BYTES};
pub use signature_traits::KeyPair;

use crate::keys::check_len;
use crate::keys::{Signature, SigningKey, VerifyingKey};
use crate::prehash::{PreHash, MAX_PREHASH_BYTES};
use crate::Error;
use core::marker::PhantomData;
use pqfit_core::hash::{shake256_with, Shake256};
use pqfit_core::keccak::Keccak;
use pqfit_core::mldsa::params::MAX_CONTEXT_BYTES;
use pqfit_core::mldsa::ParameterSet;
use rand_core::TryCryptoRng;
use strategy::{MatrixA, SecretVectors, SmallStack, Strategy};
use zeroize::Zeroizing;

/// ML-DSA for the parameter set `P`, with the memory strategy `S`.
///
/// All functions write into caller-provided buffers; the strategy changes stack,
/// flash and time, never the bytes produced. Without one, `S` is `SmallStack`, the
/// preset with the smallest signing stack (about 5 kB): a bare-metal stack has no
/// guard page, so the default must not overflow it silently.
pub struct MlDsa<P, S = SmallStack>(PhantomData<(P, S)>);

/// The domain separator of M' for pure ML-DSA (FIPS 204, Algorithm 2, line 10).
const PURE: u8 = 0;
/// The domain separator of M' for HashML-DSA (FIPS 204, Algorithm 4, line 23).
const PRE_HASH: u8 = 1;

fn check_context(ctx: &[u8]) -> Result<u8, Error> {
    if ctx.len() > MAX_CONTEXT_BYTES {
        Err(Error::ContextTooLong)
    } else {
        Ok(ctx.len() as u8)
    }
}

/// mu for the external interfaces: M' = 0 || |ctx| || ctx || M for pure ML-DSA
/// (FIPS 204, Algorithm 2, line 10) or 1 || |ctx| || ctx || OID || PH(M) for
/// HashML-DSA (Algorithm 4, line 23), hashed with tr as Algorithm 7, line 6 does.
fn external_representative<K: Keccak>(
    key: Key<'_>,
    msg: &[u8],
    ctx: &[u8],
    pre_hash: Option<PreHash>,
    mu: &mut [u8; 64],
) -> Result<(), Error> {
    let ctx_len = check_context(ctx)?;
    let representative = |m_prime: &[&[u8]], mu: &mut [u8; 64]| match key {
        Key::Tr(tr) => message_representative::<K>(tr, m_prime, mu),
        Key::Public(pk) => public_representative::<K>(pk, m_prime, mu),
    };
    match pre_hash {
        None => representative(&[&[PURE, ctx_len], ctx, msg], mu),
        Some(ph) => {
            let mut digest = [0u8; MAX_PREHASH_BYTES];
            let n = ph.digest(msg, &mut digest);
            representative(&[&[PRE_HASH, ctx_len], ctx, &ph.oid(), &digest[..n]], mu);
        }
    }
    Ok(())
}

/// What mu is computed from: tr (kept in a signing key) or the public key it hashes.
#[derive(Clone, Copy)]
enum Key<'a> {
    Tr(&'a [u8]),
    Public(&'a [u8]),
}

/// tr = H(pk, 64).
fn public_key_hash<K: Keccak>(pk: &[u8]) -> [u8; 64] {
    let mut tr = [0u8; 64];
    shake256_with::<K>(&[pk], &mut tr);
    tr
}

/// mu of the message `m_prime` (in pieces) under the public key `pk`. tr lives in
/// this frame only, not in a verifier's, where it would add to the peak stack.
#[inline(never)]
fn public_representative<K: Keccak>(pk: &[u8], m_prime: &[&[u8]], mu: &mut [u8; 64]) {
    message_representative::<K>(&public_key_hash::<K>(pk), m_prime, mu);
}

/// mu = H(tr || M', 64) with M' given in pieces (FIPS 204, Algorithm 7, line 6).
fn message_representative<K: Keccak>(tr: &[u8], m_prime: &[&[u8]], mu: &mut [u8; 64]) {
    let mut h = Shake256::<K>::with_backend();
    h.absorb(tr);
    for part in m_prime {
        h.absorb(part);
    }
    h.finalize_squeeze_reset(mu);
}

impl<P: ParameterSet, S: Strategy<P>> MlDsa<P, S> {
    /// FIPS 204, Algorithm 6: ML-DSA.KeyGen_internal, from the 32-byte seed xi
    /// (feature `hazmat`). FIPS 204 keeps the internal functions for testing (§3.6):
    /// xi must be fresh and uniformly random, and a reused or guessable xi is the
    /// key. Outside tests use [`MlDsa::key_gen`], or [`KeyPair::from_seed`] for a
    /// stored seed.
    #[cfg(feature = "hazmat")]
    pub fn key_gen_internal(xi: &[u8; 32], vk: &mut VerifyingKey<P>, sk: &mut SigningKey<P>) {
        keygen::key_gen_internal::<P, S>(xi, &mut vk.bytes, &mut sk.bytes);
    }

    /// FIPS 204, Algorithm 1: ML-DSA.KeyGen, drawing xi from `rng`.
    pub fn key_gen<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        vk: &mut VerifyingKey<P>,
        sk: &mut SigningKey<P>,
    ) -> Result<(), Error> {
        let mut xi = Zeroizing::new([0u8; 32]);
        rng.try_fill_bytes(&mut xi[..]).map_err(|_| Error::Rng)?;
        keygen::key_gen_internal::<P, S>(&xi, &mut vk.bytes, &mut sk.bytes);
        Ok(())
    }

    /// FIPS 204, Algorithm 2: ML-DSA.Sign with the given 32 bytes of randomness
    /// `rnd` (all zero for the deterministic variant).
    pub fn sign(
        sk: &SigningKey<P>,
        msg: &[u8],
        ctx: &[u8],
        rnd: &[u8; 32],
        sig: &mut Signature<P>,
    ) -> Result<(), Error> {
        Self::sign_external(
            sk,
            |tr, mu| external_representative::<S::Keccak>(tr, msg, ctx, None, mu),
            rnd,
            sig,
        )
        .map(drop)
    }

    /// [`MlDsa::sign`], returning the number of iterations of the rejection loop it
    /// took (FIPS 204 expects 4.25, 5.1 and 3.85 for ML-DSA-44, 65 and 87: signing
    /// time is about proportional to it). For measurement tools, which normalise a
    /// signing time to the expected count; the count is public (timing shows it).
    pub fn sign_with_iteration_count(
        sk: &SigningKey<P>,
        msg: &[u8],
        ctx: &[u8],
        rnd: &[u8; 32],
        sig: &mut Signature<P>,
    ) -> Result<u32, Error> {
        Self::sign_external(
            sk,
            |tr, mu| external_representative::<S::Keccak>(tr, msg, ctx, None, mu),
            rnd,
            sig,
        )
    }

    /// FIPS 204, Algorithm 2, hedged: rnd drawn from `rng` (the default variant).
    pub fn sign_with_rng<R: TryCryptoRng + ?Sized>(
        sk: &SigningKey<P>,
        msg: &[u8],
        ctx: &[u8],
        rng: &mut R,
        sig: &mut Signature<P>,
    ) -> Result<(), Error> {
        let rnd = Self::draw_rnd(rng)?;
        Self::sign(sk, msg, ctx, &rnd, sig)
    }

    /// FIPS 204, Algorithm 2, deterministic variant (rnd = 0^32).
    ///
    /// **Fault risk:** the same key and message always give the same mask y; one
    /// fault that changes the challenge (c' for c) releases z' = y + c'·s1 beside
    /// z = y + c·s1, and z - z' = (c - c')·s1 gives s1 to whoever holds both, even
    /// when the faulty signature does not verify. Prefer [`MlDsa::sign_with_rng`], and
    /// on a device that can be glitched the hardened type [`Hardened<S>`](strategy::Hardened).
    pub fn sign_deterministic(
        sk: &SigningKey<P>,
        msg: &[u8],
        ctx: &[u8],
        sig: &mut Signature<P>,
    ) -> Result<(), Error> {
        Self::sign(sk, msg, ctx, &[0; 32], sig)
    }

    /// FIPS 204, Algorithm 4: HashML-DSA.Sign with the given `rnd`; `msg` is hashed
    /// here with `ph`.
    pub fn hash_sign(
        sk: &SigningKey<P>,
        msg: &[u8],
        ctx: &[u8],
        ph: PreHash,
        rnd: &[u8; 32],
        sig: &mut Signature<P>,
    ) -> Result<(), Error> {
        let mu_of = |tr: Key<'_>, mu: &mut [u8; 64]| {
            external_representative::<S::Keccak>(tr, msg, ctx, Some(ph), mu)
        };
        Self::sign_external(sk, mu_of, rnd, sig).map(drop)
    }

    /// FIPS 204, Algorithm 4, hedged: rnd drawn from `rng`.
    pub fn hash_sign_with_rng<R: TryCryptoRng + ?Sized>(
        sk: &SigningKey<P>,
        msg: &[u8],
        ctx: &[u8],
        ph: PreHash,
        rng: &mut R,
        sig: &mut Signature<P>,
    ) -> Result<(), Error> {
        let rnd = Self::draw_rnd(rng)?;
        Self::hash_sign(sk, msg, ctx, ph, &rnd, sig)
    }

    /// FIPS 204, Algorithm 7: ML-DSA.Sign_internal on the formatted message M'
    /// (feature `hazmat`: FIPS 204 keeps it for testing; M' is not domain separated
    /// here, so a caller could sign a message another context's signature would
    /// cover). `Err(BlankKey)` for a blank key.
    #[cfg(feature = "hazmat")]
    pub fn sign_internal(
        sk: &SigningKey<P>,
        m_prime: &[u8],
        rnd: &[u8; 32],
        sig: &mut Signature<P>,
    ) -> Result<(), Error> {
        Self::sign_checked(sk, &mut sig.bytes, |out| {
            let mut mu = Zeroizing::new([0u8; 64]);
            message_representative::<S::Keccak>(Self::tr(sk), &[m_prime], &mut mu);
            Ok(Self::sign_mu_counting(sk, &mu, rnd, out))
        })
        .map(drop)
    }

    /// FIPS 204, Algorithm 7 from an externally computed mu = H(tr || M', 64)
    /// (see [`MlDsa::external_mu`]). `Err(BlankKey)` for a blank key; with a
    /// [`Hardened`](strategy::Hardened) strategy, `Err(FaultDetected)` with `sig` wiped
    /// (all zero) for a detected fault.
    pub fn sign_mu(
        sk: &SigningKey<P>,
        mu: &[u8; 64],
        rnd: &[u8; 32],
        sig: &mut Signature<P>,
    ) -> Result<(), Error> {
        Self::sign_checked(sk, &mut sig.bytes, |out| {
            Ok(Self::sign_mu_counting(sk, mu, rnd, out))
        })
        .map(drop)
    }

    /// Algorithms 2 and 4 (with `rnd`): mu of the external interface (`mu_of`, from
    /// the key's tr: a closure per interface, so that pure ML-DSA's code holds no
    /// pre-hash), then Sign_internal; returns the number of iterations.
    fn sign_external(
        sk: &SigningKey<P>,
        mu_of: impl Fn(Key<'_>, &mut [u8; 64]) -> Result<(), Error>,
        rnd: &[u8; 32],
        sig: &mut Signature<P>,
    ) -> Result<u32, Error> {
        Self::sign_checked(sk, &mut sig.bytes, |out| {
            let mut mu = Zeroizing::new([0u8; 64]);
            mu_of(Key::Tr(Self::tr(sk)), &mut mu)?;
            Ok(Self::sign_mu_counting(sk, &mu, rnd, out))
        })
    }

    /// Refuses a blank key (`Err(BlankKey)`), then runs `sign` (a whole signing
    /// computation from the inputs, into the buffer it is given) once, or twice and
    /// compared for a [`Hardened`](strategy::Hardened) strategy.
    fn sign_checked(
        sk: &SigningKey<P>,
        sig: &mut [u8],
        sign: impl FnMut(&mut [u8]) -> Result<u32, Error>,
    ) -> Result<u32, Error> {
        sk.check_not_blank()?;
        crate::hardened::sign_checked::<S::Keccak>(S::HARDENED, sig, sign)
    }

    /// [`MlDsa::sign_mu`] once, into `sig` (`SIG_BYTES` long), returning the number of
    /// iterations.
    fn sign_mu_counting(sk: &SigningKey<P>, mu: &[u8; 64], rnd: &[u8; 32], sig: &mut [u8]) -> u32 {
        // A-hat comes from the public rho: nothing to wipe.
        let mut a = <S::Matrix as MatrixA<P>>::Store::default();
        S::Matrix::expand::<S::Keccak>(&mut a, &Self::rho(sk));
        let mut secrets =
            Zeroizing::new(<S::Secrets as SecretVectors<P, S::Product>>::Store::default());
        S::Secrets::load(&mut secrets, &sk.bytes);
        sign::sign_mu_prepared::<P, S>(&a, &secrets, &sk.bytes, mu, rnd, sig)
    }

    /// Prepares `out` for repeated signing with `sk`: A-hat and the secrets in the
    /// form the strategy keeps them (for [`FastSign`](strategy::FastSign):
    /// A-hat and NTT(s1, s2, t0)), so that each [`MlDsa::sign_expanded`] skips that
    /// work. `ExpandedKey::<P, S>::BYTES` is the RAM it occupies between calls.
    pub fn expand_key(sk: &SigningKey<P>, out: &mut ExpandedKey<P, S>) {
        out.sk.bytes.copy_from_slice(&sk.bytes);
        S::Matrix::expand::<S::Keccak>(&mut out.a, &Self::rho(sk));
        S::Secrets::load(&mut out.secrets, &sk.bytes);
    }

    /// FIPS 204, Algorithm 2 (pure ML-DSA.Sign) with an expanded key; the same bytes
    /// as [`MlDsa::sign`] with the key it was expanded from.
    pub fn sign_expanded(
        key: &ExpandedKey<P, S>,
        msg: &[u8],
        ctx: &[u8],
        rnd: &[u8; 32],
        sig: &mut Signature<P>,
    ) -> Result<(), Error> {
        Self::sign_checked(&key.sk, &mut sig.bytes, |out| {
            let mut mu = Zeroizing::new([0u8; 64]);
            let tr = Key::Tr(Self::tr(&key.sk));
            external_representative::<S::Keccak>(tr, msg, ctx, None, &mut mu)?;
            let (a, secrets) = (&key.a, &key.secrets);
            Ok(sign::sign_mu_prepared::<P, S>(
                a,
                secrets,
                &key.sk.bytes,
                &mu,
                rnd,
                out,
            ))
        })
        .map(drop)
    }

    /// The message representative mu of pure ML-DSA for `msg` and `ctx` under the
    /// public key `vk`, for signing with [`MlDsa::sign_mu`] elsewhere.
    pub fn external_mu(
        vk: &VerifyingKey<P>,
        msg: &[u8],
        ctx: &[u8],
        mu: &mut [u8; 64],
    ) -> Result<(), Error> {
        external_representative::<S::Keccak>(Key::Public(&vk.bytes), msg, ctx, None, mu)
    }

    /// FIPS 204, Algorithm 3: ML-DSA.Verify. `sig` of any length: a wrong length or a
    /// malformed encoding is an `Err`, as is a signature that does not verify.
    pub fn verify(vk: &VerifyingKey<P>, msg: &[u8], ctx: &[u8], sig: &[u8]) -> Result<(), Error> {
        Self::verify_external(vk, msg, ctx, None, sig)
    }

    /// FIPS 204, Algorithm 5: HashML-DSA.Verify; `msg` is hashed here with `ph`.
    pub fn hash_verify(
        vk: &VerifyingKey<P>,
        msg: &[u8],
        ctx: &[u8],
        ph: PreHash,
        sig: &[u8],
    ) -> Result<(), Error> {
        Self::verify_external(vk, msg, ctx, Some(ph), sig)
    }

    /// Algorithms 3 and 5: mu of the external interface, then Verify_internal.
    fn verify_external(
        vk: &VerifyingKey<P>,
        msg: &[u8],
        ctx: &[u8],
        pre_hash: Option<PreHash>,
        sig: &[u8],
    ) -> Result<(), Error> {
        check_context(ctx)?;
        check_len(sig, P::SIG_BYTES)?;
        let mut mu = [0u8; 64];
        external_representative::<S::Keccak>(Key::Public(&vk.bytes), msg, ctx, pre_hash, &mut mu)?;
        verify::verify_mu::<P, S>(&vk.bytes, &mu, sig)
    }

    /// FIPS 204, Algorithm 8: ML-DSA.Verify_internal on the formatted message M'
    /// (feature `hazmat`, as [`MlDsa::sign_internal`]).
    #[cfg(feature = "hazmat")]
    pub fn verify_internal(vk: &VerifyingKey<P>, m_prime: &[u8], sig: &[u8]) -> Result<(), Error> {
        check_len(sig, P::SIG_BYTES)?;
        let mut mu = [0u8; 64];
        public_representative::<S::Keccak>(&vk.bytes, &[m_prime], &mut mu);
        verify::verify_mu::<P, S>(&vk.bytes, &mu, sig)
    }

    /// FIPS 204, Algorithm 8 from an externally computed mu.
    pub fn verify_mu(vk: &VerifyingKey<P>, mu: &[u8; 64], sig: &[u8]) -> Result<(), Error> {
        check_len(sig, P::SIG_BYTES)?;
        verify::verify_mu::<P, S>(&vk.bytes, mu, sig)
    }

    /// rho, the seed of A-hat: the first field of the public key too, so declassified.
    fn rho(sk: &SigningKey<P>) -> [u8; 32] {
        let mut rho: [u8; 32] = sk.bytes[..32].try_into().expect("sk holds rho");
        pqfit_core::ct::declassify_bytes(&mut rho);
        rho
    }

    fn tr(sk: &SigningKey<P>) -> &[u8] {
        &sk.bytes[64..128]
    }

    fn draw_rnd<R: TryCryptoRng + ?Sized>(rng: &mut R) -> Result<Zeroizing<[u8; 32]>, Error> {
        let mut rnd = Zeroizing::new([0u8; 32]);
        rng.try_fill_bytes(&mut rnd[..]).map_err(|_| Error::Rng)?;
        Ok(rnd)
    }
}
