//! `Rq_recip3` (inversion of 3a in R/q = Z_q\[x\]/(x^p - x - 1)): the reference's
//! divstep loop with public bounds on the live coefficients, two coefficients per
//! 32-bit word, and one Montgomery reduction per new coefficient.
//!
//! Coefficient 2j of a polynomial is the low 16-bit lane of word j, coefficient
//! 2j + 1 the high lane; the products and reductions are the one-cycle halfword
//! multiplies of [`crate::dsp`] (portable code elsewhere than on the M4).
//!
//! Three changes to the reference's step, none of which changes the output:
//!
//! - **Bounds.** After n of the 2p - 1 steps only coefficients below 2p - 1 - n of f
//!   and g can reach a later f_0 or g_0, and v and r have degree at most n; each step
//!   touches only those (public functions of n, so still constant time).
//! - **No post-swap products.** The reference swaps, then computes
//!   g = f_0 g - g_0 f with the swapped values; after a swap that is the negation
//!   of the same expression on the unswapped values, and likewise for r. So g and r
//!   are computed from the values before the swap, and f and v selected.
//! - **Montgomery reduction.** Each new coefficient of g and r is reduced by
//!   [`montgomery`], which also multiplies it by 2^-16 mod q.
//!
//! The last two only scale g and r together by a unit of Z_q (-1, 2^-16) in some
//! steps: every step is linear in the pairs (f, v) and (g, r) with the same
//! scalars, so f and v always carry a common factor, and the result v / f_0 is the
//! reference's. Zero tests are unchanged: a unit times x is 0 only when x is.

use crate::dsp::{hi, lo, pkhtb, smlabb, smlatb, smulbb, smultb};
use crate::ntruprime::arith::{fq_freeze, fq_recip, negative_mask, nonzero_mask};
use crate::ntruprime::{RqPoly, SmallPoly, P, Q};
use zeroize::Zeroize;

/// q^-1 mod 2^16, by Newton's iteration (each round doubles the correct low bits).
const QINV: i16 = {
    let q = Q as u32;
    let mut x = q;
    let mut k = 0;
    while k < 4 {
        x = x.wrapping_mul(2u32.wrapping_sub(q.wrapping_mul(x)));
        k += 1;
    }
    x as u16 as i16
};
const _: () = assert!((QINV as i32).wrapping_mul(Q) & 0xffff == 1);

/// The bound kept on every coefficient: |c| <= `BOUND` < q. Montgomery's output is
/// within |x| / 2^16 + q / 2, and |f_0 g - g_0 f| <= 2 · `BOUND`², so a new
/// coefficient is within 2 · 2939² / 2^16 + 2295.5 < 2560; the inputs (a in
/// {-1, 0, 1}, f's ±1) start within it.
const BOUND: i32 = 2939;
const _: () = assert!(2 * BOUND * BOUND / 65536 + Q / 2 + 1 <= BOUND && BOUND < Q);

/// -q and q^-1 mod 2^16 in a low lane.
const NEG_Q: u32 = (-Q) as u16 as u32;
const QINV_LANE: u32 = QINV as u16 as u32;

/// x · 2^-16 mod q in the high lane (the low lane is 0), within |x| / 2^16 + q / 2,
/// for |x| <= 2 · `BOUND`²: with t the low half of x · q^-1, x - t·q is a multiple of
/// 2^16 (two multiplies).
#[inline(always)]
fn montgomery(x: i32) -> u32 {
    let t = smulbb(x as u32, QINV_LANE);
    smlabb(t as u32, NEG_Q, x) as u32
}

/// Words per polynomial: p + 1 coefficients, two per word.
const WORDS: usize = (P + 1).div_ceil(2);

/// Coefficient `k` (public) of `x`.
#[inline(always)]
fn coefficient(x: &[u32; WORDS], k: usize) -> i16 {
    let w = x[k / 2];
    if k % 2 == 0 {
        lo(w)
    } else {
        hi(w)
    }
}

/// Sets coefficient `k` (public) of `x`, which is 0, to `c`.
#[inline(always)]
fn set_coefficient(x: &mut [u32; WORDS], k: usize, c: i16) {
    x[k / 2] |= (c as u16 as u32) << (16 * (k % 2));
}

/// `Rq_recip3`: writes 1/(3`a`) in R/q to `out`; returns 0 if 3`a` is invertible and
/// -1 otherwise (for the short polynomials of key generation it always is). The same
/// outputs as the reference's loop.
pub fn rq_recip3(out: &mut RqPoly, a: &SmallPoly) -> i32 {
    let mut f = [0u32; WORDS];
    let mut g = [0u32; WORDS];
    let mut v = [0u32; WORDS];
    let mut r = [0u32; WORDS];
    // r starts at 1, not the reference's 1/3: the 1/3 is applied at the end.
    set_coefficient(&mut r, 0, 1);
    set_coefficient(&mut f, 0, 1);
    set_coefficient(&mut f, P - 1, -1);
    set_coefficient(&mut f, P, -1);
    for (i, &c) in a.iter().enumerate() {
        set_coefficient(&mut g, P - 1 - i, c as i16);
    }
    let mut delta: i32 = 1;
    for n in 0..2 * P - 1 {
        // Live coefficients: below min(p + 1, 2p - 1 - n) of f and g, up to degree
        // n of v and r; in words, rounded up (the extra lane is harmless: a
        // coefficient no later step reads, or one that is zero).
        let live_fg = (2 * P - 1 - n).min(P + 1).div_ceil(2);
        let live_vr = (n + 1).div_ceil(2).min(WORDS);
        let (f0, g0) = (lo(f[0]), lo(g[0]));
        let swap = negative_mask(-delta as i16) & nonzero_mask(g0);
        delta ^= swap & (delta ^ -delta);
        delta += 1;
        let swap = swap as u32;
        let f0 = f0 as u16 as u32;
        let minus_g0 = g0.wrapping_neg() as u16 as u32;

        // f = g if swap; g = (f_0 g - g_0 f) / x. Word j - 1 of the new g is the
        // high lane of word j's products and the low lane of word j + 1's; the top
        // live word's high lane is 0 (the reference's g[p] = 0, or a coefficient
        // no later step reads).
        let (f, g) = (&mut f[..live_fg], &mut g[..live_fg]);
        let (fw, gw) = (f[0], g[0]);
        f[0] = fw ^ ((fw ^ gw) & swap);
        let mut carry = montgomery(smlatb(fw, minus_g0, smultb(gw, f0)));
        for j in 1..live_fg {
            let (fw, gw) = (f[j], g[j]);
            f[j] = fw ^ ((fw ^ gw) & swap);
            let low = montgomery(smlabb(fw, minus_g0, smulbb(gw, f0)));
            g[j - 1] = pkhtb(low, carry);
            carry = montgomery(smlatb(fw, minus_g0, smultb(gw, f0)));
        }
        g[live_fg - 1] = carry >> 16;

        // v = x·v; v = r if swap; r = f_0 r - g_0 v (v before the swap). The lane
        // shifted out of the top live word is zero, or the reference's dropped
        // v[p].
        let mut below = 0u32;
        for (vj, rj) in v[..live_vr].iter_mut().zip(&mut r[..live_vr]) {
            let old = *vj;
            let vw = (old << 16) | (below >> 16);
            below = old;
            let rw = *rj;
            *vj = vw ^ ((vw ^ rw) & swap);
            let low = montgomery(smlabb(vw, minus_g0, smulbb(rw, f0)));
            let high = montgomery(smlatb(vw, minus_g0, smultb(rw, f0)));
            *rj = pkhtb(high, low);
        }
    }
    // out = v / (3 f_0); |f_0| <= BOUND, so 3 f_0 and the products are below 2^24.
    let scale = fq_recip(fq_freeze(3 * lo(f[0]) as i32)) as i32;
    for (i, o) in out.iter_mut().enumerate() {
        *o = fq_freeze(scale * coefficient(&v, P - 1 - i) as i32);
    }
    let result = nonzero_mask(delta as i16);
    f.zeroize();
    g.zeroize();
    v.zeroize();
    r.zeroize();
    result
}
