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
# arm-none-eabi-gcc and newlib's headers for the PQClean C peer of the measurement
# firmware (profiles/firmware/src/peers, compiled for the Cortex-M targets with `cc`), and
# riscv64-unknown-elf-gcc with picolibc's headers for the same peer on the rv64 target;
# valgrind for the constant-time check of the host build (scripts/ct-grind.sh);
# chromium (/usr/bin/chromium) for the test that loads the report pages in a headless
# browser (explorer/src/report/browser.rs).
packages="cmake libclang-dev fonts-dejavu-core gcc-arm-none-eabi libnewlib-arm-none-eabi gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf valgrind chromium"
# shellcheck disable=SC2086
if ! dpkg -s $packages >/dev/null 2>&1; then
  apt-get update
  # shellcheck disable=SC2086
  apt-get install -y $packages
fi
