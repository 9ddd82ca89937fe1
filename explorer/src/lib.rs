//! The parts of `pq-explore` that read untrusted input, as a library so that they can
//! be fuzzed (`fuzz/`): budgets as users type them ([`budget`]) and the cache files on
//! disk ([`cache`]). The tool itself is `src/main.rs`.

pub mod budget;
pub mod cache;
