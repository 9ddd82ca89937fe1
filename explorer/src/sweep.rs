//! The sweep engine: builds and measures every (target, scheme, strategy) in parallel, each
//! worker with its own firmware target directory, through the disk cache. A combination
//! that fails to build or run is recorded with its reason; the sweep goes on.

use std::collections::HashMap;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use pqfit_profiles::firmware::firmware_dir;
use pqfit_profiles::{measure, OpReport, Request, Scheme};

use crate::cache::{Cache, Entry, Key, Lookup};
use crate::combos::Candidate;
use crate::workspace;

/// What to sweep.
#[derive(Clone, Debug)]
pub struct Spec {
    /// Profile names.
    pub targets: Vec<String>,
    /// Parameter sets.
    pub schemes: Vec<Scheme>,
    /// Only the presets (ML-DSA) or the main multiplications (NTRU Prime).
    pub presets_only: bool,
    /// Keccak backends crossed with the ML-DSA strategies.
    pub keccak: crate::combos::KeccakAxis,
    /// The fault-hardened presets (`Hardened<preset>`): none, added, or alone.
    pub hardened: crate::combos::HardenedAxis,
    /// Firmware optimisation levels (`3`, `s`, `z`, ...): an axis of the sweep, every
    /// candidate built at each.
    pub opt_levels: Vec<String>,
    /// Key generations, signed messages and verifications per combination.
    pub runs: [usize; 3],
    /// Parallel workers.
    pub jobs: usize,
    /// The cache, or `None` to measure everything and store nothing (`--no-cache`).
    pub cache: Option<Cache>,
    /// Whether the peers (other implementations) are measured too, or alone.
    pub peers: PeerMode,
    /// The board the targets run on (`--board`): its wait states charged, its clock for
    /// the times.
    pub board: Option<pqfit_profiles::board::Board>,
    /// Run an operation once for every combination whose code for it is the same
    /// ([`pqfit_profiles::link`]); `false` (`--no-dedup`) runs every one.
    pub dedup: bool,
    /// Only this part of the combinations (`--shard K/N`).
    pub shard: Option<crate::shard::Shard>,
}

/// Which implementations a sweep measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeerMode {
    /// pqfit's combinations only.
    Without,
    /// pqfit's combinations, then the peers of each scheme.
    With,
    /// The peers only.
    Only,
}

/// One combination's outcome.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Profile name.
    pub target: String,
    /// Parameter set.
    pub scheme: Scheme,
    /// Strategy.
    pub candidate: Candidate,
    /// Optimisation level of the firmware build.
    pub opt_level: String,
    /// Per-operation figures, or why there are none.
    pub result: Result<Vec<OpReport>, String>,
    /// Taken from the cache.
    pub cached: bool,
    /// The constant-time check's verdict on this firmware (`pq-explore ct`, or the
    /// sweep with `--ct`): `Some(true)` when every operation's traces agreed.
    pub constant_time: Option<bool>,
}

/// A sweep's outcomes and what it took.
#[derive(Clone, Debug)]
pub struct Sweep {
    /// In the order of the spec: target, then scheme, then candidate.
    pub outcomes: Vec<Outcome>,
    /// The sources' hash the figures belong to.
    pub sources: String,
    /// Measured now.
    pub measured: usize,
    /// Taken from the cache.
    pub cached: usize,
    /// Cache entries found stale or corrupt (measured again); the reasons for corrupt ones.
    pub stale: usize,
    /// Corrupt entries' reasons.
    pub corrupt: Vec<String>,
    /// Operations not run because another combination's run of the same code gave
    /// their figures.
    pub deduplicated: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The board of the spec, if any.
    pub board: Option<pqfit_profiles::board::Board>,
}

struct Job {
    index: usize,
    target: String,
    scheme: Scheme,
    candidate: Candidate,
    opt_level: String,
    key: Key,
}

/// Runs the sweep.
pub fn run(spec: &Spec) -> Result<Sweep, String> {
    let start = Instant::now();
    let sources = crate::cache::source_hash(&workspace::root())
        .map_err(|e| format!("hashing the sources: {e}"))?;
    let mut jobs = Vec::new();
    for target in &spec.targets {
        for &scheme in &spec.schemes {
            let mut list = match spec.peers {
                PeerMode::Only => Vec::new(),
                _ => crate::combos::with_hardened(
                    crate::combos::candidates_on(
                        scheme,
                        spec.presets_only,
                        spec.keccak,
                        crate::combos::default_keccak(target),
                    ),
                    spec.hardened,
                ),
            };
            if spec.peers != PeerMode::Without {
                list.extend(crate::combos::peer_candidates(scheme));
            }
            for opt_level in &spec.opt_levels {
                for &candidate in &list {
                    let key = Key::new(
                        &sources,
                        target,
                        scheme.name(),
                        &candidate.type_path(),
                        opt_level,
                        spec.runs,
                    )
                    .with_board(spec.board.as_ref().map(|b| b.model_key()));
                    jobs.push(Job {
                        index: jobs.len(),
                        target: target.clone(),
                        scheme,
                        candidate,
                        opt_level: opt_level.clone(),
                        key,
                    });
                }
            }
        }
    }

    if let Some(shard) = spec.shard {
        let costs: Vec<f64> = jobs.iter().map(|j| expected_seconds(spec, j)).collect();
        let mine = shard.mine(&costs);
        jobs.retain(|j| mine[j.index]);
        for (i, j) in jobs.iter_mut().enumerate() {
            j.index = i;
        }
    }
    // Cache lookups first: the bar then counts only what is measured.
    let mut outcomes: Vec<Option<Outcome>> = vec![None; jobs.len()];
    let mut todo = Vec::new();
    // Who runs each operation's code: the first combination built with it (or cached).
    let codes = Mutex::new(HashMap::new());
    let (mut stale, mut corrupt) = (0, Vec::new());
    for job in jobs {
        let lookup = match &spec.cache {
            Some(cache) => cache.get(&job.key),
            None => Lookup::Miss,
        };
        match lookup {
            Lookup::Hit(entry) => {
                if let Ok(mut codes) = codes.lock() {
                    for r in &entry.ops {
                        if let Some(code) = &r.code {
                            codes
                                .entry(code_key(&job, &r.op, code))
                                .or_insert(job.index);
                        }
                    }
                }
                outcomes[job.index] = Some(Outcome {
                    target: job.target,
                    scheme: job.scheme,
                    candidate: job.candidate,
                    opt_level: job.opt_level,
                    result: Ok(entry.ops),
                    cached: true,
                    constant_time: None,
                })
            }
            Lookup::Miss => todo.push(job),
            Lookup::Stale => {
                stale += 1;
                todo.push(job)
            }
            Lookup::Corrupt(why) => {
                eprintln!("pq-explore: corrupt cache entry, measuring again: {why}");
                stale += 1;
                corrupt.push(why);
                todo.push(job)
            }
        }
    }
    let cached = outcomes.iter().filter(|o| o.is_some()).count();
    let measured = todo.len();
    if !todo.is_empty() {
        eprintln!("pq-explore: {}", estimate(spec, &todo));
    }

    let bar = progress(todo.len() as u64);
    let next = AtomicUsize::new(0);
    let done = Mutex::new(Vec::new());
    let workers = spec.jobs.clamp(1, todo.len().max(1));
    std::thread::scope(|s| {
        for slot in 0..workers {
            let (todo, next, done, bar, codes) = (&todo, &next, &done, &bar, &codes);
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = todo.get(i) else { break };
                if let Some(bar) = bar {
                    bar.set_message(format!(
                        "{} {} {} -O{}",
                        job.target,
                        job.scheme.name(),
                        job.candidate.name(),
                        job.opt_level
                    ));
                }
                let t = Instant::now();
                let (result, skipped) = measure_one(spec, job, slot, codes);
                let seconds = t.elapsed().as_secs_f64();
                // An entry with operations taken from another run is stored once they are.
                if let (Ok(ops), true) = (&result, skipped.is_empty()) {
                    store(spec, job, ops);
                }
                let finished = done.lock().map(|d| d.len() + 1).unwrap_or(0);
                let line = format!(
                    "[{finished}/{}] {} {} {}: {}",
                    todo.len(),
                    job.target,
                    job.scheme.name(),
                    job.candidate.name(),
                    match &result {
                        Ok(_) => format!("measured in {seconds:.0} s"),
                        Err(e) => format!("FAILED: {}", e.lines().next().unwrap_or("")),
                    }
                );
                match bar {
                    Some(bar) => {
                        if result.is_err() {
                            bar.println(line);
                        }
                        bar.inc(1);
                    }
                    None => eprintln!("{line}"),
                }
                let outcome = Outcome {
                    target: job.target.clone(),
                    scheme: job.scheme,
                    candidate: job.candidate,
                    opt_level: job.opt_level.clone(),
                    constant_time: None,
                    result: result.clone().map(|r| r.0),
                    cached: false,
                };
                if let Ok(mut d) = done.lock() {
                    d.push((job.index, outcome, result.ok(), skipped));
                }
            });
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let mut deduplicated = 0;
    let mut pending = Vec::new();
    for (index, outcome, measured, skipped) in done.into_inner().unwrap_or_default() {
        outcomes[index] = Some(outcome);
        if let (Some(measured), false) = (measured, skipped.is_empty()) {
            deduplicated += skipped.len();
            pending.push((index, measured, skipped));
        }
    }
    for (index, mut measured, skipped) in pending {
        let job = todo
            .iter()
            .find(|j| j.index == index)
            .expect("every pending index is a job's");
        let filled = fill(&mut measured.0, &skipped, &outcomes);
        let result = match filled {
            Ok(()) => Ok(measured),
            // The run of that code failed: run this combination's own (never fails silently).
            Err(why) => {
                eprintln!(
                    "pq-explore: {why}; measuring {} again",
                    job.candidate.name()
                );
                let (again, _) = measure_one(spec, job, 0, &Mutex::new(HashMap::new()));
                again
            }
        };
        if let Ok(ops) = &result {
            store(spec, job, ops);
        }
        if let Some(o) = outcomes[index].as_mut() {
            o.result = result.map(|r| r.0);
        }
    }
    let outcomes: Vec<Outcome> = outcomes.into_iter().flatten().collect();
    let mut sweep = Sweep {
        outcomes,
        sources,
        measured,
        cached,
        stale,
        corrupt,
        deduplicated,
        seconds: start.elapsed().as_secs_f64(),
        board: spec.board.clone(),
    };
    stamp_times(&mut sweep);
    Ok(sweep)
}

/// Sets every measured operation's time at the sweep's board clock (cached figures too:
/// the cache holds cycles, and the clock is not part of its key).
pub fn stamp_times(sweep: &mut Sweep) {
    let Some(b) = sweep.board.clone() else { return };
    for o in &mut sweep.outcomes {
        if let Ok(ops) = &mut o.result {
            b.stamp(ops);
        }
    }
}

fn progress(len: u64) -> Option<ProgressBar> {
    if len == 0 || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(len);
    let style = ProgressStyle::with_template(
        "{elapsed_precise} [{bar:30}] {pos}/{len} ETA {eta_precise}  {wide_msg}",
    )
    .map(|s| s.progress_chars("=> "));
    if let Ok(style) = style {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(500));
    Some(bar)
}

/// The operations' figures, the instructions emulated, the seconds of emulation and of
/// the firmware build (`None` for a peer, built and run in one step).
type Measured = (Vec<OpReport>, u64, f64, Option<f64>);

/// The expected seconds of one job, from the committed report's figures
/// ([`crate::shard::expected_seconds`]): the same on every machine.
fn expected_seconds(spec: &Spec, job: &Job) -> f64 {
    crate::shard::expected_seconds(
        &job.target,
        job.scheme.name(),
        &job.scheme.op_names(),
        spec.runs,
    )
}

/// What the sweep is about to do and how long it should take: each job's build and
/// emulation seconds as recorded by the cache's entry of the same combination under
/// other sources, else [`expected_seconds`].
fn estimate(spec: &Spec, todo: &[Job]) -> String {
    let (mut seconds, mut timed, mut runs) = (0.0, 0, 0);
    for job in todo {
        let previous = spec.cache.as_ref().and_then(|c| c.previous(&job.key));
        match previous.map(|e| (e.emulation_seconds, e.build_seconds)) {
            Some((emulated, Some(build))) => {
                seconds += emulated + build;
                timed += 1;
            }
            _ => seconds += expected_seconds(spec, job),
        }
        runs += spec.runs.iter().sum::<usize>();
    }
    let workers = spec.jobs.clamp(1, todo.len().max(1));
    let from = if timed == 0 {
        "estimated from the committed report's cycles".to_string()
    } else {
        format!("{timed} of them timed by earlier measurements in the cache")
    };
    format!(
        "measuring {} combinations ({} builds, {} emulated operation runs) with {} workers: \
         about {} ({from})",
        todo.len(),
        todo.len(),
        crate::budget::group(runs as u64),
        workers,
        crate::format::duration(seconds / workers as f64)
    )
}

/// An operation's code on one (target, scheme, opt-level): runs of the same code agree.
type CodeKey = (String, &'static str, String, String, String);

fn code_key(job: &Job, op: &str, code: &str) -> CodeKey {
    (
        job.target.clone(),
        job.scheme.name(),
        job.opt_level.clone(),
        op.to_string(),
        code.to_string(),
    )
}

/// Operations left out of a run, each with the job whose run of the same code gives its
/// figures.
pub(crate) type Skipped = Vec<(String, usize)>;

fn store(spec: &Spec, job: &Job, ops: &Measured) {
    if let Some(cache) = &spec.cache {
        let entry = Entry {
            key: job.key.clone(),
            ops: ops.0.clone(),
            emulated_instructions: ops.1,
            emulation_seconds: ops.2,
            build_seconds: ops.3,
        };
        if let Err(e) = cache.put(&entry) {
            eprintln!("pq-explore: warning: cannot store a cache entry: {e}");
        }
    }
}

/// Builds and measures one combination, leaving out the operations whose code another
/// combination already claimed (with `spec.dedup`); a panic inside the harness becomes
/// an error.
fn measure_one(
    spec: &Spec,
    job: &Job,
    slot: usize,
    codes: &Mutex<HashMap<CodeKey, usize>>,
) -> (Result<Measured, String>, Skipped) {
    let mut req = Request::new(&job.target, job.scheme, &job.candidate.type_path());
    req.opt_level = job.opt_level.clone();
    let [k, s, v] = spec.runs;
    req.keygen_runs = k.max(1);
    req.sign_runs = s;
    req.verify_runs = v;
    req.board = spec.board.clone();
    // Worker 0 shares `pq-explore measure`'s directory; the others build beside it.
    if slot > 0 {
        req.target_dir = Some(firmware_dir().join("target").join(format!("slot-{slot}")));
    }
    let mut skipped = Vec::new();
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        if job.candidate.peer().is_some() {
            return measure(&req).map(|m| (m, None));
        }
        let t = Instant::now();
        let fw = measure::build(&req)?;
        let build = t.elapsed().as_secs_f64();
        if spec.dedup {
            if let Ok(mut codes) = codes.lock() {
                for op in &fw.ops {
                    let first = *codes
                        .entry(code_key(job, op.op.name(), &op.code))
                        .or_insert(job.index);
                    if first != job.index {
                        skipped.push((op.op.to_string(), first));
                    }
                }
            }
        }
        req.skip = skipped.iter().map(|(op, _)| op.clone()).collect();
        measure::run(&req, &fw).map(|m| (m, Some(build)))
    }));
    let result = match caught {
        Ok(Ok((m, build))) => Ok((m.ops, m.emulated_instructions, m.emulation_seconds, build)),
        Ok(Err(e)) => Err(e.to_string()),
        Err(p) => Err(format!(
            "the harness panicked: {}",
            p.downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| p.downcast_ref::<&str>().copied())
                .unwrap_or("(no message)")
        )),
    };
    (result, skipped)
}

/// Gives the left-out operations of a run the figures of the run of the same code
/// (keeping this firmware's own flash and static RAM), or says why it cannot.
pub(crate) fn fill(
    ops: &mut [OpReport],
    skipped: &Skipped,
    outcomes: &[Option<Outcome>],
) -> Result<(), String> {
    for (op, from) in skipped {
        let source = outcomes
            .get(*from)
            .and_then(Option::as_ref)
            .and_then(|o| o.result.as_ref().ok().map(|r| (o, r)))
            .and_then(|(o, r)| Some((o, r.iter().find(|r| &r.op == op && r.runs > 0)?)));
        let Some((outcome, theirs)) = source else {
            return Err(format!("the run of the same {op} code failed"));
        };
        let mine = ops
            .iter_mut()
            .find(|r| &r.op == op)
            .ok_or_else(|| format!("no {op} report to fill"))?;
        if mine.code != theirs.code {
            return Err(format!("the {op} code of the run to copy differs"));
        }
        mine.cycles = theirs.cycles;
        mine.instructions = theirs.instructions;
        mine.stack_bytes = theirs.stack_bytes;
        mine.runs = theirs.runs;
        mine.iterations = theirs.iterations;
        mine.preparation = theirs.preparation.clone();
        mine.time = theirs.time.clone();
        mine.same_code_as = theirs
            .same_code_as
            .clone()
            .or_else(|| Some(outcome.candidate.type_path()));
    }
    Ok(())
}
