//! The number-theoretic transform of FIPS 203 (Algorithms 9 and 10) and its base-case
//! multiplication (Algorithms 11 and 12), over ζ = 17, a primitive 256th root of
//! unity modulo q. Twiddles are kept in the Montgomery domain (times R = 2^16,
//! centred), so each butterfly is one [`fqmul`].

use super::field::{barrett_reduce, fqmul, montgomery_reduce, Q32};
use super::N;

/// ζ = 17.
const ZETA: u32 = 17;
/// R mod q.
const R_MOD_Q: u32 = (1 << 16) % Q32 as u32;

/// `b^e mod q`.
const fn pow_mod(b: u32, mut e: u32) -> u32 {
    let (mut r, mut b) = (1u32, b % Q32 as u32);
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % Q32 as u32;
        }
        b = b * b % Q32 as u32;
        e >>= 1;
    }
    r
}

/// BitRev7: the 7-bit reversal of `i` < 128.
const fn bit_rev7(i: usize) -> u32 {
    ((i as u8).reverse_bits() >> 1) as u32
}

/// `x · R mod q`, centred in [-(q-1)/2, (q-1)/2].
const fn to_mont_centred(x: u32) -> i16 {
    let m = (x * R_MOD_Q % Q32 as u32) as i32;
    (if m > Q32 / 2 { m - Q32 } else { m }) as i16
}

/// ζ^BitRev7(i) · R mod q for i = 0..128 (the table of FIPS 203 Appendix A, in the
/// Montgomery domain).
pub const ZETAS: [i16; 128] = {
    let mut t = [0i16; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = to_mont_centred(pow_mod(ZETA, bit_rev7(i)));
        i += 1;
    }
    t
};

/// γ_i = ζ^(2·BitRev7(i)+1) · R mod q for i = 0..128: the moduli X^2 - γ_i of the
/// base-case products (FIPS 203 Appendix A, second table), Montgomery domain.
pub const GAMMAS: [i16; 128] = {
    let mut t = [0i16; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = to_mont_centred(pow_mod(ZETA, 2 * bit_rev7(i) + 1));
        i += 1;
    }
    t
};

/// mont^2 / 128 mod q: the inverse transform's final scaling, 128^-1 (FIPS 203's
/// 3303) times R.
const F_INV: i16 = 1441;

/// FIPS 203, Algorithm 9: NTT, in place. Coefficients of absolute value below q in;
/// below 8q out (no reduction inside; callers reduce).
pub fn ntt(f: &mut [i16; N]) {
    let mut k = 1;
    let mut len = 128;
    while len >= 2 {
        let mut start = 0;
        while start < N {
            let zeta = ZETAS[k];
            k += 1;
            for j in start..start + len {
                let t = fqmul(zeta, f[j + len]);
                f[j + len] = f[j] - t;
                f[j] += t;
            }
            start += 2 * len;
        }
        len >>= 1;
    }
}

/// FIPS 203, Algorithm 10: NTT^-1, in place, times R (the Montgomery factor that a
/// base-case product divides out). Absolute values below 2^14 in (the first layer
/// adds two of them); below q out.
pub fn inv_ntt_tomont(f: &mut [i16; N]) {
    let mut k = 127;
    let mut len = 2;
    while len <= 128 {
        let mut start = 0;
        while start < N {
            let zeta = ZETAS[k];
            k -= 1;
            for j in start..start + len {
                let t = f[j];
                f[j] = barrett_reduce(t + f[j + len]);
                f[j + len] = fqmul(zeta, f[j + len] - t);
            }
            start += 2 * len;
        }
        len <<= 1;
    }
    for c in f.iter_mut() {
        *c = fqmul(*c, F_INV);
    }
}

/// FIPS 203, Algorithm 12: BaseCaseMultiply of (a0 + a1 X)(b0 + b1 X) mod X^2 - γ,
/// `γ` in the Montgomery domain, as the two unreduced sums whose Montgomery
/// reductions are the product times R^-1: c0 = a0 b0 + (a1 b1 R^-1)(γ R),
/// c1 = a0 b1 + a1 b0. For |a|, |b| < q each is below 2 q^2 in absolute value, so
/// four of them still fit [`montgomery_reduce`]'s range.
#[inline(always)]
pub fn base_case_wide(a: [i16; 2], b: [i16; 2], gamma: i16) -> [i32; 2] {
    let c0 = a[0] as i32 * b[0] as i32 + fqmul(a[1], b[1]) as i32 * gamma as i32;
    let c1 = a[0] as i32 * b[1] as i32 + a[1] as i32 * b[0] as i32;
    [c0, c1]
}

/// [`base_case_wide`] reduced: the product times R^-1, each coefficient in (-q, q)
/// plus at most q (so below 2q in absolute value).
#[inline(always)]
pub fn base_case_reduced(a: [i16; 2], b: [i16; 2], gamma: i16) -> [i16; 2] {
    let c0 = fqmul(a[0], b[0]) + fqmul(fqmul(a[1], b[1]), gamma);
    let c1 = montgomery_reduce(a[0] as i32 * b[1] as i32 + a[1] as i32 * b[0] as i32);
    [c0, c1]
}

/// FIPS 203, Algorithm 11: MultiplyNTTs, `out = f ∘ g · R^-1`, coefficients below 2q
/// in absolute value, for |f|, |g| < q.
pub fn multiply_ntts(f: &[i16; N], g: &[i16; N], out: &mut [i16; N]) {
    for i in 0..N / 2 {
        let c = base_case_reduced(
            [f[2 * i], f[2 * i + 1]],
            [g[2 * i], g[2 * i + 1]],
            GAMMAS[i],
        );
        out[2 * i] = c[0];
        out[2 * i + 1] = c[1];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mlkem::field::{freeze, Q};

    fn rand_poly(seed: &mut u32, bound: i16) -> [i16; N] {
        core::array::from_fn(|_| {
            *seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            ((*seed >> 8) % (2 * bound as u32 - 1)) as i16 - (bound - 1)
        })
    }

    fn modq(x: i64) -> i64 {
        x.rem_euclid(Q as i64)
    }

    #[test]
    fn tables_match_fips_203_appendix_a() {
        // First entries of the two tables of Appendix A (plain, not Montgomery).
        let plain = |x: i16| modq(x as i64 * 169); // R^-1 = 169 mod q
        assert_eq!(modq(169 * (1 << 16)), 1);
        let zetas: std::vec::Vec<i64> = ZETAS[..8].iter().map(|&z| plain(z)).collect();
        assert_eq!(zetas, [1, 1729, 2580, 3289, 2642, 630, 1897, 848]);
        let gammas: std::vec::Vec<i64> = GAMMAS[..6].iter().map(|&z| plain(z)).collect();
        assert_eq!(gammas, [17, 3312, 2761, 568, 583, 2746]);
    }

    #[test]
    fn round_trip() {
        let mut seed = 1;
        for _ in 0..20 {
            let a = rand_poly(&mut seed, Q);
            let mut f = a;
            ntt(&mut f);
            assert!(f.iter().all(|c| c.unsigned_abs() < 8 * Q as u16));
            for c in f.iter_mut() {
                *c = barrett_reduce(*c);
            }
            inv_ntt_tomont(&mut f);
            // inv_ntt_tomont multiplies by R: divide it back out.
            for (x, y) in f.iter().zip(&a) {
                assert!(x.abs() < Q);
                assert_eq!(freeze(montgomery_reduce(*x as i32)) as i64, modq(*y as i64));
            }
        }
    }

    #[test]
    fn product_matches_schoolbook_in_rq() {
        let mut seed = 7;
        for _ in 0..10 {
            let (a, b) = (rand_poly(&mut seed, Q), rand_poly(&mut seed, Q));
            let mut want = [0i64; N];
            for i in 0..N {
                for j in 0..N {
                    let p = a[i] as i64 * b[j] as i64;
                    if i + j < N {
                        want[i + j] += p;
                    } else {
                        want[i + j - N] -= p;
                    }
                }
            }
            let (mut fa, mut fb) = (a, b);
            ntt(&mut fa);
            ntt(&mut fb);
            for c in fa.iter_mut().chain(fb.iter_mut()) {
                *c = barrett_reduce(*c);
            }
            let mut prod = [0i16; N];
            multiply_ntts(&fa, &fb, &mut prod);
            // The wide form agrees with the reduced one modulo q.
            for i in 0..N / 2 {
                let w = base_case_wide(
                    [fa[2 * i], fa[2 * i + 1]],
                    [fb[2 * i], fb[2 * i + 1]],
                    GAMMAS[i],
                );
                for t in 0..2 {
                    assert_eq!(
                        modq(montgomery_reduce(w[t]) as i64),
                        modq(prod[2 * i + t] as i64)
                    );
                }
            }
            inv_ntt_tomont(&mut prod);
            for (x, y) in prod.iter().zip(&want) {
                assert_eq!(freeze(*x) as i64, modq(*y));
            }
        }
    }
}
