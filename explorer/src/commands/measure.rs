//! `pq-explore measure`: one firmware (target, scheme, strategy) built and measured, or
//! named entry points of any ELF.

use std::path::PathBuf;

use pqfit_profiles::{measure, measure_elf_reading, ElfRead, Measurement, Profile, Request};

use super::common::{board_target, load_board, Res, NO_BARRIERS};
use crate::board;
use crate::budget;
use crate::cli::{MeasureArgs, MeasureFormat};
use crate::combos;
use crate::words::iterations_text;

/// Measures and prints the figures of every operation.
pub fn run(a: MeasureArgs) -> Res<()> {
    let MeasureArgs {
        target,
        board,
        scheme,
        strategy,
        opt_level,
        sign_runs,
        keygen_runs,
        verify_runs,
        instruction_limit,
        elf,
        entry,
        dump,
        without_value_barriers,
        format,
    } = a;
    let board = load_board(board.as_deref())?;
    let target = match (target, &board) {
        (None, None) => return Err("--target (or --board) is required".into()),
        (t, b) => board_target(t, "", b.as_ref())?,
    };
    let mut m = if let Some(elf) = elf {
        if entry.is_empty() {
            return Err("--elf needs at least one --entry NAME".into());
        }
        let profile = match &board {
            Some(b) => b.profile()?,
            None => Profile::load(&target)?,
        };
        let dumps = dump
            .iter()
            .map(|d| parse_dump(d))
            .collect::<Res<Vec<_>>>()?;
        let reads: Vec<ElfRead> = dumps.iter().map(|(r, _)| r.clone()).collect();
        let (m, outputs) = measure_elf_reading(&profile, &elf, &entry, instruction_limit, &reads)?;
        for ((_, file), bytes) in dumps.iter().zip(&outputs) {
            std::fs::write(file, bytes)
                .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        }
        m
    } else {
        if !dump.is_empty() {
            return Err("--dump reads an ELF's symbols: it needs --elf".into());
        }
        // `Custom<...>` of bare component names is accepted too.
        let scheme = pqfit_profiles::scheme(&scheme)?;
        let strategy = match combos::Candidate::parse(scheme, &strategy) {
            Some(c) if !strategy.contains("::") => c.type_path(),
            _ => strategy,
        };
        let mut req = Request::new(&target, scheme, &strategy);
        req.opt_level = opt_level;
        req.sign_runs = sign_runs;
        req.keygen_runs = keygen_runs.max(1);
        req.verify_runs = verify_runs;
        req.instruction_limit = instruction_limit;
        if without_value_barriers {
            req.rustflags = vec![NO_BARRIERS.into()];
        }
        req.board = board.clone();
        measure(&req)?
    };
    if let Some(b) = &board {
        b.stamp(&mut m.ops);
    }
    print_measurement(&m, format)
}

fn print_measurement(m: &Measurement, format: MeasureFormat) -> Res<()> {
    match format {
        MeasureFormat::Json => println!("{}", serde_json::to_string_pretty(&m.ops)?),
        MeasureFormat::Text => {
            println!(
                "{:<6} {:<10} {:<13} {:>12} {:>12} {:>12} {:>12} {:>9} {:>9} {:>9}",
                "target",
                "scheme",
                "op",
                "cycles min",
                "avg",
                "max",
                "insns",
                "stack",
                "static",
                "flash"
            );
            for r in &m.ops {
                println!(
                    "{:<6} {:<10} {:<13} {:>12} {:>12} {:>12} {:>12} {:>9} {:>9} {:>9}",
                    r.target,
                    r.scheme,
                    r.op,
                    r.cycles.min,
                    r.cycles.avg,
                    r.cycles.max,
                    r.instructions,
                    r.stack_bytes,
                    r.static_ram_bytes,
                    r.flash_bytes.total
                );
            }
            if let Some(r) = m.ops.first() {
                let f = r.flash_bytes;
                if !r.strategy.is_empty() {
                    println!("strategy: {}  (opt-level {})", r.strategy, r.opt_level);
                }
                println!(
                    "flash: text {} + rodata {} + data {} = {} bytes (PT_LOAD total)",
                    f.text, f.rodata, f.data, f.total
                );
                println!(
                    "flash by part: scheme {} + Keccak {} + scaffold {} bytes (per symbol)",
                    f.split.scheme, f.split.keccak, f.split.scaffold
                );
            }
            for r in &m.ops {
                if r.time.is_some() {
                    println!("{} {}", r.op, board::text(r).trim_start_matches("; "));
                }
            }
            for r in &m.ops {
                if let Some(it) = &r.iterations {
                    println!("{} {}", r.op, iterations_text(it));
                }
                if let Some(p) = &r.preparation {
                    println!(
                        "{}: {} once before the runs ({} model cycles, {} B of stack); \
                         static includes the {} B it keeps",
                        r.op,
                        p.call,
                        budget::group(p.cycles),
                        budget::group(p.stack_bytes),
                        budget::group(r.static_ram_bytes.saturating_sub(m.ops[0].static_ram_bytes))
                    );
                }
            }
            eprintln!(
                "emulated {} instructions in {:.2} s: {:.1} M instructions/s",
                m.emulated_instructions,
                m.emulation_seconds,
                m.instructions_per_second() / 1e6
            );
        }
    }
    Ok(())
}

/// `SYMBOL[:LEN]=FILE`.
fn parse_dump(d: &str) -> Res<(ElfRead, PathBuf)> {
    let bad = || format!("--dump {d}: expected SYMBOL[:LEN]=FILE");
    let (what, file) = d.split_once('=').ok_or_else(bad)?;
    let (symbol, len) = match what.split_once(':') {
        Some((s, n)) => (s, Some(n.parse::<usize>().map_err(|_| bad())?)),
        None => (what, None),
    };
    if symbol.is_empty() || file.is_empty() {
        return Err(bad().into());
    }
    let read = ElfRead {
        symbol: symbol.to_string(),
        len,
    };
    Ok((read, PathBuf::from(file)))
}
