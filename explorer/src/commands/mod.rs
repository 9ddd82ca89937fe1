//! One module per command, each with its `run`; [`common`] holds what they share.

pub mod common;
pub mod ct;
pub mod faults;
pub mod measure;
pub mod merge;
pub mod peers;
pub mod readme;
pub mod report;
pub mod sweep;
pub mod targets;
