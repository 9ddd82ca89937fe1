//! The sweep as aligned text for the terminal: per group every combination, the front
//! and the answer; then the rankings across schemes.

use super::across;
use crate::analysis::{preset_name_issues, Group, Row};
use crate::board;
use crate::budget::group as digits;
use crate::format::{duration, first_line};
use crate::ranking::rankings;
use crate::rows::{
    display_order, faults_cell, figure_cells, fits_cell, same_code_note, shown_name, shows_faults,
    stack_front,
};
use crate::sweep::Sweep;
use crate::words::{answer_text, budgets_text, name_issue};

/// The first line: how many combinations, measured or cached, in what time.
fn sweep_line(s: &Sweep) -> String {
    let mut line = format!(
        "{} combinations: {} measured now, {} from the cache, in {}",
        s.outcomes.len(),
        s.measured,
        s.cached,
        duration(s.seconds)
    );
    if s.stale > 0 {
        line += &format!(
            " ({} cache entries stale or corrupt, measured again)",
            s.stale
        );
    }
    if s.deduplicated > 0 {
        line += &format!(
            "; {} operations were the same code as another combination's and ran once \
             (`= name` in the tables)",
            s.deduplicated
        );
    }
    line
}

/// Per group the table of every combination (`*` on the front), the front, warnings
/// about preset names and the answer; then each ranking.
pub fn table(s: &Sweep, groups: &[Group]) -> String {
    let mut out = format!("pq-explore: {}\n", sweep_line(s));
    for g in groups {
        let timed = board::has_time(g);
        out += &format!(
            "\n{} {} on {}{} (model cycles; * on the stack/flash/cycles Pareto front{})\n",
            g.scheme.name().to_uppercase(),
            g.op,
            g.target,
            if timed {
                format!("; {}", board::heading(g))
            } else {
                String::new()
            },
            if g.budgets.is_empty() {
                String::new()
            } else {
                format!("; fits: within {}", budgets_text(&g.budgets))
            }
        );
        let width = g
            .rows
            .iter()
            .map(|r| r.name.len() + 2)
            .max()
            .unwrap_or(8)
            .max(8);
        let heads = [
            "stack",
            "flash",
            "scheme",
            "Keccak",
            "RAM",
            "cycles min",
            "mean",
            "max",
            "per iter",
            "mean@exp",
        ];
        let widths = [8, 9, 8, 8, 8, 13, 13, 13, 11, 13];
        let cells_line = |cells: &[&str]| -> String {
            cells
                .iter()
                .zip(widths)
                .map(|(c, w)| format!(" {c:>w$}"))
                .collect()
        };
        // With a board, the mean's milliseconds follow the cycles.
        let time = |s: String| {
            if timed {
                format!(" {s:>11}")
            } else {
                String::new()
            }
        };
        // Signing (and what a campaign is cached for): the released count of the faults,
        // after the constant-time verdict padded to its heading.
        let faults = |s: String| {
            if shows_faults(g) {
                format!("  {s}")
            } else {
                String::new()
            }
        };
        let ct = |s: &str| {
            if shows_faults(g) {
                format!("{s:<13}")
            } else {
                s.to_string()
            }
        };
        out += &format!(
            "  {:<width$}{}{} {:>4}  {}{}\n",
            "strategy",
            cells_line(&heads),
            time("ms mean".into()),
            "fits",
            ct("constant time"),
            faults("faults released".into())
        );
        for i in display_order(g) {
            let row = &g.rows[i];
            let mark = if row.on_front { '*' } else { ' ' };
            match figure_cells(row) {
                Some(cells) => {
                    let cells: Vec<&str> = cells.iter().map(String::as_str).collect();
                    out += &format!(
                        "{mark} {:<width$}{}{} {:>4}  {}{}\n",
                        shown_name(g, row),
                        cells_line(&cells),
                        time(board::cell(row)),
                        fits_cell(row, "-"),
                        ct(row.constant_time),
                        faults(faults_cell(row))
                    )
                }
                None => {
                    out += &format!(
                        "  {:<width$} FAILED: {}\n",
                        row.name,
                        first_line(row.error.as_deref().unwrap_or(""))
                    )
                }
            }
        }
        if g.rows.iter().any(|r| r.peer.is_some()) {
            out += "  (peer: other implementations measured in this harness, outputs checked \
                    against pqfit; never on a front, never an answer)\n";
        }
        if let Some(note) = same_code_note(g) {
            out += &format!("  ({note})\n");
        }
        let front: Vec<&Row> = stack_front(g);
        if !front.is_empty() {
            out += "  Pareto front, stack against mean cycles:";
            for r in front {
                let f = r.ok().expect("front rows have figures");
                out += &format!(
                    "\n    {:>8} B  {:>13}  {}",
                    digits(f.stack_bytes),
                    digits(f.cycles.avg),
                    r.name
                );
            }
            out += "\n";
        }
        for issue in preset_name_issues(g) {
            out += &format!("  warning: {}\n", name_issue(&issue));
        }
        out += &format!("\n{}", answer_text(g));
    }
    for r in rankings(groups) {
        out += &across::text(&r, groups);
    }
    out
}
