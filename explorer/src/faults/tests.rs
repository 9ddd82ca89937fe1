//! The `faults` column from cache entries written through the campaign cache itself
//! (no emulator): the numbers in every format of the sweep and the report pages, `–` /
//! `null` without a campaign, the largest of several, and unusable entries left out
//! with their reason, never a panic.

use std::path::PathBuf;

use pqfit_profiles::faults::{Model, ModelReport, Report, Spec};
use pqfit_profiles::{Op, Scheme};
use serde_json::Value;

use super::{faults_cache, key, Entry, Index, Summary};
use crate::analysis::{fill_faults, groups, Answer, Budgets, Group};
use crate::cache::Cache;
use crate::format::Format;
use crate::output::render;
use crate::sweep::Sweep;

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pq-explore-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A campaign of `count` faults per model with these released counts per model (the
/// rest split between detected, crashed and same).
fn report(count: usize, seed: u64, released: [usize; 3]) -> Report {
    Report {
        fault_free_instructions: 17_221_406,
        fault_free_seconds: 0.33,
        count,
        seed,
        models: Model::ALL
            .iter()
            .zip(released)
            .map(|(&model, r)| {
                let (detected, crashed) = (1, 2);
                ModelReport {
                    model,
                    counts: [count - r - detected - crashed, detected, crashed, r],
                    sites: Vec::new(),
                }
            })
            .collect(),
        seconds_per_run: 0.69,
        seconds: 206.0,
    }
}

/// Writes the campaign of `op` on `strategy` into the faults directory under `cache`,
/// through the cache the command uses; returns the file.
fn store(
    cache: &Cache,
    sources: &str,
    target: &str,
    scheme: Scheme,
    strategy: &str,
    op: Op,
    r: Report,
) -> PathBuf {
    let spec = Spec {
        models: Model::ALL.to_vec(),
        count: r.count,
        seed: r.seed,
        jobs: 1,
    };
    let entry = Entry {
        key: key(sources, target, scheme, strategy, "3", op, &spec),
        elf: "00".repeat(32),
        op: op.name().into(),
        report: r,
    };
    let dir = faults_cache(cache);
    dir.write(&entry.key, &entry).unwrap();
    std::fs::read_dir(dir.dir())
        .unwrap()
        .flatten()
        .map(|f| f.path())
        .find(|p| {
            let e = std::fs::read(p).ok();
            e.and_then(|b| serde_json::from_slice::<Entry>(&b).ok())
                .is_some_and(|e| e.key == entry.key)
        })
        .expect("the entry's file")
}

/// The fixture's sweep, its signing and key generation groups, the index of ML-DSA-65's
/// signing on m4, and its answer's row.
fn fixture() -> (Sweep, Vec<Group>, usize, usize) {
    let sweep = crate::testdata::sweep();
    let g = groups(&sweep, &["sign", "keygen"], Budgets::default());
    let at = g
        .iter()
        .position(|g| g.target == "m4" && g.scheme.name() == "ml-dsa-65" && g.op == "sign")
        .expect("ML-DSA-65 signing on m4");
    let Answer::Best(best) = g[at].answer else {
        panic!("the fixture has an answer")
    };
    (sweep, g, at, best)
}

#[test]
fn a_cached_campaign_fills_the_column_in_every_format() {
    let dir = scratch("faults-column");
    let cache = Cache::new(&dir);
    let (sweep, mut g, at, best) = fixture();
    let other_row = (best + 1) % g[at].rows.len();
    let scheme = g[at].scheme;
    let strategy = g[at].rows[best].candidate.type_path();
    let other = g[at].rows[other_row].candidate.type_path();
    // The largest campaign is shown: 200 per model, 36 + 20 + 50 released.
    store(
        &cache,
        &sweep.sources,
        "m4",
        scheme,
        &strategy,
        Op::Sign,
        report(200, 1, [36, 20, 50]),
    );
    store(
        &cache,
        &sweep.sources,
        "m4",
        scheme,
        &strategy,
        Op::Sign,
        report(50, 2, [1, 1, 1]),
    );
    // Another sources' campaign (stale) and another target's are not this firmware's.
    store(
        &cache,
        "f".repeat(64).as_str(),
        "m4",
        scheme,
        &other,
        Op::Sign,
        report(10, 1, [5, 5, 5]),
    );
    store(
        &cache,
        &sweep.sources,
        "rv32",
        scheme,
        &other,
        Op::Sign,
        report(10, 1, [5, 5, 5]),
    );

    let index = Index::load(&faults_cache(&cache), &sweep.sources);
    assert!(index.corrupt.is_empty(), "{:?}", index.corrupt);
    fill_faults(&mut g, &index);
    let row = &g[at].rows[best];
    let f = row.faults.as_ref().expect("the campaign's summary");
    assert_eq!(
        (
            f.runs,
            f.released,
            f.detected,
            f.crashed,
            f.same,
            f.campaigns
        ),
        (600, 106, 3, 6, 485, 2)
    );
    assert_eq!(f.cell(), "106/600 (17.7 %)");
    assert!(
        g[at].rows[other_row].faults.is_none(),
        "a stale campaign counts"
    );
    // Key generation has no campaign: no column in its tables.
    let keygen = g
        .iter()
        .find(|x| x.target == "m4" && x.scheme == scheme && x.op == "keygen")
        .unwrap();
    assert!(!crate::rows::shows_faults(keygen));

    let one = std::slice::from_ref(&g[at]);
    let table = render(Format::Table, &sweep, one);
    assert!(table.contains("faults released"), "{table}");
    let line = |text: &str, name: &str| -> String {
        text.lines()
            .find(|l| l.contains(&format!(" {name} ")) || l.contains(&format!("`{name}`")))
            .unwrap_or_else(|| panic!("{name} in {text}"))
            .to_string()
    };
    assert!(
        line(&table, &row.name).ends_with("106/600 (17.7 %)"),
        "{table}"
    );
    assert!(
        line(&table, &g[at].rows[other_row].name).ends_with(" –"),
        "{table}"
    );
    // The answer says it too.
    assert!(
        table.contains("; faults released: 106/600 (17.7 %)"),
        "{table}"
    );

    let md = render(Format::Markdown, &sweep, one);
    assert!(md.contains("| constant time | faults released |"), "{md}");
    assert!(
        line(&md, &row.name).ends_with("| 106/600 (17.7 %) |"),
        "{md}"
    );
    assert!(
        line(&md, &g[at].rows[other_row].name).ends_with("| – |"),
        "{md}"
    );

    let csv = render(Format::Csv, &sweep, one);
    let head: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let col = |name: &str| head.iter().position(|h| *h == name).unwrap();
    let fields = |name: &str| -> Vec<String> {
        let l = csv
            .lines()
            .find(|l| l.contains(&format!(",{name},")))
            .unwrap();
        // No field of these rows but the Rust type is quoted with commas inside.
        let mut out = Vec::new();
        let (mut cur, mut quoted) = (String::new(), false);
        for ch in l.chars() {
            match ch {
                '"' => quoted = !quoted,
                ',' if !quoted => out.push(std::mem::take(&mut cur)),
                c => cur.push(c),
            }
        }
        out.push(cur);
        out
    };
    let mine = fields(&row.name);
    assert_eq!(mine.len(), head.len());
    assert_eq!(mine[col("faults_runs")], "600");
    assert_eq!(mine[col("faults_released")], "106");
    assert_eq!(mine[col("faults_detected")], "3");
    assert_eq!(mine[col("faults_crashed")], "6");
    assert_eq!(mine[col("faults_same")], "485");
    let theirs = fields(&g[at].rows[other_row].name);
    assert_eq!(theirs[col("faults_runs")], "");
    assert_eq!(theirs[col("faults_released")], "");

    let json: Value = serde_json::from_str(&render(Format::Json, &sweep, one)).unwrap();
    let results = json["results"].as_array().unwrap();
    let of = |t: &str| results.iter().find(|r| r["strategy"] == t).unwrap();
    let f = &of(&strategy)["faults"];
    assert_eq!(f["runs"], 600);
    assert_eq!(f["released"], 106);
    assert_eq!(f["detected"], 3);
    assert_eq!(f["crashed"], 6);
    assert_eq!(f["same"], 485);
    assert_eq!(f["seed"], 1);
    assert_eq!(f["models"], serde_json::json!(["skip", "register", "load"]));
    assert_eq!(of(&other)["faults"], Value::Null);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_report_pages_show_the_column() {
    let dir = scratch("faults-report");
    let cache = Cache::new(dir.join("cache"));
    let sweep = crate::testdata::sweep();
    let spec = crate::testdata::spec();
    let plan = crate::report::plan::Plan::new(
        &spec,
        &crate::report::plan::Options {
            full: None,
            cross_sign_runs: Some(2),
        },
        "pq-explore report (test fixture)".into(),
    )
    .unwrap();
    let (_, g, at, best) = fixture();
    let strategy = g[at].rows[best].candidate.type_path();
    store(
        &cache,
        &sweep.sources,
        "m4",
        g[at].scheme,
        &strategy,
        Op::Sign,
        report(100, 1, [0, 0, 0]),
    );
    let index = Index::load(&faults_cache(&cache), &sweep.sources);
    let out = dir.join("pages");
    crate::report::write(&sweep, &plan, &index, &[], &out).unwrap();
    let m4 = std::fs::read_to_string(out.join("m4.md")).unwrap();
    let section = format!("# ML-DSA-65 {} on m4\n", Op::Sign.verb());
    let at_section = m4.find(&section).expect("the section");
    let line = m4[at_section..]
        .lines()
        .find(|l| l.starts_with(&format!("| `{}` |", g[at].rows[best].name)))
        .unwrap_or_else(|| panic!("{m4}"));
    assert!(line.ends_with("| 0/300 (0.0 %) |"), "{line}");
    assert!(m4.contains("| front | faults released |"), "{m4}");
    assert!(m4.contains("Faults released: of the faulted runs"), "{m4}");
    let html = std::fs::read_to_string(out.join("m4.html")).unwrap();
    assert!(html.contains("faults released") && html.contains("0/300 (0.0 %)"));
    // The rows of rv32 have no campaign: the column, with `–`.
    let rv = std::fs::read_to_string(out.join("rv32.md")).unwrap();
    assert!(rv.contains("| front | faults released |"));
    assert!(
        rv.lines()
            .any(|l| l.starts_with("| `") && l.ends_with("| – |")),
        "{rv}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unusable_campaigns_give_no_column_and_say_why() {
    let dir = scratch("faults-corrupt");
    let cache = Cache::new(&dir);
    let (sweep, mut g, at, _) = fixture();
    let scheme = g[at].scheme;
    let names: Vec<String> = g[at].rows.iter().map(|r| r.candidate.type_path()).collect();
    let files = faults_cache(&cache);
    // Not JSON at all.
    std::fs::create_dir_all(files.dir()).unwrap();
    std::fs::write(
        files.dir().join("m4-ml-dsa-65-O3-200.0.0-garbage.json"),
        b"{\"key\": [",
    )
    .unwrap();
    // Outcomes that do not add up to the count.
    let mut bad = report(200, 1, [1, 2, 3]);
    bad.models[1].counts[0] += 7;
    store(
        &cache,
        &sweep.sources,
        "m4",
        scheme,
        &names[0],
        Op::Sign,
        bad,
    );
    // A keygen campaign stored as signing's.
    let path = store(
        &cache,
        &sweep.sources,
        "m4",
        scheme,
        &names[1],
        Op::Sign,
        report(20, 1, [0, 0, 0]),
    );
    let mut e: Entry = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    e.op = "keygen".into();
    std::fs::write(&path, serde_json::to_vec(&e).unwrap()).unwrap();
    // A count other than the key's.
    let path = store(
        &cache,
        &sweep.sources,
        "m4",
        scheme,
        &names[2],
        Op::Sign,
        report(20, 1, [0, 0, 0]),
    );
    let mut e: Entry = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    e.report = report(10, 1, [0, 0, 0]);
    std::fs::write(&path, serde_json::to_vec(&e).unwrap()).unwrap();

    let index = Index::load(&files, &sweep.sources);
    assert_eq!(index.corrupt.len(), 4, "{:#?}", index.corrupt);
    for says in [
        "do not add up",
        "garbage.json",
        "operation keygen",
        "10 faults",
    ] {
        assert!(
            index.corrupt.iter().any(|w| w.contains(says)),
            "{says}: {:#?}",
            index.corrupt
        );
    }
    fill_faults(&mut g, &index);
    assert!(g.iter().flat_map(|g| &g.rows).all(|r| r.faults.is_none()));
    let table = render(Format::Table, &sweep, std::slice::from_ref(&g[at]));
    assert!(!table.contains("/600"), "{table}");
    // No directory at all: no campaign, nothing to say.
    let none = Index::load(&Cache::new(dir.join("nowhere")), &sweep.sources);
    assert!(none.corrupt.is_empty());
    assert_eq!(
        Summary::of(&e).unwrap_err(),
        "10 faults, seed 1 under another key"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
