#!/usr/bin/env bash
# Runs every test of the workspace, including the ACVP and NIST KAT vectors read
# from ../shared/vectors (override with PQFIT_VECTORS=/path/to/vectors).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cargo test --workspace --all-targets -- --show-output
cargo test --workspace --doc
