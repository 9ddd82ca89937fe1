//! Clear errors, never a panic, for bad arguments to the `pq-explore` binary (nothing is
//! built: every case fails before a sweep starts).

use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_pq-explore"))
}

#[test]
fn bad_arguments_are_clear_errors() {
    for (args, needle) in [
        (vec!["--budget", "12kg"], "invalid budget"),
        (vec!["--budget=-3"], "invalid budget"),
        (vec!["--flash-budget", "lots"], "invalid budget"),
        (vec!["--target", "m9"], "unknown target"),
        (vec!["--scheme", "ml-dsa-99"], "unknown scheme"),
        (
            vec!["--scheme", "signatures", "--category", "7"],
            "NIST categories are 1 to 5",
        ),
        (
            vec!["--scheme", "ntru-prime", "--category", "1"],
            "is at category 1: sntrup761 (3)",
        ),
        (vec!["--jobs", "0"], "--jobs"),
        (vec!["--opt-level", "9"], "--opt-level"),
        (vec!["--op", "encaps"], "ml-dsa-65 has keygen, sign, verify"),
        (vec!["--op", "decrypt"], "invalid value"),
        (
            vec!["peers", "--scheme", "ml-dsa-44"],
            "no peers for ml-dsa-44",
        ),
        (vec!["peers", "--target", "m9"], "unknown target"),
        (vec!["ct", "--runs", "1"], "--secrets"),
        (vec!["ct", "--seed", "0xg"], "seed"),
        (vec!["ct", "--target", "m9"], "unknown target"),
        (vec!["ct", "--opt-level", "4"], "--opt-level"),
        (vec!["--shard", "3/2"], "invalid shard"),
        (vec!["report", "--shard", "0/4"], "invalid shard"),
        (vec!["merge"], "<DIR>"),
        (
            vec!["merge", "/nonexistent/pq-explore-part"],
            "not a directory",
        ),
    ] {
        let out = bin().args(&args).output().unwrap();
        assert!(!out.status.success(), "{args:?} succeeded");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
