//! `pq-explore`: pqfit's trade-off explorer.
//!
//! - `pq-explore --target m3 --budget 12k`: builds and measures every strategy combination
//!   for the target (cached), prints the Pareto front and the fastest combination within the
//!   budget as the Rust type to paste.
//! - `pq-explore report --target all --out docs/reports`: the architecture reports.
//! - `pq-explore measure`: one (target, scheme, strategy), or named entry points of any ELF.
//! - `pq-explore ct`: the constant-time check of the firmware (docs/constant-time.md).
//! - `pq-explore peers --target m4`: other implementations (RustCrypto `ml-dsa`, `fips204`,
//!   `libcrux-ml-dsa`, PQClean; for ML-KEM-768 RustCrypto `ml-kem`, `fips203`,
//!   `libcrux-ml-kem`, PQClean) measured in the same harness, side by side with pqfit.
//!
//! The modules in layers, each using only those of its own layer listed before it and the
//! layers below; none uses one that uses it back:
//!
//! 1. inputs: [`budget`] and [`cache`] (the library), [`workspace`], [`combos`],
//!    [`schemes`], [`published`], [`pareto`];
//! 2. measuring: [`sweep`], [`ct`], [`faults`];
//! 3. analysis, data only: [`analysis`], [`ranking`];
//! 4. presentation: [`format`](mod@format), [`board`], [`rows`], [`words`], [`output`], [`plot`],
//!    [`scheme_plot`], [`peers`];
//! 5. [`report`];
//! 6. the command line: [`cli`], then [`commands`], then `main`, which parses and
//!    dispatches.

mod analysis;
mod board;
mod cli;
mod combos;
mod commands;
mod ct;
mod faults;
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
mod shard;
mod sweep;

#[cfg(test)]
mod testdata;
mod words;
mod workspace;

use std::process::ExitCode;

use clap::Parser;
use pq_explore::{budget, cache};

use cli::{Cli, Cmd};
use commands::common::LeakFound;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => commands::sweep::run(&cli.sweep),
        Some(Cmd::Report(a)) => commands::report::run(a),
        Some(Cmd::Peers(a)) => commands::peers::run(a),
        Some(Cmd::Measure(a)) => commands::measure::run(a),
        Some(Cmd::Ct(a)) => commands::ct::run(a),
        Some(Cmd::Faults(a)) => commands::faults::run(a),
        Some(Cmd::Targets) => commands::targets::run(),
        Some(Cmd::Merge(a)) => commands::merge::run(a),
        Some(Cmd::Readme(a)) => commands::readme::run(a),
    };
    match result {
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
