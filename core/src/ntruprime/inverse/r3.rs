//! `R3_recip` (inversion in R/3 = F_3\[x\]/(x^p - x - 1)), bitsliced: the reference's
//! divstep loop on 32 coefficients per word.
//!
//! A polynomial over F_3 is two bit planes of `WORDS` words: bit j of plane 0 is set
//! when coefficient j is 1, bit j of plane 1 when it is -1. A divstep is then a few
//! word operations per 32 coefficients: the masked swap, `g + sign·f` (a plane swap
//! for the sign, the F_3 addition below) and a one-bit shift across the words.
//!
//! Work per step is bounded by public functions of the step counter n only (so the
//! loop is still constant time): after n of the 2p - 1 steps only coefficients below
//! 2p - 1 - n of f and g can reach a later f_0 or g_0 (each step moves g down by one),
//! and v and r have degree at most n (v moves up by one per step, r starts at 1).

use crate::ntruprime::arith::{negative_mask, nonzero_mask};
use crate::ntruprime::{SmallPoly, P};
use zeroize::Zeroize;

/// Coefficients per word.
const LANES: usize = 32;
/// Words per bit plane: p + 1 coefficients.
const WORDS: usize = (P + 1).div_ceil(LANES);

/// Two bit planes, word by word (word i of both planes side by side, so that one
/// LDRD/STRD moves them): coefficient j is bit j of plane 0 minus bit j of plane 1.
type Planes = [[u32; 2]; WORDS];

/// b + s coefficient-wise in F_3, on one word of each plane: where the sum is 1 it
/// is either one term 1 and the other 0, or both -1; symmetrically for -1.
#[inline(always)]
fn f3_add(bp: u32, bn: u32, sp: u32, sn: u32) -> (u32, u32) {
    let x = bp ^ sp;
    let y = bn ^ sn;
    ((x & !y) | (bn & sn), (y & !x) | (bp & sp))
}

/// One word of `sign · a` for a sign given by the masks `pos` (sign 1) and `neg`
/// (sign -1), both zero for sign 0.
#[inline(always)]
fn f3_scale(ap: u32, an: u32, pos: u32, neg: u32) -> (u32, u32) {
    ((ap & pos) | (an & neg), (an & pos) | (ap & neg))
}

/// Sets coefficient `j` (public) of `x` to the small value `c` (secret).
#[inline(always)]
fn set_coefficient(x: &mut Planes, j: usize, c: i8) {
    let c = c as i32 as u32;
    // c = 1: 0x0000_0001; c = -1: 0xffff_ffff; c = 0: 0.
    let neg = c >> 31;
    let pos = (c & 1) ^ neg;
    x[j / LANES][0] |= pos << (j % LANES);
    x[j / LANES][1] |= neg << (j % LANES);
}

/// Coefficient `j` (public) of `x`, in {-1, 0, 1}.
#[inline(always)]
fn coefficient(x: &Planes, j: usize) -> i8 {
    let pos = (x[j / LANES][0] >> (j % LANES)) & 1;
    let neg = (x[j / LANES][1] >> (j % LANES)) & 1;
    pos as i8 - neg as i8
}

/// `R3_recip`: writes 1/`a` in R/3 to `out`; returns 0 if `a` is invertible and -1
/// (all ones) otherwise, in which case `out` is unspecified. The same outputs as the
/// reference's loop, bit for bit.
pub fn r3_recip(out: &mut SmallPoly, a: &SmallPoly) -> i32 {
    let mut f: Planes = [[0; 2]; WORDS];
    let mut g: Planes = [[0; 2]; WORDS];
    let mut v: Planes = [[0; 2]; WORDS];
    let mut r: Planes = [[0; 2]; WORDS];
    // f = x^p - x - 1 and g = a, both reversed; r = 1, v = 0.
    set_coefficient(&mut r, 0, 1);
    set_coefficient(&mut f, 0, 1);
    set_coefficient(&mut f, P - 1, -1);
    set_coefficient(&mut f, P, -1);
    for (i, &c) in a.iter().enumerate() {
        set_coefficient(&mut g, P - 1 - i, c);
    }
    let mut delta: i32 = 1;
    for n in 0..2 * P - 1 {
        let live_fg = (2 * P - 1 - n).min(P + 1).div_ceil(LANES);
        let live_vr = (n / LANES + 1).min(WORDS);
        let (f0p, f0n) = (f[0][0] & 1, f[0][1] & 1);
        let (g0p, g0n) = (g[0][0] & 1, g[0][1] & 1);
        // sign = -f_0 g_0: f_0 is never 0, so sign is 0 exactly when g_0 is, and -1
        // when f_0 = g_0.
        let g0_nonzero = g0p | g0n;
        let neg_bit = (f0p & g0p) | (f0n & g0n);
        let neg = neg_bit.wrapping_neg();
        let pos = (g0_nonzero & !neg_bit).wrapping_neg();
        let swap = (negative_mask(-delta as i16) & nonzero_mask(g0_nonzero as i16)) as u32;
        delta ^= swap as i32 & (delta ^ -delta);
        delta += 1;

        // f, g = g, f if swap; g = (g + sign·f) / x. The new word i - 1 of g takes
        // the low bit of word i; the top live word takes 0 (a coefficient no later
        // step reads, or the reference's g[p] = 0).
        let mut prev = (0u32, 0u32);
        for i in 0..live_fg {
            let t = (f[i][0] ^ g[i][0]) & swap;
            let (fp, gp) = (f[i][0] ^ t, g[i][0] ^ t);
            let t = (f[i][1] ^ g[i][1]) & swap;
            let (fn_, gn) = (f[i][1] ^ t, g[i][1] ^ t);
            f[i][0] = fp;
            f[i][1] = fn_;
            let (sp, sn) = f3_scale(fp, fn_, pos, neg);
            let c = f3_add(gp, gn, sp, sn);
            if i > 0 {
                g[i - 1][0] = (prev.0 >> 1) | (c.0 << 31);
                g[i - 1][1] = (prev.1 >> 1) | (c.1 << 31);
            }
            prev = c;
        }
        g[live_fg - 1][0] = prev.0 >> 1;
        g[live_fg - 1][1] = prev.1 >> 1;

        // v = x·v; v, r = r, v if swap; r = r + sign·v. Words past `live_vr` are
        // zero in both and stay so. Coefficients above p, which the reference does
        // not keep, only move up (and out of the top word) and are never read.
        let mut carry = (0u32, 0u32);
        for i in 0..live_vr {
            let (vp_old, vn_old) = (v[i][0], v[i][1]);
            let (vp, vn) = ((vp_old << 1) | carry.0, (vn_old << 1) | carry.1);
            carry = (vp_old >> 31, vn_old >> 31);
            let t = (vp ^ r[i][0]) & swap;
            let (vp, rp) = (vp ^ t, r[i][0] ^ t);
            let t = (vn ^ r[i][1]) & swap;
            let (vn, rn) = (vn ^ t, r[i][1] ^ t);
            v[i][0] = vp;
            v[i][1] = vn;
            let (sp, sn) = f3_scale(vp, vn, pos, neg);
            let (rp, rn) = f3_add(rp, rn, sp, sn);
            r[i][0] = rp;
            r[i][1] = rn;
        }
    }
    // out = f_0 · v reversed; f_0 = -1 swaps the planes.
    let flip = (f[0][1] & 1).wrapping_neg();
    for word in v.iter_mut() {
        let t = (word[0] ^ word[1]) & flip;
        word[0] ^= t;
        word[1] ^= t;
    }
    for (i, o) in out.iter_mut().enumerate() {
        *o = coefficient(&v, P - 1 - i);
    }
    let result = nonzero_mask(delta as i16);
    f.zeroize();
    g.zeroize();
    v.zeroize();
    r.zeroize();
    result
}
