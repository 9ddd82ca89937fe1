//! Thumb / Thumb-2 (ARMv6-M, ARMv7-M, ARMv7E-M) instruction classifier.
//!
//! Decodes just enough of each encoding for the cycle model: the instruction class, the
//! registers it writes, the registers a load or store uses to form its address, and the
//! operands of the data-dependent instructions.

/// A register set as a bit mask (bit n = Rn; 13 = SP, 14 = LR, 15 = PC).
pub type Regs = u16;

const PC: u16 = 15;

fn bit(r: u16) -> Regs {
    1 << r
}

/// What kind of control transfer ends an instruction, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branch {
    /// B, Bcc, CBZ/CBNZ, BX, BLX, MOV/ADD to PC: the ordinary refill penalty.
    Plain,
    /// BL: always taken.
    Link,
    /// POP {pc}, LDM with PC, LDR pc, TBB/TBH: the longer refill penalty.
    LoadPc,
}

/// The operand kind of a data-dependent instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataDep {
    /// UMULL/UMLAL/UMAAL (unsigned operands).
    UMul,
    /// SMULL/SMLAL (signed operands).
    SMul,
    /// UDIV.
    UDiv,
    /// SDIV.
    SDiv,
}

/// Instruction class for costing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Data processing, moves, compares, IT, hints, DSP, extends, system.
    Alu,
    /// MUL/MULS.
    Mul,
    /// MLA/MLS.
    Mla,
    /// UMULL/SMULL.
    MulLong,
    /// UMLAL/SMLAL/UMAAL and the SMLALxy family.
    MulAccLong,
    /// UDIV/SDIV.
    Div,
    /// Single load (LDR, LDRB, LDRH, LDRSB, LDRSH, LDREX, literal).
    Load,
    /// Single store.
    Store,
    /// LDRD/STRD.
    Dual,
    /// LDM/STM/PUSH/POP with this many registers.
    Multiple(u8),
    /// A branch instruction (B, Bcc, BL, CBZ, BX, BLX, TBB, TBH).
    Branch,
    /// Undefined, UDF, SVC, BKPT: the emulator stops on these.
    Trap,
}

/// One decoded instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Insn {
    /// Length in bytes (2 or 4).
    pub len: u8,
    /// Class.
    pub class: Class,
    /// Registers written.
    pub writes: Regs,
    /// Registers used to form a load/store address.
    pub addr: Regs,
    /// A load/store with base-register writeback.
    pub writeback: bool,
    /// A load/store with a register offset.
    pub reg_offset: bool,
    /// The control transfer this instruction may make.
    pub branch: Option<Branch>,
    /// Data-dependent timing: kind and the two source registers.
    pub data_dep: Option<(DataDep, u8, u8)>,
}

impl Insn {
    fn new(len: u8, class: Class) -> Self {
        Insn {
            len,
            class,
            writes: 0,
            addr: 0,
            writeback: false,
            reg_offset: false,
            branch: None,
            data_dep: None,
        }
    }
    fn w(mut self, regs: Regs) -> Self {
        self.writes |= regs;
        self
    }
    fn a(mut self, regs: Regs) -> Self {
        self.addr |= regs;
        self
    }
    fn br(mut self, b: Branch) -> Self {
        self.branch = Some(b);
        self
    }
    /// A load or store whose destination set includes PC becomes a `LoadPc` branch.
    fn pc_check(mut self) -> Self {
        if self.writes & bit(PC) != 0 && self.branch.is_none() {
            self.branch = Some(if matches!(self.class, Class::Alu) {
                Branch::Plain
            } else {
                Branch::LoadPc
            });
        }
        self
    }
}

/// True when the halfword starts a 32-bit instruction.
pub fn is_wide(hw: u16) -> bool {
    matches!(hw >> 11, 0b11101..=0b11111)
}

fn r(hw: u16, lsb: u32) -> u16 {
    (hw >> lsb) & 7
}

fn r4(hw: u16, lsb: u32) -> u16 {
    (hw >> lsb) & 15
}

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
                    let mut i = Insn::new(2, Class::Branch).br(Branch::Plain);
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
                Insn::new(2, Class::Branch).br(Branch::Plain)
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

fn decode32(hw1: u16, hw2: u16) -> Insn {
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
        // Coprocessor.
        return Insn::new(4, Class::Alu);
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
        assert_eq!(d16(0x468f).branch, Some(Branch::Plain));
        // beq, b, cbz
        assert_eq!(d16(0xd0fe).branch, Some(Branch::Plain));
        assert_eq!(d16(0xe7fe).branch, Some(Branch::Plain));
        assert_eq!(d16(0xb108).branch, Some(Branch::Plain));
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
