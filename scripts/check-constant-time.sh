#!/usr/bin/env bash
# The constant-time trace check on the firmware (docs/constant-time.md): each
# secret-handling operation runs in the emulator with different secrets and the same
# public inputs, and the traces of branches, memory addresses and variable-time
# instructions must agree. Exits non-zero on any difference, naming the function and
# instruction.
#
#   ./scripts/check-constant-time.sh          CI's representative subset (about 35
#                                             firmware builds: presets x targets)
#   ./scripts/check-constant-time.sh --full   every ML-DSA and ML-KEM combination, every
#                                             NTRU Prime multiplication, every CROSS set
#                                             and preset, on every target (many hours)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --release -p pq-explore
ct() { ./target/release/pq-explore ct --no-cache "$@"; }

if [ "${1:-}" = "--full" ]; then
  # Every ML-DSA strategy combination and every NTRU Prime multiplication (hours), and
  # every CROSS parameter set under each preset.
  ct --target all --scheme ml-dsa-44,ml-dsa-65,ml-dsa-87 --strategy all
  ct --target all --scheme sntrup761,ntrulpr761 --strategy all
  # Every ML-KEM combination (16 per set) of the three sets.
  ct --target all --scheme ml-kem-512,ml-kem-768,ml-kem-1024 --strategy all
  cross=""
  for v in rsdp rsdpg; do for l in 1 3 5; do for o in fast balanced small; do
    cross="${cross:+$cross,}cross-$v-$l-$o"
  done; done; done
  ct --target all --scheme "$cross" --strategy presets
  exit 0
fi

# ML-DSA-65: the smallest and the fastest preset on every core.
for s in small-stack fast-sign; do
  ct --target all --scheme ml-dsa-65 --strategy "$s"
done
# NTRU Prime: one multiplication each where LLVM branches most readily (M0, RV32) and
# on the M3 (variable-time long multiplies).
ct --target m0,m3,rv32 --scheme sntrup761 --strategy Karatsuba
ct --target m0,rv32 --scheme ntrulpr761 --strategy GoodNtt
# ZqNtt, the multiplication that fits 12 kB at NTT speed, on every 32-bit core.
ct --target m0,m3,m4,rv32 --scheme sntrup761 --strategy ZqNtt
# ML-KEM-768: the smallest and the fastest preset on every core (keygen, encaps, and
# decaps of a valid and of a tampered ciphertext).
for s in small-stack fast-kem; do
  ct --target all --scheme ml-kem-768 --strategy "$s"
done
# ML-KEM-512 and -1024, for the code paths ML-KEM-768 lacks (eta1 = 3; du = 11, dv = 5):
# the smallest preset on the M0, where LLVM branches most readily.
ct --target m0 --scheme ml-kem-512,ml-kem-1024 --strategy small-stack
# CROSS: the Fast preset of both variants on the M0 and the M4.
ct --target m0,m4 --scheme cross-rsdp-1-fast,cross-rsdpg-1-fast --strategy Fast
