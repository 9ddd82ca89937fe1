//! `--faults` on the command line, without building anything: a campaign needs at least
//! one fault per model, said before any sweep starts. (The column itself is tested in
//! `explorer/src/faults/tests.rs` from cache entries; a real campaign through the sweep
//! builds and measures firmware first, over a minute cold, so it is run by hand:
//! docs/explorer.md, "Fault resistance".)

use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_pq-explore"))
}

#[test]
fn faults_needs_a_positive_count() {
    for bad in ["0", "many"] {
        let out = bin()
            .args(["--target", "m4", "--scheme", "ml-dsa-44", "--faults", bad])
            .output()
            .unwrap();
        assert!(!out.status.success(), "--faults {bad} accepted");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--faults"), "{err}");
        assert!(out.stdout.is_empty());
    }
    let help = bin().arg("--help").output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(
        help.contains("--faults <N>") && help.contains("--faults-seed <SEED>"),
        "{help}"
    );
}
