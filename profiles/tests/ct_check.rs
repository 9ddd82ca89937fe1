//! The constant-time trace check must catch what it exists for: built without the value
//! barriers of `pqfit_core::ct` (as the code was before them), LLVM turns mask selects
//! into branches on the Cortex-M0 (ML-DSA's field reductions) and on RV32 (NTRU
//! Prime's `fq_freeze`), and the check must name them; with the barriers, the same
//! firmware must pass. A check that passes both ways would check nothing.
//!
//! Builds four firmware images (about a minute each from cold). Set
//! `PQFIT_SKIP_FIRMWARE_TESTS=1` to skip.

use pqfit_profiles::ct_check::CtReport;
use pqfit_profiles::measure::check;
use pqfit_profiles::{scheme, CtRequest, Scheme};

fn skip() -> bool {
    std::env::var_os("PQFIT_SKIP_FIRMWARE_TESTS").is_some()
}

fn run(target: &str, scheme: Scheme, strategy: &str, barriers: bool) -> CtReport {
    let mut req = CtRequest::new(target, scheme, strategy);
    req.runs = 2;
    req.seed = 0x5eed;
    if !barriers {
        req.rustflags = vec!["--cfg=pqfit_insecure_no_value_barriers".into()];
    }
    check(&req).unwrap_or_else(|e| panic!("{target} {strategy}: {e}"))
}

fn leaks(r: &CtReport) -> Vec<String> {
    r.ops
        .iter()
        .filter_map(|o| o.leak.as_ref().map(|l| format!("{}: {l}", o.op)))
        .collect()
}

#[test]
fn m0_ml_dsa_branches_are_caught_and_fixed() {
    if skip() {
        return;
    }
    let bare = run("m0", scheme("ml-dsa-44").unwrap(), "fast-sign", false);
    let found = leaks(&bare);
    assert!(!found.is_empty(), "no leak found without value barriers");
    for o in &bare.ops {
        assert!(o.events > 100_000 && o.declassifications > 0, "{o:?}");
    }
    let fixed = run("m0", scheme("ml-dsa-44").unwrap(), "fast-sign", true);
    assert!(fixed.is_clean(), "{:?}", leaks(&fixed));
    assert_eq!(
        fixed.ops.iter().map(|o| o.op.as_str()).collect::<Vec<_>>(),
        ["keygen", "sign"]
    );
}

#[test]
fn rv32_ntru_prime_branches_are_caught_and_fixed() {
    if skip() {
        return;
    }
    let bare = run(
        "rv32",
        scheme("sntrup761").unwrap(),
        "pqfit::ntruprime::Karatsuba",
        false,
    );
    let found = leaks(&bare);
    assert!(!found.is_empty(), "no leak found without value barriers");
    let fixed = run(
        "rv32",
        scheme("sntrup761").unwrap(),
        "pqfit::ntruprime::Karatsuba",
        true,
    );
    assert!(fixed.is_clean(), "{:?}", leaks(&fixed));
    assert_eq!(
        fixed.ops.iter().map(|o| o.op.as_str()).collect::<Vec<_>>(),
        [
            "keygen",
            "encaps",
            "decaps",
            "decaps (tampered)",
            "decaps (wrong hash)"
        ]
    );
}

#[test]
fn bad_requests_are_clear_errors() {
    let mut req = CtRequest::new("m4", scheme("ml-dsa-44").unwrap(), "fast-sign");
    req.runs = 1;
    assert!(check(&req).is_err());
    assert!(check(&CtRequest::new(
        "host",
        scheme("ml-dsa-44").unwrap(),
        "fast-sign"
    ))
    .is_err());
    assert!(check(&CtRequest::new(
        "m4",
        scheme("ml-dsa-44").unwrap(),
        "no-such-preset"
    ))
    .is_err());
}
