//! Constant-time inversion in R/3 and R/q by the round-3 reference's divstep loop
//! (Bernstein–Yang "safegcd"): 2p - 1 iterations of fixed work each, every swap and
//! elimination done with masks. The working polynomials (p + 1 coefficients, four of
//! them) live in this function's frame and are zeroized before returning.

use super::arith::{f3_freeze, fq_freeze, fq_recip, negative_mask, nonzero_mask};
use super::{RqPoly, SmallPoly, P};
use zeroize::Zeroize;

/// `R3_recip`: writes 1/`a` in R/3 to `out`; returns 0 if `a` is invertible and -1
/// (all ones) otherwise, in which case `out` is unspecified.
pub fn r3_recip(out: &mut SmallPoly, a: &SmallPoly) -> i32 {
    let mut f = [0i8; P + 1];
    let mut g = [0i8; P + 1];
    let mut v = [0i8; P + 1];
    let mut r = [0i8; P + 1];
    r[0] = 1;
    f[0] = 1;
    f[P - 1] = -1;
    f[P] = -1;
    for i in 0..P {
        g[P - 1 - i] = a[i];
    }
    let mut delta: i32 = 1;
    for _ in 0..2 * P - 1 {
        v.copy_within(0..P, 1);
        v[0] = 0;
        let sign = -(g[0] as i32) * (f[0] as i32);
        let swap = negative_mask(-delta as i16) & nonzero_mask(g[0] as i16);
        delta ^= swap & (delta ^ -delta);
        delta += 1;
        let swap8 = swap as i8;
        for i in 0..=P {
            let t = swap8 & (f[i] ^ g[i]);
            f[i] ^= t;
            g[i] ^= t;
            let t = swap8 & (v[i] ^ r[i]);
            v[i] ^= t;
            r[i] ^= t;
        }
        for i in 0..=P {
            g[i] = f3_freeze(g[i] as i32 + sign * f[i] as i32);
            r[i] = f3_freeze(r[i] as i32 + sign * v[i] as i32);
        }
        g.copy_within(1..=P, 0);
        g[P] = 0;
    }
    let sign = f[0];
    for i in 0..P {
        out[i] = sign * v[P - 1 - i];
    }
    let result = nonzero_mask(delta as i16);
    f.zeroize();
    g.zeroize();
    v.zeroize();
    r.zeroize();
    result
}

/// `Rq_recip3`: writes 1/(3`a`) in R/q to `out`; returns 0 if 3`a` is invertible and
/// -1 otherwise (for the short polynomials of key generation it always is).
pub fn rq_recip3(out: &mut RqPoly, a: &SmallPoly) -> i32 {
    let mut f = [0i16; P + 1];
    let mut g = [0i16; P + 1];
    let mut v = [0i16; P + 1];
    let mut r = [0i16; P + 1];
    r[0] = fq_recip(3);
    f[0] = 1;
    f[P - 1] = -1;
    f[P] = -1;
    for i in 0..P {
        g[P - 1 - i] = a[i] as i16;
    }
    let mut delta: i32 = 1;
    for _ in 0..2 * P - 1 {
        v.copy_within(0..P, 1);
        v[0] = 0;
        let swap = negative_mask(-delta as i16) & nonzero_mask(g[0]);
        delta ^= swap & (delta ^ -delta);
        delta += 1;
        let swap16 = swap as i16;
        for i in 0..=P {
            let t = swap16 & (f[i] ^ g[i]);
            f[i] ^= t;
            g[i] ^= t;
            let t = swap16 & (v[i] ^ r[i]);
            v[i] ^= t;
            r[i] ^= t;
        }
        let (f0, g0) = (f[0] as i32, g[0] as i32);
        for i in 0..=P {
            g[i] = fq_freeze(f0 * g[i] as i32 - g0 * f[i] as i32);
            r[i] = fq_freeze(f0 * r[i] as i32 - g0 * v[i] as i32);
        }
        g.copy_within(1..=P, 0);
        g[P] = 0;
    }
    let scale = fq_recip(f[0]) as i32;
    for i in 0..P {
        out[i] = fq_freeze(scale * v[P - 1 - i] as i32);
    }
    let result = nonzero_mask(delta as i16);
    f.zeroize();
    g.zeroize();
    v.zeroize();
    r.zeroize();
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ntruprime::arith::{f3_freeze, fq_freeze};

    /// Reference product in Z[x]/(x^p - x - 1), coefficients as i64.
    fn product(a: &[i64], b: &[i64]) -> std::vec::Vec<i64> {
        let mut c = std::vec![0i64; 2 * P - 1];
        for i in 0..P {
            for j in 0..P {
                c[i + j] += a[i] * b[j];
            }
        }
        for i in (P..2 * P - 1).rev() {
            c[i - P] += c[i];
            c[i - P + 1] += c[i];
        }
        c.truncate(P);
        c
    }

    fn small(seed: &mut u64) -> SmallPoly {
        core::array::from_fn(|_| {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((*seed >> 33) % 3) as i8 - 1
        })
    }

    #[test]
    fn r3_inverse_is_inverse() {
        let mut seed = 3u64;
        let mut found = 0;
        for _ in 0..4 {
            let a = small(&mut seed);
            let mut inv = [0i8; P];
            if r3_recip(&mut inv, &a) == 0 {
                found += 1;
                let a64: std::vec::Vec<i64> = a.iter().map(|&x| x as i64).collect();
                let i64s: std::vec::Vec<i64> = inv.iter().map(|&x| x as i64).collect();
                let c = product(&a64, &i64s);
                for (k, &ck) in c.iter().enumerate() {
                    assert_eq!(f3_freeze(ck as i32), (k == 0) as i8);
                }
            }
        }
        assert!(found > 0);
        // 0 is not invertible.
        let mut inv = [0i8; P];
        assert_eq!(r3_recip(&mut inv, &[0; P]), -1);
    }

    #[test]
    fn rq_inverse_is_inverse() {
        let mut seed = 11u64;
        let a = small(&mut seed);
        let mut inv = [0i16; P];
        assert_eq!(rq_recip3(&mut inv, &a), 0);
        let a64: std::vec::Vec<i64> = a.iter().map(|&x| 3 * x as i64).collect();
        let i64s: std::vec::Vec<i64> = inv.iter().map(|&x| x as i64).collect();
        let c = product(&a64, &i64s);
        for (k, &ck) in c.iter().enumerate() {
            assert_eq!(fq_freeze((ck % 4591) as i32), (k == 0) as i16);
        }
    }
}
