//! `pq-explore ct`: the constant-time check of the firmware, one line (or JSON object) per
//! firmware; a leak, or a firmware that could not be checked, is an error.

use super::common::{
    check_opt_level, jobs_arg, schemes_arg, targets_arg, LeakFound, Res, NO_BARRIERS,
};
use crate::cache;
use crate::cli::{CtArgs, MeasureFormat};
use crate::ct;
use crate::workspace;
use pqfit_profiles::ct_check::secrets;
use pqfit_profiles::op::Op;

/// Checks the firmware `--target`, `--scheme` and `--strategy` name.
pub fn run(a: CtArgs) -> Res<()> {
    let CtArgs {
        target,
        scheme,
        strategy,
        secrets,
        full,
        ops,
        seed,
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
            runs: secrets.map_or(
                if full {
                    secrets::FULL_SECRETS
                } else {
                    secrets::DEFAULT_SECRETS
                },
                |n| n as usize,
            ),
            seed: secrets::choose_seed(seed.as_deref().map(secrets::parse_seed).transpose()?)?,
            opt_level: check_opt_level(&opt_level)?,
            jobs: jobs_arg(jobs)?,
            cache: (!no_cache)
                .then(|| cache::Cache::new(cache_dir.unwrap_or_else(workspace::default_cache_dir))),
            ops: ops
                .map(|v| {
                    v.iter()
                        .map(|o| {
                            Op::parse(o).ok_or_else(|| {
                                format!("--ops: no operation `{o}` (keygen, sign, encaps, decaps)")
                            })
                        })
                        .collect::<Result<Vec<Op>, String>>()
                })
                .transpose()?,
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
    eprintln!(
        "pq-explore: constant-time check with seed {} ({} random secrets per operation, \
         and the extreme keys); reproduce with --seed {} or {}={}",
        secrets::show(spec.seed),
        spec.runs,
        secrets::show(spec.seed),
        secrets::SEED_ENV,
        secrets::show(spec.seed)
    );
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
                        "seed": secrets::show(o.seed),
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
