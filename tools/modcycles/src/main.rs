//! `pqfit-modcycles <crate-src-dir or root.rs>...`: prints each crate's module cycles
//! (see the library's documentation for the model); exits 1 when any crate has one,
//! 2 when a crate cannot be read or parsed.

use std::path::PathBuf;
use std::process::ExitCode;

use pqfit_modcycles::{check_crate, crate_roots, FileSystem};

const USAGE: &str = "usage: pqfit-modcycles [--edges] <crate-src-dir | crate-root.rs>...\n\
    Checks each crate (lib.rs and/or main.rs in a directory, or the given root file)\n\
    for module import cycles; exits 1 if any is found, 2 on an unreadable crate.\n\
    --edges: also print every edge of each crate's module graph with a reference.";

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let edges = args.iter().any(|a| a == "--edges");
    args.retain(|a| a != "--edges");
    if args.is_empty() || args.iter().any(|a| a == "-h" || a == "--help") {
        eprintln!("{USAGE}");
        return if args.is_empty() {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        };
    }
    let mut cycles = 0;
    let mut failed = false;
    for arg in &args {
        let roots = match crate_roots(&PathBuf::from(arg)) {
            Ok(roots) => roots,
            Err(e) => {
                eprintln!("error: {e}");
                failed = true;
                continue;
            }
        };
        for root in roots {
            match check_crate(&root, &FileSystem) {
                Ok(report) => {
                    print!("{report}");
                    if edges {
                        for step in &report.edges {
                            println!("  edge {step}");
                        }
                    }
                    cycles += report.cycles.len();
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    failed = true;
                }
            }
        }
    }
    if failed {
        ExitCode::from(2)
    } else if cycles > 0 {
        println!("{cycles} module cycle(s): break each by moving what both sides need into a module of its own, or by having one side stop naming the other");
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
