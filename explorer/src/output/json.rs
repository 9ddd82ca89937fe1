//! The sweep as one JSON document.

use serde_json::{json, Value};

use super::across;
use crate::analysis::Group;
use crate::ranking::rankings;
use crate::rows::{answer_json, row_json};
use crate::sweep::Sweep;

/// The JSON document. `best` is the answer for the first group (the only one unless
/// `all` or several schemes were asked); `answers` has every group's; `rankings` has,
/// per target and operation swept with several schemes, each scheme's answer ranked and
/// the overall best.
pub fn to_json(s: &Sweep, groups: &[Group]) -> Value {
    let results: Vec<Value> = groups
        .iter()
        .flat_map(|g| g.rows.iter().map(move |r| row_json(g, r)))
        .collect();
    let pareto: Vec<Value> = groups
        .iter()
        .flat_map(|g| {
            g.rows
                .iter()
                .filter(|r| r.on_front)
                .map(move |r| row_json(g, r))
        })
        .collect();
    let answers: Vec<Value> = groups.iter().map(answer_json).collect();
    let rankings: Vec<Value> = rankings(groups)
        .iter()
        .map(|r| across::to_json(r, groups))
        .collect();
    let best = answers
        .first()
        .and_then(|a| a.get("best"))
        .cloned()
        .unwrap_or(Value::Null);
    json!({
        "sweep": {
            "combinations": s.outcomes.len(),
            "measured": s.measured,
            "cached": s.cached,
            "stale_or_corrupt": s.stale,
            "deduplicated_operations": s.deduplicated,
            "corrupt": s.corrupt,
            "seconds": s.seconds,
            "sources_sha256": s.sources,
            "cycles": "model cycles of the target profile (docs/measurement.md)",
            "board": s.board.as_ref().map(|b| json!({
                "name": b.name,
                "part": b.part,
                "target": b.target,
                "clock_mhz": b.clock_mhz,
                "flash_wait_states": b.flash.map_or(0, |f| f.wait_states),
                "code": b.code,
                "source": b.source,
                "time": "each result's `time`: its model cycles in milliseconds at clock_mhz",
            })),
        },
        "results": results,
        "pareto": pareto,
        "best": best,
        "answers": answers,
        "rankings": rankings,
    })
}
