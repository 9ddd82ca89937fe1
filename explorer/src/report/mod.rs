//! The architecture reports: per target a Markdown page and a self-contained HTML page
//! (plots inlined), plus a cross-target page, all written from one document model
//! ([`doc`]) so the two formats say the same thing. One run covers several schemes:
//! [`plan`] says how each is swept, and the pages say it too.

#[cfg(test)]
mod browser;
mod doc;
#[cfg(test)]
mod fixture;
mod html;
mod index;
pub mod plan;
mod sections;
mod stamp;
pub mod summary;
mod target;

use std::path::Path;

use pqfit_profiles::Profile;

use crate::analysis::{self, Budgets, Group, OPS};
use crate::faults::Index;
use crate::peers::{self, Comparison};
use crate::plot::{self, Axis};
use crate::published;
use crate::sweep::Sweep;
use doc::Block;
use plan::Plan;
use stamp::Stamp;

/// Writes every page and plot into `out`; returns the number of files written.
/// `faults`: the cached fault-injection campaigns, for the rows' `faults released`;
/// `pqm4`: pqm4-layout implementations measured for `report --pqm4`, shown with the peers
/// of the schemes pqfit implements.
pub fn write(
    sweep: &Sweep,
    plan: &Plan,
    faults: &Index,
    pqm4: &[peers::pqm4::Row],
    out: &Path,
) -> Result<usize, String> {
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let published = published::load(&published::default_path())?;
    let mut groups = analysis::groups(sweep, &OPS, Budgets::default());
    analysis::fill_faults(&mut groups, faults);
    let (mut comparisons, _) = peers::pqm4::join(peers::all_comparisons(sweep), pqm4);
    comparisons.retain(|c| c.sides.iter().any(|s| s.peer.is_some()));
    let stamp = Stamp::now(sweep, plan);
    let mut targets: Vec<String> = Vec::new();
    for o in &sweep.outcomes {
        if !targets.contains(&o.target) {
            targets.push(o.target.clone());
        }
    }
    let mut written = 0;
    let mut profiles = Vec::new();
    for t in &targets {
        // On a board, its budgets and clock (the figures are its already).
        let profile = match &sweep.board {
            Some(b) if &b.target == t => b.profile(),
            _ => Profile::load(t),
        }
        .map_err(|e| e.to_string())?;
        let tg: Vec<&Group> = groups.iter().filter(|g| &g.target == t).collect();
        for g in &tg {
            for axis in [Axis::Stack, Axis::Flash] {
                for ext in ["svg", "png"] {
                    let path = out.join(format!("{}.{ext}", plot::stem(g, axis)));
                    plot::draw(g, axis, None, &published, &path)?;
                    written += 1;
                }
            }
        }
        let comps: Vec<&Comparison> = comparisons.iter().filter(|c| &c.target == t).collect();
        let doc = target::target_page(&profile, &tg, &comps, &published, plan, &stamp);
        written += emit(out, t, &format!("pqfit on {t}"), &doc)?;
        profiles.push(profile);
    }
    let doc = index::index_page(&profiles, &groups, &comparisons, plan, &stamp);
    written += emit(out, "index", "pqfit: architecture report", &doc)?;
    let summary = summary::Summary {
        date: stamp.date().into(),
        revision: stamp.revision().into(),
        command: stamp.command().into(),
        stack_kb: index::INDEX_STACK_KB,
        targets: index::targets(&profiles),
        rows: index::overview_rows(&profiles, &groups, &sections::schemes_of(groups.iter())),
    };
    let path = out.join("summary.json");
    let json = serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?;
    std::fs::write(&path, json + "\n").map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(written + 1)
}

/// Writes `<stem>.md` and `<stem>.html`.
fn emit(out: &Path, stem: &str, title: &str, doc: &[Block]) -> Result<usize, String> {
    let md = doc::markdown(doc);
    let html = html::html(out, title, doc)?;
    for (ext, text) in [("md", md), ("html", html)] {
        let path = out.join(format!("{stem}.{ext}"));
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(2)
}

#[cfg(test)]
mod tests {
    use super::sections::title;
    use super::*;
    use doc::slug;

    #[test]
    fn the_index_compares_every_scheme_on_every_target_in_one_table() {
        let (sweep, plan) = fixture::sweep();
        let dir = std::env::temp_dir().join(format!("pq-explore-index-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        write(&sweep, &plan, &Index::default(), &[], &dir).unwrap();
        let index = std::fs::read_to_string(dir.join("index.md")).unwrap();
        let at = index
            .find("## Every scheme on every target")
            .expect("the table");
        let table: Vec<&str> = index[at..]
            .lines()
            .skip_while(|l| !l.starts_with('|'))
            .take_while(|l| l.starts_with('|'))
            .collect();
        assert!(
            table[0].starts_with("| scheme | operation | m4 (STM32F407) | rv32 ("),
            "{}",
            table[0]
        );
        // ML-DSA: 3 sets x 4 operations; CROSS: 6 x 3; NTRU Prime: 2 x 3; ML-KEM: 3 x 3.
        assert_eq!(table.len() - 2, 12 + 18 + 6 + 9);
        // The same table as data, for the README.
        let summary = summary::Summary::load(&dir.join("summary.json")).unwrap();
        assert_eq!(summary.rows.len(), table.len() - 2);
        assert!(summary
            .rows
            .iter()
            .any(|r| r.scheme == "ml-kem-768" && r.op == "decaps"));
        assert!(index.contains("| SNTRUP761 | encaps | "), "{index}");
        let ok = table[2..].iter().filter(|r| r.contains(" M · ")).count();
        assert!(ok > 30, "{}", table.join("\n"));
        // The coverage of each scheme is stated, with CROSS's fewer signed messages.
        assert!(
            index.contains(
                "| CROSS-RSDP-1-SMALL | the presets only, default Keccak backend | 3 | 3 / 2 / 4 |"
            ),
            "{index}"
        );
        let m4 = std::fs::read_to_string(dir.join("m4.md")).unwrap();
        for s in plan.coverage.iter().map(|c| c.scheme) {
            let heading = format!("## {} on m4", title(s));
            assert!(m4.contains(&heading), "{heading}");
            assert!(m4.contains(&format!("(#{})", slug(&heading[3..]))));
        }
        let rv = std::fs::read_to_string(dir.join("rv32.md")).unwrap();
        assert!(rv.contains("failed: firmware build failed: synthetic error"));
        assert!(m4.contains("Regenerate with `pq-explore report (test fixture)`"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn pqm4_rows_join_the_peers_tables() {
        let (sweep, plan) = fixture::sweep();
        let ours = sweep
            .outcomes
            .iter()
            .find(|o| o.target == "m4" && o.scheme.name() == "ml-dsa-65")
            .and_then(|o| o.result.clone().ok())
            .expect("an m4 ML-DSA-65 preset in the fixture");
        let root = std::path::PathBuf::from("/checkouts/pqm4");
        let row = peers::pqm4::Row {
            target: "m4".into(),
            imp: pqfit_profiles::pqm4::Impl {
                dir: root.join("crypto_sign/ml-dsa-65/m4f"),
                root,
                kind: pqfit_profiles::pqm4::Kind::Sign,
                scheme: "ml-dsa-65".into(),
                name: "m4f".into(),
            },
            commit: Some("cc2c1b9".into()),
            ops: Ok(ours),
            cached: false,
        };
        let dir = std::env::temp_dir().join(format!("pq-explore-pqm4-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        write(&sweep, &plan, &Index::default(), &[row], &dir).unwrap();
        let m4 = std::fs::read_to_string(dir.join("m4.md")).unwrap();
        assert!(m4.contains("pqm4 m4f (ml-dsa-65)"), "{m4}");
        let _ = std::fs::remove_dir_all(&dir);
        write(&sweep, &plan, &Index::default(), &[], &dir).unwrap();
        let m4 = std::fs::read_to_string(dir.join("m4.md")).unwrap();
        assert!(
            !m4.contains("pqm4 m4f (ml-dsa-65)"),
            "without rows, no pqm4 peer"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
