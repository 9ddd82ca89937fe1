//! Formats and the helpers every format's tables share: output formats, durations,
//! CSV fields, Markdown tables.

use std::fmt::Write as _;

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

/// `12 min 3 s`, `4.2 s`.
pub fn duration(secs: f64) -> String {
    if secs >= 60.0 {
        format!("{} min {} s", (secs / 60.0) as u64, (secs % 60.0) as u64)
    } else {
        format!("{secs:.1} s")
    }
}

/// The first line of a message.
pub fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

/// A CSV field, quoted when it needs to be.
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// A Markdown table (cells' `|` escaped).
pub fn markdown_table(head: &[String], rows: &[Vec<String>]) -> String {
    let mut s = format!("| {} |\n|{}\n", head.join(" | "), "---|".repeat(head.len()));
    for r in rows {
        let cells: Vec<String> = r.iter().map(|c| c.replace('|', "\\|")).collect();
        let _ = writeln!(s, "| {} |", cells.join(" | "));
    }
    s
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
    fn durations() {
        assert_eq!(duration(4.25), "4.2 s");
        assert_eq!(duration(723.0), "12 min 3 s");
    }
}
