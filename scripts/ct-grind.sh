#!/usr/bin/env bash
# The constant-time check (docs/constant-time.md): builds `ct-grind` with pqfit's
# declassification markers and runs key generation, signing, encapsulation and
# decapsulation of every scheme and strategy under valgrind's memcheck with the
# secrets marked undefined. Fails on any branch or memory index that depends on a
# secret, and on a division instruction in pqfit code outside the reviewed list
# (memcheck does not report divisions). Arguments filter the cases by name, e.g.
# `./scripts/ct-grind.sh ml-dsa-65/small-stack sntrup761`; `--list` lists them.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh >/dev/null
cargo build -q --profile ct-grind -p pqfit-ctgrind --features grind
bin="${CARGO_TARGET_DIR:-target}/ct-grind/ct-grind"

# --error-limit=no: memcheck otherwise stops counting after 1000 distinct errors, and
# later cases would pass unseen. The harness reads the error count per case.
# valgrind runs one thread at a time: the cases are split over $PQFIT_CT_GRIND_JOBS
# processes (default: the number of cores), each with its own log, shown in order.
jobs="${PQFIT_CT_GRIND_JOBS:-$(nproc)}"
logs="${CARGO_TARGET_DIR:-target}/ct-grind/logs"
rm -rf "$logs" && mkdir -p "$logs"
pids=()
for ((k = 0; k < jobs; k++)); do
  valgrind -q --error-limit=no --num-callers=12 "$bin" --require-valgrind --shard "$k/$jobs" "$@" \
    >"$logs/$k.log" 2>&1 &
  pids+=($!)
done
status=0
for ((k = 0; k < jobs; k++)); do
  wait "${pids[$k]}" || status=1
  cat "$logs/$k.log"
done
passed=$(cat "$logs"/*.log | awk '/^ct-grind: [0-9]+ passed, [0-9]+ failed$/ {p += $2} END {print p + 0}')
failed=$(cat "$logs"/*.log | awk '/^ct-grind: [0-9]+ passed, [0-9]+ failed$/ {f += $4} END {print f + 0}')
echo "ct-grind: in all $jobs processes: $passed passed, $failed failed"
if [ "$status" -ne 0 ]; then
  echo "ct-grind: FAILED (see the cases marked FAILED above)"
  exit 1
fi

# Divisions: the functions of pqfit and pqfit-core in the checked binary that contain a
# division instruction, each reviewed: its operands are public.
allowed='pqfit_core::ntruprime::encode::decode' # public moduli of public encodings (pk, ciphertext)
found=$(objdump -d --no-show-raw-insn -C "$bin" |
  awk '/^[0-9a-f]+ <.*>:$/{fn=$0} /\t(i?div)[lqwb]? /{print fn}' |
  grep -E '<pqfit' | sed -E 's/^[0-9a-f]+ <(.*)>:$/\1/' | sort -u)
unexpected=$(grep -vxF "$allowed" <<<"$found" || true)
if [ -n "$unexpected" ]; then
  echo "ct-grind: division instructions in pqfit code not reviewed as public:"
  echo "$unexpected"
  exit 1
fi
echo "ct-grind: divisions only in reviewed functions on public data: ${found:-none}"
