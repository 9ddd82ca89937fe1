//! The report's tests' sweep: the synthetic outcomes of [`crate::testdata`] (every family
//! on two targets, no firmware built) with the plan of a report run over them.

use super::plan::{Options, Plan};
use crate::sweep::Sweep;

pub use crate::testdata::TARGETS;

/// The sweep and its plan: every family, presets only, two signed messages for CROSS.
pub fn sweep() -> (Sweep, Plan) {
    let spec = crate::testdata::spec();
    let options = Options {
        full: None,
        cross_sign_runs: Some(2),
    };
    let plan = Plan::new(&spec, &options, "pq-explore report (test fixture)".into())
        .expect("a valid plan");
    (crate::testdata::sweep(), plan)
}
