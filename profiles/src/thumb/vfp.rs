//! The FPv4-SP (VFP) encodings the cycle model tells apart (Cortex-M4F TRM, table 7-1):
//! loads and stores, which use the bus, and the moves into core registers, which feed
//! the address-dependency rule like any core write. Everything else in the coprocessor
//! space costs as one ALU instruction.

use super::insn::{bit, r4, Class, Insn};

/// Decodes a 32-bit instruction of the coprocessor space (`hw1` in 0xEC00..=0xEFFF) when it
/// is one of the VFP forms the model costs differently; `None` for the rest.
pub(super) fn decode_vfp(hw1: u16, hw2: u16) -> Option<Insn> {
    // Coprocessors 10 and 11 are the FPU.
    if hw2 & 0x0e00 != 0x0a00 {
        return None;
    }
    let rn = r4(hw1, 0);
    if hw1 & 0xfe00 == 0xec00 {
        // Extension register load/store (VLDR, VSTR, VLDM, VSTM, VPUSH, VPOP) or the
        // 64-bit moves between two core registers and two singles or a double.
        let (p, u, w, load) = (
            hw1 & (1 << 8) != 0,
            hw1 & (1 << 7) != 0,
            hw1 & (1 << 5) != 0,
            hw1 & (1 << 4) != 0,
        );
        if !p && !u && !w {
            // VMOV (two core registers): 0xEC4x (to the FPU) or 0xEC5x (to core registers).
            if hw1 & 0xffe0 != 0xec40 {
                return None;
            }
            let mut i = Insn::new(4, Class::VfpPair);
            if load {
                i = i.w(bit(r4(hw2, 12)) | bit(rn));
            }
            return Some(i);
        }
        if p && !w {
            // VLDR / VSTR: one register, 2 cycles.
            return Some(Insn::new(4, Class::VfpSingle).a(bit(rn)));
        }
        // VLDM/VSTM/VPUSH/VPOP: imm8 counts the words moved (2 per double register).
        let words = (hw2 & 0xff) as u8;
        let mut i = Insn::new(4, Class::VfpMultiple(words)).a(bit(rn));
        if w {
            i = i.w(bit(rn));
            i.writeback = true;
        }
        return Some(i);
    }
    if hw1 & 0xffe0 == 0xee00 && hw2 & 0x007f == 0x0010 {
        // VMOV between a core register and a single: a 1-cycle move; into Rt when op = 1.
        let mut i = Insn::new(4, Class::Alu);
        if hw1 & (1 << 4) != 0 {
            let rt = r4(hw2, 12);
            if rt != 15 {
                i = i.w(bit(rt));
            }
        }
        return Some(i);
    }
    if hw1 == 0xeef1 && hw2 & 0x0fff == 0x0a10 {
        // VMRS Rt, FPSCR (Rt = 15 is APSR_nzcv: flags only).
        let rt = r4(hw2, 12);
        return Some(Insn::new(4, Class::Alu).w(if rt == 15 { 0 } else { bit(rt) }));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loads_stores_and_moves() {
        // vldr s0, [r1, #8]
        let i = decode_vfp(0xed91, 0x0a02).unwrap();
        assert_eq!((i.class, i.addr, i.writes), (Class::VfpSingle, 1 << 1, 0));
        // vstr d8, [sp]
        assert_eq!(decode_vfp(0xed8d, 0x8b00).unwrap().class, Class::VfpSingle);
        // vpush {s16-s31}: vstmdb sp!, 16 words
        let i = decode_vfp(0xed2d, 0x8a10).unwrap();
        assert_eq!(
            (i.class, i.writes, i.writeback),
            (Class::VfpMultiple(16), 1 << 13, true)
        );
        // vpop {d8-d15}: vldmia sp!, 8 doubles = 16 words
        assert_eq!(
            decode_vfp(0xecbd, 0x8b10).unwrap().class,
            Class::VfpMultiple(16)
        );
        // vldmia r0, {s0-s3} (no writeback)
        let i = decode_vfp(0xec90, 0x0a04).unwrap();
        assert_eq!(
            (i.class, i.writes, i.addr),
            (Class::VfpMultiple(4), 0, 1 << 0)
        );
        // vmov r2, s5 writes r2; vmov s5, r2 writes no core register
        assert_eq!(decode_vfp(0xee12, 0x2a90).unwrap().writes, 1 << 2);
        assert_eq!(decode_vfp(0xee02, 0x2a90).unwrap().writes, 0);
        // vmov r0, r1, s2, s3 writes r0 and r1; vmov s2, s3, r0, r1 none
        let i = decode_vfp(0xec51, 0x0a11).unwrap();
        assert_eq!((i.class, i.writes), (Class::VfpPair, 0b11));
        assert_eq!(decode_vfp(0xec41, 0x0a11).unwrap().writes, 0);
        // vmrs r3, fpscr; vmrs APSR_nzcv, fpscr
        assert_eq!(decode_vfp(0xeef1, 0x3a10).unwrap().writes, 1 << 3);
        assert_eq!(decode_vfp(0xeef1, 0xfa10).unwrap().writes, 0);
        // vadd.f32 s0, s1, s2: not a form the model singles out
        assert!(decode_vfp(0xee30, 0x0a81).is_none());
        // A coprocessor other than 10/11 (mcr p15...): not VFP
        assert!(decode_vfp(0xee01, 0x0f10).is_none());
    }
}
