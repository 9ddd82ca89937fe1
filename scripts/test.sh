#!/usr/bin/env bash
# Runs every test of the workspace, including the ACVP and NIST KAT vectors read
# from ../shared/vectors (override with PQFIT_VECTORS=/path/to/vectors).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cargo test --workspace --all-targets -- --show-output
cargo test --workspace --doc
# The heap-allocating PKCS#8/SPKI encoder traits (feature `alloc`) against ml-dsa.
cargo test -p pqfit --features alloc --test mldsa_pkcs8
# ML-KEM's PKCS#8/SPKI against ml-kem (the test needs `alloc` for the encoder traits).
cargo test -p pqfit --features alloc --test mlkem_pkcs8
