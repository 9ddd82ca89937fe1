//! [`StreamedW`]: form w one row at a time, absorb it, and recompute it when needed.

use super::{absorb_w1, Commitment, Keccak, MaskVector, MaskedProduct, MatrixA};
use pqfit_core::hash::Shake256;
use pqfit_core::mldsa::{ParameterSet, Poly};

/// Keeps no commitment: each row w\[i\] is formed in the caller's work polynomial,
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
        acc: &mut Poly,
        scratch: &mut Poly,
    ) {
        for i in 0..P::K {
            ctx.row(i, acc, scratch);
            absorb_w1::<P, K>(acc, h);
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
