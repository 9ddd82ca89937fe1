//! Compress_d and Decompress_d (FIPS 203, §4.2.1, equations 4.7 and 4.8).
//!
//! Compress_d(x) = ⌈(2^d / q) · x⌋ mod 2^d is computed without a division (the
//! KyberSlash timing leak): the quotient by q is a multiplication by
//! ⌈2^34 / q⌉ and a shift, exact for every numerator it is given (tested
//! exhaustively), formed with [`ct::wide_mul_u32`] so that it is constant-time on the
//! Cortex-M3 too. Decompress divides by a power of two.

use super::field::Q;
use crate::ct;

/// ⌈2^34 / q⌉: x / q = (x · RECIPROCAL) >> 34 for every x < 2^23.
const RECIPROCAL: u32 = 5_160_670;

/// `x / q` (floor) for `x` < 2^23, by multiply and shift.
#[inline(always)]
fn div_q(x: u32) -> u32 {
    (ct::wide_mul_u32(x, RECIPROCAL) >> 34) as u32
}

/// Compress_d(x) for `x` in [0, q) and 1 ≤ d ≤ 11: ⌈(2^d / q) · x⌋ mod 2^d. The
/// rounding is ⌊(2^d x + (q-1)/2) / q⌋, which differs from ⌊2^d x / q + 1/2⌋ only
/// where 2^d x / q is a half-integer, never (q is odd).
#[inline(always)]
pub fn compress(d: u32, x: u16) -> u16 {
    let num = ((x as u32) << d) + (Q as u32 - 1) / 2;
    (div_q(num) & ((1 << d) - 1)) as u16
}

/// Decompress_d(y) for `y` < 2^d: ⌈(q / 2^d) · y⌋, in [0, q).
#[inline(always)]
pub fn decompress(d: u32, y: u16) -> u16 {
    ((y as u32 * Q as u32 + (1 << (d - 1))) >> d) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ⌈a / b⌋ with halves rounded up, by integer division (the definition).
    fn round_div(a: u64, b: u64) -> u64 {
        (2 * a + b) / (2 * b)
    }

    #[test]
    fn reciprocal_is_exact_below_2_23() {
        for x in 0..1u32 << 23 {
            assert_eq!(div_q(x), x / Q as u32, "{x}");
        }
    }

    #[test]
    fn compress_and_decompress_follow_the_definition_and_bounds() {
        let q = Q as i64;
        for d in [1u32, 4, 5, 10, 11] {
            for x in 0..Q as u16 {
                let c = compress(d, x);
                let want = round_div((x as u64) << d, q as u64) % (1 << d);
                assert_eq!(c as u64, want, "d = {d}, x = {x}");
                // §4.2.1: |Decompress(Compress(x)) - x| mod± q ≤ ⌈q / 2^(d+1)⌋.
                let back = decompress(d, c) as i64;
                let diff = (back - x as i64).rem_euclid(q);
                let centred = diff.min(q - diff);
                let bound = round_div(q as u64, 1 << (d + 1)) as i64;
                assert!(centred <= bound, "d = {d}, x = {x}: {centred} > {bound}");
            }
            for y in 0..1u16 << d {
                let x = decompress(d, y);
                assert_eq!(x as u64, round_div(y as u64 * q as u64, 1 << d));
                // Compress(Decompress(y)) = y (d < 12).
                assert_eq!(compress(d, x), y, "d = {d}, y = {y}");
            }
        }
    }
}
