//! [`FullW`]: form all of w at once and keep it for the checks.

use super::{
    absorb_w1, finish_w_row, subtract_centred, visit_poly, Commitment, Keccak, MaskVector,
    MaskedProduct, MatrixA,
};
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
        _spare: &mut [u8],
        h: &mut Shake256<K>,
        work: [&mut Poly; 2],
    ) {
        let [scratch, scratch_next] = work;
        store.iter_mut().for_each(Zeroize::zeroize);
        // Columns in pairs (NTT(y[j]) and NTT(y[j + 1]) in the two work polynomials),
        // then the last one when l is odd.
        for j in (0..P::L - 1).step_by(2) {
            let y_hat = Y::y_hat::<K>(ctx.y, ctx.z_field, ctx.rho_pp, ctx.kappa, j, scratch);
            let y_hat_next = Y::y_hat::<K>(
                ctx.y,
                ctx.z_field,
                ctx.rho_pp,
                ctx.kappa,
                j + 1,
                scratch_next,
            );
            for (i, w) in store.iter_mut().enumerate() {
                M::mul_acc_pair::<K, _>(ctx.a, ctx.rho, i, j, [y_hat, y_hat_next], w);
            }
        }
        if P::L % 2 == 1 {
            let j = P::L - 1;
            let y_hat = Y::y_hat::<K>(ctx.y, ctx.z_field, ctx.rho_pp, ctx.kappa, j, scratch);
            for (i, w) in store.iter_mut().enumerate() {
                M::mul_acc::<K, _>(ctx.a, ctx.rho, i, j, y_hat, w);
            }
        }
        for w in store.iter_mut() {
            finish_w_row(w);
            absorb_w1::<P, K>(w, h);
        }
    }

    fn subtract_row(store: &mut Self::Store, _spare: &mut [u8], i: usize, cs2: &Poly) {
        subtract_centred(&mut store[i], cs2);
    }

    fn visit_row(store: &Self::Store, _spare: &[u8], i: usize, visit: impl FnMut(usize, i32)) {
        visit_poly(&store[i], visit);
    }
}
