//! One fault: its site (model, dynamic instruction index, register, bit), how it is
//! applied to a bare machine, and how the outcome is classified against the fault-free
//! run.

use std::fmt;
use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::checkpoints::Point;
use super::setup::Subject;
use crate::emu::{Bare, Stop};
use crate::profile::Isa;
use crate::rv::{self, Xlen};
use crate::thumb;
use crate::Error;

/// A fault model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Model {
    /// The instruction is skipped (its effects never happen; the PC moves past it).
    Skip,
    /// One bit of a general register flips before the instruction executes.
    Register,
    /// One bit of a word just loaded from memory flips: the destination register of a
    /// load, right after the load executes.
    Load,
}

impl Model {
    /// Every model, in the order tables list them.
    pub const ALL: [Model; 3] = [Model::Skip, Model::Register, Model::Load];

    /// The name in sites, tables and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Model::Skip => "skip",
            Model::Register => "register",
            Model::Load => "load",
        }
    }

    /// The models a command-line word names: `skip`, `register`, `load`, `bitflip`
    /// (register and load), `both` or `all` (the three).
    pub fn parse_set(word: &str) -> Option<Vec<Model>> {
        Some(match word.trim() {
            "skip" => vec![Model::Skip],
            "register" | "reg" => vec![Model::Register],
            "load" => vec![Model::Load],
            "bitflip" => vec![Model::Register, Model::Load],
            "both" | "all" => Model::ALL.to_vec(),
            _ => return None,
        })
    }
}

/// Where and how one fault strikes: reproducible from these fields alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Site {
    /// The model.
    pub model: Model,
    /// The dynamic index (from 0) of the instruction the fault strikes: the skipped
    /// instruction, the instruction before which a register flips, or the load.
    pub index: u64,
    /// The register (Thumb r0..r14, RISC-V x1..x31); unused for a skip.
    pub reg: u8,
    /// The bit; unused for a skip.
    pub bit: u8,
}

impl fmt::Display for Site {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.model {
            Model::Skip => write!(f, "skip@{}", self.index),
            m => write!(f, "{}@{}:r{}:{}", m.name(), self.index, self.reg, self.bit),
        }
    }
}

impl std::str::FromStr for Site {
    type Err = String;
    /// Parses what [`Site`]'s `Display` prints: `skip@N`, `register@N:rR:B`, `load@N:rR:B`.
    fn from_str(s: &str) -> Result<Self, String> {
        let bad =
            || format!("bad fault site {s:?}: expected skip@N, register@N:rR:B or load@N:rR:B");
        let (model, rest) = s.trim().split_once('@').ok_or_else(bad)?;
        let model = match model {
            "skip" => Model::Skip,
            "register" | "reg" => Model::Register,
            "load" => Model::Load,
            _ => return Err(bad()),
        };
        let mut parts = rest.split(':');
        let index = parts.next().and_then(|n| n.parse().ok()).ok_or_else(bad)?;
        let (reg, bit) = if model == Model::Skip {
            (0, 0)
        } else {
            let reg = parts
                .next()
                .and_then(|r| r.strip_prefix('r').or(r.strip_prefix('x')))
                .and_then(|r| r.parse().ok())
                .ok_or_else(bad)?;
            let bit = parts.next().and_then(|b| b.parse().ok()).ok_or_else(bad)?;
            (reg, bit)
        };
        if parts.next().is_some() || reg > 31 || bit > 63 {
            return Err(bad());
        }
        Ok(Site {
            model,
            index,
            reg,
            bit,
        })
    }
}

/// How a faulted run ended, compared with the fault-free run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// Status Ok and the fault-free output.
    Same,
    /// A non-zero status (an `Err`), or the output wiped to zero: nothing released.
    Detected,
    /// An emulator exception (invalid access, undefined instruction) or the instruction
    /// budget exceeded.
    Crashed,
    /// Status Ok and an output that differs from the fault-free one.
    Released,
}

impl Class {
    /// Every class, in the order tables list them.
    pub const ALL: [Class; 4] = [
        Class::Same,
        Class::Detected,
        Class::Crashed,
        Class::Released,
    ];

    /// The name in tables.
    pub const fn name(self) -> &'static str {
        match self {
            Class::Same => "same",
            Class::Detected => "detected",
            Class::Crashed => "crashed",
            Class::Released => "released",
        }
    }
}

/// The outcome of one fault.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The fault.
    pub site: Site,
    /// The address of the instruction the fault strikes.
    pub pc: u64,
    /// The function holding it (demangled) and the offset into it.
    pub symbol: String,
    /// The offset into `symbol`.
    pub offset: u64,
    /// The class.
    pub class: Class,
    /// For a crash, what happened.
    pub detail: Option<String>,
}

/// What the classification compares with: the fault-free run.
pub struct Reference {
    /// Instructions of the fault-free call.
    pub instructions: u64,
    /// Its outputs.
    pub outputs: Vec<Vec<u8>>,
    /// Instructions a faulted run may take before it counts as crashed.
    pub budget: u64,
}

/// The instruction at `pc` of the subject's image: its length and the registers a load
/// there writes (none when it is not a load; never the stack pointer or PC).
pub fn decode_at(subject: &Subject, isa: Isa, pc: u64) -> Result<(u64, Vec<u8>), Error> {
    let code = subject
        .image
        .read(pc, 4)
        .or_else(|| subject.image.read(pc, 2))
        .ok_or_else(|| Error::Emulator(format!("no code at {pc:#x}")))?;
    let none = || Error::Emulator(format!("no instruction at {pc:#x}"));
    match isa {
        Isa::Thumb => {
            let i = thumb::decode(&code).ok_or_else(none)?;
            let loads = matches!(
                i.class,
                thumb::Class::Load | thumb::Class::Dual | thumb::Class::Multiple(_)
            );
            let written = if i.writeback {
                i.writes & !i.addr
            } else {
                i.writes
            };
            let dests = if loads {
                (0..15u8)
                    .filter(|&r| r != 13 && written & (1 << r) != 0)
                    .collect()
            } else {
                Vec::new()
            };
            Ok((u64::from(i.len), dests))
        }
        isa => {
            let xlen = if isa == Isa::Rv64 {
                Xlen::X64
            } else {
                Xlen::X32
            };
            let i = rv::decode(&code, xlen).ok_or_else(none)?;
            let loads = matches!(i.class, rv::Class::LoadWord | rv::Class::LoadSub);
            let dests = if loads && i.rd != 0 && i.rd != 2 {
                vec![i.rd]
            } else {
                Vec::new()
            };
            Ok((u64::from(i.len), dests))
        }
    }
}

/// The registers a register fault may strike: Thumb r0..r14, RISC-V x1..x31.
pub fn registers(isa: Isa) -> std::ops::RangeInclusive<u8> {
    if isa == Isa::Thumb {
        0..=14
    } else {
        1..=31
    }
}

/// The register width in bits.
pub fn width(isa: Isa) -> u8 {
    if isa == Isa::Rv64 {
        64
    } else {
        32
    }
}

/// Where a fault strikes in the fault-free run: its site, the address of the
/// instruction, the checkpoint to start from and which execution of the address after
/// it the instruction is, the address of the instruction after it (for a load: where the
/// load's own step ends), and the first checkpoint after the fault.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// The fault.
    pub site: Site,
    /// The address of instruction `site.index`.
    pub pc: u64,
    /// The checkpoint the run starts from (the last at or before the fault).
    pub from: usize,
    /// Which execution of `pc` it is, from 1, counted from checkpoint `from`; 0 when the
    /// checkpoint is the instruction itself.
    pub occurrence: u64,
    /// The address of instruction `site.index + 1` (0 when the call returns after it).
    pub next: u64,
    /// The first checkpoint after the fault and which execution of its address it is,
    /// counted from where the faulted run goes on (along the fault-free trace).
    pub rejoin: Option<(usize, u64)>,
}

/// Runs the machine from its checkpoint to just before the planned instruction:
/// natively, with a hook on its address only.
pub(super) fn position(m: &mut Bare, plan: &Plan) -> Result<(), Error> {
    m.load(plan.from)?;
    if plan.occurrence == 0 {
        return Ok(());
    }
    match m.run_to(plan.pc, plan.occurrence)? {
        Stop::Count => Ok(()),
        other => Err(Error::Emulator(format!(
            "the fault-free run ended ({other:?}) before instruction {} (execution {} of {:#x} from checkpoint {})",
            plan.site.index, plan.occurrence, plan.pc, plan.from
        ))),
    }
}

/// The same with unicorn's instruction count (exact, slower).
fn position_counted(m: &mut Bare, plan: &Plan) -> Result<(), Error> {
    m.flush()?;
    m.restore()?;
    if plan.site.index == 0 {
        return Ok(());
    }
    match m.run(plan.site.index) {
        Stop::Count if m.pc() == plan.pc => Ok(()),
        other => Err(Error::Emulator(format!(
            "the counted run stopped ({other:?}) at {:#x}, not at instruction {} ({:#x})",
            m.pc(),
            plan.site.index,
            plan.pc
        ))),
    }
}

/// Applies the fault to a positioned machine; `counted`: with unicorn's instruction
/// count (then the load's step is one counted instruction). Returns the instructions
/// executed so far, or how the run stopped early (a load that faulted).
fn apply(m: &mut Bare, plan: &Plan, len: u64, counted: bool) -> Result<Result<u64, Stop>, Error> {
    let site = plan.site;
    let flip = |m: &mut Bare| {
        let v = m.reg(site.reg) ^ (1u64 << site.bit);
        m.set_reg(site.reg, v)
    };
    Ok(Ok(match site.model {
        Model::Skip => {
            m.set_pc(plan.pc + len)?;
            site.index + 1
        }
        Model::Register => {
            flip(m)?;
            site.index
        }
        Model::Load => {
            let step = if counted || plan.next == 0 || plan.next == plan.pc {
                m.run(1)
            } else {
                m.run_to(plan.next, 1)?
            };
            match step {
                Stop::Count => flip(m)?,
                other => return Ok(Err(other)),
            }
            site.index + 1
        }
    }))
}

/// Runs a faulted machine on natively, stopping at each later checkpoint: `None` when
/// its state is the checkpoint's (the rest of the call is the fault-free run's), else
/// how the run stopped (returned, an exception, or [`Stop::Count`]: out of time).
fn run_on(
    m: &mut Bare,
    plan: &Plan,
    points: &[Point],
    timeout_us: u64,
) -> Result<Option<Stop>, Error> {
    let start = Instant::now();
    let left = |start: Instant| {
        timeout_us
            .saturating_sub(start.elapsed().as_micros() as u64)
            .max(1)
    };
    let mut next = plan.rejoin;
    while let Some((slot, occurrence)) = next {
        let p = points[slot];
        match m.run_until(p.pc, occurrence, left(start))? {
            (Stop::Count, true) => {
                if m.is_at(slot)? {
                    return Ok(None);
                }
                next = points.get(slot + 1).map(|q| (slot + 1, q.occurrence));
            }
            (stop, _) => return Ok(Some(stop)),
        }
    }
    Ok(Some(m.run_native(left(start))))
}

/// Positions the machine, applies the planned fault, runs to the end (or until its state
/// is the fault-free run's at a checkpoint) and classifies the outcome. The run goes natively under a wall-clock limit (`timeout_us`); one that has
/// not returned by then is run again exactly, with unicorn's instruction count and the
/// budget of `reference.budget` instructions: past it, it has crashed.
pub fn strike(
    m: &mut Bare,
    subject: &Subject,
    reference: &Reference,
    points: &[Point],
    plan: &Plan,
    timeout_us: u64,
) -> Result<Outcome, Error> {
    let site = plan.site;
    position(m, plan)?;
    let (len, dests) = decode_at(subject, m.isa(), plan.pc)?;
    if site.model == Model::Load && !dests.contains(&site.reg) {
        return Err(Error::Unknown(format!(
            "{site}: instruction {} (at {:#x}) is no load into r{}",
            site.index, plan.pc, site.reg
        )));
    }
    let stop = match apply(m, plan, len, false)? {
        Ok(_) => run_on(m, plan, points, timeout_us)?,
        Err(early) => Some(early),
    };
    let Some(mut stop) = stop else {
        let (symbol, offset) = subject.symbol_of(plan.pc);
        return Ok(Outcome {
            site,
            pc: plan.pc,
            symbol,
            offset,
            class: Class::Same,
            detail: None,
        });
    };
    if stop == Stop::Count {
        position_counted(m, plan)?;
        stop = match apply(m, plan, len, true)? {
            Ok(done) => m.run(reference.budget.saturating_sub(done)),
            Err(early) => early,
        };
    }
    let (class, detail) = match stop {
        Stop::Exception(e) => (Class::Crashed, Some(e)),
        Stop::Count => (
            Class::Crashed,
            Some(format!(
                "instruction budget of {} exceeded (pc {:#x})",
                reference.budget,
                m.pc()
            )),
        ),
        Stop::Returned => {
            let ret = m.reg(if m.isa() == Isa::Thumb { 0 } else { 10 }) as u32;
            let out = subject.read_outputs(m)?;
            if ret != 0 || out.iter().all(|o| o.iter().all(|&b| b == 0)) {
                (Class::Detected, None)
            } else if out == reference.outputs {
                (Class::Same, None)
            } else {
                (Class::Released, None)
            }
        }
    };
    let (symbol, offset) = subject.symbol_of(plan.pc);
    Ok(Outcome {
        site,
        pc: plan.pc,
        symbol,
        offset,
        class,
        detail,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_site_reads_back_as_printed() {
        for s in [
            Site {
                model: Model::Skip,
                index: 7,
                reg: 0,
                bit: 0,
            },
            Site {
                model: Model::Register,
                index: 0,
                reg: 13,
                bit: 31,
            },
            Site {
                model: Model::Load,
                index: 123_456,
                reg: 1,
                bit: 63,
            },
        ] {
            assert_eq!(s.to_string().parse::<Site>(), Ok(s));
        }
        for bad in [
            "skip",
            "skip@x",
            "load@1:r2",
            "register@1:r40:3",
            "flip@1:r1:1",
            "skip@1:r1",
        ] {
            assert!(bad.parse::<Site>().is_err(), "{bad}");
        }
        assert_eq!(
            Model::parse_set("bitflip"),
            Some(vec![Model::Register, Model::Load])
        );
        assert_eq!(Model::parse_set("both").map(|v| v.len()), Some(3));
        assert_eq!(Model::parse_set("glitch"), None);
    }
}
