//! Constant-time sorting of `u32` words (djbsort's portable sorting network, as the
//! round-3 reference's `crypto_sort_uint32`), and `Short_fromlist`.
//!
//! The sequence of compare-exchange positions depends only on the length; each
//! compare-exchange is branch-free.

use super::SmallPoly;
use crate::ct::minmax_u32;

/// Sorts `x` in place, ascending, with a fixed sequence of compare-exchanges (each
/// puts the smaller word first, without branches).
pub fn sort_u32(x: &mut [u32]) {
    let n = x.len();
    if n < 2 {
        return;
    }
    let mut top = 1;
    while top < n - top {
        top += top;
    }
    let mut p = top;
    while p > 0 {
        // Every i with bit p clear against i + p: the halves of each 2p-word block.
        for block in x.chunks_mut(2 * p) {
            if block.len() > p {
                let (lo, hi) = block.split_at_mut(p);
                for (a, b) in lo.iter_mut().zip(hi.iter_mut()) {
                    (*a, *b) = minmax_u32(*a, *b);
                }
            }
        }
        // Then i + p against i + r for r = q, q/2, ..., 2p, in that order; word i + p
        // stays in a register along the chain.
        let mut i = 0;
        let mut q = top;
        while q > p {
            while i < n - q {
                if i & p == 0 {
                    // One bounds check for the chain: every r below is at most q.
                    let chain = &mut x[i..=i + q];
                    let mut low = chain[p];
                    let mut r = q;
                    while r > p {
                        (low, chain[r]) = minmax_u32(low, chain[r]);
                        r >>= 1;
                    }
                    chain[p] = low;
                }
                i += 1;
            }
            q >>= 1;
        }
        p >>= 1;
    }
}

/// `Short_fromlist`: the small polynomial of weight `w` determined by the words in
/// `list` (p of them), which is used as the sort buffer and left holding sorted,
/// masked words. The first `w` words become ±1 and the rest 0 (in their two low
/// bits), and the sort moves them to the positions their high bits select.
pub fn short_from_list(out: &mut SmallPoly, list: &mut [u32], w: usize) {
    for (i, l) in list.iter_mut().enumerate() {
        *l = if i < w { *l & !1 } else { (*l & !3) | 1 };
    }
    sort_u32(list);
    for (o, &l) in out.iter_mut().zip(list.iter()) {
        *o = (l & 3) as i8 - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_std() {
        let mut state = 9u64;
        for n in [0usize, 1, 2, 3, 5, 8, 13, 64, 100, 255, 256, 257, 761, 1000] {
            for _ in 0..4 {
                let mut v: std::vec::Vec<u32> = (0..n)
                    .map(|_| {
                        state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                        let x = (state >> 32) as u32;
                        if n % 2 == 0 {
                            x
                        } else {
                            x % 7
                        }
                    })
                    .collect();
                let mut want = v.clone();
                want.sort_unstable();
                sort_u32(&mut v);
                assert_eq!(v, want, "n = {n}");
            }
        }
    }
}
