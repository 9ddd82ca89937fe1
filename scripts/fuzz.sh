#!/usr/bin/env bash
# Fuzzes pqfit's decoders and verifiers and pq-explore's input readers with cargo-fuzz
# (libFuzzer): every target of fuzz/ (or the ones named) for a bounded time each,
# starting from the seeds made from the official vectors (fuzz/seeds/) and the working
# corpus of earlier runs (fuzz/corpus/, not committed). Fails on the first crash, panic
# or failed assertion; libFuzzer writes the input to fuzz/artifacts/<target>/. See
# docs/fuzzing.md.
#
#   ./scripts/fuzz.sh                    # every target, 60 s each
#   ./scripts/fuzz.sh -t 3600 mldsa_verify cross_verify
#   ./scripts/fuzz.sh -t 28800 mldsa_verify   # a night on one target
#   FUZZ_TOOLCHAIN=nightly FUZZ_SANITIZER=address ./scripts/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=60
if [ "${1:-}" = "-t" ]; then
  seconds=$2
  shift 2
fi
./scripts/setup-fuzz.sh
cargo_fuzz=(cargo ${FUZZ_TOOLCHAIN:++$FUZZ_TOOLCHAIN} fuzz)
# -a: debug assertions and overflow checks on, as in the test profile.
opts=(-s "${FUZZ_SANITIZER:-none}" -a --target-dir "${CARGO_TARGET_DIR:-$PWD/target}/fuzz")
if [ $# -gt 0 ]; then
  targets=("$@")
else
  mapfile -t targets < <("${cargo_fuzz[@]}" list)
fi
"${cargo_fuzz[@]}" build "${opts[@]}"

# libFuzzer runs one thread: $FUZZ_JOBS targets at a time (default: the number of
# cores), each with its own log; the results are read in the targets' order.
jobs="${FUZZ_JOBS:-$(nproc)}"
logs="${CARGO_TARGET_DIR:-target}/fuzz"
mkdir -p "$logs"
run_one() {
  local t=$1 status=0
  "${cargo_fuzz[@]}" run "${opts[@]}" "$t" "fuzz/corpus/$t" "fuzz/seeds/$t" -- \
    -max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 \
    >"$logs/$t.log" 2>&1 || status=$?
  echo "$status" >"$logs/$t.status"
}
for t in "${targets[@]}"; do
  mkdir -p "fuzz/corpus/$t"
  rm -f "$logs/$t.status"
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
    wait -n || true
  done
  echo "== fuzz $t (${seconds} s)"
  run_one "$t" &
done
wait

summary=()
for t in "${targets[@]}"; do
  log="$logs/$t.log"
  status=$(cat "$logs/$t.status" 2>/dev/null || echo "no status")
  execs=$(grep -h 'stat::number_of_executed_units' "$log" | awk '{s += $2} END {print s + 0}')
  corpus=$(find "fuzz/corpus/$t" -type f | wc -l)
  if [ "$status" != 0 ]; then
    tail -40 "$log"
    echo "fuzz: $t FAILED after $execs executions (exit $status); the input is in fuzz/artifacts/$t/"
    exit 1
  fi
  summary+=("$(printf '%-18s %10s executions  %5s inputs in the corpus' "$t" "$execs" "$corpus")")
done
echo "== fuzz summary (${seconds} s per target, $jobs at a time)"
printf '%s\n' "${summary[@]}"
echo "fuzz: ${#targets[@]} passed, 0 failed"
