//! The number-theoretic transform of FIPS 204 (Algorithms 41 and 42) in Montgomery
//! arithmetic.
//!
//! Conventions: [`ntt`] maps a polynomial to the NTT domain without a Montgomery
//! factor (the twiddles carry it); `pointwise_montgomery` (see `poly`) multiplies two
//! NTT-domain polynomials and divides by R = 2^32; [`inv_ntt_tomont`] multiplies by R
//! again, so `inv_ntt_tomont(pointwise(ntt(a), ntt(b))) = a * b` with no stray factor.

use super::field::{centre, mul_mont, pow_mod};
use super::params::{N, Q};

/// The 512th root of unity of FIPS 204.
pub const ZETA: u64 = 1753;

/// `zeta^brv8(k) * 2^32 mod q`, centred, for k = 0..255 (entry 0 is unused).
pub const ZETAS: [i32; N] = zetas();

/// `2^64 / 256 mod q`: undoes the 1/256 of the inverse transform and restores one R.
pub const INV_NTT_SCALE: i32 =
    centre((pow_mod(2, 64) * pow_mod(N as u64, Q as u64 - 2) % Q as u64) as i64);

const fn zetas() -> [i32; N] {
    let mut z = [0i32; N];
    let r = pow_mod(2, 32);
    let mut k = 1;
    while k < N {
        let brv = (k as u8).reverse_bits() as u64;
        z[k] = centre((pow_mod(ZETA, brv) * r % Q as u64) as i64);
        k += 1;
    }
    z
}

/// FIPS 204, Algorithm 41: NTT. In place; input coefficients of absolute value below
/// q, output below 9q.
pub fn ntt(a: &mut [i32; N]) {
    let mut k = 0;
    let mut len = 128;
    while len > 0 {
        let mut start = 0;
        while start < N {
            k += 1;
            let zeta = ZETAS[k];
            for j in start..start + len {
                let t = mul_mont(zeta, a[j + len]);
                a[j + len] = a[j] - t;
                a[j] += t;
            }
            start += 2 * len;
        }
        len >>= 1;
    }
}

/// FIPS 204, Algorithm 42: NTT^-1, followed by a multiplication by R = 2^32. In place;
/// input coefficients of absolute value below q, output below q.
///
/// No intermediate reduction is needed: each layer at most doubles the upper half
/// while the lower half is Montgomery-reduced, so coefficients stay below
/// 256 q < 2^31.
pub fn inv_ntt_tomont(a: &mut [i32; N]) {
    let mut k = N;
    let mut len = 1;
    while len < N {
        let mut start = 0;
        while start < N {
            k -= 1;
            let zeta = -ZETAS[k];
            for j in start..start + len {
                let t = a[j];
                a[j] = t + a[j + len];
                a[j + len] = mul_mont(zeta, t - a[j + len]);
            }
            start += 2 * len;
        }
        len <<= 1;
    }
    for c in a.iter_mut() {
        *c = mul_mont(INV_NTT_SCALE, *c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mldsa::field::montgomery_reduce;
    use crate::mldsa::test_rng::lcg;

    fn schoolbook(a: &[i32; N], b: &[i32; N]) -> [i32; N] {
        // Negacyclic product in Z_q\[X\]/(X^256 + 1).
        let q = Q as i64;
        let mut r = [0i64; N];
        for i in 0..N {
            for j in 0..N {
                let p = a[i] as i64 * b[j] as i64 % q;
                if i + j < N {
                    r[i + j] += p;
                } else {
                    r[i + j - N] -= p;
                }
            }
        }
        core::array::from_fn(|i| r[i].rem_euclid(q) as i32)
    }

    #[test]
    fn table_matches_known_values() {
        // Spot values of FIPS 204's zeta table times R, recomputed independently.
        assert_eq!(ZETAS[1], 25847);
        assert_eq!(INV_NTT_SCALE, 41978);
        // zeta is a primitive 512th root of unity.
        assert_eq!(pow_mod(ZETA, 256), Q as u64 - 1);
    }

    #[test]
    fn product_through_ntt_equals_schoolbook() {
        let mut seed = 7;
        for round in 0..4 {
            let a: [i32; N] = core::array::from_fn(|_| {
                if round == 0 {
                    Q - 1
                } else {
                    (lcg(&mut seed) % (2 * Q as u32 - 1)) as i32 - (Q - 1)
                }
            });
            let b: [i32; N] = core::array::from_fn(|_| {
                if round == 0 {
                    -(Q - 1)
                } else {
                    (lcg(&mut seed) % Q as u32) as i32
                }
            });
            let (mut ah, mut bh) = (a, b);
            ntt(&mut ah);
            ntt(&mut bh);
            let mut c: [i32; N] =
                core::array::from_fn(|i| montgomery_reduce(ah[i] as i64 * bh[i] as i64));
            inv_ntt_tomont(&mut c);
            let want = schoolbook(&a, &b);
            for i in 0..N {
                assert!(c[i].abs() < Q);
                assert_eq!(c[i].rem_euclid(Q), want[i], "round {round} coefficient {i}");
            }
        }
    }
}
