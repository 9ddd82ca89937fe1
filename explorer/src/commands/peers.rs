//! `pq-explore peers`: the peers of each scheme measured in the same harness, side by side
//! (with `--ours`, next to pqfit's presets); with `--pqm4 DIR`, pqm4-layout
//! implementations built from a checkout instead of the crates.io peers.

use std::path::PathBuf;

use pqfit_profiles::pqm4::{self as pqm4_impl, Impl, Pqm4Request};

use super::common::{spec, Res};
use pqfit_profiles::OpReport;
use serde::{Deserialize, Serialize};

use crate::cache::{Cache, Key};
use crate::cli::PeersArgs;
use crate::combos::KeccakAxis;
use crate::peers::{self, pqm4};
use crate::sweep::{self, PeerMode};
use crate::workspace;

/// Measures the peers and prints the comparison.
pub fn run(a: PeersArgs) -> Res<()> {
    let PeersArgs {
        target,
        scheme,
        ours,
        pqm4: dirs,
        format,
        build,
    } = a;
    if !dirs.is_empty() {
        return run_pqm4(&dirs, target, ours, format, &build);
    }
    let mut spec = spec(target, &scheme, None, &build, PeerMode::Only)?;
    if ours {
        spec.peers = PeerMode::With;
        spec.presets_only = true;
        spec.keccak = KeccakAxis::Default;
    }
    if !spec
        .schemes
        .iter()
        .any(|s| pqfit_profiles::peers::for_scheme(*s).next().is_some())
    {
        let names: Vec<String> = pqfit_profiles::peers::PEERS
            .iter()
            .map(|p| format!("{} ({})", p.name, p.scheme.name()))
            .collect();
        return Err(format!("no peers for {scheme}: the peers are {}", names.join(", ")).into());
    }
    let sweep = sweep::run(&spec)?;
    if super::common::shard_done(&spec, &sweep) {
        return Ok(());
    }
    print!(
        "{}",
        peers::render(format, &sweep, &peers::comparisons(&sweep))
    );
    Ok(())
}

/// `peers --pqm4 DIR...`: each implementation on each target (cached by its sources,
/// the checkout's common code and the build flags), with `--ours` next to pqfit's presets
/// of the schemes pqfit implements.
fn run_pqm4(
    dirs: &[PathBuf],
    target: Option<String>,
    ours: bool,
    format: crate::format::Format,
    build: &crate::cli::BuildArgs,
) -> Res<()> {
    let imps: Vec<Impl> = dirs
        .iter()
        .map(|d| Impl::locate(d))
        .collect::<Result<_, _>>()?;
    let mut checked: Vec<&str> = imps
        .iter()
        .filter(|i| i.checked().is_some())
        .map(|i| i.scheme.as_str())
        .collect();
    checked.dedup();
    let schemes = if checked.is_empty() {
        "ml-dsa-65".to_string()
    } else {
        checked.join(",")
    };
    let mut spec = spec(target, &schemes, None, build, PeerMode::Without)?;
    spec.presets_only = true;
    spec.keccak = KeccakAxis::Default;
    let comps = if ours && !checked.is_empty() {
        let sweep = sweep::run(&spec)?;
        peers::all_comparisons(&sweep)
    } else {
        Vec::new()
    };
    let (rows, measured, cached) = pqm4_rows(&imps, &spec)?;
    let (comps, others) = pqm4::join(comps, &rows);
    print!(
        "{}",
        pqm4::render(format, &comps, &others, (measured, cached))
    );
    Ok(())
}

/// Measures each pqm4-layout implementation on each of `spec`'s targets with its runs
/// (cached by the implementation's sources, the checkout's common code and the build
/// flags): the rows, and how many were measured and taken from the cache.
pub(super) fn pqm4_rows(imps: &[Impl], spec: &sweep::Spec) -> Res<(Vec<pqm4::Row>, usize, usize)> {
    let sources = crate::cache::source_hash(&workspace::root())?;
    // In a folder of their own: `merge` and the sweep read the cache's own entries only.
    let cache = spec
        .cache
        .as_ref()
        .map(|c| Cache::new(c.dir().join("pqm4")));
    let [keygen_runs, sign_runs, verify_runs] = spec.runs;
    let (mut measured, mut cached) = (0, 0);
    let mut rows = Vec::new();
    for t in &spec.targets {
        for imp in imps {
            let key = Key::new(
                &format!("{sources}+{}", imp.source_hash(t)?),
                t,
                &imp.scheme,
                &format!("{}@{}", imp.record(), imp.dir.display()),
                "3",
                spec.runs,
            );
            let hit = cache
                .as_ref()
                .and_then(|c| c.read::<Pqm4Entry>(&key).ok().flatten())
                .filter(|e| e.key == key && plausible(&e.ops, imp))
                .map(|e| e.ops);
            let (ops, from_cache) = match hit {
                Some(ops) => (Ok(ops), true),
                None => {
                    eprintln!("pq-explore: building {} for {t}", imp.label());
                    let req = Pqm4Request {
                        keygen_runs,
                        sign_runs,
                        verify_runs,
                        ..Pqm4Request::new(t)
                    };
                    let res = pqm4_impl::measure(&req, imp, None);
                    if let (Ok(m), Some(c)) = (&res, &cache) {
                        c.write(
                            &key,
                            &Pqm4Entry {
                                key: key.clone(),
                                ops: m.ops.clone(),
                            },
                        )?;
                    }
                    (res.map(|m| m.ops).map_err(|e| e.to_string()), false)
                }
            };
            if from_cache {
                cached += 1;
            } else {
                measured += 1;
            }
            rows.push(pqm4::Row {
                target: t.clone(),
                imp: imp.clone(),
                commit: commit(&imp.root),
                ops,
                cached: from_cache,
            });
        }
    }
    Ok((rows, measured, cached))
}

/// A cached measurement of a pqm4-layout implementation.
#[derive(Serialize, Deserialize)]
struct Pqm4Entry {
    /// What it was measured under.
    key: Key,
    /// One report per operation.
    ops: Vec<OpReport>,
}

/// Whether cached figures are the implementation's: its operations, in order, each with
/// its record and ordered, non-zero figures.
fn plausible(ops: &[OpReport], imp: &Impl) -> bool {
    ops.len() == 3
        && ops.iter().zip(imp.ops()).all(|(r, op)| {
            let c = r.cycles;
            r.op == op.name()
                && r.strategy == imp.record()
                && r.runs > 0
                && c.min > 0
                && c.min <= c.avg
                && c.avg <= c.max
                && r.stack_bytes > 0
        })
}

/// The checkout's commit, when it is a git checkout.
fn commit(root: &std::path::Path) -> Option<String> {
    let out = std::process::Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}
