//! [`SmallModulusProduct`]: c·s1 and c·s2 through a transform mod the small prime 769.

use super::{finish_verify_row_ntt, ChallengeProduct, Secret};
use pqfit_core::mldsa::small_ntt::{self, PreparedFactor};
use pqfit_core::mldsa::{Accumulator, ParameterSet, Poly};
use zeroize::Zeroize;

/// c·s1 and c·s2 have coefficients of at most beta <= 196, so they are computed
/// exactly modulo q' = 769 with 16 x 16-bit multiplications
/// (`pqfit_core::mldsa::small_ntt`); c·t0 (up to tau·2^12) and verification's c·t1
/// keep the NTT mod q. Constant-time. Operands: 1 KiB each; challenge: 1.75 KiB (c in
/// both domains, prepared for products mod q' in 768 bytes).
#[derive(Clone, Copy, Debug, Default)]
pub struct SmallModulusProduct;

impl crate::sealed::Sealed for SmallModulusProduct {}

/// The challenge in both transform domains.
#[derive(Clone, Default, Zeroize)]
pub struct DualChallenge {
    small: PreparedFactor,
    full: Poly,
}

impl<P: ParameterSet> ChallengeProduct<P> for SmallModulusProduct {
    type Challenge = DualChallenge;
    type VerifyChallenge = Poly;

    fn prepare_operand(kind: Secret, s: &mut Poly) {
        match kind {
            Secret::S1 | Secret::S2 => small_ntt::ntt(&mut s.coeffs),
            Secret::T0 => s.ntt(),
        }
    }

    fn prepare_challenge(c: &Poly, out: &mut DualChallenge) {
        // The transform mod q' is formed in `full`, prepared, then replaced.
        out.full.clone_from(c);
        small_ntt::ntt(&mut out.full.coeffs);
        out.small.prepare(&out.full.coeffs);
        out.full.clone_from(c);
        out.full.ntt();
    }

    fn multiply(c: &DualChallenge, kind: Secret, s: &Poly, out: &mut Poly) {
        match kind {
            Secret::S1 | Secret::S2 => {
                debug_assert!(P::BETA <= small_ntt::EXACT_BOUND);
                small_ntt::base_mul_prepared(&mut out.coeffs, &c.small, &s.coeffs);
                small_ntt::inv_ntt_centred(&mut out.coeffs);
            }
            Secret::T0 => {
                out.pointwise_montgomery(&c.full, s);
                out.inv_ntt_tomont();
                out.reduce();
            }
        }
    }

    fn prepare_verify_challenge(c: &Poly, out: &mut Poly) {
        out.clone_from(c);
        out.ntt();
    }

    fn finish_verify_row<A: Accumulator>(c_hat: &Poly, t1: &[u8], acc: &mut A, w: &mut Poly) {
        finish_verify_row_ntt(c_hat, t1, acc, w);
    }
}
