//! The index page: every scheme on every target in one table, what was measured, and per
//! scheme the fastest combination per budget and the presets on every target.

use pqfit_profiles::{Profile, Scheme};

use super::doc::{slug, Block};
use super::plan::Plan;
use super::sections::{
    comparison_blocks, coverage_blocks, op_heading, recommendations, schemes_of, title, verb,
    BUDGETS_KB,
};
use super::stamp::Stamp;
use super::summary::Row;
use crate::analysis::{answer, Answer, Budgets, Group};
use crate::budget::group as digits;
use crate::combos::{self, KeccakAxis};
use crate::peers::Comparison;

/// The stack budget of the index's table of every scheme on every target (kB): the
/// middle of [`BUDGETS_KB`], room for every family's small-stack strategies.
pub const INDEX_STACK_KB: u64 = 16;

/// The index page.
pub fn index_page(
    profiles: &[Profile],
    groups: &[Group],
    comparisons: &[Comparison],
    plan: &Plan,
    stamp: &Stamp,
) -> Vec<Block> {
    let schemes = schemes_of(groups.iter());
    let mut doc = vec![
        Block::Heading(1, "pqfit: architecture report".into()),
        stamp.block(),
        Block::Para(format!(
            "Every scheme measured on each target; one page per target: {}.",
            profiles
                .iter()
                .map(|p| format!("[{}]({}.md)", p.name, p.name))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    ];
    doc.extend(overview(profiles, groups, &schemes));
    doc.extend(coverage_blocks(plan, &schemes, 2));
    doc.push(Block::Heading(2, "Details per scheme".into()));
    for scheme in schemes {
        for op in scheme.op_names() {
            let gs: Vec<&Group> = groups
                .iter()
                .filter(|g| g.scheme == scheme && g.op == op)
                .collect();
            if gs.is_empty() {
                continue;
            }
            doc.push(Block::Heading(
                3,
                format!(
                    "{} {}: the fastest combination per stack budget",
                    title(scheme),
                    verb(op)
                ),
            ));
            let mut head = vec!["target".to_string()];
            head.extend(BUDGETS_KB.iter().map(|kb| format!("≤ {kb} kB")));
            let rows = gs
                .iter()
                .map(|g| {
                    let mut row = vec![g.target.clone()];
                    for r in recommendations(g) {
                        row.push(if r[2].is_empty() {
                            "—".into()
                        } else {
                            format!("{} M: {}", millions(&r[2]), r[1])
                        });
                    }
                    row
                })
                .collect();
            doc.push(Block::Table(head, rows));
        }
        doc.push(Block::Heading(
            3,
            format!(
                "{} labelled strategies across targets (mean model cycles / stack)",
                title(scheme)
            ),
        ));
        let labels: Vec<&'static str> = combos::candidates(scheme, true, KeccakAxis::Default)
            .iter()
            .filter_map(|c| c.label())
            .collect();
        let mut head = vec!["target".to_string(), "op".to_string()];
        head.extend(labels.iter().map(|l| l.to_string()));
        let mut rows = Vec::new();
        for g in groups.iter().filter(|g| g.scheme == scheme) {
            let mut row = vec![g.target.clone(), g.op.to_string()];
            for label in &labels {
                let cell = g
                    .rows
                    .iter()
                    .find(|r| r.preset == Some(*label))
                    .and_then(|r| r.ok())
                    .map_or("—".to_string(), |r| {
                        format!(
                            "{:.2} M / {} B",
                            r.cycles.avg as f64 / 1e6,
                            digits(r.stack_bytes)
                        )
                    });
                row.push(cell);
            }
            rows.push(row);
        }
        doc.push(Block::Table(head, rows));
    }
    let comps: Vec<&Comparison> = comparisons.iter().collect();
    doc.extend(comparison_blocks(&comps, 2));
    doc.push(Block::Para(
        "Cycles are model cycles (docs/measurement.md); each target page states its model's limits.".into(),
    ));
    doc
}

/// The index's one table: every scheme and operation against every target, each cell
/// the fastest combination within [`INDEX_STACK_KB`] of stack that fits the target's
/// reference board.
fn overview(profiles: &[Profile], groups: &[Group], schemes: &[Scheme]) -> Vec<Block> {
    let mut head = vec!["scheme".to_string(), "operation".to_string()];
    head.extend(targets(profiles));
    let rows = overview_rows(profiles, groups, schemes)
        .into_iter()
        .map(|r| [vec![r.title, r.op], r.cells].concat())
        .collect();
    vec![
        Block::Heading(2, "Every scheme on every target".into()),
        Block::Para(format!(
            "Each cell: the fastest pqfit combination with at most {INDEX_STACK_KB} kB of stack \
             whose RAM (stack + .data/.bss) and flash fit the target's reference board: its mean \
             **model cycles** (millions), its stack, and its name (a preset, or a custom mix \
             named on the target page). Within a row the targets run the same code at the same \
             budget, so the cells compare the cores; within a column, the schemes. \
             \"nothing fits\" names the limits every combination exceeds and gives the least \
             stack any needs."
        )),
        Block::Table(head, rows),
    ]
}

/// The columns of the table: each target with its reference board.
pub fn targets(profiles: &[Profile]) -> Vec<String> {
    profiles
        .iter()
        .map(|p| format!("{} ({})", p.name, p.board.name))
        .collect()
}

/// The rows of the table (every scheme's operations that were measured somewhere).
pub fn overview_rows(profiles: &[Profile], groups: &[Group], schemes: &[Scheme]) -> Vec<Row> {
    let mut rows = Vec::new();
    for &scheme in schemes {
        for op in scheme.op_names() {
            let cells: Vec<String> = profiles
                .iter()
                .map(|p| {
                    groups
                        .iter()
                        .find(|g| g.scheme == scheme && g.op == op && g.target == p.name)
                        .map_or("not measured".into(), |g| overview_cell(p, g))
                })
                .collect();
            if cells.iter().all(|c| c == "not measured") {
                continue;
            }
            rows.push(Row {
                family: scheme.family().name.into(),
                scheme: scheme.name().into(),
                title: title(scheme),
                category: scheme.category(),
                op: op.into(),
                cells,
            });
        }
    }
    rows
}

fn overview_cell(p: &Profile, g: &Group) -> String {
    let b = Budgets {
        stack: Some(INDEX_STACK_KB * 1024),
        flash: Some(p.board.flash_bytes),
        ram: Some(p.board.ram_bytes),
    };
    let kb = |bytes: u64| format!("{:.1} kB", bytes as f64 / 1024.0);
    match answer(&g.rows, &b) {
        Answer::Best(i) => {
            let row = &g.rows[i];
            let r = row.ok().expect("answers have figures");
            let name = match row.preset {
                Some(_) => format!("`{}`", row.name),
                None => format!("[custom]({}.md#{})", g.target, slug(&op_heading(g))),
            };
            format!(
                "{:.2} M · {} · {name}",
                r.cycles.avg as f64 / 1e6,
                kb(r.stack_bytes)
            )
        }
        Answer::NothingFits { smallest, over } => {
            let r = g.rows[smallest].ok().expect("answers have figures");
            let what: Vec<&str> = over.iter().map(|(name, _)| *name).collect();
            format!(
                "nothing fits ({} over; least stack {})",
                what.join(", "),
                kb(r.stack_bytes)
            )
        }
        Answer::NoResults => "no results".into(),
    }
}

fn millions(cycles: &str) -> String {
    let n: f64 = cycles.replace(',', "").parse().unwrap_or(0.0);
    format!("{:.2}", n / 1e6)
}
