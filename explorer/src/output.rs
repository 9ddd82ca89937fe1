//! The sweep's answer as a table, JSON, CSV or Markdown.

use serde_json::{json, Map, Value};

use crate::analysis::{answer_text, budgets_text, Answer, Group, Row};
use crate::budget::group as digits;
use crate::ranking;
use crate::sweep::Sweep;

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Aligned text for the terminal.
    Table,
    /// One object: `results`, `pareto`, `best`, `answers`, `rankings` and `sweep`.
    Json,
    /// One line per combination and operation.
    Csv,
    /// Tables for documents.
    Markdown,
}

impl Format {
    /// The file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Table => "txt",
            Format::Json => "json",
            Format::Csv => "csv",
            Format::Markdown => "md",
        }
    }
}

/// Renders the groups.
pub fn render(format: Format, sweep: &Sweep, groups: &[Group]) -> String {
    match format {
        Format::Table => table(sweep, groups),
        Format::Json => {
            serde_json::to_string_pretty(&to_json(sweep, groups)).unwrap_or_default() + "\n"
        }
        Format::Csv => csv(groups),
        Format::Markdown => {
            let mut out = markdown(groups);
            for r in ranking::rankings(groups) {
                out += &ranking::markdown(&r, groups);
            }
            out
        }
    }
}

/// The figure columns of every format, in order (units in the headings of each).
pub const FIGURE_COLUMNS: [&str; 10] = [
    "stack (B)",
    "flash (B)",
    "scheme flash (B)",
    "Keccak flash (B)",
    "RAM (B)",
    "cycles min",
    "cycles mean",
    "cycles max",
    "cycles per iteration",
    "mean at expected iterations",
];

/// A row's figures as cells, in [`FIGURE_COLUMNS`] order: stack; flash in all and its
/// scheme and Keccak parts (docs/measurement.md); RAM; cycles min, mean and max; for
/// signing with a rejection loop, the cycles per iteration and the mean normalised to
/// the expected iteration count (`-` otherwise).
pub fn figure_cells(row: &Row) -> Option<[String; 10]> {
    row.ok().map(|r| {
        let it = r.iterations.as_ref();
        let opt = |v: Option<u64>| v.map_or_else(|| "-".to_string(), digits);
        [
            digits(r.stack_bytes),
            digits(r.flash_bytes.total),
            digits(r.flash_bytes.split.scheme),
            digits(r.flash_bytes.split.keccak),
            digits(row.ram_bytes.unwrap_or(0)),
            digits(r.cycles.min),
            digits(r.cycles.avg),
            digits(r.cycles.max),
            opt(it.and_then(|i| i.cycles_per_iteration)),
            opt(it.and_then(|i| i.normalised_avg)),
        ]
    })
}

/// The iteration figures of a signing measurement in words: mean iterations, cycles
/// per iteration and the mean normalised to the expected count.
pub fn iterations_text(it: &pqfit_profiles::measure::Iterations) -> String {
    match (it.cycles_per_iteration, it.normalised_avg) {
        (Some(per), Some(norm)) => format!(
            "iterations: {:.2} on average ({} expected); {} model cycles per iteration; mean normalised to {} iterations: {}",
            it.mean,
            it.expected,
            digits(per),
            it.expected,
            digits(norm)
        ),
        _ => format!(
            "iterations: {:.2} on average ({} expected); every message took as many, so no per-iteration fit",
            it.mean, it.expected
        ),
    }
}

/// Whether a row fits the budgets, in words (`missing` when it has no figures).
fn fits_cell<'a>(row: &Row, missing: &'a str) -> &'a str {
    match row.fits {
        Some(true) => "yes",
        Some(false) => "no",
        None => missing,
    }
}

/// Rows sorted for display: by mean cycles, failures last; rows of the same code
/// together, the one that ran first.
pub fn display_order(g: &Group) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..g.rows.len()).collect();
    idx.sort_by_key(|&i| match g.rows[i].ok() {
        Some(r) => (
            0,
            r.cycles.avg,
            r.stack_bytes,
            r.code.clone(),
            r.same_code_as.is_some(),
        ),
        None => (1, 0, 0, None, false),
    });
    idx
}

/// A row's name in the tables: `= name` when its operation is the same code as a row
/// above it, which ran for both (the figures but flash and RAM are that run's).
pub fn shown_name(g: &Group, row: &Row) -> String {
    let same = row.ok().and_then(|r| r.same_code_as.as_deref());
    match same {
        Some(t) if g.rows.iter().any(|o| o.candidate.type_path() == t) => {
            format!("= {}", row.name)
        }
        _ => row.name.clone(),
    }
}

/// A row's name cell in Markdown: `` `name` `` or `` = `name` ``.
pub fn name_cell(g: &Group, row: &Row) -> String {
    let name = shown_name(g, row);
    match name.strip_prefix("= ") {
        Some(n) => format!("= `{n}`"),
        None => format!("`{name}`"),
    }
}

/// What `= name` means, for a table of `g` that has such rows.
pub fn same_code_note(g: &Group) -> Option<String> {
    let n = g
        .rows
        .iter()
        .filter(|r| shown_name(g, r).starts_with('='))
        .count();
    (n > 0).then(|| {
        format!(
            "{n} rows marked `=` are the same {} code as the row above them (linked alone, \
             byte for byte): it ran once, for the first; their flash and RAM are their own",
            g.op
        )
    })
}

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
            "; {} operations were the same code as another combination's and ran once              (`= name` in the tables)",
            s.deduplicated
        );
    }
    line
}

/// `12 min 3 s`, `4.2 s`.
pub fn duration(secs: f64) -> String {
    if secs >= 60.0 {
        format!("{} min {} s", (secs / 60.0) as u64, (secs % 60.0) as u64)
    } else {
        format!("{secs:.1} s")
    }
}

fn table(s: &Sweep, groups: &[Group]) -> String {
    let mut out = format!("pq-explore: {}\n", sweep_line(s));
    for g in groups {
        let timed = crate::board::has_time(g);
        out += &format!(
            "\n{} {} on {}{} (model cycles; * on the stack/flash/cycles Pareto front{})\n",
            g.scheme.name().to_uppercase(),
            g.op,
            g.target,
            if timed {
                format!("; {}", crate::board::heading(g))
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
        out += &format!(
            "  {:<width$}{}{} {:>4}  {}\n",
            "strategy",
            cells_line(&heads),
            time("ms mean".into()),
            "fits",
            "constant time"
        );
        for i in display_order(g) {
            let row = &g.rows[i];
            let mark = if row.on_front { '*' } else { ' ' };
            match figure_cells(row) {
                Some(cells) => {
                    let cells: Vec<&str> = cells.iter().map(String::as_str).collect();
                    out += &format!(
                        "{mark} {:<width$}{}{} {:>4}  {}\n",
                        shown_name(g, row),
                        cells_line(&cells),
                        time(crate::board::cell(row)),
                        fits_cell(row, "-"),
                        row.constant_time
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
        for issue in crate::analysis::preset_name_issues(g) {
            out += &format!("  warning: {issue}\n");
        }
        out += &format!("\n{}", answer_text(g));
    }
    for r in ranking::rankings(groups) {
        out += &ranking::text(&r, groups);
    }
    out
}

/// The rows on the (stack, cycles) front, by stack.
pub fn stack_front(g: &Group) -> Vec<&Row> {
    let mut v: Vec<&Row> = g.rows.iter().filter(|r| r.on_stack_front).collect();
    v.sort_by_key(|r| r.ok().map(|f| (f.stack_bytes, f.cycles.avg)));
    v
}

/// The first line of a message.
pub fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

/// One row as JSON, with its group's target, scheme (and category) and operation.
pub(crate) fn row_json(g: &Group, row: &Row) -> Value {
    let mut v = serde_json::to_value(row).unwrap_or(Value::Null);
    if let Value::Object(m) = &mut v {
        // Failed rows have no report to carry these.
        m.entry("target").or_insert_with(|| json!(g.target));
        m.entry("scheme").or_insert_with(|| json!(g.scheme.name()));
        m.insert("category".into(), json!(g.scheme.category()));
        m.entry("op").or_insert_with(|| json!(g.op));
        m.entry("strategy")
            .or_insert_with(|| json!(row.candidate.type_path()));
    }
    v
}

/// One group's answer as JSON.
pub(crate) fn answer_json(g: &Group) -> Value {
    let mut m = Map::new();
    m.insert("target".into(), json!(g.target));
    m.insert("scheme".into(), json!(g.scheme.name()));
    m.insert("op".into(), json!(g.op));
    m.insert("budgets".into(), json!(g.budgets));
    match &g.answer {
        Answer::Best(i) => {
            m.insert("fits".into(), json!(true));
            m.insert("best".into(), row_json(g, &g.rows[*i]));
            m.insert("smallest".into(), Value::Null);
        }
        Answer::NothingFits { smallest, over } => {
            m.insert("fits".into(), json!(false));
            m.insert("best".into(), Value::Null);
            m.insert("smallest".into(), row_json(g, &g.rows[*smallest]));
            let over: Map<String, Value> = over
                .iter()
                .map(|(k, n)| (format!("{}_bytes_over", k.to_lowercase()), json!(n)))
                .collect();
            m.insert("over".into(), Value::Object(over));
        }
        Answer::NoResults => {
            m.insert("fits".into(), json!(false));
            m.insert("best".into(), Value::Null);
            m.insert("smallest".into(), Value::Null);
        }
    }
    Value::Object(m)
}

/// The JSON document. `best` is the answer for the first group (the only one unless
/// `all` or several schemes were asked); `answers` has every group's; `rankings` has,
/// per target and operation swept with several schemes, each scheme's answer ranked and
/// the overall best.
pub fn to_json(s: &Sweep, groups: &[Group]) -> Value {
    let results: Vec<Value> = groups
        .iter()
        .flat_map(|g| g.rows.iter().map(move |r| row_json(g, r)))
        .collect();
    let pareto: Vec<Value> = groups
        .iter()
        .flat_map(|g| {
            g.rows
                .iter()
                .filter(|r| r.on_front)
                .map(move |r| row_json(g, r))
        })
        .collect();
    let answers: Vec<Value> = groups.iter().map(answer_json).collect();
    let rankings: Vec<Value> = ranking::rankings(groups)
        .iter()
        .map(|r| ranking::to_json(r, groups))
        .collect();
    let best = answers
        .first()
        .and_then(|a| a.get("best"))
        .cloned()
        .unwrap_or(Value::Null);
    json!({
        "sweep": {
            "combinations": s.outcomes.len(),
            "measured": s.measured,
            "cached": s.cached,
            "stale_or_corrupt": s.stale,
            "deduplicated_operations": s.deduplicated,
            "corrupt": s.corrupt,
            "seconds": s.seconds,
            "sources_sha256": s.sources,
            "cycles": "model cycles of the target profile (docs/measurement.md)",
            "board": s.board.as_ref().map(|b| json!({
                "name": b.name,
                "part": b.part,
                "target": b.target,
                "clock_mhz": b.clock_mhz,
                "flash_wait_states": b.flash.map_or(0, |f| f.wait_states),
                "code": b.code,
                "source": b.source,
                "time": "each result's `time`: its model cycles in milliseconds at clock_mhz",
            })),
        },
        "results": results,
        "pareto": pareto,
        "best": best,
        "answers": answers,
        "rankings": rankings,
    })
}

/// A CSV field, quoted when it needs to be.
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn csv(groups: &[Group]) -> String {
    let mut out = String::from(
        "target,scheme,category,op,name,preset,rust_type,stack_bytes,flash_bytes,static_ram_bytes,ram_bytes,cycles_min,cycles_avg,cycles_max,cycles_per_iteration,cycles_avg_at_expected_iterations,flash_scheme_bytes,flash_keccak_bytes,flash_scaffold_bytes,opt_level,instructions,runs,on_front,on_stack_front,on_flash_front,fits,constant_time,cached,code,same_code_as,error",
    );
    // On a board, its time columns close every line.
    let timed = groups.iter().any(crate::board::has_time);
    if timed {
        out += ",";
        out += crate::board::CSV_HEADER;
    }
    out.push('\n');
    for g in groups {
        for row in &g.rows {
            let f = row.ok();
            let n = |v: Option<u64>| v.map(|x| x.to_string()).unwrap_or_default();
            let fields = [
                g.target.clone(),
                g.scheme.name().into(),
                g.scheme.category().to_string(),
                g.op.into(),
                row.name.clone(),
                row.preset.unwrap_or("").into(),
                row.rust_type.clone(),
                n(f.map(|r| r.stack_bytes)),
                n(f.map(|r| r.flash_bytes.total)),
                n(f.map(|r| r.static_ram_bytes)),
                n(row.ram_bytes),
                n(f.map(|r| r.cycles.min)),
                n(f.map(|r| r.cycles.avg)),
                n(f.map(|r| r.cycles.max)),
                n(f.and_then(|r| r.iterations.and_then(|i| i.cycles_per_iteration))),
                n(f.and_then(|r| r.iterations.and_then(|i| i.normalised_avg))),
                n(f.map(|r| r.flash_bytes.split.scheme)),
                n(f.map(|r| r.flash_bytes.split.keccak)),
                n(f.map(|r| r.flash_bytes.split.scaffold)),
                f.map(|r| r.opt_level.clone()).unwrap_or_default(),
                n(f.map(|r| r.instructions)),
                n(f.map(|r| r.runs as u64)),
                row.on_front.to_string(),
                row.on_stack_front.to_string(),
                row.on_flash_front.to_string(),
                row.fits.map(|b| b.to_string()).unwrap_or_default(),
                row.constant_time.into(),
                row.cached.to_string(),
                f.and_then(|r| r.code.clone()).unwrap_or_default(),
                f.and_then(|r| r.same_code_as.clone()).unwrap_or_default(),
                first_line(row.error.as_deref().unwrap_or("")).into(),
            ];
            let mut line: Vec<String> = fields.iter().map(|s| csv_field(s)).collect();
            if timed {
                line.extend(crate::board::csv_fields(row).iter().map(|s| csv_field(s)));
            }
            out += &line.join(",");
            out.push('\n');
        }
    }
    out
}

/// One group as a Markdown table (every combination, fastest first).
pub fn markdown_table(g: &Group) -> String {
    // With a board, a time column after the figures.
    let timed = crate::board::has_time(g);
    let time_head = if timed {
        format!(" {} |", crate::board::heading(g))
    } else {
        String::new()
    };
    let mut out = format!(
        "| strategy | {} |{time_head} front | fits | constant time |\n|---|{}:-:|:-:|:-:|\n",
        FIGURE_COLUMNS.join(" | "),
        "---:|".repeat(FIGURE_COLUMNS.len() + usize::from(timed))
    );
    for i in display_order(g) {
        let row = &g.rows[i];
        match figure_cells(row) {
            Some(cells) => {
                let time = if timed {
                    format!(" | {}", crate::board::cell(row))
                } else {
                    String::new()
                };
                out += &format!(
                    "| {} | {}{time} | {} | {} | {} |\n",
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
                    " |".repeat(FIGURE_COLUMNS.len() + 2 + usize::from(timed))
                )
            }
        }
    }
    if let Some(note) = same_code_note(g) {
        out += &format!("\n{note}.\n");
    }
    out
}

fn markdown(groups: &[Group]) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_what_needs_quoting() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("Custom<A, B>"), "\"Custom<A, B>\"");
        assert_eq!(csv_field("say \"x\""), "\"say \"\"x\"\"\"");
    }

    #[test]
    fn the_same_code_shows_as_one_run_with_its_equivalent_names() {
        let (mut sweep, _) = crate::report::fixture::sweep();
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

    #[test]
    fn durations() {
        assert_eq!(duration(4.25), "4.2 s");
        assert_eq!(duration(723.0), "12 min 3 s");
    }
}
