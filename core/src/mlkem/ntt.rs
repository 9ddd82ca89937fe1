//! The number-theoretic transform of FIPS 203 (Algorithms 9 and 10) and its base-case
//! multiplication (Algorithms 11 and 12), over ζ = 17, a primitive 256th root of
//! unity modulo q. Twiddles are kept in the Montgomery domain (times R = 2^16,
//! centred), so each butterfly is one [`fqmul`].

use super::field::{fqmul, montgomery_reduce, Q32};
use super::lanes::Lanes;
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

/// ζ^BitRev7(1) · F_INV · R^-1, centred: the last inverse layer's twiddle with the
/// final scaling folded in (one Montgomery product instead of two).
const ZETA1_F_INV: i16 = {
    const R_INV: i32 = 169; // 2^-16 mod q
    let m = (ZETAS[1] as i32 * F_INV as i32 % Q32 + Q32) % Q32 * R_INV % Q32;
    (if m > Q32 / 2 { m - Q32 } else { m }) as i16
};

/// The transform on the words of [`Lanes`] `L`: `u32` (two 16-bit lanes) on the
/// Cortex-M4, `[i16; 2]` elsewhere.
#[cfg(pqfit_dsp)]
type Word = u32;
/// The transform on the words of [`Lanes`] `L`: `u32` (two 16-bit lanes) on the
/// Cortex-M4, `[i16; 2]` elsewhere.
#[cfg(not(pqfit_dsp))]
type Word = [i16; 2];

/// FIPS 203, Algorithm 9: NTT, in place, followed by a Barrett reduction (folded into
/// the last layer). Coefficients of absolute value below q in; at most (q-1)/2 out.
///
/// Every layer moves words of two coefficients (2w, 2w + 1) with one twiddle, and the
/// seven layers are done as 3 + 3 + 1: eight words held in registers through three
/// layers, so each word is loaded and stored three times instead of seven. No
/// reduction inside: the coefficients stay below 8q (< 2^15).
pub fn ntt(f: &mut [i16; N]) {
    ntt_with::<Word>(f);
}

/// [`ntt`] on the words `L`.
pub(crate) fn ntt_with<L: Lanes>(f: &mut [i16; N]) {
    // Layers 1–3 (lengths 128, 64, 32 = word distances 64, 32, 16): words s + 16t.
    for s in 0..16 {
        ntt_three_layers::<L>(f, s, 16, 1, 0);
    }
    // Layers 4–6 (lengths 16, 8, 4): in each block of 16 words, words 16b + s + 2t.
    for b in 0..8 {
        for s in 0..2 {
            ntt_three_layers::<L>(f, 16 * b + s, 2, 8, b);
        }
    }
    // Layer 7 (length 2 = neighbouring words), reduced.
    for m in 0..64 {
        let zeta = ZETAS[64 + m];
        let (a, b) = (L::load(f, 2 * m), L::load(f, 2 * m + 1));
        let t = b.mul(zeta);
        a.sub(t).reduce().store(f, 2 * m + 1);
        a.add(t).reduce().store(f, 2 * m);
    }
}

/// Three forward layers on the eight words `first + stride·t` (t = 0..8) of block
/// `b` of the first of them, which has `k0` blocks (its twiddles are ZETAS\[k0 + b\],
/// the next layer's ZETAS\[2k0 + 2b + t/4\], the third's ZETAS\[4k0 + 4b + t/2\]).
#[inline(always)]
fn ntt_three_layers<L: Lanes>(f: &mut [i16; N], first: usize, stride: usize, k0: usize, b: usize) {
    let mut x: [L; 8] = core::array::from_fn(|t| L::load(f, first + stride * t));
    let butterfly = |x: &mut [L; 8], i: usize, j: usize, zeta: i16| {
        let t = x[j].mul(zeta);
        x[j] = x[i].sub(t);
        x[i] = x[i].add(t);
    };
    let z = ZETAS[k0 + b];
    for i in 0..4 {
        butterfly(&mut x, i, i + 4, z);
    }
    for h in 0..2 {
        let z = ZETAS[2 * k0 + 2 * b + h];
        butterfly(&mut x, 4 * h, 4 * h + 2, z);
        butterfly(&mut x, 4 * h + 1, 4 * h + 3, z);
    }
    for q in 0..4 {
        butterfly(&mut x, 2 * q, 2 * q + 1, ZETAS[4 * k0 + 4 * b + q]);
    }
    for (t, w) in x.iter().enumerate() {
        w.store(f, first + stride * t);
    }
}

/// FIPS 203, Algorithm 10: NTT^-1, in place, times R (the Montgomery factor that a
/// base-case product divides out). Absolute values below q in; below q out.
///
/// Gentleman–Sande butterflies on words of two coefficients, as 3 + 3 + 1 layers
/// (see [`ntt`]). Lazy reduction: only the sums that could leave 16 bits are
/// Barrett-reduced, four words of every eight after each group of three layers
/// (each group at most multiplies the bound by 8); the last layer's twiddle and its
/// sums carry the final scaling by 128^-1.
pub fn inv_ntt_tomont(f: &mut [i16; N]) {
    inv_ntt_with::<Word>(f);
}

/// [`inv_ntt_tomont`] on the words `L`.
pub(crate) fn inv_ntt_with<L: Lanes>(f: &mut [i16; N]) {
    // Layers of lengths 2, 4, 8 (word distances 1, 2, 4): blocks of eight words.
    for b in 0..16 {
        inv_three_layers::<L>(f, 8 * b, 1, 127, b);
    }
    // Lengths 16, 32, 64: words 64h + s + 8t.
    for h in 0..2 {
        for s in 0..8 {
            inv_three_layers::<L>(f, 64 * h + s, 8, 15, h);
        }
    }
    // Length 128, with the scaling: |a ± b| < 2q before the Montgomery products.
    for w in 0..64 {
        let (a, b) = (L::load(f, w), L::load(f, w + 64));
        b.sub(a).mul(ZETA1_F_INV).store(f, w + 64);
        a.add(b).mul(F_INV).store(f, w);
    }
}

/// Three inverse layers on the eight words `first + stride·t` of block `b`: twiddles
/// ZETAS\[k1 - 4b - t/2\], then ZETAS\[(k1 - 1)/2 - 2b - t/4\], then
/// ZETAS\[(k1 - 3)/4 - b\]. Entries below q; the four sums of the last layer are
/// reduced (they reach 8q, 4q, 2q, 2q), so all eight leave below q.
#[inline(always)]
fn inv_three_layers<L: Lanes>(f: &mut [i16; N], first: usize, stride: usize, k1: usize, b: usize) {
    let mut x: [L; 8] = core::array::from_fn(|t| L::load(f, first + stride * t));
    let butterfly = |x: &mut [L; 8], i: usize, j: usize, zeta: i16| {
        let (a, c) = (x[i], x[j]);
        x[i] = a.add(c);
        x[j] = c.sub(a).mul(zeta);
    };
    for q in 0..4 {
        butterfly(&mut x, 2 * q, 2 * q + 1, ZETAS[k1 - 4 * b - q]);
    }
    let k2 = (k1 - 1) / 2;
    for h in 0..2 {
        let z = ZETAS[k2 - 2 * b - h];
        butterfly(&mut x, 4 * h, 4 * h + 2, z);
        butterfly(&mut x, 4 * h + 1, 4 * h + 3, z);
    }
    let z = ZETAS[(k2 - 1) / 2 - b];
    for i in 0..4 {
        butterfly(&mut x, i, i + 4, z);
        x[i] = x[i].reduce();
    }
    for (t, w) in x.iter().enumerate() {
        w.store(f, first + stride * t);
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
            assert!(f.iter().all(|c| c.abs() <= (Q - 1) / 2));
            // Both word representations give the same representatives.
            let mut g = a;
            ntt_with::<u32>(&mut g);
            assert_eq!(f, g);
            let mut h = a;
            ntt_with::<[i16; 2]>(&mut h);
            assert_eq!(f, h);
            inv_ntt_with::<u32>(&mut g);
            inv_ntt_with::<[i16; 2]>(&mut h);
            assert_eq!(g, h);
            inv_ntt_tomont(&mut f);
            assert_eq!(f, g);
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
            // inv_ntt_tomont takes coefficients below q.
            for c in prod.iter_mut() {
                *c = crate::mlkem::field::barrett_reduce(*c);
            }
            inv_ntt_tomont(&mut prod);
            for (x, y) in prod.iter().zip(&want) {
                assert_eq!(freeze(*x) as i64, modq(*y));
            }
        }
    }
}
