//! Target profiles and the emulator-based measurement harness of pqfit.
//!
//! The modules in layers, each using only those above it in this list (CI checks that
//! no import runs in a circle: `scripts/check-module-cycles.sh`):
//!
//! 1. Data and decoders: [`profile`] (one TOML file per target in `profiles/targets/`),
//!    [`timing`] (a board's flash interface), [`op`] (the operations), [`elf`], the
//!    instruction classifiers [`thumb`] and [`rv`], and [`trace`] (execution traces).
//! 2. Cost models and records: [`cost`] (the block cost model) and [`cost_rv64`] (its
//!    dual-issue form), [`fetch`] (flash wait states behind prefetch and caches), and
//!    [`record`] (the figures a measurement reports).
//! 3. Machine and build: [`emu`] (unicorn-engine with the cycle model and stack painting),
//!    [`attribution`] (cycles per block and function), [`board`] (a real board extending a
//!    profile), [`link`] (each operation linked alone) and [`firmware`] (the build).
//! 4. The vocabulary and the shared run kit: [`mod@scheme`] (the family descriptor type,
//!    parameter sets, requests) and [`runkit`] (buffers, machines, host comparison).
//! 5. Runners by kind: [`signature`], [`kem`], the constant-time engine [`ct_check`], and
//!    fault injection [`faults`] (each fault on a bare machine, [`emu::Bare`]).
//! 6. [`families`]: one descriptor per family (ML-DSA, CROSS, NTRU Prime).
//! 7. [`peers`]: other implementations in the same firmware and harness.
//! 8. [`mod@measure`]: the one place that dispatches a measurement or a check.
//!
//! The method and its limits are in `docs/measurement.md`; adding a family in
//! `docs/architecture.md`.

pub mod attribution;
pub mod board;
pub mod cost;
pub mod cost_rv64;
pub mod ct_check;
pub mod elf;
pub mod emu;
pub mod families;
pub mod faults;
pub mod fetch;
pub mod firmware;
pub mod kem;
pub mod link;
pub mod measure;
pub mod op;
pub mod peers;
pub mod pqm4;
pub mod profile;
pub mod record;
pub mod runkit;
pub mod rv;
pub mod scheme;
pub mod signature;
pub mod thumb;
pub mod timing;
pub mod trace;

pub use families::scheme;
pub use measure::{measure, measure_elf, measure_elf_on, measure_elf_reading, ElfRead};
pub use op::Op;
pub use profile::Profile;
pub use record::{Measurement, OpReport, Preparation};
pub use scheme::{CtRequest, Family, Kind, Promise, Promised, Request, Scheme};

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
    /// An entry point of an ELF returned a non-zero status.
    Status {
        /// The entry point.
        entry: String,
        /// What it returned.
        status: i32,
    },
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
            Error::Status { entry, status } => {
                write!(f, "{entry} returned status {status} (0 is success)")
            }
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
