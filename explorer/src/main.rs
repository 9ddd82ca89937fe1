//! `pq-explore`: pqfit's trade-off explorer. For now one subcommand, `measure`: cycles,
//! instructions, stack and flash of each operation on an emulated target.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use pqfit_profiles::{measure, measure_elf, Measurement, Profile, Request, Scheme};

#[derive(Parser)]
#[command(
    name = "pq-explore",
    version,
    about = "Trade-off explorer for pqfit: measure stack, flash and cycles per target and strategy"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(Subcommand)]
enum Cmd {
    /// Build the firmware for a target, scheme and strategy and measure keygen, sign and
    /// verify in the emulator (outputs checked against the host), or measure named entry
    /// points of any ELF with --elf.
    Measure {
        /// Target profile: m0, m3, m4, rv32 (files in profiles/targets/).
        #[arg(long)]
        target: String,
        /// Scheme: ml-dsa-44, ml-dsa-65, ml-dsa-87 (or dilithium2/3/5).
        #[arg(long, default_value = "ml-dsa-65")]
        scheme: String,
        /// Strategy: a preset (reference, small-stack, balanced, fast-sign) or a type path
        /// such as the `strategy` field this command prints.
        #[arg(long, default_value = "reference")]
        strategy: String,
        /// Optimisation level of the firmware build: 3, 2, s or z.
        #[arg(long, default_value = "3")]
        opt_level: String,
        /// Messages signed (min/avg/max over them).
        #[arg(long, default_value_t = 16)]
        sign_runs: usize,
        /// Key generations (different seeds).
        #[arg(long, default_value_t = 3)]
        keygen_runs: usize,
        /// Signatures verified.
        #[arg(long, default_value_t = 4)]
        verify_runs: usize,
        /// Instructions allowed per call before it is stopped as an error.
        #[arg(long, default_value_t = 4_000_000_000)]
        instruction_limit: u64,
        /// Measure this ELF instead of building the firmware (with --entry).
        #[arg(long)]
        elf: Option<PathBuf>,
        /// Entry point of the ELF to call (repeatable).
        #[arg(long)]
        entry: Vec<String>,
        /// Output format.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// List the target profiles.
    Targets,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pq-explore: error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<(), Box<dyn std::error::Error>> {
    match cli.command {
        Cmd::Targets => {
            for name in Profile::names() {
                let p = Profile::load(&name)?;
                println!("{:<6} {:<30} {}", p.name, p.triple, p.description);
            }
            Ok(())
        }
        Cmd::Measure {
            target,
            scheme,
            strategy,
            opt_level,
            sign_runs,
            keygen_runs,
            verify_runs,
            instruction_limit,
            elf,
            entry,
            format,
        } => {
            let m = if let Some(elf) = elf {
                if entry.is_empty() {
                    return Err("--elf needs at least one --entry NAME".into());
                }
                measure_elf(&target, &elf, &entry, instruction_limit)?
            } else {
                let mut req = Request::new(&target, Scheme::parse(&scheme)?, &strategy);
                req.opt_level = opt_level;
                req.sign_runs = sign_runs;
                req.keygen_runs = keygen_runs.max(1);
                req.verify_runs = verify_runs;
                req.instruction_limit = instruction_limit;
                measure(&req)?
            };
            print(&m, format)
        }
    }
}

fn print(m: &Measurement, format: Format) -> Result<(), Box<dyn std::error::Error>> {
    match format {
        Format::Json => println!("{}", serde_json::to_string_pretty(&m.ops)?),
        Format::Text => {
            println!(
                "{:<6} {:<10} {:<8} {:>12} {:>12} {:>12} {:>12} {:>9} {:>9} {:>9}",
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
                    "{:<6} {:<10} {:<8} {:>12} {:>12} {:>12} {:>12} {:>9} {:>9} {:>9}",
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
