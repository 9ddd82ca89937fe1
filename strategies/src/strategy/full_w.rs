//! [`FullW`]: form all of w at once and keep it for the checks.

use super::{absorb_w1, finish_w_row, Commitment, Keccak, MaskVector, MaskedProduct, MatrixA};
use generic_array::GenericArray;
use pqfit_core::hash::Shake256;
use pqfit_core::mldsa::{ParameterSet, Poly};
use zeroize::Zeroize;

/// Forms w column by column (each NTT(y\[j\]) once) and keeps its k polynomials
/// for the r0 check and the hint.
#[derive(Clone, Copy, Debug, Default)]
pub struct FullW;

impl crate::sealed::Sealed for FullW {}

impl<P: ParameterSet> Commitment<P> for FullW {
    type Store = GenericArray<Poly, P::KLen>;

    fn commit<M: MatrixA<P>, Y: MaskVector<P>, K: Keccak>(
        store: &mut Self::Store,
        ctx: &MaskedProduct<'_, P, M, Y, K>,
        h: &mut Shake256<K>,
        work: [&mut Poly; 3],
    ) {
        let [scratch, _, _] = work;
        store.iter_mut().for_each(Zeroize::zeroize);
        for j in 0..P::L {
            let y_hat = Y::y_hat::<K>(ctx.y, ctx.z_field, ctx.rho_pp, ctx.kappa, j, scratch);
            for (i, w) in store.iter_mut().enumerate() {
                M::mul_acc::<K>(ctx.a, ctx.rho, i, j, y_hat, w);
            }
        }
        for w in store.iter_mut() {
            finish_w_row(w);
            absorb_w1::<P, K>(w, h);
        }
    }

    fn w<'a, M: MatrixA<P>, Y: MaskVector<P>, K: Keccak>(
        store: &'a mut Self::Store,
        _ctx: &MaskedProduct<'_, P, M, Y, K>,
        i: usize,
        _out: &'a mut Poly,
        _scratch: &mut Poly,
    ) -> &'a mut Poly {
        &mut store[i]
    }
}
