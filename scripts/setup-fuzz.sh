#!/usr/bin/env bash
# Installs what the fuzzing needs (scripts/fuzz.sh); safe to run any number of times.
# cargo-fuzz drives libFuzzer. Without a sanitizer it needs no nightly features, so the
# pinned toolchain of rust-toolchain.toml (installed by setup.sh) builds the targets; an
# AddressSanitizer run (FUZZ_SANITIZER=address) needs FUZZ_TOOLCHAIN=nightly.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh >/dev/null
# libFuzzer itself is C++, compiled by libfuzzer-sys's build script.
if ! command -v c++ >/dev/null; then
  apt-get update
  apt-get install -y g++
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --version 0.13.2 --locked
fi
if [ -n "${FUZZ_TOOLCHAIN:-}" ] && ! rustup run "$FUZZ_TOOLCHAIN" rustc --version >/dev/null 2>&1; then
  rustup toolchain install "$FUZZ_TOOLCHAIN" --profile minimal
fi
