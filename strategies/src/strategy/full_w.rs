//! [`FullW`]: form all of w at once and keep it for the checks.

use super::{finish_w_row, Commitment, MaskVector, MaskedProduct, MatrixA};
use generic_array::GenericArray;
use pqfit_core::hash::Shake256;
use pqfit_core::mldsa::{packing, rounding, ParameterSet, Poly};
use zeroize::Zeroize;

/// Forms w column by column (each NTT(y\[j\]) once) and keeps its k polynomials
/// for the r0 check and the hint.
#[derive(Clone, Copy, Debug, Default)]
pub struct FullW;

/// Bytes of the largest packed w1 polynomial (6 bits per coefficient).
const MAX_POLY_W1_BYTES: usize = 32 * 6;

impl<P: ParameterSet> Commitment<P> for FullW {
    type Store = GenericArray<Poly, P::KLen>;

    fn commit<M: MatrixA<P>, Y: MaskVector<P>>(
        store: &mut Self::Store,
        ctx: &MaskedProduct<'_, P, M, Y>,
        h: &mut Shake256,
    ) {
        let mut scratch = Poly::zero();
        store.iter_mut().for_each(Zeroize::zeroize);
        for j in 0..P::L {
            let y_hat = Y::y_hat(ctx.y, ctx.rho_pp, ctx.kappa, j, &mut scratch);
            for (i, w) in store.iter_mut().enumerate() {
                M::mul_acc(ctx.a, ctx.rho, i, j, y_hat, w);
            }
        }
        scratch.zeroize();
        let mut w1 = Poly::zero();
        let mut packed = [0u8; MAX_POLY_W1_BYTES];
        for w in store.iter_mut() {
            finish_w_row(w);
            for (h1, &c) in w1.coeffs.iter_mut().zip(&w.coeffs) {
                *h1 = rounding::high_bits::<P>(c);
            }
            packing::pack_w1::<P>(&w1, &mut packed[..P::POLY_W1_BYTES]);
            h.absorb(&packed[..P::POLY_W1_BYTES]);
        }
        w1.zeroize();
        packed.zeroize();
    }

    fn w<'a, M: MatrixA<P>, Y: MaskVector<P>>(
        store: &'a Self::Store,
        _ctx: &MaskedProduct<'_, P, M, Y>,
        i: usize,
        _scratch: &'a mut Poly,
    ) -> &'a Poly {
        &store[i]
    }
}
