//! Two signed 16-bit lanes in one 32-bit word, and their dual multiply-accumulate:
//! the Cortex-M4's SMLAD (one cycle for two products and their sum), with a portable
//! equivalent elsewhere.
//!
//! Stable Rust has no intrinsic for SMLAD, and LLVM does not form it from the
//! products of 16-bit lanes held in registers, so the M4 (cfg `pqfit_dsp`, set by
//! `build.rs` for `thumbv7em`) gets it through one instruction of inline assembly.
//! The instruction's timing does not depend on its operands.

/// `lo` in the low lane, `hi` in the high lane.
#[inline(always)]
pub fn pack(lo: i16, hi: i16) -> u32 {
    (lo as u16 as u32) | ((hi as u16 as u32) << 16)
}

/// `acc` + lo(x)·lo(y) + hi(x)·hi(y), the lanes signed. The caller keeps the sum
/// within `i32` (SMLAD would wrap, and set a flag nothing reads).
#[inline(always)]
#[allow(unsafe_code)]
pub fn smlad(acc: i32, x: u32, y: u32) -> i32 {
    #[cfg(pqfit_dsp)]
    {
        let out: i32;
        // SAFETY: one register-only instruction (no memory, no stack). It can set
        // the sticky Q flag on overflow, so the flags are not declared preserved.
        unsafe {
            core::arch::asm!(
                "smlad {out}, {x}, {y}, {acc}",
                out = lateout(reg) out,
                x = in(reg) x,
                y = in(reg) y,
                acc = in(reg) acc,
                options(pure, nomem, nostack),
            );
        }
        out
    }
    #[cfg(not(pqfit_dsp))]
    {
        let (x0, x1) = (x as i16 as i32, (x >> 16) as i16 as i32);
        let (y0, y1) = (y as i16 as i32, (y >> 16) as i16 as i32);
        acc.wrapping_add(x0 * y0).wrapping_add(x1 * y1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dual_multiply_accumulate() {
        let values = [-32768i16, -4591, -1, 0, 1, 2295, 32767];
        for &a in &values {
            for &b in &values {
                for &c in &values {
                    let (x, y) = (pack(a, b), pack(c, a));
                    // Two products of -2^15 sum to 2^31: SMLAD wraps, as i32 does.
                    let want = 7 + a as i64 * c as i64 + b as i64 * a as i64;
                    assert_eq!(smlad(7, x, y), want as i32, "{a} {b} {c}");
                }
            }
        }
    }
}
