//! The kit every runner shares: the firmware's buffers and entry points, a machine per
//! operation, the comparison with the host, and the reports of the runs.

use std::time::Duration;

use crate::elf::Image;
use crate::emu::{Machine, Run, StackRegion};
use crate::link::Firmware;
use crate::op::Op;
use crate::profile::Profile;
use crate::record::{Cycles, Measurement, OpReport};
use crate::scheme::Request;
use crate::Error;

/// A deterministic byte stream for the fixed inputs (splitmix64).
pub(crate) fn fill(seed: u64, out: &mut [u8]) {
    let mut s = seed;
    for chunk in out.chunks_mut(8) {
        s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        chunk.copy_from_slice(&z.to_le_bytes()[..chunk.len()]);
    }
}

/// A buffer of the firmware: address and size from its symbol.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Buf {
    pub(crate) addr: u64,
    pub(crate) size: u64,
}

pub(crate) fn buf(image: &Image, name: &str, size: Option<usize>) -> Result<Buf, Error> {
    let s = image
        .symbol(name)
        .ok_or_else(|| Error::Elf(format!("no symbol {name}")))?;
    if let Some(n) = size {
        if s.size != n as u64 {
            return Err(Error::Elf(format!(
                "{name} is {} bytes, expected {n}",
                s.size
            )));
        }
    }
    Ok(Buf {
        addr: s.addr,
        size: s.size,
    })
}

pub(crate) fn entry(image: &Image, name: &str) -> Result<u64, Error> {
    image
        .symbol(name)
        .map(|s| s.addr)
        .ok_or_else(|| Error::Elf(format!("no entry point {name}")))
}

/// Collects per-run figures for one operation.
#[derive(Default)]
pub(crate) struct Acc {
    pub(crate) runs: Vec<Run>,
}

impl Acc {
    pub(crate) fn report(&self, common: &OpReport, op: &str) -> OpReport {
        let cyc: Vec<u64> = self.runs.iter().map(|r| r.cycles).collect();
        let n = cyc.len().max(1) as u64;
        let mut r = common.clone();
        r.op = op.into();
        r.cycles = Cycles {
            min: cyc.iter().copied().min().unwrap_or(0),
            avg: (cyc.iter().sum::<u64>() + n / 2) / n,
            max: cyc.iter().copied().max().unwrap_or(0),
        };
        r.instructions = (self.runs.iter().map(|r| r.instructions).sum::<u64>() + n / 2) / n;
        r.stack_bytes = self.runs.iter().map(|r| r.stack_bytes).max().unwrap_or(0);
        r.runs = self.runs.len();
        r
    }
}

/// Opens the machine for an image, its stack from [`stack_region`].
pub(crate) fn open(profile: &Profile, bytes: &[u8], image: &Image) -> Result<Machine, Error> {
    let stack = stack_region(profile, bytes, image);
    let mut machine = Machine::new(profile, image, stack)?;
    machine.panic_range = image
        .symbol("pqfit_fw_panic")
        .map(|s| (s.addr, s.addr + s.size.max(2)));
    Ok(machine)
}

/// The stack of an image: `_stack_start.._stack_top` when the ELF defines them, else
/// from the end of the loaded RAM contents to the end of RAM.
pub(crate) fn stack_region(profile: &Profile, bytes: &[u8], image: &Image) -> StackRegion {
    let m = profile.memory;
    let ram = m.ram_origin..m.ram_origin + m.ram_bytes;
    match (
        Image::address_of(bytes, "_stack_start"),
        Image::address_of(bytes, "_stack_top"),
    ) {
        (Some(bottom), Some(top)) => StackRegion { bottom, top },
        _ => {
            let used = image
                .segments
                .iter()
                .filter(|s| ram.contains(&s.vaddr))
                .map(|s| s.vaddr + s.mem_size)
                .max()
                .unwrap_or(m.ram_origin);
            StackRegion {
                bottom: (used + 7) & !7,
                top: ram.end,
            }
        }
    }
}

/// An output of the target must equal the host's.
pub(crate) fn compare(what: String, got: &[u8], want: &[u8]) -> Result<(), Error> {
    if got == want {
        return Ok(());
    }
    let at = got.iter().zip(want).position(|(a, b)| a != b).unwrap_or(0);
    let show = |v: &[u8]| {
        v.iter()
            .skip(at)
            .take(8)
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    };
    Err(Error::Mismatch(format!(
        "{what}: first difference at byte {at} of {} (target {}.., host {}..)",
        want.len(),
        show(got),
        show(want)
    )))
}

/// An entry point must return 0, as the host call succeeded.
pub(crate) fn status(op: &str, run: &Run) -> Result<(), Error> {
    if run.ret == 0 {
        Ok(())
    } else {
        Err(Error::Mismatch(format!(
            "{op} returned {} on the target, 0 on the host",
            run.ret
        )))
    }
}

/// What every operation of one firmware shares (the figures come per operation):
/// its flash, and its static RAM without the harness's `io_bytes` of buffers.
pub(crate) fn firmware_report(
    profile: &Profile,
    req: &Request,
    strategy: &str,
    image: &Image,
    io_bytes: u64,
) -> OpReport {
    OpReport {
        target: profile.name.clone(),
        scheme: req.scheme.name().into(),
        op: String::new(),
        strategy: strategy.into(),
        cycles: Cycles::default(),
        instructions: 0,
        stack_bytes: 0,
        static_ram_bytes: image.static_ram.saturating_sub(io_bytes),
        flash_bytes: image.flash,
        runs: 0,
        opt_level: req.opt_level.clone(),
        iterations: None,
        preparation: None,
        time: None,
        code: None,
        same_code_as: None,
    }
}

/// One operation's own ELF ([`crate::link`]) on a machine of its own.
pub(crate) struct OpMachine {
    pub(crate) image: Image,
    pub(crate) m: Machine,
    /// The operation's entry points, in [`Op::entries`]' order.
    pub(crate) entries: Vec<u64>,
}

impl OpMachine {
    pub(crate) fn open(profile: &Profile, fw: &Firmware, op: Op) -> Result<Self, Error> {
        let bytes = std::fs::read(fw.elf_of(op.name()))?;
        let image = Image::parse(&bytes)?;
        let entries = op
            .entries()
            .iter()
            .map(|name| entry(&image, name))
            .collect::<Result<_, _>>()?;
        let mut m = open(profile, &bytes, &image)?;
        if fw.charge_unaligned {
            m.charge_unaligned()?;
        }
        Ok(OpMachine { image, m, entries })
    }

    /// The address of the harness buffer `name`, which must be `size` bytes.
    pub(crate) fn buf(&self, name: &str, size: usize) -> Result<u64, Error> {
        buf(&self.image, name, Some(size)).map(|b| b.addr)
    }

    /// The address of the message buffer (its size is checked on the whole firmware).
    pub(crate) fn msg(&self) -> Result<u64, Error> {
        buf(&self.image, "PQFIT_MSG", None).map(|b| b.addr)
    }
}

/// The measurement of the operations: a report for each that ran, one without runs for
/// each left out (`skip`, to be filled from the run of the same code), and the emulator
/// totals.
pub(crate) fn finish(
    common: &OpReport,
    ops: Vec<(Acc, Op)>,
    skip: &[String],
    fw: &Firmware,
    image: &Image,
) -> Measurement {
    let all: Vec<&Run> = ops.iter().flat_map(|(acc, _)| &acc.runs).collect();
    let reports = ops
        .iter()
        .filter(|(acc, op)| {
            !acc.runs.is_empty()
                || (skip.iter().any(|s| s == op.name()) && fw.code_of(op.name()).is_some())
        })
        .map(|(acc, op)| {
            let mut r = acc.report(common, op.name());
            r.code = fw.code_of(op.name()).map(String::from);
            r
        })
        .collect();
    Measurement {
        ops: reports,
        emulated_instructions: all.iter().map(|r| r.instructions).sum(),
        emulation_seconds: all.iter().map(|r| r.wall).sum::<Duration>().as_secs_f64(),
        elf: fw.elf.clone(),
        flash_by_crate: image.flash_by_crate(),
    }
}
