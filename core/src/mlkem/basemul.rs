//! FIPS 203, Algorithm 11 (MultiplyNTTs) summed into 32-bit accumulators: `sums +=
//! a ∘ b` unreduced, on the M4 with its dual 16-bit multiplies on coefficient pairs
//! loaded as words.

use super::lanes::reduce_high;
use super::ntt::{base_case_wide, GAMMAS};
use super::N;
use crate::dsp;

/// Adds the unreduced base-case products of `a ∘ b` ([`base_case_wide`], pair by
/// pair) to `sums`, for |a|, |b| < q. The caller keeps the sums within `i32` (k ≤ 4
/// products per coefficient, each below 2q² in absolute value).
#[inline]
pub fn add_product_wide(sums: &mut [i32; N], a: &[i16; N], b: &[i16; N]) {
    #[cfg(pqfit_dsp)]
    add_product_wide_lanes(sums, a, b);
    #[cfg(not(pqfit_dsp))]
    add_product_wide_scalar(sums, a, b);
}

/// [`add_product_wide`] one coefficient at a time (targets without the DSP
/// instructions).
#[inline(always)]
pub fn add_product_wide_scalar(sums: &mut [i32; N], a: &[i16; N], b: &[i16; N]) {
    let pairs = sums
        .chunks_exact_mut(2)
        .zip(a.chunks_exact(2).zip(b.chunks_exact(2)));
    for ((s, (a, b)), &gamma) in pairs.zip(GAMMAS.iter()) {
        let c = base_case_wide([a[0], a[1]], [b[0], b[1]], gamma);
        s[0] += c[0];
        s[1] += c[1];
    }
}

/// [`add_product_wide`] on coefficient pairs loaded as words, a = (a0, a1) and
/// b = (b0, b1): c1 += a0 b1 + a1 b0 is one SMLADX; c0 += a0 b0 + (a1 b1 R^-1) γ is
/// SMULTT, the two-instruction Montgomery step (result in the high lane), SMLABB and
/// SMLATB (SMLATT for the second pair of a step). Every step is the same integer
/// arithmetic as [`base_case_wide`], so the sums are equal.
#[inline(always)]
pub fn add_product_wide_lanes(sums: &mut [i32; N], a: &[i16; N], b: &[i16; N]) {
    // Two pairs per step: their two γ are loaded as one word, the second pair's taken
    // from its high lane (SMLATT).
    let quads = sums
        .chunks_exact_mut(4)
        .zip(a.chunks_exact(4).zip(b.chunks_exact(4)));
    for ((s, (a, b)), g) in quads.zip(GAMMAS.chunks_exact(2)) {
        let g = dsp::pack(g[0], g[1]);
        let (a0, b0) = (dsp::pack(a[0], a[1]), dsp::pack(b[0], b[1]));
        let (a1, b1) = (dsp::pack(a[2], a[3]), dsp::pack(b[2], b[3]));
        let t0 = reduce_high(dsp::smultt(a0, b0));
        let t1 = reduce_high(dsp::smultt(a1, b1));
        s[0] = dsp::smlatb(t0, g, dsp::smlabb(a0, b0, s[0]));
        s[1] = dsp::smladx(a0, b0, s[1]);
        s[2] = dsp::smlatt(t1, g, dsp::smlabb(a1, b1, s[2]));
        s[3] = dsp::smladx(a1, b1, s[3]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mlkem::field::Q;

    /// Coefficients in (-q, q), the extremes included, from a small generator.
    fn poly(seed: u32) -> [i16; N] {
        let mut x = seed;
        core::array::from_fn(|i| match i % 17 {
            0 => Q - 1,
            1 => 1 - Q,
            _ => {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                ((x >> 8) % (2 * Q as u32 - 1)) as i16 - (Q - 1)
            }
        })
    }

    #[test]
    fn lanes_sum_equals_scalar_sum() {
        for seed in 0..8u32 {
            let mut want = [0i32; N];
            let mut got = [0i32; N];
            for k in 0..4 {
                let (a, b) = (poly(seed * 8 + k), poly(seed * 8 + k + 100));
                add_product_wide_scalar(&mut want, &a, &b);
                add_product_wide_lanes(&mut got, &a, &b);
            }
            assert_eq!(got, want, "seed {seed}");
            assert!(want.iter().any(|&s| s != 0));
        }
    }
}
