//! A group's rows as the tables show them: the figure cells, the display order, the names
//! of rows that share another's code, the fronts, and rows and answers as JSON.

use serde_json::{json, Map, Value};

use crate::analysis::{Answer, Group, Row};
use crate::budget::group as digits;

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

/// Whether a row fits the budgets, in words (`missing` when it has no figures).
pub fn fits_cell<'a>(row: &Row, missing: &'a str) -> &'a str {
    match row.fits {
        Some(true) => "yes",
        Some(false) => "no",
        None => missing,
    }
}

/// Whether a group's tables have the `faults` column: signing always (`–` where no
/// campaign ran), another operation when a campaign of it is cached.
pub fn shows_faults(g: &Group) -> bool {
    g.op == "sign" || g.rows.iter().any(|r| r.faults.is_some())
}

/// A row's `faults` cell: released over faulted runs, `0/6,000 (0.0 %)`, or `–`.
pub fn faults_cell(row: &Row) -> String {
    crate::faults::cell(row.faults.as_ref())
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

/// The rows on the (stack, cycles) front, by stack.
pub fn stack_front(g: &Group) -> Vec<&Row> {
    let mut v: Vec<&Row> = g.rows.iter().filter(|r| r.on_stack_front).collect();
    v.sort_by_key(|r| r.ok().map(|f| (f.stack_bytes, f.cycles.avg)));
    v
}

/// One row as JSON, with its group's target, scheme (and category) and operation.
pub fn row_json(g: &Group, row: &Row) -> Value {
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
pub fn answer_json(g: &Group) -> Value {
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
