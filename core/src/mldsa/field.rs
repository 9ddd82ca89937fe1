//! Arithmetic in Z_q, q = 8380417: Montgomery and Barrett-style reductions on
//! 32-bit signed representatives. All branch-free.

use super::params::Q;
use crate::modarith;

/// q^-1 mod 2^32.
pub const QINV: i32 = modarith::inv_mod_2_32(Q as u32) as i32;
/// 2^32 mod q (the Montgomery factor R), centred.
pub const MONT: i32 = centre(pow_mod(2, 32) as i64);

/// `b^e mod q` for compile-time tables.
pub const fn pow_mod(b: u64, e: u64) -> u64 {
    modarith::pow_mod(b, e, Q as u64)
}

/// The representative of `a mod q` in (-q/2, q/2], for compile-time tables.
pub const fn centre(a: i64) -> i32 {
    modarith::centre(a, Q as i64) as i32
}

/// Montgomery reduction: for |a| <= 2^31 q, returns r = a 2^-32 mod q with |r| < q.
///
/// Written as `hi(a) - hi(t q)`: the low words of `a` and `t q` are equal by the choice
/// of `t`, so the difference has no borrow. LLVM then forms `hi(t q)` with one
/// SMMUL on the Cortex-M4 (and MULH on RV32) instead of a 64-bit multiply by a 64-bit
/// constant (UMULL plus two MLAs).
#[inline(always)]
pub const fn montgomery_reduce(a: i64) -> i32 {
    let t = (a as i32).wrapping_mul(QINV);
    ((a >> 32) as i32).wrapping_sub(((t as i64 * Q as i64) >> 32) as i32)
}

/// `a b 2^-32 mod q` with |result| < q, for |a b| <= 2^31 q: the Montgomery product
/// every NTT-domain multiplication uses.
///
/// On the Cortex-M3 (`thumbv7m`, flagged by the build script) the 64-bit
/// multiplies SMULL/UMULL finish early for small operands, so their timing would
/// depend on secret coefficients; there the product is formed from 16-bit halves
/// with the constant-time 32-bit MUL ([`mul_mont_split`]). Elsewhere the native
/// 64-bit product is constant-time.
#[inline(always)]
pub fn mul_mont(a: i32, b: i32) -> i32 {
    #[cfg(pqfit_variable_time_long_multiply)]
    {
        mul_mont_split(a, b)
    }
    #[cfg(not(pqfit_variable_time_long_multiply))]
    {
        montgomery_reduce(a as i64 * b as i64)
    }
}

/// The Montgomery product of [`mul_mont`] with q held in a register whose value the
/// compiler cannot see: get one with [`Montgomery::new`] outside a loop and call
/// [`Montgomery::mul`] inside it.
///
/// Why: given `(t as i64 * Q as i64) >> 32` with the constant q (or a product by a
/// constant twiddle factor), LLVM lowers the 64-bit product by a constant as UMULL plus
/// sign corrections (two MLAs and a shift) instead of one SMMUL/SMULL. With an
/// opaque -q, `(a b - t q) >> 32` is SMULL, MUL and SMLAL on the Cortex-M4 (the low
/// word of the sum is zero, its high word the result); elsewhere it is the difference
/// of two high products. The values are those of [`mul_mont`].
#[derive(Clone, Copy, Debug)]
pub struct Montgomery {
    // -q. Unused where the product is split (the Cortex-M3).
    #[cfg_attr(pqfit_variable_time_long_multiply, allow(dead_code))]
    neg_q: i32,
}

impl Default for Montgomery {
    #[inline(always)]
    fn default() -> Self {
        Self::new()
    }
}

impl Montgomery {
    /// -q through [`core::hint::black_box`] (one store and load per call).
    #[inline(always)]
    pub fn new() -> Self {
        Self {
            neg_q: core::hint::black_box(-Q),
        }
    }

    /// `a b 2^-32 mod q`, exactly [`mul_mont`]`(a, b)`.
    #[inline(always)]
    pub fn mul(self, a: i32, b: i32) -> i32 {
        #[cfg(pqfit_variable_time_long_multiply)]
        {
            let _ = self;
            mul_mont_split(a, b)
        }
        #[cfg(not(pqfit_variable_time_long_multiply))]
        {
            if cfg!(pqfit_long_multiply_accumulate) {
                // SMULL, MUL, SMLAL (the Cortex-M4, marked by the build script).
                self.reduce_wide(a as i64 * b as i64)
            } else {
                // Where a 64-bit sum costs carries or library calls (RV32, the M0).
                self.mul_high_difference(a, b)
            }
        }
    }

    /// `(a0 b0 + a1 b1) 2^-32 mod q` for |a0|, |a1| < q and |b0|, |b1| < 9 q (the NTT's
    /// outputs), below 2q in absolute value: equal modulo q to the sum of two
    /// [`Montgomery::mul`]s. On the Cortex-M4 the two products are summed in 64 bits
    /// and reduced once (SMULL, SMLAL, MUL, SMLAL instead of six multiplies and an add;
    /// below q then); elsewhere it is that sum of two products.
    #[inline(always)]
    pub fn mul_sum(self, a: [i32; 2], b: [i32; 2]) -> i32 {
        if cfg!(pqfit_long_multiply_accumulate) {
            self.mul_sum_wide(a, b)
        } else {
            self.mul(a[0], b[0]) + self.mul(a[1], b[1])
        }
    }

    /// [`Montgomery::mul_sum`]'s Cortex-M4 form: one reduction of the 64-bit sum.
    #[inline(always)]
    fn mul_sum_wide(self, [a0, a1]: [i32; 2], [b0, b1]: [i32; 2]) -> i32 {
        self.reduce_wide(a0 as i64 * b0 as i64 + a1 as i64 * b1 as i64)
    }

    /// `p 2^-32 mod q` for a product or sum of products |p| < 2^31 q, below q in
    /// absolute value (MUL, SMLAL on the Cortex-M4). Not for cores whose long
    /// multiplies are variable-time (the M3): t q is one.
    #[inline(always)]
    pub(crate) fn reduce_wide(self, p: i64) -> i32 {
        // p + t q is a multiple of 2^32 and stays far from 2^63.
        let t = (p as i32).wrapping_mul(QINV);
        ((p + t as i64 * self.neg_q as i64) >> 32) as i32
    }

    /// [`Montgomery::mul`] as the difference of two high words (SMULL, MUL, SMMUL, SUB
    /// on the Cortex-M4): one instruction more, but no 64-bit accumulator pair. Faster
    /// where registers are short: in RejNTTPoly's loop, which samples, multiplies and
    /// adds into a packed row, the SMLAL form cost small-stack verification 1.6 %.
    #[inline(always)]
    pub fn mul_high_difference(self, a: i32, b: i32) -> i32 {
        #[cfg(pqfit_variable_time_long_multiply)]
        {
            let _ = self;
            mul_mont_split(a, b)
        }
        #[cfg(not(pqfit_variable_time_long_multiply))]
        {
            let p = a as i64 * b as i64;
            let t = (p as i32).wrapping_mul(QINV);
            ((p >> 32) as i32).wrapping_sub(((t as i64 * -self.neg_q as i64) >> 32) as i32)
        }
    }
}

/// [`mul_mont`] without any 32 x 32 -> 64-bit multiply: the product from four
/// 16 x 16-bit partial products ([`crate::ct::wide_mul_split`]), the reduction's t q
/// from shifts
/// (q = 2^23 - 2^13 + 1). Constant-time on cores whose long multiplies are not.
///
/// LLVM recognises both the recombined partial products and the shift-and-add
/// t q as 64-bit multiplies and emits SMULL/UMLAL for them again; the
/// `black_box` barriers stop that (checked in the Cortex-M3 assembly).
#[inline(always)]
pub fn mul_mont_split(a: i32, b: i32) -> i32 {
    use core::hint::black_box;
    let p = crate::ct::wide_mul_split(a, b);
    let t = (p as i32).wrapping_mul(QINV) as i64;
    let tq = black_box(t << 23) - black_box(t << 13) + t;
    ((p - tq) >> 32) as i32
}

/// For a <= 2^31 - 2^22 - 1, returns r = a mod q with -6283008 <= r <= 6283008.
#[inline(always)]
pub const fn reduce32(a: i32) -> i32 {
    let t = (a + (1 << 22)) >> 23;
    a - t * Q
}

/// Adds q when `a` is negative.
#[inline(always)]
pub fn caddq(a: i32) -> i32 {
    crate::ct::add_if_negative(a, Q)
}

/// The standard representative of `a mod q` in [0, q), for a in the range of [`reduce32`].
#[inline(always)]
pub fn freeze(a: i32) -> i32 {
    caddq(reduce32(a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_reduction_of_seven_products() {
        // Poly::dot_montgomery_wide's Cortex-M4 form at its extremes: seven products of
        // |a| < q and |b| < 9q, reduced once, below q and equal modulo q to the sum of
        // the seven Montgomery products.
        let m = Montgomery::new();
        for (a, b) in [
            (Q - 1, 9 * Q - 1),
            (Q - 1, -(9 * Q - 1)),
            (-(Q - 1), 12_345),
        ] {
            let wide = m.reduce_wide(7 * (a as i64 * b as i64));
            assert!(wide.abs() < Q);
            assert_eq!(wide.rem_euclid(Q), (7 * m.mul(a, b)).rem_euclid(Q));
        }
    }

    #[test]
    fn product_sums_agree_with_two_products() {
        let m = Montgomery::new();
        let edge = [
            0,
            1,
            -1,
            Q - 1,
            -(Q - 1),
            9 * Q - 1,
            -(9 * Q - 1),
            4_190_208,
            -12_345,
        ];
        for &a0 in &edge[..5] {
            for &a1 in &[Q - 1, -(Q - 1), 77] {
                for &b0 in &edge {
                    for &b1 in &edge {
                        let two = m.mul(a0, b0) + m.mul(a1, b1);
                        let sum = m.mul_sum([a0, a1], [b0, b1]);
                        assert!(sum.abs() < 2 * Q, "{a0} {a1} {b0} {b1}");
                        assert_eq!(sum.rem_euclid(Q), two.rem_euclid(Q));
                        let wide = m.mul_sum_wide([a0, a1], [b0, b1]);
                        assert!(wide.abs() < Q, "{a0} {a1} {b0} {b1}");
                        assert_eq!(wide.rem_euclid(Q), two.rem_euclid(Q));
                    }
                }
            }
        }
    }

    #[test]
    fn constants() {
        assert_eq!((Q as u32).wrapping_mul(QINV as u32), 1);
        assert_eq!((MONT as i64).rem_euclid(Q as i64), (1i64 << 32) % Q as i64);
    }

    #[test]
    fn split_product_equals_native() {
        let mut x: u64 = 99;
        let mut next = || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 32) as i32
        };
        let edge = [
            0,
            1,
            -1,
            Q - 1,
            -(Q - 1),
            9 * Q,
            -9 * Q,
            65535,
            65536,
            -65536,
            -65537,
            1 << 26,
        ];
        for &a in &edge {
            for &b in &edge {
                assert_eq!(
                    mul_mont_split(a, b),
                    montgomery_reduce(a as i64 * b as i64),
                    "{a} {b}"
                );
            }
        }
        for _ in 0..100_000 {
            // Operands as the NTT sees them: below 9q and below q in absolute value.
            let a = next() % (9 * Q);
            let b = next() % Q;
            assert_eq!(
                mul_mont_split(a, b),
                montgomery_reduce(a as i64 * b as i64),
                "{a} {b}"
            );
            assert_eq!(mul_mont(a, b), mul_mont_split(a, b));
            assert_eq!(Montgomery::new().mul(a, b), mul_mont_split(a, b));
        }
    }

    #[test]
    fn reductions_agree_with_rem_euclid() {
        let samples = [
            0i64,
            1,
            -1,
            Q as i64,
            -(Q as i64),
            (1i64 << 31) * Q as i64 - 1,
            -(1i64 << 31) * Q as i64,
            123_456_789_012,
            -987_654_321_098,
        ];
        for &a in &samples {
            let r = montgomery_reduce(a) as i64;
            assert!(r.abs() < Q as i64);
            // r * 2^32 == a (mod q)
            assert_eq!(
                (r << 32).rem_euclid(Q as i64),
                a.rem_euclid(Q as i64),
                "a = {a}"
            );
        }
        for a in [
            0,
            1,
            -1,
            Q,
            -Q,
            i32::MAX - (1 << 22) - 1,
            i32::MIN,
            3 * Q + 5,
        ] {
            let r = reduce32(a);
            assert!((-6_283_008..=6_283_008).contains(&r), "a = {a}");
            assert_eq!((r - a).rem_euclid(Q), 0);
            let f = freeze(a);
            assert!((0..Q).contains(&f));
            assert_eq!(f, a.rem_euclid(Q));
        }
    }
}
