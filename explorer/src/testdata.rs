//! Synthetic outcomes for the tests (no firmware is built): made-up but plausible
//! figures, every family on two targets, and one combination that failed, so outputs and
//! pages show every kind of row.

use pqfit_profiles::record::Cycles;
use pqfit_profiles::{Op, OpReport, Scheme};

use crate::combos::{self, KeccakAxis};
use crate::sweep::{Outcome, PeerMode, Spec, Sweep};

/// The targets of the fixture.
pub const TARGETS: [&str; 2] = ["m4", "rv32"];

/// The fixture's spec: every family, presets only, on [`TARGETS`].
pub fn spec() -> Spec {
    Spec {
        targets: TARGETS.map(String::from).to_vec(),
        schemes: crate::schemes::select(crate::schemes::FAMILIES, None)
            .expect("the families parse"),
        presets_only: true,
        keccak: KeccakAxis::Default,
        hardened: crate::combos::HardenedAxis::Without,
        opt_levels: vec!["3".into()],
        runs: [3, 16, 4],
        jobs: 1,
        cache: None,
        peers: PeerMode::Without,
        board: None,
        dedup: true,
        shard: None,
    }
}

/// The fixture's outcomes: every preset of [`spec`]'s schemes on every target.
pub fn sweep() -> Sweep {
    let spec = spec();
    let mut outcomes = Vec::new();
    for (t, target) in TARGETS.iter().enumerate() {
        for (s, &scheme) in spec.schemes.iter().enumerate() {
            let candidates = combos::candidates(scheme, true, KeccakAxis::Default);
            for (c, &candidate) in candidates.iter().enumerate() {
                // The last scheme's last combination failed on the second target.
                let failed = t == 1 && s + 1 == spec.schemes.len() && c + 1 == candidates.len();
                let result = if failed {
                    Err("firmware build failed: synthetic error".to_string())
                } else {
                    Ok(scheme
                        .ops()
                        .iter()
                        .enumerate()
                        .map(|(o, op)| {
                            fixture_report(
                                target,
                                scheme,
                                op.name(),
                                &candidate.type_path(),
                                [t, s, c, o],
                            )
                        })
                        .collect())
                };
                outcomes.push(Outcome {
                    target: target.to_string(),
                    scheme,
                    candidate,
                    opt_level: "3".into(),
                    result,
                    cached: true,
                    constant_time: None,
                });
            }
        }
    }
    Sweep {
        outcomes,
        sources: "0".repeat(64),
        measured: 0,
        cached: 0,
        stale: 0,
        deduplicated: 0,
        corrupt: Vec::new(),
        seconds: 0.0,
        board: None,
    }
}

/// Figures that trade stack for cycles along the candidates (`c`), slower on the second
/// target (`t`), different per scheme (`s`) and operation (`o`).
pub fn fixture_report(
    target: &str,
    scheme: Scheme,
    op: &str,
    strategy: &str,
    [t, s, c, o]: [usize; 4],
) -> OpReport {
    let [t, s, c, o] = [t, s, c, o].map(|v| v as u64);
    let avg = (2_000_000 + 500_000 * s + 300_000 * o) * (4 + t) / (1 + c);
    let stack = 3_000 + 4_000 * c + 200 * s + 100 * o;
    let flash = 60_000 + 5_000 * s + 2_000 * c;
    OpReport {
        target: target.into(),
        scheme: scheme.name().into(),
        op: op.into(),
        strategy: strategy.into(),
        cycles: Cycles {
            min: avg - avg / 10,
            avg,
            max: avg + avg / 5,
        },
        instructions: avg * 3 / 4,
        stack_bytes: stack,
        static_ram_bytes: if op == Op::SignExpanded.name() {
            30_000
        } else {
            0
        },
        flash_bytes: pqfit_profiles::elf::Flash {
            text: flash - 8_000,
            rodata: 7_000,
            data: 1_000,
            total: flash,
            split: pqfit_profiles::elf::FlashSplit {
                scheme: flash - 20_000,
                keccak: 12_000,
                scaffold: 8_000,
            },
        },
        runs: 2,
        opt_level: "3".into(),
        iterations: None,
        preparation: None,
        time: None,
        code: None,
        same_code_as: None,
    }
}

/// A report on m3 with these figures (cycles min / max at half / thrice the mean).
pub fn report(op: &str, stack: u64, flash: u64, cycles: u64) -> OpReport {
    OpReport {
        target: "m3".into(),
        scheme: "ml-dsa-65".into(),
        op: op.into(),
        strategy: String::new(),
        cycles: Cycles {
            min: cycles / 2,
            avg: cycles,
            max: cycles * 3,
        },
        instructions: cycles,
        stack_bytes: stack,
        static_ram_bytes: 8,
        flash_bytes: pqfit_profiles::elf::Flash {
            total: flash,
            ..Default::default()
        },
        runs: 16,
        opt_level: "3".into(),
        iterations: None,
        preparation: None,
        time: None,
        code: None,
        same_code_as: None,
    }
}

/// The sweep's filling of left-out operations, on the fixtures (tested here: the
/// fixtures are built from the sweep's types).
#[cfg(test)]
mod sweep_fill {
    use crate::combos::Candidate;
    use crate::combos::{candidates, KeccakAxis};
    use crate::sweep::*;

    use pqfit_profiles::OpReport;

    fn outcome(candidate: Candidate, result: Result<Vec<OpReport>, String>) -> Outcome {
        Outcome {
            target: "m4".into(),
            scheme: pqfit_profiles::families::ML_DSA_65,
            candidate,
            opt_level: "3".into(),
            result,
            cached: false,
            constant_time: None,
        }
    }

    #[test]
    fn a_left_out_operation_takes_the_figures_of_its_code_and_keeps_its_flash() {
        let list = candidates(
            pqfit_profiles::families::ML_DSA_65,
            true,
            KeccakAxis::Default,
        );
        let (first, second) = (list[0], list[1]);
        let mut theirs = super::fixture_report(
            "m4",
            pqfit_profiles::families::ML_DSA_65,
            "keygen",
            &first.type_path(),
            [0, 0, 0, 0],
        );
        theirs.code = Some("c0de".into());
        let ran = [Some(outcome(first, Ok(vec![theirs.clone()])))];
        let left_out = || {
            let mut r = super::fixture_report(
                "m4",
                pqfit_profiles::families::ML_DSA_65,
                "keygen",
                &second.type_path(),
                [0, 0, 1, 0],
            );
            r.runs = 0;
            r.cycles = Default::default();
            r.stack_bytes = 0;
            r.code = Some("c0de".into());
            r.flash_bytes.total = 1_234;
            r
        };
        let skipped: Skipped = vec![("keygen".into(), 0)];

        let mut ops = vec![left_out()];
        fill(&mut ops, &skipped, &ran).unwrap();
        let r = &ops[0];
        assert_eq!(
            (r.cycles, r.stack_bytes, r.runs, r.instructions),
            (
                theirs.cycles,
                theirs.stack_bytes,
                theirs.runs,
                theirs.instructions
            )
        );
        assert_eq!(r.flash_bytes.total, 1_234);
        assert_eq!(r.strategy, second.type_path());
        assert_eq!(r.same_code_as, Some(first.type_path()));

        // Never figures from a failed run, or from other code.
        let failed = [Some(outcome(first, Err("did not build".into())))];
        assert!(fill(&mut [left_out()], &skipped, &failed).is_err());
        let mut other = left_out();
        other.code = Some("0the7".into());
        assert!(fill(&mut [other], &skipped, &ran).is_err());
    }
}
