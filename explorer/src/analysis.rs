//! From a sweep's outcomes to answers: one group per (target, scheme, operation), its
//! rows, its Pareto fronts and the fastest combination within the budgets.

use pqfit_profiles::{Op, OpReport, Promise, Promised, Scheme};
use serde::Serialize;

use crate::combos::Candidate;
use crate::pareto;
use crate::sweep::Sweep;

/// Every operation of every scheme (each scheme has three of them: `Scheme::ops`).
pub const OPS: [&str; 6] = [
    "keygen",
    "sign",
    "verify",
    "sign-expanded",
    "encaps",
    "decaps",
];

/// Stack, flash and RAM limits (bytes); `None` is no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Budgets {
    /// Stack high-water mark.
    pub stack: Option<u64>,
    /// Flash of the firmware.
    pub flash: Option<u64>,
    /// Stack plus the state kept across calls (.data + .bss).
    pub ram: Option<u64>,
}

impl Budgets {
    /// No budget at all.
    pub fn is_empty(&self) -> bool {
        self.stack.is_none() && self.flash.is_none() && self.ram.is_none()
    }

    /// How far `r` is over each budget: (budget name, bytes over).
    pub fn excess(&self, r: &OpReport) -> Vec<(&'static str, u64)> {
        let mut out = Vec::new();
        let checks = [
            ("stack", self.stack, r.stack_bytes),
            ("flash", self.flash, r.flash_bytes.total),
            ("RAM", self.ram, ram(r)),
        ];
        for (name, budget, used) in checks {
            if let Some(b) = budget {
                if used > b {
                    out.push((name, used - b));
                }
            }
        }
        out
    }
}

/// Stack plus static RAM.
pub fn ram(r: &OpReport) -> u64 {
    r.stack_bytes.saturating_add(r.static_ram_bytes)
}

/// One combination's figures for one operation.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// Short name (`small-stack`, or the `Custom<...>` type).
    pub name: String,
    /// The label on plots: an ML-DSA preset's type name, or an NTRU Prime multiplication.
    pub preset: Option<&'static str>,
    /// The declaration to paste.
    pub rust_type: String,
    /// The figures, as `pq-explore measure` gives them (absent when it failed).
    #[serde(flatten)]
    pub report: Option<OpReport>,
    /// Stack plus static RAM.
    pub ram_bytes: Option<u64>,
    /// Why there are no figures.
    pub error: Option<String>,
    /// Taken from the cache.
    pub cached: bool,
    /// On the Pareto front of (stack, flash, cycles).
    pub on_front: bool,
    /// On the front of (stack, cycles).
    pub on_stack_front: bool,
    /// On the front of (flash, cycles).
    pub on_flash_front: bool,
    /// Within every budget given (`None` without figures).
    pub fits: Option<bool>,
    /// `checked` (the firmware passed the constant-time trace check), `leak`, or `not
    /// checked` (no verdict in the cache: run `pq-explore ct` or the sweep with `--ct`).
    pub constant_time: &'static str,
    /// The released count of the largest cached fault-injection campaign of this
    /// firmware and operation (`pq-explore faults`, docs/faults.md): `null` when none
    /// ran. Filled by [`fill_faults`].
    pub faults: Option<crate::faults::Summary>,
    /// Another implementation measured for comparison (`package version`): never on a
    /// front, never an answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peer: Option<String>,
    #[serde(skip)]
    /// The strategy.
    pub candidate: Candidate,
}

impl Row {
    /// The figures, when the combination built and ran.
    pub fn ok(&self) -> Option<&OpReport> {
        self.report.as_ref()
    }

    /// The figures of a pqfit combination (not a peer's) that built and ran.
    pub fn ours(&self) -> Option<&OpReport> {
        self.ok().filter(|_| self.peer.is_none())
    }
}

/// The answer of a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The fastest combination within the budgets (row index).
    Best(usize),
    /// Nothing fits: the smallest combination (by stack, then RAM, then flash) and how
    /// far over each budget it is.
    NothingFits {
        /// Row index.
        smallest: usize,
        /// (budget, bytes over).
        over: Vec<(&'static str, u64)>,
    },
    /// No combination built and ran.
    NoResults,
}

/// One (target, scheme, operation).
#[derive(Clone, Debug)]
pub struct Group {
    /// Profile name.
    pub target: String,
    /// Parameter set.
    pub scheme: Scheme,
    /// `keygen`, `sign` or `verify`.
    pub op: &'static str,
    /// Every combination, in sweep order.
    pub rows: Vec<Row>,
    /// The answer.
    pub answer: Answer,
    /// The budgets applied.
    pub budgets: Budgets,
}

/// Groups the sweep by (target, scheme, op) for the operations asked, in sweep order.
pub fn groups(sweep: &Sweep, ops: &[&'static str], budgets: Budgets) -> Vec<Group> {
    let mut out: Vec<Group> = Vec::new();
    for o in &sweep.outcomes {
        for &op in ops.iter().filter(|op| o.scheme.has_op(op)) {
            let pos = out
                .iter()
                .position(|g| g.target == o.target && g.scheme == o.scheme && g.op == op);
            let g = match pos {
                Some(i) => &mut out[i],
                None => {
                    out.push(Group {
                        target: o.target.clone(),
                        scheme: o.scheme,
                        op,
                        rows: Vec::new(),
                        answer: Answer::NoResults,
                        budgets,
                    });
                    out.last_mut().expect("just pushed")
                }
            };
            let (report, error) = match &o.result {
                Ok(ops) => match ops.iter().find(|r| r.op == op) {
                    Some(r) => (Some(r.clone()), None),
                    None => (None, Some(format!("{op} was not measured"))),
                },
                Err(e) => (None, Some(e.clone())),
            };
            // The default level is the plain name; other levels are marked, and their
            // declaration says how to build it.
            let default_level = o.opt_level == "3";
            g.rows.push(Row {
                name: if default_level {
                    o.candidate.name()
                } else {
                    format!("{} -O{}", o.candidate.name(), o.opt_level)
                },
                preset: o.candidate.label().filter(|_| default_level),
                rust_type: if default_level {
                    o.candidate.rust_type(o.scheme)
                } else {
                    format!(
                        "{} // [profile.release] opt-level = \"{}\"",
                        o.candidate.rust_type(o.scheme),
                        o.opt_level
                    )
                },
                ram_bytes: report.as_ref().map(ram),
                fits: report.as_ref().map(|r| budgets.excess(r).is_empty()),
                peer: o.candidate.peer().map(|p| p.label()),
                report,
                error,
                cached: o.cached,
                constant_time: crate::ct::column(o.constant_time),
                faults: None,
                on_front: false,
                on_stack_front: false,
                on_flash_front: false,
                candidate: o.candidate,
            });
        }
    }
    for g in &mut out {
        mark_fronts(&mut g.rows);
        g.answer = answer(&g.rows, &budgets);
    }
    out
}

/// Gives every row of pqfit that built and ran its `faults` from `index` (peers are not
/// fault-tested).
pub fn fill_faults(groups: &mut [Group], index: &crate::faults::Index) {
    for g in groups {
        for row in &mut g.rows {
            row.faults = row.ours().and_then(|r| {
                index.get(
                    &g.target,
                    g.scheme,
                    &row.candidate.type_path(),
                    &r.opt_level,
                    g.op,
                )
            });
        }
    }
}

/// Marks pqfit's fronts (peers are drawn beside them, not part of them).
fn mark_fronts(rows: &mut [Row]) {
    let ok: Vec<usize> = (0..rows.len())
        .filter(|&i| rows[i].ours().is_some())
        .collect();
    let fig = |i: usize| rows[i].ok().expect("filtered");
    let pts3: Vec<[u64; 3]> = ok
        .iter()
        .map(|&i| {
            let r = fig(i);
            [r.stack_bytes, r.flash_bytes.total, r.cycles.avg]
        })
        .collect();
    let stack2: Vec<[u64; 2]> = pts3.iter().map(|p| [p[0], p[2]]).collect();
    let flash2: Vec<[u64; 2]> = pts3.iter().map(|p| [p[1], p[2]]).collect();
    let f3 = pareto::front(&pts3);
    let fs = pareto::front(&stack2);
    let ff = pareto::front(&flash2);
    for (k, &i) in ok.iter().enumerate() {
        rows[i].on_front = f3.contains(&k);
        rows[i].on_stack_front = fs.contains(&k);
        rows[i].on_flash_front = ff.contains(&k);
    }
}

/// The fastest pqfit combination (mean cycles; then less stack, then less flash) among
/// those within the budgets; else the smallest and its excess. Peers are never an answer.
pub fn answer(rows: &[Row], budgets: &Budgets) -> Answer {
    let ok = || {
        rows.iter()
            .enumerate()
            .filter_map(|(i, r)| r.ours().map(|x| (i, x)))
    };
    let best = ok()
        .filter(|(_, r)| budgets.excess(r).is_empty())
        .min_by_key(|(_, r)| (r.cycles.avg, r.stack_bytes, r.flash_bytes.total));
    if let Some((i, _)) = best {
        return Answer::Best(i);
    }
    match ok().min_by_key(|(_, r)| (r.stack_bytes, ram(r), r.flash_bytes.total, r.cycles.avg)) {
        Some((i, r)) => Answer::NothingFits {
            smallest: i,
            over: budgets.excess(r),
        },
        None => Answer::NoResults,
    }
}

/// A preset that breaks the promise of its name: another row does better.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameIssue {
    /// The preset.
    pub preset: &'static str,
    /// The promise broken.
    pub promise: Promise,
    /// The operation.
    pub op: Op,
    /// The row that does better.
    pub better: String,
    /// Its figure (mean cycles or stack bytes, as the promise says).
    pub theirs: u64,
    /// The preset's own figure.
    pub own: u64,
}

/// Where a group breaks a promise of a preset's name (its family's
/// [`Family::promises`](pqfit_profiles::Family::promises) for the group's operation:
/// ML-DSA's `fast-sign` the fastest signer, ML-KEM's `small-stack` the smallest in
/// every operation, ...) among the rows measured at the default optimisation level
/// with the target's default Keccak backend: the backend is an axis of its own that
/// every preset takes (`small-stack + Sha3Crate` trades 2.4 times the cycles for 36
/// bytes of stack), so a promise is about the memory components. One issue per broken
/// promise (none for a preset not in the group).
pub fn preset_name_issues(g: &Group) -> Vec<NameIssue> {
    let Some(op) = Op::parse(g.op) else {
        return Vec::new();
    };
    let promises: Vec<Promised> = g
        .scheme
        .family()
        .promises
        .iter()
        .filter(|p| p.ops.contains(&op))
        .copied()
        .collect();
    let rows: Vec<(&str, &OpReport)> = g
        .rows
        .iter()
        .filter(|r| !r.rust_type.contains("opt-level"))
        .filter(|r| {
            !matches!(
                r.candidate,
                Candidate::Strategy {
                    keccak: Some(_),
                    ..
                }
            )
        })
        // Fault resistance is an axis of its own too: hardened rows make no promise.
        .filter(|r| !r.candidate.is_hardened())
        .filter_map(|r| r.ok().map(|f| (r.name.as_str(), f)))
        .collect();
    name_issues(&promises, op, &rows, |f| (f.cycles.avg, f.stack_bytes))
}

/// [`preset_name_issues`] of `op` over (name, figures) pairs, `key` giving (mean
/// cycles, stack).
pub fn name_issues<T>(
    promises: &[Promised],
    op: Op,
    rows: &[(&str, T)],
    key: impl Fn(&T) -> (u64, u64),
) -> Vec<NameIssue> {
    let mut out = Vec::new();
    for &Promised {
        preset, promise, ..
    } in promises
    {
        let figure = |f: &T| {
            let (cycles, stack) = key(f);
            match promise {
                Promise::Fastest => cycles,
                Promise::Smallest => stack,
            }
        };
        let Some((_, own)) = rows.iter().find(|(n, _)| *n == preset) else {
            continue;
        };
        if let Some((n, f)) = rows.iter().find(|(_, f)| figure(f) < figure(own)) {
            out.push(NameIssue {
                preset,
                promise,
                op,
                better: n.to_string(),
                theirs: figure(f),
                own: figure(own),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combos::{candidates, with_hardened, HardenedAxis, KeccakAxis};
    use crate::sweep::{Outcome, Sweep};
    use pqfit_profiles::families::ML_DSA_65;

    /// The ML-DSA-65 presets and their hardened rows on the M4, with (stack, cycles) of
    /// signing for each.
    fn group(figures: &[(u64, u64)], hardened: HardenedAxis) -> Group {
        let cands = with_hardened(candidates(ML_DSA_65, true, KeccakAxis::Default), hardened);
        assert_eq!(cands.len(), figures.len());
        let outcomes = cands
            .into_iter()
            .zip(figures)
            .map(|(candidate, &(stack, cycles))| Outcome {
                target: "m4".into(),
                scheme: ML_DSA_65,
                candidate,
                opt_level: "3".into(),
                result: Ok(vec![crate::testdata::report("sign", stack, 60_000, cycles)]),
                cached: false,
                constant_time: None,
            })
            .collect();
        let sweep = Sweep {
            outcomes,
            sources: String::new(),
            measured: figures.len(),
            cached: 0,
            stale: 0,
            deduplicated: 0,
            corrupt: Vec::new(),
            seconds: 0.0,
            board: None,
        };
        groups(&sweep, &["sign"], Budgets::default()).remove(0)
    }

    /// Hardened rows are another axis (fault resistance), like the Keccak backends: a
    /// hardened row never breaks a promise of a preset's name, whatever its figures.
    #[test]
    fn preset_name_promises_ignore_hardened_rows() {
        // small-stack, balanced, fast-sign, reference: the promises hold.
        let presets = [
            (9_000, 9_000_000),
            (20_000, 5_000_000),
            (60_000, 2_000_000),
            (70_000, 3_000_000),
        ];
        assert!(preset_name_issues(&group(&presets, HardenedAxis::Without)).is_empty());
        // Hardened rows smaller and faster than every preset (figures made up to test
        // the filter): still no issue.
        let mut all = presets.to_vec();
        all.extend([(1_000, 1_000_000); 4]);
        let g = group(&all, HardenedAxis::With);
        assert_eq!(
            g.rows
                .iter()
                .filter(|r| r.name.starts_with("Hardened<"))
                .count(),
            4
        );
        assert!(preset_name_issues(&g).is_empty());
        // The same figures on a preset row do break the promises (the check can fail).
        let mut broken = presets;
        broken[1] = (1_000, 1_000_000);
        assert_eq!(
            preset_name_issues(&group(&broken, HardenedAxis::Without)).len(),
            2
        );
    }
}
