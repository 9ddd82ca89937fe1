//! RV32IMC / RV64IMC instruction classifier: class, registers read and written, branch
//! direction. The 32-bit encodings only add opcodes on RV64 (LD/SD/LWU, the `*W` forms), but
//! the compressed ones differ: the RV32 C.JAL, C.FLW(SP) and C.FSW(SP) slots are C.ADDIW,
//! C.LD(SP) and C.SD(SP) on RV64, and C.SUBW/C.ADDW fill a slot reserved on RV32.

/// The register width, which selects the meaning of the compressed encodings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Xlen {
    /// RV32.
    X32,
    /// RV64.
    X64,
}

/// Instruction class for costing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Integer computation (on RV64 with the `*W` forms), LUI, AUIPC, CSR, FENCE.
    Alu,
    /// LW; on RV64 also LD and LWU (and AMOs, LR).
    LoadWord,
    /// LH, LHU, LB, LBU.
    LoadSub,
    /// SW, SH, SB, SC; on RV64 also SD.
    Store,
    /// MUL, MULH, MULHU, MULHSU; on RV64 also MULW.
    Mul,
    /// DIV, DIVU, REM, REMU; on RV64 also DIVW, DIVUW, REMW, REMUW.
    Div,
    /// Conditional branch; `backward` when its offset is negative.
    Branch {
        /// The target lies before the branch.
        backward: bool,
    },
    /// JAL, JALR and their compressed forms.
    Jump,
    /// ECALL, EBREAK, UNIMP and illegal encodings.
    Trap,
}

/// One decoded instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Insn {
    /// Length in bytes (2 or 4).
    pub len: u8,
    /// Class.
    pub class: Class,
    /// Destination register (0 = none).
    pub rd: u8,
    /// Source registers (0 = none: x0 never stalls).
    pub rs: [u8; 2],
}

fn ins(len: u8, class: Class, rd: u8, rs1: u8, rs2: u8) -> Insn {
    Insn {
        len,
        class,
        rd,
        rs: [rs1, rs2],
    }
}

/// Decodes the instruction at the start of `code`, or `None` when it is cut short.
pub fn decode(code: &[u8], xlen: Xlen) -> Option<Insn> {
    if code.len() < 2 {
        return None;
    }
    let h = u16::from_le_bytes([code[0], code[1]]);
    if h & 3 != 3 {
        return Some(decode16(h, xlen));
    }
    if code.len() < 4 {
        return None;
    }
    Some(decode32(
        u32::from_le_bytes([code[0], code[1], code[2], code[3]]),
        xlen,
    ))
}

fn decode32(w: u32, xlen: Xlen) -> Insn {
    let rv64 = xlen == Xlen::X64;
    let rd = ((w >> 7) & 31) as u8;
    let rs1 = ((w >> 15) & 31) as u8;
    let rs2 = ((w >> 20) & 31) as u8;
    let f3 = (w >> 12) & 7;
    match w & 0x7f {
        0x37 | 0x17 => ins(4, Class::Alu, rd, 0, 0),
        0x6f => ins(4, Class::Jump, rd, 0, 0),
        0x67 => ins(4, Class::Jump, rd, rs1, 0),
        0x63 => ins(
            4,
            Class::Branch {
                backward: w >> 31 == 1,
            },
            0,
            rs1,
            rs2,
        ),
        // f3: 2 LW, and on RV64 3 LD, 6 LWU; the rest are byte and halfword loads.
        0x03 => ins(
            4,
            match f3 {
                2 => Class::LoadWord,
                3 | 6 if rv64 => Class::LoadWord,
                _ => Class::LoadSub,
            },
            rd,
            rs1,
            0,
        ),
        0x23 => ins(4, Class::Store, 0, rs1, rs2),
        0x13 => ins(4, Class::Alu, rd, rs1, 0),
        0x1b if rv64 => ins(4, Class::Alu, rd, rs1, 0), // ADDIW, SLLIW, SRLIW, SRAIW
        // OP, and on RV64 OP-32 (ADDW, SUBW, shifts; MULW, DIVW, DIVUW, REMW, REMUW).
        0x33 | 0x3b if w >> 25 == 1 && (w & 0x7f == 0x33 || rv64) => ins(
            4,
            if f3 < 4 { Class::Mul } else { Class::Div },
            rd,
            rs1,
            rs2,
        ),
        0x33 => ins(4, Class::Alu, rd, rs1, rs2),
        0x3b if rv64 => ins(4, Class::Alu, rd, rs1, rs2),
        0x2f => ins(4, Class::LoadWord, rd, rs1, rs2),
        0x0f => ins(4, Class::Alu, 0, 0, 0),
        0x73 if f3 == 0 => ins(4, Class::Trap, 0, 0, 0),
        0x73 => ins(4, Class::Alu, rd, rs1, 0),
        _ => ins(4, Class::Trap, 0, 0, 0),
    }
}

fn decode16(h: u16, xlen: Xlen) -> Insn {
    let rv64 = xlen == Xlen::X64;
    let f3 = h >> 13;
    let rp = |lsb: u32| (((h >> lsb) & 7) + 8) as u8; // x8..x15
    let r = |lsb: u32| ((h >> lsb) & 31) as u8;
    match (h & 3, f3) {
        (0, _) if h == 0 => ins(2, Class::Trap, 0, 0, 0),
        (0, 0) => ins(2, Class::Alu, rp(2), 2, 0), // C.ADDI4SPN
        (0, 2) => ins(2, Class::LoadWord, rp(2), rp(7), 0), // C.LW
        (0, 3) if rv64 => ins(2, Class::LoadWord, rp(2), rp(7), 0), // C.LD
        (0, 6) => ins(2, Class::Store, 0, rp(7), rp(2)), // C.SW
        (0, 7) if rv64 => ins(2, Class::Store, 0, rp(7), rp(2)), // C.SD
        (1, 0) => ins(2, Class::Alu, r(7), r(7), 0), // C.ADDI / C.NOP
        (1, 1) if rv64 => ins(2, Class::Alu, r(7), r(7), 0), // C.ADDIW
        (1, 1) => ins(2, Class::Jump, 1, 0, 0),    // C.JAL (RV32 only)
        (1, 2) => ins(2, Class::Alu, r(7), 0, 0),  // C.LI
        (1, 3) => ins(2, Class::Alu, r(7), r(7), 0), // C.LUI / C.ADDI16SP
        (1, 4) => {
            // C.SRLI, C.SRAI, C.ANDI, C.SUB, C.XOR, C.OR, C.AND; with bit 12 set, C.SUBW and
            // C.ADDW on RV64 (reserved on RV32).
            let reg_op = (h >> 10) & 3 == 3;
            if reg_op && h & (1 << 12) != 0 && !(rv64 && (h >> 5) & 3 < 2) {
                return ins(2, Class::Trap, 0, 0, 0);
            }
            ins(2, Class::Alu, rp(7), rp(7), if reg_op { rp(2) } else { 0 })
        }
        (1, 5) => ins(2, Class::Jump, 0, 0, 0), // C.J
        (1, 6) | (1, 7) => ins(
            2,
            Class::Branch {
                backward: h & (1 << 12) != 0,
            },
            0,
            rp(7),
            0,
        ), // C.BEQZ/BNEZ
        (2, 0) => ins(2, Class::Alu, r(7), r(7), 0), // C.SLLI
        (2, 2) => ins(2, Class::LoadWord, r(7), 2, 0), // C.LWSP
        (2, 3) if rv64 => ins(2, Class::LoadWord, r(7), 2, 0), // C.LDSP
        (2, 4) => {
            let (rd, rs2) = (r(7), r(2));
            match (h & (1 << 12) != 0, rs2 == 0) {
                (false, true) => ins(2, Class::Jump, 0, rd, 0), // C.JR
                (false, false) => ins(2, Class::Alu, rd, rs2, 0), // C.MV
                (true, true) if rd == 0 => ins(2, Class::Trap, 0, 0, 0), // C.EBREAK
                (true, true) => ins(2, Class::Jump, 1, rd, 0),  // C.JALR
                (true, false) => ins(2, Class::Alu, rd, rd, rs2), // C.ADD
            }
        }
        (2, 6) => ins(2, Class::Store, 0, 2, r(2)), // C.SWSP
        (2, 7) if rv64 => ins(2, Class::Store, 0, 2, r(2)), // C.SDSP
        _ => ins(2, Class::Trap, 0, 0, 0),          // F/D forms: not in IMAC
    }
}

/// Decodes every instruction of a basic block (a final cut instruction is dropped).
pub fn decode_block(code: &[u8], xlen: Xlen) -> Vec<Insn> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(i) = decode(&code[at..], xlen) {
        at += i.len as usize;
        out.push(i);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d32(w: u32) -> Insn {
        decode(&w.to_le_bytes(), Xlen::X32).unwrap()
    }
    fn d16(h: u16) -> Insn {
        decode(&h.to_le_bytes(), Xlen::X32).unwrap()
    }
    fn d32_64(w: u32) -> Insn {
        decode(&w.to_le_bytes(), Xlen::X64).unwrap()
    }
    fn d16_64(h: u16) -> Insn {
        decode(&h.to_le_bytes(), Xlen::X64).unwrap()
    }

    #[test]
    fn base_encodings() {
        // addi a0, a1, 1
        assert_eq!(d32(0x0015_8513), ins(4, Class::Alu, 10, 11, 0));
        // lw a0, 4(a1)
        assert_eq!(d32(0x0045_a503), ins(4, Class::LoadWord, 10, 11, 0));
        // lbu a0, 0(a1)
        assert_eq!(d32(0x0005_c503).class, Class::LoadSub);
        // sw a0, 8(sp)
        assert_eq!(d32(0x00a1_2423), ins(4, Class::Store, 0, 2, 10));
        // mul a0, a1, a2 / mulh a0, a1, a2 / divu a0, a1, a2
        assert_eq!(d32(0x02c5_8533), ins(4, Class::Mul, 10, 11, 12));
        assert_eq!(d32(0x02c5_9533).class, Class::Mul);
        assert_eq!(d32(0x02c5_d533).class, Class::Div);
        // beq a0, a1, -4 (backward) / bne a0, a1, +8 (forward)
        assert_eq!(d32(0xfeb5_0ee3).class, Class::Branch { backward: true });
        assert_eq!(d32(0x00b5_1463).class, Class::Branch { backward: false });
        // jal ra, 0 / jalr x0, 0(ra) (ret)
        assert_eq!(d32(0x0000_00ef).class, Class::Jump);
        assert_eq!(d32(0x0000_8067), ins(4, Class::Jump, 0, 1, 0));
        // ecall, ebreak, unimp (c.unimp = 0x0000)
        assert_eq!(d32(0x0000_0073).class, Class::Trap);
        assert_eq!(d32(0x0010_0073).class, Class::Trap);
        assert_eq!(d16(0x0000).class, Class::Trap);
    }

    #[test]
    fn compressed_encodings() {
        // c.li a0, 1 = 0x4505; c.addi a0, 1 = 0x0505; c.mv a0, a1 = 0x852e; c.add a0, a1 = 0x952e
        assert_eq!(d16(0x4505), ins(2, Class::Alu, 10, 0, 0));
        assert_eq!(d16(0x0505), ins(2, Class::Alu, 10, 10, 0));
        assert_eq!(d16(0x852e), ins(2, Class::Alu, 10, 11, 0));
        assert_eq!(d16(0x952e), ins(2, Class::Alu, 10, 10, 11));
        // c.lw a0, 0(a1) = 0x4188; c.sw a0, 0(a1) = 0xc188; c.lwsp a0, 0(sp) = 0x4502
        assert_eq!(d16(0x4188), ins(2, Class::LoadWord, 10, 11, 0));
        assert_eq!(d16(0xc188), ins(2, Class::Store, 0, 11, 10));
        assert_eq!(d16(0x4502), ins(2, Class::LoadWord, 10, 2, 0));
        // c.jr ra (ret) = 0x8082; c.jalr a0 = 0x9502; c.j = 0xa001
        assert_eq!(d16(0x8082), ins(2, Class::Jump, 0, 1, 0));
        assert_eq!(d16(0x9502), ins(2, Class::Jump, 1, 10, 0));
        assert_eq!(d16(0xa001).class, Class::Jump);
        // c.beqz a0, -2 (0xdd75: backward), c.bnez a0, +4 (0xe111: forward)
        assert_eq!(d16(0xdd75).class, Class::Branch { backward: true });
        assert_eq!(d16(0xe111).class, Class::Branch { backward: false });
        // c.ebreak
        assert_eq!(d16(0x9002).class, Class::Trap);
    }

    #[test]
    fn rv64_only_encodings() {
        // ld a0, 8(a1) and lwu a0, 0(a1): full-width loads on RV64 (lwu is a narrow load
        // to the RV32 decoder, where it does not exist).
        assert_eq!(d32_64(0x0085_b503), ins(4, Class::LoadWord, 10, 11, 0));
        assert_eq!(d32_64(0x0005_e503), ins(4, Class::LoadWord, 10, 11, 0));
        assert_eq!(d32(0x0005_e503).class, Class::LoadSub);
        // lbu a0, 0(a1) stays a narrow load on RV64
        assert_eq!(d32_64(0x0005_c503).class, Class::LoadSub);
        // sd a0, 16(sp)
        assert_eq!(d32_64(0x00a1_3823), ins(4, Class::Store, 0, 2, 10));
        // addiw a0, a0, 1 / slliw a0, a0, 3 (OP-IMM-32): ALU, reading rs1 only
        assert_eq!(d32_64(0x0015_051b), ins(4, Class::Alu, 10, 10, 0));
        assert_eq!(d32_64(0x0035_151b), ins(4, Class::Alu, 10, 10, 0));
        // addw a0, a1, a2 (OP-32): ALU
        assert_eq!(d32_64(0x00c5_853b), ins(4, Class::Alu, 10, 11, 12));
        // mulw a0, a1, a2: multiply; divw / divuw / remw a0, a1, a2: divide
        assert_eq!(d32_64(0x02c5_853b), ins(4, Class::Mul, 10, 11, 12));
        assert_eq!(d32_64(0x02c5_c53b), ins(4, Class::Div, 10, 11, 12));
        assert_eq!(d32_64(0x02c5_d53b).class, Class::Div);
        assert_eq!(d32_64(0x02c5_e53b).class, Class::Div);
        // The OP-32 opcodes do not exist on RV32.
        assert_eq!(d32(0x00c5_853b).class, Class::Trap);
        assert_eq!(d32(0x0015_051b).class, Class::Trap);
        // The RV32 forms keep their classes on RV64: mul, lw, sw, beq.
        assert_eq!(d32_64(0x02c5_8533).class, Class::Mul);
        assert_eq!(d32_64(0x0045_a503).class, Class::LoadWord);
        assert_eq!(d32_64(0x00a1_2423).class, Class::Store);
        assert_eq!(d32_64(0xfeb5_0ee3).class, Class::Branch { backward: true });
    }

    #[test]
    fn rv64_compressed_encodings() {
        // c.ld a0, 0(a1) = 0x6188 and c.sd a0, 0(a1) = 0xe188 (C.FLW / C.FSW on RV32: not IMAC)
        assert_eq!(d16_64(0x6188), ins(2, Class::LoadWord, 10, 11, 0));
        assert_eq!(d16_64(0xe188), ins(2, Class::Store, 0, 11, 10));
        assert_eq!(d16(0x6188).class, Class::Trap);
        assert_eq!(d16(0xe188).class, Class::Trap);
        // c.ldsp a0, 8(sp) = 0x6522 and c.sdsp a0, 8(sp) = 0xe42a
        assert_eq!(d16_64(0x6522), ins(2, Class::LoadWord, 10, 2, 0));
        assert_eq!(d16_64(0xe42a), ins(2, Class::Store, 0, 2, 10));
        assert_eq!(d16(0x6522).class, Class::Trap);
        // 0x2505 is c.addiw a0, 1 on RV64 but a c.jal on RV32: C.JAL does not exist on RV64.
        assert_eq!(d16_64(0x2505), ins(2, Class::Alu, 10, 10, 0));
        assert_eq!(d16(0x2505), ins(2, Class::Jump, 1, 0, 0));
        // c.subw a0, a1 = 0x9d0d and c.addw a0, a1 = 0x9d2d (reserved on RV32); 0x9d4d is
        // reserved on both.
        assert_eq!(d16_64(0x9d0d), ins(2, Class::Alu, 10, 10, 11));
        assert_eq!(d16_64(0x9d2d), ins(2, Class::Alu, 10, 10, 11));
        assert_eq!(d16(0x9d0d).class, Class::Trap);
        assert_eq!(d16_64(0x9d4d).class, Class::Trap);
        // c.sub a0, a1 = 0x8d0d is the same on both
        assert_eq!(d16_64(0x8d0d), ins(2, Class::Alu, 10, 10, 11));
        assert_eq!(d16(0x8d0d), ins(2, Class::Alu, 10, 10, 11));
        // A block: c.ld, c.addiw, ret decodes to three instructions of 2 bytes.
        let block: Vec<u8> = [0x6188u16, 0x2505, 0x8082]
            .iter()
            .flat_map(|h| h.to_le_bytes())
            .collect();
        let classes: Vec<Class> = decode_block(&block, Xlen::X64)
            .iter()
            .map(|i| i.class)
            .collect();
        assert_eq!(classes, [Class::LoadWord, Class::Alu, Class::Jump]);
    }
}
