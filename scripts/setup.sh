#!/usr/bin/env bash
# Installs what a fresh machine lacks; safe to run any number of times.
set -euo pipefail
cd "$(dirname "$0")/.."
# rustup does not fetch the pinned toolchain's components and targets by itself here:
# `rustup toolchain install` in the repository root reads rust-toolchain.toml.
rustup toolchain install
rustup show active-toolchain
# cmake and libclang for unicorn-engine, the emulator of pqfit-profiles (built from
# source; see .cargo/config.toml); a TrueType font for the text of pq-explore's plots;
# valgrind for the constant-time check (scripts/ct-grind.sh; its headers are in the
# same package).
if ! dpkg -s cmake libclang-dev fonts-dejavu-core valgrind >/dev/null 2>&1; then
  apt-get update
  apt-get install -y cmake libclang-dev fonts-dejavu-core valgrind
fi
