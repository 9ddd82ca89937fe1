//! Polynomials of R_q = Z_q\[X\]/(X^256 + 1) with the coefficient-wise operations the
//! algorithms need.

use super::field::{caddq, reduce32, Montgomery};
use super::ntt;
use super::params::{D, N};
use zeroize::Zeroize;

/// A polynomial of R_q: 256 signed 32-bit coefficients whose range each function
/// documents. It may hold secret data: it zeroizes on request, prints no
/// coefficients, and has no `PartialEq` (a derived comparison stops at the first
/// difference, in time that depends on the coefficients; tests compare `coeffs`).
///
/// ```compile_fail
/// use pqfit_core::mldsa::poly::Poly;
/// assert!(Poly::zero() == Poly::zero());
/// ```
#[derive(Clone, Zeroize)]
pub struct Poly {
    /// The coefficients, lowest degree first.
    pub coeffs: [i32; N],
}

impl Default for Poly {
    fn default() -> Self {
        Self { coeffs: [0; N] }
    }
}

impl core::fmt::Debug for Poly {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Poly { .. }")
    }
}

impl Poly {
    /// The zero polynomial.
    pub const fn zero() -> Self {
        Self { coeffs: [0; N] }
    }

    /// In-place NTT (Algorithm 41); coefficients below q in, below 9q out.
    pub fn ntt(&mut self) {
        ntt::ntt(&mut self.coeffs);
    }

    /// In-place NTT^-1 (Algorithm 42) times R; coefficients below q in and out.
    pub fn inv_ntt_tomont(&mut self) {
        ntt::inv_ntt_tomont(&mut self.coeffs);
    }

    /// [`Poly::reduce`], [`Poly::inv_ntt_tomont`] and [`Poly::caddq`] in two passes
    /// fewer ([`ntt::inv_ntt_tomont_standard`]): a sum of products to standard
    /// representatives.
    pub fn inv_ntt_tomont_standard(&mut self) {
        ntt::inv_ntt_tomont_standard(&mut self.coeffs);
    }

    /// `self += other` without reduction.
    pub fn add_assign(&mut self, other: &Poly) {
        for (a, b) in self.coeffs.iter_mut().zip(&other.coeffs) {
            *a += *b;
        }
    }

    /// `self -= other` without reduction.
    pub fn sub_assign(&mut self, other: &Poly) {
        for (a, b) in self.coeffs.iter_mut().zip(&other.coeffs) {
            *a -= *b;
        }
    }

    /// `self = a ∘ b / R` in the NTT domain (coefficients below 9q in, below q out).
    pub fn pointwise_montgomery(&mut self, a: &Poly, b: &Poly) {
        let m = Montgomery::new();
        for ((r, x), y) in self.coeffs.iter_mut().zip(&a.coeffs).zip(&b.coeffs) {
            *r = m.mul(*x, *y);
        }
    }

    /// `self = self ∘ b / R` in the NTT domain.
    pub fn mul_assign_montgomery(&mut self, b: &Poly) {
        let m = Montgomery::new();
        for (r, y) in self.coeffs.iter_mut().zip(&b.coeffs) {
            *r = m.mul(*r, *y);
        }
    }

    /// `self += a ∘ b / R` in the NTT domain.
    pub fn pointwise_acc_montgomery(&mut self, a: &Poly, b: &Poly) {
        let m = Montgomery::new();
        for ((r, x), y) in self.coeffs.iter_mut().zip(&a.coeffs).zip(&b.coeffs) {
            *r += m.mul(*x, *y);
        }
    }

    /// `self = sum_j a[j] ∘ b[j] / R` in the NTT domain: each product Montgomery-reduced
    /// as [`Poly::pointwise_acc_montgomery`] does and summed in a register, so the
    /// result is the same integers as zeroing and accumulating j by j, with one load
    /// and store of each output coefficient instead of one per j.
    ///
    /// # Panics
    /// If `a` and `b` differ in length.
    pub fn dot_montgomery(&mut self, a: &[Poly], b: &[Poly]) {
        assert_eq!(a.len(), b.len());
        let m = Montgomery::new();
        for (k, r) in self.coeffs.iter_mut().enumerate() {
            let mut s = 0i32;
            for (x, y) in a.iter().zip(b) {
                s += m.mul(x.coeffs[k], y.coeffs[k]);
            }
            *r = s;
        }
    }

    /// `self = sum_j a[j] ∘ b[j] / R` in the NTT domain, equal modulo q to
    /// [`Poly::dot_montgomery`] (for |a| < q, |b| < 9q and up to 7 terms): on the
    /// Cortex-M4 the products of a coefficient are summed in 64 bits and reduced once
    /// (below q then); elsewhere it is `dot_montgomery`.
    ///
    /// # Panics
    /// If `a` and `b` differ in length.
    pub fn dot_montgomery_wide(&mut self, a: &[Poly], b: &[Poly]) {
        if !cfg!(pqfit_long_multiply_accumulate) {
            return self.dot_montgomery(a, b);
        }
        assert_eq!(a.len(), b.len());
        let m = Montgomery::new();
        for (k, r) in self.coeffs.iter_mut().enumerate() {
            // At most 7 · 9 q^2 < 2^31 q in absolute value.
            let mut s = 0i64;
            for (x, y) in a.iter().zip(b) {
                s += x.coeffs[k] as i64 * y.coeffs[k] as i64;
            }
            *r = m.reduce_wide(s);
        }
    }

    /// Reduces every coefficient into [-6283008, 6283008] (see `reduce32`).
    pub fn reduce(&mut self) {
        for c in self.coeffs.iter_mut() {
            *c = reduce32(*c);
        }
    }

    /// Adds q to every negative coefficient.
    pub fn caddq(&mut self) {
        for c in self.coeffs.iter_mut() {
            *c = caddq(*c);
        }
    }

    /// Multiplies by 2^d (t1 to t1 * 2^d); coefficients below 2^10 in.
    pub fn shift_left_d(&mut self) {
        for c in self.coeffs.iter_mut() {
            *c <<= D;
        }
    }

    /// 1 when every coefficient has absolute value below `bound`, 0 otherwise.
    ///
    /// Constant-time: scans every coefficient; the answer is a bit rather than a
    /// `bool` so that a signer can combine checks without a branch.
    pub fn norm_below(&self, bound: i32) -> u32 {
        let mut over = 0i32;
        for &c in &self.coeffs {
            // The sign of bound - 1 - |c| collects any coefficient at or over the bound.
            over |= (bound - 1) - crate::ct::abs_i32(c);
        }
        crate::ct::nonneg_bit(over)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;

    #[test]
    fn norm_check() {
        let mut p = Poly::zero();
        assert_eq!(p.norm_below(1), 1);
        p.coeffs[17] = -5;
        assert_eq!(p.norm_below(6), 1);
        assert_eq!(p.norm_below(5), 0);
        p.coeffs[200] = 5;
        assert_eq!(p.norm_below(5), 0);
        p.coeffs = [0; N];
        p.coeffs[255] = 6_283_008;
        assert_eq!(p.norm_below((8_380_417 - 1) / 8), 0);
    }

    #[test]
    fn debug_hides_coefficients() {
        let mut p = Poly::zero();
        p.coeffs[0] = 123_456;
        assert_eq!(format!("{p:?}"), "Poly { .. }");
    }
}
