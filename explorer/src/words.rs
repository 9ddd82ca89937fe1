//! The analysis in words: budgets, figures, answers and broken preset promises, as the
//! table, Markdown and `measure` print them.

use pqfit_profiles::{Op, OpReport, Promise};

use crate::analysis::{ram, Answer, Budgets, Group, NameIssue};
use crate::board;
use crate::budget::{group as digits, show_bytes, show_cycles};

/// The operation in words (`sign`: "sign").
pub fn verb(op: &str) -> &str {
    Op::parse(op).map_or(op, |o| o.action())
}

/// The budgets in words: "12,288 B of stack and 128,000 B of flash".
pub fn budgets_text(b: &Budgets) -> String {
    let mut parts = Vec::new();
    if let Some(s) = b.stack {
        parts.push(format!("{} of stack", show_bytes(s)));
    }
    if let Some(f) = b.flash {
        parts.push(format!("{} of flash", show_bytes(f)));
    }
    if let Some(r) = b.ram {
        parts.push(format!("{} of RAM", show_bytes(r)));
    }
    parts.join(" and ")
}

/// The answer in words, several lines.
pub fn answer_text(g: &Group) -> String {
    let within = if g.budgets.is_empty() {
        String::new()
    } else {
        format!(" within {}", budgets_text(&g.budgets))
    };
    let head = format!(
        "The fastest way to {} with {} on {}{within}",
        verb(g.op),
        g.scheme.name().to_uppercase(),
        g.target
    );
    match &g.answer {
        Answer::Best(i) => {
            let row = &g.rows[*i];
            let r = row.ok().expect("an answer has figures");
            let faults = row
                .faults
                .as_ref()
                .map(|f| format!("; faults released: {}", f.cell()))
                .unwrap_or_default();
            format!(
                "{head}:\n    {}\n  {}: {}; constant time: {}{faults}\n",
                row.rust_type,
                row.name,
                figures(r),
                row.constant_time
            )
        }
        Answer::NothingFits { smallest, over } => {
            let row = &g.rows[*smallest];
            let r = row.ok().expect("an answer has figures");
            let over: Vec<String> = over
                .iter()
                .map(|(what, n)| format!("{} over the {what} budget", show_bytes(*n)))
                .collect();
            format!(
                "{head}: nothing fits. The smallest combination is {} over:\n    {}\n  {}\n",
                over.join(", "),
                row.rust_type,
                figures(r)
            )
        }
        Answer::NoResults => {
            format!("{head}: no combination built and ran (see the errors above).\n")
        }
    }
}

/// One line of figures.
pub fn figures(r: &OpReport) -> String {
    format!(
        "stack {}, flash {}, RAM {} (stack + {} static), {} model cycles ({} {}: min {}, max {}){}",
        show_bytes(r.stack_bytes),
        show_bytes(r.flash_bytes.total),
        show_bytes(ram(r)),
        digits(r.static_ram_bytes),
        digits(r.cycles.avg),
        if r.runs > 1 { "mean of" } else { "over" },
        runs_text(r),
        show_cycles(r.cycles.min),
        show_cycles(r.cycles.max),
        board::text(r)
    )
}

fn runs_text(r: &OpReport) -> String {
    match (r.op.as_str(), r.runs) {
        ("sign" | "sign-expanded", n) => format!("{n} messages"),
        ("keygen", n) => format!("{n} seeds"),
        ("encaps", n) => format!("{n} encapsulations"),
        ("decaps", n) => format!("{n} ciphertexts"),
        (_, n) => format!("{n} signatures"),
    }
}

/// The iteration figures of a signing measurement in words: mean iterations, cycles
/// per iteration and the mean normalised to the expected count.
pub fn iterations_text(it: &pqfit_profiles::record::Iterations) -> String {
    match (it.cycles_per_iteration, it.normalised_avg) {
        (Some(per), Some(norm)) => format!(
            "iterations: {:.2} on average ({} expected); {} model cycles per iteration; mean normalised to {} iterations: {}",
            it.mean,
            it.expected,
            digits(per),
            it.expected,
            digits(norm)
        ),
        _ => format!(
            "iterations: {:.2} on average ({} expected); every message took as many, so no per-iteration fit",
            it.mean, it.expected
        ),
    }
}

/// A broken preset promise in a sentence: "fast-sign is not the fastest: x signs in 9
/// cycles, fast-sign in 10".
pub fn name_issue(i: &NameIssue) -> String {
    let (promise, unit) = match i.promise {
        Promise::Fastest => ("fastest", "cycles"),
        Promise::Smallest => ("smallest", "B of stack"),
    };
    let preset = i.preset;
    format!(
        "{preset} is not the {promise} in {}: {} takes {} {unit}, {preset} {}",
        i.op.verb(),
        i.better,
        digits(i.theirs),
        digits(i.own)
    )
}

/// The analysis, with the answers and name checks in words (tested here, above both).
#[cfg(test)]
mod analysis_checks {
    use super::{answer_text, name_issue};
    use crate::analysis::*;
    use crate::combos::{candidates, peer_candidates, KeccakAxis};
    use crate::sweep::{Outcome, Sweep};
    use crate::testdata::report;

    use pqfit_profiles::families::{ML_DSA_65, ML_KEM_768};
    use pqfit_profiles::Op;

    #[test]
    fn preset_names_are_checked() {
        let promises = ML_DSA_65.family().promises;
        let rows = [
            ("fast-sign", (10, 900)),
            ("small-stack", (90, 100)),
            ("x", (50, 500)),
        ];
        assert!(name_issues(promises, Op::Sign, &rows, |f| *f).is_empty());
        let rows = [
            ("fast-sign", (10, 900)),
            ("small-stack", (90, 100)),
            ("x", (9, 99)),
        ];
        let issues = name_issues(promises, Op::Sign, &rows, |f| *f);
        assert_eq!(issues.len(), 2, "{issues:?}");
        assert_eq!(
            name_issue(&issues[0]),
            "fast-sign is not the fastest in signing: x takes 9 cycles, fast-sign 10"
        );
        // ML-KEM's presets make their promises for every operation.
        let rows = [
            ("small-stack", (90, 100)),
            ("fast-kem", (10, 900)),
            ("x", (11, 99)),
        ];
        let issues = name_issues(ML_KEM_768.family().promises, Op::Decaps, &rows, |f| *f);
        assert_eq!(issues.len(), 1, "{issues:?}");
        assert_eq!(
            name_issue(&issues[0]),
            "small-stack is not the smallest in decapsulation: x takes 99 B of stack, \
             small-stack 100"
        );
    }

    /// The measurement docs' table of ML-DSA-65 signing on the M4 (after issue 17) keeps
    /// the preset names honest: fast-sign fastest, small-stack smallest.
    #[test]
    fn measured_presets_keep_their_names() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/measurement.md");
        let doc = std::fs::read_to_string(path).expect("docs/measurement.md");
        let section = doc
            .split("<!-- preset-names -->")
            .nth(1)
            .expect("docs/measurement.md has the <!-- preset-names --> table");
        let number = |s: &str| -> u64 {
            s.chars()
                .filter(char::is_ascii_digit)
                .collect::<String>()
                .parse()
                .expect("a number")
        };
        let mut rows = Vec::new();
        // The table runs from the marker to the first blank line after it.
        for line in section.trim_start().lines() {
            if line.trim().is_empty() {
                break;
            }
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            if cells.len() < 6 || cells[1] != "m4" {
                continue;
            }
            // | target | strategy | sign mean | ... | stack K / S / V | ...
            let mean = number(cells[3]);
            let stack = number(cells[6].split('/').nth(1).expect("K / S / V"));
            rows.push((cells[2].trim_matches('`'), (mean, stack)));
        }
        assert!(rows.len() >= 4, "rows: {rows:?}");
        let issues = name_issues(ML_DSA_65.family().promises, Op::Sign, &rows, |f| *f);
        assert!(issues.is_empty(), "{issues:?}");
    }

    /// ML-KEM's presets keep their names on the M4: docs/ml-kem/m4/results.json is the
    /// sweep of every ML-KEM-768 combination (the command is in docs/ml-kem.md), and in
    /// every operation `fast-kem` is the fastest row and `small-stack` the smallest
    /// among the memory combinations with the default Keccak backend (rows `+ Backend`
    /// are the other backends, an axis of its own; see `preset_name_issues`).
    #[test]
    fn ml_kem_presets_keep_their_names_on_the_m4() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../docs/ml-kem/m4/results.json"
        );
        let text = std::fs::read_to_string(path).expect("docs/ml-kem/m4/results.json");
        let doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        let results = doc["results"].as_array().expect("results");
        let combinations = pqfit::mlkem::catalog::CATALOG.combinations();
        for op in [Op::Keygen, Op::Encaps, Op::Decaps] {
            let rows: Vec<(&str, (u64, u64))> = results
                .iter()
                .filter(|r| r["op"] == op.name() && r["peer"].is_null())
                .filter(|r| !r["name"].as_str().unwrap_or("").contains(" + "))
                .map(|r| {
                    let cycles = r["cycles"]["avg"].as_u64().expect("mean cycles");
                    let stack = r["stack_bytes"].as_u64().expect("stack");
                    (r["name"].as_str().expect("name"), (cycles, stack))
                })
                .collect();
            assert!(rows.len() >= combinations, "{op:?}: {} rows", rows.len());
            let issues = name_issues(ML_KEM_768.family().promises, op, &rows, |f| *f);
            assert!(issues.is_empty(), "{issues:?}");
        }
    }

    fn sweep(figs: &[Option<(u64, u64, u64)>]) -> Sweep {
        let cands = candidates(
            pqfit_profiles::families::ML_DSA_65,
            false,
            KeccakAxis::Default,
        );
        Sweep {
            outcomes: figs
                .iter()
                .zip(cands)
                .map(|(f, candidate)| Outcome {
                    target: "m3".into(),
                    scheme: pqfit_profiles::families::ML_DSA_65,
                    candidate,
                    opt_level: "3".into(),
                    constant_time: None,
                    result: match f {
                        Some((s, fl, c)) => Ok(vec![
                            report("keygen", *s, *fl, 1),
                            report("sign", *s, *fl, *c),
                        ]),
                        None => Err("firmware build failed: boom".into()),
                    },
                    cached: false,
                })
                .collect(),
            sources: String::new(),
            measured: figs.len(),
            cached: 0,
            stale: 0,
            deduplicated: 0,
            corrupt: Vec::new(),
            seconds: 0.0,
            board: None,
        }
    }

    #[test]
    fn peers_are_rows_but_never_fronts_or_answers() {
        let mut s = sweep(&[
            Some((5_000, 70_000, 100_000_000)),
            Some((11_000, 90_000, 40_000_000)),
        ]);
        // A peer smaller and faster than every combination.
        let peer = peer_candidates(pqfit_profiles::families::ML_DSA_65)[0];
        s.outcomes.push(Outcome {
            target: "m3".into(),
            scheme: pqfit_profiles::families::ML_DSA_65,
            candidate: peer,
            result: Ok(vec![
                report("keygen", 1_000, 9_000, 1),
                report("sign", 1_000, 9_000, 1_000),
            ]),
            cached: false,
            opt_level: "3".into(),
            constant_time: None,
        });
        let g = &groups(&s, &["sign"], Budgets::default())[0];
        assert_eq!(g.rows.len(), 3);
        let p = &g.rows[2];
        assert_eq!(
            p.peer.as_deref(),
            Some(peer.peer().unwrap().label().as_str())
        );
        assert!(p.ok().is_some() && p.ours().is_none());
        assert!(!p.on_front && !p.on_stack_front && !p.on_flash_front);
        assert!(g.rows[0].on_stack_front && g.rows[1].on_stack_front);
        assert_eq!(g.answer, Answer::Best(1));
        let json = serde_json::to_value(p).unwrap();
        assert_eq!(
            json["peer"],
            serde_json::json!(peer.peer().unwrap().label())
        );
        assert!(serde_json::to_value(&g.rows[0])
            .unwrap()
            .get("peer")
            .is_none());
    }

    #[test]
    fn the_fastest_within_the_budget() {
        let s = sweep(&[
            Some((5_000, 70_000, 100_000_000)),
            Some((11_000, 90_000, 40_000_000)),
            Some((13_000, 80_000, 20_000_000)),
            None,
            Some((60_000, 150_000, 15_000_000)),
        ]);
        let b = Budgets {
            stack: Some(12_288),
            ..Default::default()
        };
        let g = &groups(&s, &["sign"], b)[0];
        assert_eq!(g.rows.len(), 5);
        assert_eq!(g.answer, Answer::Best(1));
        assert!(g.rows[3].error.as_deref().unwrap().contains("boom"));
        assert_eq!(g.rows[3].fits, None);
        let front: Vec<bool> = g.rows.iter().map(|r| r.on_stack_front).collect();
        assert_eq!(front, [true, true, true, false, true]);
        let text = answer_text(g);
        assert!(text.contains("type Signer = pqfit::Dilithium3<"), "{text}");
        assert!(text.contains("12,288 B of stack"), "{text}");
        // A flash budget changes the answer.
        let b2 = Budgets {
            stack: Some(14_000),
            flash: Some(85_000),
            ram: None,
        };
        assert_eq!(groups(&s, &["sign"], b2)[0].answer, Answer::Best(2));
        // No budget: the fastest of all.
        assert_eq!(
            groups(&s, &["sign"], Budgets::default())[0].answer,
            Answer::Best(4)
        );
    }

    #[test]
    fn nothing_fits_names_the_smallest_and_its_excess() {
        let s = sweep(&[Some((5_000, 70_000, 9)), Some((4_000, 90_000, 8))]);
        let b = Budgets {
            stack: Some(3_000),
            flash: Some(80_000),
            ram: Some(3_000),
        };
        let g = &groups(&s, &["sign"], b)[0];
        assert_eq!(
            g.answer,
            Answer::NothingFits {
                smallest: 1,
                over: vec![("stack", 1_000), ("flash", 10_000), ("RAM", 1_008)]
            }
        );
        assert!(answer_text(g).contains("nothing fits"));
        let none = sweep(&[None, None]);
        assert_eq!(groups(&none, &["sign"], b)[0].answer, Answer::NoResults);
    }
}
