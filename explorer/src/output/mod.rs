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

/// The board's time columns through the output formats (tested here, above both).
#[cfg(test)]
mod board_times {
    use super::render;
    use crate::analysis::{groups, Answer, Budgets};
    use crate::board::*;
    use crate::combos::{candidates, KeccakAxis};
    use crate::format::Format;
    use crate::sweep::{stamp_times, Outcome, Sweep};
    use crate::testdata::report;
    use crate::words::answer_text;
    use pqfit_profiles::board::Board;

    /// Two ML-DSA-65 combinations on the M3 with sign cycles `[a, b]` (each measured
    /// under the board, when there is one).
    fn sweep(sign: [u64; 2], board: Option<Board>) -> Sweep {
        let outcomes = candidates(
            pqfit_profiles::families::ML_DSA_65,
            false,
            KeccakAxis::Default,
        )
        .into_iter()
        .zip(sign)
        .map(|(candidate, c)| Outcome {
            target: "m3".into(),
            scheme: pqfit_profiles::families::ML_DSA_65,
            candidate,
            opt_level: "3".into(),
            constant_time: None,
            result: Ok(vec![report("sign", 9_000, 60_000, c)]),
            cached: true,
        })
        .collect();
        let mut s = Sweep {
            outcomes,
            sources: String::new(),
            measured: 0,
            cached: 2,
            stale: 0,
            deduplicated: 0,
            corrupt: Vec::new(),
            seconds: 0.0,
            board,
        };
        stamp_times(&mut s);
        s
    }

    /// Measured-looking figures: combination 0 has the larger code and more flash loads,
    /// fastest with zero wait states; on the STM32F103 (2 wait states, no cache) its waits
    /// outweigh that, as the kernels of profiles/tests/boards.rs show on that board.
    const REFERENCE: [u64; 2] = [40_000_000, 44_000_000];
    const ON_F103: [u64; 2] = [52_000_000, 49_000_000];

    #[test]
    fn a_board_gives_the_answer_in_milliseconds_and_can_change_it() {
        let f103 = Board::load("stm32f103").unwrap();
        let reference = sweep(REFERENCE, None);
        let g = &groups(&reference, &["sign"], Budgets::default())[0];
        assert_eq!(g.answer, Answer::Best(0));
        assert!(!has_time(g));
        assert!(!answer_text(g).contains(" ms "));
        for format in [Format::Table, Format::Csv, Format::Markdown, Format::Json] {
            let out = render(format, &reference, std::slice::from_ref(g));
            assert!(!out.contains("ms_avg") && !out.contains("ms at"), "{out}");
        }

        let on_board = sweep(ON_F103, Some(f103.clone()));
        let g = &groups(&on_board, &["sign"], Budgets::default())[0];
        assert_eq!(g.answer, Answer::Best(1), "wait states changed the ranking");
        // 49,000,000 cycles at 72 MHz: 680.556 ms.
        let text = answer_text(g);
        assert!(
            text.contains("; 680.556 ms at 72 MHz on stm32f103"),
            "{text}"
        );
        assert_eq!(cell(&g.rows[1]), "680.556");
        assert_eq!(heading(g), "ms at 72 MHz");
        let table = render(Format::Table, &on_board, std::slice::from_ref(g));
        assert!(
            table.contains("ms mean") && table.contains("680.556"),
            "{table}"
        );
        let md = render(Format::Markdown, &on_board, std::slice::from_ref(g));
        assert!(
            md.contains("| ms at 72 MHz |") && md.contains("| 680.556 |"),
            "{md}"
        );
        let csv = render(Format::Csv, &on_board, std::slice::from_ref(g));
        let head = csv.lines().next().unwrap();
        assert!(head.ends_with(CSV_HEADER), "{head}");
        let row = csv.lines().find(|l| l.contains(",49000000,")).unwrap();
        assert!(row.ends_with(",72,340.278,680.556,2041.667"), "{row}");
        let json: serde_json::Value =
            serde_json::from_str(&render(Format::Json, &on_board, std::slice::from_ref(g)))
                .unwrap();
        assert_eq!(json["best"]["time"]["ms_avg"], 49_000_000.0 / 72_000.0);
        assert_eq!(json["sweep"]["board"]["flash_wait_states"], 2);

        // The same timing at half the clock: the same cache key, twice the milliseconds.
        let mut slow = f103.clone();
        slow.clock_mhz = 36.0;
        assert_eq!(slow.model_key(), f103.model_key());
        let slow = sweep(ON_F103, Some(slow));
        let g = &groups(&slow, &["sign"], Budgets::default())[0];
        assert!(answer_text(g).contains("1361.111 ms at 36 MHz"));
    }
}
