#!/usr/bin/env bash
# Out-of-sample check of the Cortex-M4 cycle model: pqm4's own implementations (their
# assembly included), which the model was never fitted to, built as pqm4 builds them and
# measured with `pq-explore measure --elf`, against pqm4's published cycles.
#   PQM4=/path/to/pqm4 profiles/calibration/pqm4.sh [crypto_sign/ml-dsa-65/m4f ...]
# PQM4 is a checkout with its mupq submodule (git clone --recursive
# https://github.com/mupq/pqm4). SIGNS (default 300) sets the messages signed, KEMS
# (default 10, as pqm4) the KEM key pairs and encapsulations; means are over them. Needs: apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi.
# Results: docs/measurement.md ("Out of sample: pqm4").
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
: "${PQM4:?set PQM4 to a pqm4 checkout}"
impls=("$@")
[ ${#impls[@]} -gt 0 ] || impls=(crypto_sign/ml-dsa-65/m4f crypto_sign/ml-dsa-65/m4fstack
  crypto_kem/ml-kem-768/m4fspeed crypto_kem/ml-kem-768/m4fstack)
(cd "$root" && cargo build --release -q -p pq-explore)
explore="$root/target/release/pq-explore"
out="$(mktemp -d)"
for impl in "${impls[@]}"; do
  src="$PQM4/$impl"
  name="$(echo "$impl" | cut -d/ -f2-3 | tr / -)"
  kem=()
  case "$impl" in crypto_kem/*) kem=(-DPQM4_KEM) ;; esac
  # pqm4's flags (mupq/mk/config.mk, mk/opencm3.mk; AIO=1 puts LDFLAGS, -ffreestanding
  # among them, on the compiling command line) and its assembly Keccak.
  arm-none-eabi-gcc -std=gnu99 -O3 -fno-common -ffreestanding -mcpu=cortex-m4 -mthumb \
    -mfloat-abi=hard -mfpu=fpv4-sp-d16 --specs=nosys.specs -nostartfiles -Wl,--gc-sections \
    -T "$here/m4.ld" -Wl,--undefined=bench_encaps -Wl,--undefined=bench_decaps \
    "${kem[@]}" -I"$src" -I"$PQM4/common" -I"$PQM4/mupq/common" \
    "$here/pqm4_wrap.c" "$src"/*.c $(ls "$src"/*.S "$src"/*.s 2>/dev/null) \
    "$PQM4/mupq/common/fips202.c" "$PQM4/common/keccakf1600.S" -o "$out/$name.elf"
  if [ ${#kem[@]} -gt 0 ]; then
    entries=()
    for _ in $(seq "${KEMS:-10}"); do
      entries+=(--entry bench_keygen --entry bench_encaps --entry bench_decaps)
    done
  else
    entries=(--entry bench_keygen)
    for _ in $(seq "${SIGNS:-300}"); do entries+=(--entry bench_sign); done
    entries+=(--entry bench_verify)
  fi
  "$explore" measure --target m4 --elf "$out/$name.elf" "${entries[@]}" --format json \
    > "$out/$name.json"
  python3 - "$out/$name.json" "$name" <<'PY'
import json, statistics, sys
ops = json.load(open(sys.argv[1]))
name = sys.argv[2]
by = {}
for o in ops:
    by.setdefault(o["op"], []).append(o["cycles"]["avg"])
for op, c in by.items():
    stack = max(o["stack_bytes"] for o in ops if o["op"] == op)
    err = statistics.stdev(c) / len(c) ** 0.5 if len(c) > 1 else 0
    print(f"{name:24} {op:13} n={len(c):4} mean {statistics.mean(c):>13,.0f} "
          f"(± {err:,.0f}) min {min(c):>12,} stack {stack:>7,}")
PY
done
