//! The sweep (no subcommand): the table, JSON, CSV or Markdown of every combination, the
//! fronts and the answer within the budgets.

use std::path::Path;

use pqfit_profiles::faults::{Model, Spec as FaultSpec};
use pqfit_profiles::{Op, Profile, Scheme};
use serde_json::{json, Value};

use super::common::{ct_args, peer_mode, spec, Res};
use crate::analysis::{self, Answer, Budgets, Group};
use crate::budget::group as digits;
use crate::cli::SweepArgs;
use crate::combos::Candidate;
use crate::ct;
use crate::faults::{self, faults_cache, Index, Subject, Summary};
use crate::format::Format;
use crate::output;
use crate::plot;
use crate::published;
use crate::ranking;
use crate::scheme_plot;
use crate::sweep;

/// `pq-explore [OPTIONS]`: sweeps, prints the output, and with `--out` writes it with
/// results.json and the plots.
pub fn run(a: &SweepArgs) -> Res<()> {
    let spec = spec(
        a.target.clone(),
        &a.scheme,
        a.category,
        &a.build,
        peer_mode(a.peers),
    )?;
    let ops = match a.op {
        Some(op) => op.ops(),
        None if spec.schemes.iter().all(|s| s.is_kem()) => vec!["encaps", "decaps"],
        None => vec!["sign"],
    };
    if !spec
        .schemes
        .iter()
        .any(|s| ops.iter().any(|op| s.has_op(op)))
    {
        let names: Vec<String> = spec
            .schemes
            .iter()
            .map(|s| format!("{} has {}", s.name(), s.op_names().join(", ")))
            .collect();
        return Err(format!("no scheme asked has that operation: {}", names.join("; ")).into());
    }
    // On a board, its flash and RAM are the budgets unless given.
    let budgets = Budgets {
        stack: a.budget,
        flash: a
            .flash_budget
            .or(spec.board.as_ref().map(|b| b.flash_bytes)),
        ram: a.ram_budget.or(spec.board.as_ref().map(|b| b.ram_bytes)),
    };
    let mut sweep = sweep::run(&spec)?;
    ct::annotate(&mut sweep, spec.cache.as_ref(), ct_args(&a.build, &spec))?;
    if super::common::shard_done(&spec, &sweep) {
        return Ok(());
    }
    let mut groups = analysis::groups(&sweep, &ops, budgets);
    let unchecked = unchecked_answers(&groups);
    if !a.no_answer_check && spec.cache.is_some() && !unchecked.is_empty() {
        eprintln!(
            "pq-explore: checking the answer{} for constant time first (cached once done)",
            if unchecked.len() == 1 { "" } else { "s" }
        );
        let check = (ct::DEFAULT_RUNS, spec.jobs);
        ct::check_these(&mut sweep, spec.cache.as_ref(), check, &unchecked)?;
        groups = analysis::groups(&sweep, &ops, budgets);
    }
    let cache = spec.cache.as_ref().map(faults_cache);
    let mut index = match &cache {
        Some(c) => Index::load(c, &sweep.sources),
        None => Index::default(),
    };
    for why in &index.corrupt {
        eprintln!("pq-explore: unusable fault campaign in the cache, no column from it: {why}");
    }
    let campaigns = match a.faults {
        Some(n) => {
            let spec = FaultSpec {
                models: Model::ALL.to_vec(),
                count: n as usize,
                seed: a.faults_seed,
                jobs: spec.jobs,
            };
            Some(run_campaigns(
                cache.as_ref(),
                &sweep.sources,
                &groups,
                &spec,
                &mut index,
            )?)
        }
        None => None,
    };
    analysis::fill_faults(&mut groups, &index);
    let mut json = output::json::to_json(&sweep, &groups);
    if let (Some(c), Value::Object(m)) = (&campaigns, &mut json) {
        m.insert("fault_campaigns".into(), c.json.clone());
    }
    let mut text = match a.format {
        Format::Json => serde_json::to_string_pretty(&json)? + "\n",
        f => output::render(f, &sweep, &groups),
    };
    if let Some(c) = &campaigns {
        match a.format {
            Format::Table => text += &format!("\n{}", c.text),
            Format::Markdown => text += &format!("## Fault injection\n\n```text\n{}```\n", c.text),
            Format::Json | Format::Csv => eprint!("{}", c.text),
        }
    }
    print!("{text}");
    if let Some(dir) = &a.out {
        write_out(dir, a.format, &text, &json, &groups)?;
    }
    Ok(())
}

/// The answers without a constant-time verdict: (target, strategy type path, opt-level).
fn unchecked_answers(groups: &[Group]) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for g in groups {
        if let Answer::Best(i) = g.answer {
            let row = &g.rows[i];
            if row.constant_time == ct::column(None) {
                let opt = row.ok().map(|r| r.opt_level.clone()).unwrap_or_default();
                let key = (g.target.clone(), row.candidate.type_path(), opt);
                if !out.contains(&key) {
                    out.push(key);
                }
            }
        }
    }
    out
}

/// One firmware and operation `--faults` runs a campaign on.
#[derive(Clone, Debug, PartialEq)]
pub struct Planned {
    target: String,
    scheme: Scheme,
    candidate: Candidate,
    opt: String,
    op: Op,
}

/// The firmwares `--faults` runs on: each group's answer (when something fits and fault
/// injection covers the operation) and its hardened preset when the family has one;
/// with a line for each group left out, saying why.
pub fn plan(groups: &[Group]) -> (Vec<Planned>, Vec<String>) {
    let (mut todo, mut skipped) = (Vec::new(), Vec::new());
    for g in groups {
        let what = format!("{} {} on {}", g.scheme.name(), g.op, g.target);
        let covered = pqfit_profiles::faults::supported(g.scheme.family().kind);
        let Some(op) = Op::parse(g.op).filter(|op| covered.contains(op)) else {
            let names: Vec<&str> = covered.iter().map(|o| o.name()).collect();
            skipped.push(format!(
                "{what}: no campaign, fault injection covers {}",
                names.join(", ")
            ));
            continue;
        };
        let Some(row) = (match g.answer {
            Answer::Best(i) => g.rows.get(i),
            _ => None,
        }) else {
            skipped.push(format!("{what}: no campaign, no combination is the answer"));
            continue;
        };
        let Some(r) = row.ok() else { continue };
        let answer = row.candidate;
        let hardened = answer.preset().and_then(|_| answer.hardened());
        for candidate in std::iter::once(answer).chain(hardened) {
            let p = Planned {
                target: g.target.clone(),
                scheme: g.scheme,
                candidate,
                opt: r.opt_level.clone(),
                op,
            };
            if !todo.contains(&p) {
                todo.push(p);
            }
        }
    }
    (todo, skipped)
}

/// What `--faults` ran: the text after the tables, and the JSON.
struct Campaigns {
    text: String,
    json: Value,
}

/// Runs (or takes from the cache) the campaigns of [`plan`], each added to `index`.
fn run_campaigns(
    cache: Option<&crate::cache::Cache>,
    sources: &str,
    groups: &[Group],
    spec: &FaultSpec,
    index: &mut Index,
) -> Res<Campaigns> {
    let (todo, skipped) = plan(groups);
    let runs = todo.len() * spec.models.len() * spec.count;
    let mut text = format!(
        "Fault injection (--faults {}, seed {}): {} firmware(s) x {} models x {} faults = {} \
         faulted runs, each one call of the operation in the emulator (docs/faults.md)\n",
        spec.count,
        spec.seed,
        todo.len(),
        spec.models.len(),
        spec.count,
        digits(runs as u64)
    );
    eprint!("pq-explore: {text}");
    let mut json = Vec::new();
    for p in &todo {
        let profile = Profile::load(&p.target)?;
        let strategy = p.candidate.type_path();
        let firmware = faults::build(&profile, p.scheme, &strategy, &p.opt)?;
        let subject = Subject {
            profile: &profile,
            scheme: p.scheme,
            strategy: &strategy,
            opt: &p.opt,
            firmware: &firmware,
        };
        let (entry, cached) = faults::campaign(cache, sources, &subject, p.op, spec)?;
        let summary = Summary::of(&entry)?;
        index.add(entry)?;
        text += &format!(
            "  {} {} on {}, {}: released {}, detected {}, crashed {}, same {}{}\n",
            p.scheme.name(),
            p.op.name(),
            p.target,
            p.candidate.name(),
            summary.cell(),
            digits(summary.detected as u64),
            digits(summary.crashed as u64),
            digits(summary.same as u64),
            if cached { " (cached)" } else { "" }
        );
        json.push(json!({
            "target": p.target, "scheme": p.scheme.name(), "op": p.op.name(),
            "name": p.candidate.name(), "strategy": strategy, "cached": cached,
            "faults": summary,
        }));
    }
    for s in &skipped {
        text += &format!("  {s}\n");
    }
    Ok(Campaigns {
        text,
        json: Value::Array(json),
    })
}

/// The output file, results.json and both plots of every group, in SVG and PNG.
fn write_out(dir: &Path, format: Format, text: &str, json: &Value, groups: &[Group]) -> Res<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join(format!("pq-explore.{}", format.extension())), text)?;
    let json = serde_json::to_string_pretty(json)?;
    std::fs::write(dir.join("results.json"), json + "\n")?;
    let published = published::load(&published::default_path())?;
    for g in groups {
        for (axis, budget) in [
            (plot::Axis::Stack, g.budgets.stack),
            (plot::Axis::Flash, g.budgets.flash),
        ] {
            for ext in ["svg", "png"] {
                let path = dir.join(format!("{}.{ext}", plot::stem(g, axis)));
                plot::draw(g, axis, budget, &published, &path)?;
            }
        }
    }
    for r in ranking::rankings(groups) {
        for ext in ["svg", "png"] {
            let path = dir.join(format!("{}.{ext}", scheme_plot::stem(&r)));
            scheme_plot::draw(&r, groups, &path)?;
        }
    }
    eprintln!(
        "pq-explore: wrote the output, results.json and plots into {}",
        dir.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faults_run_on_each_answer_and_its_hardened_preset() {
        let sweep = crate::testdata::sweep();
        let groups = analysis::groups(&sweep, &["sign", "verify", "encaps"], Budgets::default());
        let (todo, skipped) = plan(&groups);
        let sign = groups
            .iter()
            .find(|g| g.target == "m4" && g.scheme.name() == "ml-dsa-65" && g.op == "sign")
            .unwrap();
        let Answer::Best(i) = sign.answer else {
            panic!("an answer")
        };
        let mine: Vec<&Planned> = todo
            .iter()
            .filter(|p| p.target == "m4" && p.scheme == sign.scheme)
            .collect();
        assert_eq!(mine.len(), 2, "{mine:?}");
        assert_eq!(mine[0].candidate, sign.rows[i].candidate);
        assert_eq!(mine[0].op, Op::Sign);
        assert!(mine[1].candidate.is_hardened());
        assert_eq!(
            mine[1].candidate.type_path(),
            format!(
                "pqfit::strategy::Hardened<{}>",
                sign.rows[i].candidate.type_path()
            )
        );
        // A KEM's answer has no hardened preset; verification is not fault-injected.
        let kem: Vec<&Planned> = todo.iter().filter(|p| p.scheme.is_kem()).collect();
        assert!(
            !kem.is_empty()
                && kem
                    .iter()
                    .all(|p| p.op == Op::Encaps && !p.candidate.is_hardened())
        );
        assert!(todo.iter().all(|p| p.op != Op::Verify));
        assert!(
            skipped.iter().any(|s| s.starts_with(
                "ml-dsa-65 verify on m4: no campaign, fault injection covers keygen, sign"
            )),
            "{skipped:?}"
        );
        // Nothing fits: no answer to inject faults into.
        let tiny = Budgets {
            stack: Some(1),
            ..Default::default()
        };
        let (todo, skipped) = plan(&analysis::groups(&sweep, &["sign"], tiny));
        assert!(todo.is_empty());
        assert!(skipped
            .iter()
            .any(|s| s.ends_with("no campaign, no combination is the answer")));
    }
}
