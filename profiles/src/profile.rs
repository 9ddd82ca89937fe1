//! Target profiles: one TOML file per target in `profiles/targets/` (triple, CPU, reference
//! board, emulated memory map, clock and cycle model). A user adds a target by adding a file.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::Error;

/// The instruction set a profile emulates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Isa {
    /// Thumb / Thumb-2 on an M-profile Arm core.
    Thumb,
    /// RV32 with the C and M extensions.
    Rv32,
    /// RV64 with the C and M extensions.
    Rv64,
    /// The host: not emulated.
    Host,
}

/// The reference board whose budget a build is compared against.
#[derive(Clone, Debug, Deserialize)]
pub struct Board {
    /// Board or part name.
    pub name: String,
    /// On-chip flash in bytes.
    pub flash_bytes: u64,
    /// RAM in bytes.
    pub ram_bytes: u64,
}

/// The emulated memory map (the firmware's linker script must agree).
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct MemoryMap {
    /// Start of flash.
    pub flash_origin: u64,
    /// Emulated flash length.
    pub flash_bytes: u64,
    /// Start of RAM.
    pub ram_origin: u64,
    /// Emulated RAM length.
    pub ram_bytes: u64,
}

/// Cycle costs for Thumb cores (see docs/measurement.md for the rules).
#[derive(Clone, Debug, Deserialize)]
pub struct ThumbCosts {
    /// Data processing, moves, IT, hints.
    pub alu: u32,
    /// MUL.
    pub mul: u32,
    /// MLA, MLS.
    pub mla: u32,
    /// UMULL/SMULL `[min, max]`; data dependent when they differ.
    pub mull: [u32; 2],
    /// UMLAL/SMLAL/UMAAL `[min, max]`.
    pub mlal: [u32; 2],
    /// UDIV/SDIV `[min, max]`.
    pub div: [u32; 2],
    /// Single load.
    pub load: u32,
    /// Single load directly after a pipelinable load.
    pub load_pipelined: u32,
    /// Store with immediate offset.
    pub store_imm: u32,
    /// Store with register offset.
    pub store_reg: u32,
    /// Store with register offset directly after a load.
    pub store_reg_after_load: u32,
    /// Extra cycles when an address register was written by the previous instruction.
    pub address_dependency: u32,
    /// LDRD/STRD.
    pub dual: u32,
    /// LDM/STM/PUSH/POP cost before adding one per register.
    pub multiple: u32,
    /// A branch before its taken penalty.
    pub branch: u32,
    /// BL before its taken penalty.
    pub bl: u32,
    /// Pipeline refill for a taken B/Bcc/BL and BX/BLX LR (target issued from decode).
    pub taken_penalty: u32,
    /// Pipeline refill for a taken CBZ/CBNZ, BX/BLX of another register, MOV/ADD pc
    /// (target issued from execute).
    pub taken_penalty_execute: u32,
    /// Pipeline refill for POP {pc}, LDR pc, TBB/TBH.
    pub load_pc_penalty: u32,
    /// Extra when a taken branch lands on a 32-bit instruction at an address = 2 mod 4.
    pub unaligned_target_penalty: u32,
    /// VLDR/VSTR.
    pub vfp_single: u32,
    /// VLDM/VSTM/VPUSH/VPOP cost before adding one per word moved.
    pub vfp_multiple: u32,
    /// VMOV between two core registers and two singles or a double.
    pub vfp_pair: u32,
    /// Extra cycles per additional bus transfer of an unaligned LDR/STR/LDRH/STRH/LDRSH
    /// (a halfword-aligned word is two halfword transfers, a byte-aligned word three, a
    /// byte-aligned halfword two); 0 where unaligned accesses fault (ARMv6-M).
    pub unaligned_access: u32,
}

/// Cycle costs for RV32 cores (in-order, single issue, bypassed).
#[derive(Clone, Debug, Deserialize)]
pub struct Rv32Costs {
    /// Issue cost of every instruction.
    pub alu: u32,
    /// LW result latency.
    pub load_word_latency: u32,
    /// LH/LHU/LB/LBU result latency.
    pub load_sub_latency: u32,
    /// MUL* result latency.
    pub mul_latency: u32,
    /// Cycles the multiplier stays busy.
    pub mul_busy: u32,
    /// DIV/REM latency charged.
    pub div_latency: u32,
    /// Penalty of a mispredicted conditional branch (static BTFN prediction).
    pub mispredict_penalty: u32,
    /// Penalty of a jump (JAL/JALR).
    pub jump_penalty: u32,
}

/// Cycle costs for RV64 cores: in-order, up to `issue_width` instructions per cycle, with
/// an optional late ALU (the SiFive 7 series; see docs/measurement.md for the rules).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rv64Costs {
    /// Instructions issued per cycle: 1 or 2. Two may pair when neither reads or writes
    /// the other's destination and they need different pipes (memory on pipe A; branches,
    /// jumps, multiplies and divides on pipe B; ALU operations on either).
    pub issue_width: u32,
    /// Cycles from a load's issue to the issue of an instruction that needs its result
    /// early: an address, a multiply or divide operand, a jump target.
    pub load_latency: u32,
    /// The same for multiplies (MUL*, MULW).
    pub mul_latency: u32,
    /// Cycles the multiplier stays busy (1: fully pipelined).
    pub mul_busy: u32,
    /// DIV*/REM* latency charged (the worst case); the divider is busy that long.
    pub div_latency: u32,
    /// An ALU operation, branch or store-data operand takes a load, multiply or late-ALU
    /// result from the previous cycle without a stall (the operation runs two stages later).
    pub late_alu: bool,
    /// Cycles from the issue of an ALU operation that ran late to the issue of an
    /// instruction that needs its result early.
    pub late_alu_latency: u32,
    /// Penalty of a mispredicted conditional branch (static BTFN prediction).
    pub mispredict_penalty: u32,
    /// Penalty of a jump (JAL/JALR).
    pub jump_penalty: u32,
}

/// The widest issue the RV64 model supports.
pub const MAX_ISSUE_WIDTH: u32 = 2;

/// One target profile.
#[derive(Clone, Debug, Deserialize)]
pub struct Profile {
    /// Short name used on the command line (`m4`).
    pub name: String,
    /// One-line description.
    pub description: String,
    /// Rust target triple.
    pub triple: String,
    /// Instruction set.
    pub isa: Isa,
    /// CPU model name.
    pub cpu: String,
    /// Clock of the reference board in Hz.
    pub clock_hz: u64,
    /// Flash wait states of the reference board (recorded: the reference profiles are
    /// zero-wait-state models; a board file ([`crate::board`]) models them).
    pub flash_wait_states: u32,
    /// Reference board.
    pub board: Board,
    /// Emulated memory map.
    pub memory: MemoryMap,
    /// Thumb cost table.
    pub thumb: Option<ThumbCosts>,
    /// RV32 cost table.
    pub rv32: Option<Rv32Costs>,
    /// RV64 cost table.
    pub rv64: Option<Rv64Costs>,
    /// The flash timing the emulator charges: never in a profile file, set by a board
    /// ([`crate::board::Board::apply`]); `None` is the zero-wait-state reference model.
    #[serde(skip)]
    pub fetch: Option<crate::timing::FlashTiming>,
}

/// The directory holding the profile files (`profiles/targets`).
pub fn targets_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("targets")
}

impl Profile {
    /// Parses a profile from TOML text.
    pub fn from_toml(text: &str) -> Result<Self, Error> {
        let p: Profile = toml::from_str(text).map_err(|e| Error::Profile(e.to_string()))?;
        match p.isa {
            Isa::Thumb if p.thumb.is_none() => Err(Error::Profile(format!(
                "{}: a thumb profile needs [thumb]",
                p.name
            ))),
            Isa::Rv32 if p.rv32.is_none() => Err(Error::Profile(format!(
                "{}: an rv32 profile needs [rv32]",
                p.name
            ))),
            Isa::Rv64 => match &p.rv64 {
                None => Err(Error::Profile(format!(
                    "{}: an rv64 profile needs [rv64]",
                    p.name
                ))),
                Some(t) if !(1..=MAX_ISSUE_WIDTH).contains(&t.issue_width) => {
                    Err(Error::Profile(format!(
                        "{}: [rv64] issue_width = {} (the model issues 1 to {MAX_ISSUE_WIDTH})",
                        p.name, t.issue_width
                    )))
                }
                Some(t) if t.load_latency == 0 || t.mul_latency == 0 || t.div_latency == 0 => {
                    Err(Error::Profile(format!(
                        "{}: [rv64] latencies must be at least 1 cycle",
                        p.name
                    )))
                }
                Some(_) => Ok(p),
            },
            _ => Ok(p),
        }
    }

    /// The target's pointer width in bits: 64 for RV64 and the host, 32 otherwise.
    pub fn pointer_width(&self) -> u32 {
        match self.isa {
            Isa::Rv64 | Isa::Host => 64,
            Isa::Thumb | Isa::Rv32 => 32,
        }
    }

    /// Loads `profiles/targets/<name>.toml`.
    pub fn load(name: &str) -> Result<Self, Error> {
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(Error::Profile(format!("bad target name {name:?}")));
        }
        let path = targets_dir().join(format!("{name}.toml"));
        let text = std::fs::read_to_string(&path).map_err(|e| {
            Error::Profile(format!(
                "unknown target {name:?} ({}: {e}); known: {}",
                path.display(),
                Self::names().join(", ")
            ))
        })?;
        Self::from_toml(&text)
    }

    /// The names of every profile file.
    pub fn names() -> Vec<String> {
        toml_stems(&targets_dir())
    }
}

/// The stems of the `.toml` files in `dir`, sorted (none when it cannot be read).
pub(crate) fn toml_stems(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let p = e.path();
            (p.extension()? == "toml").then(|| p.file_stem()?.to_str().map(str::to_owned))?
        })
        .collect();
    names.sort();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_profile_parses_and_has_its_table() {
        let names = Profile::names();
        for n in ["m0", "m3", "m4", "rv32", "rv64", "host"] {
            assert!(names.iter().any(|x| x == n), "missing profile {n}");
        }
        for n in &names {
            let p = Profile::load(n).unwrap();
            assert_eq!(&p.name, n);
            match p.isa {
                Isa::Thumb => assert!(p.thumb.is_some()),
                Isa::Rv32 => assert!(p.rv32.is_some()),
                Isa::Rv64 => assert!(p.rv64.is_some()),
                Isa::Host => {}
            }
        }
        assert_eq!(Profile::load("m3").unwrap().thumb.unwrap().mull, [3, 5]);
        assert!(Profile::load("nope").is_err());
    }

    #[test]
    fn rv64_profile_parses_with_its_dual_issue_table() {
        let p = Profile::load("rv64").unwrap();
        assert_eq!(p.isa, Isa::Rv64);
        assert_eq!(p.triple, "riscv64imac-unknown-none-elf");
        let t = p.rv64.unwrap();
        assert_eq!(t.issue_width, 2);
        assert_eq!((t.load_latency, t.mul_latency, t.mul_busy), (3, 3, 1));
        assert!(t.late_alu);
        assert!(p.rv32.is_none() && p.thumb.is_none());
        // The RV32 profile keeps its single-issue table.
        assert!(Profile::load("rv32").unwrap().rv64.is_none());
    }

    #[test]
    fn bad_rv64_tables_are_errors() {
        let text = std::fs::read_to_string(targets_dir().join("rv64.toml")).unwrap();
        // No table.
        let cut = text.split("[rv64]").next().unwrap();
        let e = Profile::from_toml(cut).unwrap_err().to_string();
        assert!(e.contains("needs [rv64]"), "{e}");
        // Out-of-range issue width.
        let wide = text.replace("issue_width = 2", "issue_width = 4");
        let e = Profile::from_toml(&wide).unwrap_err().to_string();
        assert!(e.contains("issue_width = 4"), "{e}");
        // A missing field and a misspelt one.
        let missing = text.replace("late_alu = true", "");
        assert!(Profile::from_toml(&missing).is_err());
        let typo = text.replace("mul_busy", "mul_bsy");
        assert!(Profile::from_toml(&typo).is_err());
        // Zero latency.
        let zero = text.replace("load_latency = 3", "load_latency = 0");
        assert!(Profile::from_toml(&zero).is_err());
    }
}
