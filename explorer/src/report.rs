//! The architecture reports: per target a Markdown page and a self-contained HTML page
//! (plots inlined), plus a cross-target page, all written from one document model so the
//! two formats say the same thing.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use pqfit_profiles::Profile;

use crate::analysis::{self, answer, Answer, Budgets, Group, OPS};
use crate::budget::{group as digits, show_bytes};
use crate::output::{duration, stack_front};
use crate::peers::{self as peer_table, Comparison};
use crate::plot::{self, Axis};
use crate::published::{self, Published};
use crate::sweep::{workspace_root, Sweep};

/// The stack budgets the recommendations are given for (kB of 1,024 bytes).
pub const BUDGETS_KB: [u64; 6] = [4, 8, 12, 16, 32, 64];

enum Block {
    Heading(u8, String),
    Para(String),
    Table(Vec<String>, Vec<Vec<String>>),
    /// Plot file stem (an SVG and a PNG beside the page) and its caption.
    Plot(String, String),
    Code(String),
}

/// Writes every page and plot into `out`; returns the number of files written.
pub fn write(sweep: &Sweep, out: &Path) -> Result<usize, String> {
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let published = published::load(&published::default_path())?;
    let groups = analysis::groups(sweep, &OPS, Budgets::default());
    let comparisons = crate::peers::comparisons(sweep);
    let stamp = Stamp::now(sweep);
    let mut targets: Vec<String> = Vec::new();
    for o in &sweep.outcomes {
        if !targets.contains(&o.target) {
            targets.push(o.target.clone());
        }
    }
    let mut written = 0;
    for t in &targets {
        // On a board, its budgets and clock (the figures are its already).
        let profile = match &sweep.board {
            Some(b) if &b.target == t => b.profile(),
            _ => Profile::load(t),
        }
        .map_err(|e| e.to_string())?;
        let tg: Vec<&Group> = groups.iter().filter(|g| &g.target == t).collect();
        for g in &tg {
            for axis in [Axis::Stack, Axis::Flash] {
                for ext in ["svg", "png"] {
                    let path = out.join(format!("{}.{ext}", plot::stem(g, axis)));
                    plot::draw(g, axis, None, &published, &path)?;
                    written += 1;
                }
            }
        }
        let comps: Vec<&Comparison> = comparisons.iter().filter(|c| &c.target == t).collect();
        let doc = target_page(&profile, &tg, &comps, &published, &stamp);
        written += emit(out, t, &format!("pqfit on {t}"), &doc)?;
    }
    let doc = index_page(&targets, &groups, &comparisons, &stamp);
    written += emit(out, "index", "pqfit: architecture report", &doc)?;
    Ok(written)
}

/// When and from what the report was made.
struct Stamp {
    date: String,
    revision: String,
    sources: String,
    sweep: String,
    /// The sweep measured the peers (`--peers`).
    peers: bool,
}

impl Stamp {
    fn now(s: &Sweep) -> Self {
        let git = |args: &[&str]| {
            Command::new("git")
                .args(args)
                .current_dir(workspace_root())
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        };
        let revision = match git(&["rev-parse", "--short=12", "HEAD"]) {
            Some(rev) => {
                let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
                    .is_some_and(|s| !s.is_empty());
                if dirty {
                    format!("{rev} with uncommitted changes")
                } else {
                    rev
                }
            }
            None => "unknown (not a git checkout)".into(),
        };
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Stamp {
            date: civil_date(secs),
            revision,
            sources: s.sources.chars().take(16).collect(),
            sweep: format!(
                "{} builds ({} measured, {} from the cache) in {}",
                s.outcomes.len(),
                s.measured,
                s.cached,
                duration(s.seconds)
            ),
            peers: s.outcomes.iter().any(|o| o.candidate.peer().is_some()),
        }
    }

    fn block(&self) -> Block {
        Block::Para(format!(
            "Generated {} (UTC) from git revision `{}` (sources SHA-256 `{}…`): {}. \
             Regenerate with `cargo run --release -p pq-explore -- report --target all{} --out docs/reports`.",
            self.date,
            self.revision,
            self.sources,
            self.sweep,
            if self.peers { " --peers" } else { "" }
        ))
    }
}

/// `YYYY-MM-DD` from Unix seconds (proleptic Gregorian).
fn civil_date(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

fn verb(op: &str) -> &str {
    match op {
        "keygen" => "key generation",
        "sign" => "signing",
        "sign-expanded" => "repeated signing with an expanded key",
        "encaps" => "encapsulation",
        "decaps" => "decapsulation",
        _ => "verification",
    }
}

/// The fastest within each stack budget, one row per budget.
fn recommendations(g: &Group) -> Vec<Vec<String>> {
    BUDGETS_KB
        .iter()
        .map(|kb| {
            let b = Budgets {
                stack: Some(kb * 1024),
                ..Default::default()
            };
            let budget = format!("{kb} kB");
            match answer(&g.rows, &b) {
                Answer::Best(i) => {
                    let row = &g.rows[i];
                    let r = row.ok().expect("answers have figures");
                    vec![
                        budget,
                        format!("`{}`", row.name),
                        digits(r.cycles.avg),
                        digits(r.stack_bytes),
                        digits(r.flash_bytes.total),
                    ]
                }
                Answer::NothingFits { smallest, .. } => {
                    let r = g.rows[smallest].ok().expect("answers have figures");
                    vec![
                        budget,
                        format!(
                            "nothing fits (the smallest needs {})",
                            show_bytes(r.stack_bytes)
                        ),
                        String::new(),
                        String::new(),
                        String::new(),
                    ]
                }
                Answer::NoResults => {
                    vec![budget, "no results".into(), "".into(), "".into(), "".into()]
                }
            }
        })
        .collect()
}

fn method(profile: &Profile) -> Vec<Block> {
    vec![
        Block::Heading(2, "Method and limits".into()),
        Block::Para(format!(
            "Each combination is a firmware built for `{}` (`-C target-cpu={}`, opt-level 3, LTO) and run in \
             unicorn-engine under the `{}` cycle model of `profiles/targets/{}.toml`; every key and \
             signature is checked byte for byte against the host. Stack is the high-water mark of a \
             painted stack, excluding the caller's key, message and signature buffers (as pqm4 reports \
             it); flash is the whole firmware (PT_LOAD total, keygen + sign + verify); RAM is stack plus \
             .data/.bss. Signing cycles are min / mean / max over 16 fixed 59-byte messages (the \
             rejection loop makes them vary), key generation over 3 seeds, verification over 4 signatures.",
            profile.triple, profile.cpu, profile.name, profile.name
        )),
        Block::Para(format!(
            "Cycles are **model cycles**, not silicon: a per-instruction cost table with load pipelining, \
             taken-branch penalties and data-dependent multiply/divide costs. On the Cortex-M4 it agrees \
             with pqm4's published figures within 0.6 % for PQClean's ML-DSA-65 (docs/measurement.md). {} \
             Not modelled: bus contention, interrupts. The M0, M3, RV32 and RV64 (dual-issue) models apply the vendors' documented timings \
             and have not been calibrated against hardware. Points marked \"published, real hardware\" are \
             pqm4's figures on a Cortex-M4 board, drawn for reference only.",
            wait_states_text(profile)
        )),
    ]
}

/// What the figures make of flash wait states: a board's are charged (docs/boards.md);
/// the reference profiles have none.
fn wait_states_text(profile: &Profile) -> String {
    let mhz = profile.clock_hz as f64 / 1e6;
    match profile.fetch {
        Some(f) => format!(
            "The board, {}, runs at {mhz} MHz with {} flash wait state(s): the fetch model of \
             docs/boards.md charges them on instruction fetch and flash loads, behind its prefetch \
             buffer and caches, and the times are at that clock.",
            profile.board.name, f.wait_states
        ),
        None => format!(
            "Flash wait states and caches are not charged (the board, {}, has {} wait state(s) at \
             {mhz} MHz; `--board` charges a real board's, docs/boards.md).",
            profile.board.name, profile.flash_wait_states
        ),
    }
}

/// The side-by-side tables of pqfit and its peers.
fn comparison_blocks(comps: &[&Comparison], level: u8) -> Vec<Block> {
    let mut doc = Vec::new();
    for c in comps {
        doc.push(Block::Heading(
            level,
            format!(
                "{} on {}: pqfit against its peers (measured, this harness)",
                c.scheme.name().to_uppercase(),
                c.target
            ),
        ));
        doc.push(Block::Para(peer_table::caption(c)));
        let (head, rows) = peer_table::table(c);
        doc.push(Block::Table(head, rows));
        let how: Vec<String> = c
            .sides
            .iter()
            .filter_map(|s| s.peer)
            .map(|p| format!("{} ({}): {}", p.label(), p.language, p.how))
            .collect();
        doc.push(Block::Para(format!(
            "How each peer is called (outputs compared with pqfit's for the same seeds, \
             messages and rnd): {}.",
            how.join("; ")
        )));
    }
    doc
}

fn target_page(
    profile: &Profile,
    groups: &[&Group],
    comps: &[&Comparison],
    published: &[Published],
    stamp: &Stamp,
) -> Vec<Block> {
    let mut doc = vec![
        Block::Heading(
            1,
            format!("pqfit on {}: {}", profile.name, profile.description),
        ),
        stamp.block(),
        Block::Para(format!(
            "Reference board: {} ({} of flash, {} of RAM). [All targets](index.md).",
            profile.board.name,
            show_bytes(profile.board.flash_bytes),
            show_bytes(profile.board.ram_bytes)
        )),
    ];
    doc.extend(comparison_blocks(comps, 2));
    for g in groups {
        let scheme = g.scheme.name().to_uppercase();
        doc.push(Block::Heading(
            2,
            format!("{scheme} {} on {}", verb(g.op), g.target),
        ));
        doc.push(Block::Heading(3, "Recommendations per stack budget".into()));
        doc.push(Block::Table(
            vec![
                "stack budget".into(),
                "fastest combination".into(),
                "mean model cycles".into(),
                "stack (B)".into(),
                "flash (B)".into(),
            ],
            recommendations(g),
        ));
        let fits_board = g
            .rows
            .iter()
            .filter_map(|r| r.ours())
            .filter(|r| {
                analysis::ram(r) <= profile.board.ram_bytes
                    && r.flash_bytes.total <= profile.board.flash_bytes
            })
            .count();
        let ok = g.rows.iter().filter(|r| r.ours().is_some()).count();
        let peers = g.rows.iter().filter(|r| r.peer.is_some()).count();
        doc.push(Block::Para(format!(
            "{ok} of {} combinations built and ran; {fits_board} fit the {}'s RAM and flash.{}",
            g.rows.len() - peers,
            profile.board.name,
            if peers > 0 {
                format!(
                    " The {peers} peers (rows `peer: …`, crosses on the plots) are other \
                     implementations measured the same way, for comparison."
                )
            } else {
                String::new()
            }
        )));
        for axis in [Axis::Stack, Axis::Flash] {
            doc.push(Block::Plot(
                plot::stem(g, axis),
                format!(
                    "{scheme} {}: {} against model cycles on {}",
                    g.op,
                    axis.slug(),
                    g.target
                ),
            ));
        }
        let refs: Vec<String> = published
            .iter()
            .filter(|p| p.target == g.target && p.scheme == g.scheme.name())
            .filter_map(|p| {
                p.op(g.op).map(|o| {
                    format!(
                        "{}: {} cycles, {} B of stack",
                        p.label,
                        digits(o.cycles),
                        digits(o.stack)
                    )
                })
            })
            .collect();
        if !refs.is_empty() {
            doc.push(Block::Para(format!(
                "Published, real hardware (pqm4, for reference): {}.",
                refs.join("; ")
            )));
        }
        let front: Vec<String> = stack_front(g)
            .iter()
            .filter_map(|r| {
                r.ok().map(|f| {
                    format!(
                        "{:>8} B  {:>13} cycles  {}",
                        digits(f.stack_bytes),
                        digits(f.cycles.avg),
                        r.name
                    )
                })
            })
            .collect();
        doc.push(Block::Heading(
            3,
            "Pareto front, stack against mean cycles".into(),
        ));
        doc.push(Block::Code(front.join("\n")));
        doc.push(Block::Heading(3, "Every combination".into()));
        doc.push(Block::Para(format!(
            "Fastest first; `*`: on the (stack, flash, cycles) Pareto front. The Rust type of a \
                 combination is `pqfit::{}<...>` with the strategy named as in the first column \
                 (`pq-explore --format json` gives each one's `rust_type`).",
            g.scheme.alias()
        )));
        let (head, rows) = table_of(g);
        doc.push(Block::Table(head, rows));
    }
    doc.extend(method(profile));
    doc
}

fn table_of(g: &Group) -> (Vec<String>, Vec<Vec<String>>) {
    let mut head = vec!["strategy".to_string()];
    head.extend(crate::output::FIGURE_COLUMNS.map(String::from));
    let timed = crate::board::has_time(g);
    if timed {
        head.push(crate::board::heading(g));
    }
    head.push("front".into());
    let rows = crate::output::display_order(g)
        .iter()
        .map(|&i| {
            let row = &g.rows[i];
            match crate::output::figure_cells(row) {
                Some(cells) => {
                    let mut v = vec![format!("`{}`", row.name)];
                    v.extend(cells);
                    if timed {
                        v.push(crate::board::cell(row));
                    }
                    v.push(if row.on_front {
                        "*".into()
                    } else {
                        String::new()
                    });
                    v
                }
                None => {
                    let mut v = vec![
                        format!("`{}`", row.name),
                        format!(
                            "failed: {}",
                            row.error
                                .as_deref()
                                .unwrap_or("")
                                .lines()
                                .next()
                                .unwrap_or("")
                        ),
                    ];
                    v.resize(
                        crate::output::FIGURE_COLUMNS.len() + 2 + usize::from(timed),
                        String::new(),
                    );
                    v
                }
            }
        })
        .collect();
    (head, rows)
}

fn index_page(
    targets: &[String],
    groups: &[Group],
    comparisons: &[Comparison],
    stamp: &Stamp,
) -> Vec<Block> {
    let mut doc = vec![
        Block::Heading(1, "pqfit: architecture report".into()),
        stamp.block(),
        Block::Para(format!(
            "Every strategy combination measured on each target; one page per target: {}.",
            targets
                .iter()
                .map(|t| format!("[{t}]({t}.md)"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    ];
    let mut schemes = Vec::new();
    for g in groups {
        if !schemes.contains(&g.scheme) {
            schemes.push(g.scheme);
        }
    }
    for scheme in schemes {
        for &op in scheme.ops() {
            let gs: Vec<&Group> = groups
                .iter()
                .filter(|g| g.scheme == scheme && g.op == op)
                .collect();
            if gs.is_empty() {
                continue;
            }
            doc.push(Block::Heading(
                2,
                format!(
                    "{} {}: the fastest combination per stack budget",
                    scheme.name().to_uppercase(),
                    verb(op)
                ),
            ));
            let mut head = vec!["target".to_string()];
            head.extend(BUDGETS_KB.iter().map(|kb| format!("≤ {kb} kB")));
            let rows = gs
                .iter()
                .map(|g| {
                    let mut row = vec![g.target.clone()];
                    for r in recommendations(g) {
                        row.push(if r[2].is_empty() {
                            "—".into()
                        } else {
                            format!("{} M: {}", millions(&r[2]), r[1])
                        });
                    }
                    row
                })
                .collect();
            doc.push(Block::Table(head, rows));
        }
        doc.push(Block::Heading(
            2,
            format!(
                "{} labelled strategies across targets (mean model cycles / stack)",
                scheme.name().to_uppercase()
            ),
        ));
        let labels: Vec<&'static str> =
            crate::combos::candidates(scheme, true, crate::combos::KeccakAxis::Default)
                .iter()
                .filter_map(|c| c.label())
                .collect();
        let mut head = vec!["target".to_string(), "op".to_string()];
        head.extend(labels.iter().map(|l| l.to_string()));
        let mut rows = Vec::new();
        for g in groups.iter().filter(|g| g.scheme == scheme) {
            let mut row = vec![g.target.clone(), g.op.to_string()];
            for label in &labels {
                let cell = g
                    .rows
                    .iter()
                    .find(|r| r.preset == Some(*label))
                    .and_then(|r| r.ok())
                    .map_or("—".to_string(), |r| {
                        format!(
                            "{:.2} M / {} B",
                            r.cycles.avg as f64 / 1e6,
                            digits(r.stack_bytes)
                        )
                    });
                row.push(cell);
            }
            rows.push(row);
        }
        doc.push(Block::Table(head, rows));
    }
    let comps: Vec<&Comparison> = comparisons.iter().collect();
    doc.extend(comparison_blocks(&comps, 2));
    doc.push(Block::Para(
        "Cycles are model cycles (docs/measurement.md); each target page states its model's limits.".into(),
    ));
    doc
}

fn millions(cycles: &str) -> String {
    let n: f64 = cycles.replace(',', "").parse().unwrap_or(0.0);
    format!("{:.2}", n / 1e6)
}

/// Writes `<stem>.md` and `<stem>.html`.
fn emit(out: &Path, stem: &str, title: &str, doc: &[Block]) -> Result<usize, String> {
    let md = markdown(doc);
    let html = html(out, title, doc)?;
    for (ext, text) in [("md", md), ("html", html)] {
        let path = out.join(format!("{stem}.{ext}"));
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(2)
}

fn markdown(doc: &[Block]) -> String {
    let mut s = String::new();
    for b in doc {
        match b {
            Block::Heading(level, text) => {
                let _ = writeln!(s, "{} {text}\n", "#".repeat(*level as usize));
            }
            Block::Para(text) => {
                let _ = writeln!(s, "{text}\n");
            }
            Block::Table(head, rows) => {
                s += &markdown_table(head, rows);
                s.push('\n');
            }
            Block::Plot(stem, caption) => {
                let _ = writeln!(s, "![{caption}]({stem}.svg)\n\n[PNG]({stem}.png)\n");
            }
            Block::Code(text) => {
                let _ = writeln!(s, "```text\n{text}\n```\n");
            }
        }
    }
    s
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

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Inline Markdown the pages use: `code`, **bold** and [links](x.md) (to the .html page).
fn inline(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        if c == '`' {
            if let Some(end) = rest[1..].find('`') {
                let _ = write!(out, "<code>{}</code>", escape(&rest[1..1 + end]));
                rest = &rest[end + 2..];
                continue;
            }
        }
        if rest.starts_with("**") {
            if let Some(end) = rest[2..].find("**") {
                let _ = write!(out, "<strong>{}</strong>", escape(&rest[2..2 + end]));
                rest = &rest[end + 4..];
                continue;
            }
        }
        if c == '[' {
            if let Some(close) = rest.find("](") {
                if let Some(end) = rest[close..].find(')') {
                    let text = &rest[1..close];
                    let target = rest[close + 2..close + end].replace(".md", ".html");
                    let _ = write!(out, "<a href=\"{}\">{}</a>", escape(&target), escape(text));
                    rest = &rest[close + end + 1..];
                    continue;
                }
            }
        }
        out += &escape(&c.to_string());
        rest = &rest[c.len_utf8()..];
    }
    out
}

fn html(dir: &Path, title: &str, doc: &[Block]) -> Result<String, String> {
    let mut s = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>\
         body{{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}}\
         table{{border-collapse:collapse;margin:1em 0;font-size:0.9em}}\
         td,th{{border:1px solid #ccc;padding:0.25em 0.6em;text-align:right}}\
         td:first-child,th:first-child{{text-align:left}}\
         th{{background:#f0f0f0}} code{{font-size:0.95em}} pre{{background:#f6f6f6;padding:0.6em}}\
         figure{{margin:1em 0}} figure svg{{max-width:100%;height:auto}}\
         </style></head><body>\n",
        escape(title)
    );
    for b in doc {
        match b {
            Block::Heading(level, text) => {
                let _ = writeln!(s, "<h{level}>{}</h{level}>", inline(text));
            }
            Block::Para(text) => {
                let _ = writeln!(s, "<p>{}</p>", inline(text));
            }
            Block::Table(head, rows) => {
                s += "<table><thead><tr>";
                for h in head {
                    let _ = write!(s, "<th>{}</th>", inline(h));
                }
                s += "</tr></thead><tbody>\n";
                for r in rows {
                    s += "<tr>";
                    for c in r {
                        let _ = write!(s, "<td>{}</td>", inline(c));
                    }
                    s += "</tr>\n";
                }
                s += "</tbody></table>\n";
            }
            Block::Plot(stem, caption) => {
                let path = dir.join(format!("{stem}.svg"));
                let svg = std::fs::read_to_string(&path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                let svg = match svg.find("<svg") {
                    Some(at) => &svg[at..],
                    None => return Err(format!("{}: not an SVG", path.display())),
                };
                let _ = writeln!(
                    s,
                    "<figure>{svg}<figcaption>{}</figcaption></figure>",
                    escape(caption)
                );
            }
            Block::Code(text) => {
                let _ = writeln!(s, "<pre>{}</pre>", escape(text));
            }
        }
    }
    s += "</body></html>\n";
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(951_782_400), "2000-02-29");
        assert_eq!(civil_date(1_796_169_600 + 86_399), "2026-12-02");
    }

    #[test]
    fn inline_markdown_to_html() {
        assert_eq!(
            inline("`Custom<A, B>` and **model** [m4](m4.md) & more"),
            "<code>Custom&lt;A, B&gt;</code> and <strong>model</strong> <a href=\"m4.html\">m4</a> &amp; more"
        );
        assert_eq!(inline("a ` lone tick"), "a ` lone tick");
    }
}
