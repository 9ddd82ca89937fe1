//! The sweep (no subcommand): the table, JSON, CSV or Markdown of every combination, the
//! fronts and the answer within the budgets.

use std::path::Path;

use super::common::{ct_args, peer_mode, spec, Res};
use crate::analysis::{self, Budgets, Group};
use crate::cli::SweepArgs;
use crate::ct;
use crate::format::Format;
use crate::output;
use crate::plot;
use crate::published;
use crate::ranking;
use crate::scheme_plot;
use crate::sweep::{self, Sweep};

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
    let groups = analysis::groups(&sweep, &ops, budgets);
    let text = output::render(a.format, &sweep, &groups);
    print!("{text}");
    if let Some(dir) = &a.out {
        write_out(dir, a.format, &text, &sweep, &groups)?;
    }
    Ok(())
}

/// The output file, results.json and both plots of every group, in SVG and PNG.
fn write_out(dir: &Path, format: Format, text: &str, s: &Sweep, groups: &[Group]) -> Res<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join(format!("pq-explore.{}", format.extension())), text)?;
    let json = serde_json::to_string_pretty(&output::json::to_json(s, groups))?;
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
