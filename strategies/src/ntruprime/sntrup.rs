//! Streamlined NTRU Prime sntrup761 (round 3): key generation, encapsulation and
//! decapsulation with implicit rejection, over a multiplication strategy.

use super::Sntrup761Params;
use super::{
    diff_mask, hash_prefix, rng_bytes, short_random, small_random, DefaultMul, HASH_BYTES,
};
use crate::kem::{Ciphertext, PublicKey, SecretKey, SharedSecret};
use crate::Error;
use core::marker::PhantomData;
use pqfit_core::ct;
use pqfit_core::ntruprime::arith::{f3_freeze, f3_of_triple, nonzero_mask, round3};
use pqfit_core::ntruprime::encode::{
    rounded_decode, rounded_encode, rq_decode, rq_encode, small_decode, small_encode,
};
use pqfit_core::ntruprime::inverse::{r3_recip, rq_recip3};
use pqfit_core::ntruprime::mul::RqMul;
use pqfit_core::ntruprime::{RqPoly, SmallPoly, P, ROUNDED_BYTES, RQ_BYTES, SMALL_BYTES};
use rand_core::TryCryptoRng;
use zeroize::Zeroizing;

/// Weight of the short polynomials.
const W: usize = 286;
/// Secret key layout: f, 1/g in R/3, the public key, rho, the public key's hash.
const SK_F: usize = 0;
const SK_V: usize = SK_F + SMALL_BYTES;
const SK_PK: usize = SK_V + SMALL_BYTES;
const SK_RHO: usize = SK_PK + RQ_BYTES;
const SK_CACHE: usize = SK_RHO + SMALL_BYTES;
const _: () = assert!(SK_CACHE + HASH_BYTES == 1763);
/// The secret key's parts before and after the public key (f and 1/g; rho and the
/// cache), as the `kem` trait layer stores them next to its own public key.
pub(crate) const SK_HEAD: usize = SK_PK;
pub(crate) const SK_TAIL: usize = SMALL_BYTES + HASH_BYTES;
const _: () = assert!(SK_HEAD + RQ_BYTES + SK_TAIL == 1763);
pub(crate) const CT_BYTES: usize = ROUNDED_BYTES + HASH_BYTES;

/// sntrup761 with the R/q multiplication `M`. Every `M` gives the same bytes.
///
/// A zero-sized marker: it is `Copy`, `Debug`, `Default`, `Eq`, `Ord`, `Send` and
/// `Sync` for every `M` (implemented by hand, without bounds on `M`), as the
/// [`kem::Kem`] trait requires; see the [module documentation](super) for the trait API.
pub struct Sntrup761<M: RqMul = DefaultMul>(PhantomData<fn() -> M>);

/// A fixed sub-range of a buffer as an array.
pub(super) fn arr<const N: usize>(s: &[u8]) -> &[u8; N] {
    s.try_into().expect("fixed sub-range")
}

/// A fixed sub-range of a buffer as a mutable array.
pub(super) fn arr_mut<const N: usize>(s: &mut [u8]) -> &mut [u8; N] {
    s.try_into().expect("fixed sub-range")
}

/// The public key's bytes as an array (the `kem` trait layer's view of them).
pub(crate) fn pk_array(pk: &PublicKey<Sntrup761Params>) -> &[u8; RQ_BYTES] {
    arr(&pk.bytes)
}

/// The public key's bytes as a mutable array.
pub(crate) fn pk_array_mut(pk: &mut PublicKey<Sntrup761Params>) -> &mut [u8; RQ_BYTES] {
    arr_mut(&mut pk.bytes)
}

// The marker traits `kem::Kem` asks of the KEM type, by hand so that they need
// nothing of `M` (a derive would ask `M: Clone`, `M: Debug`, ...). All values of this
// zero-sized type are equal.
impl<M: RqMul> Clone for Sntrup761<M> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M: RqMul> Copy for Sntrup761<M> {}

impl<M: RqMul> Default for Sntrup761<M> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<M: RqMul> core::fmt::Debug for Sntrup761<M> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Sntrup761<{}>", M::NAME)
    }
}

impl<M: RqMul> PartialEq for Sntrup761<M> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<M: RqMul> Eq for Sntrup761<M> {}

impl<M: RqMul> PartialOrd for Sntrup761<M> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<M: RqMul> Ord for Sntrup761<M> {
    fn cmp(&self, _: &Self) -> core::cmp::Ordering {
        core::cmp::Ordering::Equal
    }
}

impl<M: RqMul> core::hash::Hash for Sntrup761<M> {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}

/// `Hash_prefix(b, Hash_prefix(3, r_enc) || tail)`: the shape of both HashConfirm
/// (b = 2, tail = cache) and HashSession (b = 0 or 1, tail = ciphertext).
fn hash_r_then(out: &mut [u8; HASH_BYTES], b: u8, r_enc: &[u8], tail: &[u8]) {
    let mut inner = Zeroizing::new([0u8; HASH_BYTES]);
    hash_prefix(&mut inner, 3, &[r_enc]);
    hash_prefix(out, b, &[&inner[..], tail]);
}

impl<M: RqMul> Sntrup761<M> {
    /// Key generation drawing randomness from `rng`.
    pub fn key_gen<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        pk: &mut PublicKey<Sntrup761Params>,
        sk: &mut SecretKey<Sntrup761Params>,
    ) -> Result<(), Error> {
        Self::key_gen_with_randombytes(&mut rng_bytes(rng), pk, sk)
    }

    /// Key generation with explicit randomness: `randombytes` is called as the
    /// round-3 reference calls `randombytes()` (4 bytes per `urandom32`, 191 bytes for
    /// rho). The key is generated again from fresh g while g is not invertible in R/3.
    pub fn key_gen_with_randombytes(
        randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), Error>,
        pk: &mut PublicKey<Sntrup761Params>,
        sk: &mut SecretKey<Sntrup761Params>,
    ) -> Result<(), Error> {
        let (head, rest) = sk.bytes.split_at_mut(SK_PK);
        let (sk_pk, tail) = rest.split_at_mut(RQ_BYTES);
        Self::key_gen_parts(
            randombytes,
            arr_mut(&mut pk.bytes),
            arr_mut(head),
            arr_mut(tail),
        )?;
        sk_pk.copy_from_slice(&pk.bytes);
        Ok(())
    }

    /// Key generation into the secret key's parts around the public key: `head` (f,
    /// 1/g), `pk`, `tail` (rho, cache). Generic in the callback's error type.
    pub(crate) fn key_gen_parts<E>(
        randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), E>,
        pk: &mut [u8; RQ_BYTES],
        head: &mut [u8; SK_HEAD],
        tail: &mut [u8; SK_TAIL],
    ) -> Result<(), E> {
        // The work is split into non-inlined steps so that the frame holds few
        // polynomials at a time; f and 1/g go to the secret key as soon as known.
        let mut g = Zeroizing::new([0i8; P]);
        Self::sample_g(randombytes, &mut g, arr_mut(&mut head[SK_V..SK_PK]))?;
        let mut finv = Zeroizing::new([0i16; P]);
        Self::sample_f(randombytes, &mut finv, arr_mut(&mut head[SK_F..SK_V]))?;
        Self::public_key(pk, &finv, &g);
        randombytes(&mut tail[..SK_CACHE - SK_RHO])?;
        hash_prefix(arr_mut(&mut tail[SK_CACHE - SK_RHO..]), 4, &[&pk[..]]);
        Ok(())
    }

    /// Encapsulation to `pk` drawing randomness from `rng`: writes the ciphertext and
    /// the session key.
    pub fn encaps<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        pk: &PublicKey<Sntrup761Params>,
        ct: &mut Ciphertext<Sntrup761Params>,
        ss: &mut SharedSecret,
    ) -> Result<(), Error> {
        Self::encaps_with_randombytes(&mut rng_bytes(rng), pk, ct, ss)
    }

    /// Encapsulation with explicit randomness (p calls of 4 bytes, for `Short_random`).
    pub fn encaps_with_randombytes(
        randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), Error>,
        pk: &PublicKey<Sntrup761Params>,
        ct: &mut Ciphertext<Sntrup761Params>,
        ss: &mut SharedSecret,
    ) -> Result<(), Error> {
        Self::encaps_generic(
            randombytes,
            pk_array(pk),
            arr_mut(&mut ct.bytes),
            &mut ss.bytes,
        )
    }

    /// Encapsulation into plain arrays (the native buffers or the `kem` trait
    /// layer's), generic in the callback's error type.
    pub(crate) fn encaps_generic<E>(
        randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), E>,
        pk: &[u8; RQ_BYTES],
        ct: &mut [u8; CT_BYTES],
        ss: &mut [u8; HASH_BYTES],
    ) -> Result<(), E> {
        let mut cache = [0u8; HASH_BYTES];
        hash_prefix(&mut cache, 4, &[&pk[..]]);
        let mut r = Zeroizing::new([0i8; P]);
        short_random(randombytes, &mut r, W)?;
        let mut r_enc = Zeroizing::new([0u8; SMALL_BYTES]);
        let mut scratch = Zeroizing::new(M::Scratch::default());
        Self::hide(ct, &mut r_enc, &r, pk, &cache, &mut scratch);
        hash_r_then(ss, 1, &r_enc[..], &ct[..]);
        Ok(())
    }

    /// Decapsulation. A ciphertext that does not re-encrypt to itself yields the
    /// implicit-rejection key Hash_prefix(0, Hash_prefix(3, rho) || ct), in constant
    /// time; there is no error case.
    pub fn decaps(
        sk: &SecretKey<Sntrup761Params>,
        ct: &Ciphertext<Sntrup761Params>,
        ss: &mut SharedSecret,
    ) {
        let sk = &sk.bytes;
        Self::decaps_parts(
            arr(&sk[..SK_PK]),
            arr(&sk[SK_PK..SK_RHO]),
            arr(&sk[SK_RHO..]),
            arr(&ct.bytes),
            &mut ss.bytes,
        );
    }

    /// Decapsulation from the secret key's parts around the public key (see
    /// [`Self::key_gen_parts`]).
    pub(crate) fn decaps_parts(
        head: &[u8; SK_HEAD],
        pk: &[u8; RQ_BYTES],
        tail: &[u8; SK_TAIL],
        c: &[u8; CT_BYTES],
        ss: &mut [u8; HASH_BYTES],
    ) {
        let (rho, cache) = tail.split_at(SK_CACHE - SK_RHO);
        let mut scratch = Zeroizing::new(M::Scratch::default());
        let mut r = Zeroizing::new([0i8; P]);
        Self::decrypt(&mut r, head, arr(&c[..ROUNDED_BYTES]), &mut scratch);
        Self::reencrypt_and_compare(ss, &r, pk, rho, cache, c, &mut scratch);
    }

    /// Decapsulation's second half: re-encrypts r, compares with `c` and hashes the
    /// session key (or the implicit-rejection key). Not inlined, so that its buffers
    /// are not in the frame during [`Self::decrypt`].
    #[inline(never)]
    fn reencrypt_and_compare(
        ss: &mut [u8; HASH_BYTES],
        r: &SmallPoly,
        pk: &[u8; RQ_BYTES],
        rho: &[u8],
        cache: &[u8],
        c: &[u8; CT_BYTES],
        scratch: &mut M::Scratch,
    ) {
        let mut r_enc = Zeroizing::new([0u8; SMALL_BYTES]);
        let mut cnew = Zeroizing::new([0u8; CT_BYTES]);
        Self::hide(&mut cnew, &mut r_enc, r, pk, arr(cache), scratch);
        let mask = diff_mask(&c[..], &cnew[..]);
        // Implicit rejection: rho in place of r when the ciphertexts differ.
        ct::copy_if(mask as u32, &mut r_enc[..], rho);
        hash_r_then(ss, 1u8.wrapping_add(mask as u8), &r_enc[..], &c[..]);
    }

    /// Draws g until it is invertible in R/3; writes Small_encode(1/g) to `v_out`.
    /// Whether a draw is invertible is declassified: it reveals only that a discarded
    /// g was not invertible, as the reference's loop does.
    #[inline(never)]
    fn sample_g<E>(
        randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), E>,
        g: &mut SmallPoly,
        v_out: &mut [u8; SMALL_BYTES],
    ) -> Result<(), E> {
        let mut v = Zeroizing::new([0i8; P]);
        loop {
            small_random(randombytes, g)?;
            if ct::declassify_u32(r3_recip(&mut v, g) as u32) == 0 {
                break;
            }
        }
        small_encode(v_out, &v);
        Ok(())
    }

    /// Draws f (weight w), writes Small_encode(f) to `f_out` and 1/(3f) in R/q to
    /// `finv`.
    #[inline(never)]
    fn sample_f<E>(
        randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), E>,
        finv: &mut RqPoly,
        f_out: &mut [u8; SMALL_BYTES],
    ) -> Result<(), E> {
        let mut f = Zeroizing::new([0i8; P]);
        short_random(randombytes, &mut f, W)?;
        small_encode(f_out, &f);
        rq_recip3(finv, &f);
        Ok(())
    }

    /// pk = Rq_encode(h) with h = (1/(3f))·g.
    #[inline(never)]
    fn public_key(pk: &mut [u8; RQ_BYTES], finv: &RqPoly, g: &SmallPoly) {
        let mut h: RqPoly = [0; P];
        let mut scratch = Zeroizing::new(M::Scratch::default());
        M::mul_small(&mut h, finv, g, &mut scratch);
        rq_encode(pk, &h);
    }

    /// `Decrypt` (with `ZDecrypt`'s decoding): e = 3·c·f in R/3, ev = e·(1/g); r = ev
    /// if its weight is w, else the fixed vector (1, .., 1, 0, .., 0), chosen with a
    /// mask. Not inlined, so that its buffers are not in decapsulation's frame during
    /// the re-encryption.
    #[inline(never)]
    fn decrypt(
        r: &mut SmallPoly,
        sk: &[u8],
        c_bytes: &[u8; ROUNDED_BYTES],
        scratch: &mut M::Scratch,
    ) {
        // One buffer holds f, then 1/g; one holds c, then c·f, e and e·(1/g).
        let mut small = Zeroizing::new([0i8; P]);
        small_decode(&mut small, arr(&sk[SK_F..SK_V]));
        let mut e = Zeroizing::new([0i16; P]);
        rounded_decode(&mut e, c_bytes);
        M::mul_small_in_place(&mut e, &small, scratch);
        // e as an element of R/q with coefficients in {-1, 0, 1}; the product e·v is
        // exact in Z_q (|coefficients| <= 2p < (q-1)/2), so reducing it mod 3 gives
        // the product in R/3.
        for x in e.iter_mut() {
            *x = f3_of_triple(*x) as i16;
        }
        small_decode(&mut small, arr(&sk[SK_V..SK_PK]));
        // A malformed key may hold a field 3 (coefficient 2); R3_mult works mod 3, so
        // bring v to {-1, 0, 1} (2 = -1 mod 3), keeping e·v exact in Z_q. Of
        // Small_decode's -1, 0, 1 and 2, (x + 2) >> 2 is 1 for 2 alone.
        for x in small.iter_mut() {
            *x -= 3 * ((*x + 2) >> 2);
        }
        M::mul_small_in_place(&mut e, &small, scratch);
        let mut weight = 0i32;
        for (ri, &x) in r.iter_mut().zip(e.iter()) {
            *ri = f3_freeze(x as i32);
            weight += (*ri & 1) as i32;
        }
        // The mask comes through `ct`'s value barriers: from the bare arithmetic LLVM
        // recognised `weight != w` and split the loop below on it, a branch on whether
        // the ciphertext decrypts to a weight-w vector (found by ct-grind on x86-64;
        // docs/constant-time.md).
        let mask = nonzero_mask((weight - W as i32) as i16) as i8;
        for (i, ri) in r.iter_mut().enumerate() {
            *ri = if i < W {
                ((*ri ^ 1) & !mask) ^ 1
            } else {
                *ri & !mask
            };
        }
    }

    /// `Hide`: r_enc = Small_encode(r); ct = Rounded_encode(Round(h·r)) || HashConfirm.
    fn hide(
        ct: &mut [u8; CT_BYTES],
        r_enc: &mut [u8; SMALL_BYTES],
        r: &SmallPoly,
        pk: &[u8; RQ_BYTES],
        cache: &[u8; HASH_BYTES],
        scratch: &mut M::Scratch,
    ) {
        small_encode(r_enc, r);
        // h, then h·r.
        let mut hr = Zeroizing::new([0i16; P]);
        rq_decode(&mut hr, pk);
        M::mul_small_in_place(&mut hr, r, scratch);
        round3(&mut hr[..]);
        rounded_encode(arr_mut(&mut ct[..ROUNDED_BYTES]), &mut hr);
        hash_r_then(arr_mut(&mut ct[ROUNDED_BYTES..]), 2, &r_enc[..], &cache[..]);
    }
}
