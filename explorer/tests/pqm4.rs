//! `pq-explore peers --pqm4 DIR`: a clear error without a checkout, and the tiny toy
//! checkout of pqfit-profiles' tests (`profiles/tests/pqm4-tiny`) measured on the M4 by a
//! round trip, then taken from the cache. `PQFIT_SKIP_FIRMWARE_TESTS=1` skips the build.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_pq-explore"))
}

fn tiny(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../profiles/tests/pqm4-tiny")
        .join(path)
}

#[test]
fn without_a_checkout_it_says_how_to_get_one() {
    for (dir, needle) in [
        (
            "/nonexistent/pqm4/crypto_sign/ml-dsa-65/m4f".into(),
            "git clone --recursive https://github.com/mupq/pqm4",
        ),
        (tiny("crypto_sign"), "no api.h"),
    ] {
        let out = bin()
            .args(["peers", "--target", "m4", "--pqm4"])
            .arg(&dir)
            .output()
            .unwrap();
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_toy_signature_is_measured_then_cached() {
    if std::env::var_os("PQFIT_SKIP_FIRMWARE_TESTS").is_some() {
        return;
    }
    let cache = std::env::temp_dir().join(format!("pq-explore-it-{}-pqm4", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let run = || -> Value {
        let out = bin()
            .args([
                "peers",
                "--target",
                "m4",
                "--format",
                "json",
                "--sign-runs",
                "2",
            ])
            .args(["--keygen-runs", "1", "--verify-runs", "1", "--cache-dir"])
            .arg(&cache)
            .arg("--pqm4")
            .arg(tiny("crypto_sign/toysig/ref"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let first = run();
    let rows = first["round_trips"].as_array().unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["name"], "pqm4 ref (toysig)");
    assert_eq!(rows[0]["round_trip"], true);
    let ops: Vec<&str> = rows[0]["ops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["op"].as_str().unwrap())
        .collect();
    assert_eq!(ops, ["keygen", "sign", "verify"]);
    for o in rows[0]["ops"].as_array().unwrap() {
        assert!(o["cycles"]["avg"].as_u64().unwrap() > 10_000, "{o}");
        assert!(o["stack_bytes"].as_u64().unwrap() > 100, "{o}");
    }
    assert_eq!(rows[0]["cached"], false);
    // The second run takes the same figures from the cache.
    let second = run();
    assert_eq!(second["round_trips"][0]["cached"], true);
    assert_eq!(second["round_trips"][0]["ops"], rows[0]["ops"]);
    let _ = std::fs::remove_dir_all(&cache);
}
