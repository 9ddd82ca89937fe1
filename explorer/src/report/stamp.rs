//! When and from what a report was made, and the command that makes it again.

use std::process::Command;

use super::doc::Block;
use super::plan::Plan;
use crate::format::duration;
use crate::sweep::Sweep;
use crate::workspace;

/// When and from what the report was made.
pub struct Stamp {
    date: String,
    revision: String,
    sources: String,
    sweep: String,
    /// The command that regenerates the pages.
    command: String,
}

impl Stamp {
    /// Now, from the sweep and the plan.
    pub fn now(s: &Sweep, plan: &Plan) -> Self {
        let git = |args: &[&str]| {
            Command::new("git")
                .args(args)
                .current_dir(workspace::root())
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        };
        let revision = match git(&["rev-parse", "--short=12", "HEAD"]) {
            Some(rev) => {
                let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
                    .is_some_and(|s| !s.is_empty());
                if dirty {
                    format!("{rev} with uncommitted changes")
                } else {
                    rev
                }
            }
            None => "unknown (not a git checkout)".into(),
        };
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Stamp {
            date: civil_date(secs),
            revision,
            sources: s.sources.chars().take(16).collect(),
            sweep: format!(
                "{} builds ({} measured, {} from the cache) in {}",
                s.outcomes.len(),
                s.measured,
                s.cached,
                duration(s.seconds)
            ),
            command: plan.command.clone(),
        }
    }

    /// The date (UTC) the pages were generated.
    pub fn date(&self) -> &str {
        &self.date
    }

    /// The git revision (with `-dirty` for uncommitted changes).
    pub fn revision(&self) -> &str {
        &self.revision
    }

    /// The command that regenerates the pages.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// The paragraph that opens every page.
    pub fn block(&self) -> Block {
        Block::Para(format!(
            "Generated {} (UTC) from git revision `{}` (sources SHA-256 `{}…`): {}. \
             Regenerate with `{}`.",
            self.date, self.revision, self.sources, self.sweep, self.command
        ))
    }
}

/// `YYYY-MM-DD` from Unix seconds (proleptic Gregorian).
fn civil_date(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(951_782_400), "2000-02-29");
        assert_eq!(civil_date(1_796_169_600 + 86_399), "2026-12-02");
    }
}
