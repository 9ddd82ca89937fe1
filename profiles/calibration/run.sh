#!/usr/bin/env bash
# Calibration of the Cortex-M4 cycle model against pqm4's published silicon figures:
# PQClean's ml-dsa-65 "clean" C with mupq's fips202.c and pqm4's assembly Keccak (as pqm4
# links it), compiled with arm-none-eabi-gcc -O3, measured with `pq-explore measure --elf`.
# The sources are not in this repository; point the script at checkouts of them:
#   PQCLEAN=/path/to/PQClean MUPQ=/path/to/mupq PQM4=/path/to/pqm4 profiles/calibration/run.sh
# Needs: apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi. See docs/measurement.md.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
: "${PQCLEAN:?set PQCLEAN}" "${MUPQ:?set MUPQ}" "${PQM4:?set PQM4}"
out="$(mktemp -d)"
src="$PQCLEAN/crypto_sign/ml-dsa-65/clean"
cp "$src"/*.c "$src"/*.h "$out"/
cp "$MUPQ/common/fips202.c" "$MUPQ/common/fips202.h" "$MUPQ/common/keccakf1600.h" "$out"/
cp "$PQCLEAN/common/randombytes.h" "$out"/
cp "$PQM4/common/keccakf1600.S" "$out"/
cp "$here/pqclean_wrap.c" "$out"/
cd "$out"
# pqm4's flags (mupq/mk/config.mk, mk/opencm3.mk; with AIO=1 its LDFLAGS, -ffreestanding
# among them, are on the compiling command line: gcc then keeps fips202.c's loops as
# loops instead of memset calls).
arm-none-eabi-gcc -std=gnu99 -O3 -fno-common -ffreestanding -mcpu=cortex-m4 -mthumb \
  -mfloat-abi=hard -mfpu=fpv4-sp-d16 -nostartfiles --specs=nosys.specs -Wl,--gc-sections \
  -T "$here/m4.ld" -I. \
  pqclean_wrap.c fips202.c keccakf1600.S ntt.c packing.c poly.c polyvec.c reduce.c \
  rounding.c sign.c symmetric-shake.c -o pqclean-mldsa65-m4.elf
entries=(--entry bench_keygen)
for _ in $(seq "${SIGNS:-300}"); do entries+=(--entry bench_sign); done
entries+=(--entry bench_verify)
cd "$root"
cargo run --release -q -p pq-explore -- measure --target m4 --elf "$out/pqclean-mldsa65-m4.elf" \
  "${entries[@]}" --format json > "$out/result.json"
python3 - "$out/result.json" <<'PY'
import json, sys
ops = json.load(open(sys.argv[1]))
sign = [o["cycles"]["avg"] for o in ops if o["op"] == "bench_sign"]
by = {o["op"]: o for o in ops}
pub = {"keygen": 3205533, "sign_min": 5098254, "sign_mean": 12359056, "verify": 3377305}
got = {"keygen": by["bench_keygen"]["cycles"]["avg"], "sign_min": min(sign),
       "sign_mean": round(sum(sign) / len(sign)), "verify": by["bench_verify"]["cycles"]["avg"]}
for k in pub:
    print(f"{k:10} published {pub[k]:>11,}  model {got[k]:>11,}  ratio {got[k] / pub[k]:.3f}")
print("stack keygen/sign/verify:", by["bench_keygen"]["stack_bytes"], max(o["stack_bytes"] for o in ops if o["op"] == "bench_sign"), by["bench_verify"]["stack_bytes"])
PY
