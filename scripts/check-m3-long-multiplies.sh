#!/usr/bin/env bash
# The Cortex-M3's long multiplies (SMULL, UMULL, SMLAL, UMLAL) finish early for small
# operands, so they must not touch secret data. Builds pqfit for thumbv7m to assembly,
# with every strategy combination of ML-DSA and ML-KEM, CROSS preset and NTRU Prime
# multiplication instantiated (`instantiate-all`: without it no generic code is generated and almost
# nothing of signing would be checked), and fails if any function of pqfit or
# pqfit-core contains one, except hashing's public lengths and verification (public
# data only). ML-KEM's Compress divides by q with a 32 x 32 -> 64-bit product of a
# secret coefficient (`ct::wide_mul_u32`), which on the M3 is split into 32-bit MULs:
# a UMULL there would be flagged. In K-PKE's KeyGen, Encrypt and Decrypt
# (`mlkem::kpke`), LLVM divides the run-time lengths of the key and ciphertext slices
# by the encoded polynomial sizes (384, 352, 320 bytes) to bound its loops' bounds
# checks: UMULLs by the reciprocals 0xaaaaaaab, 0xba2e8ba3 and 0xcccccccd of 3, 11
# and 5 (times powers of two), on public lengths. Those are allowed there and nothing
# else: a UMULL in K-PKE by any other constant (the reciprocal of q, say) or by a
# register fails. The script also fails if no ML-KEM code was generated at all (the
# check would then pass vacuously). The trace check
# (scripts/check-constant-time.sh) checks the same rule on the running firmware.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${CARGO_TARGET_DIR:-target}/m3-asm-check"
rm -rf "$out"
CARGO_PROFILE_RELEASE_LTO=false CARGO_TARGET_DIR="$out" RUSTFLAGS="--emit=asm,link" \
  cargo build -q --release -p pqfit --features instantiate-all --target thumbv7m-none-eabi
asm=("$out"/thumbv7m-none-eabi/release/deps/pqfit_core-*.s "$out"/thumbv7m-none-eabi/release/deps/pqfit-*.s)
# The generic ML-KEM functions are emitted per strategy: K-PKE's encryption (where
# Compress runs) must be among them.
kpke=$(grep -cE '^_ZN.*5mlkem4kpke7encrypt.*:$' "${asm[@]}" | awk -F: '{s += $NF} END {print s + 0}')
if [ "$kpke" -eq 0 ]; then
  echo "no ML-KEM K-PKE.Encrypt in the thumbv7m assembly: nothing of ML-KEM would be checked"
  exit 1
fi
# K-PKE's long multiplies, each with the constant last loaded (MOVW/MOVT) into one of
# its source registers in the function ("none" if neither holds one).
kpke_muls=$(cat "${asm[@]}" | awk '
  /^_ZN.*:$/ { fn = $0; delete lo; delete hi; next }
  /^[ \t]+movw[ \t]/ { r = $2; sub(",", "", r); v = $3; sub("#", "", v); lo[r] = v + 0; hi[r] = 0; next }
  /^[ \t]+movt[ \t]/ { r = $2; sub(",", "", r); v = $3; sub("#", "", v); hi[r] = v + 0; next }
  /^[ \t]+(smull|umull|smlal|umlal)[ \t]/ && fn ~ /5mlkem4kpke/ {
    a = $4; sub(",", "", a); b = $5; c = "none"
    if (a in lo) c = sprintf("%#x", hi[a] * 65536 + lo[a])
    else if (b in lo) c = sprintf("%#x", hi[b] * 65536 + lo[b])
    print fn, $1, c
  }
  # Any other instruction that writes a register forgets its constant.
  /^[ \t]+[a-z]/ && $1 !~ /^(str[bhd]?(\.w)?|cmp(\.w)?|cmn|tst(\.w)?|teq|push(\.w)?|pop(\.w)?|it[te]*|b(\.w)?|bl|blx|bx|b(eq|ne|hs|lo|hi|ls|ge|lt|gt|le|mi|pl|cs|cc|vs|vc)(\.w)?|cbn?z)$/ { r = $2; sub(",", "", r); delete lo[r]; delete hi[r] }')
kpke_bad=$(grep -vE ' umull 0x(aaaaaaab|ba2e8ba3|cccccccd)$' <<<"$kpke_muls" | grep . || true)
kpke_lengths=$(grep -cE ' umull 0x(aaaaaaab|ba2e8ba3|cccccccd)$' <<<"$kpke_muls" || true)
bad=$(cat "${asm[@]}" |
  awk '/^_ZN.*:$/{fn=$0} /^[ \t]+(smull|umull|smlal|umlal)/{print fn}' |
  grep -E 'mldsa|mlkem|kpke|strategy|poly|ntt|sample|rounding|compress|cross|ntruprime|sntrup|lpr' |
  grep -vE 'message_representative|verify|5mlkem4kpke' | sort | uniq -c || true)
if [ -n "$kpke_bad" ]; then
  bad="${bad:+$bad
}$kpke_bad"
fi
if [ -n "$bad" ]; then
  echo "long multiplies in secret-handling code on thumbv7m:"
  echo "$bad"
  exit 1
fi
echo "thumbv7m: no long multiplies in the secret-handling code of ML-DSA, ML-KEM ($kpke K-PKE.Encrypt instances; $kpke_lengths UMULLs dividing public slice lengths by 384, 352 or 320 in K-PKE), CROSS and NTRU Prime"
