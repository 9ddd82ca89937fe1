#!/usr/bin/env python3
"""Static worst-case stack of CROSS key generation, signing and verification for each
preset and parameter set on the Cortex-M4 (thumbv7em-none-eabi), excluding the
caller's buffers (keys, signature, message).

Builds pqfit with `instantiate-all` (no LTO, v0 symbol mangling), disassembles the
object code, takes each function's frame from its prologue (push, vpush, sub sp) and
its callees from the call relocations, and prints the deepest path from each entry
point as a Markdown table. Calls into compiler builtins (memcpy, ...) count as 0.

Usage: scripts/cross-stack-estimate.py   (from the workspace root; takes a few minutes)
"""
import glob, os, re, subprocess, sys, tempfile

target = "thumbv7em-none-eabi"
out = os.environ.get("CARGO_TARGET_DIR_STACK", "target/cross-stack")
env = dict(os.environ, CARGO_PROFILE_RELEASE_LTO="false", CARGO_TARGET_DIR=out,
           RUSTFLAGS="-C symbol-mangling-version=v0")
subprocess.run(["cargo", "build", "-q", "-p", "pqfit", "--release", "--features",
                "instantiate-all", "--target", target], env=env, check=True)
deps = f"{out}/{target}/release/deps"
newest = lambda pat: max(glob.glob(f"{deps}/{pat}"), key=os.path.getmtime)
tmp = tempfile.mkdtemp()
for rlib in (newest("libpqfit-*.rlib"), newest("libpqfit_core-*.rlib")):
    subprocess.run(["ar", "x", os.path.abspath(rlib)], cwd=tmp, check=True)
objs = glob.glob(f"{tmp}/*.o")
dis = subprocess.run(["llvm-objdump", "-d", "-r", "--no-show-raw-insn", *objs],
                     capture_output=True, text=True).stdout

frames, calls, cur, n, regs = {}, {}, None, 0, {}
for line in dis.splitlines():
    m = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
    if m:
        cur, n, regs = m.group(1), 0, {}
        frames.setdefault(cur, 0)
        calls.setdefault(cur, set())
        continue
    if cur is None:
        continue
    r = re.search(r"R_ARM_THM_(CALL|JUMP24)\s+(\S+)", line)
    if r:
        calls[cur].add(r.group(2))
        continue
    n += 1
    if n > 40:
        continue
    ins = [x.strip() for x in line.split("\t") if x.strip()]
    if len(ins) < 2 or not ins[0].endswith(":"):
        continue
    op, args = ins[1], ins[2] if len(ins) > 2 else ""
    if op.startswith(("push", "stmdb")):
        frames[cur] += 4 * len(re.findall(r"\b(r\d+|lr|fp|ip)\b", args))
    elif op.startswith("vpush"):
        frames[cur] += 8 * len(re.findall(r"d\d+", args))
    elif op.startswith("mov"):
        mm = re.match(r"(r\d+|ip|lr),\s*#(0x[0-9a-f]+|\d+)", args)
        if mm:
            v = int(mm.group(2), 0)
            if op.startswith("movt"):
                regs[mm.group(1)] = regs.get(mm.group(1), 0) + (v << 16)
            else:
                regs[mm.group(1)] = v
    if op.startswith("sub") and args.split(",")[0].strip() == "sp":
        mm = re.search(r"#(0x[0-9a-f]+|\d+)\s*$", args)
        if mm:
            frames[cur] += int(mm.group(1), 0)
        else:
            frames[cur] += regs.get(args.split(",")[-1].strip(), 0)

memo = {}
def depth(f, seen=()):
    if f in memo:
        return memo[f]
    if f in seen:
        return 0
    memo[f] = frames.get(f, 0) + max([depth(c, seen + (f,)) for c in calls.get(f, ())] or [0])
    return memo[f]

names = list(frames)
dem = dict(zip(names, subprocess.run(["llvm-cxxfilt"], input="\n".join(names),
                                     capture_output=True, text=True).stdout.split("\n")))
res = {}
for f in names:
    m = re.search(r"(4sign|6verify|7key_gen)B4_$", f)
    if not m or "5Cross" not in f:
        continue
    d = dem.get(f, f)
    pm = re.search(r"params::(\w+), pqfit::cross::strategy::presets::Custom<pqfit::cross::strategy::\w+::(\w+), "
                   r"pqfit::cross::strategy::\w+::(\w+), pqfit::cross::strategy::\w+::(\w+)", d)
    if pm:
        # The first three components tell the presets apart.
        preset = {"RegeneratedSeeds IncrementalMerkle HashedCmt1": "MinStack",
                  "StoredSeedTree StoredMerkleTree StoredCmt1": "Fast"}[" ".join(pm.group(2, 3, 4))]
        pset = pm.group(1)
    else:  # Cross<P> with the default strategy, Balanced
        pset, preset = re.search(r"params::(\w+)>", d).group(1), "Balanced"
    res[(pset, preset, m.group(1)[1:])] = depth(f)

order = [f"Rsdp{g}{c}{k}" for g in ("", "g") for c in (1, 3, 5) for k in ("Fast", "Balanced", "Small")]
cols = [("MinStack", "key_gen"), ("MinStack", "sign"), ("MinStack", "verify"), ("Balanced", "sign"),
        ("Balanced", "verify"), ("Fast", "sign"), ("Fast", "verify")]
print("| parameter set | " + " | ".join(f"{p} {k}" for p, k in cols) + " |")
print("|---" * (len(cols) + 1) + "|")
for s in order:
    print(f"| {s} | " + " | ".join(str(res.get((s, p, k), "?")) for p, k in cols) + " |")
worst = max(v for (s, p, k), v in res.items() if p == "MinStack")
print(f"\nMinStack worst case: {worst} bytes", file=sys.stderr)
sys.exit(0 if worst <= 24 * 1024 else 1)
