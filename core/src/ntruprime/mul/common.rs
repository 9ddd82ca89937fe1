//! What every multiplication shares: the [`RqMul`] trait, the NTT multipliers' work
//! space and the reduction of a full product. A leaf module rather than `mul` itself,
//! so that the implementations (which `mul` re-exports) do not import their parent.

use crate::ntruprime::arith::fq_freeze;
use crate::ntruprime::{RqPoly, SmallPoly, P};
use zeroize::{Zeroize, Zeroizing};

/// A way to multiply in R/q by a small polynomial.
pub trait RqMul: crate::sealed::Sealed {
    /// Work space for one product, owned by the caller (`()` when none is needed).
    type Scratch: Default + Zeroize;
    /// A short name for tools and documentation.
    const NAME: &'static str;
    /// `out` = `a` · `b` in R/q, coefficients frozen to [-(q-1)/2, (q-1)/2]. `a` must
    /// be frozen and `b` small; `out` is fully overwritten.
    fn mul_small(out: &mut RqPoly, a: &RqPoly, b: &SmallPoly, scratch: &mut Self::Scratch);

    /// `a` = `a` · `b` in R/q, as [`Self::mul_small`]. The default multiplies from a
    /// (zeroized) copy of `a`; a strategy that reads `a` into its scratch before it
    /// writes its output needs no copy, and saves callers a polynomial of stack.
    fn mul_small_in_place(a: &mut RqPoly, b: &SmallPoly, scratch: &mut Self::Scratch) {
        let copy = Zeroizing::new(*a);
        Self::mul_small(a, &copy, b, scratch);
    }
}

/// Length of the NTT multipliers' operands: 1536 = 3 · 512 points, enough for the
/// unreduced product of two polynomials of degree below p = 761.
pub const NTT_LEN: usize = 1536;

/// The work space of the NTT multipliers ([`GoodNtt`](super::GoodNtt),
/// [`MixedRadixNtt`](super::MixedRadixNtt)): both operands, [`NTT_LEN`] `i32` each,
/// transformed in place.
pub struct NttScratch {
    pub(crate) a: [i32; NTT_LEN],
    pub(crate) b: [i32; NTT_LEN],
}

impl NttScratch {
    /// Size in bytes.
    pub const BYTES: usize = core::mem::size_of::<Self>();
}

impl Default for NttScratch {
    fn default() -> Self {
        Self {
            a: [0; NTT_LEN],
            b: [0; NTT_LEN],
        }
    }
}

impl Zeroize for NttScratch {
    fn zeroize(&mut self) {
        self.a.zeroize();
        self.b.zeroize();
    }
}

/// Reduces a full integer product `c` (2p - 1 coefficients) modulo x^p - x - 1 and q:
/// x^(p+j) = x^(j+1) + x^j.
pub fn fold_product(out: &mut RqPoly, c: &[i32]) {
    debug_assert_eq!(c.len(), 2 * P - 1);
    out[0] = fq_freeze(c[0] + c[P]);
    for k in 1..P - 1 {
        out[k] = fq_freeze(c[k] + c[k + P] + c[k + P - 1]);
    }
    out[P - 1] = fq_freeze(c[P - 1] + c[2 * P - 2]);
}
