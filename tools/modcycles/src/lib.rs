//! Finds module import cycles inside a Rust crate, for pqfit's CI
//! (`scripts/check-module-cycles.sh`).
//!
//! The model: each file is a module (inline `mod name { .. }` blocks are merged into
//! their file's; test-only ones are left out). There is an edge `A -> B` when A's code
//! names something through a path into B: a private `use`, or any other path starting
//! with `crate::`, `self::`, `super::` or a child module's name, resolved to its longest
//! prefix that is a module (`crate::measure::Request` is an edge to `measure`,
//! `super::Foo` with `Foo` an item of the parent an edge to the parent). Re-exports
//! (`pub use`, `pub(crate) use`, ...) are a module's facade, not its dependencies, and
//! `mod` declarations are not edges. Each strongly connected component of more than one
//! module is a cycle, reported with a walk around it and the `file:line` of a reference
//! for each edge.
//!
//! A path through a name that a module imports from another crate (`crate::cache` with
//! `use pq_explore::cache;` in `main.rs`) is a dependency on that crate, not an edge.
//!
//! Parsing only, no name resolution: a name brought in by a `use` and then used alone
//! is counted at the `use`; paths written by macro expansions are not seen, paths in
//! macro calls' tokens are.

mod attrs;
mod error;
mod graph;
mod imports;
mod refs;
mod report;
mod tree;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub use error::Error;
pub use report::{CrateReport, Cycle, Step};
pub use tree::{FileSystem, Source};

use graph::Graph;
use refs::Reference;
use tree::ModuleTree;

/// The crate roots in a source directory (`lib.rs`, `main.rs`, both when both are
/// there), or the file itself when `path` is a `.rs` file.
///
/// # Errors
///
/// [`Error::NoRoot`] for a directory with neither file.
pub fn crate_roots(path: &Path) -> Result<Vec<PathBuf>, Error> {
    if path.extension().is_some_and(|e| e == "rs") {
        return Ok(vec![path.to_path_buf()]);
    }
    let roots: Vec<PathBuf> = ["lib.rs", "main.rs"]
        .iter()
        .map(|name| path.join(name))
        .filter(|root| root.is_file())
        .collect();
    if roots.is_empty() {
        return Err(Error::NoRoot(path.to_path_buf()));
    }
    Ok(roots)
}

/// Checks the crate whose root file is `root`.
///
/// # Errors
///
/// When a file of the crate cannot be read ([`Error::Read`]) or parsed
/// ([`Error::Parse`]). Cycles are not errors: they are in the report.
pub fn check_crate(root: &Path, source: &dyn Source) -> Result<CrateReport, Error> {
    let tree = ModuleTree::load(root, source)?;
    let mut graph: Graph<Reference> = Graph::default();
    for file in &tree.files {
        graph.add_node(file.module);
    }
    for reference in refs::collect(&tree) {
        let from = tree.modules[reference.from].owner;
        let to = tree.modules[reference.to].owner;
        if from != to {
            graph.add_edge(from, to, reference);
        }
    }
    let step = |from: usize, to: usize| {
        let reference = graph.edge(from, to).expect("an edge of the graph");
        Step {
            from: tree.path_of(from),
            to: tree.path_of(to),
            file: reference.file.clone(),
            line: reference.line,
        }
    };
    let cycles = graph
        .cycles()
        .into_iter()
        .map(|members| {
            let walk = graph.closed_walk(&members);
            let walk = walk.windows(2).map(|pair| step(pair[0], pair[1])).collect();
            let mut edges = Vec::new();
            for &from in &members {
                for &to in &members {
                    if graph.edge(from, to).is_some() {
                        edges.push(step(from, to));
                    }
                }
            }
            let mut modules: Vec<String> = members.iter().map(|&m| tree.path_of(m)).collect();
            modules.sort();
            Cycle {
                modules,
                walk,
                edges,
            }
        })
        .collect();
    let edges = graph
        .edge_list()
        .into_iter()
        .map(|(from, to)| step(from, to))
        .collect();
    Ok(CrateReport {
        root: root.to_path_buf(),
        modules: tree.files.len(),
        cycles,
        edges,
        warnings: tree.warnings.clone(),
    })
}

/// Checks a crate given as in-memory files (path to text), rooted at `root`.
///
/// # Errors
///
/// As [`check_crate`].
pub fn check_sources(root: &str, files: &[(&str, &str)]) -> Result<CrateReport, Error> {
    let map: BTreeMap<PathBuf, String> = files
        .iter()
        .map(|(path, text)| (PathBuf::from(path), (*text).to_owned()))
        .collect();
    check_crate(Path::new(root), &map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_planted_cycle_is_caught_and_named() {
        let report = check_sources(
            "src/lib.rs",
            &[
                ("src/lib.rs", "mod measure;\nmod trace;\nmod other;\n"),
                (
                    "src/measure.rs",
                    "use std::fmt;\n\nuse crate::trace::Trace;\npub struct Request;\n",
                ),
                (
                    "src/trace.rs",
                    "pub struct Trace;\nfn f(r: &super::measure::Request) {}\n",
                ),
                ("src/other.rs", "use crate::measure::Request;\n"),
            ],
        )
        .expect("parses");
        assert_eq!(report.modules, 4);
        assert_eq!(report.cycles.len(), 1);
        let cycle = &report.cycles[0];
        assert_eq!(cycle.modules, ["crate::measure", "crate::trace"]);
        let steps: Vec<String> = cycle.walk.iter().map(ToString::to_string).collect();
        assert_eq!(
            steps,
            [
                "crate::measure -> crate::trace  (src/measure.rs:3)",
                "crate::trace -> crate::measure  (src/trace.rs:2)",
            ]
        );
        let printed = report.to_string();
        assert!(printed.contains("1 module cycle(s)"), "{printed}");
        assert!(printed.contains("src/trace.rs:2"), "{printed}");
    }

    #[test]
    fn a_facade_and_crate_error_are_not_a_cycle() {
        // lib.rs re-exports from `keys` and defines `Error`, which `keys` uses.
        let report = check_sources(
            "src/lib.rs",
            &[
                (
                    "src/lib.rs",
                    "mod keys;\npub use keys::{SigningKey, VerifyingKey};\n\
                     pub(crate) use keys::Seed;\npub enum Error { Length }\n",
                ),
                (
                    "src/keys.rs",
                    "pub struct SigningKey; pub struct VerifyingKey; pub struct Seed;\n\
                     fn decode(b: &[u8]) -> Result<SigningKey, crate::Error> { Err(crate::Error::Length) }\n",
                ),
            ],
        )
        .expect("parses");
        assert!(report.cycles.is_empty(), "{report}");
        // The same lib.rs using `keys` privately is a cycle.
        let report = check_sources(
            "src/lib.rs",
            &[
                (
                    "src/lib.rs",
                    "mod keys;\nuse keys::Seed;\npub enum Error { Length }\n",
                ),
                (
                    "src/keys.rs",
                    "pub struct Seed; fn f() -> crate::Error { todo!() }\n",
                ),
            ],
        )
        .expect("parses");
        assert_eq!(report.cycles.len(), 1, "{report}");
    }

    #[test]
    fn super_sibling_is_an_edge_to_the_sibling_not_the_parent() {
        let report = check_sources(
            "src/lib.rs",
            &[
                ("src/lib.rs", "mod mldsa;\n"),
                (
                    "src/mldsa/mod.rs",
                    "mod field;\nmod ntt;\npub const Q: u32 = 0;\n",
                ),
                ("src/mldsa/field.rs", "pub fn reduce() {}\n"),
                ("src/mldsa/ntt.rs", "fn f() { super::field::reduce(); }\n"),
            ],
        )
        .expect("parses");
        assert!(report.cycles.is_empty(), "{report}");
        // Made a cycle by `field` using `ntt`: the edge found is ntt -> field, not
        // ntt -> mldsa.
        let report = check_sources(
            "src/lib.rs",
            &[
                ("src/lib.rs", "mod mldsa;\n"),
                (
                    "src/mldsa/mod.rs",
                    "mod field;\nmod ntt;\npub const Q: u32 = 0;\n",
                ),
                (
                    "src/mldsa/field.rs",
                    "use super::ntt::g;\npub fn reduce() {}\n",
                ),
                (
                    "src/mldsa/ntt.rs",
                    "pub fn g() {}\nfn f() { super::field::reduce(); }\n",
                ),
            ],
        )
        .expect("parses");
        assert_eq!(report.cycles.len(), 1, "{report}");
        assert_eq!(
            report.cycles[0].modules,
            ["crate::mldsa::field", "crate::mldsa::ntt"]
        );
        assert_eq!(
            report.cycles[0].edges,
            [
                Step {
                    from: "crate::mldsa::field".into(),
                    to: "crate::mldsa::ntt".into(),
                    file: "src/mldsa/field.rs".into(),
                    line: 1,
                },
                Step {
                    from: "crate::mldsa::ntt".into(),
                    to: "crate::mldsa::field".into(),
                    file: "src/mldsa/ntt.rs".into(),
                    line: 2,
                },
            ]
        );
    }

    #[test]
    fn names_imported_from_another_crate_are_not_the_root() {
        // A binary naming its library's modules through the root's imports.
        let files = [
            (
                "src/main.rs",
                "use lib_crate::{budget, cache as store};
mod sweep;
fn main() { sweep::run(); }
",
            ),
            (
                "src/sweep.rs",
                "use crate::store::Cache;
pub fn run() { crate::budget::group(1); }
",
            ),
        ];
        let report = check_sources("src/main.rs", &files).expect("parses");
        assert!(report.cycles.is_empty(), "{report}");
        // Naming something the root defines is a cycle again.
        let mut files = files;
        files[1].1 = "pub fn run() { crate::budget::group(crate::LIMIT); }
";
        files[0].1 = "use lib_crate::budget;
mod sweep;
const LIMIT: u32 = 1;
fn main() { sweep::run(); }
";
        let report = check_sources("src/main.rs", &files).expect("parses");
        assert_eq!(report.cycles.len(), 1, "{report}");
    }

    #[test]
    fn test_modules_do_not_count() {
        let report = check_sources(
            "src/lib.rs",
            &[
                ("src/lib.rs", "mod a;\nmod b;\n"),
                ("src/a.rs", "use crate::b::B;\npub struct A;\n"),
                (
                    "src/b.rs",
                    "pub struct B;\n#[cfg(test)]\nmod tests {\n    use crate::a::A;\n}\n",
                ),
            ],
        )
        .expect("parses");
        assert!(report.cycles.is_empty(), "{report}");
    }

    #[test]
    fn parse_errors_name_the_file() {
        let err = check_sources(
            "src/lib.rs",
            &[("src/lib.rs", "mod a;"), ("src/a.rs", "fn (")],
        )
        .expect_err("does not parse");
        assert!(err.to_string().starts_with("src/a.rs:1:"), "{err}");
    }
}
