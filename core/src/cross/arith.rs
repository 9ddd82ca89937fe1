//! Arithmetic of F_p, F_z and the restricted objects (CROSS v2.2, reference
//! `fp_arith.h`, `restr_arith.h`), canonical and constant-time: reductions fold
//! with the moduli's shapes (127 = 2^7 - 1, 509 = 2^9 - 3, 7 = 2^3 - 1) and finish
//! with a masked subtraction, using 32-bit operations only (no division, no long
//! multiply, no table indexed by a secret).

use super::params::CrossParams;

/// `x mod (2^B - C)` for any `x: u32`, by `FOLDS` folds `x = (x mod 2^B) + C (x >> B)`
/// and one masked subtraction.
#[inline(always)]
fn fold_reduce<const B: u32, const C: u32, const FOLDS: usize>(mut x: u32) -> u32 {
    let q = (1u32 << B) - C;
    let mut i = 0;
    while i < FOLDS {
        x = (x & ((1 << B) - 1)) + C * (x >> B);
        i += 1;
    }
    // Now x < 2q: subtract q when x >= q.
    crate::ct::select_u32(crate::ct::lt_mask_u32(x, q), x, x.wrapping_sub(q))
}

/// `x mod p` for the prime p of `P` (127 or 509), any `x: u32`.
#[inline(always)]
pub fn reduce_p<P: CrossParams>(x: u32) -> u16 {
    if P::RSDPG {
        fold_reduce::<9, 3, 6>(x) as u16
    } else {
        fold_reduce::<7, 1, 6>(x) as u16
    }
}

/// `x mod z` for the prime z of `P` (7 or 127), any `x: u32`.
#[inline(always)]
pub fn reduce_z<P: CrossParams>(x: u32) -> u8 {
    if P::RSDPG {
        fold_reduce::<7, 1, 6>(x) as u8
    } else {
        fold_reduce::<3, 1, 12>(x) as u8
    }
}

/// `RESTR_TO_VAL`: g^x in F_p for an exponent x in [0, z), by a square-and-multiply
/// over the bits of x with masked factors (no secret index or branch).
#[inline(always)]
pub fn restr_to_val<P: CrossParams>(x: u8) -> u16 {
    let bits = P::BITS_Z as u32;
    let mut acc: u32 = 1;
    let mut g_pow: u32 = P::G as u32;
    for b in 0..bits {
        let bit = ((x as u32) >> b) & 1;
        let factor = crate::ct::select_u32(bit.wrapping_neg(), g_pow, 1);
        acc = reduce_p::<P>(acc * factor) as u32;
        g_pow = reduce_p::<P>(g_pow * g_pow) as u32;
    }
    acc as u16
}

/// a - b in F_z, for a, b in [0, z).
#[inline(always)]
pub fn fz_sub<P: CrossParams>(a: u8, b: u8) -> u8 {
    reduce_z::<P>(a as u32 + P::Z as u32 - b as u32)
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
    reduce_p::<P>(u_prime as u32 + chall_1 as u32 * restr_to_val::<P>(e_prime) as u32)
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
