//! [`RowW`]: keep NTT(y) whole and form w row by row.

use super::{
    absorb_w1, finish_w_row, subtract_centred, visit_poly, Commitment, Keccak, MaskVector,
    MaskedProduct, MatrixA,
};
use generic_array::GenericArray;
use pqfit_core::hash::Shake256;
use pqfit_core::mldsa::{ParameterSet, Poly};
use zeroize::Zeroize;

/// Keeps NTT(y) (l polynomials) besides w (k polynomials), so that each row of
/// w = NTT^-1(A-hat ∘ NTT(y)) is one pass over the coefficients summing the row's l
/// products: with a matrix store that keeps rows ([`CachedA`](super::CachedA)) they
/// are summed in 64 bits and reduced once on the Cortex-M4, and no row is loaded and
/// stored once per column as [`FullW`](super::FullW)'s are. l KiB more than `FullW`.
/// With a streamed matrix the row is accumulated column by column.
#[derive(Clone, Copy, Debug, Default)]
pub struct RowW;

impl crate::sealed::Sealed for RowW {}

/// [`RowW`]'s memory: w and NTT(y).
pub struct RowWStore<P: ParameterSet> {
    w: GenericArray<Poly, P::KLen>,
    y_hat: GenericArray<Poly, P::LLen>,
}

impl<P: ParameterSet> Default for RowWStore<P> {
    fn default() -> Self {
        Self {
            w: GenericArray::default(),
            y_hat: GenericArray::default(),
        }
    }
}

impl<P: ParameterSet> Zeroize for RowWStore<P> {
    fn zeroize(&mut self) {
        self.w.iter_mut().for_each(Zeroize::zeroize);
        self.y_hat.iter_mut().for_each(Zeroize::zeroize);
    }
}

impl<P: ParameterSet> Commitment<P> for RowW {
    type Store = RowWStore<P>;

    fn commit<M: MatrixA<P>, Y: MaskVector<P>, K: Keccak>(
        store: &mut Self::Store,
        ctx: &MaskedProduct<'_, P, M, Y, K>,
        _spare: &mut [u8],
        h: &mut Shake256<K>,
        _work: [&mut Poly; 2],
    ) {
        for (j, y_hat) in store.y_hat.iter_mut().enumerate() {
            // Every mask vector builds NTT(y[j]) in the polynomial it is lent.
            let built: *const Poly =
                Y::y_hat::<K>(ctx.y, ctx.z_field, ctx.rho_pp, ctx.kappa, j, y_hat);
            debug_assert!(core::ptr::eq(built, y_hat));
        }
        for (i, w) in store.w.iter_mut().enumerate() {
            match M::row(ctx.a, i) {
                Some(row) => w.dot_montgomery_wide(row, &store.y_hat),
                None => {
                    w.zeroize();
                    for (j, y_hat) in store.y_hat.iter().enumerate() {
                        M::mul_acc::<K, _>(ctx.a, ctx.rho, i, j, y_hat, w);
                    }
                }
            }
            finish_w_row(w);
            absorb_w1::<P, K>(w, h);
        }
    }

    fn subtract_row(store: &mut Self::Store, _spare: &mut [u8], i: usize, cs2: &Poly) {
        subtract_centred(&mut store.w[i], cs2);
    }

    fn visit_row(store: &Self::Store, _spare: &[u8], i: usize, visit: impl FnMut(usize, i32)) {
        visit_poly(&store.w[i], visit);
    }
}
