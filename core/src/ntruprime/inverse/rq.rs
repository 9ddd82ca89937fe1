//! `Rq_recip3` (inversion of 3a in R/q = Z_q\[x\]/(x^p - x - 1)): the reference's
//! 2p - 1 divsteps, `JUMP` at a time ("jump divsteps", Bernstein–Yang).
//!
//! A divstep replaces (f, g) by M·(f, g) and (v, r) by N·(v, r) with
//!
//! ```text
//! M = | 1-s     s    |      N = | (1-s)x   s  |  = x · D⁻¹ M D,   D = diag(1, 1/x),
//!     | -g0/x  f0/x  |          | -g0 x    f0 |
//! ```
//!
//! s the swap bit, f0 and g0 the constant terms (before the swap: after one, the
//! reference's g and r are the negations of these, a harmless unit factor, see
//! below). The scalars of `JUMP` steps depend only on the `JUMP` lowest coefficients
//! of f and g, so `transition` runs the steps on those alone (a few hundred
//! reductions) and multiplies the step matrices into P = M_J ··· M_1, whose entries
//! are polynomials in 1/x of degree at most `JUMP`. Then one pass over the full
//! vectors applies (f, g) <- P (f, g) and (v, r) <- x^J D⁻¹ P D (v, r): each new
//! coefficient is a sum of 2(`JUMP` + 1) products, one SMLAD each when f and g (v and
//! r) share a word as its two 16-bit lanes, and one Montgomery reduction.
//!
//! Work per pass is bounded by public functions of the step counter n only (so the
//! loop is constant time): after n steps only coefficients below 2p - 1 - n of f and
//! g can reach a later f_0 or g_0 (each step moves g down by one), and v and r have
//! degree at most n - 1.
//!
//! Every pass multiplies all four polynomials by the same unit of Z_q (2^-16, from
//! the reduction), and a swap step multiplies g and r by -1; each step is linear in
//! the pairs (f, v) and (g, r) with the same scalars, so f and v always carry a
//! common factor and the result v / f_0 is the reference's. Zero tests are
//! unchanged: a unit times x is 0 only when x is.

#[cfg(not(pqfit_dsp))]
use crate::dsp::smlad;
use crate::dsp::{hi, lo, pack, pkhtb, smlabb, smulbb};
use crate::ntruprime::arith::{fq_freeze, fq_recip, negative_mask, nonzero_mask};
use crate::ntruprime::{RqPoly, SmallPoly, P, Q, Q12};
use zeroize::Zeroize;

/// Divsteps per pass. 2p - 1 = 1521 = 9 · 169 passes.
const JUMP: usize = 9;
const _: () = assert!((2 * P - 1).is_multiple_of(JUMP));
/// Coefficients of a transition-matrix entry (powers x^0 .. x^-JUMP).
const TERMS: usize = JUMP + 1;
/// New coefficients computed together, sharing the loads of the matrix entries.
const BLOCK: usize = 4;
/// Coefficients of f and g, rounded up to whole blocks.
const SPAN: usize = (P + 1).next_multiple_of(BLOCK);
/// Words of (f, g): the span plus `JUMP` words of zeros read by the top block.
const FG_WORDS: usize = SPAN + JUMP;
/// Coefficient m of (v, r) is word m + `VR_OFFSET`: the words below are zeros read
/// by the lowest block (x^(J+1) c v reads v down to index -J - 1).
const VR_OFFSET: usize = JUMP + 1;
const VR_WORDS: usize = SPAN + VR_OFFSET;

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

/// -q and q^-1 mod 2^16 in a low lane.
const NEG_Q: u32 = (-Q) as u16 as u32;
const QINV_LANE: u32 = QINV as u16 as u32;

/// The bound kept on every coefficient of f, g, v, r: |c| <= `BOUND` < 2^15. A new
/// coefficient is a sum of at most 2 · `TERMS` products of a matrix entry (within
/// `ENTRY_BOUND`) and an old coefficient, and Montgomery's output is within
/// |x| / 2^16 + q / 2; the inputs (in {-1, 0, 1}) start within it.
const BOUND: i32 = 22_400;
const _: () = assert!(BOUND < 1 << 15);
const _: () = assert!(
    (2 * TERMS as i64 * ENTRY_BOUND as i64 * BOUND as i64) / 65536 + (Q as i64 / 2) < BOUND as i64
);
const _: () = assert!(
    2 * TERMS as i64 * ENTRY_BOUND as i64 * BOUND as i64 + 32768 * Q as i64 <= i32::MAX as i64
);

/// x · 2^-16 mod q in the high lane (the low lane is 0), within |x| / 2^16 + q / 2,
/// for |x| <= 2 · `TERMS` · `ENTRY_BOUND` · `BOUND`: with t the low half of x · q^-1,
/// x - t·q is a multiple of 2^16 (two multiplies).
#[inline(always)]
fn montgomery(x: i32) -> u32 {
    let t = smulbb(x as u32, QINV_LANE);
    smlabb(t as u32, NEG_Q, x) as u32
}

/// [`montgomery`] as a value: x · 2^-16 mod q within |x| / 2^16 + q / 2. The
/// transition's values stay within `ENTRY_BOUND` < q, so that a value is 0 exactly
/// when it is 0 mod q: 2 · `ENTRY_BOUND`² / 2^16 + q / 2 < `ENTRY_BOUND`.
#[inline(always)]
fn reduce(x: i32) -> i32 {
    montgomery(x) as i32 >> 16
}

/// The bound on the transition's values (f and g's low coefficients, the matrix
/// entries); its inputs are frozen, within (q - 1)/2.
const ENTRY_BOUND: i32 = 2939;
const _: () = assert!(2 * ENTRY_BOUND * ENTRY_BOUND / 65536 + Q / 2 < ENTRY_BOUND);
const _: () = assert!(ENTRY_BOUND < Q && Q12 <= ENTRY_BOUND);

/// The transition matrix of `JUMP` divsteps, each entry's coefficients of
/// x^0, x^-1, ..: `[[a, b], [c, d]]`.
type Matrix = [[[i32; TERMS]; 2]; 2];

/// Runs `JUMP` divsteps on the low `JUMP` coefficients of f and g (words of `fg`),
/// updating `delta`, and returns their transition matrix, entries within
/// `ENTRY_BOUND`. Every step's row 2 (and g) is reduced by [`reduce`], so it
/// carries a factor 2^-16 more than row 1 (and f): the same unit for both, as in
/// the full vectors.
#[inline(never)]
fn transition(fg: &[u32; FG_WORDS], delta: &mut i32) -> Matrix {
    let mut f: [i32; JUMP] = core::array::from_fn(|j| fq_freeze(lo(fg[j]) as i32) as i32);
    let mut g: [i32; JUMP] = core::array::from_fn(|j| fq_freeze(hi(fg[j]) as i32) as i32);
    let mut m: Matrix = [[[0; TERMS]; 2]; 2];
    m[0][0][0] = 1;
    m[1][1][0] = 1;
    for step in 0..JUMP {
        let (f0, g0) = (f[0], g[0]);
        let swap = negative_mask(-*delta as i16) & nonzero_mask(g0 as i16);
        *delta ^= swap & (*delta ^ -*delta);
        *delta += 1;
        // f = g if swap; g = (f0 g - g0 f) / x. After this step only the
        // coefficients below JUMP - 1 - step are still exact, and only those below
        // JUMP - 1 - step are read again in this pass.
        let known = JUMP - 1 - step;
        for j in 0..known {
            let (fj, gj) = (f[j], g[j]);
            f[j] = fj ^ ((fj ^ gj) & swap);
            g[j] = reduce(f0 * g[j + 1] - g0 * f[j + 1]);
        }
        // Row 1 = row 2 if swap; row 2 = (f0 row 2 - g0 row 1) / x. Before this
        // step the entries have degree at most `step` in 1/x.
        // Indexed (not zipped rows): the zipped form measured 67 k cycles slower.
        #[allow(clippy::needless_range_loop)]
        for col in 0..2 {
            for e in (1..step + 2).rev() {
                let (top, bottom) = (m[0][col][e], m[1][col][e]);
                m[0][col][e] = top ^ ((top ^ bottom) & swap);
                m[1][col][e] = reduce(f0 * m[1][col][e - 1] - g0 * m[0][col][e - 1]);
            }
            let (top, bottom) = (m[0][col][0], m[1][col][0]);
            m[0][col][0] = top ^ ((top ^ bottom) & swap);
            m[1][col][0] = 0;
        }
    }
    f.zeroize();
    g.zeroize();
    m
}

/// `BLOCK` sums: sum o is sum_t `words[o + t]` · `pairs[t]`, both lanes (SMLAD).
/// The words in use are a sliding window of locals: one load per term.
#[cfg(not(pqfit_dsp))]
#[inline(always)]
fn sums<const T: usize>(words: &[u32], pairs: &[u32; T]) -> [i32; BLOCK] {
    const _: () = assert!(BLOCK == 4);
    let words = &words[..BLOCK + T - 1];
    let (mut s0, mut s1, mut s2, mut s3) = (0i32, 0i32, 0i32, 0i32);
    let (mut w0, mut w1, mut w2) = (words[0], words[1], words[2]);
    for (&pair, &w3) in pairs.iter().zip(&words[BLOCK - 1..]) {
        s0 = smlad(w0, pair, s0);
        s1 = smlad(w1, pair, s1);
        s2 = smlad(w2, pair, s2);
        s3 = smlad(w3, pair, s3);
        (w0, w1, w2) = (w1, w2, w3);
    }
    [s0, s1, s2, s3]
}

/// One term of [`sums`] in assembly: pair t (byte offset `$pair`) and the window's
/// new word t + 3 (byte offset `$word`, into register `$d`), then one SMLAD per sum
/// (SMUAD, no accumulator, for the first term). The two loads are adjacent, so the
/// second one pipelines; the four window registers rotate from term to term.
#[cfg(pqfit_dsp)]
macro_rules! term {
    (first, $a:literal, $b:literal, $c:literal, $d:literal, $pair:literal, $word:literal) => {
        concat!(
            "ldr {p}, [{pp}, #",
            $pair,
            "]\n",
            "ldr ",
            $d,
            ", [{wp}, #",
            $word,
            "]\n",
            "smuad {s0}, ",
            $a,
            ", {p}\n",
            "smuad {s1}, ",
            $b,
            ", {p}\n",
            "smuad {s2}, ",
            $c,
            ", {p}\n",
            "smuad {s3}, ",
            $d,
            ", {p}\n",
        )
    };
    (next, $a:literal, $b:literal, $c:literal, $d:literal, $pair:literal, $word:literal) => {
        concat!(
            "ldr {p}, [{pp}, #",
            $pair,
            "]\n",
            "ldr ",
            $d,
            ", [{wp}, #",
            $word,
            "]\n",
            "smlad {s0}, ",
            $a,
            ", {p}, {s0}\n",
            "smlad {s1}, ",
            $b,
            ", {p}, {s1}\n",
            "smlad {s2}, ",
            $c,
            ", {p}, {s2}\n",
            "smlad {s3}, ",
            $d,
            ", {p}, {s3}\n",
        )
    };
}

/// The first nine terms of [`sums`] (the window preloaded with words 0, 1, 2).
#[cfg(pqfit_dsp)]
macro_rules! nine_terms {
    () => {
        concat!(
            "ldr {w0}, [{wp}]\n",
            "ldr {w1}, [{wp}, #4]\n",
            "ldr {w2}, [{wp}, #8]\n",
            term!(first, "{w0}", "{w1}", "{w2}", "{w3}", "0", "12"),
            term!(next, "{w1}", "{w2}", "{w3}", "{w0}", "4", "16"),
            term!(next, "{w2}", "{w3}", "{w0}", "{w1}", "8", "20"),
            term!(next, "{w3}", "{w0}", "{w1}", "{w2}", "12", "24"),
            term!(next, "{w0}", "{w1}", "{w2}", "{w3}", "16", "28"),
            term!(next, "{w1}", "{w2}", "{w3}", "{w0}", "20", "32"),
            term!(next, "{w2}", "{w3}", "{w0}", "{w1}", "24", "36"),
            term!(next, "{w3}", "{w0}", "{w1}", "{w2}", "28", "40"),
            term!(next, "{w0}", "{w1}", "{w2}", "{w3}", "32", "44"),
        )
    };
}

/// [`sums`] on the M4: the same SMLADs as the portable loop, unrolled in inline
/// assembly so that the four sums, the window and the pair stay in registers and
/// the loads pair up (about 7 model cycles a term, against about 11 for LLVM's
/// code of the loop). Only `JUMP` and `JUMP + 1` terms occur.
#[cfg(pqfit_dsp)]
#[inline(always)]
#[allow(unsafe_code)]
fn sums<const T: usize>(words: &[u32], pairs: &[u32; T]) -> [i32; BLOCK] {
    const { assert!(BLOCK == 4 && JUMP == 9 && (T == JUMP || T == JUMP + 1)) };
    let words = &words[..BLOCK + T - 1];
    let (s0, s1, s2, s3): (i32, i32, i32, i32);
    let wp = words.as_ptr();
    let pp = pairs.as_ptr();
    // Both blocks: register-only arithmetic and loads of words[0 .. T + 3] and
    // pairs[0 .. T], which the slice and the array hold (T + 3 = words.len(),
    // checked above); no stores, no stack. SMLAD can set the Q flag, so the flags
    // are not declared preserved. Timing depends on no operand value.
    if T == JUMP {
        // SAFETY: as above, T = 9 terms.
        unsafe {
            core::arch::asm!(
                nine_terms!(),
                wp = in(reg) wp,
                pp = in(reg) pp,
                p = out(reg) _,
                w0 = out(reg) _,
                w1 = out(reg) _,
                w2 = out(reg) _,
                w3 = out(reg) _,
                s0 = out(reg) s0,
                s1 = out(reg) s1,
                s2 = out(reg) s2,
                s3 = out(reg) s3,
                options(readonly, nostack),
            );
        }
    } else {
        // SAFETY: as above, T = 10 terms.
        unsafe {
            core::arch::asm!(
                nine_terms!(),
                term!(next, "{w1}", "{w2}", "{w3}", "{w0}", "36", "48"),
                wp = in(reg) wp,
                pp = in(reg) pp,
                p = out(reg) _,
                w0 = out(reg) _,
                w1 = out(reg) _,
                w2 = out(reg) _,
                w3 = out(reg) _,
                s0 = out(reg) s0,
                s1 = out(reg) s1,
                s2 = out(reg) s2,
                s3 = out(reg) s3,
                options(readonly, nostack),
            );
        }
    }
    [s0, s1, s2, s3]
}

/// `BLOCK` new words: word o's low lane is sum_t `low_words[o + t]` · `low[t]`, its
/// high lane sum_t `high_words[o + t]` · `high[t]`, each Montgomery-reduced. One lane
/// at a time, so that the accumulators and the words in use fit in registers.
#[inline(always)]
fn block<const T: usize>(
    low_words: &[u32],
    low: &[u32; T],
    high_words: &[u32],
    high: &[u32; T],
) -> [u32; BLOCK] {
    let l = sums(low_words, low);
    let h = sums(high_words, high);
    core::array::from_fn(|o| pkhtb(montgomery(h[o]), montgomery(l[o])))
}

/// Coefficient `e` of a matrix entry, 0 outside 0..=`JUMP` (public indices).
#[inline(always)]
fn term(entry: &[i32; TERMS], e: isize) -> i16 {
    if (0..TERMS as isize).contains(&e) {
        entry[e as usize] as i16
    } else {
        0
    }
}

/// `Rq_recip3`: writes 1/(3`a`) in R/q to `out`; returns 0 if 3`a` is invertible and
/// -1 otherwise (for the short polynomials of key generation it always is). The same
/// outputs as the reference's loop.
pub fn rq_recip3(out: &mut RqPoly, a: &SmallPoly) -> i32 {
    // Word j of fg: f_j in the low lane, g_j in the high lane; likewise v, r.
    let mut fg = [0u32; FG_WORDS];
    let mut vr = [0u32; VR_WORDS];
    // f = x^p - x - 1 and g = a, both reversed; r = 1 (not the reference's 1/3: the
    // 1/3 is applied at the end), v = 0.
    fg[0] = 1;
    fg[P - 1] = 0xffff;
    fg[P] = 0xffff;
    for (i, &c) in a.iter().enumerate() {
        fg[P - 1 - i] |= (c as i16 as u16 as u32) << 16;
    }
    vr[VR_OFFSET] = pack(0, 1);
    let mut delta: i32 = 1;
    // The pairs of matrix coefficients each new lane needs, the terms that are
    // always 0 left out: row 1 has degree at most JUMP - 1 in 1/x (a_J = b_J = 0),
    // row 2 no constant term (c_0 = d_0 = 0).
    let mut pairs_f = [0u32; JUMP];
    let mut pairs_g = [0u32; JUMP];
    let mut pairs_v = [0u32; TERMS];
    let mut pairs_r = [0u32; TERMS];
    for pass in 0..(2 * P - 1) / JUMP {
        let n = pass * JUMP;
        let mut m = transition(&fg, &mut delta);
        let [[ea, eb], [ec, ed]] = &m;
        for t in 0..JUMP {
            let t_ = t as isize;
            pairs_f[t] = pack(term(ea, t_), term(eb, t_));
            pairs_g[t] = pack(term(ec, t_ + 1), term(ed, t_ + 1));
        }
        for u in 0..TERMS {
            let u_ = u as isize + 1;
            pairs_v[u] = pack(term(ea, u_ - 1), term(eb, u_ - 2));
            pairs_r[u] = pack(term(ec, u_), term(ed, u_ - 1));
        }
        m.zeroize();

        // (f, g) <- P (f, g): new coefficient i from old i ..= i + JUMP, in place
        // from the bottom. Live after the pass: below 2p - 1 - (n + JUMP), at least
        // f_0 (for the end), at most p + 1; blocks past p + 1 compute zeros from
        // zeros.
        let live = (2 * P - 1 - n - JUMP).clamp(1, P + 1);
        for b in 0..live.div_ceil(BLOCK) {
            let i = b * BLOCK;
            let new = block(&fg[i..], &pairs_f, &fg[i + 1..], &pairs_g);
            fg[i..i + BLOCK].copy_from_slice(&new);
        }

        // (v, r) <- x^J D⁻¹ P D (v, r): v_i = sum a_t v_(i-J+t) + b_t r_(i-J+1+t),
        // r_i = sum c_t v_(i-J-1+t) + d_t r_(i-J+t): new coefficient i from old
        // i - J - 1 ..= i, in place from the top. Degree after the pass at most
        // n + JUMP - 1; coefficients above p, which the reference drops, only feed
        // coefficients above p.
        let live = (n + JUMP).min(P + 1);
        for b in (0..live.div_ceil(BLOCK)).rev() {
            let i = b * BLOCK + VR_OFFSET;
            let words = &vr[i + 1 - VR_OFFSET..i + BLOCK];
            let new = block(words, &pairs_v, words, &pairs_r);
            vr[i..i + BLOCK].copy_from_slice(&new);
        }
    }
    // out = v / (3 f_0), f_0 and v frozen first (|·| <= BOUND).
    let scale = fq_recip(fq_freeze(3 * fq_freeze(lo(fg[0]) as i32) as i32)) as i32;
    for (i, o) in out.iter_mut().enumerate() {
        let vi = fq_freeze(lo(vr[VR_OFFSET + P - 1 - i]) as i32) as i32;
        *o = fq_freeze(scale * vi);
    }
    let result = nonzero_mask(delta as i16);
    fg.zeroize();
    vr.zeroize();
    pairs_f.zeroize();
    pairs_g.zeroize();
    pairs_v.zeroize();
    pairs_r.zeroize();
    result
}
