//! The sweep as CSV: one line per combination and operation.

use crate::analysis::Group;
use crate::board;
use crate::format::{csv_field, first_line};

/// Every row of every group, with the board's time columns when there are times.
pub fn csv(groups: &[Group]) -> String {
    let mut out = String::from(
        "target,scheme,category,op,name,preset,rust_type,stack_bytes,flash_bytes,static_ram_bytes,ram_bytes,cycles_min,cycles_avg,cycles_max,cycles_per_iteration,cycles_avg_at_expected_iterations,flash_scheme_bytes,flash_keccak_bytes,flash_scaffold_bytes,opt_level,instructions,runs,on_front,on_stack_front,on_flash_front,fits,constant_time,faults_runs,faults_released,faults_detected,faults_crashed,faults_same,cached,code,same_code_as,error",
    );
    // On a board, its time columns close every line.
    let timed = groups.iter().any(board::has_time);
    if timed {
        out += ",";
        out += board::CSV_HEADER;
    }
    out.push('\n');
    for g in groups {
        for row in &g.rows {
            let f = row.ok();
            let n = |v: Option<u64>| v.map(|x| x.to_string()).unwrap_or_default();
            let fields = [
                g.target.clone(),
                g.scheme.name().into(),
                g.scheme.category().to_string(),
                g.op.into(),
                row.name.clone(),
                row.preset.unwrap_or("").into(),
                row.rust_type.clone(),
                n(f.map(|r| r.stack_bytes)),
                n(f.map(|r| r.flash_bytes.total)),
                n(f.map(|r| r.static_ram_bytes)),
                n(row.ram_bytes),
                n(f.map(|r| r.cycles.min)),
                n(f.map(|r| r.cycles.avg)),
                n(f.map(|r| r.cycles.max)),
                n(f.and_then(|r| r.iterations.and_then(|i| i.cycles_per_iteration))),
                n(f.and_then(|r| r.iterations.and_then(|i| i.normalised_avg))),
                n(f.map(|r| r.flash_bytes.split.scheme)),
                n(f.map(|r| r.flash_bytes.split.keccak)),
                n(f.map(|r| r.flash_bytes.split.scaffold)),
                f.map(|r| r.opt_level.clone()).unwrap_or_default(),
                n(f.map(|r| r.instructions)),
                n(f.map(|r| r.runs as u64)),
                row.on_front.to_string(),
                row.on_stack_front.to_string(),
                row.on_flash_front.to_string(),
                row.fits.map(|b| b.to_string()).unwrap_or_default(),
                row.constant_time.into(),
                n(row.faults.as_ref().map(|s| s.runs as u64)),
                n(row.faults.as_ref().map(|s| s.released as u64)),
                n(row.faults.as_ref().map(|s| s.detected as u64)),
                n(row.faults.as_ref().map(|s| s.crashed as u64)),
                n(row.faults.as_ref().map(|s| s.same as u64)),
                row.cached.to_string(),
                f.and_then(|r| r.code.clone()).unwrap_or_default(),
                f.and_then(|r| r.same_code_as.clone()).unwrap_or_default(),
                first_line(row.error.as_deref().unwrap_or("")).into(),
            ];
            let mut line: Vec<String> = fields.iter().map(|s| csv_field(s)).collect();
            if timed {
                line.extend(board::csv_fields(row).iter().map(|s| csv_field(s)));
            }
            out += &line.join(",");
            out.push('\n');
        }
    }
    out
}
