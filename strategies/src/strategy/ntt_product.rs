//! [`NttProduct`]: c times a secret through the NTT mod q.

use super::ChallengeProduct;
use pqfit_core::mldsa::{ParameterSet, Poly};

/// Multiplies in the NTT domain mod q: operands and c are kept as NTT(·), the
/// product is one pointwise multiplication and an inverse NTT. Constant-time.
#[derive(Clone, Copy, Debug, Default)]
pub struct NttProduct;

impl<P: ParameterSet> ChallengeProduct<P> for NttProduct {
    type Operand = Poly;
    type Challenge = Poly;

    fn prepare_operand(s: &Poly, out: &mut Poly) {
        out.clone_from(s);
        out.ntt();
    }

    fn prepare_challenge(c: &Poly, out: &mut Poly) {
        out.clone_from(c);
        out.ntt();
    }

    fn multiply(c: &Poly, s: &Poly, out: &mut Poly) {
        out.pointwise_montgomery(c, s);
        out.inv_ntt_tomont();
        // |c·t0| <= tau 2^12 is far below the centred range of reduce32, so the
        // reduced representative is the exact product.
        out.reduce();
    }
}
