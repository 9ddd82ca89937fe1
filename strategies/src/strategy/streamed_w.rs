//! [`StreamedW`]: form w one row at a time, absorb it, and recompute it when needed.

use super::{absorb_w1, Commitment, Keccak, MaskVector, MaskedProduct, MatrixA};
use pqfit_core::hash::Shake256;
use pqfit_core::mldsa::{ParameterSet, Poly};

/// Keeps no commitment: each row w\[i\] is formed in a work polynomial of the caller
/// (two rows at a time, sharing each NTT(y\[j\])),
/// its w1 encoding absorbed into the hash for c-tilde at once, and dropped; the r0
/// check and the hint form the row again (a second A·y row) when the iteration gets
/// that far.
#[derive(Clone, Copy, Debug, Default)]
pub struct StreamedW;

impl crate::sealed::Sealed for StreamedW {}

impl<P: ParameterSet> Commitment<P> for StreamedW {
    type Store = ();

    fn commit<M: MatrixA<P>, Y: MaskVector<P>, K: Keccak>(
        _store: &mut (),
        ctx: &MaskedProduct<'_, P, M, Y, K>,
        h: &mut Shake256<K>,
        work: [&mut Poly; 3],
    ) {
        // Two rows at a time: each NTT(y[j]) is formed once per pair of rows.
        let [first, second, scratch] = work;
        let mut i = 0;
        while i + 1 < P::K {
            ctx.rows(i, [&mut *first, &mut *second], scratch);
            absorb_w1::<P, K>(first, h);
            absorb_w1::<P, K>(second, h);
            i += 2;
        }
        if i < P::K {
            ctx.row(i, first, scratch);
            absorb_w1::<P, K>(first, h);
        }
    }

    fn w<'a, M: MatrixA<P>, Y: MaskVector<P>, K: Keccak>(
        _store: &'a mut (),
        ctx: &MaskedProduct<'_, P, M, Y, K>,
        i: usize,
        out: &'a mut Poly,
        scratch: &mut Poly,
    ) -> &'a mut Poly {
        ctx.row(i, out, scratch);
        out
    }
}
