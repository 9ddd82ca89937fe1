#!/usr/bin/env bash
# The Cortex-M3's long multiplies (SMULL, UMULL, SMLAL, UMLAL) finish early for small
# operands, so they must not touch secret data. Builds pqfit for thumbv7m to assembly,
# with every strategy combination of ML-DSA and ML-KEM, CROSS preset and NTRU Prime
# multiplication instantiated (`instantiate-all`: without it no generic code is generated and almost
# nothing of signing would be checked), and fails if any function of pqfit or
# pqfit-core contains one, except hashing's public lengths and verification (public
# data only). ML-KEM's Compress divides by q with a 32 x 32 -> 64-bit product of a
# secret coefficient (`ct::wide_mul_u32`), which on the M3 is split into 32-bit MULs:
# a UMULL there would be flagged. The script also fails if no ML-KEM code was
# generated at all (the check would then pass vacuously). The trace check
# (scripts/check-constant-time.sh) checks the same rule on the running firmware.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${CARGO_TARGET_DIR:-target}/m3-asm-check"
rm -rf "$out"
CARGO_PROFILE_RELEASE_LTO=false CARGO_TARGET_DIR="$out" RUSTFLAGS="--emit=asm,link" \
  cargo build -q --release -p pqfit --features instantiate-all --target thumbv7m-none-eabi
asm=("$out"/thumbv7m-none-eabi/release/deps/pqfit_core-*.s "$out"/thumbv7m-none-eabi/release/deps/pqfit-*.s)
# The generic ML-KEM functions are emitted per strategy: K-PKE's encryption (where
# Compress runs) must be among them.
kpke=$(grep -cE '^_ZN.*5mlkem4kpke7encrypt.*:$' "${asm[@]}" | awk -F: '{s += $NF} END {print s + 0}')
if [ "$kpke" -eq 0 ]; then
  echo "no ML-KEM K-PKE.Encrypt in the thumbv7m assembly: nothing of ML-KEM would be checked"
  exit 1
fi
bad=$(cat "${asm[@]}" |
  awk '/^_ZN.*:$/{fn=$0} /^[ \t]+(smull|umull|smlal|umlal)/{print fn}' |
  grep -E 'mldsa|mlkem|kpke|strategy|poly|ntt|sample|rounding|compress|cross|ntruprime|sntrup|lpr' |
  grep -vE 'message_representative|verify' | sort | uniq -c || true)
if [ -n "$bad" ]; then
  echo "long multiplies in secret-handling code on thumbv7m:"
  echo "$bad"
  exit 1
fi
echo "thumbv7m: no long multiplies in the secret-handling code of ML-DSA, ML-KEM ($kpke K-PKE.Encrypt instances), CROSS and NTRU Prime"
