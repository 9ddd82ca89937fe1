//! The one place that dispatches: measures a (target, scheme, strategy, opt-level) by
//! building the firmware and handing it to the scheme's family descriptor
//! ([`crate::families`]) or to a peer ([`crate::peers`]); checks a firmware for constant
//! time the same way; and measures any ELF's entry points.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::ct_check::CtReport;
use crate::elf::Image;
use crate::firmware::build_operations;
use crate::link::Firmware;
use crate::profile::{Isa, Profile};
use crate::record::{Cycles, Measurement, OpReport};
use crate::runkit::{open, Acc};
use crate::scheme::{CtRequest, Request};
use crate::Error;

/// Builds and measures one (target, scheme, strategy, opt-level); a strategy `peer:<name>`
/// measures that peer ([`crate::peers`]). With a board, each operation has its time.
pub fn measure(req: &Request) -> Result<Measurement, Error> {
    req.emulated_profile()?;
    if req.strategy.trim().starts_with(crate::peers::PREFIX) {
        let peer = crate::peers::parse(&req.strategy).ok_or_else(|| {
            let names: Vec<String> = crate::peers::PEERS.iter().map(|p| p.strategy()).collect();
            Error::Unknown(format!(
                "unknown peer {:?}: expected {}",
                req.strategy,
                names.join(", ")
            ))
        })?;
        let mut m = crate::peers::measure(req, peer, None)?;
        if let Some(b) = &req.board {
            b.stamp(&mut m.ops);
        }
        return Ok(m);
    }
    let fw = build(req)?;
    run(req, &fw)
}

/// Builds pqfit's firmware for `req` (not a peer's), each operation also linked alone.
pub fn build(req: &Request) -> Result<Firmware, Error> {
    let profile = req.emulated_profile()?;
    let ty = req.scheme.strategy_type(&req.strategy)?;
    let mut sel = req.scheme.selection(&ty);
    sel.rustflags = req.rustflags.clone();
    build_operations(&profile, &sel, &req.opt_level, req.target_dir.as_deref())
}

/// Measures pqfit's firmware `fw`, built for `req` by [`build`]; with a board, each
/// operation has its time.
pub fn run(req: &Request, fw: &Firmware) -> Result<Measurement, Error> {
    let profile = req.profile()?;
    let ty = req.scheme.strategy_type(&req.strategy)?;
    let mut m = (req.scheme.family().run)(req.scheme, &profile, req, &ty, fw)?;
    if let Some(b) = &req.board {
        b.stamp(&mut m.ops);
    }
    Ok(m)
}

/// Builds the firmware and checks every secret-handling operation for constant time
/// ([`crate::ct_check`]).
pub fn check(req: &CtRequest) -> Result<CtReport, Error> {
    if req.runs < 2 {
        return Err(Error::Unknown(
            "the constant-time check compares at least 2 runs".into(),
        ));
    }
    let profile = Profile::load(&req.target)?;
    if profile.isa == Isa::Host {
        return Err(Error::Unknown(
            "the host target is not emulated: the constant-time check runs on m0, m3, m4, rv32 and rv64"
                .into(),
        ));
    }
    let ty = req.scheme.strategy_type(&req.strategy)?;
    let mut sel = req.scheme.selection(&ty);
    sel.rustflags = req.rustflags.clone();
    let elf = build_operations(&profile, &sel, &req.opt_level, req.target_dir.as_deref())?.elf;
    let start = Instant::now();
    let ops = (req.scheme.family().ct_check)(req.scheme, &profile, req, &elf)?;
    Ok(CtReport {
        target: profile.name.clone(),
        scheme: req.scheme.name().into(),
        strategy: ty,
        opt_level: req.opt_level.clone(),
        ops,
        elf,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Measures named `extern "C"` entry points of any ELF (no arguments, each returning an
/// `int` status that must be 0): cycles, instructions and stack per entry, and the ELF's
/// flash and static RAM. The entries run in the order given on one machine, sharing static
/// state (so a keygen entry can feed a sign entry).
pub fn measure_elf(
    target: &str,
    elf: &Path,
    entries: &[String],
    instruction_limit: u64,
) -> Result<Measurement, Error> {
    measure_elf_on(&Profile::load(target)?, elf, entries, instruction_limit)
}

/// [`measure_elf`] on a given profile (a board's: [`crate::board::Board::profile`]).
pub fn measure_elf_on(
    profile: &Profile,
    elf: &Path,
    entries: &[String],
    instruction_limit: u64,
) -> Result<Measurement, Error> {
    measure_elf_reading(profile, elf, entries, instruction_limit, &[]).map(|(m, _)| m)
}

/// A symbol of the ELF to read back after the entries have run: its bytes, the symbol
/// table's size of them unless `len` is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElfRead {
    /// The symbol (an output buffer, say).
    pub symbol: String,
    /// How many bytes from its start; `None` for the symbol's size.
    pub len: Option<usize>,
}

/// [`measure_elf_on`], then the bytes of each of `reads` as the entries left them, so that
/// an ELF's outputs can be checked.
pub fn measure_elf_reading(
    profile: &Profile,
    elf: &Path,
    entries: &[String],
    instruction_limit: u64,
    reads: &[ElfRead],
) -> Result<(Measurement, Vec<Vec<u8>>), Error> {
    let profile = profile.clone();
    let bytes = std::fs::read(elf)?;
    let image = Image::parse(&bytes)?;
    let mut m = open(&profile, &bytes, &image)?;
    m.charge_unaligned()?;
    m.reset_statics()?;
    let mut ops = Vec::new();
    let mut total = (0u64, Duration::ZERO);
    for name in entries {
        let at = Image::address_of(&bytes, name)
            .ok_or_else(|| Error::Elf(format!("no entry point {name}")))?;
        let run = m.call(at, instruction_limit)?;
        if run.ret != 0 {
            return Err(Error::Status {
                entry: name.clone(),
                status: run.ret as i32,
            });
        }
        total.0 += run.instructions;
        total.1 += run.wall;
        let common = OpReport {
            target: profile.name.clone(),
            scheme: elf.display().to_string(),
            op: name.clone(),
            strategy: String::new(),
            cycles: Cycles::default(),
            instructions: 0,
            stack_bytes: 0,
            static_ram_bytes: image.static_ram,
            flash_bytes: image.flash,
            runs: 0,
            opt_level: String::new(),
            iterations: None,
            preparation: None,
            time: None,
            code: None,
            same_code_as: None,
        };
        ops.push(Acc { runs: vec![run] }.report(&common, name));
    }
    let mut outputs = Vec::new();
    for r in reads {
        let sym = image
            .symbol(&r.symbol)
            .ok_or_else(|| Error::Elf(format!("no symbol {} to read", r.symbol)))?;
        let len = r.len.unwrap_or(sym.size as usize);
        if len as u64 > sym.size && r.len.is_some() && sym.size != 0 {
            return Err(Error::Elf(format!(
                "{} is {} bytes; {len} asked",
                r.symbol, sym.size
            )));
        }
        outputs.push(m.read(sym.addr, len)?);
    }
    let measurement = Measurement {
        ops,
        emulated_instructions: total.0,
        emulation_seconds: total.1.as_secs_f64(),
        elf: elf.to_path_buf(),
        flash_by_crate: image.flash_by_crate(),
    };
    Ok((measurement, outputs))
}
