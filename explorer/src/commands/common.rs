//! What the commands share: the error type, and the arguments every command checks the
//! same way (targets, schemes, opt-levels, workers, the board) into a sweep's spec.

use pqfit_profiles::board::Board;
use pqfit_profiles::{Profile, Scheme};

use crate::cache;
use crate::cli::BuildArgs;
use crate::ct;
use crate::schemes;
use crate::sweep;
use crate::workspace;

/// A command's result: any error, printed by `main`.
pub type Res<T> = Result<T, Box<dyn std::error::Error>>;

/// The firmware build flag that leaves out `pqfit_core::ct`'s value barriers.
pub const NO_BARRIERS: &str = "--cfg=pqfit_insecure_no_value_barriers";

/// The constant-time check found a leak (or could not run): exit status 1.
#[derive(Debug)]
pub struct LeakFound(pub String);

impl std::fmt::Display for LeakFound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LeakFound {}

/// Loads `--board` when given.
pub fn load_board(arg: Option<&str>) -> Result<Option<Board>, String> {
    arg.map(|a| Board::load(a).map_err(|e| e.to_string()))
        .transpose()
}

/// The `--target` of a command with an optional board: the board's own target when
/// `--target` is left out (or is `all`), an error when it names another.
pub fn board_target(
    target: Option<String>,
    default: &str,
    board: Option<&Board>,
) -> Result<String, String> {
    match (board, target) {
        (None, t) => Ok(t.unwrap_or_else(|| default.to_string())),
        (Some(b), None) => Ok(b.target.clone()),
        (Some(b), Some(t)) if t == b.target || t == "all" => Ok(b.target.clone()),
        (Some(b), Some(t)) => Err(format!(
            "--board {} extends the {} profile, not --target {t} (leave --target out)",
            b.name, b.target
        )),
    }
}

/// The profiles that are emulated (not the host).
pub fn embedded_targets() -> Res<Vec<String>> {
    let mut out = Vec::new();
    for name in Profile::names() {
        let p = Profile::load(&name)?;
        if p.isa != pqfit_profiles::profile::Isa::Host {
            out.push(name);
        }
    }
    Ok(out)
}

/// `--target`: `all` (every emulated target) or a comma-separated list of them.
pub fn targets_arg(s: &str) -> Res<Vec<String>> {
    let all = embedded_targets()?;
    if s == "all" {
        return Ok(all);
    }
    let mut out = Vec::new();
    for t in s.split(',').map(str::trim) {
        if !all.iter().any(|a| a == t) {
            return Err(format!("unknown target {t:?}: expected {} or all", all.join(", ")).into());
        }
        if !out.iter().any(|o| o == t) {
            out.push(t.to_string());
        }
    }
    Ok(out)
}

/// `--scheme` and `--category`: `crate::schemes::select`.
pub fn schemes_arg(s: &str, category: Option<u8>) -> Res<Vec<Scheme>> {
    Ok(schemes::select(s, category)?)
}

/// `--peers`: the peers measured too, or not.
pub fn peer_mode(peers: bool) -> sweep::PeerMode {
    if peers {
        sweep::PeerMode::With
    } else {
        sweep::PeerMode::Without
    }
}

/// The constant-time check's runs and workers when `--ct` asks for it.
pub fn ct_args(b: &BuildArgs, spec: &sweep::Spec) -> Option<(usize, usize)> {
    b.ct.then_some((ct::DEFAULT_RUNS, spec.jobs))
}

/// An `--opt-level`: 0 to 3, s or z.
pub fn check_opt_level(o: &str) -> Res<String> {
    if !matches!(o, "0" | "1" | "2" | "3" | "s" | "z") {
        return Err(format!("--opt-level {o:?}: expected 0-3, s or z").into());
    }
    Ok(o.to_string())
}

/// `--jobs`: at least 1; by default the number of cores.
pub fn jobs_arg(jobs: Option<usize>) -> Res<usize> {
    match jobs {
        Some(0) => Err("--jobs must be at least 1".into()),
        Some(n) => Ok(n),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// The sweep's spec from a command's target, scheme, category and build options.
/// With `--shard`, what the part did (its measurements are in the cache) and how to go
/// on; the caller stops there, since part of a sweep answers nothing. `false` without
/// `--shard`.
pub fn shard_done(spec: &sweep::Spec, sweep: &sweep::Sweep) -> bool {
    let Some(shard) = spec.shard else {
        return false;
    };
    let failed = sweep.outcomes.iter().filter(|o| o.result.is_err()).count();
    let cache = spec
        .cache
        .as_ref()
        .map(|c| c.dir().display().to_string())
        .unwrap_or_else(|| "nowhere (--no-cache)".into());
    println!(
        "shard {shard}: {} combinations ({} measured, {} from the cache, {failed} failed) \
         in {}; entries in {cache}. Join every part's cache with `pq-explore merge DIR...`, \
         then run the same command without --shard.",
        sweep.outcomes.len(),
        sweep.measured,
        sweep.cached,
        crate::format::duration(sweep.seconds)
    );
    true
}

pub fn spec(
    target: Option<String>,
    scheme: &str,
    category: Option<u8>,
    b: &BuildArgs,
    peers: sweep::PeerMode,
) -> Res<sweep::Spec> {
    let board = load_board(b.board.as_deref())?;
    let target = board_target(target, "m4", board.as_ref())?;
    let mut opt_levels: Vec<String> = Vec::new();
    for level in b.opt_level.split(',').map(str::trim) {
        let level = check_opt_level(level)?;
        if !opt_levels.contains(&level) {
            opt_levels.push(level);
        }
    }
    let jobs = jobs_arg(b.jobs)?;
    Ok(sweep::Spec {
        targets: targets_arg(&target)?,
        schemes: schemes_arg(scheme, category)?,
        presets_only: b.presets_only,
        keccak: b.keccak,
        hardened: b.hardened,
        opt_levels,
        runs: [
            b.keygen_runs as usize,
            b.sign_runs as usize,
            b.verify_runs as usize,
        ],
        jobs,
        cache: if b.no_cache {
            None
        } else {
            Some(cache::Cache::new(
                b.cache_dir
                    .clone()
                    .unwrap_or_else(workspace::default_cache_dir),
            ))
        },
        peers,
        board,
        dedup: !b.no_dedup,
        shard: b.shard,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_target_is_the_boards() {
        let f103 = Board::load("stm32f103").unwrap();
        assert_eq!(board_target(None, "m4", None).unwrap(), "m4");
        assert_eq!(
            board_target(Some("rv32".into()), "m4", None).unwrap(),
            "rv32"
        );
        assert_eq!(board_target(None, "m4", Some(&f103)).unwrap(), "m3");
        assert_eq!(
            board_target(Some("all".into()), "all", Some(&f103)).unwrap(),
            "m3"
        );
        assert_eq!(
            board_target(Some("m3".into()), "m4", Some(&f103)).unwrap(),
            "m3"
        );
        let e = board_target(Some("m4".into()), "m4", Some(&f103)).unwrap_err();
        assert!(e.contains("extends the m3 profile"), "{e}");
        assert!(load_board(Some("no-such-board")).is_err());
        assert!(load_board(None).unwrap().is_none());
    }
}
