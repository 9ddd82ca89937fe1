//! FIPS 204, Section 7.3: pseudorandom sampling. Each function produces one
//! polynomial, so that a strategy can sample exactly the polynomial it needs.

use super::packing::bit_unpack_gamma1_part;
use super::params::{ParameterSet, N, Q};
use super::poly::Poly;
use crate::ct;
use crate::declassify;
use crate::hash::{Shake128, Shake256, SHAKE128_RATE, SHAKE256_RATE};
use crate::keccak::Keccak;
use zeroize::Zeroize;

/// FIPS 204, Algorithm 29: SampleInBall. Writes into `c` the challenge with `TAU`
/// coefficients of +-1 derived from `c_tilde`.
///
/// The challenge of a rejected signing iteration is secret, so positions are written
/// by a masked scan over the whole polynomial rather than by a secret index.
pub fn sample_in_ball<P: ParameterSet, K: Keccak>(c_tilde: &[u8], c: &mut Poly) {
    let mut h = Shake256::<K>::with_backend();
    h.absorb(c_tilde);
    let mut xof = h.finalize();
    let mut block = [0u8; SHAKE256_RATE];
    xof.squeeze(&mut block);
    let mut signs = u64::from_le_bytes([
        block[0], block[1], block[2], block[3], block[4], block[5], block[6], block[7],
    ]);
    let mut pos = 8;
    c.coeffs = [0; N];
    for i in (N - P::TAU)..N {
        let j = loop {
            if pos == block.len() {
                xof.squeeze(&mut block);
                pos = 0;
            }
            let j = block[pos] as usize;
            pos += 1;
            // Declassified: whether a byte is rejected (docs/constant-time.md). The
            // accepted j is uniform in [0, i] whatever was rejected before it.
            if declassify::public_bool(j <= i) {
                break j;
            }
        };
        // c[i] = c[j]; c[j] = (-1)^h[i + tau - 256]
        let sign = 1 - 2 * (signs & 1) as i32;
        signs >>= 1;
        let mut cj = 0;
        for (idx, &v) in c.coeffs.iter().enumerate() {
            cj |= v & ct::eq_mask_u32(idx as u32, j as u32) as i32;
        }
        c.coeffs[i] = cj;
        for (idx, v) in c.coeffs.iter_mut().enumerate() {
            *v = ct::select_i32(ct::eq_mask_u32(idx as u32, j as u32) as i32, sign, *v);
        }
    }
    block.zeroize();
    signs.zeroize();
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
    let mut h = Shake128::<K>::with_backend();
    h.absorb(rho);
    h.absorb(&[s, r]);
    let mut xof = h.finalize();
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
}

/// FIPS 204, Algorithm 32: ExpandA, one entry at a time: `A-hat[r][s]`.
pub fn expand_a_entry<K: Keccak>(rho: &[u8; 32], r: usize, s: usize, a: &mut Poly) {
    rej_ntt_poly::<K>(rho, r as u8, s as u8, a);
}

/// FIPS 204, Algorithm 31: RejBoundedPoly, for the seed rho' || index (2 bytes):
/// coefficients in [-eta, eta].
///
/// Only the positions of rejected half-bytes depend on the secret stream, and they
/// say nothing about the accepted values.
pub fn rej_bounded_poly<P: ParameterSet, K: Keccak>(
    rho_prime: &[u8; 64],
    index: u16,
    a: &mut Poly,
) {
    let mut h = Shake256::<K>::with_backend();
    h.absorb(rho_prime);
    h.absorb(&index.to_le_bytes());
    let mut xof = h.finalize();
    let mut block = [0u32; SHAKE256_RATE / 4];
    let mut ctr = 0;
    while ctr < N {
        xof.squeeze_words(&mut block);
        // Eight half-bytes per little-endian word, low half of each byte first.
        for &g in block.iter() {
            let mut w = g;
            for _ in 0..8 {
                let (accept, v) = coeff_from_half_byte::<P>((w & 0x0f) as u8);
                // Declassified: whether a half-byte is rejected (docs/constant-time.md).
                if declassify::public_bool(accept) && ctr < N {
                    a.coeffs[ctr] = v;
                    ctr += 1;
                }
                w >>= 4;
            }
        }
    }
    block.zeroize();
}

/// FIPS 204, Algorithm 15: CoeffFromHalfByte, as (accepted, value): `eta - (b mod 5)`
/// for eta = 2 (accepted when b < 15), `eta - b` for eta = 4 (accepted when b < 9).
/// Both are computed without a branch on b; the caller branches on the declassified
/// decision only.
#[inline(always)]
fn coeff_from_half_byte<P: ParameterSet>(b: u8) -> (bool, i32) {
    let b = b as i32;
    if P::ETA == 2 {
        // b mod 5 without a division: 205 / 1024 approximates 1/5 closely enough for b < 16.
        (b < 15, 2 - (b - 5 * ((b * 205) >> 10)))
    } else {
        (b < 9, 4 - b)
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
    const QUARTER: usize = N / 4;
    let mut h = Shake256::<K>::with_backend();
    h.absorb(rho_pp);
    h.absorb(&(kappa.wrapping_add(r as u16)).to_le_bytes());
    let mut xof = h.finalize();
    let mut v = [0u8; QUARTER * 20 / 8];
    let v = &mut v[..QUARTER * P::GAMMA1_BITS / 8];
    for part in 0..4 {
        xof.squeeze(v);
        bit_unpack_gamma1_part::<P>(v, &mut y.coeffs[part * QUARTER..(part + 1) * QUARTER]);
    }
    v.zeroize();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keccak::{Interleaved32, Sha3Crate};
    use crate::mldsa::params::{MlDsa44, MlDsa65, MlDsa87};
    type K = crate::keccak::DefaultKeccak;

    #[test]
    fn half_byte_mapping() {
        for b in 0..16u8 {
            let want2 = if b < 15 {
                Some(2 - (b as i32 % 5))
            } else {
                None
            };
            let want4 = if b < 9 { Some(4 - b as i32) } else { None };
            let accepted = |(ok, v): (bool, i32)| ok.then_some(v);
            assert_eq!(accepted(coeff_from_half_byte::<MlDsa44>(b)), want2);
            assert_eq!(accepted(coeff_from_half_byte::<MlDsa65>(b)), want4);
        }
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
        assert_ne!(a, b, "row and column bytes must be ordered");
        let rp = [3u8; 64];
        rej_bounded_poly::<MlDsa65, K>(&rp, 4, &mut a);
        assert!(a.coeffs.iter().all(|&x| (-4..=4).contains(&x)));
        rej_bounded_poly::<MlDsa87, K>(&rp, 4, &mut a);
        assert!(a.coeffs.iter().all(|&x| (-2..=2).contains(&x)));
        expand_mask_entry::<MlDsa44, K>(&rp, 10, 2, &mut a);
        assert!(a.coeffs.iter().all(|&x| x > -(1 << 17) && x <= 1 << 17));
        expand_mask_entry::<MlDsa44, K>(&rp, 11, 1, &mut b);
        assert_eq!(a, b, "ExpandMask uses kappa + r as the counter");
    }

    #[test]
    fn samplers_agree_across_keccak_backends() {
        let (rho, rp) = ([5u8; 32], [6u8; 64]);
        let (mut a, mut b) = (Poly::zero(), Poly::zero());
        rej_ntt_poly::<Sha3Crate>(&rho, 3, 1, &mut a);
        rej_ntt_poly::<Interleaved32>(&rho, 3, 1, &mut b);
        assert_eq!(a, b);
        expand_mask_entry::<MlDsa65, Sha3Crate>(&rp, 7, 2, &mut a);
        expand_mask_entry::<MlDsa65, Interleaved32>(&rp, 7, 2, &mut b);
        assert_eq!(a, b);
        sample_in_ball::<MlDsa87, Sha3Crate>(&rp, &mut a);
        sample_in_ball::<MlDsa87, Interleaved32>(&rp, &mut b);
        assert_eq!(a, b);
    }
}
