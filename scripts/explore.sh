#!/usr/bin/env bash
# The main job. Until the pq-explore harness lands this runs the host example:
# key generation, signing and verification for each parameter set, with sizes.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cargo run --release -p pqfit --example mldsa
