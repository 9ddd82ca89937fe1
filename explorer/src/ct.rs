//! `pq-explore ct`: the constant-time check of the firmware (see `pqfit_profiles::ct_check`)
//! for targets × schemes × strategies, in parallel and cached like the measurements. The
//! sweep's `constant_time` column reads the same cache.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use pqfit_profiles::firmware::firmware_dir;
use pqfit_profiles::measure::check;
use pqfit_profiles::op::Op;
use pqfit_profiles::record::CtOp;
use pqfit_profiles::CtRequest;
use pqfit_profiles::Scheme;
use serde::{Deserialize, Serialize};

use crate::cache::{Cache, Key};
use crate::combos::{candidates, candidates_on, default_keccak, Candidate, KeccakAxis};
use pqfit_profiles::ct_check::secrets::{DEFAULT_SECRETS, FULL_SECRETS};

/// What to check.
#[derive(Clone, Debug)]
pub struct Spec {
    /// Profile names.
    pub targets: Vec<String>,
    /// Schemes.
    pub schemes: Vec<Scheme>,
    /// Which strategies of each scheme.
    pub strategies: Strategies,
    /// Random secrets per operation (the extreme keys run in addition).
    pub runs: usize,
    /// The seed the secrets derive from.
    pub seed: u64,
    /// Optimisation level.
    pub opt_level: String,
    /// Parallel workers.
    pub jobs: usize,
    /// The cache (`None`: check everything, store nothing).
    pub cache: Option<Cache>,
    /// Extra rustc flags (never cached).
    pub rustflags: Vec<String>,
    /// Only these operations (a partial verdict: never cached).
    pub ops: Option<Vec<Op>>,
}

/// The strategies `pq-explore ct --strategy` checks per scheme.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Strategies {
    /// The presets (`presets`).
    Presets,
    /// Every combination of the sweep (`all`).
    All,
    /// One strategy: a preset or candidate name, a `Custom<...>` or a type path.
    One(String),
}

impl Strategies {
    /// From `--strategy`: `presets`, `all`, or one strategy.
    pub fn parse(arg: &str) -> Strategies {
        match arg {
            "presets" => Strategies::Presets,
            "all" => Strategies::All,
            s => Strategies::One(s.to_string()),
        }
    }
}

/// One firmware's verdict.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Profile name.
    pub target: String,
    /// Scheme.
    pub scheme: Scheme,
    /// Strategy type path.
    pub strategy: String,
    /// Short name (preset or `Custom<...>`).
    pub label: String,
    /// Per operation, or why the check could not run.
    pub result: Result<Vec<CtOp>, String>,
    /// Taken from the cache.
    pub cached: bool,
    /// The seed the verdict was made with (a cached verdict's own).
    pub seed: u64,
}

impl Outcome {
    /// Checked and no operation leaked.
    pub fn clean(&self) -> bool {
        self.result
            .as_ref()
            .is_ok_and(|ops| ops.iter().all(|o| o.leak.is_none()))
    }
}

/// A cached verdict, with the seed and the number of random secrets it was made with
/// (the secrets are also in the key: a verdict of 8 secrets is not one of 64).
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Entry {
    key: Key,
    seed: u64,
    secrets: usize,
    ops: Vec<CtOp>,
}

impl Entry {
    /// The verdict, if the entry is one for `k` (a cache written before the seed was
    /// recorded does not parse, and is checked again).
    fn for_key(self, k: &Key) -> Option<Self> {
        (self.key == *k && self.secrets == k.runs[0]).then_some(self)
    }
}

/// The key of a check: the measurement key's fields, with the random secrets as
/// `[secrets, 0, 0]`.
fn key(sources: &str, target: &str, scheme: Scheme, strategy: &str, opt: &str, runs: usize) -> Key {
    Key::new(sources, target, scheme.name(), strategy, opt, [runs, 0, 0])
}

/// The verdicts are kept beside the measurements, in their own directory.
fn ct_cache(c: &Cache) -> Cache {
    Cache::new(c.dir().join("constant-time"))
}

/// The cached verdict of one firmware, if any: what the sweep's column shows.
pub fn lookup(
    cache: &Cache,
    sources: &str,
    target: &str,
    scheme: Scheme,
    strategy: &str,
    opt: &str,
) -> Option<Vec<CtOp>> {
    let dir = ct_cache(cache);
    // Any number of secrets counts: the default first, then the most.
    std::iter::once(DEFAULT_SECRETS)
        .chain((2..=FULL_SECRETS).rev())
        .find_map(|runs| {
            let k = key(sources, target, scheme, strategy, opt, runs);
            match dir.read::<Entry>(&k) {
                Ok(Some(e)) => e.for_key(&k).map(|e| e.ops),
                _ => None,
            }
        })
}

/// Random secrets per operation by default.
pub const DEFAULT_RUNS: usize = DEFAULT_SECRETS;

/// The type path of a strategy named on the command line: a name or label of one of
/// the scheme's candidates (`small-stack`, `Karatsuba`, `min-stack`, `MinStack`), a
/// `Custom<...>` of component names, or a type path as it is.
fn resolve(scheme: Scheme, name: &str) -> String {
    let found = candidates(scheme, false, KeccakAxis::All)
        .into_iter()
        .find(|c| c.name() == name || c.label() == Some(name) || c.type_path() == name);
    match (found, Candidate::parse(scheme, name)) {
        (Some(c), _) => c.type_path(),
        (None, Some(c)) if !name.contains("::") => c.type_path(),
        _ => scheme.strategy_type(name).unwrap_or_else(|_| name.into()),
    }
}

/// A candidate's short name and type path.
fn label_and_path(c: &Candidate) -> (String, String) {
    (c.name(), c.type_path())
}

/// One firmware to check: target, scheme, short name, strategy type path.
type Job = (String, Scheme, String, String);

/// Runs the checks.
pub fn run(spec: &Spec) -> Result<Vec<Outcome>, String> {
    run_jobs(spec, jobs_of(spec))
}

/// The firmware builds a spec names.
fn jobs_of(spec: &Spec) -> Vec<Job> {
    let mut jobs: Vec<Job> = Vec::new();
    for t in &spec.targets {
        for &s in &spec.schemes {
            let list: Vec<(String, String)> = match &spec.strategies {
                Strategies::One(name) => vec![(name.clone(), resolve(s, name))],
                Strategies::All => candidates_on(s, false, KeccakAxis::Default, default_keccak(t))
                    .iter()
                    .map(label_and_path)
                    .collect(),
                Strategies::Presets => {
                    candidates_on(s, true, KeccakAxis::Default, default_keccak(t))
                        .iter()
                        .map(label_and_path)
                        .collect()
                }
            };
            for (label, path) in list {
                jobs.push((t.clone(), s, label, path));
            }
        }
    }
    jobs
}

fn run_jobs(spec: &Spec, jobs: Vec<Job>) -> Result<Vec<Outcome>, String> {
    let sources = crate::cache::source_hash(&crate::workspace::root())
        .map_err(|e| format!("hashing the sources: {e}"))?;
    let cache = spec
        .cache
        .as_ref()
        .filter(|_| spec.rustflags.is_empty() && spec.ops.is_none())
        .map(ct_cache);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Outcome>>> = Mutex::new(vec![None; jobs.len()]);
    std::thread::scope(|scope| {
        for slot in 0..spec.jobs.clamp(1, jobs.len().max(1)) {
            let (jobs, next, results, cache, sources) = (&jobs, &next, &results, &cache, &sources);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some((target, scheme, label, path)) = jobs.get(i) else {
                    break;
                };
                let k = key(sources, target, *scheme, path, &spec.opt_level, spec.runs);
                let hit = cache.as_ref().and_then(|c| match c.read::<Entry>(&k) {
                    Ok(Some(e)) => e.for_key(&k),
                    _ => None,
                });
                let cached = hit.is_some();
                let seed = hit.as_ref().map_or(spec.seed, |e| e.seed);
                let result = match hit {
                    Some(e) => Ok(e.ops),
                    None => {
                        let mut req = CtRequest::new(target, *scheme, path);
                        req.runs = spec.runs;
                        req.seed = spec.seed;
                        req.opt_level = spec.opt_level.clone();
                        req.rustflags = spec.rustflags.clone();
                        req.ops = spec.ops.clone();
                        req.target_dir = Some(
                            firmware_dir()
                                .join("target")
                                .join(format!("ct-slot-{slot}")),
                        );
                        let r =
                            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(&req)));
                        match r {
                            Ok(Ok(report)) => {
                                if let Some(c) = cache {
                                    let entry = Entry {
                                        key: k.clone(),
                                        seed: spec.seed,
                                        secrets: spec.runs,
                                        ops: report.ops.clone(),
                                    };
                                    if let Err(e) = c.write(&k, &entry) {
                                        eprintln!("pq-explore: cache write failed: {e}");
                                    }
                                }
                                Ok(report.ops)
                            }
                            Ok(Err(e)) => Err(e.to_string()),
                            Err(_) => Err("the constant-time check panicked".into()),
                        }
                    }
                };
                let o = Outcome {
                    target: target.clone(),
                    scheme: *scheme,
                    strategy: path.clone(),
                    label: label.clone(),
                    result,
                    cached,
                    seed,
                };
                eprintln!("pq-explore: {}", line(&o));
                results.lock().unwrap()[i] = Some(o);
            });
        }
    });
    Ok(results
        .into_inner()
        .unwrap()
        .into_iter()
        .flatten()
        .collect())
}

/// One line per firmware: the verdict of each operation.
pub fn line(o: &Outcome) -> String {
    let head = format!("{} {} {}", o.target, o.scheme.name(), o.label);
    match &o.result {
        Err(e) => format!("{head}: not checked: {e}"),
        Ok(ops) => {
            let parts: Vec<String> = ops
                .iter()
                .map(|op| match &op.leak {
                    None => format!(
                        "{} constant-time ({} runs, {} events, {} declassified)",
                        op.op, op.runs, op.events, op.declassifications
                    ),
                    // The leak's detail names the seed and the run.
                    Some(l) => format!("{} LEAK: {l}", op.op),
                })
                .collect();
            format!(
                "{head}{} (seed {}): {}",
                if o.cached { " (cached)" } else { "" },
                pqfit_profiles::ct_check::secrets::show(o.seed),
                parts.join("; ")
            )
        }
    }
}

/// The `constant_time` column of a sweep row.
pub fn column(verdict: Option<bool>) -> &'static str {
    match verdict {
        Some(true) => "checked",
        Some(false) => "leak",
        None => "not checked",
    }
}

/// Fills in the sweep's constant-time verdicts from the cache; with `check`, first runs
/// the check for every firmware of the sweep that has none (cached like `pq-explore
/// ct`).
pub fn annotate(
    sweep: &mut crate::sweep::Sweep,
    cache: Option<&Cache>,
    check: Option<(usize, usize)>,
) -> Result<(), String> {
    annotate_where(sweep, cache, check, |_| true)
}

/// Runs the check (`runs` random secrets, `jobs` workers) for the firmwares `which`
/// names (target, strategy type path, opt-level), then fills in every verdict: how the
/// sweep checks its answers before printing them (docs/explorer.md, "Constant time").
pub fn check_these(
    sweep: &mut crate::sweep::Sweep,
    cache: Option<&Cache>,
    (runs, jobs): (usize, usize),
    which: &[(String, String, String)],
) -> Result<(), String> {
    if which.is_empty() {
        return Ok(());
    }
    annotate_where(sweep, cache, Some((runs, jobs)), |o| {
        which.contains(&(
            o.target.clone(),
            o.candidate.type_path(),
            o.opt_level.clone(),
        ))
    })
}

/// [`annotate`], the checks limited to the outcomes `which` accepts.
fn annotate_where(
    sweep: &mut crate::sweep::Sweep,
    cache: Option<&Cache>,
    check: Option<(usize, usize)>,
    which: impl Fn(&crate::sweep::Outcome) -> bool,
) -> Result<(), String> {
    let Some(cache) = cache else {
        return Ok(());
    };
    if let Some((runs, jobs)) = check {
        for opt_level in unique(sweep.outcomes.iter().map(|o| o.opt_level.clone())) {
            let spec = Spec {
                targets: Vec::new(),
                schemes: Vec::new(),
                strategies: Strategies::All,
                runs,
                seed: pqfit_profiles::ct_check::secrets::choose_seed(None)?,
                opt_level: opt_level.clone(),
                jobs,
                cache: Some(cache.clone()),
                rustflags: Vec::new(),
                ops: None,
            };
            let jobs: Vec<Job> = sweep
                .outcomes
                .iter()
                // Other implementations are measured, not checked.
                .filter(|o| o.opt_level == opt_level && o.candidate.peer().is_none() && which(o))
                .map(|o| {
                    let (label, path) = label_and_path(&o.candidate);
                    (o.target.clone(), o.scheme, label, path)
                })
                .collect();
            run_jobs(&spec, jobs)?;
        }
    }
    for o in &mut sweep.outcomes {
        o.constant_time = lookup(
            cache,
            &sweep.sources,
            &o.target,
            o.scheme,
            &o.candidate.type_path(),
            &o.opt_level,
        )
        .map(|ops| ops.iter().all(|op| op.leak.is_none()));
    }
    Ok(())
}

fn unique<T: PartialEq>(items: impl Iterator<Item = T>) -> Vec<T> {
    let mut out = Vec::new();
    for i in items {
        if !out.contains(&i) {
            out.push(i);
        }
    }
    out
}

/// The column's text: `checked`, `leak` or `error`.
pub fn verdict(ops: &[CtOp]) -> &'static str {
    if ops.iter().all(|o| o.leak.is_none()) {
        "checked"
    } else {
        "leak"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strategies_are_resolved_per_scheme() {
        assert_eq!(
            resolve(pqfit_profiles::families::SNTRUP761, "Karatsuba"),
            "pqfit::ntruprime::Karatsuba"
        );
        assert!(resolve(pqfit_profiles::families::ML_DSA_65, "small-stack").ends_with("SmallStack"));
        assert!(resolve(
            pqfit_profiles::scheme("cross-rsdp-1-fast").unwrap(),
            "min-stack"
        )
        .contains("MinStack"));
        assert_eq!(
            resolve(
                pqfit_profiles::families::ML_DSA_65,
                "pqfit::strategy::Reference"
            ),
            "pqfit::strategy::Reference"
        );
        assert_eq!(column(Some(true)), "checked");
        assert_eq!(column(Some(false)), "leak");
        assert_eq!(column(None), "not checked");
    }
}
