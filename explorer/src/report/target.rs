//! A target's page: what was measured, pqfit against its peers, then per scheme and
//! operation the recommendations, plots, front and every combination; last, the method.

use pqfit_profiles::Profile;

use super::doc::{slug, Block};
use super::plan::Plan;
use super::sections::{
    comparison_blocks, coverage_blocks, method, op_heading, recommendations, run_names,
    scheme_heading, schemes_of, title,
};
use super::stamp::Stamp;
use crate::analysis::{self, Group};
use crate::board;
use crate::budget::{group as digits, show_bytes};
use crate::peers::Comparison;
use crate::plot::{self, Axis};
use crate::published::Published;
use crate::rows::{
    display_order, faults_cell, figure_cells, name_cell, same_code_note, shows_faults, stack_front,
    FIGURE_COLUMNS,
};

/// The page of one target.
pub fn target_page(
    profile: &Profile,
    groups: &[&Group],
    comps: &[&Comparison],
    published: &[Published],
    plan: &Plan,
    stamp: &Stamp,
) -> Vec<Block> {
    let schemes = schemes_of(groups.iter().copied());
    let mut doc =
        vec![
            Block::Heading(
                1,
                format!("pqfit on {}: {}", profile.name, profile.description),
            ),
            stamp.block(),
            Block::Para(format!(
            "Reference board: {} ({} of flash, {} of RAM). [All targets](index.md). Schemes: {}.",
            profile.board.name,
            show_bytes(profile.board.flash_bytes),
            show_bytes(profile.board.ram_bytes),
            schemes
                .iter()
                .map(|s| format!("[{}](#{})", title(*s), slug(&scheme_heading(*s, &profile.name))))
                .collect::<Vec<_>>()
                .join(", ")
        )),
        ];
    doc.extend(coverage_blocks(plan, &schemes, 2));
    doc.extend(comparison_blocks(comps, 2));
    for scheme in schemes {
        doc.push(Block::Heading(2, scheme_heading(scheme, &profile.name)));
        if let Some(c) = plan.of(scheme) {
            doc.push(Block::Para(format!(
                "Swept: {} ({} per target); runs per combination {}: {}.",
                c.what(),
                c.combinations(),
                run_names(scheme),
                c.runs_text()
            )));
        }
        for g in groups.iter().filter(|g| g.scheme == scheme) {
            doc.extend(op_section(profile, g, published));
        }
    }
    doc.extend(method(profile));
    doc
}

/// One operation of one scheme on a target page: recommendations, plots, front, table.
fn op_section(profile: &Profile, g: &Group, published: &[Published]) -> Vec<Block> {
    let scheme = title(g.scheme);
    let mut doc = vec![
        Block::Heading(3, op_heading(g)),
        Block::Heading(4, "Recommendations per stack budget".into()),
        Block::Table(
            vec![
                "stack budget".into(),
                "fastest combination".into(),
                "mean model cycles".into(),
                "stack (B)".into(),
                "flash (B)".into(),
            ],
            recommendations(g),
        ),
    ];
    let fits_board = g
        .rows
        .iter()
        .filter_map(|r| r.ours())
        .filter(|r| {
            analysis::ram(r) <= profile.board.ram_bytes
                && r.flash_bytes.total <= profile.board.flash_bytes
        })
        .count();
    let ok = g.rows.iter().filter(|r| r.ours().is_some()).count();
    let peers = g.rows.iter().filter(|r| r.peer.is_some()).count();
    doc.push(Block::Para(format!(
        "{ok} of {} combinations built and ran; {fits_board} fit the {}'s RAM and flash.{}",
        g.rows.len() - peers,
        profile.board.name,
        if peers > 0 {
            format!(
                " The {peers} peers (rows `peer: …`, crosses on the plots) are other \
                 implementations measured the same way, for comparison."
            )
        } else {
            String::new()
        }
    )));
    for axis in [Axis::Stack, Axis::Flash] {
        doc.push(Block::Plot(
            plot::stem(g, axis),
            format!(
                "{scheme} {}: {} against model cycles on {}",
                g.op,
                axis.slug(),
                g.target
            ),
        ));
    }
    let refs: Vec<String> = published
        .iter()
        .filter(|p| p.target == g.target && p.scheme == g.scheme.name())
        .filter_map(|p| {
            p.op(g.op).map(|o| {
                format!(
                    "{}: {} cycles, {} B of stack",
                    p.label,
                    digits(o.cycles),
                    digits(o.stack)
                )
            })
        })
        .collect();
    if !refs.is_empty() {
        doc.push(Block::Para(format!(
            "Published, real hardware (for reference; sources in profiles/published.toml): {}.",
            refs.join("; ")
        )));
    }
    let front: Vec<String> = stack_front(g)
        .iter()
        .filter_map(|r| {
            r.ok().map(|f| {
                format!(
                    "{:>8} B  {:>13} cycles  {}",
                    digits(f.stack_bytes),
                    digits(f.cycles.avg),
                    r.name
                )
            })
        })
        .collect();
    doc.push(Block::Heading(
        4,
        "Pareto front, stack against mean cycles".into(),
    ));
    doc.push(Block::Code(front.join("\n")));
    doc.push(Block::Heading(4, "Every combination".into()));
    doc.push(Block::Para(format!(
        "Fastest first; `*`: on the (stack, flash, cycles) Pareto front. The Rust type of a \
         combination is `pqfit::{}<...>` with the strategy named as in the first column \
         (`pq-explore --format json` gives each one's `rust_type`).",
        g.scheme.alias()
    )));
    if shows_faults(g) {
        doc.push(Block::Para(FAULTS_NOTE.into()));
    }
    let (head, rows) = table_of(g);
    doc.push(Block::Table(head, rows));
    if let Some(note) = same_code_note(g) {
        doc.push(Block::Para(format!("{note}.")));
    }
    doc
}

/// What the `faults released` column is.
const FAULTS_NOTE: &str = "Faults released: of the faulted runs of the largest cached \
     fault-injection campaign of that firmware (`pq-explore faults`, or the sweep with \
     `--faults N`; one fault per run, instruction skip, register and load bit flips), how \
     many released a wrong output (docs/faults.md); `–`: no campaign was run.";

fn table_of(g: &Group) -> (Vec<String>, Vec<Vec<String>>) {
    let mut head = vec!["strategy".to_string()];
    head.extend(FIGURE_COLUMNS.map(String::from));
    let timed = board::has_time(g);
    if timed {
        head.push(board::heading(g));
    }
    head.push("front".into());
    let faults = shows_faults(g);
    if faults {
        head.push("faults released".into());
    }
    let rows = display_order(g)
        .iter()
        .map(|&i| {
            let row = &g.rows[i];
            match figure_cells(row) {
                Some(cells) => {
                    let mut v = vec![name_cell(g, row)];
                    v.extend(cells);
                    if timed {
                        v.push(board::cell(row));
                    }
                    v.push(if row.on_front {
                        "*".into()
                    } else {
                        String::new()
                    });
                    if faults {
                        v.push(faults_cell(row));
                    }
                    v
                }
                None => {
                    let mut v = vec![
                        format!("`{}`", row.name),
                        format!(
                            "failed: {}",
                            row.error
                                .as_deref()
                                .unwrap_or("")
                                .lines()
                                .next()
                                .unwrap_or("")
                        ),
                    ];
                    v.resize(
                        FIGURE_COLUMNS.len() + 2 + usize::from(timed) + usize::from(faults),
                        String::new(),
                    );
                    v
                }
            }
        })
        .collect();
    (head, rows)
}
