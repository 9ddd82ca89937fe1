//! The sweep as Markdown: per group a table of every combination and the answer.

use crate::analysis::Group;
use crate::board;
use crate::format::first_line;
use crate::rows::{
    display_order, faults_cell, figure_cells, fits_cell, name_cell, same_code_note, shows_faults,
    FIGURE_COLUMNS,
};
use crate::words::answer_text;

/// One group as a Markdown table (every combination, fastest first).
pub fn markdown_table(g: &Group) -> String {
    // With a board, a time column after the figures.
    let timed = board::has_time(g);
    let time_head = if timed {
        format!(" {} |", board::heading(g))
    } else {
        String::new()
    };
    // Signing (and what a campaign is cached for): the released count of the faults.
    let faults = shows_faults(g);
    let (faults_head, faults_rule) = if faults {
        (" faults released |", "---:|")
    } else {
        ("", "")
    };
    let mut out = format!(
        "| strategy | {} |{time_head} front | fits | constant time |{faults_head}\n|---|{}:-:|:-:|:-:|{faults_rule}\n",
        FIGURE_COLUMNS.join(" | "),
        "---:|".repeat(FIGURE_COLUMNS.len() + usize::from(timed))
    );
    for i in display_order(g) {
        let row = &g.rows[i];
        match figure_cells(row) {
            Some(cells) => {
                let time = if timed {
                    format!(" | {}", board::cell(row))
                } else {
                    String::new()
                };
                let faults = if faults {
                    format!(" {} |", faults_cell(row))
                } else {
                    String::new()
                };
                out += &format!(
                    "| {} | {}{time} | {} | {} | {} |{faults}\n",
                    name_cell(g, row),
                    cells.join(" | "),
                    if row.on_front { "*" } else { "" },
                    fits_cell(row, ""),
                    row.constant_time
                )
            }
            None => {
                out += &format!(
                    "| `{}` | failed: {} |{}\n",
                    row.name,
                    first_line(row.error.as_deref().unwrap_or("")).replace('|', "\\|"),
                    " |".repeat(
                        FIGURE_COLUMNS.len() + 2 + usize::from(timed) + usize::from(faults)
                    )
                )
            }
        }
    }
    if let Some(note) = same_code_note(g) {
        out += &format!("\n{note}.\n");
    }
    out
}

/// A section per group: heading, table and answer.
pub fn markdown(groups: &[Group]) -> String {
    let mut out = String::new();
    for g in groups {
        out += &format!(
            "## {} {} on {}\n\nModel cycles; `*`: on the (stack, flash, cycles) Pareto front.\n\n",
            g.scheme.name().to_uppercase(),
            g.op,
            g.target
        );
        out += &markdown_table(g);
        out += &format!("\n```text\n{}```\n\n", answer_text(g));
    }
    out
}
