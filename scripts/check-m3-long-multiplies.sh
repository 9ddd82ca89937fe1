#!/usr/bin/env bash
# The Cortex-M3's long multiplies (SMULL, UMULL, SMLAL, UMLAL) finish early for small
# operands, so they must not touch secret data. Builds pqfit for thumbv7m to assembly,
# with every strategy combination, CROSS preset and NTRU Prime multiplication
# instantiated (`instantiate-all`: without it no generic code is generated and almost
# nothing of signing would be checked), and fails if any function of pqfit or
# pqfit-core contains one, except hashing's public lengths and verification (public
# data only). The trace check
# (scripts/check-constant-time.sh) checks the same rule on the running firmware.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${CARGO_TARGET_DIR:-target}/m3-asm-check"
rm -rf "$out"
CARGO_PROFILE_RELEASE_LTO=false CARGO_TARGET_DIR="$out" RUSTFLAGS="--emit=asm,link" \
  cargo build -q --release -p pqfit --features instantiate-all --target thumbv7m-none-eabi
bad=$(cat "$out"/thumbv7m-none-eabi/release/deps/pqfit_core-*.s "$out"/thumbv7m-none-eabi/release/deps/pqfit-*.s |
  awk '/^_ZN.*:$/{fn=$0} /^[ \t]+(smull|umull|smlal|umlal)/{print fn}' |
  grep -E 'mldsa|strategy|poly|ntt|sample|rounding|cross|ntruprime|sntrup|lpr' |
  grep -vE 'message_representative|verify' | sort | uniq -c || true)
if [ -n "$bad" ]; then
  echo "long multiplies in secret-handling code on thumbv7m:"
  echo "$bad"
  exit 1
fi
echo "thumbv7m: no long multiplies in the secret-handling code of ML-DSA, CROSS and NTRU Prime"
