//! Multiplication in R/q = Z_q\[x\]/(x^p - x - 1) as a strategy: the [`RqMul`] trait and
//! its implementations. Every product in NTRU Prime (round 3) has one factor in R/q
//! (frozen coefficients, |a_i| <= (q-1)/2) and one small factor (coefficients in
//! {-1, 0, 1}), so the trait multiplies exactly that. The integer product of such
//! factors reduced modulo x^p - x - 1 has coefficients of absolute value below
//! 3·p·(q-1)/2 < 2^23, so strategies may compute it exactly over the integers and
//! reduce once.
//!
//! Every implementation gives the same result and is constant-time: no branch or
//! memory index depends on coefficient values. Large intermediates live in the
//! strategy's [`RqMul::Scratch`], which the caller owns (no heap, nothing large
//! returned by value).

mod common;
mod good_ntt;
mod karatsuba;
mod mixed_radix_ntt;
mod schoolbook;
mod zq_ntt;

pub use common::{fold_product, NttScratch, RqMul, NTT_LEN};
pub use good_ntt::{GoodNtt, GoodNttScratch};
pub use karatsuba::{Karatsuba, KaratsubaScratch};
pub use mixed_radix_ntt::{MixedRadixNtt, MixedRadixScratch};
pub use schoolbook::Schoolbook;
pub use zq_ntt::{ZqNtt, ZqNttScratch};

// The Cortex-M3-safe long multiplies, for the multiplications' users.
pub use crate::ct::{wide_mul, wide_mul_split};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ntruprime::arith::fq_freeze;
    use crate::ntruprime::{RqPoly, SmallPoly, P};

    fn lcg(state: &mut u64) -> u32 {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*state >> 33) as u32
    }

    /// Naive reference over i64: the full product, then the reduction.
    fn reference(a: &RqPoly, b: &SmallPoly) -> RqPoly {
        let mut c = [0i64; 2 * P - 1];
        for i in 0..P {
            for j in 0..P {
                c[i + j] += a[i] as i64 * b[j] as i64;
            }
        }
        for i in (P..2 * P - 1).rev() {
            c[i - P] += c[i];
            c[i - P + 1] += c[i];
        }
        core::array::from_fn(|k| fq_freeze((c[k] % 4591) as i32))
    }

    fn check<M: RqMul>(a: &RqPoly, b: &SmallPoly, want: &RqPoly) {
        let mut scratch = M::Scratch::default();
        let mut out = [0x5555; P];
        M::mul_small(&mut out, a, b, &mut scratch);
        assert_eq!(&out[..], &want[..], "{}", M::NAME);
        let mut in_place = *a;
        M::mul_small_in_place(&mut in_place, b, &mut scratch);
        assert_eq!(&in_place[..], &want[..], "{} in place", M::NAME);
    }

    #[test]
    fn split_product_equals_native() {
        let mut seed = 5u64;
        let edge = [
            0,
            1,
            -1,
            65535,
            65536,
            -65536,
            -65537,
            i32::MAX,
            i32::MIN,
            7_340_033,
        ];
        for &a in &edge {
            for &b in &edge {
                assert_eq!(wide_mul_split(a, b), a as i64 * b as i64, "{a} {b}");
            }
        }
        for _ in 0..100_000 {
            let a = lcg(&mut seed) as i32 ^ (lcg(&mut seed) << 1) as i32;
            let b = lcg(&mut seed) as i32 ^ (lcg(&mut seed) << 1) as i32;
            assert_eq!(wide_mul_split(a, b), a as i64 * b as i64, "{a} {b}");
        }
    }

    /// Property test: every strategy equals the naive product and `Schoolbook` on random
    /// and extreme inputs.
    #[test]
    fn every_strategy_equals_schoolbook() {
        let mut seed = 42u64;
        let q12 = super::super::Q12 as i16;
        let mut cases: std::vec::Vec<(RqPoly, SmallPoly)> = std::vec::Vec::new();
        for _ in 0..12 {
            let a: RqPoly = core::array::from_fn(|_| (lcg(&mut seed) % 4591) as i16 - q12);
            let b: SmallPoly = core::array::from_fn(|_| (lcg(&mut seed) % 3) as i8 - 1);
            cases.push((a, b));
        }
        cases.push(([q12; P], [1; P]));
        cases.push(([-q12; P], [1; P]));
        cases.push(([q12; P], [-1; P]));
        cases.push(([0; P], [1; P]));
        // Malformed secret keys decode to coefficients 2; products stay exact.
        cases.push(([q12; P], [2; P]));
        cases.push(([-q12; P], [2; P]));
        for (a, b) in &cases {
            let want = reference(a, b);
            check::<Schoolbook>(a, b, &want);
            check::<Karatsuba>(a, b, &want);
            check::<Karatsuba<1>>(a, b, &want);
            check::<Karatsuba<7>>(a, b, &want);
            check::<Karatsuba<96>>(a, b, &want);
            check::<Karatsuba<761>>(a, b, &want);
            check::<GoodNtt>(a, b, &want);
            check::<MixedRadixNtt>(a, b, &want);
            check::<ZqNtt>(a, b, &want);
        }
    }

    fn time<M: RqMul>(a: &RqPoly, b: &SmallPoly) {
        let mut scratch = M::Scratch::default();
        let mut out = [0; P];
        let runs = 200;
        let start = std::time::Instant::now();
        for _ in 0..runs {
            M::mul_small(&mut out, core::hint::black_box(a), b, &mut scratch);
        }
        let per = start.elapsed() / runs;
        std::println!(
            "{:>16}: {per:?} per product, scratch {} B",
            M::NAME,
            core::mem::size_of::<M::Scratch>()
        );
    }

    /// Host timings (run with `--ignored --nocapture`); not a benchmark harness.
    #[test]
    #[ignore]
    fn host_timings() {
        let mut seed = 7u64;
        let a: RqPoly = core::array::from_fn(|_| (lcg(&mut seed) % 4591) as i16 - 2295);
        let b: SmallPoly = core::array::from_fn(|_| (lcg(&mut seed) % 3) as i8 - 1);
        time::<Schoolbook>(&a, &b);
        time::<Karatsuba<8>>(&a, &b);
        time::<Karatsuba<16>>(&a, &b);
        time::<Karatsuba<32>>(&a, &b);
        time::<Karatsuba<64>>(&a, &b);
        time::<Karatsuba<128>>(&a, &b);
        time::<GoodNtt>(&a, &b);
        time::<MixedRadixNtt>(&a, &b);
        time::<ZqNtt>(&a, &b);
    }
}
