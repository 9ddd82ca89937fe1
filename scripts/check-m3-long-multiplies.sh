#!/usr/bin/env bash
# The Cortex-M3's long multiplies (SMULL, UMULL, SMLAL, UMLAL) finish early for small
# operands, so they must not touch secret data. Builds pqfit for thumbv7m to assembly
# and fails if any function of the ML-DSA arithmetic (field, NTT, polynomials,
# sampling, rounding, the strategies) contains one. Hashing of public lengths may.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${CARGO_TARGET_DIR:-target}/m3-asm-check"
rm -rf "$out"
CARGO_PROFILE_RELEASE_LTO=false CARGO_TARGET_DIR="$out" RUSTFLAGS="--emit=asm,link" \
  cargo build -q --release -p pqfit --target thumbv7m-none-eabi
bad=$(cat "$out"/thumbv7m-none-eabi/release/deps/pqfit_core-*.s "$out"/thumbv7m-none-eabi/release/deps/pqfit-*.s |
  awk '/^_ZN.*:$/{fn=$0} /^[ \t]+(smull|umull|smlal|umlal)/{print fn}' |
  grep -E 'mldsa|strategy|poly|ntt|sample|rounding' | grep -vE 'message_representative' | sort | uniq -c || true)
if [ -n "$bad" ]; then
  echo "long multiplies in secret-handling code on thumbv7m:"
  echo "$bad"
  exit 1
fi
echo "thumbv7m: no long multiplies in the ML-DSA arithmetic"
