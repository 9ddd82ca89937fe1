//! `--board NAME|FILE.toml`: the sweep, `measure` and `report` on a real board (its flash
//! wait states charged by the emulator, docs/boards.md) give every figure of model cycles
//! also in milliseconds at the board's clock: the time columns and lines of every format.

use pqfit_profiles::OpReport;

use crate::analysis::{Group, Row};

/// Milliseconds as printed: three decimals.
pub fn ms(v: f64) -> String {
    format!("{v:.3}")
}

/// Whether the group's figures have times (the sweep ran on a board).
pub fn has_time(g: &Group) -> bool {
    g.rows
        .iter()
        .any(|r| r.ok().is_some_and(|r| r.time.is_some()))
}

/// The heading of the time column: `ms at 168 MHz`.
pub fn heading(g: &Group) -> String {
    let clock = g
        .rows
        .iter()
        .find_map(|r| r.ok().and_then(|r| r.time.as_ref()))
        .map_or(0.0, |t| t.clock_mhz);
    format!("ms at {clock} MHz")
}

/// A row's mean time in milliseconds (`-` without one).
pub fn cell(row: &Row) -> String {
    row.ok()
        .and_then(|r| r.time.as_ref())
        .map_or_else(|| "-".into(), |t| ms(t.ms_avg))
}

/// The time after a line of figures: `; 73.214 ms at 168 MHz on stm32f407 (...)`.
pub fn text(r: &OpReport) -> String {
    match &r.time {
        Some(t) => format!(
            "; {} ms at {} MHz on {} (min {}, max {})",
            ms(t.ms_avg),
            t.clock_mhz,
            t.board,
            ms(t.ms_min),
            ms(t.ms_max)
        ),
        None => String::new(),
    }
}

/// The CSV columns of the time, for a sweep on a board.
pub const CSV_HEADER: &str = "board,clock_mhz,ms_min,ms_avg,ms_max";

/// A row's CSV time fields (empty when it has no figures).
pub fn csv_fields(row: &Row) -> [String; 5] {
    match row.ok().and_then(|r| r.time.as_ref()) {
        Some(t) => [
            t.board.clone(),
            t.clock_mhz.to_string(),
            ms(t.ms_min),
            ms(t.ms_avg),
            ms(t.ms_max),
        ],
        None => Default::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{groups, Answer, Budgets};
    use crate::combos::{candidates, KeccakAxis};
    use crate::format::Format;
    use crate::output::render;
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
