//! Two lanes to a word, for the Cortex-M4's DSP instructions: a butterfly adds and
//! subtracts two lanes in one SADD16/SSUB16, a twiddle product is two SMULxy and two
//! Montgomery steps of two single-cycle multiplies each, and the residue product's
//! inner products are dual SMLAD multiply-accumulates. A row is 9 words (lanes 2k,
//! 2k + 1 in word k; the high lane of the last word is zero). Off the M4 the same code
//! runs on `dsp`'s portable equivalents, which the tests compare with one lane to a
//! word.

use super::word::{mont_reduce, Word, LANES, QINV, TWIDDLE_OFFSET};
use crate::dsp;
use crate::ntruprime::Q;

/// Words of two lanes in a row.
const PAIRS: usize = LANES.div_ceil(2);

/// q^-1 mod 2^16 in the low lane, -q in the high one: the two constants of a
/// Montgomery step in one register.
const MONT: u32 = (QINV as u16 as u32) | ((Q as i16).wrapping_neg() as u16 as u32) << 16;

/// The Montgomery step of [`mont_reduce`] with the result in the high lane: the
/// low lane of x - m·q is zero for m = x · q^-1 mod 2^16.
#[inline(always)]
fn reduce_high(x: i32) -> u32 {
    let m = dsp::smulbb(x as u32, MONT);
    dsp::smlabt(m as u32, MONT, x) as u32
}

/// The two lanes' products (low, high), reduced and packed.
#[inline(always)]
fn reduce_pair(lo: i32, hi: i32) -> u32 {
    dsp::pkhtb(reduce_high(hi), reduce_high(lo))
}

/// `z` in the low lane, for the SMULxB and SMLAxB forms.
#[inline(always)]
fn low_lane(z: i16) -> u32 {
    z as u16 as u32
}

/// Both lanes' Montgomery products by `z` (the scalar [`mul`](super::word::mul) in
/// each lane).
#[inline(always)]
fn scale(x: u32, z: i16) -> u32 {
    let z = low_lane(z);
    reduce_pair(dsp::smulbb(x, z), dsp::smultb(x, z))
}

/// The last word of a row: one lane and the zero spare lane.
const LAST: usize = PAIRS - 1;

impl Word for u32 {
    type Row = [u32; PAIRS];
    const ZERO: Self::Row = [0; PAIRS];
    const WORDS: usize = PAIRS;

    #[inline(always)]
    fn word(row: &Self::Row, k: usize) -> Self {
        row[k]
    }

    #[inline(always)]
    fn set_word(row: &mut Self::Row, k: usize, x: Self) {
        row[k] = x;
    }

    #[inline(always)]
    fn row(lanes: &[i16; LANES]) -> Self::Row {
        core::array::from_fn(|k| {
            dsp::pack(lanes[2 * k], lanes.get(2 * k + 1).copied().unwrap_or(0))
        })
    }

    #[cfg(test)]
    fn lanes(row: &Self::Row) -> [i16; LANES] {
        core::array::from_fn(|t| row[t / 2].lane(t % 2))
    }

    const PER_WORD: usize = 2;
    type Stored = u32;

    /// An even row ends in a word with one lane, so the odd row after it is shifted
    /// by one lane: its first lane fills that word, and each later word of the
    /// sequence is the high lane of one of its words and the low lane of the next.
    #[inline(always)]
    fn sequence<'a>(rows: &'a [Self::Row], spare: &'a mut [Self::Row]) -> &'a [u32] {
        let sequence = spare.as_flattened_mut();
        for (two, out) in rows.chunks_exact(2).zip(sequence.chunks_exact_mut(LANES)) {
            let (even, odd) = out.split_at_mut(PAIRS);
            even.copy_from_slice(&two[0]);
            even[LAST] |= two[1][0] << 16;
            for (o, w) in odd.iter_mut().zip(two[1].windows(2)) {
                *o = w[0].next_lane(w[1]);
            }
        }
        &sequence[..rows.len() / 2 * LANES]
    }

    #[inline(always)]
    fn next_lane(self, next: Self) -> Self {
        (self >> 16) | (next << 16)
    }

    #[inline(always)]
    fn lane(self, i: usize) -> i16 {
        (self >> (16 * i)) as i16
    }

    #[inline(always)]
    fn add(self, y: Self) -> Self {
        dsp::sadd16(self, y)
    }

    #[inline(always)]
    fn sub(self, y: Self) -> Self {
        dsp::ssub16(self, y)
    }

    /// [`twiddle_mul`](super::word::twiddle_mul) in each lane: SMULWx leaves t in the
    /// low half of its result, SMLABB makes t·q + c, and PKHTB packs the high halves.
    #[inline(always)]
    fn mul(self, z: u32) -> Self {
        let reduce = |t: i32| dsp::smlabb(t as u32, Q as u32, TWIDDLE_OFFSET);
        dsp::pkhtb(
            reduce(dsp::smulwt(z, self)) as u32,
            reduce(dsp::smulwb(z, self)) as u32,
        )
    }

    #[inline(always)]
    fn mul_add(self, c: i16, y: Self, d: i16) -> Self {
        let (c, d) = (low_lane(c), low_lane(d));
        let lo = dsp::smlabb(y, d, dsp::smulbb(self, c));
        let hi = dsp::smlatb(y, d, dsp::smultb(self, c));
        reduce_pair(lo, hi)
    }

    /// Each inner product is 9 dual multiply-accumulates. Output t reads the window
    /// w of [`wrapped_window`](super::word::wrapped_window) from index 16 - t, even or
    /// odd, so it is packed both ways: `even[j]` = (w\[2j\], w\[2j+1\]) and `odd[j]` =
    /// (w\[2j+1\], w\[2j+2\]). The zero high lane of `a`'s last word cancels the
    /// window's lane past the 17th.
    #[inline(always)]
    fn residue_product(a: &mut Self::Row, b: &Self::Row, z: i16) {
        // w read backwards is u = (0, z·b_1, ..., z·b_16, b_0, ..., b_16), and u
        // packs from b's words: w[m] = u_(33-m).
        let zb = b.map(|x| scale(x, z));
        let mut u = [0; LANES];
        u[..LAST].copy_from_slice(&zb[..LAST]);
        u[0] &= 0xffff_0000;
        // zb's last high lane is b's zero spare lane.
        u[LAST] = zb[LAST] | b[0] << 16;
        for (x, w) in u[PAIRS..].iter_mut().zip(b.windows(2)) {
            *x = w[0].next_lane(w[1]);
        }
        let top = LANES - 1;
        let even: [u32; LANES] = core::array::from_fn(|j| u[top - j].rotate_right(16));
        let odd: [u32; LANES - 1] =
            core::array::from_fn(|j| (u[top - j] & 0xffff) | (u[top - 1 - j] & 0xffff_0000));
        // Outputs 16 - 2j and 14 - 2j read the windows from words j and j + 1 of
        // `even` (15 - 2j and 13 - 2j: of `odd`), so one pass over a's words computes
        // both, loading each window word once.
        let dots = |packed: &[u32], j: usize| {
            let (mut first, mut second) = (0, 0);
            for (&u, w) in a.iter().zip(packed[j..j + PAIRS + 1].windows(2)) {
                first = dsp::smlad(u, w[0], first);
                second = dsp::smlad(u, w[1], second);
            }
            (mont_reduce(first) as i16, mont_reduce(second) as i16)
        };
        let mut out = [0; LANES];
        for j in (0..PAIRS - 1).step_by(2) {
            (out[16 - 2 * j], out[14 - 2 * j]) = dots(&even, j);
            (out[15 - 2 * j], out[13 - 2 * j]) = dots(&odd, j);
        }
        let last = a.iter().zip(&even[LAST..]);
        out[0] = mont_reduce(last.fold(0, |acc, (&u, &v)| dsp::smlad(u, v, acc))) as i16;
        *a = Self::row(&out);
    }
}
