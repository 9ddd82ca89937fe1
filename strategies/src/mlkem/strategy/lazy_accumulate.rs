//! [`LazyAccumulate`]: products summed unreduced in 32 bits, reduced once.

use super::{Accumulate, Poly};
use pqfit_core::mlkem::basemul::add_product_wide;
use pqfit_core::mlkem::field::montgomery_reduce;
use pqfit_core::mlkem::ntt::{base_case_wide, GAMMAS};
use pqfit_core::mlkem::N;
use zeroize::Zeroize;

/// Sums the base-case products as 32-bit integers (each below 2q² in absolute value,
/// so k ≤ 4 of them stay inside the Montgomery reduction's range) and reduces each
/// coefficient once at the end: one reduction per coefficient instead of one per
/// product, for a 1 KiB accumulator instead of 512 bytes.
#[derive(Clone, Copy, Debug, Default)]
pub struct LazyAccumulate;

/// 256 unreduced 32-bit sums (1 KiB).
pub struct WideAcc {
    sums: [i32; N],
}

impl Default for WideAcc {
    fn default() -> Self {
        Self { sums: [0; N] }
    }
}

impl Zeroize for WideAcc {
    fn zeroize(&mut self) {
        self.sums.zeroize();
    }
}

impl crate::sealed::Sealed for LazyAccumulate {}

impl Accumulate for LazyAccumulate {
    type Acc = WideAcc;

    fn clear(acc: &mut WideAcc) {
        acc.sums = [0; N];
    }

    #[inline(always)]
    fn add_pair(acc: &mut WideAcc, i: usize, a: [i16; 2], b: [i16; 2]) {
        // One pair at a time the scalar form: the DSP form (as in `add_product`) measured
        // slower inside StreamedA's sampling loop (Balanced on the M4 model, +15 k
        // cycles per operation).
        let c = base_case_wide(a, b, GAMMAS[i]);
        acc.sums[2 * i] += c[0];
        acc.sums[2 * i + 1] += c[1];
    }

    /// The whole product at once: on the M4, coefficient pairs as words and the dual
    /// 16-bit multiplies ([`add_product_wide`]).
    #[inline]
    fn add_product(acc: &mut WideAcc, a: &Poly, b: &Poly) {
        add_product_wide(&mut acc.sums, &a.coeffs, &b.coeffs);
    }

    fn finish(acc: &WideAcc, out: &mut Poly) {
        for (o, s) in out.coeffs.iter_mut().zip(&acc.sums) {
            *o = montgomery_reduce(*s);
        }
    }
}
