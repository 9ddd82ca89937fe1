//! What the target pages and the index share: titles and headings, the recommendations
//! per stack budget, what was measured, pqfit against its peers, and the method.

use pqfit_profiles::{Op, Profile, Scheme};

use super::doc::Block;
use super::plan::Plan;
use crate::analysis::{answer, Answer, Budgets, Group};
use crate::budget::{group as digits, show_bytes};
use crate::peers::{self as peer_table, Comparison};

/// The stack budgets the recommendations are given for (kB of 1,024 bytes).
pub const BUDGETS_KB: [u64; 6] = [4, 8, 12, 16, 32, 64];

/// The operation as a noun (`sign`: "signing").
pub fn verb(op: &str) -> &str {
    Op::parse(op).map_or(op, |o| o.verb())
}

/// The fastest within each stack budget, one row per budget.
pub fn recommendations(g: &Group) -> Vec<Vec<String>> {
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

/// The closing section of a target page: how it was measured and what the cycle model
/// leaves out.
pub fn method(profile: &Profile) -> Vec<Block> {
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
pub fn comparison_blocks(comps: &[&Comparison], level: u8) -> Vec<Block> {
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

/// The heading of a scheme's section on a target page (its anchor is
/// [`slug`](super::doc::slug) of it).
pub fn scheme_heading(scheme: Scheme, target: &str) -> String {
    format!("{} on {target}", title(scheme))
}

/// `ML-DSA-65`, `CROSS-RSDP-1-SMALL`, `SNTRUP761`.
pub fn title(scheme: Scheme) -> String {
    scheme.name().to_uppercase()
}

/// What the three run counts are of, for a scheme.
pub fn run_names(scheme: Scheme) -> &'static str {
    if scheme.is_kem() {
        "(key generations / encapsulations / decapsulations)"
    } else {
        "(key generations / signed messages / verifications)"
    }
}

/// The schemes of `groups`, in order of appearance.
pub fn schemes_of<'a>(groups: impl Iterator<Item = &'a Group>) -> Vec<Scheme> {
    let mut out = Vec::new();
    for g in groups {
        if !out.contains(&g.scheme) {
            out.push(g.scheme);
        }
    }
    out
}

/// What each scheme's sweep covered, as a table (with why not everything is swept).
pub fn coverage_blocks(plan: &Plan, schemes: &[Scheme], level: u8) -> Vec<Block> {
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

/// The heading of an operation's section on a target page.
pub fn op_heading(g: &Group) -> String {
    format!("{} {} on {}", title(g.scheme), verb(g.op), g.target)
}
