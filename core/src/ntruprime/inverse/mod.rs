//! Constant-time inversion in R/3 and R/q: the round-3 reference's divstep loop
//! (Bernstein–Yang "safegcd"), 2p - 1 iterations whose work depends only on the
//! iteration counter, every swap and elimination done with masks.
//!
//! - [`r3`]: `R3_recip`, bitsliced (32 coefficients per word, two bit planes).
//! - [`rq`]: `Rq_recip3`, on `i16` coefficients with public bounds on the live
//!   coefficients and Montgomery reductions.
//!
//! Both give the reference's outputs and return flags; the tests below compare them
//! with the reference's loops (`reference.rs`, test only). The working polynomials
//! live in each function's frame and are zeroized before it returns.

pub mod r3;
#[cfg(test)]
mod reference;
pub mod rq;

pub use r3::r3_recip;
pub use rq::rq_recip3;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ntruprime::arith::{f3_freeze, fq_freeze};
    use crate::ntruprime::{SmallPoly, P};

    /// Reference product in Z[x]/(x^p - x - 1), coefficients as i64.
    fn product(a: &[i64], b: &[i64]) -> std::vec::Vec<i64> {
        let mut c = std::vec![0i64; 2 * P - 1];
        for i in 0..P {
            for j in 0..P {
                c[i + j] += a[i] * b[j];
            }
        }
        for i in (P..2 * P - 1).rev() {
            c[i - P] += c[i];
            c[i - P + 1] += c[i];
        }
        c.truncate(P);
        c
    }

    fn next(seed: &mut u64) -> u64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *seed >> 33
    }

    /// A random small polynomial with about `density` / 8 of its coefficients nonzero.
    fn small(seed: &mut u64, density: u64) -> SmallPoly {
        core::array::from_fn(|_| {
            let x = next(seed);
            if x % 8 < density {
                if x & 8 == 0 {
                    1
                } else {
                    -1
                }
            } else {
                0
            }
        })
    }

    /// A factor of x^p - x - 1 over F_3 (which factors into degrees 19, 60 and 682),
    /// lowest degree first.
    const FACTOR_19: [i8; 20] = [
        -1, -1, 0, -1, -1, -1, 1, -1, 1, -1, 0, -1, 1, 1, 1, 1, -1, 0, 1, 1,
    ];

    /// Inputs: random dense and sparse polynomials, multiples of `FACTOR_19` (not
    /// invertible in R/3, invertible in R/q), 0, ±1 and -x^(p-1).
    fn inputs() -> std::vec::Vec<SmallPoly> {
        let mut seed = 7u64;
        let mut all = std::vec::Vec::new();
        for density in [8, 5, 3, 1] {
            for _ in 0..3 {
                all.push(small(&mut seed, density));
            }
        }
        for density in [8, 2] {
            let s = small(&mut seed, density);
            let mut a = [0i8; P];
            for i in 0..P - 19 {
                for (j, &h) in FACTOR_19.iter().enumerate() {
                    a[i + j] = f3_freeze((a[i + j] + s[i] * h) as i32);
                }
            }
            all.push(a);
        }
        let mut unit = [0i8; P];
        all.push(unit);
        unit[0] = 1;
        all.push(unit);
        unit[0] = -1;
        all.push(unit);
        let mut top = [0i8; P];
        top[P - 1] = -1;
        all.push(top);
        all
    }

    #[test]
    fn r3_matches_the_reference_loop() {
        let (mut invertible, mut not) = (0, 0);
        for a in inputs() {
            let (mut want, mut got) = ([0i8; P], [0i8; P]);
            let want_flag = reference::r3_recip(&mut want, &a);
            assert_eq!(r3_recip(&mut got, &a), want_flag);
            if want_flag == 0 {
                invertible += 1;
                assert_eq!(got, want);
            } else {
                not += 1;
            }
        }
        // Both outcomes occur, so the flag is tested both ways.
        assert!(invertible >= 4 && not >= 3, "{invertible} {not}");
    }

    #[test]
    fn rq_matches_the_reference_loop() {
        let mut not = 0;
        for a in inputs() {
            let (mut want, mut got) = ([0i16; P], [0i16; P]);
            let want_flag = reference::rq_recip3(&mut want, &a);
            assert_eq!(rq_recip3(&mut got, &a), want_flag);
            if want_flag == 0 {
                assert_eq!(got, want);
            } else {
                not += 1;
            }
        }
        // x^p - x - 1 is irreducible mod q: only 0 is not invertible.
        assert_eq!(not, 1);
    }

    #[test]
    fn r3_inverse_is_inverse() {
        let mut seed = 3u64;
        let mut found = 0;
        for _ in 0..4 {
            let a = small(&mut seed, 6);
            let mut inv = [0i8; P];
            if r3_recip(&mut inv, &a) == 0 {
                found += 1;
                let a64: std::vec::Vec<i64> = a.iter().map(|&x| x as i64).collect();
                let i64s: std::vec::Vec<i64> = inv.iter().map(|&x| x as i64).collect();
                let c = product(&a64, &i64s);
                for (k, &ck) in c.iter().enumerate() {
                    assert_eq!(f3_freeze(ck as i32), (k == 0) as i8);
                }
            }
        }
        assert!(found > 0);
        let mut inv = [0i8; P];
        assert_eq!(r3_recip(&mut inv, &[0; P]), -1);
    }

    #[test]
    fn rq_inverse_is_inverse() {
        let mut seed = 11u64;
        let a = small(&mut seed, 8);
        let mut inv = [0i16; P];
        assert_eq!(rq_recip3(&mut inv, &a), 0);
        let a64: std::vec::Vec<i64> = a.iter().map(|&x| 3 * x as i64).collect();
        let i64s: std::vec::Vec<i64> = inv.iter().map(|&x| x as i64).collect();
        let c = product(&a64, &i64s);
        for (k, &ck) in c.iter().enumerate() {
            assert_eq!(fq_freeze((ck % 4591) as i32), (k == 0) as i16);
        }
    }
}
