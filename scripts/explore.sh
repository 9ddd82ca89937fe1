#!/usr/bin/env bash
# The main job: measure ML-DSA-65 key generation, signing and verification with each
# strategy preset on the emulated Cortex-M4 (cycles, stack, static RAM, flash), every
# output checked against the host. Extra arguments go to each `pq-explore measure`,
# e.g. `./scripts/explore.sh --format json`.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cargo build --release -p pq-explore
for strategy in small-stack balanced fast-sign; do
  ./target/release/pq-explore measure --target m4 --scheme ml-dsa-65 --strategy "$strategy" "$@"
done
