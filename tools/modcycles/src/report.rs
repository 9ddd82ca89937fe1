//! What the check found in one crate, and how it is printed.

use std::fmt;
use std::path::PathBuf;

/// One edge of the module graph and a reference that creates it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The module that names the other (`crate::a`).
    pub from: String,
    /// The module named.
    pub to: String,
    /// The file of the first such reference.
    pub file: PathBuf,
    /// Its line.
    pub line: usize,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} -> {}  ({}:{})",
            self.from,
            self.to,
            self.file.display(),
            self.line
        )
    }
}

/// A strongly connected component of more than one module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cycle {
    /// Its modules, by path.
    pub modules: Vec<String>,
    /// A closed walk through all of them, edge by edge.
    pub walk: Vec<Step>,
    /// Every edge between two of its modules.
    pub edges: Vec<Step>,
}

/// The check of one crate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrateReport {
    /// The crate root file.
    pub root: PathBuf,
    /// How many file modules the graph has (inline blocks merged into their file).
    pub modules: usize,
    /// The cycles, empty when the crate has none.
    pub cycles: Vec<Cycle>,
    /// Every edge of the module graph (`pqfit-modcycles --edges` prints them).
    pub edges: Vec<Step>,
    /// Module declarations whose file was not found.
    pub warnings: Vec<String>,
}

impl fmt::Display for CrateReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for warning in &self.warnings {
            writeln!(f, "warning: {warning}")?;
        }
        let root = self.root.display();
        if self.cycles.is_empty() {
            return writeln!(f, "{root}: {} modules, no cycle", self.modules);
        }
        writeln!(
            f,
            "{root}: {} modules, {} module cycle(s)",
            self.modules,
            self.cycles.len()
        )?;
        for (n, cycle) in self.cycles.iter().enumerate() {
            writeln!(
                f,
                "  cycle {} ({} modules): {}",
                n + 1,
                cycle.modules.len(),
                cycle.modules.join(", ")
            )?;
            writeln!(f, "    a path around it:")?;
            for step in &cycle.walk {
                writeln!(f, "      {step}")?;
            }
            writeln!(f, "    every edge inside it:")?;
            for step in &cycle.edges {
                writeln!(f, "      {step}")?;
            }
        }
        Ok(())
    }
}
