//! [`NttProduct`]: c times a secret through the NTT mod q.

use super::{finish_verify_row_ntt, ChallengeProduct, Secret};
use pqfit_core::mldsa::{Accumulator, ParameterSet, Poly};

/// Multiplies in the NTT domain mod q: operands and c are kept as NTT(·), a product
/// is one pointwise multiplication and an inverse NTT. Constant-time.
///
/// Operand: 1 KiB per polynomial (NTT form); challenge: 1 KiB.
#[derive(Clone, Copy, Debug, Default)]
pub struct NttProduct;

impl crate::sealed::Sealed for NttProduct {}

impl<P: ParameterSet> ChallengeProduct<P> for NttProduct {
    type Challenge = Poly;
    type VerifyChallenge = Poly;

    fn prepare_operand(_kind: Secret, s: &mut Poly) {
        s.ntt();
    }

    fn prepare_challenge(c: &Poly, out: &mut Poly) {
        out.clone_from(c);
        out.ntt();
    }

    fn multiply(c: &Poly, _kind: Secret, s: &Poly, out: &mut Poly) {
        out.pointwise_montgomery(c, s);
        out.inv_ntt_tomont();
        // |c·t0| <= tau 2^12 is far below the centred range of reduce32, so the
        // reduced representative is the exact product.
        out.reduce();
    }

    fn prepare_verify_challenge(c: &Poly, out: &mut Poly) {
        <Self as ChallengeProduct<P>>::prepare_challenge(c, out);
    }

    fn finish_verify_row<A: Accumulator>(c_hat: &Poly, t1: &[u8], acc: &mut A, w: &mut Poly) {
        finish_verify_row_ntt(c_hat, t1, acc, w);
    }
}
