//! `pq-explore`: pqfit's trade-off explorer.
//!
//! - `pq-explore --target m3 --budget 12k`: builds and measures every strategy combination
//!   for the target (cached), prints the Pareto front and the fastest combination within the
//!   budget as the Rust type to paste.
//! - `pq-explore report --target all --out docs/reports`: the architecture reports.
//! - `pq-explore measure`: one (target, scheme, strategy), or named entry points of any ELF.
//! - `pq-explore ct`: the constant-time check of the firmware (docs/constant-time.md).
//! - `pq-explore peers --target m4`: other implementations (RustCrypto `ml-dsa`, `fips204`,
//!   `libcrux-ml-dsa`, PQClean) measured in the same harness, side by side with pqfit.

mod analysis;
mod board;
mod combos;
mod ct;
mod format;
mod output;
mod pareto;
mod peers;
mod plot;
mod published;
mod ranking;
mod report;
mod rows;
mod scheme_plot;
mod schemes;
mod sweep;

#[cfg(test)]
mod testdata;
mod words;
mod workspace;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use pqfit_profiles::board::Board;
use pqfit_profiles::{measure, measure_elf_on, Measurement, Profile, Request, Scheme};

use analysis::{Budgets, Group, OPS};
use combos::KeccakAxis;
use format::Format;
use pq_explore::{budget, cache};

#[derive(Parser)]
#[command(
    name = "pq-explore",
    version,
    about = "Trade-off explorer for pqfit: every strategy combination on every target, \
             measured for stack, flash and model cycles; Pareto fronts; the fastest \
             combination within a budget",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(flatten)]
    sweep: SweepArgs,
    #[command(subcommand)]
    command: Option<Cmd>,
}

/// What the sweep covers and how it builds.
#[derive(Args, Clone)]
struct BuildArgs {
    /// Only the presets (small-stack, balanced, fast-sign, reference), not every mix; for
    /// NTRU Prime the five main multiplications without Karatsuba's threshold variants.
    #[arg(long)]
    presets_only: bool,
    /// Keccak backends: `presets` crosses the presets with every backend and the other
    /// mixes use the default; `default` only the default; `all` crosses every mix.
    #[arg(long, value_enum, default_value = "presets")]
    keccak: KeccakAxis,
    /// Parallel builds and emulations (default: the number of cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Measure everything again; neither read nor write the cache.
    #[arg(long)]
    no_cache: bool,
    /// Run every operation of every combination, even one that is the same code as
    /// another combination's (by default that operation runs once; docs/explorer.md).
    #[arg(long)]
    no_dedup: bool,
    /// Cache directory (default: target/pq-explore-cache in the workspace).
    #[arg(long)]
    cache_dir: Option<PathBuf>,
    /// Optimisation levels of the firmware builds, an axis of the sweep: one of 3, 2, s,
    /// z or a comma-separated list (`3,s,z`: every combination at each, so the flash
    /// front shows what size costs in cycles).
    #[arg(long, default_value = "3")]
    opt_level: String,
    /// Messages signed (or encapsulations) per combination: cycles are min/mean/max
    /// over them.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=1000))]
    sign_runs: u64,
    /// Key generations per combination (different seeds).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=100))]
    keygen_runs: u64,
    /// Verifications (or decapsulations) per combination.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=100))]
    verify_runs: u64,
    /// Also run the constant-time check (`pq-explore ct`) on every combination that has
    /// no verdict in the cache; the `constant_time` column shows cached verdicts either
    /// way ("not checked" without one).
    #[arg(long)]
    ct: bool,
    /// A board: a shipped one by name (stm32f407, stm32f103, ...: `pq-explore targets`
    /// lists them) or your own FILE.toml (docs/boards.md). Its flash wait states are
    /// charged and every figure gets milliseconds at its clock; the target is the board's.
    #[arg(long)]
    board: Option<String>,
}

#[derive(Args, Clone)]
struct SweepArgs {
    /// Target profile: m0, m3, m4, rv32, rv64 or all (default m4, or the --board's target).
    #[arg(long)]
    target: Option<String>,
    /// Scheme: a parameter set (ml-dsa-44, ml-dsa-65, ml-dsa-87, sntrup761, ntrulpr761,
    /// cross-rsdp-1-small, ...), a family (ml-dsa, cross, ntru-prime), a kind
    /// (signatures, kems, all), or a comma-separated list of them. With several, each
    /// scheme's answer is ranked and the overall best named.
    #[arg(long, default_value = "ml-dsa-65")]
    scheme: String,
    /// Keep only the parameter sets of this NIST security category (1 to 5).
    #[arg(long)]
    category: Option<u8>,
    /// Operation the answer is for (signatures: keygen, sign, verify; ML-DSA also
    /// sign-expanded, repeated signing with a key expanded into static RAM; KEMs:
    /// keygen, encaps, decaps). Default: sign, or encaps and decaps when only KEMs are
    /// asked.
    #[arg(long, value_enum)]
    op: Option<OpArg>,
    /// Stack budget: 12k, 12KiB and 12288 all mean 12,288 bytes.
    #[arg(long, value_parser = budget_arg)]
    budget: Option<u64>,
    /// Flash budget (the whole firmware).
    #[arg(long, value_parser = budget_arg)]
    flash_budget: Option<u64>,
    /// RAM budget: stack plus the state kept across calls (.data + .bss).
    #[arg(long, value_parser = budget_arg)]
    ram_budget: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
    /// Also write the output, results.json and the plots (SVG and PNG) into this directory.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Also measure the peers (other implementations of the scheme, in the same harness):
    /// their own rows and marks, never on a front or an answer.
    #[arg(long)]
    peers: bool,
    #[command(flatten)]
    build: BuildArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum OpArg {
    Keygen,
    Sign,
    Verify,
    /// Repeated signing with a key expanded once and kept in static RAM (ML-DSA).
    SignExpanded,
    Encaps,
    Decaps,
    All,
}

impl OpArg {
    fn ops(self) -> Vec<&'static str> {
        match self {
            OpArg::Keygen => vec!["keygen"],
            OpArg::Sign => vec!["sign"],
            OpArg::Verify => vec!["verify"],
            OpArg::SignExpanded => vec!["sign-expanded"],
            OpArg::Encaps => vec!["encaps"],
            OpArg::Decaps => vec!["decaps"],
            OpArg::All => OPS.to_vec(),
        }
    }
}

fn budget_arg(s: &str) -> Result<u64, String> {
    budget::parse_bytes(s).map_err(|e| e.to_string())
}

#[derive(Clone, Copy, ValueEnum)]
enum MeasureFormat {
    Text,
    Json,
}

#[derive(Subcommand)]
enum Cmd {
    /// Write the architecture reports: per target a Markdown and a self-contained HTML
    /// page with every combination, the Pareto fronts (SVG and PNG) and recommendations
    /// per stack budget, and a cross-target page.
    Report {
        /// Targets: m0, m3, m4, rv32, rv64, a comma-separated list, or all.
        #[arg(long, default_value = "all")]
        target: String,
        /// Scheme: a parameter set, a family (ml-dsa, cross, ntru-prime), a kind
        /// (signatures, kems, all), `cross-1` (the six CROSS sets of category 1),
        /// `families` (ML-DSA-44/65/87, cross-1, sntrup761, ntrulpr761), or a
        /// comma-separated list of them.
        #[arg(long, default_value = "ml-dsa-65")]
        scheme: String,
        /// Keep only the parameter sets of this NIST security category (1 to 5).
        #[arg(long)]
        category: Option<u8>,
        /// Schemes swept in every combination (comma-separated); the others get only
        /// their presets (NTRU Prime: the four main multiplications) with the default
        /// Keccak backend. The pages state it.
        #[arg(long)]
        full: Option<String>,
        /// Messages signed per CROSS combination (default: --sign-runs); CROSS signing
        /// takes hundreds of millions of model cycles per message.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1000))]
        cross_sign_runs: Option<u64>,
        /// Output directory.
        #[arg(long, default_value = "docs/reports")]
        out: PathBuf,
        /// Also measure the peers: a table of pqfit against them per target, their rows
        /// and their marks on the plots.
        #[arg(long)]
        peers: bool,
        #[command(flatten)]
        build: BuildArgs,
    },
    /// Measure the peers (RustCrypto ml-dsa, fips204, libcrux-ml-dsa, PQClean's C) in the
    /// same harness: keygen, sign and verify cycles, stack and flash, every key and
    /// signature checked against pqfit on the host; with --ours, side by side with pqfit's
    /// presets and each figure's ratio to the best peer.
    Peers {
        /// Targets: m0, m3, m4, rv32, rv64, a comma-separated list, or all (default m4, or
        /// the --board's target).
        #[arg(long)]
        target: Option<String>,
        /// Scheme: ml-dsa-65 (the peers' scheme), sntrup761, a comma-separated list, or all.
        #[arg(long, default_value = "ml-dsa-65")]
        scheme: String,
        /// Also measure pqfit's presets, for the side-by-side table.
        #[arg(long)]
        ours: bool,
        /// Output format.
        #[arg(long, value_enum, default_value = "table")]
        format: Format,
        #[command(flatten)]
        build: BuildArgs,
    },
    /// Build the firmware for a target, scheme and strategy and measure keygen, sign,
    /// verify (and for ML-DSA sign-expanded) in the emulator (outputs checked against
    /// the host), or measure named entry points of any ELF with --elf.
    Measure {
        /// Target profile: m0, m3, m4, rv32, rv64 (files in profiles/targets/); with
        /// --board, the board's.
        #[arg(long)]
        target: Option<String>,
        /// A board (a shipped one's name or FILE.toml, docs/boards.md): its flash wait
        /// states charged, times in milliseconds at its clock.
        #[arg(long)]
        board: Option<String>,
        /// Scheme: ml-dsa-44, ml-dsa-65, ml-dsa-87 (or dilithium2/3/5).
        #[arg(long, default_value = "ml-dsa-65")]
        scheme: String,
        /// Strategy: a preset (reference, small-stack, balanced, fast-sign), a
        /// `Custom<...>` of component names, or a type path.
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
        /// Build without the value barriers of `pqfit_core::ct`, to measure what they
        /// cost (such firmware is not constant-time on every core).
        #[arg(long)]
        without_value_barriers: bool,
        /// Output format.
        #[arg(long, value_enum, default_value = "text")]
        format: MeasureFormat,
    },
    /// Check that the firmware is constant-time: run every secret-handling operation
    /// (keygen and sign; keygen, encaps and decaps) with different secrets and the same
    /// public inputs, and compare the traces of branches, memory addresses and
    /// variable-time instructions. Exits with 1 when any firmware leaks.
    Ct {
        /// Targets: m0, m3, m4, rv32, rv64, a comma-separated list, or all.
        #[arg(long, default_value = "all")]
        target: String,
        /// Scheme: ml-dsa-44, ml-dsa-65, ml-dsa-87, sntrup761, ntrulpr761, a CROSS set, a
        /// comma-separated list, or all.
        #[arg(long, default_value = "ml-dsa-65")]
        scheme: String,
        /// `presets` (ML-DSA and CROSS presets, the main NTRU Prime multiplications),
        /// `all` (every combination of the sweep), or one strategy (a preset name, a
        /// `Custom<...>` or a type path).
        #[arg(long, default_value = "presets")]
        strategy: String,
        /// Runs per operation, each with other secret keys and randomness.
        #[arg(long, default_value_t = ct::DEFAULT_RUNS as u64, value_parser = clap::value_parser!(u64).range(2..=16))]
        runs: u64,
        /// Optimisation level of the firmware builds: 3, 2, s or z.
        #[arg(long, default_value = "3")]
        opt_level: String,
        /// Parallel builds and emulations (default: the number of cores).
        #[arg(long)]
        jobs: Option<usize>,
        /// Check again; neither read nor write the cache.
        #[arg(long)]
        no_cache: bool,
        /// Cache directory (default: target/pq-explore-cache in the workspace).
        #[arg(long)]
        cache_dir: Option<PathBuf>,
        /// Build without the value barriers of `pqfit_core::ct` (as the code was before
        /// them), to see the check catch what LLVM makes of bare mask selects. Never cached.
        #[arg(long)]
        without_value_barriers: bool,
        /// Output format.
        #[arg(long, value_enum, default_value = "text")]
        format: MeasureFormat,
    },
    /// List the target profiles and the shipped boards.
    Targets,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is::<LeakFound>() => {
            eprintln!("pq-explore: {e}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("pq-explore: error: {e}");
            ExitCode::FAILURE
        }
    }
}

type Res<T> = Result<T, Box<dyn std::error::Error>>;

/// The firmware build flag that leaves out `pqfit_core::ct`'s value barriers.
const NO_BARRIERS: &str = "--cfg=pqfit_insecure_no_value_barriers";

/// The constant-time check found a leak (or could not run): exit status 1.
#[derive(Debug)]
struct LeakFound(String);

impl std::fmt::Display for LeakFound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LeakFound {}

fn run(cli: Cli) -> Res<()> {
    match cli.command {
        None => run_sweep(&cli.sweep),
        Some(Cmd::Report {
            target,
            scheme,
            category,
            full,
            cross_sign_runs,
            out,
            peers,
            build,
        }) => {
            let spec = spec(Some(target), &scheme, category, &build, peer_mode(peers))?;
            let options = report::plan::Options {
                full: full
                    .as_deref()
                    .map(|f| report::plan::schemes(f, None))
                    .transpose()?,
                cross_sign_runs: cross_sign_runs.map(|n| n as usize),
            };
            let command = report::plan::command_line(std::env::args().skip(1));
            let plan = report::plan::Plan::new(&spec, &options, command)?;
            let mut sweep = plan.run(&spec)?;
            ct::annotate(&mut sweep, spec.cache.as_ref(), ct_args(&build, &spec))?;
            let written = report::write(&sweep, &plan, &out)?;
            eprintln!(
                "pq-explore: {}; wrote {} files into {}",
                sweep_summary(&sweep),
                written,
                out.display()
            );
            Ok(())
        }
        Some(Cmd::Ct {
            target,
            scheme,
            strategy,
            runs,
            opt_level,
            jobs,
            no_cache,
            cache_dir,
            without_value_barriers,
            format,
        }) => run_ct(
            ct::Spec {
                targets: targets_arg(&target)?,
                schemes: schemes_arg(&scheme, None)?,
                strategies: ct::Strategies::parse(&strategy),
                runs: runs as usize,
                opt_level: check_opt_level(&opt_level)?,
                jobs: jobs_arg(jobs)?,
                cache: (!no_cache).then(|| {
                    cache::Cache::new(cache_dir.unwrap_or_else(workspace::default_cache_dir))
                }),
                rustflags: if without_value_barriers {
                    vec![NO_BARRIERS.into()]
                } else {
                    Vec::new()
                },
            },
            format,
        ),
        Some(Cmd::Peers {
            target,
            scheme,
            ours,
            format,
            build,
        }) => {
            let mut spec = spec(target, &scheme, None, &build, sweep::PeerMode::Only)?;
            if ours {
                spec.peers = sweep::PeerMode::With;
                spec.presets_only = true;
                spec.keccak = KeccakAxis::Default;
            }
            if !spec
                .schemes
                .iter()
                .any(|s| pqfit_profiles::peers::for_scheme(*s).next().is_some())
            {
                let names: Vec<String> = pqfit_profiles::peers::PEERS
                    .iter()
                    .map(|p| format!("{} ({})", p.name, p.scheme.name()))
                    .collect();
                return Err(
                    format!("no peers for {scheme}: the peers are {}", names.join(", ")).into(),
                );
            }
            let sweep = sweep::run(&spec)?;
            print!(
                "{}",
                peers::render(format, &sweep, &peers::comparisons(&sweep))
            );
            Ok(())
        }
        Some(Cmd::Targets) => {
            for name in embedded_targets()? {
                let p = Profile::load(&name)?;
                println!("{:<6} {:<30} {}", p.name, p.triple, p.description);
            }
            println!("\nboards (--board NAME, or your own FILE.toml: docs/boards.md):");
            for name in pqfit_profiles::board::Board::names() {
                let b = pqfit_profiles::board::Board::load(&name)?;
                let ws = b.profile()?.flash_wait_states;
                println!(
                    "{:<10} {:<5} {:>4} MHz {:>3} WS  {}",
                    name, b.target, b.clock_mhz, ws, b.part
                );
            }
            Ok(())
        }
        Some(Cmd::Measure {
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
            without_value_barriers,
            format,
        }) => {
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
                measure_elf_on(&profile, &elf, &entry, instruction_limit)?
            } else {
                // `Custom<...>` of bare component names is accepted too.
                let strategy = match combos::Candidate::parse(&strategy) {
                    Some(c) if !strategy.contains("::") => c.type_path(),
                    _ => strategy,
                };
                let mut req = Request::new(&target, Scheme::parse(&scheme)?, &strategy);
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
    }
}

fn sweep_summary(s: &sweep::Sweep) -> String {
    format!(
        "{} combinations ({} measured, {} cached; {} operations the same code as another's, \
         run once) in {}",
        s.outcomes.len(),
        s.measured,
        s.cached,
        s.deduplicated,
        format::duration(s.seconds)
    )
}

/// Loads `--board` when given.
fn load_board(arg: Option<&str>) -> Result<Option<Board>, String> {
    arg.map(|a| Board::load(a).map_err(|e| e.to_string()))
        .transpose()
}

/// The `--target` of a command with an optional board: the board's own target when
/// `--target` is left out (or is `all`), an error when it names another.
fn board_target(
    target: Option<String>,
    default: &str,
    board: Option<&Board>,
) -> Result<String, String> {
    match (board, target) {
        (None, t) => Ok(t.unwrap_or_else(|| default.to_string())),
        (Some(b), None) => Ok(b.target.clone()),
        (Some(b), Some(t)) if t == b.target || t == "all" => Ok(b.target.clone()),
        (Some(b), Some(t)) => Err(format!(
            "--board {} extends the {} profile, not --target {t} (leave --target out)",
            b.name, b.target
        )),
    }
}

/// The profiles that are emulated (not the host).
fn embedded_targets() -> Res<Vec<String>> {
    let mut out = Vec::new();
    for name in Profile::names() {
        let p = Profile::load(&name)?;
        if p.isa != pqfit_profiles::profile::Isa::Host {
            out.push(name);
        }
    }
    Ok(out)
}

fn targets_arg(s: &str) -> Res<Vec<String>> {
    let all = embedded_targets()?;
    if s == "all" {
        return Ok(all);
    }
    let mut out = Vec::new();
    for t in s.split(',').map(str::trim) {
        if !all.iter().any(|a| a == t) {
            return Err(format!("unknown target {t:?}: expected {} or all", all.join(", ")).into());
        }
        if !out.iter().any(|o| o == t) {
            out.push(t.to_string());
        }
    }
    Ok(out)
}

fn schemes_arg(s: &str, category: Option<u8>) -> Res<Vec<Scheme>> {
    Ok(schemes::select(s, category)?)
}

fn peer_mode(peers: bool) -> sweep::PeerMode {
    if peers {
        sweep::PeerMode::With
    } else {
        sweep::PeerMode::Without
    }
}

/// The constant-time check's runs and workers when `--ct` asks for it.
fn ct_args(b: &BuildArgs, spec: &sweep::Spec) -> Option<(usize, usize)> {
    b.ct.then_some((ct::DEFAULT_RUNS, spec.jobs))
}

fn check_opt_level(o: &str) -> Res<String> {
    if !matches!(o, "0" | "1" | "2" | "3" | "s" | "z") {
        return Err(format!("--opt-level {o:?}: expected 0-3, s or z").into());
    }
    Ok(o.to_string())
}

fn jobs_arg(jobs: Option<usize>) -> Res<usize> {
    match jobs {
        Some(0) => Err("--jobs must be at least 1".into()),
        Some(n) => Ok(n),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

fn run_ct(spec: ct::Spec, format: MeasureFormat) -> Res<()> {
    let outcomes = ct::run(&spec)?;
    match format {
        MeasureFormat::Json => {
            let v: Vec<serde_json::Value> = outcomes
                .iter()
                .map(|o| {
                    serde_json::json!({
                        "target": o.target,
                        "scheme": o.scheme.name(),
                        "strategy": o.strategy,
                        "label": o.label,
                        "constant_time": match &o.result {
                            Ok(ops) => ct::verdict(ops),
                            Err(_) => "error",
                        },
                        "ops": o.result.as_ref().ok(),
                        "error": o.result.as_ref().err(),
                        "cached": o.cached,
                    })
                })
                .collect();
            println!("{}", serde_json::to_string_pretty(&v)?);
        }
        MeasureFormat::Text => {
            for o in &outcomes {
                println!("{}", ct::line(o));
            }
        }
    }
    let bad = outcomes.iter().filter(|o| !o.clean()).count();
    if bad > 0 {
        return Err(Box::new(LeakFound(format!(
            "{bad} of {} firmware builds are not shown constant-time",
            outcomes.len()
        ))));
    }
    eprintln!(
        "pq-explore: {} firmware builds checked: constant-time",
        outcomes.len()
    );
    Ok(())
}

fn spec(
    target: Option<String>,
    scheme: &str,
    category: Option<u8>,
    b: &BuildArgs,
    peers: sweep::PeerMode,
) -> Res<sweep::Spec> {
    let board = load_board(b.board.as_deref())?;
    let target = board_target(target, "m4", board.as_ref())?;
    let mut opt_levels: Vec<String> = Vec::new();
    for level in b.opt_level.split(',').map(str::trim) {
        let level = check_opt_level(level)?;
        if !opt_levels.contains(&level) {
            opt_levels.push(level);
        }
    }
    let jobs = jobs_arg(b.jobs)?;
    Ok(sweep::Spec {
        targets: targets_arg(&target)?,
        schemes: schemes_arg(scheme, category)?,
        presets_only: b.presets_only,
        keccak: b.keccak,
        opt_levels,
        runs: [
            b.keygen_runs as usize,
            b.sign_runs as usize,
            b.verify_runs as usize,
        ],
        jobs,
        cache: if b.no_cache {
            None
        } else {
            Some(cache::Cache::new(
                b.cache_dir
                    .clone()
                    .unwrap_or_else(workspace::default_cache_dir),
            ))
        },
        peers,
        board,
        dedup: !b.no_dedup,
    })
}

fn run_sweep(a: &SweepArgs) -> Res<()> {
    let spec = spec(
        a.target.clone(),
        &a.scheme,
        a.category,
        &a.build,
        peer_mode(a.peers),
    )?;
    let ops = match a.op {
        Some(op) => op.ops(),
        None if spec.schemes.iter().all(|s| s.is_kem()) => vec!["encaps", "decaps"],
        None => vec!["sign"],
    };
    if !spec
        .schemes
        .iter()
        .any(|s| ops.iter().any(|op| s.ops().contains(op)))
    {
        let names: Vec<String> = spec
            .schemes
            .iter()
            .map(|s| format!("{} has {}", s.name(), s.ops().join(", ")))
            .collect();
        return Err(format!("no scheme asked has that operation: {}", names.join("; ")).into());
    }
    // On a board, its flash and RAM are the budgets unless given.
    let budgets = Budgets {
        stack: a.budget,
        flash: a
            .flash_budget
            .or(spec.board.as_ref().map(|b| b.flash_bytes)),
        ram: a.ram_budget.or(spec.board.as_ref().map(|b| b.ram_bytes)),
    };
    let mut sweep = sweep::run(&spec)?;
    ct::annotate(&mut sweep, spec.cache.as_ref(), ct_args(&a.build, &spec))?;
    let groups = analysis::groups(&sweep, &ops, budgets);
    let text = output::render(a.format, &sweep, &groups);
    print!("{text}");
    if let Some(dir) = &a.out {
        write_out(dir, a.format, &text, &sweep, &groups)?;
    }
    Ok(())
}

/// The output file, results.json and both plots of every group, in SVG and PNG.
fn write_out(
    dir: &Path,
    format: Format,
    text: &str,
    s: &sweep::Sweep,
    groups: &[Group],
) -> Res<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join(format!("pq-explore.{}", format.extension())), text)?;
    let json = serde_json::to_string_pretty(&output::json::to_json(s, groups))?;
    std::fs::write(dir.join("results.json"), json + "\n")?;
    let published = published::load(&published::default_path())?;
    for g in groups {
        for (axis, budget) in [
            (plot::Axis::Stack, g.budgets.stack),
            (plot::Axis::Flash, g.budgets.flash),
        ] {
            for ext in ["svg", "png"] {
                let path = dir.join(format!("{}.{ext}", plot::stem(g, axis)));
                plot::draw(g, axis, budget, &published, &path)?;
            }
        }
    }
    for r in ranking::rankings(groups) {
        for ext in ["svg", "png"] {
            let path = dir.join(format!("{}.{ext}", scheme_plot::stem(&r)));
            scheme_plot::draw(&r, groups, &path)?;
        }
    }
    eprintln!(
        "pq-explore: wrote the output, results.json and plots into {}",
        dir.display()
    );
    Ok(())
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
                    println!("{} {}", r.op, words::iterations_text(it));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_target_is_the_boards() {
        let f103 = Board::load("stm32f103").unwrap();
        assert_eq!(board_target(None, "m4", None).unwrap(), "m4");
        assert_eq!(
            board_target(Some("rv32".into()), "m4", None).unwrap(),
            "rv32"
        );
        assert_eq!(board_target(None, "m4", Some(&f103)).unwrap(), "m3");
        assert_eq!(
            board_target(Some("all".into()), "all", Some(&f103)).unwrap(),
            "m3"
        );
        assert_eq!(
            board_target(Some("m3".into()), "m4", Some(&f103)).unwrap(),
            "m3"
        );
        let e = board_target(Some("m4".into()), "m4", Some(&f103)).unwrap_err();
        assert!(e.contains("extends the m3 profile"), "{e}");
        assert!(load_board(Some("no-such-board")).is_err());
        assert!(load_board(None).unwrap().is_none());
    }
}
