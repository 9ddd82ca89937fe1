//! Rankings across schemes ([`crate::ranking`]) as aligned text, Markdown and JSON: each
//! set's answer in rank order, and the overall answer with its Rust type.

use pqfit_profiles::OpReport;
use serde_json::{json, Value};

use crate::analysis::{Answer, Group};
use crate::board;
use crate::budget::{group as digits, show_bytes};
use crate::ranking::Ranking;
use crate::rows::{answer_json, row_json};
use crate::words::{budgets_text, figures, verb};

/// "signature", "KEM" or "scheme", by what was ranked.
fn kind(r: &Ranking, groups: &[Group]) -> &'static str {
    let kems = r
        .order
        .iter()
        .filter(|&&i| groups[i].scheme.is_kem())
        .count();
    match kems {
        0 => "signature",
        n if n == r.order.len() => "KEM",
        _ => "scheme",
    }
}

/// The heading: "sign on m3 within 12,288 B of stack, across 7 signatures at category 3".
fn heading(r: &Ranking, groups: &[Group]) -> String {
    let within = if r.budgets.is_empty() {
        String::new()
    } else {
        format!(" within {}", budgets_text(&r.budgets))
    };
    let category = r
        .category(groups)
        .map(|c| format!(" at NIST category {c}"))
        .unwrap_or_default();
    format!(
        "{} on {}{within}, across {} {}s{category}",
        r.op,
        r.target,
        r.order.len(),
        kind(r, groups)
    )
}

/// The overall answer in words, with the Rust type to paste.
pub fn answer_text(r: &Ranking, groups: &[Group]) -> String {
    let category = r
        .category(groups)
        .map(|c| format!(" at NIST category {c}"))
        .unwrap_or_default();
    let within = if r.budgets.is_empty() {
        String::new()
    } else {
        format!(" within {}", budgets_text(&r.budgets))
    };
    match r.best(groups) {
        Some((g, row)) => {
            format!(
                "The fastest {}{category} to {} on {}{within}: {}\n    {}\n  {}: {}\n",
                kind(r, groups),
                verb(r.op),
                r.target,
                g.scheme.name().to_uppercase(),
                row.rust_type,
                row.name,
                figures(row.ok().expect("an answer has figures"))
            )
        }
        None => format!(
            "No {}{category} fits{within} on {}: the smallest of each is listed above.\n",
            kind(r, groups),
            r.target
        ),
    }
}

/// One line per set: rank (`-` when nothing fits), scheme, category, figures, strategy.
fn lines(r: &Ranking, groups: &[Group]) -> Vec<[String; 7]> {
    let mut rank = 0;
    r.order
        .iter()
        .map(|&i| {
            let g = &groups[i];
            let scheme = g.scheme.name().to_string();
            let cat = g.scheme.category().to_string();
            match &g.answer {
                Answer::Best(k) => {
                    rank += 1;
                    let row = &g.rows[*k];
                    let f = row.ok().expect("an answer has figures");
                    [
                        rank.to_string(),
                        scheme,
                        cat,
                        digits(f.stack_bytes),
                        digits(f.flash_bytes.total),
                        cycles_cell(f),
                        row.name.clone(),
                    ]
                }
                Answer::NothingFits { smallest, over } => {
                    let f = g.rows[*smallest].ok().expect("an answer has figures");
                    let over: Vec<String> = over
                        .iter()
                        .map(|(what, n)| format!("{} over the {what} budget", show_bytes(*n)))
                        .collect();
                    [
                        "-".into(),
                        scheme,
                        cat,
                        digits(f.stack_bytes),
                        digits(f.flash_bytes.total),
                        cycles_cell(f),
                        format!(
                            "nothing fits; the smallest, {}, is {}",
                            g.rows[*smallest].name,
                            over.join(", ")
                        ),
                    ]
                }
                Answer::NoResults => [
                    "-".into(),
                    scheme,
                    cat,
                    String::new(),
                    String::new(),
                    String::new(),
                    "no combination built and ran".into(),
                ],
            }
        })
        .collect()
}

/// Mean model cycles, and on a board the milliseconds at its clock: `21,615,205 (128.662 ms)`.
fn cycles_cell(f: &OpReport) -> String {
    match &f.time {
        Some(t) => format!("{} ({} ms)", digits(f.cycles.avg), board::ms(t.ms_avg)),
        None => digits(f.cycles.avg),
    }
}

const HEADS: [&str; 7] = [
    "rank",
    "scheme",
    "category",
    "stack (B)",
    "flash (B)",
    "cycles mean",
    "strategy",
];

/// The ranking as aligned text.
pub fn text(r: &Ranking, groups: &[Group]) -> String {
    let rows = lines(r, groups);
    let width = |k: usize| {
        rows.iter()
            .map(|l| l[k].len())
            .chain([HEADS[k].len()])
            .max()
            .unwrap_or(0)
    };
    let w: Vec<usize> = (0..HEADS.len()).map(width).collect();
    let line = |c: &[String]| {
        format!(
            "  {:>w0$}  {:<w1$}  {:>w2$}  {:>w3$}  {:>w4$}  {:>w5$}  {}\n",
            c[0],
            c[1],
            c[2],
            c[3],
            c[4],
            c[5],
            c[6],
            w0 = w[0],
            w1 = w[1],
            w2 = w[2],
            w3 = w[3],
            w4 = w[4],
            w5 = w[5]
        )
    };
    let mut out = format!("\nAcross schemes: {} (model cycles)\n", heading(r, groups));
    out += &line(&HEADS.map(String::from));
    for l in &rows {
        out += &line(l);
    }
    out + "\n" + &answer_text(r, groups)
}

/// The ranking as a Markdown section.
pub fn markdown(r: &Ranking, groups: &[Group]) -> String {
    let mut out = format!(
        "## Across schemes: {}\n\nModel cycles; each scheme's fastest combination within the budgets.\n\n| {} |\n|---:|---|---:|---:|---:|---:|---|\n",
        heading(r, groups),
        HEADS.join(" | ")
    );
    for l in lines(r, groups) {
        out += &format!(
            "| {} | {} | {} | {} | {} | {} | `{}` |\n",
            l[0],
            l[1],
            l[2],
            l[3],
            l[4],
            l[5],
            l[6].replace('|', "\\|")
        );
    }
    out + &format!("\n```text\n{}```\n\n", answer_text(r, groups))
}

/// The ranking as JSON: every set's answer with its rank (`null` when nothing fits), and
/// the overall best row.
pub fn to_json(r: &Ranking, groups: &[Group]) -> Value {
    let mut rank = 0;
    let entries: Vec<Value> = r
        .order
        .iter()
        .map(|&i| {
            let g = &groups[i];
            let mut v = answer_json(g);
            let fits = matches!(g.answer, Answer::Best(_));
            if fits {
                rank += 1;
            }
            if let Value::Object(m) = &mut v {
                m.insert("rank".into(), if fits { json!(rank) } else { Value::Null });
                m.insert("category".into(), json!(g.scheme.category()));
                m.insert("family".into(), json!(g.scheme.family().name));
            }
            v
        })
        .collect();
    let best = r
        .best(groups)
        .map_or(Value::Null, |(g, row)| row_json(g, row));
    json!({
        "target": r.target,
        "op": r.op,
        "budgets": r.budgets,
        "category": r.category(groups),
        "schemes": entries,
        "best": best,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{groups, Budgets};
    use crate::ranking::rankings;
    use crate::sweep::{Outcome, Sweep};
    use crate::testdata::report;
    use pqfit_profiles::Scheme;

    /// One outcome per (scheme, (stack, flash, cycles)) on m3.
    fn sweep(figs: &[(Scheme, u64, u64, u64)]) -> Sweep {
        Sweep {
            outcomes: figs
                .iter()
                .map(|&(scheme, stack, flash, cycles)| Outcome {
                    target: "m3".into(),
                    scheme,
                    candidate: crate::combos::candidates(
                        scheme,
                        true,
                        crate::combos::KeccakAxis::Default,
                    )[0],
                    opt_level: "3".into(),
                    constant_time: None,
                    result: Ok(vec![OpReport {
                        scheme: scheme.name().into(),
                        ..report("sign", stack, flash, cycles)
                    }]),
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

    fn cross3() -> Scheme {
        pqfit_profiles::scheme("cross-rsdp-3-fast").unwrap()
    }

    #[test]
    fn the_fastest_fitting_scheme_wins() {
        let s = sweep(&[
            (
                pqfit_profiles::families::ML_DSA_65,
                11_000,
                70_000,
                60_000_000,
            ),
            (cross3(), 9_000, 40_000, 30_000_000),
            (
                pqfit_profiles::scheme("cross-rsdpg-3-small").unwrap(),
                30_000,
                40_000,
                9_000_000,
            ),
        ]);
        let budgets = Budgets {
            stack: Some(12_288),
            ..Default::default()
        };
        let g = groups(&s, &["sign"], budgets);
        let r = rankings(&g);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].order, [1, 0, 2]);
        assert_eq!(r[0].category(&g), Some(3));
        let (best, _) = r[0].best(&g).unwrap();
        assert_eq!(best.scheme, cross3());
        let t = text(&r[0], &g);
        assert!(t.contains("across 3 signatures at NIST category 3"), "{t}");
        assert!(t.contains("nothing fits"), "{t}");
        assert!(
            t.contains("The fastest signature at NIST category 3 to sign on m3 within 12,288 B of stack: CROSS-RSDP-3-FAST"),
            "{t}"
        );
        assert!(t.contains("pqfit::cross::Cross<"), "{t}");
        let v = to_json(&r[0], &g);
        assert_eq!(v["schemes"][0]["rank"], 1);
        assert_eq!(v["schemes"][1]["scheme"], "ml-dsa-65");
        assert_eq!(v["schemes"][2]["rank"], Value::Null);
        assert_eq!(v["best"]["scheme"], cross3().name());
        assert!(markdown(&r[0], &g).contains("| 2 | ml-dsa-65 | 3 | 11,000 |"));

        // On a board, the cycles carry their milliseconds.
        let mut timed = s.clone();
        for o in &mut timed.outcomes {
            for r in o.result.as_mut().unwrap() {
                r.time = Some(pqfit_profiles::record::Time {
                    board: "test board".into(),
                    clock_mhz: 100.0,
                    ms_min: r.cycles.min as f64 / 100e3,
                    ms_avg: r.cycles.avg as f64 / 100e3,
                    ms_max: r.cycles.max as f64 / 100e3,
                });
            }
        }
        let g = groups(&timed, &["sign"], budgets);
        let t = text(&rankings(&g)[0], &g);
        assert!(t.contains("30,000,000 (300.000 ms)"), "{t}");

        // Without the budget the set that was too big is the fastest.
        let g = groups(&s, &["sign"], Budgets::default());
        let r = rankings(&g);
        assert_eq!(r[0].order, [2, 1, 0]);
    }

    #[test]
    fn one_scheme_is_not_ranked_and_nothing_fitting_has_no_answer() {
        let one = sweep(&[(
            pqfit_profiles::families::ML_DSA_65,
            11_000,
            70_000,
            60_000_000,
        )]);
        assert!(rankings(&groups(&one, &["sign"], Budgets::default())).is_empty());

        let s = sweep(&[
            (
                pqfit_profiles::scheme("ml-dsa-44").unwrap(),
                11_000,
                70_000,
                60_000_000,
            ),
            (
                pqfit_profiles::families::ML_DSA_65,
                9_000,
                40_000,
                30_000_000,
            ),
        ]);
        let tiny = Budgets {
            stack: Some(1_000),
            ..Default::default()
        };
        let g = groups(&s, &["sign"], tiny);
        let r = rankings(&g);
        assert!(r[0].best(&g).is_none());
        // Mixed categories: no category in the heading.
        assert_eq!(r[0].category(&g), None);
        let t = text(&r[0], &g);
        assert!(
            t.contains("No signature fits within 1,000 B of stack on m3"),
            "{t}"
        );
        assert!(!t.contains("category 2"), "{t}");
        assert_eq!(to_json(&r[0], &g)["best"], Value::Null);
    }
}
