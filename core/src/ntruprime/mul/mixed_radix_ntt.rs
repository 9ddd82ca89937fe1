//! `MixedRadixNtt`: the product over the integers through one 1536-point cyclic NTT
//! per operand, a radix-3 layer followed by nine radix-2 layers, modulo the prime
//! 7065601 (= 4600 · 1536 + 1, which has 1536th roots of unity).

use super::super::{RqPoly, SmallPoly, P};
use super::common::{fold_product, NttScratch, RqMul, NTT_LEN};
use crate::modarith;

/// The NTT prime. Half of it exceeds the largest coefficient of an integer product
/// with |b_i| <= 2 (2 · p · (q-1)/2 < 3.5 · 10^6), so the convolution is exact.
const PRIME: i32 = 7_065_601;
/// A primitive 1536th root of unity mod PRIME (19 generates the group; this is
/// 19^((PRIME-1)/1536)).
const OMEGA: u64 = 6_817_614;
/// Transform length 3 · 512.
const LEN: usize = NTT_LEN;
/// Length of each of the three blocks after the radix-3 layer.
const N: usize = 512;
const LOG_N: usize = 9;
const _: () = assert!(LEN >= 2 * P - 1);

const fn pow_mod(b: u64, e: u64) -> u64 {
    modarith::pow_mod(b, e, PRIME as u64)
}

/// PRIME^-1 mod 2^32.
const QINV: i32 = modarith::inv_mod_2_32(PRIME as u32) as i32;
const R_MOD: u64 = (1u64 << 32) % PRIME as u64;

const fn centred(x: u64) -> i32 {
    modarith::centre((x % PRIME as u64) as i64, PRIME as i64) as i32
}

/// Montgomery form of w^e (w^-e when `inverse`).
const fn mont_pow(e: u64, inverse: bool) -> i32 {
    let e = e % LEN as u64;
    let e = if inverse {
        (LEN as u64 - e) % LEN as u64
    } else {
        e
    };
    centred(pow_mod(OMEGA, e) * R_MOD)
}

/// Radix-2 twiddles per block and node, heap order within a block: block k starts
/// with modulus x^512 - w^(512k); a node x^n - w^e splits into x^(n/2) ∓ w^(e/2)
/// (-1 = w^768), with twiddle w^(e/2).
const fn twiddles(inverse: bool) -> [[i32; N]; 3] {
    let mut out = [[0i32; N]; 3];
    let mut block = 0;
    while block < 3 {
        let mut exps = [0u64; N];
        exps[1] = 512 * block as u64;
        let mut t = 1;
        while t < N {
            let e = exps[t];
            out[block][t] = mont_pow(e / 2, inverse);
            if 2 * t < N {
                exps[2 * t] = e / 2;
                exps[2 * t + 1] = e / 2 + 768;
            }
            t += 1;
        }
        block += 1;
    }
    out
}

const ZETAS: [[i32; N]; 3] = twiddles(false);
const ZETAS_INV: [[i32; N]; 3] = twiddles(true);
/// rho = w^512, a primitive cube root of unity, and rho^2, in Montgomery form.
const RHO: i32 = mont_pow(512, false);
const RHO2: i32 = mont_pow(1024, false);
/// R^2 / 1536 mod PRIME: undoes the factor 3 · 512 of the inverse transform and the
/// R^-1 of the pointwise products.
const FINAL: i32 = centred(R_MOD * R_MOD % PRIME as u64 * pow_mod(LEN as u64, PRIME as u64 - 2));

/// a · b · 2^-32 mod PRIME in (-PRIME, PRIME), for |a · b| < 2^31 · PRIME. Only
/// 32-bit multiplications on the Cortex-M3 (see [`crate::ct::wide_mul`]).
#[inline(always)]
fn mont_mul(a: i32, b: i32) -> i32 {
    modarith::mont_mul(a, b, PRIME, QINV)
}

/// x mod PRIME with |result| < 2 · PRIME, for |x| < 2^26: the quotient is x / 2^23
/// rounded (PRIME is a little below 2^23), so only a 32-bit multiplication by PRIME.
#[inline(always)]
fn reduce(x: i32) -> i32 {
    x - ((x + (1 << 22)) >> 23) * PRIME
}

/// Forward transform of a 1536-word array whose entries are below 2^12.
fn ntt(a: &mut [i32; LEN]) {
    // Radix 3: reduce mod x^512 - rho^k for k = 0, 1, 2.
    for j in 0..N {
        let (x0, x1, x2) = (a[j], a[N + j], a[2 * N + j]);
        let r1 = mont_mul(RHO, x1);
        let r2 = mont_mul(RHO2, x1);
        let s1 = mont_mul(RHO2, x2);
        let s2 = mont_mul(RHO, x2);
        a[j] = x0 + x1 + x2;
        a[N + j] = x0 + r1 + s1;
        a[2 * N + j] = x0 + r2 + s2;
    }
    // Radix 2 in each block; values grow by less than PRIME a level.
    for block in 0..3 {
        let row = &mut a[block * N..(block + 1) * N];
        for level in 0..LOG_N {
            let n = N >> level;
            let half = n / 2;
            for k in 0..1 << level {
                let zeta = ZETAS[block][(1 << level) + k];
                for j in k * n..k * n + half {
                    let t = mont_mul(zeta, row[j + half]);
                    row[j + half] = row[j] - t;
                    row[j] += t;
                }
            }
        }
    }
}

/// Inverse transform (times 1536), inputs in (-PRIME, PRIME).
fn inv_ntt(a: &mut [i32; LEN]) {
    for block in 0..3 {
        let row = &mut a[block * N..(block + 1) * N];
        for level in (0..LOG_N).rev() {
            let n = N >> level;
            let half = n / 2;
            for k in 0..1 << level {
                let zeta = ZETAS_INV[block][(1 << level) + k];
                for j in k * n..k * n + half {
                    let (u, v) = (row[j], row[j + half]);
                    row[j] = reduce(u + v);
                    row[j + half] = mont_mul(zeta, u - v);
                }
            }
        }
    }
    // Inverse radix 3: a_s = sum_k rho^(-ks) A_k (times 3).
    for j in 0..N {
        let (y0, y1, y2) = (a[j], a[N + j], a[2 * N + j]);
        let r1 = mont_mul(RHO2, y1);
        let r2 = mont_mul(RHO, y1);
        let s1 = mont_mul(RHO, y2);
        let s2 = mont_mul(RHO2, y2);
        a[j] = reduce(y0 + y1 + y2);
        a[N + j] = reduce(y0 + r1 + s1);
        a[2 * N + j] = reduce(y0 + r2 + s2);
    }
}

/// Mixed-radix NTT multiplication (after Alkim, Cheng, Chung, Evkan, Huang, Hwang,
/// Li, Niederhagen, Shih, Wälde, Yang, "Polynomial multiplication in NTRU Prime",
/// TCHES 2021/1): both operands, zero-padded to 1536 coefficients, are transformed
/// modulo 7065601 by a radix-3 layer (x^1536 - 1 = ∏ (x^512 - ρ^k)) and nine
/// radix-2 layers, multiplied pointwise (1536 products), transformed back and
/// centred: the exact integer product, reduced modulo x^p - x - 1 and q. Same work
/// space as [`GoodNtt`](super::GoodNtt) (two arrays of 1536 `i32`); the pointwise
/// stage is 1536 multiplications instead of 512 × 9. Indices depend only on loop
/// counters.
#[derive(Clone, Copy, Debug, Default)]
pub struct MixedRadixNtt;

/// [`MixedRadixNtt`]'s work space: the two transformed operands.
pub type MixedRadixScratch = NttScratch;

impl crate::sealed::Sealed for MixedRadixNtt {}

impl RqMul for MixedRadixNtt {
    type Scratch = MixedRadixScratch;
    const NAME: &'static str = "mixed-radix-ntt";

    fn mul_small(out: &mut RqPoly, a: &RqPoly, b: &SmallPoly, s: &mut MixedRadixScratch) {
        s.a.fill(0);
        s.b.fill(0);
        for i in 0..P {
            s.a[i] = a[i] as i32;
            s.b[i] = b[i] as i32;
        }
        ntt(&mut s.a);
        ntt(&mut s.b);
        for (x, &y) in s.a.iter_mut().zip(s.b.iter()) {
            *x = mont_mul(*x, y);
        }
        inv_ntt(&mut s.a);
        for (c, &x) in s.b.iter_mut().zip(s.a.iter()).take(2 * P - 1) {
            *c = modarith::centred_mod(mont_mul(x, FINAL), PRIME);
        }
        fold_product(out, &s.b[..2 * P - 1]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zeroize::Zeroize;

    #[test]
    fn scratch_zeroizes() {
        let mut s = MixedRadixScratch::default();
        MixedRadixNtt::mul_small(&mut [0; P], &[1234; P], &[1; P], &mut s);
        assert!(s.a.iter().chain(&s.b).any(|&x| x != 0));
        s.zeroize();
        assert!(s.a.iter().chain(&s.b).all(|&x| x == 0));
    }

    #[test]
    fn constants() {
        assert_eq!(
            pow_mod(OMEGA, 768),
            PRIME as u64 - 1,
            "omega has order 1536"
        );
        assert_ne!(pow_mod(OMEGA, 512), 1);
        assert_eq!((PRIME as u32).wrapping_mul(QINV as u32), 1);
        assert_eq!(
            (mont_mul(RHO, RHO2) as i64).rem_euclid(PRIME as i64),
            R_MOD as i64,
            "rho^3 = 1"
        );
    }
}
