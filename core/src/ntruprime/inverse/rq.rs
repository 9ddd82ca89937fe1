//! `Rq_recip3` (inversion of 3a in R/q = Z_q\[x\]/(x^p - x - 1)): the reference's
//! divstep loop with public bounds on the live coefficients and one Montgomery
//! reduction per new coefficient.
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

/// x · 2^-16 mod q, within |x| / 2^16 + q / 2, for |x| <= 2 · `BOUND`²: the low half
/// of x · q^-1, times q, taken from x leaves a multiple of 2^16.
#[inline(always)]
fn montgomery(x: i32) -> i16 {
    let t = (x as i16).wrapping_mul(QINV);
    ((x - t as i32 * Q) >> 16) as i16
}

/// `Rq_recip3`: writes 1/(3`a`) in R/q to `out`; returns 0 if 3`a` is invertible and
/// -1 otherwise (for the short polynomials of key generation it always is). The same
/// outputs as the reference's loop.
pub fn rq_recip3(out: &mut RqPoly, a: &SmallPoly) -> i32 {
    let mut f = [0i16; P + 1];
    let mut g = [0i16; P + 1];
    let mut v = [0i16; P + 1];
    let mut r = [0i16; P + 1];
    // r starts at 1, not the reference's 1/3: the 1/3 is applied at the end.
    r[0] = 1;
    f[0] = 1;
    f[P - 1] = -1;
    f[P] = -1;
    for i in 0..P {
        g[P - 1 - i] = a[i] as i16;
    }
    let mut delta: i32 = 1;
    for n in 0..2 * P - 1 {
        let live_fg = (2 * P - 1 - n).min(P + 1);
        let live_vr = (n + 1).min(P + 1);
        let (f0, g0) = (f[0] as i32, g[0] as i32);
        let swap = negative_mask(-delta as i16) & nonzero_mask(g[0]);
        delta ^= swap & (delta ^ -delta);
        delta += 1;
        let swap = swap as i16;

        // f = g if swap; g = (f_0 g - g_0 f) / x, whose constant term is 0.
        f[0] ^= (f[0] ^ g[0]) & swap;
        for i in 1..live_fg {
            let (fi, gi) = (f[i], g[i]);
            f[i] = fi ^ ((fi ^ gi) & swap);
            g[i - 1] = montgomery(f0 * gi as i32 - g0 * fi as i32);
        }
        g[live_fg - 1] = 0;

        // v = x·v; v = r if swap; r = f_0 r - g_0 v (with v before the swap).
        let mut carry = 0i16;
        for i in 0..live_vr {
            let (vi, ri) = (carry, r[i]);
            carry = v[i];
            v[i] = vi ^ ((vi ^ ri) & swap);
            r[i] = montgomery(f0 * ri as i32 - g0 * vi as i32);
        }
    }
    // out = v / (3 f_0); |f_0| <= BOUND, so 3 f_0 and the products are below 2^24.
    let scale = fq_recip(fq_freeze(3 * f[0] as i32)) as i32;
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
