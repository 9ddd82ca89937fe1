//! pqfit side by side with its peers (other implementations measured in the same harness):
//! per (target, scheme), every peer and pqfit's labelled strategies with their cycles per
//! operation, stack and flash, and each figure's ratio to the best peer's.

use pqfit_profiles::peers::Peer;
use pqfit_profiles::Op;
use pqfit_profiles::{OpReport, Scheme};
use serde_json::{json, Value};

use crate::budget::group as digits;
use crate::format::{csv_field, first_line, markdown_table, Format};
use crate::sweep::Sweep;

pub mod pqm4;

/// One implementation's figures on one target.
#[derive(Clone, Debug)]
pub struct Side {
    /// `pqfit FastSign` or `fips204 0.5.0`.
    pub name: String,
    /// The peer, or `None` for pqfit.
    pub peer: Option<&'static Peer>,
    /// The strategy or `peer:<name>` it was measured as.
    pub strategy: String,
    /// One report per operation (each output checked against the host), or why none.
    pub ops: Result<Vec<OpReport>, String>,
    /// Taken from the cache.
    pub cached: bool,
}

/// pqfit and the peers of one scheme on one target.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// Profile name.
    pub target: String,
    /// The scheme.
    pub scheme: Scheme,
    /// pqfit's labelled strategies first, then the peers, in sweep order.
    pub sides: Vec<Side>,
}

/// A figure compared across implementations (smaller is better).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// Mean model cycles of an operation.
    Cycles(&'static str),
    /// The largest stack over the operations: what the device must provide.
    Stack,
    /// Flash of the firmware holding all three operations.
    Flash,
}

impl Metric {
    /// The metrics of a scheme, in table order.
    pub fn all(scheme: Scheme) -> Vec<Metric> {
        let mut v: Vec<Metric> = peer_ops(scheme).map(Metric::Cycles).collect();
        v.extend([Metric::Stack, Metric::Flash]);
        v
    }

    /// Column heading.
    pub fn heading(self) -> String {
        match self {
            Metric::Cycles("sign") => "sign cycles (mean)".into(),
            Metric::Cycles(op) => format!("{op} cycles"),
            Metric::Stack => "stack, max (B)".into(),
            Metric::Flash => "flash (B)".into(),
        }
    }

    /// JSON key.
    pub fn key(self) -> String {
        match self {
            Metric::Cycles(op) => format!("{op}_cycles"),
            Metric::Stack => "stack_bytes".into(),
            Metric::Flash => "flash_bytes".into(),
        }
    }
}

impl Side {
    /// The figures, when it built, ran and every output matched the host.
    pub fn reports(&self) -> Option<&[OpReport]> {
        self.ops.as_deref().ok()
    }

    /// The value of `m`, when measured.
    pub fn value(&self, m: Metric) -> Option<u64> {
        let ops = self.reports()?;
        match m {
            Metric::Cycles(op) => ops.iter().find(|r| r.op == op).map(|r| r.cycles.avg),
            Metric::Stack => ops.iter().filter(compared).map(|r| r.stack_bytes).max(),
            Metric::Flash => ops.first().map(|r| r.flash_bytes.total),
        }
    }
}

impl Comparison {
    /// The best (smallest) value of `m` among the peers.
    pub fn best_peer(&self, m: Metric) -> Option<u64> {
        self.sides
            .iter()
            .filter(|s| s.peer.is_some())
            .filter_map(|s| s.value(m))
            .min()
    }

    /// `side`'s value of `m` divided by the best peer's.
    pub fn ratio(&self, side: &Side, m: Metric) -> Option<f64> {
        let best = self.best_peer(m).filter(|b| *b > 0)?;
        side.value(m).map(|v| v as f64 / best as f64)
    }
}

/// The comparisons of a sweep: one per (target, scheme) that has peers, with pqfit's
/// labelled strategies (the presets with the default Keccak backend, or the named
/// multiplications) and every peer.
pub fn comparisons(sweep: &Sweep) -> Vec<Comparison> {
    let mut out = all_comparisons(sweep);
    out.retain(|c| c.sides.iter().any(|s| s.peer.is_some()));
    out
}

/// The comparisons of a sweep, also those without a peer (pqfit alone), pqfit first.
pub fn all_comparisons(sweep: &Sweep) -> Vec<Comparison> {
    let mut out: Vec<Comparison> = Vec::new();
    for o in &sweep.outcomes {
        let side = match (o.candidate.peer(), o.candidate.label()) {
            (Some(p), _) => Side {
                name: p.label(),
                peer: Some(p),
                strategy: p.strategy(),
                ops: o.result.clone(),
                cached: o.cached,
            },
            (None, Some(label)) => Side {
                name: format!("pqfit {label}"),
                peer: None,
                strategy: o.candidate.type_path(),
                ops: o.result.clone(),
                cached: o.cached,
            },
            (None, None) => continue,
        };
        let at = out
            .iter()
            .position(|c| c.target == o.target && c.scheme == o.scheme);
        match at {
            Some(i) => out[i].sides.push(side),
            None => out.push(Comparison {
                target: o.target.clone(),
                scheme: o.scheme,
                sides: vec![side],
            }),
        }
    }
    for c in &mut out {
        // pqfit first, then the peers; each in sweep order.
        c.sides.sort_by_key(|s| s.peer.is_some());
    }
    out
}

/// The side-by-side table: heading and rows (cells with thousands separators, each figure
/// followed by its ratio to the best peer's).
pub fn table(c: &Comparison) -> (Vec<String>, Vec<Vec<String>>) {
    let metrics = Metric::all(c.scheme);
    let mut head = vec!["implementation".to_string(), "language".to_string()];
    head.extend(metrics.iter().map(|m| m.heading()));
    head.push(format!("stack {} (B)", stack_order(c.scheme)));
    let rows = c
        .sides
        .iter()
        .map(|s| {
            let language = s.peer.map_or("Rust", |p| p.language);
            let mut row = vec![s.name.clone(), language.to_string()];
            match s.reports() {
                Some(ops) => {
                    for &m in &metrics {
                        let cell = match (s.value(m), c.ratio(s, m)) {
                            (Some(v), Some(r)) => format!("{} ({r:.2}×)", digits(v)),
                            (Some(v), None) => digits(v),
                            (None, _) => String::new(),
                        };
                        row.push(cell);
                    }
                    let stacks: Vec<String> = ops
                        .iter()
                        .filter(compared)
                        .map(|r| digits(r.stack_bytes))
                        .collect();
                    row.push(stacks.join(" / "));
                }
                None => {
                    let why = s.ops.as_ref().err().map_or("", |e| first_line(e));
                    row.push(format!("not measured: {why}"));
                    row.resize(head.len(), String::new());
                }
            }
            row
        })
        .collect();
    (head, rows)
}

/// Whether an operation is compared: every implementation has it (pqfit's repeated
/// signing with an expanded key has no counterpart in the peers).
fn compared(r: &&OpReport) -> bool {
    r.op != Op::SignExpanded.name()
}

/// The operations a peer is measured on.
fn peer_ops(scheme: Scheme) -> impl Iterator<Item = &'static str> {
    pqfit_profiles::peers::ops_of(scheme, pqfit_profiles::peers::PREFIX)
        .into_iter()
        .map(Op::name)
}

/// `K / S / V` or `K / E / D`.
fn stack_order(scheme: Scheme) -> String {
    peer_ops(scheme)
        .map(|op| op[..1].to_uppercase())
        .collect::<Vec<_>>()
        .join(" / ")
}

/// What a comparison's figures are, in a sentence.
pub fn caption(c: &Comparison) -> String {
    format!(
        "{} on {}: model cycles of the `{}` profile, measured in this harness (the same \
         firmware entry points, stack painting, flash accounting and cycle model for every \
         row; every output checked byte for byte against pqfit on the host). In \
         brackets: the ratio to the best peer (below 1: better than every peer). Stack, max: \
         the largest of the three operations; flash: the whole firmware with all three.",
        c.scheme.name().to_uppercase(),
        c.target,
        c.target
    )
}

/// Aligned text columns. A row whose third cell onwards are empty (an implementation
/// not measured, with why in the third) runs on without widening the columns.
pub fn text_table(head: &[String], rows: &[Vec<String>]) -> String {
    let spans = |r: &[String]| r.iter().skip(3).all(String::is_empty);
    let width = |i: usize| {
        rows.iter()
            .filter(|r| !spans(r) || i < 2)
            .map(|r| r.get(i).map_or(0, |c| c.chars().count()))
            .chain([head[i].chars().count()])
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..head.len()).map(width).collect();
    let line = |cells: &[String]| {
        let span = spans(cells);
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (c, w))| match i {
                0 | 1 => format!("{c:<w$}"),
                _ if span => c.clone(),
                _ => format!("{c:>w$}"),
            })
            .collect();
        format!("  {}\n", padded.join("  ").trim_end())
    };
    let mut out = line(head);
    for r in rows {
        out += &line(r);
    }
    out
}

/// The `peers` command's output.
pub fn render(format: Format, sweep: &Sweep, comps: &[Comparison]) -> String {
    match format {
        Format::Table => {
            let mut out = format!(
                "pq-explore: {} builds ({} measured now, {} from the cache)\n",
                sweep.outcomes.len(),
                sweep.measured,
                sweep.cached
            );
            for c in comps {
                let (head, rows) = table(c);
                out += &format!("\n{}\n", caption(c).replace('`', ""));
                out += &text_table(&head, &rows);
            }
            out
        }
        Format::Markdown => comps
            .iter()
            .map(|c| {
                let (head, rows) = table(c);
                format!(
                    "## {} on {}: pqfit and its peers\n\n{}\n\n{}\n",
                    c.scheme.name().to_uppercase(),
                    c.target,
                    caption(c),
                    markdown_table(&head, &rows)
                )
            })
            .collect(),
        Format::Json => {
            serde_json::to_string_pretty(&to_json(sweep, comps)).unwrap_or_default() + "\n"
        }
        Format::Csv => csv(comps),
    }
}

fn side_json(c: &Comparison, s: &Side) -> Value {
    let metrics = Metric::all(c.scheme);
    let ops: serde_json::Map<String, Value> = s
        .reports()
        .unwrap_or_default()
        .iter()
        .map(|r| (r.op.clone(), serde_json::to_value(r).unwrap_or(Value::Null)))
        .collect();
    let ratios: serde_json::Map<String, Value> = metrics
        .iter()
        .filter_map(|&m| {
            c.ratio(s, m)
                .map(|r| (m.key(), json!((r * 1000.0).round() / 1000.0)))
        })
        .collect();
    json!({
        "name": s.name,
        "implementation": if s.peer.is_some() { "peer" } else { "pqfit" },
        "strategy": s.strategy,
        "package": s.peer.map(|p| p.package),
        "version": s.peer.map(|p| p.version),
        "language": s.peer.map_or("Rust", |p| p.language),
        "how": s.peer.map(|p| p.how),
        // Figures exist only when every key and signature equalled the host's.
        "checked": s.reports().is_some(),
        "cached": s.cached,
        "error": s.ops.as_ref().err(),
        "ops": ops,
        "stack_bytes": s.value(Metric::Stack),
        "flash_bytes": s.value(Metric::Flash),
        "ratio_to_best_peer": ratios,
    })
}

/// The JSON document: one object per comparison with every implementation's reports per
/// operation, whether its outputs were checked, and its ratios to the best peer.
pub fn to_json(sweep: &Sweep, comps: &[Comparison]) -> Value {
    let comparisons: Vec<Value> = comps
        .iter()
        .map(|c| {
            let best: serde_json::Map<String, Value> = Metric::all(c.scheme)
                .into_iter()
                .map(|m| (m.key(), json!(c.best_peer(m))))
                .collect();
            json!({
                "target": c.target,
                "scheme": c.scheme.name(),
                "best_peer": best,
                "implementations": c.sides.iter().map(|s| side_json(c, s)).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "cycles": "model cycles of the target profile, measured in this harness (docs/measurement.md)",
        "comparisons": comparisons,
        "sweep": {
            "builds": sweep.outcomes.len(),
            "measured": sweep.measured,
            "cached": sweep.cached,
            "seconds": sweep.seconds,
            "sources_sha256": sweep.sources,
        },
    })
}

/// One line per implementation and operation.
pub fn csv(comps: &[Comparison]) -> String {
    let mut out = String::from(
        "target,scheme,name,implementation,package,version,language,op,cycles_min,cycles_avg,cycles_max,stack_bytes,flash_bytes,static_ram_bytes,checked,error\n",
    );
    for c in comps {
        for s in &c.sides {
            let fixed = [
                c.target.clone(),
                c.scheme.name().into(),
                s.name.clone(),
                if s.peer.is_some() { "peer" } else { "pqfit" }.into(),
                s.peer.map_or("pqfit", |p| p.package).into(),
                s.peer.map_or("", |p| p.version).into(),
                s.peer.map_or("Rust", |p| p.language).into(),
            ];
            let lines: Vec<[String; 9]> = match &s.ops {
                Ok(ops) => ops
                    .iter()
                    .map(|r| {
                        [
                            r.op.clone(),
                            r.cycles.min.to_string(),
                            r.cycles.avg.to_string(),
                            r.cycles.max.to_string(),
                            r.stack_bytes.to_string(),
                            r.flash_bytes.total.to_string(),
                            r.static_ram_bytes.to_string(),
                            "true".into(),
                            String::new(),
                        ]
                    })
                    .collect(),
                Err(e) => {
                    let mut v: [String; 9] = Default::default();
                    v[7] = "false".into();
                    v[8] = first_line(e).into();
                    vec![v]
                }
            };
            for l in lines {
                let fields: Vec<String> = fixed.iter().chain(&l).map(|f| csv_field(f)).collect();
                out += &fields.join(",");
                out.push('\n');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combos::{candidates, peer_candidates, Candidate, KeccakAxis};
    use crate::sweep::Outcome;
    use crate::testdata::report;

    /// keygen, sign and verify with the same figures.
    fn three(stack: u64, flash: u64, cycles: u64) -> Result<Vec<OpReport>, String> {
        Ok(["keygen", "sign", "verify"]
            .iter()
            .map(|op| report(op, stack, flash, cycles))
            .collect())
    }

    fn sweep(with_peers: bool) -> Sweep {
        let mut outcomes = Vec::new();
        let mut push = |candidate: Candidate, result| {
            outcomes.push(Outcome {
                target: "m3".into(),
                scheme: pqfit_profiles::families::ML_DSA_65,
                candidate,
                result,
                cached: false,
                opt_level: "3".into(),
                constant_time: None,
            })
        };
        let ours = candidates(
            pqfit_profiles::families::ML_DSA_65,
            false,
            KeccakAxis::Default,
        );
        // The four presets, then a mix that is not labelled (left out of the comparison).
        for (i, c) in ours.iter().take(5).enumerate() {
            let i = i as u64 + 1;
            push(*c, three(4_000 * i, 70_000, 2_500_000 * i));
        }
        if with_peers {
            let peers = peer_candidates(pqfit_profiles::families::ML_DSA_65);
            push(peers[0], three(100_000, 50_000, 10_000_000));
            push(peers[1], three(60_000, 300_000, 5_000_000));
            push(
                peers[2],
                Err("output differs from the host computation: signature 0".into()),
            );
        }
        Sweep {
            measured: outcomes.len(),
            outcomes,
            sources: String::new(),
            cached: 0,
            stale: 0,
            deduplicated: 0,
            corrupt: Vec::new(),
            seconds: 0.0,
            board: None,
        }
    }

    #[test]
    fn pqfit_first_then_the_peers_with_ratios_to_the_best_peer() {
        assert!(comparisons(&sweep(false)).is_empty());
        let comps = comparisons(&sweep(true));
        assert_eq!(comps.len(), 1);
        let c = &comps[0];
        let names: Vec<&str> = c.sides.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names.len(), 4 + 3, "{names:?}");
        assert!(names[..4].iter().all(|n| n.starts_with("pqfit ")));
        assert!(c.sides[4..].iter().all(|s| s.peer.is_some()));
        assert_eq!(c.best_peer(Metric::Cycles("sign")), Some(5_000_000));
        assert_eq!(c.best_peer(Metric::Stack), Some(60_000));
        assert_eq!(c.best_peer(Metric::Flash), Some(50_000));
        assert_eq!(c.ratio(&c.sides[0], Metric::Cycles("sign")), Some(0.5));
        assert_eq!(c.ratio(&c.sides[6], Metric::Stack), None);

        let (head, rows) = table(c);
        assert_eq!(head.len(), 2 + 5 + 1);
        assert!(rows.iter().all(|r| r.len() == head.len()));
        assert_eq!(rows[0][3], "2,500,000 (0.50×)");
        assert_eq!(rows[5][5], "60,000 (1.00×)");
        assert_eq!(rows[0][7], "4,000 / 4,000 / 4,000");
        assert!(
            rows[6][2].starts_with("not measured: output differs"),
            "{:?}",
            rows[6]
        );
    }

    #[test]
    fn every_format_marks_what_was_checked() {
        let s = sweep(true);
        let comps = comparisons(&s);
        let v: Value = serde_json::from_str(&render(Format::Json, &s, &comps)).unwrap();
        let sides = v["comparisons"][0]["implementations"].as_array().unwrap();
        assert_eq!(sides.len(), 7);
        assert_eq!(sides[0]["implementation"], "pqfit");
        assert_eq!(sides[5]["checked"], true);
        assert_eq!(sides[5]["ratio_to_best_peer"]["sign_cycles"], 1.0);
        assert_eq!(sides[6]["checked"], false);
        assert!(sides[6]["error"].as_str().unwrap().contains("signature 0"));
        assert_eq!(v["comparisons"][0]["best_peer"]["stack_bytes"], 60_000);

        let csv = render(Format::Csv, &s, &comps);
        assert_eq!(csv.lines().count(), 1 + 6 * 3 + 1);
        assert!(csv
            .lines()
            .last()
            .unwrap()
            .ends_with(",false,output differs from the host computation: signature 0"));

        let md = render(Format::Markdown, &s, &comps);
        assert!(md.contains("| implementation | language |"));
        let text = render(Format::Table, &s, &comps);
        assert!(text.contains("not measured"));
    }
}
