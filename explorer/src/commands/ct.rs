//! `pq-explore ct`: the constant-time check of the firmware, one line (or JSON object) per
//! firmware; a leak, or a firmware that could not be checked, is an error.

use super::common::{
    check_opt_level, jobs_arg, schemes_arg, targets_arg, LeakFound, Res, NO_BARRIERS,
};
use crate::cache;
use crate::cli::{CtArgs, MeasureFormat};
use crate::ct;
use crate::workspace;

/// Checks the firmware `--target`, `--scheme` and `--strategy` name.
pub fn run(a: CtArgs) -> Res<()> {
    let CtArgs {
        target,
        scheme,
        strategy,
        runs,
        opt_level,
        jobs,
        no_cache,
        cache_dir,
        without_value_barriers,
        format,
    } = a;
    check(
        ct::Spec {
            targets: targets_arg(&target)?,
            schemes: schemes_arg(&scheme, None)?,
            strategies: ct::Strategies::parse(&strategy),
            runs: runs as usize,
            opt_level: check_opt_level(&opt_level)?,
            jobs: jobs_arg(jobs)?,
            cache: (!no_cache)
                .then(|| cache::Cache::new(cache_dir.unwrap_or_else(workspace::default_cache_dir))),
            rustflags: if without_value_barriers {
                vec![NO_BARRIERS.into()]
            } else {
                Vec::new()
            },
        },
        format,
    )
}

fn check(spec: ct::Spec, format: MeasureFormat) -> Res<()> {
    let outcomes = ct::run(&spec)?;
    match format {
        MeasureFormat::Json => {
            let v: Vec<serde_json::Value> = outcomes
                .iter()
                .map(|o| {
                    serde_json::json!({
                        "target": o.target,
                        "scheme": o.scheme.name(),
                        "strategy": o.strategy,
                        "label": o.label,
                        "constant_time": match &o.result {
                            Ok(ops) => ct::verdict(ops),
                            Err(_) => "error",
                        },
                        "ops": o.result.as_ref().ok(),
                        "error": o.result.as_ref().err(),
                        "cached": o.cached,
                    })
                })
                .collect();
            println!("{}", serde_json::to_string_pretty(&v)?);
        }
        MeasureFormat::Text => {
            for o in &outcomes {
                println!("{}", ct::line(o));
            }
        }
    }
    let bad = outcomes.iter().filter(|o| !o.clean()).count();
    if bad > 0 {
        return Err(Box::new(LeakFound(format!(
            "{bad} of {} firmware builds are not shown constant-time",
            outcomes.len()
        ))));
    }
    eprintln!(
        "pq-explore: {} firmware builds checked: constant-time",
        outcomes.len()
    );
    Ok(())
}
