//! The sweep's answer as a table, JSON, CSV or Markdown.

mod across;
mod csv;
pub mod json;
mod markdown;
mod table;

use crate::analysis::Group;
use crate::format::Format;
use crate::ranking::rankings;
use crate::sweep::Sweep;

/// Renders the groups.
pub fn render(format: Format, sweep: &Sweep, groups: &[Group]) -> String {
    match format {
        Format::Table => table::table(sweep, groups),
        Format::Json => {
            serde_json::to_string_pretty(&json::to_json(sweep, groups)).unwrap_or_default() + "\n"
        }
        Format::Csv => csv::csv(groups),
        Format::Markdown => {
            let mut out = markdown::markdown(groups);
            for r in rankings(groups) {
                out += &across::markdown(&r, groups);
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::markdown::markdown_table;
    use crate::analysis::Group;
    use crate::rows::{display_order, shown_name};

    #[test]
    fn the_same_code_shows_as_one_run_with_its_equivalent_names() {
        let mut sweep = crate::testdata::sweep();
        let (first, second) = (0, 1);
        let ran = sweep.outcomes[first].candidate.type_path();
        let theirs = sweep.outcomes[first].result.clone().unwrap()[0].clone();
        assert_eq!(theirs.op, "keygen");
        if let Ok(ops) = sweep.outcomes[second].result.as_mut() {
            let mine = &mut ops[0];
            mine.cycles = theirs.cycles;
            mine.stack_bytes = theirs.stack_bytes;
            mine.same_code_as = Some(ran);
        }
        let groups = crate::analysis::groups(&sweep, &["keygen"], Default::default());
        let g = &groups[0];
        let table = markdown_table(g);
        let copy = g
            .rows
            .iter()
            .find(|r| r.ok().unwrap().same_code_as.is_some())
            .unwrap();
        let line = table
            .lines()
            .find(|l| l.contains(&format!("`{}`", copy.name)))
            .unwrap();
        assert!(
            line.starts_with(&format!("| = `{}` |", copy.name)),
            "{line}"
        );
        assert!(
            table.contains("1 rows marked `=` are the same keygen code"),
            "{table}"
        );
        // The row it copies comes right before it.
        let order = display_order(g);
        let at = order
            .iter()
            .position(|&i| g.rows[i].name == copy.name)
            .unwrap();
        assert_eq!(
            g.rows[order[at - 1]].candidate.type_path(),
            sweep.outcomes[first].candidate.type_path()
        );
        // Without the row it names in the table, a row shows plainly.
        let alone = Group {
            rows: vec![copy.clone()],
            ..g.clone()
        };
        assert_eq!(shown_name(&alone, copy), copy.name);
    }
}
