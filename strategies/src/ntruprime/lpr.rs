//! NTRU LPRime ntrulpr761 (round 3): key generation, encapsulation and decapsulation
//! with implicit rejection, over a multiplication strategy.

use super::Ntrulpr761Params;
use super::{diff_mask, hash_prefix, rng_bytes, short_random, DefaultMul, HASH_BYTES};
use crate::kem::{Ciphertext, PublicKey, SecretKey, SharedSecret};
use crate::Error;
use aes::cipher::{Array, BlockCipherEncrypt, KeyInit};
use aes::Aes256;
use core::marker::PhantomData;
use pqfit_core::ct;
use pqfit_core::ntruprime::arith::{fq_freeze, negative_mask, round3, u32_mod_u14};
use pqfit_core::ntruprime::encode::{rounded_decode, rounded_encode, small_decode, small_encode};
use pqfit_core::ntruprime::mul::RqMul;
use pqfit_core::ntruprime::sort::short_from_list;
use pqfit_core::ntruprime::{RqPoly, SmallPoly, P, Q, Q12, ROUNDED_BYTES, SMALL_BYTES};
use rand_core::TryCryptoRng;
use zeroize::{Zeroize, Zeroizing};

/// Weight of the short polynomials.
const W: usize = 250;
/// Bits of the encapsulated input (and coefficients carried by Top).
const I: usize = 256;
/// Bytes of the input r (and of rho).
const INPUT_BYTES: usize = I / 8;
/// Bytes of a seed.
const SEED_BYTES: usize = 32;
/// Bytes of the Top part of the ciphertext (two 4-bit values a byte).
const TOP_BYTES: usize = I / 2;
const TAU0: i32 = 2156;
const TAU1: i32 = 114;
const TAU2: i32 = 2007;
const TAU3: i32 = 287;

const PK_BYTES: usize = SEED_BYTES + ROUNDED_BYTES;
const SK_A: usize = 0;
const SK_PK: usize = SK_A + SMALL_BYTES;
const SK_RHO: usize = SK_PK + PK_BYTES;
const SK_CACHE: usize = SK_RHO + INPUT_BYTES;
const _: () = assert!(SK_CACHE + HASH_BYTES == 1294);
const CT_TOP: usize = ROUNDED_BYTES;
const CT_CONFIRM: usize = CT_TOP + TOP_BYTES;
const CT_BYTES: usize = CT_CONFIRM + HASH_BYTES;
const _: () = assert!(CT_BYTES == 1167);

/// ntrulpr761 with the R/q multiplication `M`. Every `M` gives the same bytes.
pub struct Ntrulpr761<M: RqMul = DefaultMul>(PhantomData<M>);

fn arr<const N: usize>(s: &[u8]) -> &[u8; N] {
    s.try_into().expect("fixed sub-range")
}

fn arr_mut<const N: usize>(s: &mut [u8]) -> &mut [u8; N] {
    s.try_into().expect("fixed sub-range")
}

/// `Expand`: the p little-endian words of AES-256-CTR(key, nonce 0), handed to
/// `sink(index, word)` one by one (so `Generator` needs no word list).
fn expand_with(key: &[u8; 32], mut sink: impl FnMut(usize, u32)) {
    let cipher = Aes256::new(&Array::from(*key));
    for counter in 0..P.div_ceil(4) {
        let mut block = Array::from((counter as u128).to_be_bytes());
        cipher.encrypt_block(&mut block);
        for (k, bytes) in block.chunks(4).enumerate() {
            let i = 4 * counter + k;
            if i < P {
                sink(
                    i,
                    u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]),
                );
            }
        }
        block.as_mut_slice().zeroize();
    }
}

/// `Expand` into a word list.
fn expand(out: &mut [u32; P], key: &[u8; 32]) {
    expand_with(key, |i, w| out[i] = w);
}

/// `Generator`: the public polynomial G from the seed, streamed from AES.
fn generator(out: &mut RqPoly, seed: &[u8; SEED_BYTES]) {
    expand_with(seed, |i, w| {
        out[i] = (u32_mod_u14(w, Q as u16) as i32 - Q12) as i16
    });
}

/// `HashShort`: the short polynomial b = Short_fromlist(Expand(Hash_prefix(5, r))).
/// The p-word list lives in this function's own frame (not inlined).
#[inline(never)]
fn hash_short(out: &mut SmallPoly, r_enc: &[u8; INPUT_BYTES]) {
    let mut h = Zeroizing::new([0u8; HASH_BYTES]);
    hash_prefix(&mut h, 5, &[r_enc]);
    let mut list = Zeroizing::new([0u32; P]);
    expand(&mut list, &h);
    short_from_list(out, &mut list[..], W);
}

/// `Top`: the 4 high bits of a coefficient shifted by tau0.
fn top(c: i16) -> u8 {
    ((TAU1 * (c as i32 + TAU0) + 16384) >> 15) as u8
}

/// `Right`: back from Top.
fn right(t: u8) -> i16 {
    fq_freeze(TAU3 * t as i32 - TAU2)
}

impl<M: RqMul> Ntrulpr761<M> {
    /// Key generation drawing randomness from `rng`.
    pub fn key_gen<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        pk: &mut PublicKey<Ntrulpr761Params>,
        sk: &mut SecretKey<Ntrulpr761Params>,
    ) -> Result<(), Error> {
        Self::key_gen_with_randombytes(&mut rng_bytes(rng), pk, sk)
    }

    /// Key generation with explicit randomness, called as the round-3 reference calls
    /// `randombytes()`: 32 bytes of seed, p calls of 4 bytes (`Short_random`), 32
    /// bytes of rho.
    pub fn key_gen_with_randombytes(
        randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), Error>,
        pk: &mut PublicKey<Ntrulpr761Params>,
        sk: &mut SecretKey<Ntrulpr761Params>,
    ) -> Result<(), Error> {
        let pk = &mut pk.bytes;
        randombytes(&mut pk[..SEED_BYTES])?;
        let mut a = Zeroizing::new([0i8; P]);
        short_random(randombytes, &mut a, W)?;
        let mut g: RqPoly = [0; P];
        generator(&mut g, arr(&pk[..SEED_BYTES]));
        let mut ag = Zeroizing::new([0i16; P]);
        let mut scratch = Zeroizing::new(M::Scratch::default());
        M::mul_small(&mut ag, &g, &a, &mut scratch);
        round3(&mut ag[..]);
        rounded_encode(arr_mut(&mut pk[SEED_BYTES..]), &mut ag);

        let sk = &mut sk.bytes;
        small_encode(arr_mut(&mut sk[SK_A..SK_PK]), &a);
        sk[SK_PK..SK_RHO].copy_from_slice(pk);
        randombytes(&mut sk[SK_RHO..SK_CACHE])?;
        hash_prefix(arr_mut(&mut sk[SK_CACHE..]), 4, &[&pk[..]]);
        Ok(())
    }

    /// Encapsulation to `pk` drawing randomness from `rng`.
    pub fn encaps<R: TryCryptoRng + ?Sized>(
        rng: &mut R,
        pk: &PublicKey<Ntrulpr761Params>,
        ct: &mut Ciphertext<Ntrulpr761Params>,
        ss: &mut SharedSecret,
    ) -> Result<(), Error> {
        Self::encaps_with_randombytes(&mut rng_bytes(rng), pk, ct, ss)
    }

    /// Encapsulation with explicit randomness (one call of 32 bytes, the input r).
    pub fn encaps_with_randombytes(
        randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), Error>,
        pk: &PublicKey<Ntrulpr761Params>,
        ct: &mut Ciphertext<Ntrulpr761Params>,
        ss: &mut SharedSecret,
    ) -> Result<(), Error> {
        let mut cache = [0u8; HASH_BYTES];
        hash_prefix(&mut cache, 4, &[&pk.bytes]);
        let mut r_enc = Zeroizing::new([0u8; INPUT_BYTES]);
        randombytes(&mut r_enc[..])?;
        let mut scratch = Zeroizing::new(M::Scratch::default());
        Self::hide(
            arr_mut(&mut ct.bytes),
            &r_enc,
            arr(&pk.bytes),
            &cache,
            &mut scratch,
        );
        hash_prefix(&mut ss.bytes, 1, &[&r_enc[..], &ct.bytes]);
        Ok(())
    }

    /// Decapsulation with implicit rejection: a ciphertext that does not re-encrypt
    /// to itself yields Hash_prefix(0, rho || ct), in constant time.
    pub fn decaps(
        sk: &SecretKey<Ntrulpr761Params>,
        ct: &Ciphertext<Ntrulpr761Params>,
        ss: &mut SharedSecret,
    ) {
        let sk = &sk.bytes;
        let c = &ct.bytes;
        let mut scratch = Zeroizing::new(M::Scratch::default());
        let mut r_enc = Zeroizing::new([0u8; INPUT_BYTES]);
        Self::decrypt(&mut r_enc, arr(&sk[SK_A..SK_PK]), c, &mut scratch);
        let mut cnew = Zeroizing::new([0u8; CT_BYTES]);
        Self::hide(
            &mut cnew,
            &r_enc,
            arr(&sk[SK_PK..SK_RHO]),
            arr(&sk[SK_CACHE..]),
            &mut scratch,
        );
        let mask = diff_mask(c, &cnew[..]);
        // Implicit rejection: rho in place of r when the ciphertexts differ.
        ct::copy_if(mask as u32, &mut r_enc[..], &sk[SK_RHO..SK_CACHE]);
        hash_prefix(
            &mut ss.bytes,
            1u8.wrapping_add(mask as u8),
            &[&r_enc[..], c],
        );
    }

    /// `ZDecrypt`: r_i = 1 exactly when Right(T_i) - (aB)_i + 4w + 1 is negative mod
    /// q, packed into `r_enc`. Not inlined, so that a, B and aB are not in
    /// decapsulation's frame during the re-encryption.
    #[inline(never)]
    fn decrypt(
        r_enc: &mut [u8; INPUT_BYTES],
        a_bytes: &[u8; SMALL_BYTES],
        c: &[u8],
        scratch: &mut M::Scratch,
    ) {
        let mut a = Zeroizing::new([0i8; P]);
        small_decode(&mut a, a_bytes);
        let mut b: RqPoly = [0; P];
        rounded_decode(&mut b, arr(&c[..CT_TOP]));
        let mut ab = Zeroizing::new([0i16; P]);
        M::mul_small(&mut ab, &b, &a, scratch);
        for i in 0..I {
            let t = (c[CT_TOP + i / 2] >> (4 * (i & 1))) & 15;
            let x = fq_freeze(right(t) as i32 - ab[i] as i32 + 4 * W as i32 + 1);
            let bit = (negative_mask(x) & 1) as u8;
            r_enc[i / 8] |= bit << (i % 8);
        }
    }

    /// `Hide`: ct = Rounded_encode(B) || Top_encode(T) || HashConfirm(r, cache), with
    /// b = HashShort(r), B = Round(b·G), T = Top(b·A + r·(q-1)/2).
    fn hide(
        ct: &mut [u8; CT_BYTES],
        r_enc: &[u8; INPUT_BYTES],
        pk: &[u8; PK_BYTES],
        cache: &[u8; HASH_BYTES],
        scratch: &mut M::Scratch,
    ) {
        let mut b = Zeroizing::new([0i8; P]);
        hash_short(&mut b, r_enc);
        let mut g: RqPoly = [0; P];
        generator(&mut g, arr(&pk[..SEED_BYTES]));
        let mut prod = Zeroizing::new([0i16; P]);
        M::mul_small(&mut prod, &g, &b, scratch);
        round3(&mut prod[..]);
        rounded_encode(arr_mut(&mut ct[..CT_TOP]), &mut prod);
        // g now holds A.
        rounded_decode(&mut g, arr(&pk[SEED_BYTES..]));
        M::mul_small(&mut prod, &g, &b, scratch);
        for (j, byte) in ct[CT_TOP..CT_CONFIRM].iter_mut().enumerate() {
            let mut t = [0u8; 2];
            for (k, tk) in t.iter_mut().enumerate() {
                let i = 2 * j + k;
                let bit = ((r_enc[i / 8] >> (i % 8)) & 1) as i32;
                *tk = top(fq_freeze(prod[i] as i32 + bit * Q12));
            }
            *byte = t[0] | (t[1] << 4);
        }
        hash_prefix(arr_mut(&mut ct[CT_CONFIRM..]), 2, &[&r_enc[..], &cache[..]]);
    }
}
