//! Two signed 16-bit lanes in one 32-bit word, and the Cortex-M4's DSP instructions
//! on them (SADD16, SMLAD, SMULxy, ...: one cycle each), with portable equivalents
//! elsewhere.
//!
//! Stable Rust has no intrinsics for these, and LLVM does not form them from the
//! lanes of words held in registers, so the M4 (cfg `pqfit_dsp`, set by `build.rs`
//! for `thumbv7em`) gets each through one instruction of inline assembly. No
//! instruction here has operand-dependent timing.

/// `lo` in the low lane, `hi` in the high lane.
#[inline(always)]
pub fn pack(lo: i16, hi: i16) -> u32 {
    (lo as u16 as u32) | ((hi as u16 as u32) << 16)
}

/// The low lane, signed.
#[inline(always)]
pub fn lo(x: u32) -> i16 {
    x as i16
}

/// The high lane, signed.
#[inline(always)]
pub fn hi(x: u32) -> i16 {
    (x >> 16) as i16
}

/// One DSP instruction: its assembly on the M4, its portable meaning elsewhere.
macro_rules! instruction {
    ($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),+) -> $out:ty = $asm:literal, $portable:expr) => {
        $(#[$doc])*
        #[inline(always)]
        #[allow(unsafe_code)]
        pub fn $name($($arg: $ty),+) -> $out {
            #[cfg(pqfit_dsp)]
            {
                let out: $out;
                // SAFETY: one register-only instruction (no memory, no stack). It
                // can set the Q or GE flags, so the flags are not declared preserved.
                // Not declared `pure` either, although it is: that keeps the
                // instructions in source order. Free to move them, LLVM interleaved
                // the residue product's eight passes and spilled their accumulators
                // (sntrup761 decapsulation on the M4 model, the transform's parts
                // out of line: 1,179,136 cycles with `pure`, 1,152,106 without).
                unsafe {
                    core::arch::asm!(
                        $asm,
                        out = lateout(reg) out,
                        $($arg = in(reg) $arg,)+
                        options(nomem, nostack),
                    );
                }
                out
            }
            #[cfg(not(pqfit_dsp))]
            {
                $portable
            }
        }
    };
}

instruction!(
    /// Lane-wise `x + y`, each lane wrapping (SADD16).
    sadd16(x: u32, y: u32) -> u32 = "sadd16 {out}, {x}, {y}",
    pack(lo(x).wrapping_add(lo(y)), hi(x).wrapping_add(hi(y)))
);

instruction!(
    /// Lane-wise `x - y`, each lane wrapping (SSUB16).
    ssub16(x: u32, y: u32) -> u32 = "ssub16 {out}, {x}, {y}",
    pack(lo(x).wrapping_sub(lo(y)), hi(x).wrapping_sub(hi(y)))
);

instruction!(
    /// lo(x) · lo(y) (SMULBB).
    smulbb(x: u32, y: u32) -> i32 = "smulbb {out}, {x}, {y}",
    lo(x) as i32 * lo(y) as i32
);

instruction!(
    /// hi(x) · lo(y) (SMULTB).
    smultb(x: u32, y: u32) -> i32 = "smultb {out}, {x}, {y}",
    hi(x) as i32 * lo(y) as i32
);

instruction!(
    /// The high 32 bits of the 48-bit x · lo(y), x signed (SMULWB).
    smulwb(x: u32, y: u32) -> i32 = "smulwb {out}, {x}, {y}",
    ((x as i32 as i64 * lo(y) as i64) >> 16) as i32
);

instruction!(
    /// The high 32 bits of the 48-bit x · hi(y), x signed (SMULWT).
    smulwt(x: u32, y: u32) -> i32 = "smulwt {out}, {x}, {y}",
    ((x as i32 as i64 * hi(y) as i64) >> 16) as i32
);

instruction!(
    /// `acc` + lo(x) · lo(y) (SMLABB). The caller keeps the sum within `i32`.
    smlabb(x: u32, y: u32, acc: i32) -> i32 = "smlabb {out}, {x}, {y}, {acc}",
    acc.wrapping_add(lo(x) as i32 * lo(y) as i32)
);

instruction!(
    /// `acc` + hi(x) · lo(y) (SMLATB). The caller keeps the sum within `i32`.
    smlatb(x: u32, y: u32, acc: i32) -> i32 = "smlatb {out}, {x}, {y}, {acc}",
    acc.wrapping_add(hi(x) as i32 * lo(y) as i32)
);

instruction!(
    /// `acc` + lo(x) · hi(y) (SMLABT). The caller keeps the sum within `i32`.
    smlabt(x: u32, y: u32, acc: i32) -> i32 = "smlabt {out}, {x}, {y}, {acc}",
    acc.wrapping_add(lo(x) as i32 * hi(y) as i32)
);

instruction!(
    /// `acc` + hi(x) · hi(y) (SMLATT). The caller keeps the sum within `i32`.
    smlatt(x: u32, y: u32, acc: i32) -> i32 = "smlatt {out}, {x}, {y}, {acc}",
    acc.wrapping_add(hi(x) as i32 * hi(y) as i32)
);

instruction!(
    /// `acc` + lo(x)·lo(y) + hi(x)·hi(y) (SMLAD). The caller keeps the sum within
    /// `i32`.
    smlad(x: u32, y: u32, acc: i32) -> i32 = "smlad {out}, {x}, {y}, {acc}",
    acc.wrapping_add(lo(x) as i32 * lo(y) as i32)
        .wrapping_add(hi(x) as i32 * hi(y) as i32)
);

instruction!(
    /// hi(x) · hi(y) (SMULTT).
    smultt(x: u32, y: u32) -> i32 = "smultt {out}, {x}, {y}",
    hi(x) as i32 * hi(y) as i32
);

instruction!(
    /// `acc` + lo(x)·hi(y) + hi(x)·lo(y) (SMLADX: SMLAD with `y`'s lanes exchanged).
    /// The caller keeps the sum within `i32`.
    smladx(x: u32, y: u32, acc: i32) -> i32 = "smladx {out}, {x}, {y}, {acc}",
    acc.wrapping_add(lo(x) as i32 * hi(y) as i32)
        .wrapping_add(hi(x) as i32 * lo(y) as i32)
);

instruction!(
    /// The high lane of `t`, the high lane of `b` as low lane (PKHTB with ASR #16):
    /// the high halves of two words packed into one.
    pkhtb(t: u32, b: u32) -> u32 = "pkhtb {out}, {t}, {b}, asr #16",
    (t & 0xffff_0000) | (b >> 16)
);

instruction!(
    /// Bytes 0 and 2 of `x`, zero-extended into the low and high lane (UXTB16).
    uxtb16(x: u32) -> u32 = "uxtb16 {out}, {x}",
    x & 0x00ff_00ff
);

instruction!(
    /// Bytes 1 and 3 of `x`, zero-extended into the low and high lane (UXTB16 with
    /// ROR #8).
    uxtb16_ror8(x: u32) -> u32 = "uxtb16 {out}, {x}, ror #8",
    (x >> 8) & 0x00ff_00ff
);

#[cfg(test)]
mod tests {
    use super::*;

    const VALUES: [i16; 7] = [-32768, -4591, -1, 0, 1, 2295, 32767];

    #[test]
    fn dual_multiply_accumulate() {
        for &a in &VALUES {
            for &b in &VALUES {
                for &c in &VALUES {
                    let (x, y) = (pack(a, b), pack(c, a));
                    // Two products of -2^15 sum to 2^31: SMLAD wraps, as i32 does.
                    let want = 7 + a as i64 * c as i64 + b as i64 * a as i64;
                    assert_eq!(smlad(x, y, 7), want as i32, "{a} {b} {c}");
                }
            }
        }
    }

    #[test]
    fn byte_unpacking() {
        let x = u32::from_le_bytes([0x81, 0x02, 0xff, 0x7f]);
        assert_eq!(uxtb16(x), pack(0x81, 0xff));
        assert_eq!(uxtb16_ror8(x), pack(0x02, 0x7f));
        assert_eq!(uxtb16(u32::MAX), 0x00ff_00ff);
        assert_eq!(uxtb16_ror8(u32::MAX), 0x00ff_00ff);
    }

    #[test]
    fn lane_instructions() {
        for &a in &VALUES {
            for &b in &VALUES {
                let (x, y) = (pack(a, b), pack(b, a));
                assert_eq!((lo(x), hi(x)), (a, b));
                assert_eq!(sadd16(x, y), pack(a.wrapping_add(b), b.wrapping_add(a)));
                assert_eq!(ssub16(x, y), pack(a.wrapping_sub(b), b.wrapping_sub(a)));
                let (a32, b32) = (a as i32, b as i32);
                assert_eq!(smulbb(x, x), a32 * a32);
                assert_eq!(smultb(x, x), b32 * a32);
                assert_eq!(smlabb(x, y, 5), 5 + a32 * b32);
                assert_eq!(smlatb(x, x, -5), b32 * a32 - 5);
                assert_eq!(smlabt(x, x, 3), 3 + a32 * b32);
                assert_eq!(smultt(x, y), b32 * a32);
                assert_eq!(smlatt(x, y, 4), 4 + b32 * a32);
                let (a64, b64) = (a as i64, b as i64);
                assert_eq!(smladx(x, x, 9), (9 + 2 * a64 * b64) as i32);
                assert_eq!(smladx(x, y, -9), (-9 + a64 * a64 + b64 * b64) as i32);
                assert_eq!(pkhtb(x, y), pack(a, b));
                for w in [0x8000_0001u32, 0x7fff_ffff, 0x1234_5678, 0xffff_ffff] {
                    let wide = w as i32 as i64;
                    assert_eq!(smulwb(w, x) as i64, (wide * a as i64) >> 16);
                    assert_eq!(smulwt(w, x) as i64, (wide * b as i64) >> 16);
                }
            }
        }
    }
}
