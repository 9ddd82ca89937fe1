//! [`SparseProduct`]: c kept in its short ternary form; products through the NTT.

use super::{finish_w_row, ChallengeProduct, Secret, SmallModulusProduct};
use pqfit_core::mldsa::field::freeze;
use pqfit_core::mldsa::params::{D, N, Q};
use pqfit_core::mldsa::{packing, small_ntt, Accumulator, ParameterSet, Poly};
use zeroize::Zeroize;

/// Keeps the ternary c (tau coefficients of ±1) in 256 bytes instead of a transformed
/// polynomial, and forms each product with c transformed into the output polynomial
/// itself: c·s1 and c·s2 (coefficients at most beta) through the transform mod the
/// small prime 769 (`pqfit_core::mldsa::small_ntt`, as
/// [`SmallModulusProduct`](super::SmallModulusProduct) does), c·t0 through the NTT mod
/// q. Memory as small as c can be held without packing it, at the price of one
/// transform of c per product (operands are prepared in the domain of their product).
///
/// The products mod 769 replaced NTTs mod q for s1 and s2: on the Cortex-M4 model the
/// small transforms cost about half as many cycles.
///
/// An earlier version multiplied by schoolbook over the integers (256² multiply-adds,
/// about 358 k Cortex-M4 model cycles per product against about 55 k now); it saved
/// no flash, because every ML-DSA operation contains the NTT already.
///
/// Constant-time: a fixed-schedule transform of c, no index depends on c. In
/// verification c is public, and c·t1 is formed from its tau positions, reading t1
/// straight from the public key (no transform of t1, and 80 bytes for c).
#[derive(Clone, Copy, Debug, Default)]
pub struct SparseProduct;

impl crate::sealed::Sealed for SparseProduct {}

/// The challenge as 256 coefficients in {-1, 0, 1}.
#[derive(Clone, Zeroize)]
pub struct TernaryChallenge([i8; N]);

impl Default for TernaryChallenge {
    fn default() -> Self {
        Self([0; N])
    }
}

/// The public challenge of verification: its non-zero positions and their signs.
#[derive(Clone)]
pub struct SparseChallenge {
    positions: [u8; 64],
    negative: u64,
    weight: usize,
}

impl Default for SparseChallenge {
    fn default() -> Self {
        Self {
            positions: [0; 64],
            negative: 0,
            weight: 0,
        }
    }
}

impl<P: ParameterSet> ChallengeProduct<P> for SparseProduct {
    type Challenge = TernaryChallenge;
    type VerifyChallenge = SparseChallenge;

    /// As for [`SmallModulusProduct`]: s1 and s2 mod 769, t0 mod q.
    fn prepare_operand(kind: Secret, s: &mut Poly) {
        <SmallModulusProduct as ChallengeProduct<P>>::prepare_operand(kind, s);
    }

    fn prepare_challenge(c: &Poly, out: &mut TernaryChallenge) {
        for (o, &x) in out.0.iter_mut().zip(&c.coeffs) {
            *o = x as i8;
        }
    }

    fn multiply(c: &TernaryChallenge, kind: Secret, s: &Poly, out: &mut Poly) {
        for (o, &x) in out.coeffs.iter_mut().zip(&c.0) {
            *o = x as i32;
        }
        match kind {
            Secret::S1 | Secret::S2 => {
                debug_assert!(P::BETA <= small_ntt::EXACT_BOUND);
                small_ntt::ntt(&mut out.coeffs);
                small_ntt::base_mul_assign(&mut out.coeffs, &s.coeffs);
                small_ntt::inv_ntt_centred(&mut out.coeffs);
            }
            Secret::T0 => {
                out.ntt();
                out.mul_assign_montgomery(s);
                out.inv_ntt_tomont();
                // |c t0| <= tau 2^12 is far below the centred range of reduce32: exact.
                out.reduce();
            }
        }
    }

    fn prepare_verify_challenge(c: &Poly, out: &mut SparseChallenge) {
        *out = SparseChallenge::default();
        for (k, &x) in c.coeffs.iter().enumerate() {
            if x != 0 {
                out.positions[out.weight] = k as u8;
                out.negative |= ((x < 0) as u64) << out.weight;
                out.weight += 1;
            }
        }
    }

    fn finish_verify_row<A: Accumulator>(
        c: &SparseChallenge,
        t1: &[u8],
        acc: &mut A,
        w: &mut Poly,
    ) {
        acc.read_into(w);
        finish_w_row(w);
        // w -= c·t1·2^d: each non-zero c_p adds ±X^p t1, read in place from the key.
        // X^p t1 puts t1[0..N - p] at p.. and -t1[N - p..] at 0..p (X^N = -1). c and t1
        // are public, so the sign may branch. No reduction until the end: w starts in
        // [0, q) and each of the at most 64 terms is below 2^23 in size, so
        // |w| < 2^30 throughout.
        for n in 0..c.weight {
            let p = c.positions[n] as usize;
            let sign = if (c.negative >> n) & 1 == 1 { -1 } else { 1 };
            let (wrapped, shifted) = w.coeffs.split_at_mut(p);
            for (k, x) in shifted.iter_mut().enumerate() {
                *x -= sign * (packing::t1_coefficient(t1, k) << D);
            }
            for (k, x) in wrapped.iter_mut().enumerate() {
                *x += sign * (packing::t1_coefficient(t1, N - p + k) << D);
            }
        }
        w.coeffs.iter_mut().for_each(|x| *x = freeze(*x));
        debug_assert!(w.coeffs.iter().all(|&x| (0..Q).contains(&x)));
    }
}
