//! [`SparseProduct`]: c times a secret by schoolbook over the integers.

use super::{finish_w_row, ChallengeProduct, Secret};
use pqfit_core::mldsa::field::freeze;
use pqfit_core::mldsa::params::{D, N, Q};
use pqfit_core::mldsa::{packing, ParameterSet, Poly};
use zeroize::Zeroize;

/// Multiplies the ternary c (tau coefficients of ±1) by the short secret directly
/// over the integers, negacyclically: no transform, no tables, operands kept in
/// their short normal form and c in 256 bytes. Small in flash and memory, slow
/// (256² multiply-adds per product).
///
/// Constant-time in c while signing: every coefficient of c is visited, zero or not,
/// and no address depends on where c's non-zero coefficients are; an
/// index-by-position product would leak the secret positions of a rejected
/// iteration's c. In verification c is public, and c·t1 is formed from its tau
/// positions, reading t1 straight from the public key.
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

    fn prepare_operand(_kind: Secret, _s: &mut Poly) {}

    fn prepare_challenge(c: &Poly, out: &mut TernaryChallenge) {
        for (o, &x) in out.0.iter_mut().zip(&c.coeffs) {
            *o = x as i8;
        }
    }

    fn multiply(c: &TernaryChallenge, _kind: Secret, s: &Poly, out: &mut Poly) {
        out.coeffs = [0; N];
        for (i, &ci) in c.0.iter().enumerate() {
            let ci = ci as i32;
            // X^i s: coefficients from i on wrap around with a sign change (X^256 = -1).
            let (low, high) = out.coeffs.split_at_mut(i);
            for (o, &sj) in high.iter_mut().zip(&s.coeffs[..N - i]) {
                *o += ci * sj;
            }
            for (o, &sj) in low.iter_mut().zip(&s.coeffs[N - i..]) {
                *o -= ci * sj;
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

    fn finish_verify_row(c: &SparseChallenge, t1: &[u8], acc: &mut Poly, _scratch: &mut Poly) {
        finish_w_row(acc);
        // acc -= c·t1·2^d: each non-zero c_p adds ±X^p t1, read in place from the key.
        for n in 0..c.weight {
            let p = c.positions[n] as usize;
            let sign = if (c.negative >> n) & 1 == 1 { -1 } else { 1 };
            for k in 0..N {
                let (src, wrap) = if k >= p { (k - p, 1) } else { (k + N - p, -1) };
                let v = packing::t1_coefficient(t1, src) << D;
                acc.coeffs[k] -= sign * wrap * v;
                // Keep the running value within (-q, 2q) so 64 terms cannot overflow.
                acc.coeffs[k] = freeze(acc.coeffs[k]);
            }
        }
        debug_assert!(acc.coeffs.iter().all(|&x| (0..Q).contains(&x)));
    }
}
