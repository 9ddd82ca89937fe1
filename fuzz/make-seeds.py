#!/usr/bin/env python3
"""Writes the seed corpus of every fuzz target into fuzz/seeds/<target>/ from the
official vectors (../shared/vectors, or $PQFIT_VECTORS): the NIST KATs of ML-DSA, CROSS
and NTRU Prime, ACVP ML-KEM keyGen and key-check cases, PKCS#8 and SPKI documents of
both, and two ACVP ML-DSA sigVer cases of every group (pure and pre-hash with
contexts, internal, external mu). Budget texts and a cache entry follow pq-explore's own
formats. The input layouts are those documented in fuzz/src/lib.rs and at the top of
each target. Run from the repository root: python3 fuzz/make-seeds.py"""

import gzip
import json
import os
from pathlib import Path

VECTORS = Path(os.environ.get("PQFIT_VECTORS", "../shared/vectors"))
OUT = Path("fuzz/seeds")
MLDSA = {"ML-DSA-44": (0, 2420), "ML-DSA-65": (1, 3309), "ML-DSA-87": (2, 4627)}  # selector, signature bytes
# pqfit::PreHash::ALL, in order, by ACVP name.
PRE_HASHES = ["SHA2-224", "SHA2-256", "SHA2-384", "SHA2-512", "SHA2-512/224", "SHA2-512/256",
              "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512", "SHAKE-128", "SHAKE-256"]
PURE, PRE_HASH, INTERNAL, EXTERNAL_MU = 0, 1, 2, 3  # pqfit_fuzz::VerifyMode
# pqfit_fuzz::CROSS_SETS, in selector order: (variant, category, corner).
CROSS = [(v, c, k) for v in ("rsdp", "rsdpg") for c in (1, 3, 5) for k in ("fast", "balanced", "small")]


def text(path):
    data = path.read_bytes()
    return (gzip.decompress(data) if path.suffix == ".gz" else data).decode()


def rsp(path):
    """The entries of a NIST .rsp file: dicts of field name to value text."""
    entries, cur = [], {}
    for line in text(path).splitlines():
        if " = " not in line:
            continue
        k, v = line.split(" = ", 1)
        if k == "count" and cur:
            entries.append(cur)
            cur = {}
        cur[k] = v
    return entries + ([cur] if cur else [])


def write(target, name, data):
    d = OUT / target
    d.mkdir(parents=True, exist_ok=True)
    (d / name).write_bytes(bytes(data))


def verify_input(sel, mode, aux, vk, sig, ctx, msg):
    return bytes([sel, mode, aux, len(ctx)]) + vk + sig + ctx + msg


def mldsa():
    for name, (sel, sig_bytes) in MLDSA.items():
        for e in rsp(VECTORS / f"nist-kat/ml-dsa/{name}.rsp.gz")[:2]:
            pk, sk, sm, msg = (bytes.fromhex(e[k]) for k in ("pk", "sk", "sm", "msg"))
            sig = sm[:sig_bytes]  # sm = sig || msg
            tag = f"{name}-kat{e['count']}"
            for what, b in (("pk", pk), ("sk", sk), ("sig", sig)):
                write("mldsa_decode", f"{tag}-{what}", bytes([sel]) + b)
            write("mldsa_signing_key", tag, bytes([sel]) + sk + bytes(32) + msg)
            # The KATs sign pure ML-DSA with an empty context.
            write("mldsa_verify", tag, verify_input(sel, PURE, 0, pk, sig, b"", msg))
    prompt = json.loads(text(VECTORS / "acvp-ml-dsa/ML-DSA-sigVer-FIPS204/prompt.json.gz"))
    for g in prompt["testGroups"]:
        sel = MLDSA[g["parameterSet"]][0]
        for t in g["tests"][:2]:
            field = lambda k: bytes.fromhex(t.get(k, ""))
            if g["signatureInterface"] == "external":
                if g["preHash"] == "preHash":
                    mode, aux = PRE_HASH, PRE_HASHES.index(t["hashAlg"])
                else:
                    mode, aux = PURE, 0
                msg = field("message")
            elif g.get("externalMu"):
                mode, aux, msg = EXTERNAL_MU, 0, field("mu")
            else:
                mode, aux, msg = INTERNAL, 0, field("message")
            write("mldsa_verify", f"acvp-{t['tcId']}",
                  verify_input(sel, mode, aux, field("pk"), field("signature"), field("context"), msg))


def cross():
    files = sorted((VECTORS / "nist-kat/cross-v2.2").glob("*.rsp"))
    for sel, (variant, cat, corner) in enumerate(CROSS):
        prefix = f"cross-{variant}-{ {1: 128, 3: 192, 5: 256}[cat] }-{corner}.".replace(" ", "")
        e = rsp(next(f for f in files if f.name.startswith(prefix)))[0]
        pk, sm, mlen = bytes.fromhex(e["pk"]), bytes.fromhex(e["sm"]), int(e["mlen"])
        msg, sig = sm[:mlen], sm[mlen:]  # sm = msg || sig
        write("cross_verify", f"cross-{variant}-{cat}-{corner}-kat0", bytes([sel]) + pk + sig + msg)


def ntruprime():
    randomness = bytes((i * 73 + 11) % 256 for i in range(4 * 761))
    for sel, scheme in enumerate(("sntrup761", "ntrulpr761")):
        for e in rsp(VECTORS / f"nist-kat/ntruprime/{scheme}.rsp")[:2]:
            pk, sk, ct = (bytes.fromhex(e[k]) for k in ("pk", "sk", "ct"))
            tag = f"{scheme}-kat{e['count']}"
            write("ntruprime_encaps", tag, bytes([sel]) + pk + randomness)
            write("ntruprime_decaps", tag, bytes([sel]) + sk + ct)


MLKEM = {"ML-KEM-512": (0, 800), "ML-KEM-768": (1, 1184), "ML-KEM-1024": (2, 1568)}  # selector, ek bytes


def mlkem():
    """mlkem_keys: set, flags, m, ek, dk (pqfit_fuzz's layout); mlkem_decaps: set, mode,
    d || z, m, c. From the first two ACVP keyGen cases of each set, and two cases of
    each encapsulation and decapsulation key check group (valid and invalid keys)."""
    base = VECTORS / "acvp-ml-kem"
    prompt = json.loads(text(base / "ML-KEM-keyGen-FIPS203/prompt.json.gz"))
    expected = json.loads(text(base / "ML-KEM-keyGen-FIPS203/expectedResults.json.gz"))
    results = {t["tcId"]: t for g in expected["testGroups"] for t in g["tests"]}
    m = bytes(range(32))
    for g in prompt["testGroups"]:
        sel, ek_bytes = MLKEM[g["parameterSet"]]
        for t in g["tests"][:2]:
            r = results[t["tcId"]]
            ek, dk = bytes.fromhex(r["ek"]), bytes.fromhex(r["dk"])
            seed = bytes.fromhex(t["d"]) + bytes.fromhex(t["z"])
            tag = f"{g['parameterSet']}-keygen-{t['tcId']}"
            write("mlkem_keys", tag, bytes([sel, 0]) + m + ek + dk)
            write("mlkem_decaps", f"{tag}-honest", bytes([sel, 0]) + seed + m)
            write("mlkem_decaps", f"{tag}-near-miss", bytes([sel, 0]) + seed + m + bytes([1]))
    checks = json.loads(text(base / "ML-KEM-encapDecap-FIPS203/prompt.json.gz"))
    for g in checks["testGroups"]:
        sel, ek_bytes = MLKEM[g["parameterSet"]]
        for t in g["tests"][:2]:
            tag = f"{g['parameterSet']}-acvp-{t['tcId']}"
            if g["function"] == "encapsulationKeyCheck":
                write("mlkem_keys", tag, bytes([sel, 0]) + m + bytes.fromhex(t["ek"]))
            elif g["function"] == "decapsulationKeyCheck":
                write("mlkem_keys", tag, bytes([sel, 0]) + m + bytes(ek_bytes) + bytes.fromhex(t["dk"]))


def der(tag, content):
    n = len(content)
    if n < 0x80:
        length = bytes([n])
    else:
        b = n.to_bytes((n.bit_length() + 7) // 8, "big")
        length = bytes([0x80 | len(b)]) + b
    return bytes([tag]) + length + content


def nist_oid(arc, last):
    """2.16.840.1.101.3.4.<arc>.<last>: ML-DSA's arc 3, ML-KEM's arc 4."""
    return der(0x06, bytes([0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, arc, last]))


def pkcs8(oid, private_key):
    """PKCS#8 v1 (RFC 5958) with the parameters absent and no attributes."""
    return der(0x30, der(0x02, b"\0") + der(0x30, oid) + der(0x04, private_key))


def spki(oid, key):
    return der(0x30, der(0x30, oid) + der(0x03, b"\0" + key))


def pkcs8_decode():
    """pkcs8_decode: DER documents in every form RFC 9881 and the ML-KEM key-format
    draft define: ML-DSA's NIST KAT keys (expanded form, SPKI) and a fixed seed (seed
    form), ML-KEM's first ACVP keyGen case of each set (seed, expanded, both, SPKI)."""
    t = "pkcs8_decode"
    for (name, _), last in zip(MLDSA.items(), (0x11, 0x12, 0x13)):
        oid = nist_oid(3, last)
        e = rsp(VECTORS / f"nist-kat/ml-dsa/{name}.rsp.gz")[0]
        pk, sk = bytes.fromhex(e["pk"]), bytes.fromhex(e["sk"])
        write(t, f"{name}-expanded", pkcs8(oid, der(0x04, sk)))
        write(t, f"{name}-seed", pkcs8(oid, der(0x80, bytes(range(32)))))
        write(t, f"{name}-spki", spki(oid, pk))
    base = VECTORS / "acvp-ml-kem"
    prompt = json.loads(text(base / "ML-KEM-keyGen-FIPS203/prompt.json.gz"))
    expected = json.loads(text(base / "ML-KEM-keyGen-FIPS203/expectedResults.json.gz"))
    results = {c["tcId"]: c for g in expected["testGroups"] for c in g["tests"]}
    for g in prompt["testGroups"]:
        name = g["parameterSet"]
        oid = nist_oid(4, {"ML-KEM-512": 1, "ML-KEM-768": 2, "ML-KEM-1024": 3}[name])
        c = g["tests"][0]
        r = results[c["tcId"]]
        ek, dk = bytes.fromhex(r["ek"]), bytes.fromhex(r["dk"])
        seed = bytes.fromhex(c["d"]) + bytes.fromhex(c["z"])
        write(t, f"{name}-seed", pkcs8(oid, der(0x80, seed)))
        write(t, f"{name}-expanded", pkcs8(oid, der(0x04, dk)))
        write(t, f"{name}-both", pkcs8(oid, der(0x30, der(0x04, seed) + der(0x04, dk))))
        write(t, f"{name}-spki", spki(oid, ek))


def explorer():
    for i, t in enumerate(["12k", "12 KiB", "12,288", "1.5M", "0.5MiB", "99999999999999M", "1e3", "12kB"]):
        write("explore_budget", f"budget-{i}", t.encode())
    key = {"format": 2, "sources": "sources", "target": "m4", "scheme": "ml-dsa-65",
           "strategy": "pqfit::strategy::Balanced", "opt_level": "3", "runs": [1, 2, 1]}
    op = lambda name, runs: {
        "target": "m4", "scheme": "ml-dsa-65", "op": name, "strategy": key["strategy"],
        "cycles": {"min": 10, "avg": 20, "max": 30}, "instructions": 5, "stack_bytes": 1000,
        "static_ram_bytes": 4, "flash_bytes": {"text": 1, "rodata": 2, "data": 3, "total": 6},
        "runs": runs, "opt_level": "3"}
    ops = [op("keygen", 1), op("sign", 2), op("verify", 1), op("sign-expanded", 2)]
    entry = {"key": key, "ops": ops,
             "emulated_instructions": 15, "emulation_seconds": 0.5}
    write("explore_cache", "entry-ml-dsa-65", json.dumps(entry, indent=2).encode())


mldsa()
cross()
ntruprime()
mlkem()
pkcs8_decode()
explorer()
print(f"seeds written to {OUT}")
