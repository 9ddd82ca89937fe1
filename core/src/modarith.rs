//! Arithmetic modulo an odd prime that every transform in pqfit-core shares: the
//! compile-time helpers that build constants and twiddle tables, and the constant-time
//! 32-bit Montgomery product.

use crate::ct::{self, wide_mul};

/// `b^e mod m` (for tables computed at compile time; `m` below 2^32).
pub const fn pow_mod(b: u64, mut e: u64, m: u64) -> u64 {
    let mut base = b % m;
    let mut acc = 1u64;
    while e > 0 {
        if e & 1 == 1 {
            acc = acc * base % m;
        }
        base = base * base % m;
        e >>= 1;
    }
    acc
}

/// The representative of `a mod m` in (-m/2, m/2].
pub const fn centre(a: i64, m: i64) -> i64 {
    let r = a.rem_euclid(m);
    if r > m / 2 {
        r - m
    } else {
        r
    }
}

/// The representative in (-m/2, m/2] of `x` in [-m, 2m) (odd m), in constant time: a
/// transform's output brought back to the centred integers.
#[inline(always)]
pub fn centred_mod(x: i32, m: i32) -> i32 {
    let r = ct::add_if_negative(ct::add_if_negative(x, m) - m, m);
    ct::sub_if_above(r, m / 2, m)
}

/// `m^-1 mod 2^32` for odd `m`, by Newton iteration (each step doubles the correct
/// low bits; `m` itself is right to 3 bits). Reduce mod 2^16 for 16-bit Montgomery.
pub const fn inv_mod_2_32(m: u32) -> u32 {
    let mut x = m;
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u32.wrapping_sub(m.wrapping_mul(x)));
        i += 1;
    }
    x
}

/// `a b 2^-32 mod m` in (-m, m) for |a b| < 2^31 m, where `m_inv = m^-1 mod 2^32`.
/// Constant-time on every target: the 64-bit products go through [`wide_mul`].
#[inline(always)]
pub fn mont_mul(a: i32, b: i32, m: i32, m_inv: i32) -> i32 {
    let p = wide_mul(a, b);
    let t = (p as i32).wrapping_mul(m_inv);
    // p - t m is divisible by 2^32 (the low words are equal), so its high word is the
    // difference of the high words: no 64-bit subtraction.
    ((p >> 32) as i32).wrapping_sub((wide_mul(t, m) >> 32) as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers() {
        assert_eq!(pow_mod(3, 4, 7), 81 % 7);
        assert_eq!(pow_mod(2, 0, 5), 1);
        assert_eq!(centre(6, 7), -1);
        assert_eq!(centre(3, 7), 3);
        assert_eq!(centre(-8, 7), -1);
        for x in -7..14 {
            assert_eq!(centred_mod(x, 7) as i64, centre(x as i64, 7), "{x}");
        }
        for m in [3u32, 769, 4591, 7_340_033, 8_380_417] {
            assert_eq!(m.wrapping_mul(inv_mod_2_32(m)), 1);
            let m_inv = inv_mod_2_32(m) as i32;
            let m = m as i32;
            for (a, b) in [(1, 1), (m - 1, m - 1), (-5, 12345), (m / 2, -(m / 3))] {
                let r = mont_mul(a, b, m, m_inv) as i64;
                assert!(r.abs() < m as i64);
                assert_eq!(
                    (r << 32).rem_euclid(m as i64),
                    (a as i64 * b as i64).rem_euclid(m as i64)
                );
            }
        }
    }
}
