//! Constant-time helpers on machine words: masks, selects and comparisons with no
//! data-dependent branch, index or division, and the declassification markers.
//!
//! Every mask select of pqfit goes through this module. The source alone is not
//! enough: LLVM recognises `x + ((x >> 31) & m)` as "add m when x is negative" and,
//! on cores without conditional execution (the Cortex-M0, RV32), emits a branch for
//! it. Each mask therefore passes a [value barrier](barrier_u32) that hides how it was
//! computed, so that the optimiser has nothing left to turn back into a comparison.
//! What the compiled firmware does is checked on every target by the trace check
//! (`pq-explore ct`, docs/constant-time.md), not by reading this file.
//!
//! The declassification markers ([`declassify_u32`], [`declassify_bool`],
//! [`declassify_bytes`]) are the only places where a value derived from a secret may
//! steer control flow or an address: each call names a value the standard makes
//! public (or one proven independent of the secrets), and the trace check treats the
//! call as the boundary between secret and public. They cost one call each.

// On an architecture without an assembly barrier (other than Arm, AArch64, RISC-V and
// x86) the only barrier left is `core::hint::black_box`, which the standard library
// documents as best effort: the compiler may see through it. Such a build must say
// that it accepts this, with the feature `best-effort-barriers` (pqfit forwards it).
#[cfg(all(
    not(any(
        target_arch = "arm",
        target_arch = "riscv32",
        target_arch = "riscv64",
        target_arch = "x86",
        target_arch = "x86_64",
        target_arch = "aarch64"
    )),
    not(feature = "best-effort-barriers")
))]
compile_error!(
    "pqfit-core has constant-time value barriers only for Arm, AArch64, RISC-V and x86: on \
     this architecture they would fall back to core::hint::black_box, which promises \
     nothing. Enable the feature `best-effort-barriers` (of pqfit or pqfit-core) to accept \
     best-effort barriers, and check the compiled code for secret-dependent branches."
);

/// `x`, with the optimiser unable to see where it came from: an empty assembly block
/// that takes and returns the value in a register (on other architectures, with the
/// feature `best-effort-barriers`, `core::hint::black_box`, which promises nothing).
///
/// Cost: nothing on Arm and RISC-V (no instruction is emitted), apart from the
/// scheduling freedom the compiler loses. `core::hint::black_box` would also do, but
/// it passes the value through the stack (a store and a load each time).
#[inline(always)]
#[allow(unsafe_code)]
pub fn barrier_u32(x: u32) -> u32 {
    // Only for showing what the trace check catches without the barriers
    // (`pq-explore ct --without-value-barriers`); never in a real build.
    #[cfg(pqfit_insecure_no_value_barriers)]
    return x;
    #[cfg_attr(pqfit_insecure_no_value_barriers, allow(unreachable_code))]
    let mut x = x;
    // SAFETY: each template is a comment naming the register: no instruction, no
    // memory access, no stack use, flags preserved. Only the value's provenance is
    // hidden from the optimiser. Not `pure`: a pure block of a two-valued input can be
    // evaluated once per value ahead of a loop and the results chosen by a branch on
    // the input, which LLVM does on the Cortex-M0 (seen in `decompose`).
    #[cfg(any(target_arch = "arm", target_arch = "riscv32", target_arch = "riscv64"))]
    unsafe {
        core::arch::asm!("/* {0} */", inout(reg) x, options(nomem, nostack, preserves_flags));
    }
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    unsafe {
        core::arch::asm!("/* {0:e} */", inout(reg) x, options(nomem, nostack, preserves_flags));
    }
    #[cfg(target_arch = "aarch64")]
    unsafe {
        core::arch::asm!("/* {0:w} */", inout(reg) x, options(nomem, nostack, preserves_flags));
    }
    #[cfg(not(any(
        target_arch = "arm",
        target_arch = "riscv32",
        target_arch = "riscv64",
        target_arch = "x86",
        target_arch = "x86_64",
        target_arch = "aarch64"
    )))]
    {
        x = core::hint::black_box(x);
    }
    x
}

/// [`barrier_u32`] for an `i32`.
#[inline(always)]
pub fn barrier_i32(x: i32) -> i32 {
    barrier_u32(x as u32) as i32
}

/// All ones when `x` is negative, zero otherwise.
///
/// Both the operand and the mask pass a barrier: LLVM rewrites `(c - a) >> 31` as the
/// comparison `a > c` and `(x >> 31) & y` as a select, and lowers either to a branch
/// on the Cortex-M0.
#[inline(always)]
pub fn neg_mask(x: i32) -> i32 {
    barrier_i32(barrier_i32(x) >> 31)
}

/// All ones (`u32::MAX`) when `a != b`, zero otherwise.
#[inline(always)]
pub fn ne_mask_u32(a: u32, b: u32) -> u32 {
    let d = barrier_u32(a ^ b);
    // The top bit of d | -d is set exactly when d != 0 (the negation is hidden too, or
    // LLVM recognises the test d != 0).
    let t = d | barrier_u32(d.wrapping_neg());
    barrier_u32((t >> 31).wrapping_neg())
}

/// All ones when `a == b`, zero otherwise.
#[inline(always)]
pub fn eq_mask_u32(a: u32, b: u32) -> u32 {
    !ne_mask_u32(a, b)
}

/// 1 when `a != b`, 0 otherwise.
#[inline(always)]
pub fn ne_bit(a: u32, b: u32) -> u32 {
    ne_mask_u32(a, b) & 1
}

/// All ones when `a < b` (unsigned), zero otherwise.
///
/// On Arm and RISC-V the mask is the borrow of a - b, taken by two instructions
/// the optimiser cannot see into: SUBS then SBCS of a register from itself (Thumb-1
/// and Thumb-2 alike), or SLTU then NEG on RV32. That is a third of the portable form's
/// cost, and `minmax_u32` is the inner step of NTRU Prime's sorting network.
#[inline(always)]
#[allow(unsafe_code)]
pub fn lt_mask_u32(a: u32, b: u32) -> u32 {
    #[cfg(all(target_arch = "arm", not(pqfit_insecure_no_value_barriers)))]
    {
        let mask: u32;
        // SAFETY: register arithmetic only (the flags are clobbered, which the
        // absence of `preserves_flags` declares); no memory, no stack.
        unsafe {
            core::arch::asm!(
                "subs {m}, {a}, {b}",
                "sbcs {m}, {m}, {m}",
                a = in(reg) a,
                b = in(reg) b,
                m = out(reg) mask,
                options(nomem, nostack),
            );
        }
        mask
    }
    #[cfg(all(target_arch = "riscv32", not(pqfit_insecure_no_value_barriers)))]
    {
        let mask: u32;
        // SAFETY: register arithmetic only; no memory, no stack, no flags on RISC-V.
        // (Not on RV64, where the upper half of a `u32` operand's register is
        // unspecified.)
        unsafe {
            core::arch::asm!(
                "sltu {m}, {a}, {b}",
                "neg {m}, {m}",
                a = in(reg) a,
                b = in(reg) b,
                m = lateout(reg) mask,
                options(nomem, nostack, preserves_flags),
            );
        }
        mask
    }
    #[cfg(not(all(
        any(target_arch = "arm", target_arch = "riscv32"),
        not(pqfit_insecure_no_value_barriers)
    )))]
    {
        // The borrow out of a - b is the top bit of (!a & b) | (!(a ^ b) & (a - b))
        // (Hacker's Delight 2-12), with the difference hidden so that no comparison
        // shows.
        let d = barrier_u32(a.wrapping_sub(b));
        let t = (!a & b) | (!(a ^ b) & d);
        barrier_u32((t >> 31).wrapping_neg())
    }
}

/// All ones when bit `k` of `x` is 1, zero otherwise (`k` < 32). With `k` a
/// constant this is a shift pair, or one SBFX on Thumb-2.
#[inline(always)]
pub fn bit_mask(x: u32, k: u32) -> u32 {
    barrier_u32((((x << (31 - k)) as i32) >> 31) as u32)
}

/// 1 when `a < b` (unsigned), 0 otherwise.
#[inline(always)]
pub fn lt_bit_u32(a: u32, b: u32) -> u32 {
    lt_mask_u32(a, b) & 1
}

/// `a` when `mask` is all ones, `b` when it is zero.
#[inline(always)]
pub fn select_i32(mask: i32, a: i32, b: i32) -> i32 {
    b ^ (barrier_i32(mask) & (a ^ b))
}

/// `a` when `mask` is all ones, `b` when it is zero.
#[inline(always)]
pub fn select_u32(mask: u32, a: u32, b: u32) -> u32 {
    b ^ (barrier_u32(mask) & (a ^ b))
}

/// `x + m` when `x` is negative, `x` otherwise (a representative moved up by one
/// modulus).
#[inline(always)]
pub fn add_if_negative(x: i32, m: i32) -> i32 {
    x + (neg_mask(x) & m)
}

/// `x - m` when `x > bound`, `x` otherwise (for `bound - x` without overflow).
#[inline(always)]
pub fn sub_if_above(x: i32, bound: i32, m: i32) -> i32 {
    x - (neg_mask(bound - x) & m)
}

/// 1 when `x >= 0`, 0 otherwise.
#[inline(always)]
pub fn nonneg_bit(x: i32) -> u32 {
    (neg_mask(x) as u32).wrapping_add(1)
}

/// |x| (for x > i32::MIN).
#[inline(always)]
pub fn abs_i32(x: i32) -> i32 {
    let m = neg_mask(x);
    (x ^ m) - m
}

/// `(min(a, b), max(a, b))` of unsigned words: a compare-exchange of a sorting network.
#[inline(always)]
pub fn minmax_u32(a: u32, b: u32) -> (u32, u32) {
    // All ones when b < a.
    let t = (a ^ b) & lt_mask_u32(b, a);
    (a ^ t, b ^ t)
}

/// Overwrites `dst` with `src` when `mask` is all ones; leaves it when zero. Every
/// byte is read and written either way. The lengths must be equal (they are public).
pub fn copy_if(mask: u32, dst: &mut [u8], src: &[u8]) {
    assert_eq!(dst.len(), src.len(), "copy_if: lengths differ");
    let m = barrier_u32(mask) as u8;
    for (d, &s) in dst.iter_mut().zip(src) {
        *d ^= m & (*d ^ s);
    }
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

/// A value the standard makes public, or one proven independent of the secrets (each
/// call site says which and why; docs/constant-time.md lists them all), from here on
/// allowed to steer branches and addresses. Returns `x`.
///
/// The trace check recognises the call by its symbol, [`DECLASSIFY_U32_SYMBOL`]: in
/// the second run of a pair it substitutes the first run's value, so that both runs
/// follow the same public decisions and any remaining difference of their traces is a
/// leak.
#[inline(always)]
pub fn declassify_u32(x: u32) -> u32 {
    pqfit_ct_declassify_u32(x)
}

/// [`declassify_u32`] for a decision.
#[inline(always)]
pub fn declassify_bool(b: bool) -> bool {
    declassify_u32(b as u32) != 0
}

/// [`declassify_u32`] for a byte string (a public seed, an encoded output): the bytes
/// are unchanged, but from here on they may steer branches and addresses. The marker
/// is [`DECLASSIFY_BYTES_SYMBOL`]`(pointer, length)`.
#[inline(always)]
pub fn declassify_bytes(bytes: &mut [u8]) {
    pqfit_ct_declassify_bytes(bytes.as_mut_ptr(), bytes.len());
}

// The markers are exported C functions so that the optimiser keeps their calls and
// their arguments as the C ABI has them (first argument in r0/a0, second in r1/a1):
// an internal function's constant arguments would be folded into its body (with link-
// time optimisation, a length every call shares is not passed at all). Exported
// symbols are unsafe code only in that their names could clash: these carry the crate
// version, so that two versions of pqfit-core linked into one program (through two
// versions of pqfit) export two distinct symbols instead of colliding.

/// The symbol of the word marker [`pqfit_ct_declassify_u32`]:
/// `pqfit_ct_declassify_u32_v` and this crate's version, e.g.
/// `pqfit_ct_declassify_u32_v0.1.0`. Tools that find the marker in an image (the
/// trace check) look this name up.
pub const DECLASSIFY_U32_SYMBOL: &str =
    concat!("pqfit_ct_declassify_u32_v", env!("CARGO_PKG_VERSION"));

/// The symbol of the byte-string marker [`pqfit_ct_declassify_bytes`], versioned as
/// [`DECLASSIFY_U32_SYMBOL`].
pub const DECLASSIFY_BYTES_SYMBOL: &str =
    concat!("pqfit_ct_declassify_bytes_v", env!("CARGO_PKG_VERSION"));

/// The word marker (see [`declassify_u32`]), exported as [`DECLASSIFY_U32_SYMBOL`].
#[allow(unsafe_code)]
#[export_name = concat!("pqfit_ct_declassify_u32_v", env!("CARGO_PKG_VERSION"))]
#[inline(never)]
pub extern "C" fn pqfit_ct_declassify_u32(x: u32) -> u32 {
    #[cfg(feature = "ct-check")]
    {
        // memcheck's definedness can be reset only in memory: the value goes through
        // a local, re-read after the request.
        let mut v = x;
        valgrind_defined(core::ptr::addr_of_mut!(v).cast(), 4);
        core::hint::black_box(v)
    }
    #[cfg(not(feature = "ct-check"))]
    core::hint::black_box(x)
}

/// The byte-string marker (see [`declassify_bytes`]); the pointer is read only by
/// valgrind's client request, with the `ct-check` feature. Exported as
/// [`DECLASSIFY_BYTES_SYMBOL`].
#[allow(unsafe_code)]
#[export_name = concat!("pqfit_ct_declassify_bytes_v", env!("CARGO_PKG_VERSION"))]
#[inline(never)]
pub extern "C" fn pqfit_ct_declassify_bytes(bytes: *mut u8, len: usize) {
    #[cfg(feature = "ct-check")]
    valgrind_defined(bytes, len);
    core::hint::black_box((bytes, len));
}

/// With the `ct-check` feature (the host constant-time check under valgrind,
/// `scripts/ct-grind.sh`; never in a real build): marks the bytes as defined for
/// memcheck. A client request is a no-op outside valgrind.
#[cfg(feature = "ct-check")]
fn valgrind_defined(p: *mut u8, len: usize) {
    use crabgrind::memcheck::{mark_memory, MemState};
    let _ = mark_memory(p.cast_const().cast(), len, MemState::Defined);
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

/// a · b as an unsigned 64-bit integer, constant-time on every target as [`wide_mul`].
#[inline(always)]
pub fn wide_mul_u32(a: u32, b: u32) -> u64 {
    #[cfg(pqfit_variable_time_long_multiply)]
    {
        wide_mul_u32_split(a, b)
    }
    #[cfg(not(pqfit_variable_time_long_multiply))]
    {
        a as u64 * b as u64
    }
}

/// [`wide_mul_u32`] from four 16 × 16-bit partial products, without a long multiply.
#[inline(always)]
pub fn wide_mul_u32_split(a: u32, b: u32) -> u64 {
    let (ah, al) = (a >> 16, a & 0xffff);
    let (bh, bl) = (b >> 16, b & 0xffff);
    let hh = barrier_u32(ah * bh) as u64;
    let hl = barrier_u32(ah * bl) as u64;
    let lh = barrier_u32(al * bh) as u64;
    let ll = barrier_u32(al * bl) as u64;
    (hh << 32) + ((hl + lh) << 16) + ll
}

/// [`wide_mul`] without a long multiply. LLVM recognises the recombination as a
/// 64-bit product and would emit SMULL again; the barriers stop that.
#[inline(always)]
pub fn wide_mul_split(a: i32, b: i32) -> i64 {
    let (ah, al) = (a >> 16, a & 0xffff);
    let (bh, bl) = (b >> 16, b & 0xffff);
    let hh = barrier_i32(ah.wrapping_mul(bh)) as i64;
    let hl = barrier_i32(ah.wrapping_mul(bl)) as i64;
    let lh = barrier_i32(al.wrapping_mul(bh)) as i64;
    let ll = barrier_u32((al as u32).wrapping_mul(bl as u32)) as i64;
    (hh << 32) + ((hl + lh) << 16) + ll
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two versions of pqfit-core in one program export distinct marker symbols.
    #[test]
    fn marker_symbols_carry_the_crate_version() {
        let v = env!("CARGO_PKG_VERSION");
        assert_eq!(
            DECLASSIFY_U32_SYMBOL,
            std::format!("pqfit_ct_declassify_u32_v{v}")
        );
        assert_eq!(
            DECLASSIFY_BYTES_SYMBOL,
            std::format!("pqfit_ct_declassify_bytes_v{v}")
        );
    }

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
        assert_eq!(lt_mask_u32(0, u32::MAX), u32::MAX);
        for (a, b) in [
            (0u32, 1u32),
            (1, 0),
            (5, 5),
            (0x8000_0000, 0x7fff_ffff),
            (0x7fff_ffff, 0x8000_0000),
            (u32::MAX, u32::MAX - 1),
            (3, 0xffff_fff0),
        ] {
            assert_eq!(lt_mask_u32(a, b) == u32::MAX, a < b, "{a} < {b}");
            assert_eq!(ne_mask_u32(a, b) == u32::MAX, a != b);
        }
        assert_eq!(select_i32(-1, 10, 20), 10);
        assert_eq!(select_i32(0, 10, 20), 20);
        assert_eq!(select_u32(u32::MAX, 10, 20), 10);
        assert_eq!(select_u32(0, 10, 20), 20);
        assert!(bytes_eq(b"abc", b"abc"));
        assert!(!bytes_eq(b"abc", b"abd"));
        assert!(!bytes_eq(b"abc", b"ab"));
    }

    #[test]
    fn bit_masks_follow_the_bits() {
        for x in [0u32, 1, 0x8000_0000, 0xdead_beef, u32::MAX, 0x5555_5555] {
            for k in 0..32 {
                let want = if (x >> k) & 1 == 1 { u32::MAX } else { 0 };
                assert_eq!(bit_mask(x, k), want, "{x:#x} {k}");
            }
        }
    }

    #[test]
    fn modular_corrections() {
        assert_eq!(add_if_negative(-3, 7), 4);
        assert_eq!(add_if_negative(0, 7), 0);
        assert_eq!(add_if_negative(6, 7), 6);
        assert_eq!(sub_if_above(4, 3, 7), -3);
        assert_eq!(sub_if_above(3, 3, 7), 3);
        assert_eq!(sub_if_above(-9, 3, 7), -9);
        assert_eq!(nonneg_bit(0), 1);
        assert_eq!(nonneg_bit(-1), 0);
        assert_eq!(nonneg_bit(i32::MAX), 1);
        assert_eq!(abs_i32(-5), 5);
        assert_eq!(abs_i32(5), 5);
        assert_eq!(abs_i32(0), 0);
    }

    #[test]
    fn compare_exchange_and_copy() {
        assert_eq!(minmax_u32(5, 2), (2, 5));
        assert_eq!(minmax_u32(2, 5), (2, 5));
        assert_eq!(minmax_u32(u32::MAX, 0), (0, u32::MAX));
        assert_eq!(minmax_u32(9, 9), (9, 9));
        let mut d = [1u8, 2, 3];
        copy_if(0, &mut d, &[7, 8, 9]);
        assert_eq!(d, [1, 2, 3]);
        copy_if(u32::MAX, &mut d, &[7, 8, 9]);
        assert_eq!(d, [7, 8, 9]);
    }

    #[test]
    fn split_products_are_products() {
        let edge = [
            0u32,
            1,
            0xffff,
            0x1_0000,
            0x7fff_ffff,
            0x8000_0000,
            u32::MAX,
            12_345_678,
        ];
        for &a in &edge {
            for &b in &edge {
                assert_eq!(wide_mul_u32_split(a, b), a as u64 * b as u64, "{a} {b}");
                assert_eq!(wide_mul_u32(a, b), a as u64 * b as u64);
                let (x, y) = (a as i32, b as i32);
                assert_eq!(wide_mul_split(x, y), x as i64 * y as i64, "{x} {y}");
            }
        }
    }

    #[test]
    fn declassification_is_the_identity() {
        assert_eq!(declassify_u32(0xdead_beef), 0xdead_beef);
        assert!(declassify_bool(true));
        assert!(!declassify_bool(false));
        let mut b = [1u8, 2, 3];
        declassify_bytes(&mut b);
        assert_eq!(b, [1, 2, 3]);
    }
}
