#!/usr/bin/env bash
# rustc's linker for the measurement firmware (set by the harness with -Clinker): links with
# the real linker ($PQFIT_REAL_LINKER, rust-lld), then keeps beside the output ELF a "kit"
# (`<output>.kit/`: the arguments, one per line, and copies of the object files rustc
# deletes after linking) from which the harness links each operation alone
# (pqfit_profiles::link). The firmware is the same as without this script.
set -euo pipefail
"${PQFIT_REAL_LINKER:?the harness sets PQFIT_REAL_LINKER}" "$@"

out=""
prev=""
for arg in "$@"; do
  if [[ $prev == -o ]]; then out=$arg; fi
  prev=$arg
done
[[ -n $out ]] || { echo "kit.sh: no -o in the linker arguments" >&2; exit 1; }

kit="$out.kit"
rm -rf "$kit"
mkdir -p "$kit"
n=0
for arg in "$@"; do
  if [[ $arg == *.o && -f $arg ]]; then
    cp "$arg" "$kit/$n.o"
    printf '%s\n' "$kit/$n.o"
    n=$((n + 1))
  else
    printf '%s\n' "$arg"
  fi
done >"$kit/args"
