//! ML-KEM (FIPS 203): ML-KEM-512, ML-KEM-768 and ML-KEM-1024, byte for byte, with
//! the memory strategy as a type.
//!
//! [`MlKem<P, S>`](MlKem) runs the algorithms of FIPS 203 for the parameter set `P`
//! ([`MlKem512Params`], [`MlKem768Params`], [`MlKem1024Params`]) with the strategy `S`
//! ([`strategy`]: [`SmallStack`], [`Balanced`], [`FastKem`] or any [`Custom`] mix);
//! [`MlKem512<S>`](MlKem512), [`MlKem768<S>`](MlKem768) and
//! [`MlKem1024<S>`](MlKem1024) name it per set. Every strategy gives the same bytes.
//! Keys, ciphertexts and shared secrets are the KEM buffers every family shares
//! ([`crate::kem`]), re-exported here.
//!
//! ```
//! use pqfit::mlkem::{Ciphertext, MlKem768Params, PublicKey, SecretKey, SharedSecret, SmallStack};
//! use pqfit::MlKem768;
//!
//! type Kem = MlKem768<SmallStack>;
//! # // A deterministic stand-in for a real RNG, for the example only.
//! # struct Rng(u64);
//! # impl rand_core::TryRng for Rng {
//! #     type Error = core::convert::Infallible;
//! #     fn try_next_u32(&mut self) -> Result<u32, Self::Error> { Ok(self.try_next_u64()? as u32) }
//! #     fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
//! #         self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
//! #         Ok(self.0)
//! #     }
//! #     fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
//! #         for b in dst { *b = (self.try_next_u64()? >> 56) as u8; }
//! #         Ok(())
//! #     }
//! # }
//! # impl rand_core::TryCryptoRng for Rng {}
//! # let mut rng = Rng(1);
//! let (mut ek, mut dk) = (PublicKey::<MlKem768Params>::default(), SecretKey::zeroed());
//! Kem::key_gen(&mut rng, &mut ek, &mut dk)?;
//!
//! // The peer imports the encapsulation key (FIPS 203 §7.2 check) and encapsulates.
//! let peer_ek = PublicKey::<MlKem768Params>::from_bytes(ek.as_bytes())?;
//! let (mut ct, mut k_send) = (Ciphertext::default(), SharedSecret::zeroed());
//! Kem::encaps(&mut rng, &peer_ek, &mut ct, &mut k_send)?;
//!
//! // Implicit rejection: decapsulation never fails.
//! let mut k_recv = SharedSecret::zeroed();
//! Kem::decaps(&dk, &ct, &mut k_recv);
//! assert_eq!(k_send, k_recv);
//! # Ok::<(), pqfit::Error>(())
//! ```
//!
//! - Imported keys are checked: [`PublicKey::from_bytes`] runs the encapsulation key
//!   check of FIPS 203 §7.2 (length, every coefficient of t-hat below q) and
//!   [`SecretKey::from_bytes`] the decapsulation key check of §7.3 (length, the hash
//!   of ek); a failure is `Err(Error::MalformedKey)`, never a panic. [`MlKem::encaps`]
//!   and [`MlKem::decaps`] take the checked types, so they run Algorithms 20 and 21
//!   without checking again. The secret buffers have no `Default`:
//!   [`SecretKey::zeroed`] and [`SharedSecret::zeroed`] name the all-zero buffers the
//!   native entry points write into (public keys and ciphertexts have `Default`).
//! - The seed form: [`MlKem::from_seed`] expands the 64-byte seed d || z into the
//!   expanded keys (FIPS 203 Algorithm 16), and
//!   [`DecapsulationKey::from_seed`](crate::kem::DecapsulationKey) makes the `kem`
//!   key of d and z, which keeps the seed ([`DecapsulationKey::seed`]).
//! - PKCS#8 and SPKI (feature `pkcs8`): the IETF LAMPS key formats, seed,
//!   expanded and both private key forms, each checked on decoding; see
//!   `PrivateKeyForm` and docs/ml-kem.md.
//! - The RustCrypto `kem` 0.3 traits: `MlKem<P, S>` implements `kem::Kem`, with
//!   [`DecapsulationKey<MlKem<P, S>>`](DecapsulationKey) and
//!   [`EncapsulationKey<MlKem<P, S>>`](EncapsulationKey) as for sntrup761
//!   (`pqfit::ntruprime` documents them); `TryKeyInit` on the encapsulation key runs
//!   the §7.2 check.
//!
//! # FIPS 203 algorithms
//!
//! | # | FIPS 203 | where |
//! |---|---|---|
//! | 3, 4 | BitsToBytes, BytesToBits | folded into `pqfit_core::mlkem::encode::{byte_encode, byte_decode}` |
//! | 5, 6 | ByteEncode_d, ByteDecode_d | `pqfit_core::mlkem::encode` |
//! | 7 | SampleNTT | `pqfit_core::mlkem::sample::sample_ntt_coefficients` (streamed), `sample_ntt` |
//! | 8 | SamplePolyCBD | `pqfit_core::mlkem::sample::sample_poly_cbd` (with the PRF) |
//! | 9, 10 | NTT, NTT^-1 | `pqfit_core::mlkem::ntt` |
//! | 11, 12 | MultiplyNTTs, BaseCaseMultiply | [`strategy::Accumulate`] over `pqfit_core::mlkem::ntt::{base_case_wide, base_case_reduced}` |
//! | 13, 14, 15 | K-PKE.KeyGen, Encrypt, Decrypt | `kpke::{key_gen, encrypt, decrypt}` (private) |
//! | 16, 17, 18 | ML-KEM.KeyGen_internal, Encaps_internal, Decaps_internal | [`MlKem::key_gen_internal`], [`MlKem::encaps_internal`], [`MlKem::decaps_internal`] |
//! | 19, 20, 21 | ML-KEM.KeyGen, Encaps, Decaps | [`MlKem::key_gen`], [`MlKem::encaps`], [`MlKem::decaps`] |

mod kpke;
mod params;
#[cfg(feature = "pkcs8")]
mod pkcs8;
pub mod strategy;
mod traits;

/// The `kem` crate (0.3) whose traits the key types implement, for naming them
/// without a separate dependency.
pub use ::kem;

#[cfg(feature = "pkcs8")]
pub use self::pkcs8::{AlgorithmOid, PrivateKeyForm, MAX_PKCS8_DER_BYTES};
pub use crate::kem::{
    Ciphertext, DecapsulationKey, EncapsulationKey, PublicKey, SecretKey, SharedSecret,
};
pub use params::{decapsulation_key_is_valid, encapsulation_key_is_valid, ParameterSet};
pub use pqfit_core::mlkem::{MlKem1024Params, MlKem512Params, MlKem768Params, MlKemParams};
pub use strategy::catalog;
pub use strategy::{
    Balanced, CachedA, CachedSecret, Custom, DecodedSecret, EagerReduce, FastKem, LazyAccumulate,
    SmallStack, StoredCompare, Strategy, StreamedA, StreamedCompare,
};
pub use traits::MlKemSecret;

use crate::Error;
use core::marker::PhantomData;
use pqfit_core::ct;
use pqfit_core::hash::{sha3_256_with, sha3_512_with, shake256_with};
use rand_core::TryCryptoRng;
use strategy::CiphertextCompare;
use zeroize::{Zeroize, Zeroizing};

/// ML-KEM for the parameter set `P` with the memory strategy `S`.
///
/// All functions write into caller-provided buffers; the strategy changes stack,
/// flash and time, never the bytes produced. A zero-sized marker: `Copy`, `Debug`,
/// `Default`, `Eq`, `Ord`, `Send` and `Sync` for every `P` and `S` (by hand, without
/// bounds on them), as `kem::Kem` asks.
pub struct MlKem<P, S = Balanced>(PhantomData<fn() -> (P, S)>);

/// ML-KEM-512 with the memory strategy `S`.
pub type MlKem512<S = Balanced> = MlKem<MlKem512Params, S>;
/// ML-KEM-768 with the memory strategy `S`.
pub type MlKem768<S = Balanced> = MlKem<MlKem768Params, S>;
/// ML-KEM-1024 with the memory strategy `S`.
pub type MlKem1024<S = Balanced> = MlKem<MlKem1024Params, S>;

type Kec<P, S> = <S as Strategy<P>>::Keccak;

impl<P: ParameterSet, S: Strategy<P>> MlKem<P, S> {
    /// FIPS 203, Algorithm 19: ML-KEM.KeyGen. Draws d || z (64 bytes, one call) from
    /// `rng`, then [`Self::key_gen_internal`].
    pub fn key_gen<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        ek: &mut PublicKey<P>,
        dk: &mut SecretKey<P>,
    ) -> Result<(), Error> {
        let (dk_pke, rest) = dk.bytes.split_at_mut(P::DK_PKE_BYTES);
        let (dk_ek, h_z) = rest.split_at_mut(P::EK_BYTES);
        let mut randombytes = |out: &mut [u8]| rng.try_fill_bytes(out).map_err(|_| Error::Rng);
        Self::key_gen_from(&mut randombytes, &mut ek.bytes, dk_pke, h_z)?;
        dk_ek.copy_from_slice(&ek.bytes);
        Ok(())
    }

    /// FIPS 203, Algorithm 16: ML-KEM.KeyGen_internal(d, z): ek = ek_PKE and
    /// dk = dk_PKE || ek || H(ek) || z, from K-PKE.KeyGen(d) (Algorithm 13).
    pub fn key_gen_internal(
        d: &[u8; 32],
        z: &[u8; 32],
        ek: &mut PublicKey<P>,
        dk: &mut SecretKey<P>,
    ) {
        let (dk_pke, rest) = dk.bytes.split_at_mut(P::DK_PKE_BYTES);
        let (dk_ek, h_z) = rest.split_at_mut(P::EK_BYTES);
        Self::key_gen_parts(d, z, &mut ek.bytes, dk_pke, h_z);
        dk_ek.copy_from_slice(&ek.bytes);
    }

    /// The expanded keys of the 64-byte seed form d || z (as FIPS 203 §7.1 allows
    /// a decapsulation key to be stored): [`Self::key_gen_internal`] of its halves.
    pub fn from_seed(seed: &[u8; 64], ek: &mut PublicKey<P>, dk: &mut SecretKey<P>) {
        let mut d = Zeroizing::new([0u8; 32]);
        let mut z = Zeroizing::new([0u8; 32]);
        d.copy_from_slice(&seed[..32]);
        z.copy_from_slice(&seed[32..]);
        Self::key_gen_internal(&d, &z, ek, dk);
    }

    /// FIPS 203, Algorithm 20: ML-KEM.Encaps. Draws m (32 bytes) from `rng`, then
    /// [`Self::encaps_internal`]. `ek` passed the §7.2 check when it was imported
    /// ([`PublicKey::from_bytes`]).
    pub fn encaps<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        ek: &PublicKey<P>,
        ct: &mut Ciphertext<P>,
        ss: &mut SharedSecret,
    ) -> Result<(), Error> {
        let mut randombytes = |out: &mut [u8]| rng.try_fill_bytes(out).map_err(|_| Error::Rng);
        Self::encaps_from(&mut randombytes, &ek.bytes, &mut ct.bytes, &mut ss.bytes)
    }

    /// FIPS 203, Algorithm 17: ML-KEM.Encaps_internal(ek, m): (K, r) = G(m || H(ek)),
    /// c = K-PKE.Encrypt(ek, m, r).
    pub fn encaps_internal(
        ek: &PublicKey<P>,
        m: &[u8; 32],
        ct: &mut Ciphertext<P>,
        ss: &mut SharedSecret,
    ) {
        Self::encaps_parts(&ek.bytes, m, &mut ct.bytes, &mut ss.bytes);
    }

    /// FIPS 203, Algorithm 21: ML-KEM.Decaps. `dk` passed the §7.3 check when it was
    /// imported ([`SecretKey::from_bytes`]) and `ct` has its type's length, so this is
    /// [`Self::decaps_internal`]. Never fails: a ciphertext that does not re-encrypt
    /// to itself gives the implicit-rejection key J(z || c).
    pub fn decaps(dk: &SecretKey<P>, ct: &Ciphertext<P>, ss: &mut SharedSecret) {
        Self::decaps_internal(dk, ct, ss);
    }

    /// FIPS 203, Algorithm 18: ML-KEM.Decaps_internal(dk, c), with implicit rejection
    /// in constant time: the re-encryption is compared with `ct` by the strategy's
    /// [`CiphertextCompare`] (a running difference, no early exit) and K' or
    /// J(z || c) is selected by a mask.
    pub fn decaps_internal(dk: &SecretKey<P>, ct: &Ciphertext<P>, ss: &mut SharedSecret) {
        let (dk_pke, rest) = dk.bytes.split_at(P::DK_PKE_BYTES);
        let (ek, h_z) = rest.split_at(P::EK_BYTES);
        let (h, z) = h_z.split_at(32);
        Self::decaps_parts(dk_pke, ek, h, z, &ct.bytes, &mut ss.bytes);
    }

    /// FIPS 203 §7.2: `Ok` when `ek` is a valid encapsulation key of this set.
    pub fn check_encapsulation_key(ek: &[u8]) -> Result<(), Error> {
        PublicKey::<P>::from_bytes(ek).map(|_| ())
    }

    /// FIPS 203 §7.3: `Ok` when `dk` is a valid (expanded) decapsulation key.
    pub fn check_decapsulation_key(dk: &[u8]) -> Result<(), Error> {
        SecretKey::<P>::from_bytes(dk).map(|_| ())
    }

    /// Algorithm 19 over the parts of dk (dk_PKE; H(ek) || z) with any `randombytes`
    /// error type (the `kem` trait layer passes the RNG's own).
    pub(crate) fn key_gen_from<E>(
        randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), E>,
        ek: &mut [u8],
        dk_pke: &mut [u8],
        h_z: &mut [u8],
    ) -> Result<(), E> {
        let mut seed = Zeroizing::new([0u8; 64]);
        randombytes(&mut seed[..])?;
        let mut d = Zeroizing::new([0u8; 32]);
        let mut z = Zeroizing::new([0u8; 32]);
        d.copy_from_slice(&seed[..32]);
        z.copy_from_slice(&seed[32..]);
        Self::key_gen_parts(&d, &z, ek, dk_pke, h_z);
        Ok(())
    }

    /// Algorithm 16 over the parts of dk: K-PKE.KeyGen into `ek` and `dk_pke`, then
    /// H(ek) || z into `h_z`.
    pub(crate) fn key_gen_parts(
        d: &[u8; 32],
        z: &[u8; 32],
        ek: &mut [u8],
        dk_pke: &mut [u8],
        h_z: &mut [u8],
    ) {
        kpke::key_gen::<P, S>(d, ek, dk_pke);
        let (h, z_out) = h_z.split_at_mut(32);
        let h: &mut [u8; 32] = h.try_into().expect("32 bytes");
        sha3_256_with::<Kec<P, S>>(&[ek], h);
        z_out.copy_from_slice(z);
    }

    /// Algorithm 20 with any `randombytes` error type.
    pub(crate) fn encaps_from<E>(
        randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), E>,
        ek: &[u8],
        ct: &mut [u8],
        ss: &mut [u8; 32],
    ) -> Result<(), E> {
        let mut m = Zeroizing::new([0u8; 32]);
        randombytes(&mut m[..])?;
        Self::encaps_parts(ek, &m, ct, ss);
        Ok(())
    }

    /// Algorithm 17 on an encoded ek.
    fn encaps_parts(ek: &[u8], m: &[u8; 32], ct: &mut [u8], ss: &mut [u8; 32]) {
        // Line 1: (K, r) = G(m || H(ek)).
        let mut h = [0u8; 32];
        sha3_256_with::<Kec<P, S>>(&[ek], &mut h);
        let mut g = Zeroizing::new([0u8; 64]);
        sha3_512_with::<Kec<P, S>>(&[m, &h], &mut g);
        let mut r = Zeroizing::new([0u8; 32]);
        r.copy_from_slice(&g[32..]);
        // Line 2: c = K-PKE.Encrypt(ek, m, r).
        kpke::encrypt::<P, S, [u8]>(ek, m, &r, ct);
        ss.copy_from_slice(&g[..32]);
    }

    /// Algorithm 18 over the parts of dk: dk_PKE, ek_PKE, h = H(ek), z.
    pub(crate) fn decaps_parts(
        dk_pke: &[u8],
        ek: &[u8],
        h: &[u8],
        z: &[u8],
        ct: &[u8],
        ss: &mut [u8; 32],
    ) {
        // Line 5: m' = K-PKE.Decrypt(dk_PKE, c).
        let mut m = Zeroizing::new([0u8; 32]);
        kpke::decrypt::<P, S>(dk_pke, ct, &mut m);
        // Line 6: (K', r') = G(m' || h).
        let mut g = Zeroizing::new([0u8; 64]);
        sha3_512_with::<Kec<P, S>>(&[&m[..], h], &mut g);
        let mut r = Zeroizing::new([0u8; 32]);
        r.copy_from_slice(&g[32..]);
        // Line 7: K-bar = J(z || c) = SHAKE256(z || c, 32).
        let mut k_bar = Zeroizing::new([0u8; 32]);
        shake256_with::<Kec<P, S>>(&[z, ct], &mut k_bar[..]);
        // Line 8: c' = K-PKE.Encrypt(ek_PKE, m', r'), compared as the strategy does.
        let differs = {
            type Cmp<P, S> = <S as Strategy<P>>::Compare;
            let mut store = Zeroizing::new(<Cmp<P, S> as CiphertextCompare<P>>::Store::default());
            let mut sink = Cmp::<P, S>::sink(&mut store, ct);
            kpke::encrypt::<P, S, _>(ek, &m, &r, &mut sink);
            Cmp::<P, S>::differs(sink)
        };
        // Lines 9–11: K' unless c ≠ c', then K-bar; selected by a mask.
        ss.copy_from_slice(&g[..32]);
        ct::copy_if(differs, ss, &k_bar[..]);
        g.zeroize();
    }
}

// The marker traits `kem::Kem` asks of the KEM type, by hand so that they need nothing
// of `P` or `S`. All values of this zero-sized type are equal.
impl<P, S> Clone for MlKem<P, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P, S> Copy for MlKem<P, S> {}

impl<P, S> Default for MlKem<P, S> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<P: MlKemParams, S> core::fmt::Debug for MlKem<P, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "MlKem<{}>", P::SET_NAME)
    }
}

impl<P, S> PartialEq for MlKem<P, S> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<P, S> Eq for MlKem<P, S> {}

impl<P, S> PartialOrd for MlKem<P, S> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<P, S> Ord for MlKem<P, S> {
    fn cmp(&self, _: &Self) -> core::cmp::Ordering {
        core::cmp::Ordering::Equal
    }
}

impl<P, S> core::hash::Hash for MlKem<P, S> {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}
