//! The NTT's coefficient pairs: the transforms of [`super::ntt`] work on words of two
//! neighbouring coefficients (2w, 2w + 1), which every layer down to length 2 moves
//! together with one twiddle. [`Lanes`] is such a pair; two representations:
//!
//! - `u32`, two signed 16-bit lanes in one register (the Cortex-M4's DSP
//!   instructions, [`crate::dsp`]): a butterfly's sum and difference are one SADD16
//!   and one SSUB16, a twiddle product two SMULxB and two Montgomery steps of two
//!   single-cycle multiplies each, and a word is one load and one store;
//! - `[i16; 2]`, one coefficient per register (every other core, where the lane
//!   instructions have no single-instruction form).
//!
//! Both compute the same representatives (the tests compare them). Nothing here
//! branches on or indexes by a coefficient.

use super::field::{barrett_reduce, fqmul, Q, QINV};
use super::N;
use crate::dsp;

/// A pair of coefficients (2w, 2w + 1) with the NTT's butterfly operations.
pub(crate) trait Lanes: Copy {
    /// Coefficients 2w and 2w + 1 of `f`.
    fn load(f: &[i16; N], w: usize) -> Self;
    /// Writes coefficients 2w and 2w + 1 of `f`.
    fn store(self, f: &mut [i16; N], w: usize);
    /// Lane-wise sum (the caller keeps each lane within `i16`).
    fn add(self, other: Self) -> Self;
    /// Lane-wise difference (the caller keeps each lane within `i16`).
    fn sub(self, other: Self) -> Self;
    /// Each lane times `z` times R^-1 (Montgomery), in (-q, q), for |lane · z| <
    /// q · 2^15.
    fn mul(self, z: i16) -> Self;
    /// Each lane Barrett-reduced into [-(q-1)/2, (q-1)/2].
    fn reduce(self) -> Self;
}

impl Lanes for [i16; 2] {
    #[inline(always)]
    fn load(f: &[i16; N], w: usize) -> Self {
        [f[2 * w], f[2 * w + 1]]
    }

    #[inline(always)]
    fn store(self, f: &mut [i16; N], w: usize) {
        f[2 * w] = self[0];
        f[2 * w + 1] = self[1];
    }

    #[inline(always)]
    fn add(self, o: Self) -> Self {
        [self[0] + o[0], self[1] + o[1]]
    }

    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        [self[0] - o[0], self[1] - o[1]]
    }

    #[inline(always)]
    fn mul(self, z: i16) -> Self {
        [fqmul(self[0], z), fqmul(self[1], z)]
    }

    #[inline(always)]
    fn reduce(self) -> Self {
        [barrett_reduce(self[0]), barrett_reduce(self[1])]
    }
}

/// q^-1 mod 2^16 in the low lane, -q in the high one: the two constants of a
/// Montgomery step in one register.
const MONT: u32 = (QINV as u16 as u32) | ((Q.wrapping_neg() as u16 as u32) << 16);

/// round(2^26 / q), the Barrett constant of [`barrett_reduce`].
const BARRETT_V: u32 = (((1i32 << 26) + Q as i32 / 2) / Q as i32) as u32;

/// The Montgomery step of [`super::field::montgomery_reduce`] with the result in the
/// high lane: the low lane of x - m·q is zero for m = x · q^-1 mod 2^16.
#[inline(always)]
pub(super) fn reduce_high(x: i32) -> u32 {
    let m = dsp::smulbb(x as u32, MONT);
    dsp::smlabt(m as u32, MONT, x) as u32
}

/// The Barrett quotient round(v · x / 2^26) of one lane's product `vx` = v · x.
#[inline(always)]
fn barrett_quotient(vx: i32) -> i32 {
    (vx + (1 << 25)) >> 26
}

impl Lanes for u32 {
    #[inline(always)]
    fn load(f: &[i16; N], w: usize) -> Self {
        dsp::pack(f[2 * w], f[2 * w + 1])
    }

    #[inline(always)]
    fn store(self, f: &mut [i16; N], w: usize) {
        f[2 * w] = dsp::lo(self);
        f[2 * w + 1] = dsp::hi(self);
    }

    #[inline(always)]
    fn add(self, o: Self) -> Self {
        dsp::sadd16(self, o)
    }

    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        dsp::ssub16(self, o)
    }

    #[inline(always)]
    fn mul(self, z: i16) -> Self {
        let z = z as u16 as u32;
        dsp::pkhtb(
            reduce_high(dsp::smultb(self, z)),
            reduce_high(dsp::smulbb(self, z)),
        )
    }

    #[inline(always)]
    fn reduce(self) -> Self {
        // Each lane's quotient t (|t| ≤ 8 for |x| < 8q), then x - t·q lane-wise: t·q fits a
        // lane.
        let t_lo = barrett_quotient(dsp::smulbb(self, BARRETT_V));
        let t_hi = barrett_quotient(dsp::smultb(self, BARRETT_V));
        let tq = dsp::pack((t_lo * Q as i32) as i16, (t_hi * Q as i32) as i16);
        dsp::ssub16(self, tq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_representations_agree() {
        let mut seed = 5u32;
        let mut next = |bound: i32| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            ((seed >> 8) as i32 % (2 * bound - 1) - (bound - 1)) as i16
        };
        let mut f = [0i16; N];
        for _ in 0..20_000 {
            let (a, b, z) = (next(8 * 3329), next(8 * 3329), next(1665));
            let x = dsp::pack(a, b);
            let y = [a, b];
            let same = |p: u32, s: [i16; 2]| assert_eq!((dsp::lo(p), dsp::hi(p)), (s[0], s[1]));
            same(x.mul(z), y.mul(z));
            same(x.reduce(), y.reduce());
            let (c, d) = (next(4 * 3329), next(4 * 3329));
            same(
                dsp::pack(a / 2, b / 2).add(dsp::pack(c, d)),
                [a / 2, b / 2].add([c, d]),
            );
            same(
                dsp::pack(a / 2, b / 2).sub(dsp::pack(c, d)),
                [a / 2, b / 2].sub([c, d]),
            );
            x.store(&mut f, 3);
            assert_eq!(<[i16; 2]>::load(&f, 3), y);
            assert_eq!(u32::load(&f, 3), x);
        }
    }
}
