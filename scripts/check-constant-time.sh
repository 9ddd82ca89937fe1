#!/usr/bin/env bash
# The constant-time trace check on the firmware (docs/constant-time.md): each
# secret-handling operation runs in the emulator with fresh random secrets (8 per
# operation, 64 with --full) derived from one printed seed, plus extreme keys, and the
# same public inputs; the traces of branches, memory addresses and variable-time
# instructions must agree. Exits non-zero on any difference, naming the function, the
# instruction, the seed and the run.
#
#   ./scripts/check-constant-time.sh          CI's covering set (52 firmware builds:
#                                             every component of every preset the
#                                             traits and the README name, every
#                                             parameter set, on all five targets)
#   ./scripts/check-constant-time.sh --full   every ML-DSA and ML-KEM combination, every
#                                             NTRU Prime multiplication, every CROSS set
#                                             and preset, on every target, 64 secrets
#                                             (many hours)
#
# One seed for the whole run: $PQFIT_CT_SEED if set (to reproduce a failure), else a
# fresh one, printed here and by every pq-explore call.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --release -p pq-explore
if [ -z "${PQFIT_CT_SEED:-}" ]; then
  PQFIT_CT_SEED="0x$(od -An -N8 -tx8 /dev/urandom | tr -d ' \n')"
fi
export PQFIT_CT_SEED
echo "check-constant-time: seed $PQFIT_CT_SEED (reproduce: PQFIT_CT_SEED=$PQFIT_CT_SEED $0 $*)"
ct() { ./target/release/pq-explore ct --no-cache "$@"; }

if [ "${1:-}" = "--full" ]; then
  # Every ML-DSA strategy combination and every NTRU Prime multiplication (hours), and
  # every CROSS parameter set under each preset.
  ct --full --target all --scheme ml-dsa-44,ml-dsa-65,ml-dsa-87 --strategy all
  ct --full --target all --scheme sntrup761,ntrulpr761 --strategy all
  # Every ML-KEM combination (16 per set) of the three sets.
  ct --full --target all --scheme ml-kem-512,ml-kem-768,ml-kem-1024 --strategy all
  cross=""
  for v in rsdp rsdpg; do for l in 1 3 5; do for o in fast balanced small; do
    cross="${cross:+$cross,}cross-$v-$l-$o"
  done; done; done
  ct --full --target all --scheme "$cross" --strategy presets
  exit 0
fi

# Why this set, and what each call costs: docs/constant-time.md, "What CI covers".
# A compiled code path is a component implementation on an ISA; presets combine
# components, so the set below runs every component of every preset the traits and the
# README name on every target, with the parameter sets rotated over the presets so
# that every set's own routines also run on every target.
all=m0,m3,m4,rv32,rv64

# ML-DSA: small-stack (the bare-key traits' preset) and reference on ML-DSA-44 (eta =
# 2, Decompose by (q-1)/88, gamma1 = 2^17), fast-sign on ML-DSA-65 (eta = 4, (q-1)/32,
# 2^19); their components cover balanced's. ML-DSA-87's routines are those two sets'
# (eta = 2; (q-1)/32, 2^19) with k = 8, l = 7: once, on the cheapest core.
for s in small-stack reference; do
  ct --target $all --scheme ml-dsa-44 --strategy "$s"
done
ct --target $all --scheme ml-dsa-65 --strategy fast-sign
ct --target rv64 --scheme ml-dsa-87 --strategy small-stack
# ML-KEM: small-stack on ML-KEM-768 (the README's type) and ML-KEM-1024 (du = 11,
# dv = 5), fast-kem on ML-KEM-512 (eta1 = 3); together every component of the
# presets (balanced's too).
ct --target $all --scheme ml-kem-768,ml-kem-1024 --strategy small-stack
ct --target $all --scheme ml-kem-512 --strategy fast-kem
# NTRU Prime: the default multiplication (ZqNtt) of both KEMs; decapsulation also with
# ciphertexts of the right weight and a wrong confirmation hash. sntrup761's key
# generation runs on every core again since its inversions take 14.5 M (M4, with its
# own inline assembly) to 61 M (M0) model cycles a run (issue 38; they took up to 453 M).
ct --target $all --scheme ntrulpr761 --strategy ZqNtt
ct --target $all --scheme sntrup761 --strategy ZqNtt
# CROSS, category 1, fast sets (the cheapest; the other sets differ in constants):
# balanced on RSDP(G) (RegeneratedSeeds, IncrementalMerkle, HashedCmt1, RegeneratedY:
# the four components min-stack shares with it) and fast on RSDP (the Stored*
# components and StoredMatrices) on every core; min-stack's own component,
# StreamedMatrices, on RV64 only: its signing costs 75 M (RV64) to 236 M (M0) model
# cycles a run, beyond CI's budget on the other cores (--full checks them).
ct --target $all --scheme cross-rsdpg-1-fast --strategy balanced
ct --target $all --scheme cross-rsdp-1-fast --strategy fast
ct --target rv64 --scheme cross-rsdpg-1-fast --strategy min-stack
