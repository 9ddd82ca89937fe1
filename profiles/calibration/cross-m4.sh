#!/usr/bin/env bash
# The CROSS submitters' Cortex-M4 code (Additional_Implementations/Cortex-M4_Implementation of
# github.com/CROSS-signature/CROSS-implementation, eprint 2025/1928) built for the `m4` memory
# map and measured on the M4 cycle model with `pq-explore measure --elf`. Their figures were
# published for silicon only in the paper; these are model cycles of this harness.
# The sources are not in this repository: pass checkouts (work trees) of them:
#   CROSS=/path/to/CROSS-implementation MUPQ=/path/to/mupq PQM4=/path/to/pqm4 \
#     profiles/calibration/cross-m4.sh [SET ...]
# SETs: rsdp-1-fast rsdpg-1-fast ... (default: the six category-1 sets); IMPLS (env, default
# "ref m4stack m4speed m4opt") picks the submitters' configurations, as their CMakeLists.txt
# composes them (sources copied flat into a temporary directory, the options given as -D
# instead of unifdef). Keccak: mupq's fips202.c with pqm4's assembly Keccak-f, as pqm4 links.
# Each build: keygen, sign, verify (traps unless the signature and message come back), and a
# tampered signature (traps if accepted). Prints one line per (set, impl); JSON in $OUT.
# Needs: apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi. See docs/cross.md.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
: "${CROSS:?set CROSS}" "${MUPQ:?set MUPQ}" "${PQM4:?set PQM4}"
m4="$CROSS/Additional_Implementations/Cortex-M4_Implementation"
ref="$CROSS/Reference_Implementation"
sets=("$@")
[ ${#sets[@]} -gt 0 ] || sets=(rsdp-1-fast rsdp-1-balanced rsdp-1-small rsdpg-1-fast rsdpg-1-balanced rsdpg-1-small)
impls=(${IMPLS:-ref m4stack m4speed m4opt})
OUT="${OUT:-$(mktemp -d)}"
echo "commit $(git -C "$CROSS" rev-parse HEAD 2>/dev/null || echo unknown), output in $OUT"
# The memory options of their CMakeLists.txt (m4stack and m4opt turn them on; m4speed off).
mem_opts="MEM_OPT_SIGN_INC_CMT_1 MEM_OPT_SIGN_RECOMP_E_V_U MEM_OPT_SIGN_RECOMP_Y MEM_OPT_SIGN_INC_MTREE
  MEM_OPT_SIGN_INC_STREE MEM_OPT_SIGN_BS_SEEDS_FROM_TREE MEM_OPT_VERIFY_INC_CMT_1 MEM_OPT_VERIFY_INC_Y
  MEM_OPT_VERIFY_INC_MTREE MEM_OPT_VERIFY_INC_STREE MEM_OPT_VERIFY_BS_SEEDS_FROM_TREE
  MEM_OPT_HASH_TO_MTREE MEM_OPT_IN_PLACE_SAMP"
( cd "$root" && cargo build --release -q -p pq-explore )
for set in "${sets[@]}"; do
  IFS=- read -r variant category corner <<<"$set"
  case "$corner" in fast) target=SPEED;; balanced) target=BALANCED;; small) target=SIG_SIZE;; esac
  for impl in "${impls[@]}"; do
    d="$OUT/$set-$impl"
    mkdir -p "$d"
    cp "$ref/include/CROSS.h" "$ref/include/parameters.h" "$d"/
    if [ "$impl" = ref ]; then
      cp "$ref"/include/{sha3,restr_arith,fp_arith,seedtree,merkle_tree,pack_unpack}.h "$d"/
      cp "$m4/m4stack/include/api.h" "$m4/m4ref/include/csprng_hash.h" "$d"/
      cp "$ref"/lib/{merkle,seedtree,csprng_hash,pack_unpack}.c "$m4/m4stack/lib/sign.c" \
        "$m4/m4ref/lib/CROSS.c" "$d"/
    else
      cp "$m4"/m4stack/include/*.h "$m4"/m4stack/lib/*.c "$d"/
    fi
    defs=()
    case "$impl" in
      m4stack) for o in $mem_opts; do defs+=(-D"$o"); done;;
      m4speed) defs+=(-DTIME_OPT_SIMD); cp "$m4/m4speed/include/fp_arith.S" "$d"/;;
      m4opt) defs+=(-DTIME_OPT_SIMD); for o in $mem_opts; do defs+=(-D"$o"); done
             cp "$m4/m4speed/include/fp_arith.S" "$d"/;;
    esac
    {
      echo "#pragma once"
      echo "#define ${variant^^}"
      echo "#define CATEGORY_$category"
      echo "#define $target"
      [ "$corner" = fast ] && echo "#define NO_TREES 1"
      echo "#define SKIP_ASSERT 1"
    } > "$d/build_defs.h"
    cp "$MUPQ/common/fips202.c" "$MUPQ/common/fips202.h" "$MUPQ/common/keccakf1600.h" "$d"/
    printf '#pragma once\n#include <stddef.h>\n#include <stdint.h>\nint randombytes(uint8_t *out, size_t n);\n' \
      > "$d/randombytes.h"
    cp "$PQM4/common/keccakf1600.S" "$here/cross_wrap.c" "$d"/
    (cd "$d" && arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -O3 -ffunction-sections -fdata-sections \
      -nostartfiles --specs=nosys.specs -Wl,--gc-sections -Wl,-u,bench_reject -T "$here/m4.ld" \
      -I. "${defs[@]}" ./*.c ./*.S -o cross.elf)
    (cd "$root" && ./target/release/pq-explore measure --target m4 --elf "$d/cross.elf" \
      --entry bench_keygen --entry bench_sign --entry bench_verify --entry bench_reject \
      --instruction-limit 40000000000 --format json > "$d/result.json")
    python3 - "$d/result.json" "$set" "$impl" <<'PY'
import json, sys
by = {o["op"]: o for o in json.load(open(sys.argv[1]))}
row = " ".join(f'{k[6:]} {by[k]["cycles"]["avg"]:>12,} / {by[k]["stack_bytes"]:>7,}'
               for k in ("bench_keygen", "bench_sign", "bench_verify"))
print(f"{sys.argv[2]:18} {sys.argv[3]:8} {row}  flash {by['bench_sign']['flash_bytes']['total']:,}")
PY
  done
done
