//! `pq-explore report`: the sweep of each scheme as its plan says, then the pages.

use pqfit_profiles::pqm4::Impl;

use super::common::{ct_args, peer_mode, spec, Res};
use crate::cli::ReportArgs;
use crate::ct;
use crate::faults::{faults_cache, Index};
use crate::format::duration;
use crate::report::{self, plan};
use crate::sweep::Sweep;

/// Runs the report's sweeps and writes its pages and plots into `--out`.
pub fn run(a: ReportArgs) -> Res<()> {
    let ReportArgs {
        target,
        scheme,
        category,
        full,
        cross_sign_runs,
        out,
        peers,
        pqm4,
        build,
    } = a;
    let spec = spec(Some(target), &scheme, category, &build, peer_mode(peers))?;
    let options = plan::Options {
        full: full
            .as_deref()
            .map(|f| plan::schemes(f, None))
            .transpose()?,
        cross_sign_runs: cross_sign_runs.map(|n| n as usize),
    };
    let command = plan::command_line(std::env::args().skip(1));
    let plan = plan::Plan::new(&spec, &options, command)?;
    let mut sweep = plan.run(&spec)?;
    ct::annotate(&mut sweep, spec.cache.as_ref(), ct_args(&build, &spec))?;
    if super::common::shard_done(&spec, &sweep) {
        return Ok(());
    }
    // The `faults released` column: the cached campaigns of these sources.
    let faults = match &spec.cache {
        Some(c) => Index::load(&faults_cache(c), &sweep.sources),
        None => Index::default(),
    };
    for why in &faults.corrupt {
        eprintln!("pq-explore: unusable fault campaign in the cache, no column from it: {why}");
    }
    let rows = if pqm4.is_empty() {
        Vec::new()
    } else {
        let imps: Vec<Impl> = pqm4
            .iter()
            .map(|d| Impl::locate(d))
            .collect::<Result<_, _>>()?;
        super::peers::pqm4_rows(&imps, &spec)?.0
    };
    let written = report::write(&sweep, &plan, &faults, &rows, &out)?;
    eprintln!(
        "pq-explore: {}; wrote {} files into {}",
        sweep_summary(&sweep),
        written,
        out.display()
    );
    Ok(())
}

fn sweep_summary(s: &Sweep) -> String {
    format!(
        "{} combinations ({} measured, {} cached; {} operations the same code as another's, \
         run once) in {}",
        s.outcomes.len(),
        s.measured,
        s.cached,
        s.deduplicated,
        duration(s.seconds)
    )
}
