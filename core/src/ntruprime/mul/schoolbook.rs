//! `Schoolbook`: p² multiply-adds, no work space beyond a few words.

use super::super::arith::fq_freeze;
use super::super::{RqPoly, SmallPoly, P};
use super::common::RqMul;

/// Schoolbook multiplication that needs no scratch: each coefficient of the full
/// product is formed as one inner product (in a 32-bit accumulator) and folded into
/// `out` at once, so the only buffer is the output itself. p² = 579,121
/// multiply-adds and 3p reductions per product.
#[derive(Clone, Copy, Debug, Default)]
pub struct Schoolbook;

impl crate::sealed::Sealed for Schoolbook {}

impl RqMul for Schoolbook {
    type Scratch = ();
    const NAME: &'static str = "schoolbook";

    fn mul_small(out: &mut RqPoly, a: &RqPoly, b: &SmallPoly, _scratch: &mut ()) {
        out.fill(0);
        for j in 0..2 * P - 1 {
            let lo = j.saturating_sub(P - 1);
            let hi = j.min(P - 1);
            let mut c = 0i32;
            for i in lo..=hi {
                c += a[i] as i32 * b[j - i] as i32;
            }
            if j < P {
                out[j] = fq_freeze(out[j] as i32 + c);
            } else {
                out[j - P] = fq_freeze(out[j - P] as i32 + c);
                out[j - P + 1] = fq_freeze(out[j - P + 1] as i32 + c);
            }
        }
    }
}
