//! The architecture reports: per target a Markdown page and a self-contained HTML page
//! (plots inlined), plus a cross-target page, all written from one document model so the
//! two formats say the same thing. One run covers several schemes: [`plan`] says how
//! each is swept, and the pages say it too.

#[cfg(test)]
mod browser;
#[cfg(test)]
pub(crate) mod fixture;
pub mod plan;

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
use plan::Plan;

/// The stack budgets the recommendations are given for (kB of 1,024 bytes).
pub const BUDGETS_KB: [u64; 6] = [4, 8, 12, 16, 32, 64];

/// The stack budget of the index's table of every scheme on every target (kB): the
/// middle of [`BUDGETS_KB`], room for every family's small-stack strategies.
pub const INDEX_STACK_KB: u64 = 16;

enum Block {
    Heading(u8, String),
    Para(String),
    Table(Vec<String>, Vec<Vec<String>>),
    /// Plot file stem (an SVG and a PNG beside the page) and its caption.
    Plot(String, String),
    Code(String),
}

/// Writes every page and plot into `out`; returns the number of files written.
pub fn write(sweep: &Sweep, plan: &Plan, out: &Path) -> Result<usize, String> {
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let published = published::load(&published::default_path())?;
    let groups = analysis::groups(sweep, &OPS, Budgets::default());
    let comparisons = crate::peers::comparisons(sweep);
    let stamp = Stamp::now(sweep, plan);
    let mut targets: Vec<String> = Vec::new();
    for o in &sweep.outcomes {
        if !targets.contains(&o.target) {
            targets.push(o.target.clone());
        }
    }
    let mut written = 0;
    let mut profiles = Vec::new();
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
        let doc = target_page(&profile, &tg, &comps, &published, plan, &stamp);
        written += emit(out, t, &format!("pqfit on {t}"), &doc)?;
        profiles.push(profile);
    }
    let doc = index_page(&profiles, &groups, &comparisons, plan, &stamp);
    written += emit(out, "index", "pqfit: architecture report", &doc)?;
    Ok(written)
}

/// When and from what the report was made.
struct Stamp {
    date: String,
    revision: String,
    sources: String,
    sweep: String,
    /// The command that regenerates the pages.
    command: String,
}

impl Stamp {
    fn now(s: &Sweep, plan: &Plan) -> Self {
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
            command: plan.command.clone(),
        }
    }

    fn block(&self) -> Block {
        Block::Para(format!(
            "Generated {} (UTC) from git revision `{}` (sources SHA-256 `{}…`): {}. \
             Regenerate with `{}`.",
            self.date, self.revision, self.sources, self.sweep, self.command
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
             unicorn-engine under the `{}` cycle model of `profiles/targets/{}.toml`; every key, \
             signature, ciphertext and shared secret is checked byte for byte against the host. Stack is \
             the high-water mark of a painted stack, excluding the caller's key, message and signature \
             buffers (as pqm4 reports it); flash is the whole firmware (PT_LOAD total, every operation of \
             the scheme); RAM is stack plus .data/.bss. Cycles are min / mean / max over the runs of \
             \"What was measured\" (fixed 59-byte messages for signing, where ML-DSA's rejection \
             loop makes them vary; different seeds for key generation).",
            profile.triple, profile.cpu, profile.name, profile.name
        )),
        Block::Para(format!(
            "Cycles are **model cycles**, not silicon: a per-instruction cost table with load pipelining, \
             taken-branch penalties and data-dependent multiply/divide costs. On the Cortex-M4 it agrees \
             with pqm4's published figures within 0.6 % for PQClean's ML-DSA-65 (docs/measurement.md). {} \
             Not modelled: bus contention, interrupts. The M0, M3, RV32 and RV64 (dual-issue) models apply the vendors' documented timings \
             and have not been calibrated against hardware. Points marked \"published, real hardware\" are \
             published figures from Cortex-M4 boards (pqm4 and others; sources in \
             profiles/published.toml), drawn for reference only.",
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
    plan: &Plan,
    stamp: &Stamp,
) -> Vec<Block> {
    let schemes = schemes_of(groups.iter().copied());
    let mut doc =
        vec![
            Block::Heading(
                1,
                format!("pqfit on {}: {}", profile.name, profile.description),
            ),
            stamp.block(),
            Block::Para(format!(
            "Reference board: {} ({} of flash, {} of RAM). [All targets](index.md). Schemes: {}.",
            profile.board.name,
            show_bytes(profile.board.flash_bytes),
            show_bytes(profile.board.ram_bytes),
            schemes
                .iter()
                .map(|s| format!("[{}](#{})", title(*s), slug(&scheme_heading(*s, &profile.name))))
                .collect::<Vec<_>>()
                .join(", ")
        )),
        ];
    doc.extend(coverage_blocks(plan, &schemes, 2));
    doc.extend(comparison_blocks(comps, 2));
    for scheme in schemes {
        doc.push(Block::Heading(2, scheme_heading(scheme, &profile.name)));
        if let Some(c) = plan.of(scheme) {
            doc.push(Block::Para(format!(
                "Swept: {} ({} per target); runs per combination {}: {}.",
                c.what(),
                c.combinations(),
                run_names(scheme),
                c.runs_text()
            )));
        }
        for g in groups.iter().filter(|g| g.scheme == scheme) {
            doc.extend(op_section(profile, g, published));
        }
    }
    doc.extend(method(profile));
    doc
}

/// The heading of a scheme's section on a target page (its anchor is [`slug`] of it).
fn scheme_heading(scheme: pqfit_profiles::Scheme, target: &str) -> String {
    format!("{} on {target}", title(scheme))
}

/// `ML-DSA-65`, `CROSS-RSDP-1-SMALL`, `SNTRUP761`.
fn title(scheme: pqfit_profiles::Scheme) -> String {
    scheme.name().to_uppercase()
}

/// What the three run counts are of, for a scheme.
fn run_names(scheme: pqfit_profiles::Scheme) -> &'static str {
    if scheme.is_kem() {
        "(key generations / encapsulations / decapsulations)"
    } else {
        "(key generations / signed messages / verifications)"
    }
}

/// The schemes of `groups`, in order of appearance.
fn schemes_of<'a>(groups: impl Iterator<Item = &'a Group>) -> Vec<pqfit_profiles::Scheme> {
    let mut out = Vec::new();
    for g in groups {
        if !out.contains(&g.scheme) {
            out.push(g.scheme);
        }
    }
    out
}

/// The anchor GitHub gives a Markdown heading (and the HTML pages give theirs):
/// lower case, spaces to `-`, other punctuation but `-` and `_` dropped.
fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// What each scheme's sweep covered, as a table (with why not everything is swept).
fn coverage_blocks(plan: &Plan, schemes: &[pqfit_profiles::Scheme], level: u8) -> Vec<Block> {
    let rows: Vec<Vec<String>> = schemes
        .iter()
        .filter_map(|s| plan.of(*s))
        .map(|c| {
            vec![
                title(c.scheme),
                c.what(),
                c.combinations().to_string(),
                c.runs_text(),
            ]
        })
        .collect();
    if rows.is_empty() {
        return Vec::new();
    }
    vec![
        Block::Heading(level, "What was measured".into()),
        Block::Para(
            "A sweep of every family in every combination on every target would take days, so \
             a run can give every combination only to some schemes (`--full`) and the presets \
             (for NTRU Prime the four main multiplications) to the rest, and sign fewer messages \
             for CROSS, whose signing runs for hundreds of millions of model cycles \
             (`--cross-sign-runs`). Runs are key generations / signed messages or encapsulations \
             / verifications or decapsulations per combination; cycles are min / mean / max \
             over them."
                .into(),
        ),
        Block::Table(
            vec![
                "scheme".into(),
                "strategies swept".into(),
                "combinations per target".into(),
                "runs".into(),
            ],
            rows,
        ),
    ]
}

/// One operation of one scheme on a target page: recommendations, plots, front, table.
fn op_section(profile: &Profile, g: &Group, published: &[Published]) -> Vec<Block> {
    let scheme = title(g.scheme);
    let mut doc = vec![
        Block::Heading(3, op_heading(g)),
        Block::Heading(4, "Recommendations per stack budget".into()),
        Block::Table(
            vec![
                "stack budget".into(),
                "fastest combination".into(),
                "mean model cycles".into(),
                "stack (B)".into(),
                "flash (B)".into(),
            ],
            recommendations(g),
        ),
    ];
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
            "Published, real hardware (for reference; sources in profiles/published.toml): {}.",
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
        4,
        "Pareto front, stack against mean cycles".into(),
    ));
    doc.push(Block::Code(front.join("\n")));
    doc.push(Block::Heading(4, "Every combination".into()));
    doc.push(Block::Para(format!(
        "Fastest first; `*`: on the (stack, flash, cycles) Pareto front. The Rust type of a \
         combination is `pqfit::{}<...>` with the strategy named as in the first column \
         (`pq-explore --format json` gives each one's `rust_type`).",
        g.scheme.alias()
    )));
    let (head, rows) = table_of(g);
    doc.push(Block::Table(head, rows));
    if let Some(note) = crate::output::same_code_note(g) {
        doc.push(Block::Para(format!("{note}.")));
    }
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
                    let mut v = vec![crate::output::name_cell(g, row)];
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
    profiles: &[Profile],
    groups: &[Group],
    comparisons: &[Comparison],
    plan: &Plan,
    stamp: &Stamp,
) -> Vec<Block> {
    let schemes = schemes_of(groups.iter());
    let mut doc = vec![
        Block::Heading(1, "pqfit: architecture report".into()),
        stamp.block(),
        Block::Para(format!(
            "Every scheme measured on each target; one page per target: {}.",
            profiles
                .iter()
                .map(|p| format!("[{}]({}.md)", p.name, p.name))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    ];
    doc.extend(overview(profiles, groups, &schemes));
    doc.extend(coverage_blocks(plan, &schemes, 2));
    doc.push(Block::Heading(2, "Details per scheme".into()));
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
                3,
                format!(
                    "{} {}: the fastest combination per stack budget",
                    title(scheme),
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
            3,
            format!(
                "{} labelled strategies across targets (mean model cycles / stack)",
                title(scheme)
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

/// The index's one table: every scheme and operation against every target, each cell
/// the fastest combination within [`INDEX_STACK_KB`] of stack that fits the target's
/// reference board.
fn overview(
    profiles: &[Profile],
    groups: &[Group],
    schemes: &[pqfit_profiles::Scheme],
) -> Vec<Block> {
    let mut head = vec!["scheme".to_string(), "operation".to_string()];
    head.extend(
        profiles
            .iter()
            .map(|p| format!("{} ({})", p.name, p.board.name)),
    );
    let mut rows = Vec::new();
    for &scheme in schemes {
        for &op in scheme.ops() {
            let cells: Vec<String> = profiles
                .iter()
                .map(|p| {
                    groups
                        .iter()
                        .find(|g| g.scheme == scheme && g.op == op && g.target == p.name)
                        .map_or("not measured".into(), |g| overview_cell(p, g))
                })
                .collect();
            if cells.iter().all(|c| c == "not measured") {
                continue;
            }
            let mut row = vec![title(scheme), op.to_string()];
            row.extend(cells);
            rows.push(row);
        }
    }
    vec![
        Block::Heading(2, "Every scheme on every target".into()),
        Block::Para(format!(
            "Each cell: the fastest pqfit combination with at most {INDEX_STACK_KB} kB of stack \
             whose RAM (stack + .data/.bss) and flash fit the target's reference board: its mean \
             **model cycles** (millions), its stack, and its name (a preset, or a custom mix \
             named on the target page). Within a row the targets run the same code at the same \
             budget, so the cells compare the cores; within a column, the schemes. \
             \"nothing fits\" names the limits every combination exceeds and gives the least \
             stack any needs."
        )),
        Block::Table(head, rows),
    ]
}

fn overview_cell(p: &Profile, g: &Group) -> String {
    let b = Budgets {
        stack: Some(INDEX_STACK_KB * 1024),
        flash: Some(p.board.flash_bytes),
        ram: Some(p.board.ram_bytes),
    };
    let kb = |bytes: u64| format!("{:.1} kB", bytes as f64 / 1024.0);
    match answer(&g.rows, &b) {
        Answer::Best(i) => {
            let row = &g.rows[i];
            let r = row.ok().expect("answers have figures");
            let name = match row.preset {
                Some(_) => format!("`{}`", row.name),
                None => format!("[custom]({}.md#{})", g.target, slug(&op_heading(g))),
            };
            format!(
                "{:.2} M · {} · {name}",
                r.cycles.avg as f64 / 1e6,
                kb(r.stack_bytes)
            )
        }
        Answer::NothingFits { smallest, over } => {
            let r = g.rows[smallest].ok().expect("answers have figures");
            let what: Vec<&str> = over.iter().map(|(name, _)| *name).collect();
            format!(
                "nothing fits ({} over; least stack {})",
                what.join(", "),
                kb(r.stack_bytes)
            )
        }
        Answer::NoResults => "no results".into(),
    }
}

/// The heading of an operation's section on a target page.
fn op_heading(g: &Group) -> String {
    format!("{} {} on {}", title(g.scheme), verb(g.op), g.target)
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
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for b in doc {
        match b {
            Block::Heading(level, text) => {
                // As GitHub does: a repeated anchor gets `-1`, `-2`, ...
                let base = slug(text);
                let n = seen.entry(base.clone()).or_insert(0);
                let id = if *n == 0 { base } else { format!("{base}-{n}") };
                *n += 1;
                let _ = writeln!(
                    s,
                    "<h{level} id=\"{}\">{}</h{level}>",
                    escape(&id),
                    inline(text)
                );
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
                    "<figure>{svg}<figcaption>{} (<a href=\"{}.png\">PNG</a>)</figcaption></figure>",
                    escape(caption),
                    escape(stem)
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
    fn slugs_match_githubs_anchors() {
        assert_eq!(slug("ML-DSA-65 on m4"), "ml-dsa-65-on-m4");
        assert_eq!(
            slug("SNTRUP761 key generation on rv32"),
            "sntrup761-key-generation-on-rv32"
        );
        assert_eq!(slug("a (b), c: d"), "a-b-c-d");
    }

    #[test]
    fn the_index_compares_every_scheme_on_every_target_in_one_table() {
        let (sweep, plan) = fixture::sweep();
        let dir = std::env::temp_dir().join(format!("pq-explore-index-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        write(&sweep, &plan, &dir).unwrap();
        let index = std::fs::read_to_string(dir.join("index.md")).unwrap();
        let at = index
            .find("## Every scheme on every target")
            .expect("the table");
        let table: Vec<&str> = index[at..]
            .lines()
            .skip_while(|l| !l.starts_with('|'))
            .take_while(|l| l.starts_with('|'))
            .collect();
        assert!(
            table[0].starts_with("| scheme | operation | m4 (STM32F407) | rv32 ("),
            "{}",
            table[0]
        );
        // ML-DSA: 3 sets x 4 operations; CROSS: 6 x 3; NTRU Prime: 2 x 3.
        assert_eq!(table.len() - 2, 12 + 18 + 6);
        assert!(index.contains("| SNTRUP761 | encaps | "), "{index}");
        let ok = table[2..].iter().filter(|r| r.contains(" M · ")).count();
        assert!(ok > 30, "{}", table.join("\n"));
        // The coverage of each scheme is stated, with CROSS's fewer signed messages.
        assert!(
            index.contains(
                "| CROSS-RSDP-1-SMALL | the presets only, default Keccak backend | 3 | 3 / 2 / 4 |"
            ),
            "{index}"
        );
        let m4 = std::fs::read_to_string(dir.join("m4.md")).unwrap();
        for s in plan.coverage.iter().map(|c| c.scheme) {
            let heading = format!("## {} on m4", title(s));
            assert!(m4.contains(&heading), "{heading}");
            assert!(m4.contains(&format!("(#{})", slug(&heading[3..]))));
        }
        let rv = std::fs::read_to_string(dir.join("rv32.md")).unwrap();
        assert!(rv.contains("failed: firmware build failed: synthetic error"));
        assert!(m4.contains("Regenerate with `pq-explore report (test fixture)`"));
        let _ = std::fs::remove_dir_all(&dir);
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
