//! [`SparseProduct`]: c times a secret by schoolbook over the integers.

use super::{ChallengeProduct, Secret};
use pqfit_core::mldsa::params::N;
use pqfit_core::mldsa::{ParameterSet, Poly};

/// Multiplies the ternary c (tau coefficients of ±1) by the short secret directly
/// over the integers, negacyclically: no transform, no tables, operands kept in
/// their short normal form. Small in flash and in memory, slow (256² multiply-adds
/// per product).
///
/// Constant-time in c: every coefficient of c is visited, zero or not, and no
/// address depends on where c's non-zero coefficients are; an index-by-position
/// sparse product would leak the secret positions of a rejected iteration's c.
#[derive(Clone, Copy, Debug, Default)]
pub struct SparseProduct;

impl<P: ParameterSet> ChallengeProduct<P> for SparseProduct {
    type Challenge = Poly;

    fn prepare_operand(_kind: Secret, _s: &mut Poly) {}

    fn prepare_challenge(c: &Poly, out: &mut Poly) {
        out.clone_from(c);
    }

    fn multiply(c: &Poly, _kind: Secret, s: &Poly, out: &mut Poly) {
        out.coeffs = [0; N];
        for (i, &ci) in c.coeffs.iter().enumerate() {
            // X^i s: coefficients i.. wrap around with a sign change (X^256 = -1).
            let (low, high) = out.coeffs.split_at_mut(i);
            for (o, &sj) in high.iter_mut().zip(&s.coeffs[..N - i]) {
                *o += ci * sj;
            }
            for (o, &sj) in low.iter_mut().zip(&s.coeffs[N - i..]) {
                *o -= ci * sj;
            }
        }
    }
}
