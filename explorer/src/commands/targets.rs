//! `pq-explore targets`: the target profiles and the shipped boards.

use pqfit_profiles::board::Board;
use pqfit_profiles::Profile;

use super::common::{embedded_targets, Res};

/// Lists the emulated targets, then the boards.
pub fn run() -> Res<()> {
    for name in embedded_targets()? {
        let p = Profile::load(&name)?;
        println!("{:<6} {:<30} {}", p.name, p.triple, p.description);
    }
    println!("\nboards (--board NAME, or your own FILE.toml: docs/boards.md):");
    for name in Board::names() {
        let b = Board::load(&name)?;
        let ws = b.profile()?.flash_wait_states;
        println!(
            "{:<10} {:<5} {:>4} MHz {:>3} WS  {}",
            name, b.target, b.clock_mhz, ws, b.part
        );
    }
    Ok(())
}
