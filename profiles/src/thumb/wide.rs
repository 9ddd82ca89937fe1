//! The 32-bit Thumb-2 encodings.

use super::insn::{bit, r4, Branch, Class, DataDep, Insn};
use super::vfp::decode_vfp;

pub(super) fn decode32(hw1: u16, hw2: u16) -> Insn {
    let rd = r4(hw2, 8);
    let dst = if rd == 15 { 0 } else { bit(rd) };
    let rn = r4(hw1, 0);
    if hw1 >> 11 == 0b11101 {
        if hw1 & 0xfe40 == 0xe800 {
            // Load/store multiple (incl. PUSH.W/POP.W).
            let load = hw1 & (1 << 4) != 0;
            let wb = hw1 & (1 << 5) != 0;
            let list = hw2;
            let mut i = Insn::new(4, Class::Multiple(list.count_ones() as u8)).a(bit(rn));
            if load {
                i = i.w(list);
            }
            if wb {
                i = i.w(bit(rn));
                i.writeback = true;
            }
            return i;
        }
        if hw1 & 0xfe40 == 0xe840 {
            // Load/store dual, exclusive, table branch.
            if hw1 & 0xfff0 == 0xe8d0 && hw2 & 0xffe0 == 0xf000 {
                let mut i = Insn::new(4, Class::Branch).a(bit(rn) | bit(r4(hw2, 0)));
                i.branch = Some(Branch::LoadPc);
                return i;
            }
            let p = hw1 & (1 << 8) != 0;
            let wb = hw1 & (1 << 5) != 0;
            let load = hw1 & (1 << 4) != 0;
            if p || wb {
                let mut i = Insn::new(4, Class::Dual).a(bit(rn));
                if load {
                    i = i.w(bit(r4(hw2, 12)) | bit(r4(hw2, 8)));
                }
                if wb {
                    i = i.w(bit(rn));
                    i.writeback = true;
                }
                return i;
            }
            // LDREX/STREX and friends.
            return if load {
                Insn::new(4, Class::Load).w(bit(r4(hw2, 12))).a(bit(rn))
            } else {
                Insn::new(4, Class::Store).w(bit(r4(hw2, 0))).a(bit(rn))
            };
        }
        if hw1 & 0xfe00 == 0xea00 {
            // Data processing (shifted register).
            return Insn::new(4, Class::Alu).w(dst);
        }
        // Coprocessor: the VFP loads, stores and moves to core registers, else 1 cycle.
        return decode_vfp(hw1, hw2).unwrap_or(Insn::new(4, Class::Alu));
    }
    if hw1 >> 11 == 0b11110 {
        if hw2 & 0x8000 == 0 {
            // Data processing (modified / plain binary immediate), MOVW, MOVT.
            return Insn::new(4, Class::Alu).w(dst);
        }
        // Branches and miscellaneous control.
        return match hw2 & 0xd000 {
            0xd000 => Insn::new(4, Class::Branch).w(bit(14)).br(Branch::Link),
            0x9000 => Insn::new(4, Class::Branch).br(Branch::Plain),
            0x8000 if (hw1 >> 7) & 7 != 7 => Insn::new(4, Class::Branch).br(Branch::Plain),
            _ => {
                if hw1 & 0xfff0 == 0xf7f0 && hw2 & 0xf000 == 0xa000 {
                    Insn::new(4, Class::Trap) // UDF.W
                } else if hw1 & 0xffe0 == 0xf3e0 {
                    Insn::new(4, Class::Alu).w(dst) // MRS
                } else {
                    Insn::new(4, Class::Alu) // MSR, hints, barriers
                }
            }
        };
    }
    // 0b11111
    if hw1 & 0xfe00 == 0xf800 {
        // Load/store single.
        let load = hw1 & (1 << 4) != 0;
        let rt = r4(hw2, 12);
        let mut i = if load {
            Insn::new(4, Class::Load).w(if rt == 15 && hw1 & (3 << 5) != (2 << 5) {
                0
            } else {
                bit(rt)
            })
        } else {
            Insn::new(4, Class::Store)
        };
        i = i.a(bit(rn));
        if hw1 & (1 << 7) == 0 && rn != 15 {
            if hw2 & (1 << 11) != 0 {
                // imm8 with P/U/W.
                let p = hw2 & (1 << 10) != 0;
                let wb = hw2 & (1 << 8) != 0;
                if wb || !p {
                    i.writeback = true;
                    i = i.w(bit(rn));
                }
            } else if hw2 & 0x0fc0 == 0 {
                i.reg_offset = true;
                i = i.a(bit(r4(hw2, 0)));
            }
        }
        return i;
    }
    if hw1 & 0xff00 == 0xfa00 {
        // Data processing (register), parallel arithmetic, CLZ, REV...
        return Insn::new(4, Class::Alu).w(dst);
    }
    if hw1 & 0xff80 == 0xfb00 {
        // Multiply, multiply-accumulate, DSP multiplies.
        let op1 = (hw1 >> 4) & 7;
        let op2 = (hw2 >> 4) & 3;
        let ra = r4(hw2, 12);
        let class = match (op1, op2) {
            (0, 0) if ra == 15 => Class::Mul,
            (0, 0) | (0, 1) => Class::Mla,
            _ => Class::Alu, // DSP multiplies: single cycle
        };
        return Insn::new(4, class).w(dst);
    }
    if hw1 & 0xff80 == 0xfb80 {
        // Long multiply, long multiply-accumulate, divide.
        let op1 = (hw1 >> 4) & 7;
        let op2 = (hw2 >> 4) & 15;
        let (lo, hi, rm) = (r4(hw2, 12), r4(hw2, 8), r4(hw2, 0) as u8);
        let long = |class: Class, dep: DataDep| {
            let mut i = Insn::new(4, class).w(bit(lo) | bit(hi));
            i.data_dep = Some((dep, rn as u8, rm));
            i
        };
        return match (op1, op2) {
            (0b000, 0) => long(Class::MulLong, DataDep::SMul),
            (0b010, 0) => long(Class::MulLong, DataDep::UMul),
            (0b100, 0) => long(Class::MulAccLong, DataDep::SMul),
            (0b110, 0) | (0b110, 6) => long(Class::MulAccLong, DataDep::UMul),
            (0b001, 15) | (0b011, 15) => {
                let mut i = Insn::new(4, Class::Div).w(dst);
                let dep = if op1 == 1 {
                    DataDep::SDiv
                } else {
                    DataDep::UDiv
                };
                i.data_dep = Some((dep, rn as u8, rm));
                i
            }
            _ => Insn::new(4, Class::MulAccLong).w(bit(lo) | bit(hi)), // SMLALxy, SMLALD...
        };
    }
    // Coprocessor and the rest.
    Insn::new(4, Class::Alu)
}
