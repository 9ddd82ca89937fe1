//! Runs the `pq-explore` binary on a small sweep (ML-DSA-44, the presets, two signed
//! messages, the M4): JSON fields, Pareto front, the answer within a budget, plot files,
//! the cache (warm re-run, a corrupt entry rebuilt), the report pages and the peers
//! command (bad arguments: `arguments.rs`). `PQFIT_SKIP_FIRMWARE_TESTS=1` skips the tests that build firmware.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_pq-explore"))
}

fn skip() -> bool {
    std::env::var_os("PQFIT_SKIP_FIRMWARE_TESTS").is_some()
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("pq-explore-it-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

const SMALL: &[&str] = &[
    "--target",
    "m4",
    "--scheme",
    "ml-dsa-44",
    "--presets-only",
    "--keccak",
    "default",
    "--sign-runs",
    "2",
];

/// Runs `cmd`, which must succeed and print JSON.
fn json(cmd: &mut Command) -> (Value, Output) {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "pq-explore failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    (v, out)
}

fn sweep(dir: &Path, budget: &str) -> (Value, Output) {
    json(
        bin()
            .args(SMALL)
            .args(["--budget", budget, "--format", "json", "--cache-dir"])
            .arg(dir.join("cache"))
            .arg("--out")
            .arg(dir.join("out")),
    )
}

fn figures(v: &Value) -> Vec<(String, u64, u64, u64)> {
    v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["strategy"].as_str().unwrap().to_string(),
                r["stack_bytes"].as_u64().unwrap(),
                r["flash_bytes"]["total"].as_u64().unwrap(),
                r["cycles"]["avg"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_small_sweep_end_to_end() {
    if skip() {
        return;
    }
    let dir = scratch("sweep");
    let (v, _) = sweep(&dir, "8k");

    // One result per preset for the signing operation, with measure's fields.
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 4);
    for r in results {
        for field in [
            "target",
            "scheme",
            "op",
            "strategy",
            "cycles",
            "instructions",
            "stack_bytes",
            "static_ram_bytes",
            "flash_bytes",
            "runs",
            "opt_level",
            "rust_type",
            "ram_bytes",
            "on_front",
            "fits",
        ] {
            assert!(r.get(field).is_some(), "missing {field} in {r}");
        }
        assert_eq!(r["target"], "m4");
        assert_eq!(r["scheme"], "ml-dsa-44");
        assert_eq!(r["op"], "sign");
        assert_eq!(r["runs"], 2);
        let c = &r["cycles"];
        assert!(c["min"].as_u64() <= c["avg"].as_u64() && c["avg"].as_u64() <= c["max"].as_u64());
        assert!(r["stack_bytes"].as_u64().unwrap() > 1000);
        assert!(r["rust_type"]
            .as_str()
            .unwrap()
            .starts_with("type Signer = pqfit::Dilithium2<pqfit::strategy::"));
    }

    // The front: non-empty, made of results, none dominated by another result.
    let pareto = v["pareto"].as_array().unwrap();
    assert!(!pareto.is_empty());
    let key = |r: &Value| {
        [
            r["stack_bytes"].as_u64().unwrap(),
            r["flash_bytes"]["total"].as_u64().unwrap(),
            r["cycles"]["avg"].as_u64().unwrap(),
        ]
    };
    for p in pareto {
        assert!(results.contains(p));
        let kp = key(p);
        for r in results {
            let kr = key(r);
            let dominated = kr.iter().zip(&kp).all(|(a, b)| a <= b) && kr != kp;
            assert!(!dominated, "{p} is dominated by {r}");
        }
    }

    // The answer: the fastest result within 8 kB of stack.
    let best = &v["best"];
    assert!(best.is_object(), "no answer: {v}");
    let stack = best["stack_bytes"].as_u64().unwrap();
    assert!(stack <= 8 * 1024);
    let fastest_fitting = results
        .iter()
        .filter(|r| r["stack_bytes"].as_u64().unwrap() <= 8192)
        .map(|r| r["cycles"]["avg"].as_u64().unwrap())
        .min()
        .unwrap();
    assert_eq!(best["cycles"]["avg"].as_u64().unwrap(), fastest_fitting);
    assert_eq!(v["answers"][0]["fits"], true);
    // The answer got its constant-time check before it was printed (a fresh cache:
    // nothing else was checked).
    assert_eq!(best["constant_time"], "checked", "{best}");
    let unchecked = results
        .iter()
        .filter(|r| r["constant_time"] == "not checked")
        .count();
    assert_eq!(unchecked, 3, "{v}");

    // The files: output, results.json, and both plots as SVG and PNG.
    let out = dir.join("out");
    let saved: Value =
        serde_json::from_slice(&std::fs::read(out.join("results.json")).unwrap()).unwrap();
    assert_eq!(figures(&saved), figures(&v));
    assert!(out.join("pq-explore.json").is_file());
    for axis in ["stack", "flash"] {
        let stem = format!("m4-ml-dsa-44-sign-{axis}");
        let svg = std::fs::read_to_string(out.join(format!("{stem}.svg"))).unwrap();
        assert!(
            svg.contains("<svg") && svg.contains("Pareto front"),
            "{stem}.svg"
        );
        assert!(svg.contains("SmallStack"), "presets are labelled");
        let png = std::fs::read(out.join(format!("{stem}.png"))).unwrap();
        assert!(
            png.starts_with(b"\x89PNG\r\n\x1a\n") && png.len() > 10_000,
            "{stem}.png"
        );
    }

    // Warm: everything from the cache, the same figures.
    let (warm, _) = sweep(&dir, "8k");
    assert_eq!(warm["sweep"]["cached"], 4);
    assert_eq!(warm["sweep"]["measured"], 0);
    assert_eq!(figures(&warm), figures(&v));

    // A corrupt entry is measured again, not trusted; the others still come from the cache.
    let cache = dir.join("cache");
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&cache)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    entries.sort();
    assert_eq!(entries.len(), 4);
    std::fs::write(&entries[0], b"{\"key\": 17, truncated").unwrap();
    let (again, out) = sweep(&dir, "8k");
    assert_eq!(again["sweep"]["cached"], 3);
    assert_eq!(again["sweep"]["measured"], 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("corrupt cache entry"));
    assert_eq!(figures(&again), figures(&v));

    // Nothing fits a 1 kB budget: no best, the smallest with its excess.
    let (tight, _) = sweep(&dir, "1k");
    assert!(tight["best"].is_null());
    let a = &tight["answers"][0];
    assert_eq!(a["fits"], false);
    let smallest = a["smallest"]["stack_bytes"].as_u64().unwrap();
    assert_eq!(
        a["over"]["stack_bytes_over"].as_u64().unwrap(),
        smallest - 1024
    );

    // CSV and Markdown from the cache.
    for (format, needle) in [
        ("csv", "target,scheme,category,op,name"),
        ("markdown", "| strategy |"),
    ] {
        let out = bin()
            .args(SMALL)
            .args(["--format", format, "--cache-dir"])
            .arg(dir.join("cache"))
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(needle), "{format}: {text}");
        assert!(text.contains("small-stack"));
    }

    // The report pages, from the same cache.
    let reports = dir.join("reports");
    let out = bin()
        .args([
            "report",
            "--target",
            "m4",
            "--scheme",
            "ml-dsa-44",
            "--presets-only",
        ])
        .args(["--keccak", "default", "--sign-runs", "2", "--cache-dir"])
        .arg(dir.join("cache"))
        .arg("--out")
        .arg(&reports)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let md = std::fs::read_to_string(reports.join("m4.md")).unwrap();
    for needle in [
        "Recommendations per stack budget",
        "| 12 kB |",
        "Method and limits",
        "model cycles",
        "git revision",
    ] {
        assert!(md.contains(needle), "m4.md lacks {needle}");
    }
    let html = std::fs::read_to_string(reports.join("m4.html")).unwrap();
    assert!(
        html.contains("<svg") && !html.contains("<img"),
        "self-contained"
    );
    assert!(reports.join("index.md").is_file() && reports.join("index.html").is_file());
    for op in ["keygen", "sign", "verify", "sign-expanded"] {
        assert!(reports
            .join(format!("m4-ml-dsa-44-{op}-stack.png"))
            .is_file());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_kem_sweep() {
    if skip() {
        return;
    }
    let dir = scratch("kem");
    let out = bin()
        .args(["--target", "m4", "--scheme", "sntrup761", "--op", "encaps"])
        .args([
            "--presets-only",
            "--keygen-runs",
            "1",
            "--sign-runs",
            "2",
            "--verify-runs",
            "1",
        ])
        // The answer's constant-time check is a_small_sweep_end_to_end's to test.
        .args(["--budget", "12k", "--no-answer-check", "--format", "json"])
        .arg("--cache-dir")
        .arg(dir.join("cache"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 5, "the five main multiplications");
    for r in results {
        assert_eq!(r["op"], "encaps");
        assert!(r["rust_type"]
            .as_str()
            .unwrap()
            .starts_with("type Kem = pqfit::Sntrup761<pqfit::ntruprime::"));
        assert!(r.get("error").is_none_or(Value::is_null), "{r}");
    }
    // Schoolbook has the smallest stack of the five; the answer fits the budget.
    let school = results.iter().find(|r| r["name"] == "Schoolbook").unwrap()["stack_bytes"]
        .as_u64()
        .unwrap();
    assert!(results
        .iter()
        .all(|r| r["stack_bytes"].as_u64().unwrap() >= school));
    // Within 12 kB the fastest is ZqNtt (10.3 kB for encapsulation on the M4 model).
    assert!(v["best"]["stack_bytes"].as_u64().unwrap() <= 12 * 1024);
    assert_eq!(v["best"]["name"], "ZqNtt", "{}", v["best"]);
    // A signature operation on a KEM is a clear error.
    let out = bin()
        .args(["--target", "m4", "--scheme", "sntrup761", "--op", "sign"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("keygen, encaps, decaps"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_cross_sweep() {
    if skip() {
        return;
    }
    let dir = scratch("cross");
    let out = bin()
        .args([
            "--target",
            "m4",
            "--scheme",
            "cross-rsdpg-1-fast,ml-dsa-44",
            "--op",
            "all",
        ])
        .args([
            "--presets-only",
            "--keccak",
            "default",
            "--keygen-runs",
            "1",
        ])
        .args([
            "--sign-runs",
            "1",
            "--verify-runs",
            "1",
            "--no-answer-check",
            "--format",
            "json",
            "--cache-dir",
        ])
        .arg(dir.join("cache"))
        .arg("--out")
        .arg(dir.join("out"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let results = v["results"].as_array().unwrap();
    let cross: Vec<&Value> = results
        .iter()
        .filter(|r| r["scheme"] == "cross-rsdpg-1-fast")
        .collect();
    assert_eq!(cross.len(), 9, "three presets, three operations");
    assert_eq!(
        results.len(),
        9 + 4 * 4,
        "and ML-DSA-44's four presets, four operations"
    );
    assert!(cross.iter().all(|r| r["category"] == 1));
    let stack = |name: &str, op: &str| {
        cross
            .iter()
            .find(|r| r["name"] == name && r["op"] == op)
            .unwrap_or_else(|| panic!("{name} {op}"))["stack_bytes"]
            .as_u64()
            .unwrap()
    };
    for op in ["sign", "verify"] {
        assert!(stack("min-stack", op) <= stack("fast", op), "{op}");
        assert!(
            stack("min-stack", op) <= 24 * 1024,
            "{op}: the 24 kB target"
        );
    }
    assert_eq!(
        v["answers"][1]["best"]["rust_type"]
            .as_str()
            .unwrap()
            .split('<')
            .next(),
        Some("type Signer = pqfit::cross::Cross")
    );

    // Across the two schemes: keygen, sign and verify ranked (sign-expanded is ML-DSA's
    // alone), each scheme's answer in order of mean cycles, the first the overall best.
    let rankings = v["rankings"].as_array().unwrap();
    let ops: Vec<&str> = rankings.iter().map(|r| r["op"].as_str().unwrap()).collect();
    assert_eq!(ops, ["keygen", "sign", "verify"]);
    for r in rankings {
        let schemes = r["schemes"].as_array().unwrap();
        assert_eq!(schemes.len(), 2, "{r}");
        let cycles: Vec<u64> = schemes
            .iter()
            .map(|s| s["best"]["cycles"]["avg"].as_u64().unwrap())
            .collect();
        assert!(cycles[0] <= cycles[1], "{r}");
        assert_eq!(schemes[0]["rank"], 1);
        assert_eq!(r["best"], schemes[0]["best"]);
        assert_eq!(r["category"], Value::Null, "categories 1 and 2 differ");
    }
    let sign_best = &rankings[1]["best"];
    let ty = sign_best["rust_type"].as_str().unwrap();
    let table = std::fs::read_to_string(dir.join("out/pq-explore.json")).unwrap();
    assert!(table.contains("\"rankings\""));
    // The text answer names the overall best with its type.
    let text = bin()
        .args(["--target", "m4", "--scheme", "cross-rsdpg-1-fast,ml-dsa-44"])
        .args([
            "--presets-only",
            "--keccak",
            "default",
            "--keygen-runs",
            "1",
        ])
        .args(["--sign-runs", "1", "--verify-runs", "1", "--cache-dir"])
        .arg(dir.join("cache"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("Across schemes: sign on m4, across 2 signatures"),
        "{text}"
    );
    assert!(
        text.contains("The fastest signature to sign on m4: "),
        "{text}"
    );
    assert!(text.contains(ty), "{text}");
    // The plot across schemes, at the plots' size.
    let png = std::fs::read(dir.join("out/m4-sign-schemes-stack.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    let dim = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    assert_eq!((dim(16), dim(20)), (800, 560));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `pq-explore peers --target m4 --format json`: every ML-DSA-65 peer's keygen, sign and
/// verify figures with its outputs checked, and the same from the cache on a second run.
#[test]
fn the_peers_command() {
    if skip() {
        return;
    }
    let dir = scratch("peers");
    let run = || {
        json(
            bin()
                .args(["peers", "--target", "m4", "--format", "json", "--jobs", "1"])
                .args([
                    "--keygen-runs",
                    "1",
                    "--sign-runs",
                    "1",
                    "--verify-runs",
                    "1",
                ])
                .arg("--cache-dir")
                .arg(dir.join("cache")),
        )
        .0
    };
    let first = run();
    let c = &first["comparisons"][0];
    assert_eq!(
        (c["target"].as_str(), c["scheme"].as_str()),
        (Some("m4"), Some("ml-dsa-65"))
    );
    let sides = c["implementations"].as_array().unwrap();
    assert_eq!(sides.len(), 4, "{sides:?}");
    for s in sides {
        assert_eq!(s["implementation"], "peer");
        assert_eq!(s["checked"], true, "{s}");
        for op in ["keygen", "sign", "verify"] {
            let r = &s["ops"][op];
            assert!(r["cycles"]["avg"].as_u64().unwrap() > 1_000_000, "{s}");
            assert!(r["stack_bytes"].as_u64().unwrap() > 4_000, "{s}");
        }
        assert!(s["flash_bytes"].as_u64().unwrap() > 5_000);
    }
    // The best peer of each figure has the ratio 1.
    let best_sign = c["best_peer"]["sign_cycles"].as_u64().unwrap();
    assert!(sides.iter().any(
        |s| s["ops"]["sign"]["cycles"]["avg"].as_u64() == Some(best_sign)
            && s["ratio_to_best_peer"]["sign_cycles"] == 1.0
    ));
    let again = run();
    assert_eq!(again["sweep"]["cached"], 4);
    let cached = again["comparisons"][0]["implementations"]
        .as_array()
        .unwrap();
    for (a, b) in sides.iter().zip(cached) {
        assert_eq!((&a["ops"], &b["cached"]), (&b["ops"], &Value::Bool(true)));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_constant_time_check_and_column() {
    if skip() {
        return;
    }
    let dir = scratch("ct");
    let cache = dir.join("cache");
    let (v, _) = json(
        bin()
            .args(["ct", "--target", "m4", "--scheme", "ml-dsa-44"])
            .args(["--strategy", "fast-sign", "--runs", "2", "--format", "json"])
            .arg("--cache-dir")
            .arg(&cache),
    );
    let checked = v.as_array().unwrap();
    assert_eq!(checked.len(), 1);
    assert_eq!(checked[0]["constant_time"], "checked", "{v}");
    let ops: Vec<&str> = checked[0]["ops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["op"].as_str().unwrap())
        .collect();
    assert_eq!(ops, ["keygen", "sign"]);
    // The sweep shows the cached verdict for fast-sign and none for the others.
    let (v, _) = json(
        bin()
            .args(SMALL)
            .args(["--format", "json", "--cache-dir"])
            .arg(&cache),
    );
    for r in v["results"].as_array().unwrap() {
        let want = if r["name"] == "fast-sign" {
            "checked"
        } else {
            "not checked"
        };
        assert_eq!(r["constant_time"], want, "{r}");
    }
}
