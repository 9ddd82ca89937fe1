//! The command line: `pq-explore [SWEEP OPTIONS]` or `pq-explore COMMAND`, as clap types.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::analysis::OPS;
use crate::budget;
use crate::combos::{HardenedAxis, KeccakAxis};
use crate::format::Format;

// The comments on the parser, the commands and their options are `//`: clap could turn
// doc comments there into help text.

// `pq-explore [SWEEP OPTIONS]` or `pq-explore COMMAND [OPTIONS]`.
#[derive(Parser)]
#[command(
    name = "pq-explore",
    version,
    about = "Trade-off explorer for pqfit: every strategy combination on every target, \
             measured for stack, flash and model cycles; Pareto fronts; the fastest \
             combination within a budget",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(flatten)]
    pub sweep: SweepArgs,
    #[command(subcommand)]
    pub command: Option<Cmd>,
}

/// What the sweep covers and how it builds.
#[derive(Args, Clone)]
pub struct BuildArgs {
    /// Only the presets (small-stack, balanced, fast-sign, reference), not every mix; for
    /// NTRU Prime the five main multiplications without Karatsuba's threshold variants.
    #[arg(long)]
    pub presets_only: bool,
    /// Keccak backends: `presets` crosses the presets with every backend and the other
    /// mixes use the default; `default` only the default; `all` crosses every mix.
    #[arg(long, value_enum, default_value = "presets")]
    pub keccak: KeccakAxis,
    /// Fault-hardened presets (`Hardened<preset>`, ML-DSA and CROSS: signing computed
    /// twice and compared), so that what fault resistance costs is measured: `--hardened`
    /// (or `--hardened with`) adds them after the other candidates, `--hardened only`
    /// measures them alone. Without the option, no hardened rows.
    #[arg(long, value_enum, default_value = "without", num_args = 0..=1, default_missing_value = "with")]
    pub hardened: HardenedAxis,
    /// Parallel builds and emulations (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Measure everything again; neither read nor write the cache.
    #[arg(long)]
    pub no_cache: bool,
    /// Run every operation of every combination, even one that is the same code as
    /// another combination's (by default that operation runs once; docs/explorer.md).
    #[arg(long)]
    pub no_dedup: bool,
    /// Cache directory (default: target/pq-explore-cache in the workspace).
    #[arg(long)]
    pub cache_dir: Option<PathBuf>,
    /// Optimisation levels of the firmware builds, an axis of the sweep: one of 3, 2, s,
    /// z or a comma-separated list (`3,s,z`: every combination at each, so the flash
    /// front shows what size costs in cycles).
    #[arg(long, default_value = "3")]
    pub opt_level: String,
    /// Messages signed (or encapsulations) per combination: cycles are min/mean/max
    /// over them.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub sign_runs: u64,
    /// Key generations per combination (different seeds).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=100))]
    pub keygen_runs: u64,
    /// Verifications (or decapsulations) per combination.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=100))]
    pub verify_runs: u64,
    /// Also run the constant-time check (`pq-explore ct`) on every combination that has
    /// no verdict in the cache; the `constant_time` column shows cached verdicts either
    /// way ("not checked" without one).
    #[arg(long)]
    pub ct: bool,
    /// Measure only part K of N of the sweep (`2/8`), into the cache, for running one
    /// sweep or report on N machines; the parts balance expected time and are the same
    /// on every machine. Join the caches with `pq-explore merge`, then run without
    /// `--shard` for the answer or the report (docs/explorer.md, "Scaling out").
    #[arg(long, value_name = "K/N", value_parser = crate::shard::parse)]
    pub shard: Option<crate::shard::Shard>,
    /// A board: a shipped one by name (stm32f407, stm32f103, ...: `pq-explore targets`
    /// lists them) or your own FILE.toml (docs/boards.md). Its flash wait states are
    /// charged and every figure gets milliseconds at its clock; the target is the board's.
    #[arg(long)]
    pub board: Option<String>,
}

// The options of the sweep (no command).
#[derive(Args, Clone)]
pub struct SweepArgs {
    /// Target profile: m0, m3, m4, rv32, rv64 or all (default m4, or the --board's target).
    #[arg(long)]
    pub target: Option<String>,
    /// Scheme: a parameter set (ml-dsa-44, ml-dsa-65, ml-dsa-87, sntrup761, ntrulpr761,
    /// cross-rsdp-1-small, ...), a family (ml-dsa, cross, ntru-prime), a kind
    /// (signatures, kems, all), or a comma-separated list of them. With several, each
    /// scheme's answer is ranked and the overall best named.
    #[arg(long, default_value = "ml-dsa-65")]
    pub scheme: String,
    /// Keep only the parameter sets of this NIST security category (1 to 5).
    #[arg(long)]
    pub category: Option<u8>,
    /// Operation the answer is for (signatures: keygen, sign, verify; ML-DSA also
    /// sign-expanded, repeated signing with a key expanded into static RAM; KEMs:
    /// keygen, encaps, decaps). Default: sign, or encaps and decaps when only KEMs are
    /// asked.
    #[arg(long, value_enum)]
    pub op: Option<OpArg>,
    /// Stack budget: 12k, 12KiB and 12288 all mean 12,288 bytes.
    #[arg(long, value_parser = budget_arg)]
    pub budget: Option<u64>,
    /// Flash budget (the whole firmware).
    #[arg(long, value_parser = budget_arg)]
    pub flash_budget: Option<u64>,
    /// RAM budget: stack plus the state kept across calls (.data + .bss).
    #[arg(long, value_parser = budget_arg)]
    pub ram_budget: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// Also write the output, results.json and the plots (SVG and PNG) into this directory.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also measure the peers (other implementations of the scheme, in the same harness):
    /// their own rows and marks, never on a front or an answer.
    #[arg(long)]
    pub peers: bool,
    /// After the answer: inject N faults per model (instruction skip, register and load
    /// bit flips; docs/faults.md) into each answer's operation, and into its hardened
    /// preset (`Hardened<...>`) when the family has one: 3 x N faulted runs per firmware,
    /// cached like `pq-explore faults`. Without it, the `faults` column shows only cached
    /// campaigns.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub faults: Option<u64>,
    /// Print the answer without first running the constant-time trace check on it when
    /// the cache has no verdict (its column then says "not checked").
    #[arg(long)]
    pub no_answer_check: bool,
    /// The seed of `--faults`' sites.
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    pub faults_seed: u64,
    #[command(flatten)]
    pub build: BuildArgs,
}

// `--op`: the operation the answer is for.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OpArg {
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
    /// The operations it names.
    pub fn ops(self) -> Vec<&'static str> {
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

// `--format` of `measure` and `ct`.
#[derive(Clone, Copy, ValueEnum)]
pub enum MeasureFormat {
    Text,
    Json,
}

/// A byte count as `--budget` and the like take it: `budget::parse_bytes`.
fn budget_arg(s: &str) -> Result<u64, String> {
    budget::parse_bytes(s).map_err(|e| e.to_string())
}

// The commands; each variant's doc comment is its help.
#[derive(Subcommand)]
pub enum Cmd {
    /// Write the architecture reports: per target a Markdown and a self-contained HTML
    /// page with every combination, the Pareto fronts (SVG and PNG) and recommendations
    /// per stack budget, and a cross-target page.
    Report(ReportArgs),
    /// Measure the peers (RustCrypto ml-dsa, fips204, libcrux-ml-dsa, PQClean's C for
    /// ML-DSA-65; RustCrypto ml-kem, fips203, libcrux-ml-kem, PQClean's C for ML-KEM-768) in
    /// the same harness: cycles per operation, stack and flash, every output checked against
    /// pqfit on the host; with --ours, side by side with pqfit's presets and each figure's
    /// ratio to the best peer.
    Peers(PeersArgs),
    /// Build the firmware for a target, scheme and strategy and measure keygen, sign,
    /// verify (and for ML-DSA sign-expanded) in the emulator (outputs checked against
    /// the host), or measure named entry points of any ELF with --elf.
    Measure(MeasureArgs),
    /// Check that the firmware is constant-time: run every secret-handling operation
    /// (keygen and sign; keygen, encaps and decaps) with different secrets and the same
    /// public inputs, and compare the traces of branches, memory addresses and
    /// variable-time instructions. Exits with 1 when any firmware leaks.
    Ct(CtArgs),
    /// Inject faults in the emulator: run one operation `--count` times per fault model,
    /// each run with one fault at a random point (an instruction skipped, a bit of a
    /// register or of a loaded word flipped), and classify each outcome against the
    /// fault-free run: same, detected, crashed, or released (a wrong output with status
    /// Ok). Every released and crashed outcome is printed with its site; `--site` runs
    /// one site again (docs/faults.md).
    Faults(FaultsArgs),
    /// List the target profiles and the shipped boards.
    Targets,
    /// Join the caches of `--shard` parts (or of any machines measuring the same
    /// sources) into this one: measurements, constant-time verdicts and fault campaigns.
    /// Entries of other sources or entry formats, corrupt ones and conflicting duplicates
    /// are refused with the reason, and then nothing is written.
    Merge(MergeArgs),
    /// Rewrite the README's comparison table from the report's data
    /// (docs/reports/summary.json, written by `pq-explore report`).
    Readme(ReadmeArgs),
}

// The options of `pq-explore merge`.
#[derive(Args)]
pub struct MergeArgs {
    /// The cache directories to join in.
    #[arg(required = true, value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// The cache to join them into (default: target/pq-explore-cache in the workspace).
    #[arg(long)]
    pub cache_dir: Option<PathBuf>,
}

// The options of `pq-explore readme`.
#[derive(Args)]
pub struct ReadmeArgs {
    /// The report's data (default docs/reports/summary.json).
    #[arg(long, value_name = "FILE")]
    pub summary: Option<PathBuf>,
    /// The README to rewrite (default README.md at the workspace root).
    #[arg(long, value_name = "FILE")]
    pub readme: Option<PathBuf>,
}

// The options of `pq-explore report`.
#[derive(Args)]
pub struct ReportArgs {
    /// Targets: m0, m3, m4, rv32, rv64, a comma-separated list, or all.
    #[arg(long, default_value = "all")]
    pub target: String,
    /// Scheme: a parameter set, a family (ml-dsa, cross, ntru-prime), a kind
    /// (signatures, kems, all), `cross-1` (the six CROSS sets of category 1),
    /// `families` (ML-DSA-44/65/87, cross-1, sntrup761, ntrulpr761), or a
    /// comma-separated list of them.
    #[arg(long, default_value = "ml-dsa-65")]
    pub scheme: String,
    /// Keep only the parameter sets of this NIST security category (1 to 5).
    #[arg(long)]
    pub category: Option<u8>,
    /// Schemes swept in every combination (comma-separated); the others get only
    /// their presets (NTRU Prime: the four main multiplications) with the default
    /// Keccak backend. The pages state it.
    #[arg(long)]
    pub full: Option<String>,
    /// Messages signed per CROSS combination (default: --sign-runs); CROSS signing
    /// takes hundreds of millions of model cycles per message.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub cross_sign_runs: Option<u64>,
    /// Output directory.
    #[arg(long, default_value = "docs/reports")]
    pub out: PathBuf,
    /// Also measure the peers: a table of pqfit against them per target, their rows
    /// and their marks on the plots.
    #[arg(long)]
    pub peers: bool,
    /// A pqm4-layout implementation folder (`.../crypto_sign/<scheme>/<impl>`, repeatable)
    /// measured on each target as `peers --pqm4` measures it, its rows joined to the
    /// peers' tables of the schemes pqfit implements.
    #[arg(long, value_name = "DIR")]
    pub pqm4: Vec<std::path::PathBuf>,
    #[command(flatten)]
    pub build: BuildArgs,
}

// The options of `pq-explore peers`.
#[derive(Args)]
pub struct PeersArgs {
    /// Targets: m0, m3, m4, rv32, rv64, a comma-separated list, or all (default m4, or
    /// the --board's target).
    #[arg(long)]
    pub target: Option<String>,
    /// Scheme: ml-dsa-65 or ml-kem-768 (the peers' schemes), sntrup761, a comma-separated
    /// list, or all.
    #[arg(long, default_value = "ml-dsa-65")]
    pub scheme: String,
    /// Also measure pqfit's presets, for the side-by-side table.
    #[arg(long)]
    pub ours: bool,
    /// A pqm4-layout implementation folder in a pqm4 checkout
    /// (`pqm4/crypto_sign/ml-dsa-65/m4f`, `.../crypto_kem/<scheme>/<impl>`; repeatable):
    /// built as pqm4 builds it for each target and measured instead of the crates.io peers,
    /// its outputs checked against pqfit where pqfit implements the scheme, else by a round
    /// trip; the schemes are the folders' (`--scheme` is not used). Get a checkout with
    /// `git clone --recursive https://github.com/mupq/pqm4` (docs/peers.md).
    #[arg(long, value_name = "DIR")]
    pub pqm4: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    #[command(flatten)]
    pub build: BuildArgs,
}

// The options of `pq-explore measure`.
#[derive(Args)]
pub struct MeasureArgs {
    /// Target profile: m0, m3, m4, rv32, rv64 (files in profiles/targets/); with
    /// --board, the board's.
    #[arg(long)]
    pub target: Option<String>,
    /// A board (a shipped one's name or FILE.toml, docs/boards.md): its flash wait
    /// states charged, times in milliseconds at its clock.
    #[arg(long)]
    pub board: Option<String>,
    /// Scheme: ml-dsa-44, ml-dsa-65, ml-dsa-87 (or dilithium2/3/5).
    #[arg(long, default_value = "ml-dsa-65")]
    pub scheme: String,
    /// Strategy: a preset (reference, small-stack, balanced, fast-sign), a
    /// `Custom<...>` of component names, or a type path.
    #[arg(long, default_value = "reference")]
    pub strategy: String,
    /// Optimisation level of the firmware build: 3, 2, s or z.
    #[arg(long, default_value = "3")]
    pub opt_level: String,
    /// Messages signed (min/avg/max over them).
    #[arg(long, default_value_t = 16)]
    pub sign_runs: usize,
    /// Key generations (different seeds).
    #[arg(long, default_value_t = 3)]
    pub keygen_runs: usize,
    /// Signatures verified.
    #[arg(long, default_value_t = 4)]
    pub verify_runs: usize,
    /// Instructions allowed per call before it is stopped as an error.
    #[arg(long, default_value_t = 4_000_000_000)]
    pub instruction_limit: u64,
    /// Measure this ELF instead of building the firmware (with --entry).
    #[arg(long)]
    pub elf: Option<PathBuf>,
    /// Entry point of the ELF to call (repeatable): `int name(void)`, 0 on success; a
    /// non-zero status is an error.
    #[arg(long)]
    pub entry: Vec<String>,
    /// With --elf: after the entries, write the bytes of SYMBOL (its size from the symbol
    /// table, or LEN bytes) to FILE, to check an ELF's outputs (repeatable).
    #[arg(long, value_name = "SYMBOL[:LEN]=FILE")]
    pub dump: Vec<String>,
    /// Build without the value barriers of `pqfit_core::ct`, to measure what they
    /// cost (such firmware is not constant-time on every core).
    #[arg(long)]
    pub without_value_barriers: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: MeasureFormat,
}

// The options of `pq-explore ct`.
#[derive(Args)]
pub struct CtArgs {
    /// Targets: m0, m3, m4, rv32, rv64, a comma-separated list, or all.
    #[arg(long, default_value = "all")]
    pub target: String,
    /// Scheme: ml-dsa-44, ml-dsa-65, ml-dsa-87, sntrup761, ntrulpr761, a CROSS set, a
    /// comma-separated list, or all.
    #[arg(long, default_value = "ml-dsa-65")]
    pub scheme: String,
    /// `presets` (ML-DSA and CROSS presets, the main NTRU Prime multiplications),
    /// `all` (every combination of the sweep), or one strategy (a preset name, a
    /// `Custom<...>` or a type path).
    #[arg(long, default_value = "presets")]
    pub strategy: String,
    /// Random secrets per operation (keys and randomness), compared run by run; the
    /// extreme keys run in addition. Default 8, or 64 with `--full`.
    #[arg(long, alias = "runs", value_parser = clap::value_parser!(u64).range(2..=1024))]
    pub secrets: Option<u64>,
    /// The everything mode: 64 random secrets per operation.
    #[arg(long, conflicts_with = "secrets")]
    pub full: bool,
    /// Only these operations, comma-separated (keygen, sign, encaps, decaps; decaps
    /// includes its tampered-ciphertext runs). A partial check is never cached.
    #[arg(long, value_delimiter = ',')]
    pub ops: Option<Vec<String>>,
    /// The seed every secret derives from (decimal or 0x hex), to reproduce a run;
    /// default: `$PQFIT_CT_SEED`, else a fresh one from the OS. Always printed.
    #[arg(long)]
    pub seed: Option<String>,
    /// Optimisation level of the firmware builds: 3, 2, s or z.
    #[arg(long, default_value = "3")]
    pub opt_level: String,
    /// Parallel builds and emulations (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Check again; neither read nor write the cache.
    #[arg(long)]
    pub no_cache: bool,
    /// Cache directory (default: target/pq-explore-cache in the workspace).
    #[arg(long)]
    pub cache_dir: Option<PathBuf>,
    /// Build without the value barriers of `pqfit_core::ct` (as the code was before
    /// them), to see the check catch what LLVM makes of bare mask selects. Never cached.
    #[arg(long)]
    pub without_value_barriers: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: MeasureFormat,
}

// The options of `pq-explore faults`.
#[derive(Args)]
pub struct FaultsArgs {
    /// Target: m0, m3, m4, rv32 or rv64.
    #[arg(long, default_value = "m4")]
    pub target: String,
    /// Scheme: one parameter set (ml-dsa-65, cross-rsdp-1-fast, ml-kem-768, ...).
    #[arg(long, default_value = "ml-dsa-65")]
    pub scheme: String,
    /// Strategy: a preset name, a `Custom<...>` or a type path.
    #[arg(long)]
    pub strategy: String,
    /// Operations (comma-separated): keygen, sign (signatures); keygen, encaps,
    /// decaps (KEMs).
    #[arg(long, default_value = "sign")]
    pub op: String,
    /// Fault models: skip, register, load, bitflip (register and load), both or all
    /// (the three).
    #[arg(long, default_value = "all")]
    pub model: String,
    /// Faults per model.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub count: u64,
    /// The seed every fault site derives from.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Run one fault site again (as printed: skip@N, register@N:rR:B, load@N:rR:B)
    /// instead of a campaign.
    #[arg(long)]
    pub site: Option<String>,
    /// Worker threads (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Optimisation level of the firmware build: 3, 2, s or z.
    #[arg(long, default_value = "3")]
    pub opt_level: String,
    /// Inject again; neither read nor write the cache.
    #[arg(long)]
    pub no_cache: bool,
    /// Cache directory (default: target/pq-explore-cache in the workspace).
    #[arg(long)]
    pub cache_dir: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// Also write the output to DIR/faults-<target>-<scheme>-<strategy hash>.<ext>.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}
