//! FIPS 204, Section 7.3: pseudorandom sampling. Each function produces one
//! polynomial, so that a strategy can sample exactly the polynomial it needs.

use super::packing::bit_unpack_gamma1_part;
use super::params::{ParameterSet, N, Q};
use super::poly::Poly;
use crate::ct;
use crate::hash::{Shake128Reader, Shake256Reader, SHAKE128_RATE, SHAKE256_RATE};
use crate::keccak::Keccak;
use zeroize::Zeroize;

/// The most nonzero coefficients of a challenge (ML-DSA-87's tau).
const MAX_TAU: usize = 60;

/// SHAKE256 blocks of candidate positions SampleInBall always processes: enough that
/// needing more has probability below 2^-64 (`sample_in_ball_blocks_suffice` computes
/// the exact figure per parameter set).
const fn fixed_ball_blocks(tau: usize) -> usize {
    if tau <= 49 {
        1
    } else {
        2
    }
}

/// Words of a set of coefficient positions (one bit per position).
const SET_WORDS: usize = N / 32;

/// The first word of a position set that a position `i >= N - MAX_TAU` can fall in:
/// where line 8 of SampleInBall (c\[i\] = c\[j\]) can write.
const FIRST_I_WORD: usize = (N - MAX_TAU) / 32;

/// FIPS 204, Algorithm 29: SampleInBall. Writes into `c` the challenge with `TAU`
/// coefficients of +-1 derived from `c_tilde`.
///
/// The challenge of a rejected signing iteration is secret, so no branch or address
/// depends on it. c is held as two 256-bit sets, its nonzero positions and its
/// negative ones, and lines 6-10 (pick j <= i by rejection, c\[i\] = c\[j\],
/// c\[j\] = sign) are carried out for every candidate byte of a fixed number of
/// blocks, accepted or not, on every word of both sets under masks
/// (`ball_step`). Then c is read off the two sets.
pub fn sample_in_ball<P: ParameterSet, K: Keccak>(c_tilde: &[u8], c: &mut Poly) {
    Shake256Reader::<K>::with_pieces(&[c_tilde], |xof| ball_from_stream::<P, K>(xof, c));
}

/// [`sample_in_ball`] from the SHAKE256 stream of c-tilde.
#[inline(always)]
fn ball_from_stream<P: ParameterSet, K: Keccak>(xof: &mut Shake256Reader<K>, c: &mut Poly) {
    let mut block = [0u8; SHAKE256_RATE];
    xof.squeeze(&mut block);
    // The 64 sign bits as two words; the next sign is bit 0 of the first.
    let mut signs = [
        u32::from_le_bytes([block[0], block[1], block[2], block[3]]),
        u32::from_le_bytes([block[4], block[5], block[6], block[7]]),
    ];
    let mut nonzero = [0u32; SET_WORDS];
    let mut negative = [0u32; SET_WORDS];
    let mut found = 0u32;
    let mut from = 8;
    let mut blocks = 1;
    loop {
        for &b in &block[from..] {
            ball_step::<P>(
                &mut nonzero,
                &mut negative,
                &mut signs,
                &mut found,
                b as u32,
            );
        }
        // Past the fixed blocks only with probability below 2^-64: then whether more
        // were needed is the one bit made public.
        if blocks >= fixed_ball_blocks(P::TAU) && ct::declassify_bool(found as usize == P::TAU) {
            break;
        }
        xof.squeeze(&mut block);
        from = 0;
        blocks += 1;
    }
    for (w, coeffs) in c.coeffs.chunks_exact_mut(32).enumerate() {
        let (nz, neg) = (nonzero[w], negative[w]);
        for (k, v) in coeffs.iter_mut().enumerate() {
            // 1 - 2 * negative where nonzero, else 0.
            *v = ((nz >> k) & 1) as i32 - 2 * ((neg >> k) & 1) as i32;
        }
    }
    block.zeroize();
    signs.zeroize();
    nonzero.zeroize();
    negative.zeroize();
}

/// One candidate byte `b` of SampleInBall: when `b <= i` (i = 256 - tau + found) and
/// fewer than tau positions are found, c\[i\] = c\[b\], c\[b\] = (-1)^(next sign bit)
/// and the sign bits move on; otherwise nothing changes. Every word of both sets is
/// touched either way. Position i has not been written yet (earlier steps wrote only
/// positions up to their own, smaller, i), so copying into it is an OR.
#[inline(always)]
fn ball_step<P: ParameterSet>(
    nonzero: &mut [u32; SET_WORDS],
    negative: &mut [u32; SET_WORDS],
    signs: &mut [u32; 2],
    found: &mut u32,
    b: u32,
) {
    const { assert!(N - MAX_TAU >= 32 * FIRST_I_WORD && P::TAU <= MAX_TAU) };
    let i = (N - P::TAU) as u32 + *found;
    let take = !ct::lt_mask_u32(i, b) & ct::lt_mask_u32(*found, P::TAU as u32);
    let sign = (signs[0] & 1).wrapping_neg();
    // Bit (b mod 32) of word b / 32, as a word selector and a bit.
    let (b_word, b_bit) = (ct::barrier_u32(1 << (b >> 5)), 1u32 << (b & 31));
    let (mut was_nonzero, mut was_negative) = (0u32, 0u32);
    for w in 0..SET_WORDS {
        let at_b = ct::bit_mask(b_word, w as u32) & b_bit;
        was_nonzero |= nonzero[w] & at_b;
        was_negative |= negative[w] & at_b;
        let set = at_b & take;
        nonzero[w] |= set;
        negative[w] = ct::select_u32(set, sign, negative[w]);
    }
    let copy_nonzero = ct::ne_mask_u32(was_nonzero, 0) & take;
    let copy_negative = ct::ne_mask_u32(was_negative, 0) & take;
    // When the step is not taken, i may be N (all found): it then selects no word.
    let (i_word, i_bit) = (ct::barrier_u32(1 << (i >> 5)), 1u32 << (i & 31));
    for w in FIRST_I_WORD..SET_WORDS {
        let at_i = ct::bit_mask(i_word, w as u32) & i_bit;
        nonzero[w] |= at_i & copy_nonzero;
        negative[w] |= at_i & copy_negative;
    }
    // The 64-bit sign string shifted right by one when the step is taken.
    let shifted = [(signs[0] >> 1) | (signs[1] << 31), signs[1] >> 1];
    signs[0] = ct::select_u32(take, shifted[0], signs[0]);
    signs[1] = ct::select_u32(take, shifted[1], signs[1]);
    *found += take & 1;
}

/// FIPS 204, Algorithm 30: RejNTTPoly, for the seed rho || s || r: the entry
/// A-hat\[r\]\[s\] of ExpandA, already in the NTT domain.
pub fn rej_ntt_poly<K: Keccak>(rho: &[u8; 32], r: u8, s: u8, a: &mut Poly) {
    rej_ntt_coefficients::<K>(rho, r, s, |k, v| a.coeffs[k] = v);
}

/// RejNTTPoly (Algorithm 30) handing each accepted coefficient `(index, value)` to
/// `sink` as it is sampled, so that a caller can use an entry of A-hat without ever
/// holding it (the seed is public: its rejections leak nothing).
pub fn rej_ntt_coefficients<K: Keccak>(
    rho: &[u8; 32],
    r: u8,
    s: u8,
    mut sink: impl FnMut(usize, i32),
) {
    Shake128Reader::<K>::with_pieces(&[rho, &[s, r]], |xof| {
        // The rate is a multiple of 3: whole blocks yield whole 3-byte candidates.
        let mut block = [0u32; SHAKE128_RATE / 4];
        let mut ctr = 0;
        while ctr < N {
            xof.squeeze_words(&mut block);
            // Four 3-byte candidates from three little-endian words (12 divides the rate).
            for g in block.chunks_exact(3) {
                let (w0, w1, w2) = (g[0], g[1], g[2]);
                // Algorithm 14: CoeffFromThreeBytes (the top bit of b2 is dropped).
                for c in [w0, (w0 >> 24) | (w1 << 8), (w1 >> 16) | (w2 << 16), w2 >> 8] {
                    let t = (c & 0x7F_FFFF) as i32;
                    if t < Q && ctr < N {
                        sink(ctr, t);
                        ctr += 1;
                    }
                }
            }
        }
    });
}

/// FIPS 204, Algorithm 32: ExpandA, one entry at a time: `A-hat[r][s]`.
pub fn expand_a_entry<K: Keccak>(rho: &[u8; 32], r: usize, s: usize, a: &mut Poly) {
    rej_ntt_poly::<K>(rho, r as u8, s as u8, a);
}

/// FIPS 204, Algorithm 31: RejBoundedPoly, for the seed rho' || index (2 bytes):
/// coefficients in [-eta, eta].
///
/// Which half-bytes are rejected is made public (declassified), eight at a time: the
/// rejected values (15, or 9 to 15) are the only ones whose positions show, and they
/// say nothing about the accepted values, which are mapped without branches.
///
/// Out of line: its sponge then takes stack only while it runs, not for the whole of
/// a caller such as key generation.
#[inline(never)]
pub fn rej_bounded_poly<P: ParameterSet, K: Keccak>(
    rho_prime: &[u8; 64],
    index: u16,
    a: &mut Poly,
) {
    Shake256Reader::<K>::with_pieces(&[rho_prime, &index.to_le_bytes()], |xof| {
        let mut block = [0u32; SHAKE256_RATE / 4];
        let mut ctr = 0;
        while ctr < N {
            xof.squeeze_words(&mut block);
            // Eight half-bytes per little-endian word, low half of each byte first.
            for &g in block.iter() {
                let rejected = ct::declassify_u32(rejected_half_bytes::<P>(g));
                for k in 0..8 {
                    if rejected >> (4 * k) & 1 == 0 && ctr < N {
                        a.coeffs[ctr] = coeff_from_half_byte::<P>((g >> (4 * k)) & 0x0f);
                        ctr += 1;
                    }
                }
            }
        }
        block.zeroize();
    });
}

/// Which of the eight half-bytes of `w` CoeffFromHalfByte rejects (15 for eta = 2,
/// 9 to 15 for eta = 4): bit 4k set for half-byte k, computed on all eight at once.
#[inline(always)]
fn rejected_half_bytes<P: ParameterSet>(w: u32) -> u32 {
    const LOW_BITS: u32 = 0x1111_1111;
    if P::ETA == 2 {
        // b = 15: all four bits set.
        w & (w >> 1) & (w >> 2) & (w >> 3) & LOW_BITS
    } else {
        // b >= 9: bit 3 set and any of bits 0-2.
        (w >> 3) & (w | (w >> 1) | (w >> 2)) & LOW_BITS
    }
}

/// FIPS 204, Algorithm 15: CoeffFromHalfByte for an accepted half-byte `b`:
/// `eta - (b mod 5)` for eta = 2 (b < 15), `eta - b` for eta = 4 (b < 9).
#[inline(always)]
fn coeff_from_half_byte<P: ParameterSet>(b: u32) -> i32 {
    let b = b as i32;
    if P::ETA == 2 {
        // b mod 5 without a division: 205 / 1024 approximates 1/5 closely enough for b < 15.
        2 - (b - 5 * ((b * 205) >> 10))
    } else {
        4 - b
    }
}

/// FIPS 204, Algorithm 33: ExpandS, one polynomial at a time: s1\[r\] for r < l and
/// s2\[r - l\] for l <= r < l + k.
pub fn expand_s_entry<P: ParameterSet, K: Keccak>(rho_prime: &[u8; 64], r: usize, a: &mut Poly) {
    rej_bounded_poly::<P, K>(rho_prime, r as u16, a);
}

/// FIPS 204, Algorithm 34: ExpandMask, one polynomial at a time: y\[r\] for the
/// counter `kappa`, coefficients in (-gamma1, gamma1].
///
/// The SHAKE256 output is squeezed and unpacked a quarter polynomial at a time (64
/// coefficients, a whole number of bytes for both coefficient widths), so the packed
/// form never needs a full buffer.
pub fn expand_mask_entry<P: ParameterSet, K: Keccak>(
    rho_pp: &[u8; 64],
    kappa: u16,
    r: usize,
    y: &mut Poly,
) {
    expand_mask_in_groups::<P, K, 8>(rho_pp, kappa, r, y);
}

/// [`expand_mask_entry`] squeezing 16 coefficients at a time: a 40-byte buffer
/// instead of 160, for a caller that regenerates y on the deepest path of signing,
/// at the price of four times as many squeeze calls (about 2.8 k model cycles more
/// per polynomial on the Cortex-M4).
pub fn expand_mask_entry_lean<P: ParameterSet, K: Keccak>(
    rho_pp: &[u8; 64],
    kappa: u16,
    r: usize,
    y: &mut Poly,
) {
    expand_mask_in_groups::<P, K, 2>(rho_pp, kappa, r, y);
}

/// ExpandMask squeezing `GROUPS` groups of 8 coefficients at a time (a group packs
/// into `GAMMA1_BITS` bytes, at most 20).
#[inline(always)]
fn expand_mask_in_groups<P: ParameterSet, K: Keccak, const GROUPS: usize>(
    rho_pp: &[u8; 64],
    kappa: u16,
    r: usize,
    y: &mut Poly,
) {
    with_mask_stream::<K, _>(rho_pp, kappa, r, |xof| {
        let mut buffer = [[0u8; 20]; GROUPS];
        let v = &mut buffer.as_flattened_mut()[..GROUPS * P::GAMMA1_BITS];
        for part in y.coeffs.chunks_exact_mut(8 * GROUPS) {
            xof.squeeze(v);
            bit_unpack_gamma1_part::<P>(v, part);
        }
        v.zeroize();
    });
}

/// ExpandMask (Algorithm 34) for y\[r\] left in its packed form: the `POLY_Z_BYTES`
/// bytes of SHAKE256 output that Algorithm 34 unpacks. They are exactly the z
/// encoding of y (BitPack(y, gamma1 - 1, gamma1) stores gamma1 - y, which is what
/// the stream holds), so [`super::packing::bit_unpack_gamma1`] recovers y.
pub fn expand_mask_packed<P: ParameterSet, K: Keccak>(
    rho_pp: &[u8; 64],
    kappa: u16,
    r: usize,
    out: &mut [u8],
) {
    with_mask_stream::<K, _>(rho_pp, kappa, r, |xof| {
        xof.squeeze(&mut out[..P::POLY_Z_BYTES]);
    });
}

/// Runs `f` on the SHAKE256 stream of ExpandMask for y\[r\]:
/// rho'' || IntegerToBytes(kappa + r, 2).
#[inline(always)]
fn with_mask_stream<K: Keccak, R>(
    rho_pp: &[u8; 64],
    kappa: u16,
    r: usize,
    f: impl FnOnce(&mut Shake256Reader<K>) -> R,
) -> R {
    let counter = kappa.wrapping_add(r as u16).to_le_bytes();
    Shake256Reader::<K>::with_pieces(&[rho_pp, &counter], f)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hash::Shake256;
    use crate::keccak::{Interleaved32, Sha3Crate};
    use crate::mldsa::params::{MlDsa44, MlDsa65, MlDsa87};
    use std::{vec, vec::Vec};
    type K = crate::keccak::DefaultKeccak;

    #[test]
    fn half_byte_mapping() {
        for b in 0..16u32 {
            // The same half-byte in each of the eight positions of a word.
            for k in 0..8 {
                let w = b << (4 * k) | 0x2222_2222 & !(0xf << (4 * k));
                let rejected = |p: u32| (p >> (4 * k)) & 1 == 1;
                assert_eq!(rejected(rejected_half_bytes::<MlDsa44>(w)), b == 15);
                assert_eq!(rejected(rejected_half_bytes::<MlDsa65>(w)), b >= 9);
            }
            if b < 15 {
                assert_eq!(coeff_from_half_byte::<MlDsa44>(b), 2 - (b as i32 % 5));
            }
            if b < 9 {
                assert_eq!(coeff_from_half_byte::<MlDsa65>(b), 4 - b as i32);
            }
        }
    }

    /// SampleInBall exactly as FIPS 204 writes it (branches and secret indices).
    fn ball_spec<P: ParameterSet>(c_tilde: &[u8]) -> Poly {
        let mut h = Shake256::<K>::with_backend();
        h.absorb(c_tilde);
        let mut xof = h.finalize();
        let mut byte = || {
            let mut b = [0u8; 1];
            xof.squeeze(&mut b);
            b[0]
        };
        let mut signs = 0u64;
        for k in 0..8 {
            signs |= (byte() as u64) << (8 * k);
        }
        let mut c = Poly::zero();
        for i in N - P::TAU..N {
            let j = loop {
                let j = byte() as usize;
                if j <= i {
                    break j;
                }
            };
            c.coeffs[i] = c.coeffs[j];
            c.coeffs[j] = 1 - 2 * (signs & 1) as i32;
            signs >>= 1;
        }
        c
    }

    fn ball_matches_spec<P: ParameterSet>() {
        for seed in 0u16..300 {
            let c_tilde: Vec<u8> = (0..P::C_TILDE_BYTES)
                .map(|k| (seed as usize * 31 + k * 7) as u8 ^ (seed >> 8) as u8)
                .collect();
            let mut c = Poly::zero();
            sample_in_ball::<P, K>(&c_tilde, &mut c);
            assert_eq!(c.coeffs, ball_spec::<P>(&c_tilde).coeffs, "seed {seed}");
        }
    }

    #[test]
    fn sample_in_ball_is_the_spec() {
        ball_matches_spec::<MlDsa44>();
        ball_matches_spec::<MlDsa65>();
        ball_matches_spec::<MlDsa87>();
    }

    /// The probability that the fixed blocks hold fewer than tau accepted positions
    /// (exact: a distribution over how many were found after each candidate).
    fn ball_shortfall(tau: usize) -> f64 {
        let candidates = fixed_ball_blocks(tau) * SHAKE256_RATE - 8;
        let mut p = vec![0f64; tau + 1];
        p[0] = 1.0;
        for _ in 0..candidates {
            let mut next = vec![0f64; tau + 1];
            next[tau] = p[tau];
            for f in 0..tau {
                let accept = (N - tau + f + 1) as f64 / 256.0;
                next[f + 1] += p[f] * accept;
                next[f] += p[f] * (1.0 - accept);
            }
            p = next;
        }
        p[..tau].iter().sum()
    }

    #[test]
    fn sample_in_ball_blocks_suffice() {
        for tau in [MlDsa44::TAU, MlDsa65::TAU, MlDsa87::TAU] {
            let short = ball_shortfall(tau);
            assert!(short < 2f64.powi(-64), "tau {tau}: {short:e}");
        }
        const { assert!(MlDsa87::TAU <= MAX_TAU) };
    }

    fn ball<P: ParameterSet>() {
        for seed in 0u8..20 {
            let mut c = Poly::zero();
            sample_in_ball::<P, K>(&[seed; 64][..P::C_TILDE_BYTES], &mut c);
            let nonzero = c.coeffs.iter().filter(|&&x| x != 0).count();
            assert_eq!(nonzero, P::TAU);
            assert!(c.coeffs.iter().all(|&x| (-1..=1).contains(&x)));
        }
    }

    #[test]
    fn sample_in_ball_has_tau_signs() {
        ball::<MlDsa44>();
        ball::<MlDsa65>();
        ball::<MlDsa87>();
    }

    #[test]
    fn samplers_stay_in_range() {
        let rho = [9u8; 32];
        let mut a = Poly::zero();
        rej_ntt_poly::<K>(&rho, 1, 2, &mut a);
        assert!(a.coeffs.iter().all(|&x| (0..Q).contains(&x)));
        let mut b = Poly::zero();
        rej_ntt_poly::<K>(&rho, 2, 1, &mut b);
        assert_ne!(a.coeffs, b.coeffs, "row and column bytes must be ordered");
        let rp = [3u8; 64];
        rej_bounded_poly::<MlDsa65, K>(&rp, 4, &mut a);
        assert!(a.coeffs.iter().all(|&x| (-4..=4).contains(&x)));
        rej_bounded_poly::<MlDsa87, K>(&rp, 4, &mut a);
        assert!(a.coeffs.iter().all(|&x| (-2..=2).contains(&x)));
        expand_mask_entry::<MlDsa44, K>(&rp, 10, 2, &mut a);
        assert!(a.coeffs.iter().all(|&x| x > -(1 << 17) && x <= 1 << 17));
        expand_mask_entry::<MlDsa44, K>(&rp, 11, 1, &mut b);
        assert_eq!(
            a.coeffs, b.coeffs,
            "ExpandMask uses kappa + r as the counter"
        );
        for_each_packed_mask_agrees::<MlDsa44>(&rp);
        for_each_packed_mask_agrees::<MlDsa65>(&rp);
    }

    /// The packed ExpandMask output decodes to the unpacked one, and the lean
    /// unpacking gives the same coefficients.
    fn for_each_packed_mask_agrees<P: ParameterSet>(rp: &[u8; 64]) {
        let (mut a, mut b, mut c) = (Poly::zero(), Poly::zero(), Poly::zero());
        let mut packed = [0u8; 640];
        expand_mask_entry::<P, K>(rp, 5, 3, &mut a);
        expand_mask_entry_lean::<P, K>(rp, 5, 3, &mut c);
        assert_eq!(a.coeffs, c.coeffs);
        expand_mask_packed::<P, K>(rp, 5, 3, &mut packed);
        crate::mldsa::packing::bit_unpack_gamma1::<P>(&packed[..P::POLY_Z_BYTES], &mut b);
        assert_eq!(a.coeffs, b.coeffs);
    }

    #[test]
    fn samplers_agree_across_keccak_backends() {
        let (rho, rp) = ([5u8; 32], [6u8; 64]);
        let (mut a, mut b) = (Poly::zero(), Poly::zero());
        rej_ntt_poly::<Sha3Crate>(&rho, 3, 1, &mut a);
        rej_ntt_poly::<Interleaved32>(&rho, 3, 1, &mut b);
        assert_eq!(a.coeffs, b.coeffs);
        expand_mask_entry::<MlDsa65, Sha3Crate>(&rp, 7, 2, &mut a);
        expand_mask_entry::<MlDsa65, Interleaved32>(&rp, 7, 2, &mut b);
        assert_eq!(a.coeffs, b.coeffs);
        sample_in_ball::<MlDsa87, Sha3Crate>(&rp, &mut a);
        sample_in_ball::<MlDsa87, Interleaved32>(&rp, &mut b);
        assert_eq!(a.coeffs, b.coeffs);
    }
}
