//! `pq-explore readme`: the README's comparison table, from the report's data.

use std::path::PathBuf;

use crate::cli::ReadmeArgs;
use crate::report::summary::Summary;
use crate::workspace;

use super::common::Res;

/// Rewrites the README's generated block from `summary.json`.
pub fn run(a: ReadmeArgs) -> Res<()> {
    let root = workspace::root();
    let summary_path = a
        .summary
        .unwrap_or_else(|| root.join("docs/reports/summary.json"));
    let readme_path: PathBuf = a.readme.unwrap_or_else(|| root.join("README.md"));
    let summary = Summary::load(&summary_path)?;
    let readme = std::fs::read_to_string(&readme_path)
        .map_err(|e| format!("{}: {e}", readme_path.display()))?;
    let new = summary
        .applied_to(&readme)
        .map_err(|e| format!("{}: {e}", readme_path.display()))?;
    if new == readme {
        println!("{}: up to date", readme_path.display());
    } else {
        std::fs::write(&readme_path, new).map_err(|e| format!("{}: {e}", readme_path.display()))?;
        println!(
            "{}: the generated block now shows the report of {} at {}",
            readme_path.display(),
            summary.date,
            summary.revision
        );
    }
    Ok(())
}
