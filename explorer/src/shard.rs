//! `--shard K/N`: a sweep split into N parts that separate machines measure, each into
//! its own cache (joined again by `pq-explore merge`). The split depends only on the
//! sweep's list and the tree, never on a machine's cache, so every machine computes the
//! same parts; it balances expected seconds, not counts.

use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

/// One part of a sweep: part `index` (1-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// K, from 1.
    pub index: usize,
    /// N.
    pub count: usize,
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Parses `K/N` (1 <= K <= N <= 10,000).
pub fn parse(text: &str) -> Result<Shard, String> {
    let err = |why: &str| format!("invalid shard {text:?}: {why} (K/N, e.g. 2/8)");
    let (k, n) = text.split_once('/').ok_or_else(|| err("no '/'"))?;
    let k: usize = k.trim().parse().map_err(|_| err("K is not a number"))?;
    let n: usize = n.trim().parse().map_err(|_| err("N is not a number"))?;
    if n == 0 || n > 10_000 {
        return Err(err("N must be 1 to 10,000"));
    }
    if k == 0 || k > n {
        return Err(err("K must be 1 to N"));
    }
    Ok(Shard { index: k, count: n })
}

impl Shard {
    /// Which of the jobs with these expected costs are this part's: the longest first,
    /// each to the part with the least expected time so far (ties: the lower part, the
    /// earlier job).
    pub fn mine(&self, costs: &[f64]) -> Vec<bool> {
        let mut order: Vec<usize> = (0..costs.len()).collect();
        order.sort_by(|&a, &b| costs[b].total_cmp(&costs[a]).then(a.cmp(&b)));
        let mut load = vec![0.0f64; self.count];
        let mut mine = vec![false; costs.len()];
        for i in order {
            let part = (0..self.count)
                .min_by(|&a, &b| load[a].total_cmp(&load[b]).then(a.cmp(&b)))
                .expect("at least one part");
            load[part] += costs[i];
            mine[i] = part + 1 == self.index;
        }
        mine
    }
}

/// Seconds a firmware build takes, for the estimates (an incremental build of one
/// combination on one core).
pub const BUILD_SECONDS: f64 = 6.0;
/// Model cycles the emulator runs per second with the cycle model's hooks, for the
/// estimates.
pub const CYCLES_PER_SECOND: f64 = 50e6;
/// Model cycles assumed for an operation the committed report has no figure of.
const UNKNOWN_CYCLES: f64 = 20e6;

/// The expected seconds of building and measuring one combination of `scheme` on
/// `target` with `runs` key generations, signatures (or encapsulations) and
/// verifications (or decapsulations): a build, and the operations' cycles from the
/// committed architecture report (docs/reports/summary.json) at the emulator's speed.
pub fn expected_seconds(target: &str, scheme: &str, ops: &[&str], runs: [usize; 3]) -> f64 {
    let figures = report_cycles();
    let emulated: f64 = ops
        .iter()
        .zip(runs)
        .map(|(op, n)| {
            let cycles = figures
                .get(&(target.to_string(), scheme.to_string(), op.to_string()))
                .copied()
                .unwrap_or(UNKNOWN_CYCLES);
            cycles * n.max(1) as f64
        })
        .sum();
    BUILD_SECONDS + emulated / CYCLES_PER_SECOND
}

/// (target, scheme, op) to mean model cycles of the committed report's cells.
fn report_cycles() -> &'static HashMap<(String, String, String), f64> {
    static FIGURES: OnceLock<HashMap<(String, String, String), f64>> = OnceLock::new();
    FIGURES.get_or_init(|| {
        let path = crate::workspace::root().join("docs/reports/summary.json");
        std::fs::read(path)
            .ok()
            .map(|bytes| parse_summary(&bytes))
            .unwrap_or_default()
    })
}

/// The cycles in a summary.json: each row's cells are `"5.29 M · 7.2 kB · ..."`, one
/// per target (`"m0 (STM32F091RC)"`); cells without a figure are left out.
fn parse_summary(bytes: &[u8]) -> HashMap<(String, String, String), f64> {
    let mut out = HashMap::new();
    let Ok(v) = serde_json::from_slice::<serde_json::Value>(bytes) else {
        return out;
    };
    let targets: Vec<String> = v["targets"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|t| t.as_str()?.split_whitespace().next().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    for row in v["rows"].as_array().into_iter().flatten() {
        let (Some(scheme), Some(op)) = (row["scheme"].as_str(), row["op"].as_str()) else {
            continue;
        };
        for (t, cell) in targets
            .iter()
            .zip(row["cells"].as_array().into_iter().flatten())
        {
            let millions = cell
                .as_str()
                .and_then(|c| c.split_once(" M"))
                .and_then(|(n, _)| n.trim().parse::<f64>().ok());
            if let Some(m) = millions {
                out.insert((t.clone(), scheme.to_string(), op.to_string()), m * 1e6);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsing() {
        assert_eq!(parse("2/8"), Ok(Shard { index: 2, count: 8 }));
        assert_eq!(parse(" 1 / 1 "), Ok(Shard { index: 1, count: 1 }));
        for bad in ["0/4", "5/4", "1/0", "a/2", "3", "1/20000", ""] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_parts_cover_every_job_once_and_balance_the_cost() {
        // Costs as a report mixes them: a few long ML-DSA-87 sweeps, many short ones.
        let costs: Vec<f64> = (0..97)
            .map(|i| {
                if i % 10 == 0 {
                    120.0
                } else {
                    8.0 + (i % 7) as f64
                }
            })
            .collect();
        let total: f64 = costs.iter().sum();
        for n in 1..=6 {
            let parts: Vec<Vec<bool>> = (1..=n)
                .map(|k| Shard { index: k, count: n }.mine(&costs))
                .collect();
            for i in 0..costs.len() {
                assert_eq!(
                    parts.iter().filter(|p| p[i]).count(),
                    1,
                    "job {i}, {n} parts"
                );
            }
            let loads: Vec<f64> = parts
                .iter()
                .map(|p| (0..costs.len()).filter(|&i| p[i]).map(|i| costs[i]).sum())
                .collect();
            let most = loads.iter().cloned().fold(0.0, f64::max);
            // Greedy longest-first is within the longest job of the mean.
            assert!(most <= total / n as f64 + 120.0, "{n} parts: {loads:?}");
        }
        // Balanced by cost, not count: the part with a 120 s job has fewer jobs.
        let two: Vec<usize> = (1..=2)
            .map(|k| {
                Shard { index: k, count: 2 }
                    .mine(&costs)
                    .iter()
                    .filter(|m| **m)
                    .count()
            })
            .collect();
        assert_eq!(two.iter().sum::<usize>(), 97);
    }

    #[test]
    fn the_report_figures_parse() {
        let json = br#"{"targets": ["m0 (STM32F091RC)", "m4 (STM32F407)"],
            "rows": [{"scheme": "ml-dsa-44", "op": "sign",
                      "cells": ["27.62 M \u00b7 5.4 kB \u00b7 `small-stack`", "nothing fits"]}]}"#;
        let f = parse_summary(json);
        assert_eq!(f.len(), 1);
        let c = f[&("m0".into(), "ml-dsa-44".into(), "sign".into())];
        assert!((c - 27.62e6).abs() < 1.0);
        assert!(parse_summary(b"not json").is_empty());
        // The committed report gives ML-DSA-65 signing on the M4 a figure.
        assert!(report_cycles().contains_key(&("m4".into(), "ml-dsa-65".into(), "sign".into())));
    }
}
