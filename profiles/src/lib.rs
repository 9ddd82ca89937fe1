//! Target profiles and the emulator-based measurement harness of pqfit.
//!
//! - [`profile`]: one TOML file per target in `profiles/targets/` (triple, CPU, board,
//!   memory map, clock, cycle model).
//! - [`board`]: a real board extending a profile (clock, flash wait states, prefetch and
//!   caches, memory sizes); shipped ones in `profiles/boards/`.
//! - [`thumb`], [`rv`]: instruction classifiers; [`cost`]: the block cost model, and
//!   [`cost_rv64`] its dual-issue form for RV64 (SiFive U74 class).
//! - [`elf`]: segments, flash (text/rodata/data) and static RAM, symbols.
//! - [`attribution`]: cycles per basic block and per function symbol (profiling).
//! - [`trace`], [`ct_check`]: execution traces, and the constant-time check that compares
//!   them across runs with different secrets on the real firmware.
//! - [`fetch`]: a board's flash wait states behind its prefetch buffer and caches.
//! - [`emu`]: unicorn-engine with the cycle model, stack painting and error handling.
//! - [`cross`]: the CROSS parameter sets as schemes of the harness.
//! - [`kem`]: the same for the NTRU Prime KEMs (keygen, encaps, decaps).
//! - [`mod@measure`]: builds the firmware (`profiles/firmware`) for a target, scheme and
//!   strategy, runs each operation and checks its outputs against the host, byte for byte.
//! - [`peers`]: other implementations (RustCrypto `ml-dsa`, `fips204`, `libcrux-ml-dsa`,
//!   PQClean's C) in the same firmware and harness, as strategies `peer:<name>`.
//!
//! The method and its limits are in `docs/measurement.md`.

pub mod attribution;
pub mod board;
pub mod cost;
pub mod cost_rv64;
pub mod cross;
pub mod ct_check;
pub mod elf;
pub mod emu;
pub mod fetch;
pub mod kem;
pub mod link;
pub mod measure;
pub mod peers;
pub mod profile;
pub mod rv;
pub mod thumb;
pub mod trace;

pub use measure::{
    measure, measure_elf, measure_elf_on, Family, Measurement, OpReport, Preparation, Request,
    Scheme,
};
pub use profile::Profile;

/// Everything that can go wrong; a measurement is a number only when none of these occurs.
#[derive(Debug)]
pub enum Error {
    /// A profile file is missing or malformed.
    Profile(String),
    /// The strategy or scheme name is not known.
    Unknown(String),
    /// The firmware did not build.
    Build(String),
    /// The ELF is malformed or does not fit the memory map.
    Elf(String),
    /// The emulator itself failed.
    Emulator(String),
    /// The code faulted (bad access, undefined instruction, panic).
    Fault {
        /// Why.
        reason: String,
        /// Program counter at the fault.
        pc: u64,
        /// Stack pointer at the fault.
        sp: u64,
    },
    /// The stack ran past its region.
    StackOverrun {
        /// The region's size.
        stack_bytes: u64,
    },
    /// More instructions than allowed (an endless loop, or a limit too low).
    InstructionLimit {
        /// The limit.
        limit: u64,
        /// Where it stopped.
        pc: u64,
    },
    /// An output differs from the host computation.
    Mismatch(String),
    /// I/O.
    Io(std::io::Error),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Profile(s) => write!(f, "profile: {s}"),
            Error::Unknown(s) => write!(f, "{s}"),
            Error::Build(s) => write!(f, "firmware build failed: {s}"),
            Error::Elf(s) => write!(f, "ELF: {s}"),
            Error::Emulator(s) => write!(f, "emulator: {s}"),
            Error::Fault { reason, pc, sp } => {
                write!(f, "fault: {reason} (pc {pc:#010x}, sp {sp:#010x})")
            }
            Error::StackOverrun { stack_bytes } => write!(
                f,
                "stack overrun: more than the {stack_bytes}-byte stack region"
            ),
            Error::InstructionLimit { limit, pc } => {
                write!(f, "instruction limit of {limit} reached (pc {pc:#010x}): endless loop or limit too low")
            }
            Error::Mismatch(s) => write!(f, "output differs from the host computation: {s}"),
            Error::Io(e) => write!(f, "I/O: {e}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Io(e)
    }
}
