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
