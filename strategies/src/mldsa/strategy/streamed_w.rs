//! [`StreamedW`]: form w one row at a time, absorb it, and recompute it when needed.

use super::{
    absorb_w1, subtract_centred, visit_poly, Commitment, Keccak, MaskVector, MaskedProduct, MatrixA,
};
use pqfit_core::hash::Shake256;
use pqfit_core::mldsa::{ParameterSet, Poly};

/// Keeps one row of w: each row w\[i\] is formed (two rows at a time, in the store and
/// a work polynomial, sharing each NTT(y\[j\])), its w1 encoding absorbed into the hash
/// for c-tilde at once, and dropped; the r0 check and the hint form the row again (a
/// second A·y row) when the iteration gets that far.
#[derive(Clone, Copy, Debug, Default)]
pub struct StreamedW;

impl crate::sealed::Sealed for StreamedW {}

impl<P: ParameterSet> Commitment<P> for StreamedW {
    /// The row being formed or checked.
    type Store = Poly;

    fn commit<M: MatrixA<P>, Y: MaskVector<P>, K: Keccak>(
        store: &mut Poly,
        ctx: &MaskedProduct<'_, P, M, Y, K>,
        _spare: &mut [u8],
        h: &mut Shake256<K>,
        work: [&mut Poly; 2],
    ) {
        // Two rows at a time: each NTT(y[j]) is formed once per pair of rows.
        let [second, scratch] = work;
        let mut i = 0;
        while i + 1 < P::K {
            ctx.rows(i, [&mut *store, &mut *second], scratch);
            absorb_w1::<P, K>(store, h);
            absorb_w1::<P, K>(second, h);
            i += 2;
        }
        if i < P::K {
            ctx.row(i, store, scratch);
            absorb_w1::<P, K>(store, h);
        }
    }

    fn prepare_row<M: MatrixA<P>, Y: MaskVector<P>, K: Keccak>(
        store: &mut Poly,
        ctx: &MaskedProduct<'_, P, M, Y, K>,
        _spare: &mut [u8],
        i: usize,
        work: [&mut Poly; 2],
    ) {
        let [scratch, _] = work;
        ctx.row(i, store, scratch);
    }

    fn subtract_row(store: &mut Poly, _spare: &mut [u8], _i: usize, cs2: &Poly) {
        subtract_centred(store, cs2);
    }

    fn visit_row(store: &Poly, _spare: &[u8], _i: usize, visit: impl FnMut(usize, i32)) {
        visit_poly(store, visit);
    }
}
