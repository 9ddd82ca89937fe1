//! pqm4-layout implementations (`pq-explore peers --pqm4 DIR`) in the peers' tables: where
//! pqfit implements the scheme, they join its comparison as peers (with `--ours`, next to
//! pqfit's presets); elsewhere they have a table of their own (round-trip verdicts).

use pqfit_profiles::peers::Peer;
use pqfit_profiles::pqm4::Impl;
use pqfit_profiles::OpReport;
use serde_json::{json, Value};

use super::{caption, table, text_table, Comparison, Side};
use crate::budget::group as digits;
use crate::format::{first_line, markdown_table, Format};

/// One implementation measured on one target.
#[derive(Clone, Debug)]
pub struct Row {
    /// Profile name.
    pub target: String,
    /// The implementation.
    pub imp: Impl,
    /// The checkout's commit (`git rev-parse --short HEAD`), when it is a git checkout.
    pub commit: Option<String>,
    /// One report per operation, or why none (not buildable for the core, an output that
    /// is not the host's, a failed round trip).
    pub ops: Result<Vec<OpReport>, String>,
    /// Taken from the cache.
    pub cached: bool,
}

/// How pqm4-layout implementations are built, in a sentence (docs/peers.md has the flags).
pub const HOW: &str = "pqm4-layout C/assembly compiled as pqm4 compiles it (-O3 -std=gnu99 \
     -ffreestanding -fno-common -ffunction-sections -fdata-sections; -mthumb -mcpu=cortex-m0/m3/m4, \
     on the M4 -mfloat-abi=hard -mfpu=fpv4-sp-d16 and pqm4's assembly Keccak, elsewhere \
     mupq's portable keccakf1600.c; rv32: riscv64-unknown-elf-gcc -march=rv32imac -mabi=ilp32) \
     with the checkout's common code; randombytes serves the host's seeds";

/// A peer for the row's implementation. Peers are `'static` (the crates.io ones are
/// constants); one built at run time for a command's duration is leaked, a few bytes per
/// implementation.
fn peer(row: &Row) -> Option<&'static Peer> {
    let scheme = row.imp.checked()?;
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    Some(Box::leak(Box::new(Peer {
        name: leak(row.imp.record()),
        title: leak(row.imp.label()),
        package: "pqm4",
        version: leak(row.commit.clone().unwrap_or_else(|| "checkout".into())),
        language: "C",
        scheme,
        how: HOW,
        targets: &[],
        unavailable: None,
    })))
}

/// The rows' sides joined to `comps` (pqfit's, from a sweep with `--ours`, possibly
/// empty): a comparison per (target, scheme) pqfit implements. The rows of other schemes
/// are returned as they are.
pub fn join(mut comps: Vec<Comparison>, rows: &[Row]) -> (Vec<Comparison>, Vec<&Row>) {
    let mut others = Vec::new();
    for row in rows {
        let Some(p) = peer(row) else {
            others.push(row);
            continue;
        };
        let side = Side {
            name: row.imp.label(),
            peer: Some(p),
            strategy: row.imp.record(),
            ops: row.ops.clone(),
            cached: row.cached,
        };
        match comps
            .iter_mut()
            .find(|c| c.target == row.target && c.scheme == p.scheme)
        {
            Some(c) => c.sides.push(side),
            None => comps.push(Comparison {
                target: row.target.clone(),
                scheme: p.scheme,
                sides: vec![side],
            }),
        }
    }
    (comps, others)
}

/// The table of implementations pqfit does not implement: the round trip decided.
fn round_trip_table(rows: &[&Row]) -> (Vec<String>, Vec<Vec<String>>) {
    let mut head: Vec<String> = ["target", "implementation"].map(String::from).to_vec();
    head.extend(
        [
            "op 1 cycles",
            "op 2 cycles",
            "op 3 cycles",
            "stack, max (B)",
        ]
        .map(String::from),
    );
    head.extend(["stack per op (B)", "flash (B)"].map(String::from));
    let body = rows
        .iter()
        .map(|r| {
            let mut row = vec![r.target.clone(), r.imp.label()];
            match &r.ops {
                Ok(ops) => {
                    row.extend(
                        ops.iter()
                            .map(|o| format!("{} {}", o.op, digits(o.cycles.avg))),
                    );
                    row.resize(5, String::new());
                    let stack = ops.iter().map(|o| o.stack_bytes).max().unwrap_or(0);
                    row.push(digits(stack));
                    let per: Vec<String> = ops.iter().map(|o| digits(o.stack_bytes)).collect();
                    row.push(per.join(" / "));
                    row.push(
                        ops.first()
                            .map_or(String::new(), |o| digits(o.flash_bytes.total)),
                    );
                }
                Err(e) => {
                    row.push(format!("not measured: {}", first_line(e)));
                    row.resize(head.len(), String::new());
                }
            }
            row
        })
        .collect();
    (head, body)
}

const ROUND_TRIP: &str = "Schemes pqfit does not implement: model cycles (mean) of each \
     operation, measured in this harness; a round trip decided (every signature verified, \
     one with a bit flipped rejected; decapsulation gave encapsulation's shared secret, \
     and another for a ciphertext with a bit flipped).";

/// The `peers --pqm4` output.
pub fn render(
    format: Format,
    comps: &[Comparison],
    others: &[&Row],
    builds: (usize, usize),
) -> String {
    match format {
        Format::Table => {
            let mut out = format!(
                "pq-explore: {} builds ({} measured now, {} from the cache)\n",
                builds.0 + builds.1,
                builds.0,
                builds.1
            );
            for c in comps {
                let (head, rows) = table(c);
                out += &format!("\n{}\n", caption(c).replace('`', ""));
                out += &text_table(&head, &rows);
            }
            if !others.is_empty() {
                let (head, rows) = round_trip_table(others);
                out += &format!("\n{ROUND_TRIP}\n{}", text_table(&head, &rows));
            }
            out + &format!("\npqm4 rows: {HOW}.\n")
        }
        Format::Markdown => {
            let mut out: String = comps
                .iter()
                .map(|c| {
                    let (head, rows) = table(c);
                    format!(
                        "## {} on {}\n\n{}\n\n{}\n",
                        c.scheme.name().to_uppercase(),
                        c.target,
                        caption(c),
                        markdown_table(&head, &rows)
                    )
                })
                .collect();
            if !others.is_empty() {
                let (head, rows) = round_trip_table(others);
                out += &format!(
                    "## Round trips\n\n{ROUND_TRIP}\n\n{}\n",
                    markdown_table(&head, &rows)
                );
            }
            out + &format!("pqm4 rows: {HOW}.\n")
        }
        Format::Csv => super::csv(comps),
        Format::Json => {
            let round_trips: Vec<Value> = others
                .iter()
                .map(|r| {
                    json!({
                        "target": r.target,
                        "scheme": r.imp.scheme,
                        "name": r.imp.label(),
                        "dir": r.imp.dir.display().to_string(),
                        "commit": r.commit,
                        "round_trip": r.ops.is_ok(),
                        "cached": r.cached,
                        "error": r.ops.as_ref().err(),
                        "ops": r.ops.as_ref().ok(),
                    })
                })
                .collect();
            let comparisons: Vec<Value> = comps
                .iter()
                .map(|c| {
                    json!({
                        "target": c.target,
                        "scheme": c.scheme.name(),
                        "implementations": c.sides.iter().map(|s| super::side_json(c, s)).collect::<Vec<_>>(),
                    })
                })
                .collect();
            let doc = json!({
                "cycles": "model cycles of the target profile, measured in this harness (docs/measurement.md)",
                "pqm4": HOW,
                "comparisons": comparisons,
                "round_trips": round_trips,
            });
            serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"
        }
    }
}
