//! `pq-explore faults`: fault injection into one operation of one firmware (see
//! `pqfit_profiles::faults` and docs/faults.md), cached beside the measurements, or one
//! fault site run again.

use std::fmt::Write as _;

use pqfit_profiles::faults::{self, Class, Model, Outcome, Report, Site, Spec, Target};
use pqfit_profiles::{Op, Profile};
use sha2::{Digest, Sha256};

use super::common::{check_opt_level, jobs_arg, Res};
use crate::cache::{source_hash, Cache};
use crate::cli::FaultsArgs;
use crate::combos;
use crate::faults::{build, campaign, faults_cache, hex, Subject};
use crate::format::Format;
use crate::workspace;

/// One campaign's row of the output.
struct Row {
    target: String,
    scheme: String,
    strategy: String,
    op: String,
    report: Report,
    cached: bool,
}

/// Runs the campaigns (or one site) and prints them.
pub fn run(a: FaultsArgs) -> Res<()> {
    let scheme = pqfit_profiles::scheme(&a.scheme)?;
    let strategy = match combos::Candidate::parse(scheme, &a.strategy) {
        Some(c) if !a.strategy.contains("::") => c.type_path(),
        _ => a.strategy.clone(),
    };
    let models = Model::parse_set(&a.model).ok_or_else(|| {
        format!(
            "--model {:?}: expected skip, register, load, bitflip, both or all",
            a.model
        )
    })?;
    let ops =
        a.op.split(',')
            .map(|w| Op::parse(w).ok_or_else(|| format!("--op {w:?}: not an operation")))
            .collect::<Result<Vec<_>, _>>()?;
    let kind = scheme.family().kind;
    for &op in &ops {
        if !faults::supported(kind).contains(&op) {
            let names: Vec<&str> = faults::supported(kind).iter().map(|o| o.name()).collect();
            return Err(format!(
                "--op {}: fault injection supports {} for {}",
                op.name(),
                names.join(", "),
                scheme.name()
            )
            .into());
        }
    }
    let opt = check_opt_level(&a.opt_level)?;
    let jobs = jobs_arg(a.jobs)?;
    let profile = Profile::load(&a.target)?;
    let ty = scheme.strategy_type(&strategy)?;
    let fw = build(&profile, scheme, &ty, &opt)?;

    if let Some(site) = &a.site {
        let site: Site = site.parse()?;
        for &op in &ops {
            let target = Target::new(&profile, kind, &fw, op)?;
            let mut m = target.machine()?;
            let o = target.rerun(&mut m, site)?;
            println!("{} {}: {}", scheme.name(), op.name(), outcome_line(&o));
        }
        return Ok(());
    }

    let cache = (!a.no_cache).then(|| {
        faults_cache(&Cache::new(
            a.cache_dir
                .clone()
                .unwrap_or_else(workspace::default_cache_dir),
        ))
    });
    let sources = match cache {
        Some(_) => source_hash(&workspace::root())?,
        None => String::new(),
    };
    let spec = Spec {
        models: models.clone(),
        count: a.count as usize,
        seed: a.seed,
        jobs,
    };
    let subject = Subject {
        profile: &profile,
        scheme,
        strategy: &ty,
        opt: &opt,
        firmware: &fw,
    };
    let mut rows = Vec::new();
    for &op in &ops {
        let (entry, cached) = campaign(cache.as_ref(), &sources, &subject, op, &spec)?;
        let report = entry.report;
        rows.push(Row {
            target: profile.name.clone(),
            scheme: scheme.name().into(),
            strategy: ty.clone(),
            op: op.name().into(),
            report,
            cached,
        });
    }
    let text = render(&rows, a.format)?;
    print!("{text}");
    if let Some(dir) = &a.out {
        std::fs::create_dir_all(dir)?;
        let tag = hex(&Sha256::digest(ty.as_bytes())[..4]);
        let path = dir.join(format!(
            "faults-{}-{}-{tag}.{}",
            profile.name,
            scheme.name(),
            a.format.extension()
        ));
        std::fs::write(&path, &text)?;
        eprintln!("pq-explore: wrote {}", path.display());
    }
    Ok(())
}

/// One outcome with its reproducible site.
pub fn outcome_line(o: &Outcome) -> String {
    let mut s = format!(
        "{:<8} {:<22} {}+{:#x} (pc {:#010x})",
        o.class.name(),
        o.site.to_string(),
        o.symbol,
        o.offset,
        o.pc
    );
    if let Some(d) = &o.detail {
        let _ = write!(s, ": {d}");
    }
    s
}

fn percent(n: usize, of: usize) -> String {
    format!("{:.1} %", 100.0 * n as f64 / of.max(1) as f64)
}

fn render(rows: &[Row], format: Format) -> Res<String> {
    let mut out = String::new();
    match format {
        Format::Json => {
            let v: Vec<serde_json::Value> = rows
                .iter()
                .map(|r| {
                    serde_json::json!({
                        "target": r.target, "scheme": r.scheme, "strategy": r.strategy,
                        "op": r.op, "cached": r.cached, "report": r.report,
                    })
                })
                .collect();
            out = serde_json::to_string_pretty(&v)? + "\n";
        }
        Format::Csv => {
            out.push_str("target,scheme,strategy,op,model,faults,same,detected,crashed,released,seed,instructions,seconds_per_run\n");
            for r in rows {
                for m in &r.report.models {
                    let c = |k| m.count(k);
                    let _ = writeln!(
                        out,
                        "{},{},\"{}\",{},{},{},{},{},{},{},{},{},{:.4}",
                        r.target,
                        r.scheme,
                        r.strategy,
                        r.op,
                        m.model.name(),
                        r.report.count,
                        c(Class::Same),
                        c(Class::Detected),
                        c(Class::Crashed),
                        c(Class::Released),
                        r.report.seed,
                        r.report.fault_free_instructions,
                        r.report.seconds_per_run
                    );
                }
            }
        }
        Format::Markdown => {
            out.push_str("| scheme | strategy | op | model | faults | same | detected | crashed | released |\n");
            out.push_str("|---|---|---|---|---:|---:|---:|---:|---:|\n");
            for r in rows {
                for m in &r.report.models {
                    let n = r.report.count;
                    let _ = writeln!(
                        out,
                        "| {} | `{}` | {} | {} | {n} | {} | {} | {} | **{}** ({}) |",
                        r.scheme,
                        r.strategy,
                        r.op,
                        m.model.name(),
                        m.count(Class::Same),
                        m.count(Class::Detected),
                        m.count(Class::Crashed),
                        m.count(Class::Released),
                        percent(m.count(Class::Released), n)
                    );
                }
            }
            for r in rows {
                let _ =
                    writeln!(
                    out,
                    "\n{} {} on {}, seed {}: {} instructions fault-free, {:.3} s per faulted run.",
                    r.scheme, r.op, r.target, r.report.seed, r.report.fault_free_instructions,
                    r.report.seconds_per_run
                );
            }
        }
        Format::Table => {
            for r in rows {
                let _ = writeln!(
                    out,
                    "{} {} on {} ({}), seed {}: {} instructions fault-free ({:.3} s natively), {:.3} s per faulted run{}",
                    r.scheme, r.op, r.target, r.strategy, r.report.seed,
                    r.report.fault_free_instructions, r.report.fault_free_seconds,
                    r.report.seconds_per_run, if r.cached { " (cached)" } else { "" }
                );
                let _ = writeln!(
                    out,
                    "  {:<9} {:>7} {:>7} {:>9} {:>8} {:>9}",
                    "model", "faults", "same", "detected", "crashed", "released"
                );
                for m in &r.report.models {
                    let _ = writeln!(
                        out,
                        "  {:<9} {:>7} {:>7} {:>9} {:>8} {:>9}",
                        m.model.name(),
                        r.report.count,
                        m.count(Class::Same),
                        m.count(Class::Detected),
                        m.count(Class::Crashed),
                        m.count(Class::Released)
                    );
                }
                for m in &r.report.models {
                    for o in &m.sites {
                        let _ = writeln!(out, "  {}", outcome_line(o));
                    }
                }
            }
        }
    }
    Ok(out)
}
