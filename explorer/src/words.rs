//! The analysis in words: budgets, figures, answers and broken preset promises, as the
//! table, Markdown and `measure` print them.

use pqfit_profiles::{Op, OpReport};

use crate::analysis::{ram, Answer, Budgets, Group, NameIssue, Promise};
use crate::board;
use crate::budget::{group as digits, show_bytes, show_cycles};

/// The operation in words (`sign`: "sign").
pub fn verb(op: &str) -> &str {
    Op::parse(op).map_or(op, |o| o.action())
}

/// The budgets in words: "12,288 B of stack and 128,000 B of flash".
pub fn budgets_text(b: &Budgets) -> String {
    let mut parts = Vec::new();
    if let Some(s) = b.stack {
        parts.push(format!("{} of stack", show_bytes(s)));
    }
    if let Some(f) = b.flash {
        parts.push(format!("{} of flash", show_bytes(f)));
    }
    if let Some(r) = b.ram {
        parts.push(format!("{} of RAM", show_bytes(r)));
    }
    parts.join(" and ")
}

/// The answer in words, several lines.
pub fn answer_text(g: &Group) -> String {
    let within = if g.budgets.is_empty() {
        String::new()
    } else {
        format!(" within {}", budgets_text(&g.budgets))
    };
    let head = format!(
        "The fastest way to {} with {} on {}{within}",
        verb(g.op),
        g.scheme.name().to_uppercase(),
        g.target
    );
    match &g.answer {
        Answer::Best(i) => {
            let row = &g.rows[*i];
            let r = row.ok().expect("an answer has figures");
            format!(
                "{head}:\n    {}\n  {}: {}; constant time: {}\n",
                row.rust_type,
                row.name,
                figures(r),
                row.constant_time
            )
        }
        Answer::NothingFits { smallest, over } => {
            let row = &g.rows[*smallest];
            let r = row.ok().expect("an answer has figures");
            let over: Vec<String> = over
                .iter()
                .map(|(what, n)| format!("{} over the {what} budget", show_bytes(*n)))
                .collect();
            format!(
                "{head}: nothing fits. The smallest combination is {} over:\n    {}\n  {}\n",
                over.join(", "),
                row.rust_type,
                figures(r)
            )
        }
        Answer::NoResults => {
            format!("{head}: no combination built and ran (see the errors above).\n")
        }
    }
}

/// One line of figures.
pub fn figures(r: &OpReport) -> String {
    format!(
        "stack {}, flash {}, RAM {} (stack + {} static), {} model cycles ({} {}: min {}, max {}){}",
        show_bytes(r.stack_bytes),
        show_bytes(r.flash_bytes.total),
        show_bytes(ram(r)),
        digits(r.static_ram_bytes),
        digits(r.cycles.avg),
        if r.runs > 1 { "mean of" } else { "over" },
        runs_text(r),
        show_cycles(r.cycles.min),
        show_cycles(r.cycles.max),
        board::text(r)
    )
}

fn runs_text(r: &OpReport) -> String {
    match (r.op.as_str(), r.runs) {
        ("sign" | "sign-expanded", n) => format!("{n} messages"),
        ("keygen", n) => format!("{n} seeds"),
        ("encaps", n) => format!("{n} encapsulations"),
        ("decaps", n) => format!("{n} ciphertexts"),
        (_, n) => format!("{n} signatures"),
    }
}

/// The iteration figures of a signing measurement in words: mean iterations, cycles
/// per iteration and the mean normalised to the expected count.
pub fn iterations_text(it: &pqfit_profiles::record::Iterations) -> String {
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

/// A broken preset promise in a sentence: "fast-sign is not the fastest: x signs in 9
/// cycles, fast-sign in 10".
pub fn name_issue(i: &NameIssue) -> String {
    let (promise, unit) = match i.promise {
        Promise::Fastest => ("fastest", "cycles"),
        Promise::Smallest => ("smallest", "B of stack"),
    };
    let preset = i.promise.preset();
    format!(
        "{preset} is not the {promise}: {} signs in {} {unit}, {preset} in {}",
        i.better,
        digits(i.theirs),
        digits(i.own)
    )
}
