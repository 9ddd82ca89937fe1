//! Constant-time helpers on machine words: masks, selects and comparisons with no
//! data-dependent branch, index or division.

/// All ones when `x` is negative, zero otherwise.
#[inline(always)]
pub const fn neg_mask(x: i32) -> i32 {
    x >> 31
}

/// All ones (`u32::MAX`) when `a != b`, zero otherwise.
#[inline(always)]
pub const fn ne_mask_u32(a: u32, b: u32) -> u32 {
    let d = a ^ b;
    // The top bit of d | -d is set exactly when d != 0.
    ((d | d.wrapping_neg()) >> 31).wrapping_neg()
}

/// All ones when `a == b`, zero otherwise.
#[inline(always)]
pub const fn eq_mask_u32(a: u32, b: u32) -> u32 {
    !ne_mask_u32(a, b)
}

/// 1 when `a != b`, 0 otherwise.
#[inline(always)]
pub const fn ne_bit(a: u32, b: u32) -> u32 {
    ne_mask_u32(a, b) & 1
}

/// 1 when `a < b` (unsigned), 0 otherwise, computed without a comparison branch.
#[inline(always)]
pub const fn lt_bit_u32(a: u32, b: u32) -> u32 {
    // Borrow out of a - b, evaluated in 64 bits.
    (((a as u64).wrapping_sub(b as u64)) >> 63) as u32
}

/// `a` when `mask` is all ones, `b` when it is zero.
#[inline(always)]
pub const fn select_i32(mask: i32, a: i32, b: i32) -> i32 {
    b ^ (mask & (a ^ b))
}

/// Compares two byte strings of equal length in constant time; `false` when the
/// lengths differ (lengths are public).
pub fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut acc = 0u8;
    for (x, y) in a.iter().zip(b) {
        acc |= x ^ y;
    }
    ne_bit(acc as u32, 0) == 0
}

/// a · b as a 64-bit integer, in constant time on every target. On targets whose 32 × 32 → 64-bit multiplies take
/// data-dependent time (the Cortex-M3, flagged by `core/build.rs`) it is formed from
/// four 16 × 16-bit partial products with 32-bit MULs ([`wide_mul_split`]);
/// elsewhere it is the native product.
#[inline(always)]
pub fn wide_mul(a: i32, b: i32) -> i64 {
    #[cfg(pqfit_variable_time_long_multiply)]
    {
        wide_mul_split(a, b)
    }
    #[cfg(not(pqfit_variable_time_long_multiply))]
    {
        a as i64 * b as i64
    }
}

/// [`wide_mul`] without a long multiply. LLVM recognises the recombination as a
/// 64-bit product and would emit SMULL again; the `black_box` barriers stop that.
#[inline(always)]
pub fn wide_mul_split(a: i32, b: i32) -> i64 {
    use core::hint::black_box;
    let (ah, al) = (a >> 16, a & 0xffff);
    let (bh, bl) = (b >> 16, b & 0xffff);
    let hh = black_box(ah.wrapping_mul(bh)) as i64;
    let hl = black_box(ah.wrapping_mul(bl)) as i64;
    let lh = black_box(al.wrapping_mul(bh)) as i64;
    let ll = black_box((al as u32).wrapping_mul(bl as u32)) as i64;
    (hh << 32) + ((hl + lh) << 16) + ll
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_and_selects() {
        assert_eq!(neg_mask(-5), -1);
        assert_eq!(neg_mask(0), 0);
        assert_eq!(ne_mask_u32(3, 3), 0);
        assert_eq!(ne_mask_u32(3, 4), u32::MAX);
        assert_eq!(ne_mask_u32(0, 0x8000_0000), u32::MAX);
        assert_eq!(eq_mask_u32(7, 7), u32::MAX);
        assert_eq!(lt_bit_u32(1, 2), 1);
        assert_eq!(lt_bit_u32(2, 2), 0);
        assert_eq!(lt_bit_u32(u32::MAX, 0), 0);
        assert_eq!(lt_bit_u32(0, u32::MAX), 1);
        assert_eq!(select_i32(-1, 10, 20), 10);
        assert_eq!(select_i32(0, 10, 20), 20);
        assert!(bytes_eq(b"abc", b"abc"));
        assert!(!bytes_eq(b"abc", b"abd"));
        assert!(!bytes_eq(b"abc", b"ab"));
    }
}
