//! `--shard K/N` and `pq-explore merge`, end to end on the cheapest real sweep (ML-KEM-512's
//! three presets on the M4, one run of each operation): the parts, measured as separate
//! processes into separate caches and merged, give the same JSON as one unsharded sweep.
//! The firmware is really built and run (about a minute cold, seconds warm).

use std::path::{Path, PathBuf};
use std::process::Command;

const SWEEP: &[&str] = &[
    "--target",
    "m4",
    "--scheme",
    "ml-kem-512",
    "--presets-only",
    "--keccak",
    "default",
    "--keygen-runs",
    "1",
    "--sign-runs",
    "1",
    "--verify-runs",
    "1",
    "--jobs",
    "1",
];

fn run(args: &[&str], cache: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_pq-explore"))
        .args(args)
        .arg("--cache-dir")
        .arg(cache)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "pq-explore {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The sweep's JSON without its wall-clock time (the one field two runs of anything
/// differ in).
fn json(cache: &Path) -> String {
    let mut args = SWEEP.to_vec();
    args.extend(["--format", "json"]);
    let mut v: serde_json::Value = serde_json::from_str(&run(&args, cache)).unwrap();
    let sweep = v["sweep"].as_object_mut().expect("a sweep object");
    assert!(sweep.remove("seconds").is_some());
    serde_json::to_string_pretty(&v).unwrap()
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("pq-explore-shards-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn merged_parts_give_the_unsharded_sweep() {
    let whole = tmp("whole");
    run(SWEEP, &whole);
    let parts: Vec<PathBuf> = (1..=2).map(|k| tmp(&format!("part{k}"))).collect();
    for (k, part) in parts.iter().enumerate() {
        let shard = format!("{}/2", k + 1);
        let mut args = SWEEP.to_vec();
        args.extend(["--shard", &shard]);
        let said = run(&args, part);
        assert!(said.starts_with(&format!("shard {shard}: ")), "{said}");
    }
    // Each part measured something, and no combination twice.
    let count = |d: &Path| std::fs::read_dir(d).map(|r| r.count()).unwrap_or(0);
    assert_eq!(
        (count(&parts[0]), count(&parts[1])),
        (2, 1),
        "the three presets split by expected time"
    );
    let merged = tmp("merged");
    let mut args = vec!["merge"];
    let names: Vec<String> = parts.iter().map(|p| p.display().to_string()).collect();
    args.extend(names.iter().map(String::as_str));
    let said = run(&args, &merged);
    assert!(said.starts_with("merged 3 measurements"), "{said}");
    let (a, b) = (json(&whole), json(&merged));
    assert!(a.contains("\"measured\": 0") && b.contains("\"measured\": 0"));
    assert_eq!(a, b);
    // Merging a part into the whole finds every entry already there.
    let again = run(&["merge", &names[0]], &whole);
    assert!(again.contains("2 already there"), "{again}");
    for d in parts.iter().chain([&whole, &merged]) {
        let _ = std::fs::remove_dir_all(d);
    }
}
