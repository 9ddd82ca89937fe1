use super::*;
use crate::cache::{Cache, Entry};

const SOURCES: &str = "5a0f";

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("pq-explore-merge-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    d
}

/// A consistent ML-DSA-65 entry of `strategy` with sign cycles `cycles`.
fn entry(sources: &str, strategy: &str, cycles: u64, seconds: f64) -> Entry {
    let key = Key::new(sources, "m4", "ml-dsa-65", strategy, "3", [1, 2, 1]);
    let op = |name: &str, runs: usize| {
        let mut r = crate::testdata::report(name, 4000, 90_000, cycles);
        r.target = "m4".into();
        r.strategy = strategy.into();
        r.runs = runs;
        r
    };
    Entry {
        key,
        ops: vec![
            op("keygen", 1),
            op("sign", 2),
            op("verify", 1),
            op("sign-expanded", 2),
        ],
        emulated_instructions: 7,
        emulation_seconds: seconds,
        build_seconds: Some(seconds),
    }
}

fn files(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for (sub, _) in KINDS {
        if let Ok(list) = fs::read_dir(dir.join(sub)) {
            for e in list.flatten().filter(|e| e.path().is_file()) {
                out.push(format!("{sub}/{}", e.file_name().to_string_lossy()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn two_parts_join_and_a_sweep_would_find_every_entry() {
    let (a, b, into) = (tmp("a"), tmp("b"), tmp("into"));
    let e1 = entry(SOURCES, "pqfit::strategy::SmallStack", 100, 1.0);
    let e2 = entry(SOURCES, "pqfit::strategy::FastSign", 50, 2.0);
    Cache::new(&a).put(&e1).unwrap();
    Cache::new(&b).put(&e2).unwrap();
    // A verdict and a campaign ride along in their directories.
    let verdict = Key::new(
        SOURCES,
        "m4",
        "ml-dsa-65",
        "pqfit::strategy::FastSign",
        "3",
        [3, 0, 0],
    );
    Cache::new(b.join("constant-time"))
        .write(
            &verdict,
            &serde_json::json!({"key": verdict, "seed": 1, "secrets": 3, "ops": []}),
        )
        .unwrap();
    let said = merge(&[a.clone(), b.clone()], &into, SOURCES).unwrap();
    assert!(
        said.contains("merged 2 measurements, 1 constant-time verdicts, 0 fault campaigns"),
        "{said}"
    );
    let cache = Cache::new(&into);
    assert!(matches!(cache.get(&e1.key), Lookup::Hit(e) if e == e1));
    assert!(matches!(cache.get(&e2.key), Lookup::Hit(e) if e == e2));
    assert_eq!(files(&into).len(), 3);
    // Merging again changes nothing: every file is already there, the same.
    let again = merge(&[a.clone(), b.clone()], &into, SOURCES).unwrap();
    assert!(
        again.contains("merged 0 measurements") && again.contains("3 already there"),
        "{again}"
    );
    // The same measurement timed differently is the same entry.
    let c = tmp("c");
    Cache::new(&c)
        .put(&entry(SOURCES, "pqfit::strategy::SmallStack", 100, 9.0))
        .unwrap();
    assert!(merge(std::slice::from_ref(&c), &into, SOURCES)
        .unwrap()
        .contains("1 already there"));
    for d in [a, b, c, into] {
        let _ = fs::remove_dir_all(d);
    }
}

#[test]
fn other_sources_conflicts_and_corrupt_files_are_refused_and_nothing_is_written() {
    let (good, bad, into) = (tmp("good"), tmp("bad"), tmp("into2"));
    Cache::new(&good)
        .put(&entry(SOURCES, "pqfit::strategy::Balanced", 70, 1.0))
        .unwrap();
    // Other sources.
    Cache::new(&bad)
        .put(&entry("99ff", "pqfit::strategy::SmallStack", 100, 1.0))
        .unwrap();
    // A conflicting duplicate of `good`'s entry: other cycles.
    let sub = bad.join("dup");
    Cache::new(&sub)
        .put(&entry(SOURCES, "pqfit::strategy::Balanced", 71, 1.0))
        .unwrap();
    // Inconsistent figures (a sign run count the key does not ask for).
    let mut odd = entry(SOURCES, "pqfit::strategy::FastSign", 50, 1.0);
    odd.ops[1].runs = 5;
    Cache::new(&bad).put(&odd).unwrap();
    // Not JSON, and a verdict under the wrong name.
    fs::write(bad.join("m4-ml-dsa-65-broken.json"), b"{not json").unwrap();
    let k = Key::new(SOURCES, "m4", "ml-dsa-65", "x", "3", [3, 0, 0]);
    fs::create_dir_all(bad.join("constant-time")).unwrap();
    fs::write(
        bad.join("constant-time/renamed.json"),
        serde_json::to_vec(&serde_json::json!({"key": k})).unwrap(),
    )
    .unwrap();
    let err = merge(&[good.clone(), bad.clone(), sub.clone()], &into, SOURCES).unwrap_err();
    for why in [
        "measured from other sources",
        "with other results",
        "corrupt:",
        "not JSON",
        "its key belongs in",
    ] {
        assert!(err.contains(why), "{why} missing from: {err}");
    }
    assert!(
        err.starts_with("merge refused, nothing written (5 of the files)"),
        "{err}"
    );
    assert!(files(&into).is_empty(), "written: {:?}", files(&into));
    // A missing directory is refused too.
    assert!(merge(&[tmp("nowhere")], &into, SOURCES)
        .unwrap_err()
        .contains("not a directory"));
    for d in [good, bad, into] {
        let _ = fs::remove_dir_all(d);
    }
}
