//! Cycle attribution: where the modelled cycles of a call go, per basic block and per
//! function symbol, for finding what to optimise.
//!
//! [`profile_entries`] runs `extern "C"` entry points of an ELF in order on one machine
//! (sharing static state, as [`crate::measure_elf`] does) with per-block accumulation on,
//! and returns, per entry, the cycles of each block. [`by_symbol`] folds blocks into the
//! ELF's function symbols. With LTO most of a scheme is inlined into a few functions; for
//! source-level attribution build the firmware with line tables
//! (`CARGO_PROFILE_RELEASE_DEBUG=line-tables-only`, which does not change the code) and
//! map the block addresses with `addr2line -i` (the `profile` example of this crate does).
//!
//! Operand-dependent cycles (M3 long multiplies, divides) are not attributed, so the block
//! total can be a little below the run's cycles on those cores.

use std::path::Path;

use crate::elf::Image;
use crate::emu::{Machine, StackRegion};
use crate::{Error, Profile};

/// Cycles spent in one basic block over a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockCycles {
    /// The block's start address.
    pub addr: u64,
    /// Cycles charged to it (its instructions, plus the penalty of the transfer into it).
    pub cycles: u64,
    /// Times it was entered.
    pub count: u64,
}

/// The profile of one call.
#[derive(Clone, Debug)]
pub struct EntryProfile {
    /// The entry point's name.
    pub entry: String,
    /// The call's modelled cycles.
    pub cycles: u64,
    /// Blocks, most cycles first.
    pub blocks: Vec<BlockCycles>,
}

/// Runs `entries` in order on one machine (statics shared, so a keygen entry can feed a
/// sign entry) and profiles each call. `setup` may write inputs before the first call.
pub fn profile_entries(
    target: &str,
    elf: &Path,
    entries: &[&str],
    instruction_limit: u64,
    setup: impl FnOnce(&mut Machine, &Image) -> Result<(), Error>,
) -> Result<Vec<EntryProfile>, Error> {
    let profile = Profile::load(target)?;
    let bytes = std::fs::read(elf)?;
    let image = Image::parse(&bytes)?;
    let (bottom, top) = match (
        Image::address_of(&bytes, "_stack_start"),
        Image::address_of(&bytes, "_stack_top"),
    ) {
        (Some(b), Some(t)) => (b, t),
        _ => return Err(Error::Elf("no _stack_start/_stack_top symbols".into())),
    };
    let mut m = Machine::new(&profile, &image, StackRegion { bottom, top })?;
    m.reset_statics()?;
    setup(&mut m, &image)?;
    let mut out = Vec::new();
    for &name in entries {
        let at = Image::address_of(&bytes, name)
            .ok_or_else(|| Error::Elf(format!("no entry point {name}")))?;
        m.set_block_profile(true);
        let run = m.call(at, instruction_limit)?;
        let mut blocks: Vec<BlockCycles> = m
            .block_profile()
            .into_iter()
            .map(|(addr, cycles, count)| BlockCycles {
                addr,
                cycles,
                count,
            })
            .collect();
        m.set_block_profile(false);
        blocks.sort_by(|a, b| b.cycles.cmp(&a.cycles).then(a.addr.cmp(&b.addr)));
        out.push(EntryProfile {
            entry: name.into(),
            cycles: run.cycles,
            blocks,
        });
    }
    Ok(out)
}

/// Folds blocks into the function symbols that contain them: (symbol name, cycles), most
/// cycles first; blocks outside every symbol are reported as `"?"`.
pub fn by_symbol(image: &Image, blocks: &[BlockCycles]) -> Vec<(String, u64)> {
    let mut funcs: Vec<(u64, u64, &str)> = image
        .symbols
        .iter()
        .filter(|s| s.kind == "text")
        .map(|s| (s.addr, s.addr + s.size.max(1), s.name.as_str()))
        .collect();
    funcs.sort();
    let mut acc: std::collections::HashMap<&str, u64> = Default::default();
    for b in blocks {
        let i = funcs.partition_point(|f| f.0 <= b.addr);
        let name = match i.checked_sub(1).map(|i| funcs[i]) {
            Some((lo, hi, n)) if (lo..hi).contains(&b.addr) => n,
            _ => "?",
        };
        *acc.entry(name).or_default() += b.cycles;
    }
    let mut v: Vec<(String, u64)> = acc.into_iter().map(|(n, c)| (n.into(), c)).collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}
