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

use super::super::arith::fq_freeze;
use super::super::{RqPoly, SmallPoly, P, Q};
use super::RqMul;
use crate::{dsp, modarith};
use zeroize::Zeroize;

/// Coefficients per row: the degree of the moduli x^17 - ω^j.
const LANES: usize = 17;
/// Rows: the length of the DFT, the order of ω.
const ROWS: usize = 90;
const _: () = assert!(ROWS * LANES >= 2 * P - 1);
const _: () = assert!((Q as usize - 1).is_multiple_of(ROWS));

/// One row: 17 lanes.
type Row = [i16; LANES];

/// ω: 11 generates Z_q^*, and ω = 11^(4590/90) has order 90.
const OMEGA: u64 = modarith::pow_mod(11, (Q as u64 - 1) / ROWS as u64, Q as u64);
/// q^-1 mod 2^16.
const QINV: i16 = modarith::inv_mod_2_32(Q as u32) as i16;
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

/// x · 2^-16 mod q, of absolute value at most q for |x| <= 2^15 · q.
#[inline(always)]
fn mont_reduce(x: i32) -> i32 {
    let m = (x as i16).wrapping_mul(QINV) as i32;
    (x - m * Q) >> 16
}

/// x · z mod q for `z` in Montgomery form (|z| <= (q-1)/2), of absolute value at
/// most q for |x| < 2^16.
#[inline(always)]
fn mul(x: i32, z: i16) -> i32 {
    mont_reduce(x * z as i32)
}

/// The radix-3 DFT with the cube root `w` (Montgomery form): y_ℓ = Σ_j x_j w^(ℓj).
/// As 1 + w + w² = 0, y_1 = x_0 - x_2 + w (x_1 - x_2) and y_2 = x_0 - x_1 - w (x_1 - x_2):
/// one multiplication. Outputs are within 3q for inputs within q.
#[inline(always)]
fn dft3(x: &mut [i32; 3], w: i16) {
    let t = mul(x[1] - x[2], w);
    let [x0, x1, x2] = *x;
    *x = [x0 + x1 + x2, x0 - x2 + t, x0 - x1 - t];
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

    /// Each of a, b, c, d is one reduction of two products: the sums and
    /// differences are within 2q and the constants within q/2, so the sum of the
    /// products stays within 2q² < 2^15 q.
    #[inline(always)]
    fn apply(&self, x: &mut [i32; 5]) {
        let [x0, x1, x2, x3, x4] = *x;
        let (s1, d1, s2, d2) = (x1 + x4, x1 - x4, x2 + x3, x2 - x3);
        let (c1, c2) = (self.c1 as i32, self.c2 as i32);
        let (e1, e2) = (self.e1 as i32, self.e2 as i32);
        let a = mont_reduce(s1 * c1 + s2 * c2);
        let b = mont_reduce(d1 * e1 + d2 * e2);
        let c = mont_reduce(s1 * c2 + s2 * c1);
        let d = mont_reduce(d1 * e2 - d2 * e1);
        *x = [x0 + s1 + s2, x0 + a + b, x0 + c + d, x0 + c - d, x0 + a - b];
    }
}

const W3: i16 = POW[30];
const W3_INV: i16 = POW[60];
const DFT5: Dft5 = Dft5::new(false);
const DFT5_INV: Dft5 = Dft5::new(true);

/// Runs `butterfly` over every group of R rows a stage of radix R combines on
/// blocks of `len` rows: rows s, s + m, ..., s + (R-1)m of each block (m = len / R),
/// lane by lane, with the stage's twiddles ω_len^(ℓs) = ω^((90/len)·ℓ·s) for ℓ < R
/// (Montgomery form, inverted when `inverse`).
#[inline(always)]
fn stage<const R: usize>(
    rows: &mut [Row],
    len: usize,
    inverse: bool,
    butterfly: impl Fn(&mut [i32; R], &[i16; R]),
) {
    let m = len / R;
    let step = ROWS / len;
    for block in rows.chunks_exact_mut(len) {
        let mut parts = block.chunks_exact_mut(m);
        let mut parts: [&mut [Row]; R] = core::array::from_fn(|_| parts.next().unwrap_or(&mut []));
        for s in 0..m {
            let twiddles: [i16; R] = core::array::from_fn(|l| {
                let e = (step * l * s) % ROWS;
                POW[if inverse { (ROWS - e) % ROWS } else { e }]
            });
            let mut group = parts.each_mut().map(|part| &mut part[s]);
            for t in 0..LANES {
                let mut x: [i32; R] = core::array::from_fn(|j| group[j][t] as i32);
                butterfly(&mut x, &twiddles);
                for (row, y) in group.iter_mut().zip(x) {
                    row[t] = y as i16;
                }
            }
        }
    }
}

/// Forward stage: the radix-R DFT of each group, then the twiddles (reducing every
/// output to within q).
#[inline(always)]
fn forward_stage<const R: usize>(rows: &mut [Row], len: usize, dft: impl Fn(&mut [i32; R])) {
    stage::<R>(rows, len, false, |x, tw| {
        dft(x);
        for (y, &z) in x.iter_mut().zip(tw) {
            *y = mul(*y, z);
        }
    });
}

/// Inverse stage: the inverse twiddles (reducing every input to within q), then the
/// inverse radix-R DFT: R times the stage's input.
#[inline(always)]
fn inverse_stage<const R: usize>(rows: &mut [Row], len: usize, dft: impl Fn(&mut [i32; R])) {
    stage::<R>(rows, len, true, |x, tw| {
        for (y, &z) in x.iter_mut().zip(tw) {
            *y = mul(*y, z);
        }
        dft(x);
    });
}

fn dft2(x: &mut [i32; 2]) {
    *x = [x[0] + x[1], x[0] - x[1]];
}

/// Rows an operand occupies: a polynomial of degree below p fills fewer than half.
const HALF: usize = ROWS / 2;
const _: () = assert!(P <= HALF * LANES && STAGES[0].0 == 2);

/// The first forward stage, radix 2 over all 90 rows, for an operand in the low
/// [`HALF`] rows: with x_1 = 0 its butterfly gives x_0 and x_0 · ω^s, so row s
/// stays and row s + 45 becomes its copy times ω^s, half the multiplications.
fn first_stage(rows: &mut [Row]) {
    let (low, high) = rows.split_at_mut(HALF);
    for ((x, y), &z) in low.iter().zip(high).zip(&POW) {
        for (a, b) in x.iter().zip(y) {
            *b = mul(*a as i32, z) as i16;
        }
    }
}

/// The forward transform of an operand in the low [`HALF`] rows (the high ones are
/// ignored): row j' of the result is the residue modulo x^17 - ω^j for the j of
/// [`ROOT_AT`]\[j'\], lanes within q. Inputs within q.
fn ntt(rows: &mut [Row]) {
    first_stage(rows);
    forward_stage::<3>(rows, STAGES[1].1, |x| dft3(x, W3));
    forward_stage::<3>(rows, STAGES[2].1, |x| dft3(x, W3));
    forward_stage::<5>(rows, STAGES[3].1, |x| DFT5.apply(x));
}

/// The inverse transform, times 90: the stages of [`ntt`] undone in reverse order.
/// Inputs below 2^15 in absolute value; outputs within 2q.
fn inv_ntt(rows: &mut [Row]) {
    inverse_stage::<5>(rows, STAGES[3].1, |x| DFT5_INV.apply(x));
    inverse_stage::<3>(rows, STAGES[2].1, |x| dft3(x, W3_INV));
    inverse_stage::<3>(rows, STAGES[1].1, |x| dft3(x, W3_INV));
    inverse_stage::<2>(rows, STAGES[0].1, dft2);
}

/// w\[m\] = b'_(16-m) for m < 33 (see [`base_mul`]): b reversed, then z·b_16, ...,
/// z·b_1; then zeros up to `N`.
#[inline(always)]
fn wrapped_window<const N: usize>(b: &Row, z: i16) -> [i16; N] {
    let mut w = [0; N];
    let (plain, wrapped) = w.split_at_mut(LANES);
    for (x, &y) in plain.iter_mut().zip(b.iter().rev()) {
        *x = y;
    }
    for (x, &y) in wrapped[..LANES - 1].iter_mut().zip(b.iter().rev()) {
        *x = mul(y as i32, z) as i16;
    }
    w
}

/// a · b · 2^-16 modulo x^17 - z (z in Montgomery form), into `a`. Output t is
/// Σ_u a_u b'_(t-u), where b'_k = b_k for k >= 0 and z·b_(k+17) for k < 0 (the
/// product's high half wraps around times z): one inner product of 17 terms
/// against a window of `w`, which holds b' reversed so that both run forwards.
/// Inputs within q, so a sum stays below 17 q² < 2^29 and the outputs below 2^14.
#[cfg_attr(pqfit_dsp, allow(dead_code))]
#[inline(always)]
fn base_mul(a: &mut Row, b: &Row, z: i16) {
    let w: [i16; 2 * LANES - 1] = wrapped_window(b, z);
    let x = *a;
    for (t, out) in a.iter_mut().enumerate() {
        let window = &w[LANES - 1 - t..][..LANES];
        let sum: i32 = x
            .iter()
            .zip(window)
            .map(|(&u, &v)| u as i32 * v as i32)
            .sum();
        *out = mont_reduce(sum) as i16;
    }
}

/// Words of two lanes that hold a row (the last one's high lane zero).
const PAIRS: usize = LANES.div_ceil(2);

/// [`base_mul`] with two lanes to a word, for the Cortex-M4's SMLAD: each inner
/// product is 9 dual multiply-accumulates. A window of `w` starts at an even or
/// an odd index, so `w` is packed both ways: `even[j]` = (w\[2j\], w\[2j+1\]) and
/// `odd[j]` = (w\[2j+1\], w\[2j+2\]).
#[cfg_attr(not(pqfit_dsp), allow(dead_code))]
#[inline(always)]
fn base_mul_dual(a: &mut Row, b: &Row, z: i16) {
    let w: [i16; 2 * LANES] = wrapped_window(b, z);
    let even: [u32; LANES] = core::array::from_fn(|j| dsp::pack(w[2 * j], w[2 * j + 1]));
    let odd: [u32; LANES - 1] = core::array::from_fn(|j| dsp::pack(w[2 * j + 1], w[2 * j + 2]));
    let x: [u32; PAIRS] =
        core::array::from_fn(|k| dsp::pack(a[2 * k], a.get(2 * k + 1).copied().unwrap_or(0)));
    for (t, out) in a.iter_mut().enumerate() {
        let start = LANES - 1 - t;
        let packed: &[u32] = if start.is_multiple_of(2) { &even } else { &odd };
        // A fixed length, so that the nine steps are unrolled.
        let window: &[u32; PAIRS] = packed[start / 2..][..PAIRS].try_into().unwrap();
        let sum = x
            .iter()
            .zip(window)
            .fold(0, |acc, (&u, &v)| dsp::smlad(acc, u, v));
        *out = mont_reduce(sum) as i16;
    }
}

/// The residue product the transform uses: two lanes to a word where SMLAD is.
#[inline(always)]
fn residue_product(a: &mut Row, b: &Row, z: i16) {
    #[cfg(pqfit_dsp)]
    base_mul_dual(a, b, z);
    #[cfg(not(pqfit_dsp))]
    base_mul(a, b, z);
}

/// The low [`HALF`] rows hold the coefficients of `coeffs` (17 to a row, the rest
/// zero); [`ntt`] fills the high ones.
fn load(rows: &mut [Row; ROWS], coeffs: impl Iterator<Item = i16>) {
    let flat = rows[..HALF].as_flattened_mut();
    flat.fill(0);
    for (x, c) in flat.iter_mut().zip(coeffs) {
        *x = c;
    }
}

/// R² / 90 mod q: [`mul`] by it (which divides by R) turns the inverse transform's
/// 90 · c · R^-1 into c.
const SCALE: i16 = modarith::centre(
    (R_MOD * R_MOD % Q as u64 * pow_mod(ROWS as u64, Q as u64 - 2) % Q as u64) as i64,
    Q as i64,
) as i16;

/// The product in Z_q modulo x^1530 - 1 through the 90 residues modulo x^17 - ω^j:
/// both operands are transformed by the forward transform, multiplied residue by residue, and
/// transformed back; the result, reduced modulo x^p - x - 1 and frozen, is the R/q
/// product. Constant-time: every index and branch depends only on loop counters.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZqNtt;

/// [`ZqNtt`]'s work space: both operands as 90 rows of 17 `i16` (6,120 bytes).
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
            a: [[0; LANES]; ROWS],
            b: [[0; LANES]; ROWS],
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
        load(&mut s.a, a.iter().copied());
        product(out, b, s);
    }

    fn mul_small_in_place(a: &mut RqPoly, b: &SmallPoly, s: &mut ZqNttScratch) {
        load(&mut s.a, a.iter().copied());
        product(a, b, s);
    }
}

/// `out` = (the operand loaded in `s.a`) · `b`: the body of [`ZqNtt`]'s product.
fn product(out: &mut RqPoly, b: &SmallPoly, s: &mut ZqNttScratch) {
    load(&mut s.b, b.iter().map(|&x| x as i16));
    ntt(&mut s.a);
    ntt(&mut s.b);
    for ((x, y), &z) in s.a.iter_mut().zip(&s.b).zip(&ROOT_AT) {
        residue_product(x, y, z);
    }
    inv_ntt(&mut s.a);
    let c = s.a.as_flattened();
    out[0] = fq_freeze(mul(c[0] as i32 + c[P] as i32, SCALE));
    for k in 1..P - 1 {
        let sum = c[k] as i32 + c[k + P] as i32 + c[k + P - 1] as i32;
        out[k] = fq_freeze(mul(sum, SCALE));
    }
    out[P - 1] = fq_freeze(mul(c[P - 1] as i32 + c[2 * P - 2] as i32, SCALE));
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn reductions_stay_in_range() {
        for x in (-(1 << 15) * Q..=(1 << 15) * Q).step_by(997) {
            let r = mont_reduce(x);
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

    /// The two-lane residue product gives the same lanes as the plain one, at the
    /// extremes of its inputs too.
    #[test]
    fn dual_base_mul_matches() {
        let mut state = 3u32;
        let mut next = || {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            ((state >> 8) % Q as u32) as i16 - (Q as i16 - 1) / 2
        };
        for round in 0..200 {
            let (mut a, b): (Row, Row) = match round {
                0 => ([Q as i16; LANES], [-(Q as i16); LANES]),
                1 => ([-(Q as i16); LANES], [-(Q as i16); LANES]),
                _ => (
                    core::array::from_fn(|_| next()),
                    core::array::from_fn(|_| next()),
                ),
            };
            let z = ROOT_AT[round % ROWS];
            let mut dual = a;
            base_mul_dual(&mut dual, &b, z);
            base_mul(&mut a, &b, z);
            assert_eq!(a, dual, "round {round}");
        }
    }

    /// The forward transform gives the residues named by `ROOT_AT`, against a
    /// direct evaluation of the low rows (whatever the high rows held), and the
    /// inverse gives back 90 times the input.
    #[test]
    fn transform_matches_definition() {
        let mut rows = [[0i16; LANES]; ROWS];
        for (i, x) in rows.as_flattened_mut().iter_mut().enumerate() {
            *x = ((i * 37 + 11) % Q as usize) as i16 - 2295;
        }
        let mut orig = rows;
        orig[HALF..].fill([0; LANES]);
        ntt(&mut rows);
        let q = Q as i64;
        for (row, &z) in rows.iter().zip(&ROOT_AT) {
            let j = POW.iter().position(|&w| w == z).unwrap() as u64;
            for t in 0..LANES {
                let want: i64 = (0..ROWS)
                    .map(|s| orig[s][t] as i64 * pow_mod(OMEGA, j * s as u64) as i64)
                    .sum();
                assert!((row[t] as i32).abs() <= Q);
                assert_eq!((row[t] as i64 - want).rem_euclid(q), 0);
            }
        }
        inv_ntt(&mut rows);
        for (x, o) in rows.as_flattened().iter().zip(orig.as_flattened()) {
            assert_eq!((*x as i64 - 90 * *o as i64).rem_euclid(q), 0);
        }
    }
}
