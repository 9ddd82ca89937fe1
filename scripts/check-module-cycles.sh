#!/usr/bin/env bash
# No module import cycles inside any crate: builds tools/modcycles (pqfit-modcycles)
# and runs it over the source directory of every crate of the workspace, the two
# separate workspaces (profiles/firmware, fuzz) and the benchmarks. A cycle is printed
# with a path around it and the file:line of a reference for each edge, and fails the
# check. The model (what counts as an edge, why `pub use` does not):
# tools/modcycles/src/lib.rs.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q -p pqfit-modcycles
crates=()
# Every crate with a src/ directory, here and one level down (tools/*, profiles/firmware).
for dir in */src */*/src; do
  case "$dir" in
    target/*) continue ;;
  esac
  if [ -f "$dir/lib.rs" ] || [ -f "$dir/main.rs" ]; then
    crates+=("$dir")
  fi
done
# Crates whose root is a single file: the criterion benchmarks.
for root in benches/benches/*.rs; do
  crates+=("$root")
done
"${CARGO_TARGET_DIR:-target}/debug/pqfit-modcycles" "${crates[@]}"
