//! What the transform computes on: a word of one lane (an `i32` in registers, an `i16`
//! in the row: the targets without DSP instructions) or of two (`u32`, the M4's DSP
//! instructions, in [`super::pairs`]). The transform is written once over [`Word`]; a
//! row of 17 lanes is 17 one-lane words or 9 two-lane words.

use crate::modarith;
use crate::ntruprime::Q;
use zeroize::Zeroize;

/// Coefficients per row: the degree of the moduli x^17 - ω^j.
pub(super) const LANES: usize = 17;
/// q^-1 mod 2^16.
pub(super) const QINV: i16 = modarith::inv_mod_2_32(Q as u32) as i16;

/// x · 2^-16 mod q, of absolute value at most q for |x| <= 2^15 · q.
#[inline(always)]
pub(super) fn mont_reduce(x: i32) -> i32 {
    let m = (x as i16).wrapping_mul(QINV) as i32;
    (x - m * Q) >> 16
}

/// x · z mod q for `z` in Montgomery form (|z| <= (q-1)/2), of absolute value at
/// most q for |x| < 2^16.
#[inline(always)]
pub(super) fn mul(x: i32, z: i16) -> i32 {
    mont_reduce(x * z as i32)
}

/// The twiddle of ω^e for [`twiddle_mul`]: b · q^-1 mod 2^32 for the centred b ≡
/// -w · 2^32 (mod q), `w` = ω^e mod q.
pub(super) const fn twiddle(w: u64) -> u32 {
    let q = Q as u64;
    let b = modarith::centre(((q - w % q) << 32) as i64 % Q as i64, Q as i64);
    (b as i32 as u32).wrapping_mul(modarith::inv_mod_2_32(Q as u32))
}

/// [`twiddle`]'s offset: any c with c / 2^16 in [0.09, 0.98) makes the floor below
/// exact; 4q / 2^16 = 0.28.
pub(super) const TWIDDLE_OFFSET: i32 = 4 * Q;

/// x · w mod q for `z` = [`twiddle`]\(w\), Plantard's reduction: one 32-bit product
/// and one 16 × 16, within (q-1)/2 for every `i16` x.
///
/// With P = x z mod 2^32 (signed), Pq ≡ x b (mod 2^32), so m = (Pq - xb) / 2^32 is an
/// integer ≡ x w (mod q), within (q-1)/2 as |P| <= 2^31 and |xb| < 2^32 / 57.
/// t = ⌊P / 2^16⌋ gives ⌊(tq + c) / 2^16⌋ = ⌊m + xb/2^32 - (P mod 2^16) q / 2^32 +
/// c/2^16⌋, and the three fractions sum to within [0, 1): the result is m.
#[inline(always)]
pub(super) fn twiddle_mul(x: i32, z: u32) -> i32 {
    let t = (x as u32).wrapping_mul(z) as i32 >> 16;
    (t * Q + TWIDDLE_OFFSET) >> 16
}

/// Lane-wise arithmetic modulo q on one or more 16-bit lanes. Every lane is an
/// `i16`: the callers keep sums within 2^15 (the transform's bounds are in its
/// stages' docs), and every product is reduced by a Montgomery step.
pub(super) trait Word: Copy {
    /// A row of [`LANES`] lanes in words of this kind (a lane left over is zero).
    type Row: Copy + Zeroize;
    /// The row of zeros (a constant, so that a work space of rows is zeroed in place).
    const ZERO: Self::Row;
    /// Words in a row.
    const WORDS: usize;

    /// Word `k` of `row`.
    fn word(row: &Self::Row, k: usize) -> Self;
    /// Sets word `k` of `row` to `x`.
    fn set_word(row: &mut Self::Row, k: usize, x: Self);

    /// The row holding `lanes`.
    fn row(lanes: &[i16; LANES]) -> Self::Row;
    /// The lanes of `row` (the tests compare the two kinds of word by them).
    #[cfg(test)]
    fn lanes(row: &Self::Row) -> [i16; LANES];

    /// Lanes in a word.
    const PER_WORD: usize;
    /// A word as [`Word::sequence`] stores it.
    type Stored: Copy + Into<Self>;
    /// The lanes of `rows` as one sequence of words, lane 17r + t being lane t of row
    /// r: `rows` itself where a row is a whole number of words, repacked into `spare`
    /// where it is not.
    fn sequence<'a>(rows: &'a [Self::Row], spare: &'a mut [Self::Row]) -> &'a [Self::Stored];
    /// The word one lane further along a sequence, from this word and the next.
    fn next_lane(self, next: Self) -> Self;
    /// Lane `i` of this word.
    fn lane(self, i: usize) -> i16;

    /// `self + y`, lane by lane.
    fn add(self, y: Self) -> Self;
    /// `self - y`, lane by lane.
    fn sub(self, y: Self) -> Self;
    /// `self · w` mod q for `z` = [`twiddle`]\(w\), lane by lane, within (q-1)/2.
    fn mul(self, z: u32) -> Self;
    /// `(self · c + y · d) · 2^-16` mod q, lane by lane, within q: for |self|, |y|
    /// <= 2q and |c|, |d| <= q/2 the sum stays within 2q² < 2^15 q.
    fn mul_add(self, c: i16, y: Self, d: i16) -> Self;

    /// a · b · 2^-16 modulo x^17 - z (`z` in Montgomery form), into `a`. For inputs
    /// within (q-1)/2 (the forward transform's) the wrapped lanes z·b are within
    /// 0.52q, a sum within 17 · 0.26q² < 0.31 · 2^16 q, and the lanes within 0.31q +
    /// q/2 < q.
    fn residue_product(a: &mut Self::Row, b: &Self::Row, z: i16);
}

/// w\[m\] = b'_(16-m) for m < 33 (see [`Word::residue_product`] for `i16`): b
/// reversed, then z·b_16, ..., z·b_1; then zeros up to `N`.
#[inline(always)]
pub(super) fn wrapped_window<const N: usize>(b: &[i16; LANES], z: i16) -> [i16; N] {
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

/// One lane to a word: the targets without DSP instructions. Lanes are computed in
/// 32 bits (no sign extension after each step) and kept in the row as `i16`.
impl Word for i32 {
    type Row = [i16; LANES];
    const ZERO: Self::Row = [0; LANES];
    const WORDS: usize = LANES;

    #[inline(always)]
    fn word(row: &Self::Row, k: usize) -> Self {
        row[k] as i32
    }

    #[inline(always)]
    fn set_word(row: &mut Self::Row, k: usize, x: Self) {
        row[k] = x as i16;
    }

    #[inline(always)]
    fn row(lanes: &[i16; LANES]) -> Self::Row {
        *lanes
    }

    #[cfg(test)]
    fn lanes(row: &Self::Row) -> [i16; LANES] {
        *row
    }

    const PER_WORD: usize = 1;
    type Stored = i16;

    #[inline(always)]
    fn sequence<'a>(rows: &'a [Self::Row], _: &'a mut [Self::Row]) -> &'a [i16] {
        rows.as_flattened()
    }

    #[inline(always)]
    fn next_lane(self, next: Self) -> Self {
        next
    }

    #[inline(always)]
    fn lane(self, _: usize) -> i16 {
        self as i16
    }

    #[inline(always)]
    fn add(self, y: Self) -> Self {
        self + y
    }

    #[inline(always)]
    fn sub(self, y: Self) -> Self {
        self - y
    }

    #[inline(always)]
    fn mul(self, z: u32) -> Self {
        twiddle_mul(self, z)
    }

    #[inline(always)]
    fn mul_add(self, c: i16, y: Self, d: i16) -> Self {
        mont_reduce(self * c as i32 + y * d as i32)
    }

    /// Output t is Σ_u a_u b'_(t-u), where b'_k = b_k for k >= 0 and z·b_(k+17) for
    /// k < 0 (the product's high half wraps around times z): one inner product of
    /// 17 terms against a window of `w`, which holds b' reversed so that both run
    /// forwards. A sum stays below 17 q² < 2^29.
    #[inline(always)]
    fn residue_product(a: &mut Self::Row, b: &Self::Row, z: i16) {
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
}
