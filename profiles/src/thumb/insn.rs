//! What the classifier says of an instruction ([`Insn`]), and the field helpers the
//! decoders share.

/// A register set as a bit mask (bit n = Rn; 13 = SP, 14 = LR, 15 = PC).
pub type Regs = u16;

pub(super) const PC: u16 = 15;

pub(super) fn bit(r: u16) -> Regs {
    1 << r
}

/// What kind of control transfer ends an instruction, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branch {
    /// B, Bcc, BX LR, BLX LR: the target issued from decode (ARM DDI 0337, table 15-3).
    Plain,
    /// CBZ/CBNZ, BX/BLX of a register other than LR, MOV/ADD to PC: the target issued
    /// from execute.
    Execute,
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
    /// VLDR/VSTR (one single or double register).
    VfpSingle,
    /// VLDM/VSTM/VPUSH/VPOP moving this many words.
    VfpMultiple(u8),
    /// VMOV between two core registers and two singles or a double.
    VfpPair,
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
    pub(super) fn new(len: u8, class: Class) -> Self {
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
    pub(super) fn w(mut self, regs: Regs) -> Self {
        self.writes |= regs;
        self
    }
    pub(super) fn a(mut self, regs: Regs) -> Self {
        self.addr |= regs;
        self
    }
    pub(super) fn br(mut self, b: Branch) -> Self {
        self.branch = Some(b);
        self
    }
    /// A load or store whose destination set includes PC becomes a `LoadPc` branch.
    pub(super) fn pc_check(mut self) -> Self {
        if self.writes & bit(PC) != 0 && self.branch.is_none() {
            self.branch = Some(if matches!(self.class, Class::Alu) {
                Branch::Execute
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

pub(super) fn r(hw: u16, lsb: u32) -> u16 {
    (hw >> lsb) & 7
}

pub(super) fn r4(hw: u16, lsb: u32) -> u16 {
    (hw >> lsb) & 15
}
