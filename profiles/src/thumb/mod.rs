//! Thumb / Thumb-2 (ARMv6-M, ARMv7-M, ARMv7E-M) instruction classifier.
//!
//! Decodes just enough of each encoding for the cycle model: the instruction class, the
//! registers it writes, the registers a load or store uses to form its address, and the
//! operands of the data-dependent instructions.

mod insn;
mod vfp;
mod wide;

pub use insn::{is_wide, Branch, Class, DataDep, Insn, Regs};

use insn::{bit, r, PC};
use wide::decode32;

/// Decodes the instruction at the start of `code` (little-endian halfwords). Returns `None`
/// when fewer bytes remain than the instruction needs.
pub fn decode(code: &[u8]) -> Option<Insn> {
    if code.len() < 2 {
        return None;
    }
    let hw = u16::from_le_bytes([code[0], code[1]]);
    if is_wide(hw) {
        if code.len() < 4 {
            return None;
        }
        let hw2 = u16::from_le_bytes([code[2], code[3]]);
        Some(decode32(hw, hw2).pc_check())
    } else {
        Some(decode16(hw).pc_check())
    }
}

fn decode16(hw: u16) -> Insn {
    let alu = |regs: Regs| Insn::new(2, Class::Alu).w(regs);
    match hw >> 10 {
        // Shift (immediate), add, subtract, move and compare.
        0b000000..=0b001111 => {
            let op = hw >> 11;
            match op {
                0b00000..=0b00011 => alu(bit(r(hw, 0))),
                0b00101 => alu(0), // CMP imm8
                _ => alu(bit(r(hw, 8))),
            }
        }
        // Data processing (register).
        0b010000 => {
            let op = (hw >> 6) & 15;
            match op {
                0b1000 | 0b1010 | 0b1011 => alu(0), // TST, CMP, CMN
                0b1101 => Insn::new(2, Class::Mul).w(bit(r(hw, 0))),
                _ => alu(bit(r(hw, 0))),
            }
        }
        // Special data processing and branch/exchange.
        0b010001 => {
            let op = (hw >> 6) & 15;
            let rdn = (((hw >> 7) & 1) << 3) | r(hw, 0);
            match op >> 2 {
                0b00 | 0b10 => alu(bit(rdn)), // ADD, MOV (high registers)
                0b01 => alu(0),               // CMP
                _ => {
                    let to = if (hw >> 3) & 15 == 14 {
                        Branch::Plain
                    } else {
                        Branch::Execute
                    };
                    let mut i = Insn::new(2, Class::Branch).br(to);
                    if op & 2 != 0 {
                        i = i.w(bit(14)); // BLX
                    }
                    i
                }
            }
        }
        // LDR (literal).
        0b010010 | 0b010011 => Insn::new(2, Class::Load).w(bit(r(hw, 8))).a(bit(PC)),
        // Load/store (register offset).
        0b010100..=0b010111 => {
            let op = (hw >> 9) & 7;
            let (rt, rn, rm) = (r(hw, 0), r(hw, 3), r(hw, 6));
            let mut i = if op <= 2 {
                Insn::new(2, Class::Store)
            } else {
                Insn::new(2, Class::Load).w(bit(rt))
            };
            i.reg_offset = true;
            i.a(bit(rn) | bit(rm))
        }
        // Load/store word/byte (imm5), halfword (imm5), SP-relative.
        0b011000..=0b100111 => {
            let load = hw & (1 << 11) != 0;
            let (rt, rn) = if hw >> 12 == 0b1001 {
                (r(hw, 8), 13)
            } else {
                (r(hw, 0), r(hw, 3))
            };
            if load {
                Insn::new(2, Class::Load).w(bit(rt)).a(bit(rn))
            } else {
                Insn::new(2, Class::Store).a(bit(rn))
            }
        }
        // ADR, ADD (SP plus immediate).
        0b101000..=0b101011 => alu(bit(r(hw, 8))),
        // Miscellaneous.
        0b101100..=0b101111 => {
            if hw & 0xf500 == 0xb100 {
                // CBZ/CBNZ
                Insn::new(2, Class::Branch).br(Branch::Execute)
            } else if hw & 0xff00 == 0xb000 {
                alu(bit(13)) // ADD/SUB SP, #imm7
            } else if hw & 0xfe00 == 0xb400 {
                // PUSH
                let list = (hw & 0xff) | (((hw >> 8) & 1) << 14);
                let mut i = Insn::new(2, Class::Multiple(list.count_ones() as u8))
                    .w(bit(13))
                    .a(bit(13));
                i.writeback = true;
                i
            } else if hw & 0xfe00 == 0xbc00 {
                // POP
                let list = (hw & 0xff) | (((hw >> 8) & 1) << 15);
                let mut i = Insn::new(2, Class::Multiple(list.count_ones() as u8))
                    .w(list | bit(13))
                    .a(bit(13));
                i.writeback = true;
                i
            } else if hw & 0xff00 == 0xbe00 {
                Insn::new(2, Class::Trap) // BKPT
            } else if hw & 0xff00 == 0xbf00 {
                alu(0) // IT and hints
            } else if hw & 0xff00 == 0xb200 || hw & 0xff00 == 0xba00 {
                alu(bit(r(hw, 0))) // extend, reverse
            } else {
                alu(0) // CPS and the rest
            }
        }
        // STM / LDM.
        0b110000..=0b110011 => {
            let rn = r(hw, 8);
            let list = hw & 0xff;
            let load = hw & (1 << 11) != 0;
            let mut i = Insn::new(2, Class::Multiple(list.count_ones() as u8)).a(bit(rn));
            if load {
                i = i.w(list);
                i.writeback = list & bit(rn) == 0;
            } else {
                i.writeback = true;
            }
            if i.writeback {
                i = i.w(bit(rn));
            }
            i
        }
        // Bcc, UDF, SVC.
        0b110100..=0b110111 => {
            let cond = (hw >> 8) & 15;
            if cond >= 0b1110 {
                Insn::new(2, Class::Trap)
            } else {
                Insn::new(2, Class::Branch).br(Branch::Plain)
            }
        }
        // B.
        0b111000 | 0b111001 => Insn::new(2, Class::Branch).br(Branch::Plain),
        _ => Insn::new(2, Class::Trap),
    }
}

/// Decodes every instruction of a basic block (the last may be cut short: it is dropped).
pub fn decode_block(code: &[u8]) -> Vec<Insn> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(i) = decode(&code[at..]) {
        at += i.len as usize;
        out.push(i);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d16(hw: u16) -> Insn {
        decode(&hw.to_le_bytes()).unwrap()
    }
    fn d32(hw1: u16, hw2: u16) -> Insn {
        let mut b = hw1.to_le_bytes().to_vec();
        b.extend_from_slice(&hw2.to_le_bytes());
        decode(&b).unwrap()
    }

    #[test]
    fn sixteen_bit_encodings() {
        // adds r0, r1, r2
        let i = d16(0x1888);
        assert_eq!((i.len, i.class, i.writes), (2, Class::Alu, 1));
        // movs r3, #1
        assert_eq!(d16(0x2301).writes, 1 << 3);
        // cmp r0, #5: writes nothing
        assert_eq!(d16(0x2805).writes, 0);
        // muls r0, r1, r0
        assert_eq!(d16(0x4348).class, Class::Mul);
        // ldr r0, [r1, #4]
        let i = d16(0x6848);
        assert_eq!(
            (i.class, i.writes, i.addr, i.reg_offset),
            (Class::Load, 1, 1 << 1, false)
        );
        // ldr r2, [r1, r0]
        let i = d16(0x580a);
        assert_eq!(
            (i.class, i.writes, i.addr, i.reg_offset),
            (Class::Load, 1 << 2, 0b11, true)
        );
        // str r0, [r1, #4] / str r0, [r1, r2]
        assert_eq!(d16(0x6048).class, Class::Store);
        assert!(d16(0x5088).reg_offset);
        // ldr r0, [pc, #8]
        assert_eq!(d16(0x4802).addr, 1 << 15);
        // ldr r1, [sp, #4]
        assert_eq!(d16(0x9901).addr, 1 << 13);
        // push {r4, r5, r6, lr}: 4 registers
        assert_eq!(d16(0xb570).class, Class::Multiple(4));
        // pop {r4, pc}: 2 registers, a load-pc branch
        let i = d16(0xbd10);
        assert_eq!(
            (i.class, i.branch),
            (Class::Multiple(2), Some(Branch::LoadPc))
        );
        // bx lr, blx r3
        assert_eq!(d16(0x4770).branch, Some(Branch::Plain));
        assert_eq!(d16(0x4798).writes, 1 << 14);
        // mov pc, r1 is a branch
        assert_eq!(d16(0x468f).branch, Some(Branch::Execute));
        // beq, b, cbz
        assert_eq!(d16(0xd0fe).branch, Some(Branch::Plain));
        assert_eq!(d16(0xe7fe).branch, Some(Branch::Plain));
        assert_eq!(d16(0xb108).branch, Some(Branch::Execute));
        // bx r3: the target comes from execute
        assert_eq!(d16(0x4718).branch, Some(Branch::Execute));
        // it eq; nop
        assert_eq!(d16(0xbf08).class, Class::Alu);
        // udf #0, svc #0
        assert_eq!(d16(0xde00).class, Class::Trap);
        assert_eq!(d16(0xdf00).class, Class::Trap);
        // ldmia r0!, {r1, r2}: writeback, 2 registers
        let i = d16(0xc806);
        assert_eq!((i.class, i.writeback), (Class::Multiple(2), true));
    }

    #[test]
    fn thirty_two_bit_encodings() {
        // bl <anything>: 0xf000 0xf800
        let i = d32(0xf000, 0xf800);
        assert_eq!(
            (i.len, i.branch, i.writes),
            (4, Some(Branch::Link), 1 << 14)
        );
        // b.w and beq.w
        assert_eq!(d32(0xf000, 0xb800).branch, Some(Branch::Plain));
        assert_eq!(d32(0xf000, 0x8000).branch, Some(Branch::Plain));
        // movw r0, #0x1234 (f241 2034)
        let i = d32(0xf241, 0x2034);
        assert_eq!((i.class, i.writes), (Class::Alu, 1));
        // add.w r1, r2, r3, lsl #2 (eb02 0183)
        assert_eq!(d32(0xeb02, 0x0183).writes, 1 << 1);
        // ldr.w r0, [r1, #0x100] (f8d1 0100)
        let i = d32(0xf8d1, 0x0100);
        assert_eq!(
            (i.class, i.writes, i.addr, i.writeback),
            (Class::Load, 1, 1 << 1, false)
        );
        // ldr r0, [r1], #4 (f851 0b04): post-indexed writeback
        let i = d32(0xf851, 0x0b04);
        assert!(i.writeback);
        assert_eq!(i.writes, 0b11);
        // ldr.w r0, [r1, r2, lsl #2] (f851 0022)
        let i = d32(0xf851, 0x0022);
        assert_eq!((i.reg_offset, i.addr), (true, 0b110));
        // str.w r0, [r1, #8] (f8c1 0008)
        assert_eq!(d32(0xf8c1, 0x0008).class, Class::Store);
        // ldrd r2, r3, [r0, #8] (e9d0 2302)
        let i = d32(0xe9d0, 0x2302);
        assert_eq!((i.class, i.writes), (Class::Dual, 0b1100));
        // push.w {r4-r11, lr} (e92d 4ff0): 9 registers
        assert_eq!(d32(0xe92d, 0x4ff0).class, Class::Multiple(9));
        // pop.w {r4-r11, pc} (e8bd 8ff0): load-pc branch
        assert_eq!(d32(0xe8bd, 0x8ff0).branch, Some(Branch::LoadPc));
        // ldr.w pc, [sp], #4 (f85d fb04)
        assert_eq!(d32(0xf85d, 0xfb04).branch, Some(Branch::LoadPc));
        // tbb [pc, r0] (e8df f000), tbh [pc, r0, lsl #1] (e8df f010)
        assert_eq!(d32(0xe8df, 0xf000).branch, Some(Branch::LoadPc));
        assert_eq!(d32(0xe8df, 0xf010).branch, Some(Branch::LoadPc));
        // mul r0, r1, r2 (fb01 f002), mla r0, r1, r2, r3 (fb01 3002), mls (fb01 3012)
        assert_eq!(d32(0xfb01, 0xf002).class, Class::Mul);
        assert_eq!(d32(0xfb01, 0x3002).class, Class::Mla);
        assert_eq!(d32(0xfb01, 0x3012).class, Class::Mla);
        // smulbb r0, r1, r2 (fb11 f002): DSP, single cycle
        assert_eq!(d32(0xfb11, 0xf002).class, Class::Alu);
        // umull r0, r1, r2, r3 (fba2 0103), smull (fb82 0103)
        let i = d32(0xfba2, 0x0103);
        assert_eq!(
            (i.class, i.writes, i.data_dep),
            (Class::MulLong, 0b11, Some((DataDep::UMul, 2, 3)))
        );
        assert_eq!(d32(0xfb82, 0x0103).data_dep, Some((DataDep::SMul, 2, 3)));
        // smlal r0, r1, r2, r3 (fbc2 0103), umlal (fbe2 0103)
        assert_eq!(d32(0xfbc2, 0x0103).class, Class::MulAccLong);
        assert_eq!(d32(0xfbe2, 0x0103).data_dep, Some((DataDep::UMul, 2, 3)));
        // udiv r0, r1, r2 (fbb1 f0f2), sdiv (fb91 f0f2)
        let i = d32(0xfbb1, 0xf0f2);
        assert_eq!(
            (i.class, i.data_dep),
            (Class::Div, Some((DataDep::UDiv, 1, 2)))
        );
        assert_eq!(d32(0xfb91, 0xf0f2).data_dep, Some((DataDep::SDiv, 1, 2)));
        // udf.w (f7f0 a000)
        assert_eq!(d32(0xf7f0, 0xa000).class, Class::Trap);
    }

    #[test]
    fn block_decoding_stops_at_a_cut_instruction() {
        // movs r0, #1; bl (first half only)
        let b = [0x01, 0x20, 0x00, 0xf0];
        let v = decode_block(&b);
        assert_eq!(v.len(), 1);
    }
}
