//! `Karatsuba<THRESHOLD>`: recursive Karatsuba over the integers, schoolbook below the
//! threshold, one reduction at the end.

use super::super::{RqPoly, SmallPoly, P};
use super::common::{fold_product, RqMul};
use zeroize::Zeroize;

/// Work words the recursion needs for an operand of `n` coefficients with the
/// threshold `t`: the two half sums and their product, then the deeper levels.
const fn work_words(n: usize, t: usize) -> usize {
    if n <= t || n < 2 {
        0
    } else {
        let hh = n - n / 2;
        2 * hh + (2 * hh - 1) + work_words(hh, t)
    }
}

/// Recursion work space for any threshold (sized for threshold 1, the deepest).
const WORK: usize = work_words(P, 1);

/// Karatsuba multiplication: the operands are split in halves recursively until
/// they have at most `THRESHOLD` coefficients, where schoolbook takes over. The
/// arithmetic is in 32-bit integers modulo 2^32 (wrapping): Karatsuba's identities
/// hold modulo 2^32 and every coefficient of the true integer product is below
/// 2^22 in absolute value, so the result is exact whatever the depth, even where
/// deep intermediate sums would exceed 2^31. The 2p - 1 coefficient product is
/// reduced modulo x^p - x - 1 and q once. Split points depend only on lengths.
#[derive(Clone, Copy, Debug, Default)]
pub struct Karatsuba<const THRESHOLD: usize = 32>;

/// [`Karatsuba`]'s work space: the full product and the recursion's buffers (the
/// half sums and their products). The operands are read in place.
pub struct KaratsubaScratch {
    c: [i32; 2 * P - 1],
    work: [i32; WORK],
}

impl KaratsubaScratch {
    /// Size in bytes.
    pub const BYTES: usize = core::mem::size_of::<Self>();
}

impl Default for KaratsubaScratch {
    fn default() -> Self {
        Self {
            c: [0; 2 * P - 1],
            work: [0; WORK],
        }
    }
}

impl Zeroize for KaratsubaScratch {
    fn zeroize(&mut self) {
        self.c.zeroize();
        self.work.zeroize();
    }
}

/// `out` (2n - 1 words) = `a` · `b` (n coefficients each) over the integers
/// (modulo 2^32).
fn schoolbook_full<A: Copy + Into<i32>, B: Copy + Into<i32>>(out: &mut [i32], a: &[A], b: &[B]) {
    out.fill(0);
    for (i, &ai) in a.iter().enumerate() {
        let ai: i32 = ai.into();
        for (o, &bj) in out[i..].iter_mut().zip(b) {
            *o = o.wrapping_add(ai.wrapping_mul(bj.into()));
        }
    }
}

/// Karatsuba on operands of any integer width; the half sums are `i32`, so the
/// recursion has two instantiations (the input types and `i32`).
fn karatsuba<A: Copy + Into<i32>, B: Copy + Into<i32>>(
    out: &mut [i32],
    a: &[A],
    b: &[B],
    work: &mut [i32],
    threshold: usize,
) {
    let n = a.len();
    if n <= threshold || n < 2 {
        schoolbook_full(out, a, b);
        return;
    }
    let h = n / 2;
    let hh = n - h;
    let (a0, a1) = a.split_at(h);
    let (b0, b1) = b.split_at(h);
    {
        let (lo, hi) = out.split_at_mut(2 * h);
        karatsuba(&mut lo[..2 * h - 1], a0, b0, work, threshold);
        lo[2 * h - 1] = 0;
        karatsuba(hi, a1, b1, work, threshold);
    }
    let (sa, rest) = work.split_at_mut(hh);
    let (sb, rest) = rest.split_at_mut(hh);
    let (m, rest) = rest.split_at_mut(2 * hh - 1);
    for i in 0..hh {
        sa[i] = a1[i].into();
        sb[i] = b1[i].into();
    }
    for i in 0..h {
        sa[i] = sa[i].wrapping_add(a0[i].into());
        sb[i] = sb[i].wrapping_add(b0[i].into());
    }
    karatsuba::<i32, i32>(m, sa, sb, rest, threshold);
    for i in 0..2 * h - 1 {
        m[i] = m[i].wrapping_sub(out[i]);
    }
    for i in 0..2 * hh - 1 {
        m[i] = m[i].wrapping_sub(out[2 * h + i]);
    }
    for i in 0..2 * hh - 1 {
        out[h + i] = out[h + i].wrapping_add(m[i]);
    }
}

impl<const THRESHOLD: usize> crate::sealed::Sealed for Karatsuba<THRESHOLD> {}

impl<const THRESHOLD: usize> RqMul for Karatsuba<THRESHOLD> {
    type Scratch = KaratsubaScratch;
    const NAME: &'static str = "karatsuba";

    fn mul_small(out: &mut RqPoly, a: &RqPoly, b: &SmallPoly, s: &mut KaratsubaScratch) {
        karatsuba(&mut s.c, &a[..], &b[..], &mut s.work, THRESHOLD);
        fold_product(out, &s.c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scratch_zeroizes() {
        let mut s = KaratsubaScratch::default();
        Karatsuba::<8>::mul_small(&mut [0; P], &[1234; P], &[1; P], &mut s);
        assert!(s.c.iter().chain(&s.work).any(|&x| x != 0));
        s.zeroize();
        assert!(s.c.iter().chain(&s.work).all(|&x| x == 0));
    }
}
