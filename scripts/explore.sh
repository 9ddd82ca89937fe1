#!/usr/bin/env bash
# The main job: sweep every ML-DSA-65 strategy combination on the emulated Cortex-M4
# (built, run and checked against the host; cycles, stack, RAM and flash), print the
# Pareto front and the fastest way to sign within 12 kB of stack as the Rust type to
# paste, and write the table, results.json and plots into target/pq-explore-out.
# Results are cached: a second run takes seconds. Extra arguments go to pq-explore,
# e.g. `./scripts/explore.sh --target m3 --budget 8k` or `--format json`.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cargo build --release -p pq-explore
exec ./target/release/pq-explore --target m4 --budget 12k --out target/pq-explore-out "$@"
