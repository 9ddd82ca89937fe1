//! NTRU Prime, round 3: Streamlined NTRU Prime [`Sntrup761`] and NTRU LPRime
//! [`Ntrulpr761`], key encapsulation mechanisms byte-exact with the round-3
//! submission's KATs.
//!
//! The multiplication in R/q = Z_q\[x\]/(x^p - x - 1) is a type parameter `M`
//! ([`RqMul`]: [`Schoolbook`], [`Karatsuba`], [`GoodNtt`], [`MixedRadixNtt`], [`ZqNtt`]); every
//! choice gives the same bytes.
//! Keys and ciphertexts are fixed-size buffers the caller owns: those every KEM
//! family shares ([`crate::kem`]), re-exported here and sized by [`Sntrup761Params`]
//! or [`Ntrulpr761Params`]. [`catalog`] lists the multiplications by name for tools.
//!
//! ```
//! use pqfit::ntruprime::{Ciphertext, Karatsuba, PublicKey, SecretKey, SharedSecret};
//! use pqfit::Sntrup761;
//!
//! type Kem = Sntrup761<Karatsuba>;
//! # // A deterministic stand-in for a real RNG, for the example only.
//! # let mut counter = 0u8;
//! # let mut randombytes = |out: &mut [u8]| {
//! #     for b in out.iter_mut() { counter = counter.wrapping_mul(17).wrapping_add(101); *b = counter; }
//! #     Ok(())
//! # };
//! let (mut pk, mut sk) = (PublicKey::default(), SecretKey::zeroed());
//! Kem::key_gen_with_randombytes(&mut randombytes, &mut pk, &mut sk)?; // or key_gen(&mut rng, ..)
//! let (mut ct, mut ss) = (Ciphertext::default(), SharedSecret::zeroed());
//! Kem::encaps_with_randombytes(&mut randombytes, &pk, &mut ct, &mut ss)?;
//! let mut ss2 = SharedSecret::zeroed();
//! Kem::decaps(&sk, &ct, &mut ss2);
//! assert_eq!(ss.as_bytes(), ss2.as_bytes());
//! # Ok::<(), pqfit::Error>(())
//! ```
//!
//! Randomness: the `_with_randombytes` entry points call `randombytes(buf)` exactly
//! as the round-3 submission's reference code calls `randombytes()`, including one
//! 4-byte call per 32-bit word in `Short_random` and `Small_random` (`urandom32`);
//! with the NIST CTR_DRBG this reproduces the submission KAT files.
//!
//! # The RustCrypto `kem` traits
//!
//! [`Sntrup761<M>`](Sntrup761) also implements [`kem::Kem`] of the `kem` crate, version
//! 0.3 (re-exported here as [`kem`]), for code written against those traits. Its key
//! types are [`DecapsulationKey<K>`](DecapsulationKey) (`kem::Generate`,
//! `kem::Decapsulate`, `kem::Decapsulator`) and [`EncapsulationKey<K>`](EncapsulationKey)
//! (`kem::Encapsulate`, `kem::KeyExport`, `kem::TryKeyInit`), with `K` the KEM type,
//! e.g. `Sntrup761<GoodNtt>`:
//!
//! ```
//! use pqfit::ntruprime::kem::{Decapsulate, Encapsulate, Kem, KeyExport, TryKeyInit};
//! use pqfit::ntruprime::{EncapsulationKey, GoodNtt};
//! use pqfit::Sntrup761;
//! use zeroize::Zeroizing;
//!
//! type K = Sntrup761<GoodNtt>;
//! # // A deterministic stand-in for a real `CryptoRng`, for the example only.
//! # struct Rng(u64);
//! # impl rand_core::TryRng for Rng {
//! #     type Error = core::convert::Infallible;
//! #     fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
//! #         Ok((self.try_next_u64()? >> 32) as u32)
//! #     }
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
//! let (dk, ek) = K::generate_keypair_from_rng(&mut rng); // rng: rand_core 0.10 CryptoRng
//!
//! // The encapsulation key travels as its standard encoding (1158 bytes).
//! let ek_bytes = ek.to_bytes();
//! let peer_ek = EncapsulationKey::<K>::new_from_slice(&ek_bytes)?; // Err: wrong length
//! let (ct, k_send) = peer_ek.encapsulate_with_rng(&mut rng);
//! let k_send = Zeroizing::new(k_send);
//!
//! // Implicit rejection: decapsulation never fails.
//! let k_recv = Zeroizing::new(dk.decapsulate(&ct));
//! assert_eq!(*k_send, *k_recv);
//! # Ok::<(), pqfit::ntruprime::kem::InvalidKey>(())
//! ```
//!
//! - Same bytes as the native API: `generate_keypair_from_rng` and
//!   `encapsulate_with_rng` draw from the RNG exactly as [`Sntrup761::key_gen`] and
//!   [`Sntrup761::encaps`] do.
//! - The shared key is a `kem::SharedKey<K>`, a plain `hybrid_array::Array` that the
//!   traits fix and that is not zeroized on drop. It implements `Zeroize`, so wrap it in
//!   [`zeroize::Zeroizing`] as above, or use the native API, whose [`SharedSecret`]
//!   zeroizes itself.
//! - [`DecapsulationKey`] stores the public key once (its [`EncapsulationKey`]) and the
//!   rest of the secret key next to it; the secret part is zeroized on drop and not
//!   shown by `Debug`. It converts from and to the native [`SecretKey`]
//!   ([`DecapsulationKey::from_secret_key`], [`DecapsulationKey::write_secret_key`]);
//!   there is no `KeyExport` for it, which would hand the secret key out in an array
//!   that is not zeroized.
//! - `Generate::try_generate_from_rng` returns the RNG's error as is;
//!   `encapsulate_with_rng` takes an infallible `CryptoRng`, as the trait requires.
//!
//! ntrulpr761 has no `kem::Kem` implementation: the traits size the ciphertext with a
//! `hybrid_array::ArraySize`, which hybrid-array (0.4.15, the current release) does not
//! provide for its 1167 bytes (nor for its 1294-byte secret key); it cannot be added
//! outside that crate. [`Ntrulpr761`] keeps its native API.

pub mod catalog;
mod lpr;
mod params;
mod sntrup;
mod traits;

/// The `kem` crate (0.3) whose traits the key types implement, for naming them
/// without a separate dependency.
pub use kem;

pub use lpr::Ntrulpr761;
pub use params::{Ntrulpr761Params, Sntrup761Params};
pub use pqfit_core::ntruprime::mul::{
    GoodNtt, GoodNttScratch, Karatsuba, KaratsubaScratch, MixedRadixNtt, MixedRadixScratch, RqMul,
    Schoolbook, ZqNtt, ZqNttScratch,
};
pub use sntrup::Sntrup761;
pub use traits::NtruPrimeKem;
// The family-neutral KEM buffers and `kem` key types, at the paths NTRU Prime code
// names them by; `Scheme` is the KEM parameter trait.
pub use crate::kem::{
    Ciphertext, DecapsulationKey, EncapsulationKey, Params as Scheme, PublicKey, SecretKey,
    SharedSecret,
};

use crate::Error;
use pqfit_core::ntruprime::sort::short_from_list;
use pqfit_core::ntruprime::{SmallPoly, P};
use rand_core::TryCryptoRng;
use sha2::{Digest, Sha512};
use zeroize::{Zeroize, Zeroizing};

/// The multiplication used when none is named: `ZqNtt`, the fastest on every
/// embedded target measured and the only fast one within 12 kB of stack
/// (docs/ntruprime.md).
pub type DefaultMul = ZqNtt;

/// Bytes of a hash output kept by the KEMs (a session key, a confirmation, a cache).
pub const HASH_BYTES: usize = crate::kem::SHARED_SECRET_BYTES;

/// `Hash_prefix(b, in)`: the first 32 bytes of SHA-512(b || in), `in` given in pieces.
pub(crate) fn hash_prefix(out: &mut [u8; HASH_BYTES], b: u8, pieces: &[&[u8]]) {
    let mut h = Sha512::new();
    h.update([b]);
    for piece in pieces {
        h.update(piece);
    }
    let mut digest = h.finalize();
    out.copy_from_slice(&digest[..HASH_BYTES]);
    digest.as_mut_slice().zeroize();
}

/// Turns an RNG into the `randombytes` callback the algorithms use.
pub(crate) fn rng_bytes<R: TryCryptoRng + ?Sized>(
    rng: &mut R,
) -> impl FnMut(&mut [u8]) -> Result<(), Error> + '_ {
    move |out: &mut [u8]| rng.try_fill_bytes(out).map_err(|_| Error::Rng)
}

/// `urandom32`: one `randombytes` call of four bytes, little-endian.
///
/// The sampling helpers are generic in the callback's error type `E`: the native
/// entry points use [`Error`], the `kem` trait layer the RNG's own error type (for a
/// `CryptoRng`, `Infallible`, which it matches away).
fn urandom32<E>(randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), E>) -> Result<u32, E> {
    let mut c = [0u8; 4];
    randombytes(&mut c)?;
    let x = u32::from_le_bytes(c);
    c.zeroize();
    Ok(x)
}

/// `Short_random`: a random small polynomial of weight `w` (p calls of `urandom32`,
/// then `Short_fromlist`). The p-word list lives in this function's own frame
/// (not inlined), so callers do not hold it while doing anything else.
#[inline(never)]
pub(crate) fn short_random<E>(
    randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), E>,
    out: &mut SmallPoly,
    w: usize,
) -> Result<(), E> {
    let mut list = Zeroizing::new([0u32; P]);
    for l in list.iter_mut() {
        *l = urandom32(randombytes)?;
    }
    short_from_list(out, &mut list[..], w);
    Ok(())
}

/// `Small_random`: each coefficient ((urandom32 & 0x3fffffff) · 3 >> 30) - 1.
pub(crate) fn small_random<E>(
    randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), E>,
    out: &mut SmallPoly,
) -> Result<(), E> {
    for o in out.iter_mut() {
        let x = urandom32(randombytes)?;
        *o = ((((x & 0x3fff_ffff) * 3) >> 30) as i8) - 1;
    }
    Ok(())
}

/// `Ciphertexts_diff_mask`: 0 when `a` and `b` are equal, -1 (all ones) otherwise,
/// without an early exit.
pub(crate) fn diff_mask(a: &[u8], b: &[u8]) -> i32 {
    let mut bits = 0u16;
    for (x, y) in a.iter().zip(b) {
        bits |= (x ^ y) as u16;
    }
    pqfit_core::ct::ne_mask_u32(bits as u32, 0) as i32
}
