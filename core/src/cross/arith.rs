//! Arithmetic of F_p, F_z and the restricted objects (CROSS v2.2, reference
//! `fp_arith.h`, `restr_arith.h`), canonical and constant-time: reductions fold
//! with the moduli's shapes (127 = 2^7 - 1, 509 = 2^9 - 3, 7 = 2^3 - 1) and finish
//! with a masked subtraction, using 32-bit operations only (no division, no long
//! multiply, no table indexed by a secret).

use super::params::CrossParams;

/// How many folds `x = (x mod 2^B) + C (x >> B)` bring every `x <= max` below
/// 2 (2^B - C), where one masked subtraction finishes the reduction. Evaluated at
/// compile time: each reduction below folds exactly as often as its input bound needs.
const fn folds_below(b: u32, c: u32, max: u32) -> usize {
    let q = (1u32 << b) - c;
    let mut bound = max;
    let mut folds = 0;
    while bound >= 2 * q {
        let low = if bound < (1 << b) - 1 {
            bound
        } else {
            (1 << b) - 1
        };
        bound = low + c * (bound >> b);
        folds += 1;
    }
    folds
}

/// `x mod (2^B - C)` by `folds` folds `x = (x mod 2^B) + C (x >> B)` and one masked
/// subtraction; `folds` (a constant at every call) must come from [`folds_below`]
/// for a bound on `x`.
#[inline(always)]
fn fold_reduce<const B: u32, const C: u32>(mut x: u32, folds: usize) -> u32 {
    let q = (1u32 << B) - C;
    let mut i = 0;
    while i < folds {
        x = (x & ((1 << B) - 1)) + C * (x >> B);
        i += 1;
    }
    // Now x < 2q < 2^31: x - q is negative exactly when x < q.
    crate::ct::add_if_negative(x.wrapping_sub(q) as i32, q as i32) as u32
}

/// The folds [`reduce_p_below`] needs for inputs up to `max`.
const fn p_folds<P: CrossParams>(max: u32) -> usize {
    if P::RSDPG {
        folds_below(9, 3, max)
    } else {
        folds_below(7, 1, max)
    }
}

/// `x mod p` with `folds` from [`p_folds`].
#[inline(always)]
fn reduce_p_folds<P: CrossParams>(x: u32, folds: usize) -> u16 {
    if P::RSDPG {
        fold_reduce::<9, 3>(x, folds) as u16
    } else {
        fold_reduce::<7, 1>(x, folds) as u16
    }
}

/// `x mod p` for the prime p of `P` (127 or 509), any `x: u32`.
#[inline(always)]
pub fn reduce_p<P: CrossParams>(x: u32) -> u16 {
    reduce_p_folds::<P>(x, const { p_folds::<P>(u32::MAX) })
}

/// `x mod p` for `x <= p (p - 1)`: a product of two elements of F_p plus a third
/// (two folds for p = 509, one for p = 127, instead of six for any `u32`).
#[inline(always)]
pub fn reduce_p_product<P: CrossParams>(x: u32) -> u16 {
    debug_assert!(x <= P::P as u32 * (P::P as u32 - 1));
    reduce_p_folds::<P>(x, const { p_folds::<P>(P::P as u32 * (P::P as u32 - 1)) })
}

/// `x mod z` for the prime z of `P` (7 or 127), any `x: u32`.
#[inline(always)]
pub fn reduce_z<P: CrossParams>(x: u32) -> u8 {
    if P::RSDPG {
        fold_reduce::<7, 1>(x, const { folds_below(7, 1, u32::MAX) }) as u8
    } else {
        fold_reduce::<3, 1>(x, const { folds_below(3, 1, u32::MAX) }) as u8
    }
}

/// The largest number of bits of an exponent in [0, z) (z = 127).
const MAX_BITS_Z: usize = 7;

/// How [`restr_to_val`] multiplies: g^(2^b) mod p for each bit b of the exponent, and
/// before which factors the running product is reduced so that it stays below 2^32
/// (bounded by the product of the constants multiplied since the last reduction).
struct RestrPlan {
    powers: [u32; MAX_BITS_Z],
    reduce_before: [bool; MAX_BITS_Z],
    /// The bound on the product after the last factor.
    max: u32,
}

const fn restr_plan<P: CrossParams>() -> RestrPlan {
    let p = P::P as u64;
    let mut plan = RestrPlan {
        powers: [1; MAX_BITS_Z],
        reduce_before: [false; MAX_BITS_Z],
        max: 1,
    };
    let mut g_pow = P::G as u64;
    let mut bound = 1u64;
    let mut b = 0;
    while b < P::BITS_Z {
        plan.powers[b] = g_pow as u32;
        if bound * g_pow > u32::MAX as u64 {
            plan.reduce_before[b] = true;
            bound = p - 1;
        }
        bound *= g_pow;
        g_pow = g_pow * g_pow % p;
        b += 1;
    }
    plan.max = bound as u32;
    plan
}

/// `RESTR_TO_VAL`: g^x in F_p for an exponent x in [0, z): the product of the
/// precomputed g^(2^b) over the set bits b of x, each factor 1 + bit (g^(2^b) - 1)
/// (no secret index or branch), reduced only where the product would leave 32 bits
/// (never for p = 127, twice for p = 509).
#[inline(always)]
pub fn restr_to_val<P: CrossParams>(x: u8) -> u16 {
    let plan = const { &restr_plan::<P>() };
    let mut acc: u32 = 1;
    for b in 0..P::BITS_Z {
        if plan.reduce_before[b] {
            acc = reduce_p::<P>(acc) as u32;
        }
        // The barrier keeps LLVM from turning the multiplication by a 0/1 value
        // back into a select (a branch on cores without conditional execution).
        let bit = crate::ct::barrier_u32((x as u32 >> b) & 1);
        acc *= 1 + bit * (plan.powers[b] - 1);
    }
    reduce_p_folds::<P>(acc, const { p_folds::<P>(restr_plan::<P>().max) })
}

/// a - b in F_z, for a, b in [0, z).
#[inline(always)]
pub fn fz_sub<P: CrossParams>(a: u8, b: u8) -> u8 {
    let x = a as u32 + P::Z as u32 - b as u32;
    // x < 2z: the masked subtraction alone, no fold.
    if P::RSDPG {
        fold_reduce::<7, 1>(x, 0) as u8
    } else {
        fold_reduce::<3, 1>(x, 0) as u8
    }
}

/// `fz_inf_w_by_fz_matrix`'s product for one coordinate j < n - m, given the column
/// of W as an iterator: sum_i e_G\[i\] W\[i\]\[j\] mod z.
#[inline(always)]
pub fn fz_dot<P: CrossParams>(e: &[u8], column: impl Iterator<Item = u8>) -> u8 {
    let mut acc: u32 = 0;
    for (a, w) in e.iter().zip(column) {
        acc += *a as u32 * w as u32;
    }
    reduce_z::<P>(acc)
}

/// `fp_vec_by_restr_vec_scaled`: y = u' + chall_1 * g^e' (one coordinate).
#[inline(always)]
pub fn y_coordinate<P: CrossParams>(u_prime: u16, chall_1: u16, e_prime: u8) -> u16 {
    reduce_p_product::<P>(u_prime as u32 + chall_1 as u32 * restr_to_val::<P>(e_prime) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cross::params::{Rsdp1Small, Rsdpg1Small};

    #[test]
    fn reductions_are_exact() {
        let mut x: u32 = 0;
        loop {
            assert_eq!(reduce_p::<Rsdp1Small>(x) as u32, x % 127, "{x}");
            assert_eq!(reduce_p::<Rsdpg1Small>(x) as u32, x % 509, "{x}");
            assert_eq!(reduce_z::<Rsdp1Small>(x) as u32, x % 7, "{x}");
            assert_eq!(reduce_z::<Rsdpg1Small>(x) as u32, x % 127, "{x}");
            if x > u32::MAX - 9973 {
                break;
            }
            // Every value below 2^20, then a sparse walk up to 2^32.
            x += if x < 1 << 20 { 1 } else { 9973 };
        }
        for x in [u32::MAX, u32::MAX - 1, 1 << 31, (1 << 31) - 1] {
            assert_eq!(reduce_p::<Rsdp1Small>(x) as u32, x % 127);
            assert_eq!(reduce_p::<Rsdpg1Small>(x) as u32, x % 509);
            assert_eq!(reduce_z::<Rsdp1Small>(x) as u32, x % 7);
            assert_eq!(reduce_z::<Rsdpg1Small>(x) as u32, x % 127);
        }
    }

    #[test]
    fn product_reductions_are_exact() {
        for x in 0..=127 * 126 {
            assert_eq!(reduce_p_product::<Rsdp1Small>(x) as u32, x % 127, "{x}");
        }
        for x in 0..=509 * 508 {
            assert_eq!(reduce_p_product::<Rsdpg1Small>(x) as u32, x % 509, "{x}");
        }
        // Fewer folds than the fixed 6 (12 for z = 7) used before the bounds were
        // computed; the exhaustive and sparse walks above check them.
        assert_eq!(folds_below(9, 3, u32::MAX), 4);
        assert_eq!(folds_below(7, 1, u32::MAX), 4);
        assert_eq!(folds_below(3, 1, u32::MAX), 10);
        assert_eq!(folds_below(9, 3, 509 * 508), 2);
        assert_eq!(folds_below(7, 1, 127 * 126), 1);
    }

    #[test]
    fn fz_differences_are_exact() {
        for a in 0..7u8 {
            for b in 0..7u8 {
                assert_eq!(fz_sub::<Rsdp1Small>(a, b), (a + 7 - b) % 7);
            }
        }
        for a in 0..127u8 {
            for b in 0..127u8 {
                assert_eq!(fz_sub::<Rsdpg1Small>(a, b), (a + 127 - b) % 127);
            }
        }
    }

    #[test]
    fn restricted_values_are_powers_of_g() {
        let mut v = 1u32;
        for x in 0..7u8 {
            assert_eq!(restr_to_val::<Rsdp1Small>(x) as u32, v);
            v = v * 2 % 127;
        }
        let mut v = 1u32;
        for x in 0..127u8 {
            assert_eq!(restr_to_val::<Rsdpg1Small>(x) as u32, v);
            v = v * 16 % 509;
        }
        // g has order z: g^z = 1.
        assert_eq!(v, 1);
    }
}
