//! Arithmetic modulo q = 3329 on `i16` coefficients: Montgomery (R = 2^16) and Barrett
//! reductions, branch-free.

use crate::ct;

/// The modulus q = 3329 = 13 · 2^8 + 1.
pub const Q: i16 = 3329;
/// q as an `i32`.
pub const Q32: i32 = Q as i32;
/// q^-1 mod 2^16, as a signed 16-bit value (3329 · 62209 ≡ 1 mod 2^16).
pub const QINV: i16 = -3327;
/// R^2 mod q (R = 2^16), centred: multiplying by it with [`fqmul`] enters the
/// Montgomery domain.
pub const R2: i16 = 1353;

/// `a · R^-1 mod q` for |a| < q · 2^15, in (-q, q).
#[inline(always)]
pub fn montgomery_reduce(a: i32) -> i16 {
    let t = (a as i16).wrapping_mul(QINV);
    ((a - t as i32 * Q32) >> 16) as i16
}

/// `a · b · R^-1 mod q`, in (-q, q), for |a · b| < q · 2^15.
#[inline(always)]
pub fn fqmul(a: i16, b: i16) -> i16 {
    montgomery_reduce(a as i32 * b as i32)
}

/// The representative of `a` in [-(q-1)/2, (q-1)/2] (Barrett: a multiply by
/// round(2^26 / q) and a shift; no division).
#[inline(always)]
pub fn barrett_reduce(a: i16) -> i16 {
    const V: i32 = ((1 << 26) + Q32 / 2) / Q32;
    let t = ((V * a as i32 + (1 << 25)) >> 26) as i16;
    a.wrapping_sub(t.wrapping_mul(Q))
}

/// The representative in [0, q) of `a` in (-q, q), by a mask (no branch).
#[inline(always)]
pub fn to_unsigned(a: i16) -> u16 {
    ct::add_if_negative(a as i32, Q32) as u16
}

/// `a mod q` in [0, q) for any `a` (Barrett, then the sign fixed by a mask).
#[inline(always)]
pub fn freeze(a: i16) -> u16 {
    to_unsigned(barrett_reduce(a))
}

/// `a - q` when `a >= q`, `a` otherwise, for `a` < 2q (by a mask): FIPS 203's reading
/// of a 12-bit value modulo q in ByteDecode_12.
#[inline(always)]
pub fn reduce_once(a: u16) -> u16 {
    ct::add_if_negative(a as i32 - Q32, Q32) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    fn modq(x: i64) -> i64 {
        x.rem_euclid(Q as i64)
    }

    #[test]
    fn reductions_are_exact() {
        const R: i64 = 1 << 16;
        let r_inv = (1..Q as i64).find(|x| modq(x * R) == 1).unwrap();
        for a in (-(Q32 << 15) + 1..(Q32 << 15)).step_by(977) {
            let r = montgomery_reduce(a);
            assert!(r.abs() < Q, "{a}");
            assert_eq!(modq(r as i64), modq(a as i64 * r_inv), "{a}");
        }
        for a in i16::MIN..=i16::MAX {
            let r = barrett_reduce(a);
            assert!(r.abs() <= (Q - 1) / 2, "{a}");
            assert_eq!(modq(r as i64), modq(a as i64));
            assert_eq!(freeze(a) as i64, modq(a as i64));
        }
        for a in 0..2 * Q as u16 {
            assert_eq!(reduce_once(a) as i64, modq(a as i64));
        }
        assert_eq!(modq(R2 as i64), modq(R * R));
        assert_eq!((QINV as i64 * Q as i64).rem_euclid(R), 1);
    }
}
