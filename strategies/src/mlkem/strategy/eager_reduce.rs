//! [`EagerReduce`]: each product reduced as it is added.

use super::{Accumulate, Poly};
use pqfit_core::mlkem::field::barrett_reduce;
use pqfit_core::mlkem::ntt::{base_case_reduced, GAMMAS};

/// Reduces every base-case product (Montgomery) and the running sum (Barrett) as it
/// goes, so the sum is a 512-byte polynomial: half of [`super::LazyAccumulate`]'s
/// accumulator, for about three reductions per product instead of one per
/// coefficient.
#[derive(Clone, Copy, Debug, Default)]
pub struct EagerReduce;

impl crate::sealed::Sealed for EagerReduce {}

impl Accumulate for EagerReduce {
    type Acc = Poly;

    fn clear(acc: &mut Poly) {
        acc.coeffs = [0; pqfit_core::mlkem::N];
    }

    #[inline(always)]
    fn add_pair(acc: &mut Poly, i: usize, a: [i16; 2], b: [i16; 2]) {
        let c = base_case_reduced(a, b, GAMMAS[i]);
        acc.coeffs[2 * i] = barrett_reduce(acc.coeffs[2 * i] + c[0]);
        acc.coeffs[2 * i + 1] = barrett_reduce(acc.coeffs[2 * i + 1] + c[1]);
    }

    fn finish(acc: &Poly, out: &mut Poly) {
        out.coeffs = acc.coeffs;
    }
}
