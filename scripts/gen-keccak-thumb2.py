#!/usr/bin/env python3
"""Generates core/src/keccak/thumb2_rounds.rs: the round of the Thumb-2 Keccak-f[1600]
(`Interleaved32Thumb2`, core/src/keccak/thumb2.rs) as a GNU assembler macro, with its
register allocation, load bursts, lazy-rotation frames and pass order worked out here.

    scripts/gen-keccak-thumb2.py --check   # simulates the generated code against a
                                           # reference Keccak-f[1600] (3 random states)
    scripts/gen-keccak-thumb2.py --write   # rewrites core/src/keccak/thumb2_rounds.rs

The asm is checked on the emulated M3 and M4 by profiles/tests/keccak_thumb2.rs.
"""
import sys, random

def rho_offsets():
    r = [0]*25; x, y = 1, 0
    for t in range(24):
        r[x+5*y] = ((t+1)*(t+2)//2) % 64
        x, y = y, (2*x+3*y) % 5
    return r
RHO = rho_offsets()

def rcs():
    rc = [0]*24; r = 1
    for t in range(24*7):
        bit = r & 1; rnd, j = divmod(t, 7)
        rc[rnd] |= bit << ((1 << j) - 1)
        r <<= 1
        if r & 0x100: r ^= 0x171
    return rc
RC = rcs()

def source_word(r, z): return z if r % 2 == 0 else 1 - z
def word_rotation(r, z):
    if r % 2 == 0: return r // 2
    return ((r+1)//2) % 32 if z == 0 else (r-1)//2

def widx(x, y, z): return 2*(x+5*y)+z

# Pass inputs: plane y, parity z, position x -> (source word index, column X, source parity sw, rho word rot)
def pass_inputs(y, z):
    res = []
    for x in range(5):
        X, Y = (x+3*y) % 5, x
        r = RHO[X+5*Y]
        sw = source_word(r, z)
        res.append((widx(X, Y, sw), X, sw, word_rotation(r, z)))
    return res

# Steady-state output frames: chi output (x, y, z) in frame f0 (mode 0) or f2 (mode 2);
# f0 where it is 0 (lane (0, 0) always, so that iota needs no rotation), else f2. The
# frame of a position is its pending rotation P, the same in every round (two buffers).
MODE = {}
P = [0]*50
for y in range(5):
    for z in range(2):
        ins = pass_inputs(y, z)
        for x in range(5):
            f0, f2 = ins[x][3], ins[(x+2) % 5][3]
            m = 0 if (f0 == 0 or (x == 0 and y == 0)) else 2
            MODE[(x, y, z)] = m
            P[widx(x, y, z)] = f0 if m == 0 else f2
assert P[0] == 0 and P[1] == 0

# The last round's outputs go to frame 0: f0 or f2 if one is 0, else an extra ROR (mode 3).
def last_mode(f0, f2):
    return 0 if f0 == 0 else (2 if f2 == 0 else 3)

REGS = ["r1","r2","r3","r4","r5","r6","r7","r8","r9","r10","r11","r12","lr"]

out = []          # macro-level text lines of the round body
def emit(s): out.append(s)

# ---- theta: column parities C[x][z] (frame 0), in registers
cregs = {}
free = list(REGS)
chains = []
for x in range(5):
    for z in range(2):
        # The first element: one with no pending rotation, if any (saves a ROR).
        order = sorted(range(5), key=lambda y: P[widx(x,y,z)] != 0)
        chains.append((x, z, order))
words = [(x, z, y) for (x, z, order) in chains for y in order]
loaded = {}
done = {}   # (x, z) -> number of chain elements folded in
nxt = 0
while nxt < len(words) or any(done.get((x, z), 0) < 5 for (x, z, _) in chains):
    # One burst of loads, as long as registers are free.
    while nxt < len(words) and free:
        x, z, y = words[nxt]
        r = free.pop(0)
        loaded[(x, z, y)] = r
        emit(f"ldr {r}, [\\src, #{4*widx(x,y,z)}]")
        nxt += 1
    # Every fold whose operands are loaded.
    for (x, z, order) in chains:
        k = done.get((x, z), 0)
        while k < 5:
            if k == 0:
                a, b = order[0], order[1]
                if (x, z, a) in loaded and (x, z, b) in loaded:
                    c = loaded[(x, z, a)]
                    emit(f"pq_eor {c}, {c}, {loaded[(x, z, b)]}, (\\li*({P[widx(x,a,z)]}-{P[widx(x,b,z)]}))")
                    free.insert(0, loaded[(x, z, b)])
                    k = 2
                else:
                    break
            else:
                y = order[k]
                if (x, z, y) not in loaded:
                    break
                c = loaded[(x, z, order[0])]
                emit(f"pq_eor {c}, {c}, {loaded[(x, z, y)]}, (\\li*({P[widx(x,order[0],z)]}-{P[widx(x,y,z)]}))")
                free.insert(0, loaded[(x, z, y)])
                k += 1
        done[(x, z)] = k
        if k == 5:
            cregs[(x, z)] = loaded[(x, z, order[0])]
# ---- D (frame 0). Columns 0 and 1 keep both words in registers; columns 2, 3, 4 one
# register each, holding the word the current pass needs (reloaded from the stack when
# the pass order switches parity: five times per round with this order).
PASS_ORDER = [(3, 1), (2, 0), (0, 0), (4, 1), (1, 0), (3, 0), (2, 1), (0, 1), (1, 1), (4, 0)]
def needs(y, z):
    v = [None]*5
    for x, (w, X, sw, f) in enumerate(pass_inputs(y, z)):
        v[X] = sw
    return v
SWAP = [2, 3, 4]
first = needs(*PASS_ORDER[0])
stored = set()
cur = {X: first[X] for X in SWAP}
for (y, z) in PASS_ORDER:
    nv = needs(y, z)
    for X in SWAP:
        if nv[X] != cur[X]:
            stored.add((X, nv[X])); cur[X] = nv[X]
slot_of = {k: 200 + 4*i for i, k in enumerate(sorted(stored))}
assert len(slot_of) <= 6
cframe = {(x, z): P[widx(x, order[0], z)] for (x, z, order) in chains}
def dsrc(x, z):
    # D[x][0] = C[x-1][0] ^ rotl(C[x+1][1], 1); D[x][1] = C[x-1][1] ^ C[x+1][0]
    return ((x-1) % 5, z, 0), ((x+1) % 5, 1-z, 1 - z)
def d_phase(order, free):
    free = list(free); lines = []; dreg = {}; colreg = {}
    uses = {k: 2 for k in cregs}
    for (x, z) in order:
        (ax, az, ar), (bx, bz, br) = dsrc(x, z)
        if not free:
            return None
        r = free.pop(0)
        fa = cframe[(ax, az)]
        fb = cframe[(bx, bz)]
        if fa == 0:
            lines.append(f"pq_eor {r}, {cregs[(ax, az)]}, {cregs[(bx, bz)]}, (-\\li*{fb} - {br})")
        elif fb == 0 and br == 0:
            lines.append(f"pq_eor {r}, {cregs[(bx, bz)]}, {cregs[(ax, az)]}, (-\\li*{fa})")
        else:
            lines.append(f"pq_xor2 {r}, {cregs[(ax, az)]}, {cregs[(bx, bz)]}, (\\li*{fa}), (\\li*{fb} + {br})")
        for k in ((ax, az), (bx, bz)):
            uses[k] -= 1
            if uses[k] == 0: free.append(cregs[k])
        if (x, z) in slot_of:
            lines.append(f"str {r}, [sp, #{slot_of[(x, z)]}]")
        if x in SWAP and first[x] != z:
            free.append(r)
        elif x in SWAP:
            colreg[x] = r
        else:
            dreg[(x, z)] = r
    return lines, dreg, colreg, free
base = [(x, z) for x in range(5) for z in range(2)]
found = None
rng = random.Random(5)
for _ in range(20000):
    o = base[:]; rng.shuffle(o)
    res = d_phase(o, free)
    if res: found = res; break
assert found, "no D order"
lines, dreg, colreg, free = found
for l in lines: emit(l)
assert len(free) == 6, free
preg = list(free)
# ---- passes
cur = {X: first[X] for X in SWAP}
for (y, z) in PASS_ORDER:
    ins = pass_inputs(y, z)
    b = preg[:5]; t = preg[5]
    nv = needs(y, z)
    # One load burst: the D words this pass switches to, then the five state words.
    for X in SWAP:
        if nv[X] != cur[X]:
            emit(f"ldr {colreg[X]}, [sp, #{slot_of[(X, nv[X])]}]")
            cur[X] = nv[X]
    for x in range(5):
        emit(f"ldr {b[x]}, [\\src, #{4*ins[x][0]}]")
    for x in range(5):
        w, X, sw, f = ins[x]
        d = colreg[X] if X in SWAP else dreg[(X, sw)]
        emit(f"pq_eor {b[x]}, {d}, {b[x]}, (-\\li*{P[w]})")
    for x in [1,2,3,4,0]:
        f0, f1, f2 = ins[x][3], ins[(x+1)%5][3], ins[(x+2)%5][3]
        m1 = MODE[(x,y,z)]; m0 = last_mode(f0, f2)
        emit(f"pq_chi {t}, {b[x]}, {b[(x+1)%5]}, {b[(x+2)%5]}, {f0}, {f1}, {f2}, (\\lo*{m1}+(1-\\lo)*{m0})")
        if x == 0 and y == 0:
            emit(f"ldr {b[3]}, [sp, #224]")
            emit(f"ldr {b[3]}, [{b[3]}, #(\\rco + {4*z})]")
            emit(f"eor {t}, {t}, {b[3]}")
        emit(f"str {t}, [\\dst, #{4*widx(x,y,z)}]")

# ---------------- simulation of the macro semantics
M = 0xffffffff
def rotr(v, k): k &= 31; return ((v >> k) | (v << (32-k))) & M if k else v
def expand(line, li, lo):
    """Expand one macro-level line into (op, args) primitive instructions."""
    line = line.replace("\\li", str(li)).replace("\\lo", str(lo))
    op, rest = line.split(" ", 1)
    args = [a.strip() for a in split_args(rest)]
    if op == "pq_eor":
        return [("eor", args[0], args[1], args[2], eval(args[3]) & 31)]
    if op == "pq_xor2":
        c, a, b2, pa, pb = args[0], args[1], args[2], eval(args[3]), eval(args[4])
        if pa & 31:
            return [("ror", c, a, (-pa) & 31), ("eor", c, c, b2, (-pb) & 31)]
        return [("eor", c, a, b2, (-pb) & 31)]
    if op == "pq_chi":
        t, b0, b1, b2 = args[:4]; f0, f1, f2 = map(int, args[4:7]); mode = eval(args[7])
        r = [("bic", t, b2, b1, (f2-f1) & 31)]
        if mode == 2: r.append(("eor", t, t, b0, (f2-f0) & 31))
        elif mode == 0: r.append(("eor", t, b0, t, (f0-f2) & 31))
        else:
            assert f2 != 0
            r.append(("ror", t, t, (-f2) & 31)); r.append(("eor", t, t, b0, (-f0) & 31))
        return r
    if op == "eor":
        k = int(args[3].split("#")[1]) if len(args) > 3 else 0
        return [("eor", args[0], args[1], args[2], k)]
    return [("raw", line)]
def split_args(s):
    res, depth, cur = [], 0, ""
    for ch in s:
        if ch == "," and depth == 0: res.append(cur); cur = ""; continue
        if ch in "([": depth += 1
        if ch in ")]": depth -= 1
        cur += ch
    res.append(cur); return res

def interleave(lane):
    e = o = 0
    for i in range(64):
        if i % 2 == 0: e |= ((lane >> i) & 1) << (i//2)
        else: o |= ((lane >> i) & 1) << (i//2)
    return e, o
def deinterleave(e, o):
    v = 0
    for i in range(32):
        v |= ((e >> i) & 1) << (2*i); v |= ((o >> i) & 1) << (2*i+1)
    return v

RCI = []
for c in RC: RCI += list(interleave(c))

def run_round(mem, li, lo, src, dst, rco):
    R = {}
    base = {"r0": 0, "sp": 1000}
    for line in out:
        l = line.replace("\\src", src).replace("\\dst", dst).replace("\\rco", str(rco))
        for ins in expand(l, li, lo):
            op = ins[0]
            if op == "eor": R[ins[1]] = R[ins[2]] ^ rotr(R[ins[3]], ins[4])
            elif op == "bic": R[ins[1]] = R[ins[2]] & ~rotr(R[ins[3]], ins[4]) & M
            elif op == "ror": R[ins[1]] = rotr(R[ins[2]], ins[3])
            else:
                text = ins[1]
                o, rest = text.split(" ", 1)
                a = split_args(rest)
                reg = a[0].strip()
                addr = a[1].strip().strip("[]").split(",")
                post = None
                if text.endswith("#8") and "]," in text:
                    # ldr rX, [rY], #8
                    br = text.split("[")[1].split("]")[0]
                    addr_v = R[br]
                    R[reg] = mem[addr_v]
                    R[br] = addr_v + 8
                    continue
                br = addr[0].strip(); off = eval(addr[1].strip().lstrip("#")) if len(addr) > 1 else 0
                av = (base[br] if br in base else R[br]) + off
                if o == "ldr": R[reg] = mem[av]
                elif o == "str": mem[av] = R[reg]
                else: raise SystemExit("unknown " + text)

def permute(words):
    mem = {}
    for i, w in enumerate(words): mem[4*i] = w
    # rc table at address 5000 (word addresses by byte)
    for i, w in enumerate(RCI): mem[5000+4*i] = w
    mem[1000+224] = 5000
    run_round(mem, 0, 1, "r0", "sp", 0)
    for _ in range(11):
        run_round(mem, 1, 1, "sp", "r0", 8)
        run_round(mem, 1, 1, "r0", "sp", 16)
        mem[1000+224] += 16
    run_round(mem, 1, 0, "sp", "r0", 8)
    return [mem[4*i] for i in range(50)]

def ref_permute(A):
    A = list(A)
    rol = lambda v, k: ((v << k) | (v >> (64-k))) & (2**64-1) if k else v
    for rnd in range(24):
        C = [A[x]^A[x+5]^A[x+10]^A[x+15]^A[x+20] for x in range(5)]
        D = [C[(x-1)%5] ^ rol(C[(x+1)%5], 1) for x in range(5)]
        A = [A[i] ^ D[i%5] for i in range(25)]
        B = [0]*25
        for x in range(5):
            for y in range(5):
                B[y + 5*((2*x+3*y)%5)] = rol(A[x+5*y], RHO[x+5*y])
        A = [B[x+5*y] ^ ((~B[(x+1)%5+5*y]) & B[(x+2)%5+5*y]) for y in range(5) for x in range(5)]
        A = [A[i] for i in range(25)]
        A[0] ^= RC[rnd]
    return A

HELPERS = r"""@ d = n ^ rotr(m, k) (no shift when k = 0 mod 32)
.macro pq_eor d, n, m, k
.if ((\k) & 31)
eor \d, \n, \m, ror #((\k) & 31)
.else
eor \d, \n, \m
.endif
.endm
@ d = n & ~rotr(m, k)
.macro pq_bic d, n, m, k
.if ((\k) & 31)
bic \d, \n, \m, ror #((\k) & 31)
.else
bic \d, \n, \m
.endif
.endm
@ d = a ^ b in frame 0, from a in frame pa and b in frame pb
.macro pq_xor2 d, a, b, pa, pb
.if ((\pa) & 31)
ror \d, \a, #((0 - (\pa)) & 31)
pq_eor \d, \d, \b, (0 - (\pb))
.else
pq_eor \d, \a, \b, (0 - (\pb))
.endif
.endm
@ t = chi(b0, b1, b2) = b0 ^ (~b1 & b2), inputs in frames f0, f1, f2; the output in
@ frame f2 (mode 2), f0 (mode 0) or 0 (mode 3)
.macro pq_chi t, b0, b1, b2, f0, f1, f2, mode
pq_bic \t, \b2, \b1, ((\f2) - (\f1))
.if (\mode) == 2
pq_eor \t, \t, \b0, ((\f2) - (\f0))
.elseif (\mode) == 0
pq_eor \t, \b0, \t, ((\f0) - (\f2))
.else
ror \t, \t, #((32 - (\f2)) & 31)
pq_eor \t, \t, \b0, (0 - (\f0))
.endif
.endm"""

RUST_HEAD = """//! Generated by `scripts/gen-keccak-thumb2.py --write`; do not edit by hand.
//!
//! The assembler macros of [`super::thumb2`]: `pq_eor`, `pq_bic`, `pq_xor2` (two
//! values in their rotation frames XORed into frame 0) and `pq_chi` (one χ output word
//! from three inputs in their frames), and `pq_round src, dst, li, lo, rco`, one round
//! from the 50 words at `src` to the 50 words at `dst` (`r0` or `sp`): `li` = 1 when
//! the input words carry their pending rotations, `lo` = 1 when the output words are
//! to carry theirs, `rco` the byte offset of the round's interleaved constant from the
//! pointer stored at `[sp, #224]`. The constants in the text (offsets, rotation
//! frames, modes) are derived by the script from the ρ offsets and π.

/// The assembler macros, as one string for the template of `asm!`.
macro_rules! keccak_thumb2_macros {
    () => {
        concat!(
"""
RUST_TAIL = """        )
    };
}

pub(super) use keccak_thumb2_macros;
"""

def rust_lines():
    lines = []
    for l in HELPERS.split("\n"):
        lines.append(l)
    lines.append(".macro pq_round src, dst, li, lo, rco")
    lines += out
    lines.append(".endm")
    return lines


if __name__ == "__main__":
    if "--check" in sys.argv:
        rng = random.Random(1)
        for _ in range(3):
            lanes = [rng.getrandbits(64) for _ in range(25)]
            words = []
            for l in lanes: words += list(interleave(l))
            got = permute(words)
            got_l = [deinterleave(got[2*i], got[2*i+1]) for i in range(25)]
            assert got_l == ref_permute(lanes), "mismatch"
        # zero state vector
        z = ref_permute([0]*25)
        assert z[0] == 0xF1258F7940E1DDE7, hex(z[0])
        print("ok")
    elif "--write" in sys.argv:
        import json, os
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "core", "src", "keccak", "thumb2_rounds.rs")
        body = "\n".join("            " + json.dumps(l + "\n") + "," for l in rust_lines())
        open(path, "w").write(RUST_HEAD + body + "\n" + RUST_TAIL)
    else:
        for l in out: print(l)
