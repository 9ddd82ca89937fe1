//! `ZqNtt`: the product computed modulo q itself, through an incomplete transform of
//! length 1530 over Z_4591 in 16-bit lanes.
//!
//! q - 1 = 4590 = 2 · 3^3 · 5 · 17, so Z_q has a primitive 90th root of unity ω and
//! x^1530 - 1 = ∏_{j<90} (x^17 - ω^j). The product of two polynomials of degree below
//! p = 761 has degree below 1530, so it is its own residue modulo x^1530 - 1, and the
//! Chinese remainder theorem recovers it from its 90 residues modulo x^17 - ω^j.
//!
//! An operand is held as 90 rows of 17 lanes: coefficient 17s + t is row s, lane t.
//! Modulo x^17 - ω^j, x^17 becomes ω^j, so row s is weighted by ω^(js): the 90
//! residues are the length-90 DFT of the rows, lane by lane. The DFT is computed in
//! place by four decimation-in-frequency stages of radix 2, 3, 3 and 5 and undone by
//! the same stages in reverse; the residue modulo x^17 - ω^j ends in the row
//! [`ROOT_AT`] names. Every value is an `i16` and every multiplication a 16 × 16-bit
//! Montgomery product (R = 2^16), so the work space is 6 KiB where the exact integer
//! transforms need 12 KiB, and no target needs a 64-bit product.

use super::super::{RqPoly, SmallPoly, P, Q};
use super::common::RqMul;
use crate::modarith;
use word::{twiddle, twiddle_mul, Word, LANES};
use zeroize::Zeroize;

mod pairs;
mod word;

/// Rows: the length of the DFT, the order of ω.
const ROWS: usize = 90;
const _: () = assert!(ROWS * LANES >= 2 * P - 1);
const _: () = assert!((Q as usize - 1).is_multiple_of(ROWS));

/// ω: 11 generates Z_q^*, and ω = 11^(4590/90) has order 90.
const OMEGA: u64 = modarith::pow_mod(11, (Q as u64 - 1) / ROWS as u64, Q as u64);
/// R = 2^16 mod q.
const R_MOD: u64 = (1 << 16) % Q as u64;

const fn pow_mod(b: u64, e: u64) -> u64 {
    modarith::pow_mod(b, e, Q as u64)
}

/// Montgomery form of `x` (x · R mod q), centred.
const fn mont(x: u64) -> i16 {
    modarith::centre((x % Q as u64 * R_MOD) as i64, Q as i64) as i16
}

/// ω^e in Montgomery form, for e in 0..90.
const POW: [i16; ROWS] = {
    let mut out = [0; ROWS];
    let mut e = 0;
    while e < ROWS {
        out[e] = mont(pow_mod(OMEGA, e as u64));
        e += 1;
    }
    out
};

/// ω^e as a [`twiddle`], for e in 0..90.
const TWIDDLE: [u32; ROWS] = {
    let mut out = [0; ROWS];
    let mut e = 0;
    while e < ROWS {
        out[e] = twiddle(pow_mod(OMEGA, e as u64));
        e += 1;
    }
    out
};

/// The forward stages: (radix, length of the blocks it splits). A stage of radix r
/// on blocks of length n = r·m leaves in rows ℓm..(ℓ+1)m of each block the
/// sub-block whose later DFT gives the block's frequencies ≡ ℓ mod r.
const STAGES: [(usize, usize); 4] = [(2, 90), (3, 45), (3, 15), (5, 5)];
const _: () = assert!(STAGES[0].1 == ROWS && STAGES[3].1 == STAGES[3].0);

/// The frequency j whose residue (modulo x^17 - ω^j) the forward transform leaves
/// in each row, as ω^j in Montgomery form: row ℓ·m + p' of a stage holds frequency
/// ℓ + r · (frequency of p' in the sub-block).
const ROOT_AT: [i16; ROWS] = {
    let mut out = [0; ROWS];
    let mut row = 0;
    while row < ROWS {
        let (mut pos, mut freq, mut scale, mut stage) = (row, 0, 1, 0);
        while stage < STAGES.len() {
            let (radix, len) = STAGES[stage];
            let m = len / radix;
            freq += (pos / m) * scale;
            pos %= m;
            scale *= radix;
            stage += 1;
        }
        out[row] = POW[freq];
        row += 1;
    }
    out
};

/// The radix-3 DFT with the cube root `w` (Montgomery form): y_ℓ = Σ_j x_j w^(ℓj).
/// As 1 + w + w² = 0, y_1 = x_0 - x_2 + w (x_1 - x_2) and y_2 = x_0 - x_1 - w (x_1 - x_2):
/// one multiplication. Outputs are within 3q for inputs within q.
#[inline(always)]
fn dft3<W: Word>(x: &mut [W; 3], w: u32) {
    let t = x[1].sub(x[2]).mul(w);
    let [x0, x1, x2] = *x;
    *x = [x0.add(x1).add(x2), x0.sub(x2).add(t), x0.sub(x1).sub(t)];
}

/// The radix-5 DFT with the fifth root w, through c_k = (w^k + w^-k)/2 and
/// e_k = (w^k - w^-k)/2 (Montgomery form): w^k x_a + w^-k x_b = c_k (x_a + x_b) +
/// e_k (x_a - x_b), eight multiplications and four reductions. Outputs are within
/// 5q for inputs within q.
#[derive(Clone, Copy)]
struct Dft5 {
    c1: i16,
    c2: i16,
    e1: i16,
    e2: i16,
}

impl Dft5 {
    /// The constants for w = ω^(18·k), k = 1 (forward) or -1 (inverse).
    const fn new(inverse: bool) -> Self {
        let e = if inverse { ROWS - 18 } else { 18 };
        // 2^-1 mod q.
        let half = (Q as u64).div_ceil(2);
        let w1 = pow_mod(OMEGA, e as u64);
        let (w2, w3, w4) = (pow_mod(w1, 2), pow_mod(w1, 3), pow_mod(w1, 4));
        let q = Q as u64;
        Self {
            c1: mont((w1 + w4) * half),
            c2: mont((w2 + w3) * half),
            e1: mont((w1 + q - w4) * half),
            e2: mont((w2 + q - w3) * half),
        }
    }

    /// Each of a, b, c, d is one reduction of two products ([`Word::mul_add`]): the
    /// sums and differences are within 2q and the constants within q/2.
    #[inline(always)]
    fn apply<W: Word>(&self, x: &mut [W; 5]) {
        let [x0, x1, x2, x3, x4] = *x;
        let (s1, d1, s2, d2) = (x1.add(x4), x1.sub(x4), x2.add(x3), x2.sub(x3));
        let a = s1.mul_add(self.c1, s2, self.c2);
        let b = d1.mul_add(self.e1, d2, self.e2);
        let c = s1.mul_add(self.c2, s2, self.c1);
        let d = d1.mul_add(self.e2, d2, -self.e1);
        *x = [
            x0.add(s1).add(s2),
            x0.add(a).add(b),
            x0.add(c).add(d),
            x0.add(c).sub(d),
            x0.add(a).sub(b),
        ];
    }
}

const W3: u32 = TWIDDLE[30];
const W3_INV: u32 = TWIDDLE[60];
const DFT5: Dft5 = Dft5::new(false);
const DFT5_INV: Dft5 = Dft5::new(true);

/// Runs `butterfly` over every group of R rows a stage of radix R combines on
/// blocks of `len` rows: rows s, s + m, ..., s + (R-1)m of each block (m = len / R),
/// word by word, with the stage's twiddles ω_len^(ℓs) = ω^((90/len)·ℓ·s) for ℓ < R
/// (Montgomery form, inverted when `inverse`).
#[inline(always)]
fn stage<W: Word, const R: usize>(
    rows: &mut [W::Row],
    len: usize,
    inverse: bool,
    butterfly: impl Fn(&mut [W; R], &[u32; R]),
) {
    let m = len / R;
    let step = ROWS / len;
    for block in rows.chunks_exact_mut(len) {
        let mut parts = block.chunks_exact_mut(m);
        let mut parts: [&mut [W::Row]; R] =
            core::array::from_fn(|_| parts.next().unwrap_or(&mut []));
        for s in 0..m {
            let twiddles: [u32; R] = core::array::from_fn(|l| {
                let e = (step * l * s) % ROWS;
                TWIDDLE[if inverse { (ROWS - e) % ROWS } else { e }]
            });
            let mut group = parts.each_mut().map(|part| &mut part[s]);
            for k in 0..W::WORDS {
                let mut x: [W; R] = core::array::from_fn(|j| W::word(group[j], k));
                butterfly(&mut x, &twiddles);
                for (row, y) in group.iter_mut().zip(x) {
                    W::set_word(row, k, y);
                }
            }
        }
    }
}

/// Forward stage: the radix-R DFT of each group, then the twiddles (reducing every
/// output to within q).
#[inline(always)]
fn forward_stage<W: Word, const R: usize>(
    rows: &mut [W::Row],
    len: usize,
    dft: impl Fn(&mut [W; R]),
) {
    stage::<W, R>(rows, len, false, |x, tw| {
        dft(x);
        for (y, &z) in x.iter_mut().zip(tw) {
            *y = y.mul(z);
        }
    });
}

/// Inverse stage: the inverse twiddles (reducing every input to within q), then the
/// inverse radix-R DFT: R times the stage's input.
#[inline(always)]
fn inverse_stage<W: Word, const R: usize>(
    rows: &mut [W::Row],
    len: usize,
    dft: impl Fn(&mut [W; R]),
) {
    stage::<W, R>(rows, len, true, |x, tw| {
        for (y, &z) in x.iter_mut().zip(tw) {
            *y = y.mul(z);
        }
        dft(x);
    });
}

fn dft2<W: Word>(x: &mut [W; 2]) {
    *x = [x[0].add(x[1]), x[0].sub(x[1])];
}

/// Rows an operand occupies: a polynomial of degree below p fills fewer than half.
const HALF: usize = ROWS / 2;
const _: () = assert!(P <= HALF * LANES && STAGES[0].0 == 2);

/// The first forward stage, radix 2 over all 90 rows, for an operand in the low
/// [`HALF`] rows: with x_1 = 0 its butterfly gives x_0 and x_0 · ω^s, so row s
/// stays and row s + 45 becomes its copy times ω^s, half the multiplications.
fn first_stage<W: Word>(rows: &mut [W::Row]) {
    let (low, high) = rows.split_at_mut(HALF);
    for ((x, y), &z) in low.iter().zip(high).zip(&TWIDDLE) {
        for k in 0..W::WORDS {
            W::set_word(y, k, W::word(x, k).mul(z));
        }
    }
}

/// The forward transform of an operand in the low [`HALF`] rows (the high ones are
/// ignored): row j' of the result is the residue modulo x^17 - ω^j for the j of
/// [`ROOT_AT`]\[j'\], lanes within (q-1)/2 (every stage ends in twiddle products).
/// Inputs within q.
fn ntt<W: Word>(rows: &mut [W::Row]) {
    first_stage::<W>(rows);
    forward_stage::<W, 3>(rows, STAGES[1].1, |x| dft3(x, W3));
    forward_stage::<W, 3>(rows, STAGES[2].1, |x| dft3(x, W3));
    forward_stage::<W, 5>(rows, STAGES[3].1, |x| DFT5.apply(x));
}

/// The inverse transform, times 90: the stages of [`ntt`] undone in reverse order.
/// Inputs within q (the residue products'); outputs within 2q. The radix-5 stage's
/// twiddles are all 1 (its blocks are its groups), and its inputs are already within
/// q, so it is the DFT alone.
fn inv_ntt<W: Word>(rows: &mut [W::Row]) {
    stage::<W, 5>(rows, STAGES[3].1, true, |x, _| DFT5_INV.apply(x));
    inverse_stage::<W, 3>(rows, STAGES[2].1, |x| dft3(x, W3_INV));
    inverse_stage::<W, 3>(rows, STAGES[1].1, |x| dft3(x, W3_INV));
    inverse_stage::<W, 2>(rows, STAGES[0].1, dft2);
}

/// The low [`HALF`] rows hold the coefficients of `coeffs` (17 to a row, the rest
/// zero); [`ntt`] fills the high ones.
fn load<W: Word, T: Copy + Into<i16>>(rows: &mut [W::Row], coeffs: &[T; P]) {
    for (row, chunk) in rows[..HALF].iter_mut().zip(coeffs.chunks(LANES)) {
        *row = W::row(&core::array::from_fn(|t| {
            chunk.get(t).map_or(0, |&c| c.into())
        }));
    }
}

const _: () = assert!(P.div_ceil(LANES) == HALF);

/// R / 90 mod q as a [`twiddle`]: the inverse transform leaves 90 · c · R^-1 (the
/// residue products end in a Montgomery step), and a twiddle product by this gives c,
/// centred.
const SCALE: u32 = twiddle(R_MOD * pow_mod(ROWS as u64, Q as u64 - 2) % Q as u64);

/// `out` = c mod x^p - x - 1, scaled by [`SCALE`] and frozen, for the product c
/// that [`inv_ntt`] left in `rows` (lanes within 2q; `spare` is work space): as
/// x^p = x + 1, coefficient k is c_k + c_(p+k-1) + c_(p+k), except that c_(p-1) is
/// not a high coefficient for k = 0 (c_(2p-1) is zero modulo q). The sums are within
/// 6q < 2^15, and the twiddle product freezes them.
fn fold<W: Word>(out: &mut RqPoly, rows: &[W::Row], spare: &mut [W::Row]) {
    let c = W::sequence(rows, spare);
    let word = |i: usize| -> W { c[i].into() };
    // Word j of the sequence holds coefficients from j · PER_WORD; p - 1 starts a word.
    let high = (P - 1) / W::PER_WORD;
    let folded = |j: usize| {
        let (x, y) = (word(high + j), word(high + j + 1));
        word(j).add(x).add(x.next_lane(y)).mul(SCALE)
    };
    // Whole words, then the lanes of the last one (p is odd).
    let mut chunks = out.chunks_exact_mut(W::PER_WORD);
    for (j, chunk) in (&mut chunks).enumerate() {
        let sum = folded(j);
        for (i, o) in chunk.iter_mut().enumerate() {
            *o = sum.lane(i);
        }
    }
    let last = folded(P / W::PER_WORD);
    for (i, o) in chunks.into_remainder().iter_mut().enumerate() {
        *o = last.lane(i);
    }
    let lane = |i: usize| word(i / W::PER_WORD).lane(i % W::PER_WORD) as i32;
    out[0] = twiddle_mul(lane(0) + lane(P), SCALE) as i16;
}

const _: () = assert!((P - 1).is_multiple_of(2) && 2 * P < ROWS * LANES);

/// The word the transform computes on: two lanes where the DSP instructions are.
#[cfg(pqfit_dsp)]
type Native = u32;
#[cfg(not(pqfit_dsp))]
type Native = i32;

/// A row of the native word.
type Row = <Native as Word>::Row;

/// The product in Z_q modulo x^1530 - 1 through the 90 residues modulo x^17 - ω^j:
/// both operands are transformed by the forward transform, multiplied residue by residue, and
/// transformed back; the result, reduced modulo x^p - x - 1 and frozen, is the R/q
/// product. Constant-time: every index and branch depends only on loop counters.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZqNtt;

/// [`ZqNtt`]'s work space: both operands as 90 rows of 17 lanes (6,120 bytes; 6,480
/// on the M4, whose rows are 9 words of two lanes).
pub struct ZqNttScratch {
    a: [Row; ROWS],
    b: [Row; ROWS],
}

impl ZqNttScratch {
    /// Size in bytes.
    pub const BYTES: usize = core::mem::size_of::<Self>();
}

impl Default for ZqNttScratch {
    fn default() -> Self {
        Self {
            a: [Native::ZERO; ROWS],
            b: [Native::ZERO; ROWS],
        }
    }
}

impl Zeroize for ZqNttScratch {
    fn zeroize(&mut self) {
        self.a.zeroize();
        self.b.zeroize();
    }
}

impl crate::sealed::Sealed for ZqNtt {}

impl RqMul for ZqNtt {
    type Scratch = ZqNttScratch;
    const NAME: &'static str = "zq-ntt";

    fn mul_small(out: &mut RqPoly, a: &RqPoly, b: &SmallPoly, s: &mut ZqNttScratch) {
        load::<Native, _>(&mut s.a, a);
        product::<Native>(out, b, &mut s.a, &mut s.b);
    }

    fn mul_small_in_place(a: &mut RqPoly, b: &SmallPoly, s: &mut ZqNttScratch) {
        load::<Native, _>(&mut s.a, a);
        product::<Native>(a, b, &mut s.a, &mut s.b);
    }
}

/// The 90 residue products: row j of `a` times row j of `rows` modulo x^17 - ω^i,
/// for the ω^i of [`ROOT_AT`]\[j\], into `a`.
fn residues<W: Word>(a: &mut [W::Row], rows: &[W::Row]) {
    for ((x, y), &z) in a.iter_mut().zip(rows.iter()).zip(&ROOT_AT) {
        W::residue_product(x, y, z);
    }
}

/// `out` = (the operand loaded in `a`) · `b`, with `rows` as the second operand's
/// work space: the body of [`ZqNtt`]'s product.
fn product<W: Word>(out: &mut RqPoly, b: &SmallPoly, a: &mut [W::Row], rows: &mut [W::Row]) {
    load::<W, _>(rows, b);
    ntt::<W>(a);
    ntt::<W>(rows);
    residues::<W>(a, rows);
    inv_ntt::<W>(a);
    fold::<W>(out, a, rows);
}

#[cfg(test)]
mod tests {
    use super::word::QINV;
    use super::*;
    use crate::dsp;

    #[test]
    fn constants() {
        assert_eq!(pow_mod(OMEGA, 45), Q as u64 - 1, "omega has order 90");
        assert_ne!(pow_mod(OMEGA, 30), 1);
        assert_ne!(pow_mod(OMEGA, 18), 1);
        assert_eq!((Q as i16).wrapping_mul(QINV), 1);
        // Every frequency appears exactly once.
        let mut seen = [false; ROWS];
        for &z in &ROOT_AT {
            let j = POW.iter().position(|&w| w == z).unwrap();
            assert!(!seen[j]);
            seen[j] = true;
        }
    }

    /// Plantard's twiddle product is exact and centred for every twiddle and every
    /// `i16` input.
    #[test]
    fn twiddle_products_are_exact_and_centred() {
        for (e, &z) in TWIDDLE.iter().enumerate() {
            let w = pow_mod(OMEGA, e as u64) as i64;
            for x in i16::MIN..=i16::MAX {
                let r = word::twiddle_mul(x as i32, z);
                assert!(r.abs() <= (Q - 1) / 2, "{x} {e}");
                assert_eq!((r as i64 - x as i64 * w).rem_euclid(Q as i64), 0, "{x} {e}");
            }
        }
    }

    #[test]
    fn reductions_stay_in_range() {
        for x in (-(1 << 15) * Q..=(1 << 15) * Q).step_by(997) {
            let r = word::mont_reduce(x);
            assert!(r.abs() <= Q, "{x}");
            assert_eq!((r as i64 * 65536 - x as i64).rem_euclid(Q as i64), 0);
        }
    }

    #[test]
    fn scratch_zeroizes() {
        let mut s = ZqNttScratch::default();
        ZqNtt::mul_small(&mut [0; P], &[1234; P], &[1; P], &mut s);
        assert!(s.a.iter().chain(&s.b).flatten().any(|&x| x != 0));
        s.zeroize();
        assert!(s.a.iter().chain(&s.b).flatten().all(|&x| x == 0));
    }

    /// Lanes within q, from a linear congruential generator.
    fn lanes_within_q(seed: u32) -> impl FnMut() -> i16 {
        let mut state = seed;
        move || {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            ((state >> 8) % Q as u32) as i16 - (Q as i16 - 1) / 2
        }
    }

    /// Two lanes to a word give the same lanes as one, in every operation of the
    /// transform and the residue product, at the extremes of their inputs too.
    #[test]
    fn two_lane_words_match_one_lane_words() {
        let mut next = lanes_within_q(3);
        let q = Q as i16;
        for round in 0..200 {
            let (a, b): ([i16; LANES], [i16; LANES]) = match round {
                0 => ([q; LANES], [-q; LANES]),
                1 => ([-q; LANES], [-q; LANES]),
                2 => ([2 * q; LANES], [-2 * q; LANES]),
                3 => ([(q - 1) / 2; LANES], [(q - 1) / 2; LANES]),
                4 => ([(1 - q) / 2; LANES], [(q - 1) / 2; LANES]),
                _ => (
                    core::array::from_fn(|_| next()),
                    core::array::from_fn(|_| next()),
                ),
            };
            let z = ROOT_AT[round % ROWS];
            let (pa, pb) = (u32::row(&a), u32::row(&b));
            let pairs = |f: &dyn Fn(u32, u32) -> u32| -> [i16; LANES] {
                u32::lanes(&core::array::from_fn(|k| f(pa[k], pb[k])))
            };
            let lanes = |f: &dyn Fn(i32, i32) -> i32| -> [i16; LANES] {
                core::array::from_fn(|t| f(a[t] as i32, b[t] as i32) as i16)
            };
            assert_eq!(pairs(&|x, y| x.add(y)), lanes(&|x, y| x.add(y)));
            assert_eq!(pairs(&|x, y| x.sub(y)), lanes(&|x, y| x.sub(y)));
            let w = TWIDDLE[round % ROWS];
            assert_eq!(pairs(&|x, _| x.mul(w)), lanes(&|x, _| x.mul(w)));
            let (c, d) = (DFT5.c1, -DFT5.e2);
            assert_eq!(
                pairs(&|x, y| x.mul_add(c, y, d)),
                lanes(&|x, y| x.mul_add(c, y, d))
            );
            if round >= 2 {
                let (mut one, mut two) = (a, pa);
                i32::residue_product(&mut one, &b, z);
                u32::residue_product(&mut two, &pb, z);
                assert_eq!(u32::lanes(&two), one, "round {round}");
                if round >= 3 {
                    // Inputs within (q-1)/2 give what the inverse transform takes.
                    assert!(one.iter().all(|x| x.abs() < q), "round {round}");
                }
                assert_eq!(dsp::hi(two[LANES / 2]), 0, "the spare lane stays zero");
            }
        }
    }

    /// The forward transform gives the residues named by `ROOT_AT`, against a
    /// direct evaluation of the low rows (whatever the high rows held), and the
    /// inverse gives back 90 times the input.
    fn transform_matches_definition<W: Word>() {
        let mut lanes = [[0i16; LANES]; ROWS];
        for (i, x) in lanes.as_flattened_mut().iter_mut().enumerate() {
            *x = ((i * 37 + 11) % Q as usize) as i16 - 2295;
        }
        let mut rows: [W::Row; ROWS] = core::array::from_fn(|r| W::row(&lanes[r]));
        let mut orig = lanes;
        orig[HALF..].fill([0; LANES]);
        ntt::<W>(&mut rows);
        let q = Q as i64;
        for (row, &z) in rows.iter().zip(&ROOT_AT) {
            let j = POW.iter().position(|&w| w == z).unwrap() as u64;
            for (t, &x) in W::lanes(row).iter().enumerate() {
                let want: i64 = (0..ROWS)
                    .map(|s| orig[s][t] as i64 * pow_mod(OMEGA, j * s as u64) as i64)
                    .sum();
                assert!((x as i32).abs() <= Q);
                assert_eq!((x as i64 - want).rem_euclid(q), 0);
            }
        }
        inv_ntt::<W>(&mut rows);
        for (row, o) in rows.iter().zip(&orig) {
            for (x, o) in W::lanes(row).iter().zip(o) {
                assert_eq!((*x as i64 - 90 * *o as i64).rem_euclid(q), 0);
            }
        }
    }

    #[test]
    fn one_lane_transform_matches_definition() {
        transform_matches_definition::<i32>();
    }

    #[test]
    fn two_lane_transform_matches_definition() {
        transform_matches_definition::<u32>();
    }

    /// Both kinds of word give the same products, at the extremes of the inputs too
    /// (the strategy itself is checked against the schoolbook product in
    /// `mul::tests`).
    #[test]
    fn products_match_across_words() {
        let mut next = lanes_within_q(11);
        let half = (Q as i16 - 1) / 2;
        for round in 0..6 {
            let a: RqPoly = core::array::from_fn(|_| match round {
                0 => half,
                1 => -half,
                _ => next(),
            });
            let b: SmallPoly = core::array::from_fn(|_| match round {
                0 => 1,
                1 => -1,
                _ => (next() % 3) as i8,
            });
            let (mut one, mut two) = ([0; P], [0; P]);
            let mut lanes = [[0i16; LANES]; ROWS];
            let mut rows = lanes;
            load::<i32, _>(&mut lanes, &a);
            product::<i32>(&mut one, &b, &mut lanes, &mut rows);
            let mut pairs = [[0u32; LANES.div_ceil(2)]; ROWS];
            let mut rows = pairs;
            load::<u32, _>(&mut pairs, &a);
            product::<u32>(&mut two, &b, &mut pairs, &mut rows);
            assert_eq!(one, two, "round {round}");
            assert!(one.iter().any(|&x| x != 0));
        }
    }
}
