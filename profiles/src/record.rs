//! The figures of a measurement, as the harness reports them and the explorer caches
//! them: cycles, stack, flash and RAM per operation, and the constant-time verdicts.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::elf::Flash;

/// Cycle statistics over the runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cycles {
    /// Fewest.
    pub min: u64,
    /// Mean (rounded).
    pub avg: u64,
    /// Most.
    pub max: u64,
}

/// One operation's figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpReport {
    /// Profile name.
    pub target: String,
    /// Scheme (`ml-dsa-65`), or the ELF file for `measure_elf`.
    pub scheme: String,
    /// `keygen`, `sign`, `verify`, or the entry name.
    pub op: String,
    /// The strategy type path (accepted back by `--strategy`).
    pub strategy: String,
    /// Modelled cycles.
    pub cycles: Cycles,
    /// Instructions executed (mean over the runs).
    pub instructions: u64,
    /// Stack high-water mark (maximum over the runs), excluding the caller's buffers.
    pub stack_bytes: u64,
    /// .data + .bss, without the harness's input/output buffers.
    pub static_ram_bytes: u64,
    /// Flash of the whole firmware.
    pub flash_bytes: Flash,
    /// Runs measured.
    pub runs: usize,
    /// Optimisation level of the build.
    pub opt_level: String,
    /// For signing with a rejection loop (ML-DSA): the iteration counts behind the
    /// cycles, and the cycles normalised to the parameter set's expected count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iterations: Option<Iterations>,
    /// For an operation that works on state prepared once (sign-expanded: the expanded
    /// key), the one-off call that prepared it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preparation: Option<Preparation>,
    /// With a board: the cycles as milliseconds at its clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<Time>,
    /// The operation's code identity ([`crate::link`]): equal for combinations whose
    /// operation is the same code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// In a sweep: the strategy this operation was run for, when it is the same code and
    /// its figures are that run's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_code_as: Option<String>,
}

/// The one-off call behind an operation on kept state (`MlDsa::expand_key` before
/// repeated `sign_expanded` calls): not part of the operation's cycles or stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preparation {
    /// The call (`expand_key`).
    pub call: String,
    /// Model cycles of the call.
    pub cycles: u64,
    /// Its stack high-water mark.
    pub stack_bytes: u64,
}

/// Signing time against the number of rejection-loop iterations of each message.
///
/// The mean over a few messages swings with how many iterations they happened to
/// need; pqm4-style means over thousands of messages do not. A least-squares line
/// `cycles = fixed + n * per_iteration` over the messages gives the cost of one
/// iteration (averaged over the iterations that stop at the z check and those that go
/// on), and `normalised_avg = fixed + expected * per_iteration` is the mean at the
/// parameter set's expected count (FIPS 204: 4.25, 5.1, 3.85), the figure to
/// compare with a long-run mean.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Iterations {
    /// Mean iterations over the messages measured.
    pub mean: f64,
    /// The parameter set's expected iterations (FIPS 204, Table 1).
    pub expected: f64,
    /// Model cycles per iteration (slope of the fit); `None` when every message took
    /// the same number of iterations.
    pub cycles_per_iteration: Option<u64>,
    /// Mean model cycles at the expected count; `None` as above.
    pub normalised_avg: Option<u64>,
}

impl Iterations {
    /// Fits cycles against iterations, one pair per message.
    pub fn fit(counts: &[u32], cycles: &[u64], expected: f64) -> Option<Self> {
        if counts.is_empty() || counts.len() != cycles.len() {
            return None;
        }
        let n = counts.len() as f64;
        let mean_n = counts.iter().map(|&c| f64::from(c)).sum::<f64>() / n;
        let mean_c = cycles.iter().map(|&c| c as f64).sum::<f64>() / n;
        let (mut sxy, mut sxx) = (0.0, 0.0);
        for (&k, &c) in counts.iter().zip(cycles) {
            let dx = f64::from(k) - mean_n;
            sxy += dx * (c as f64 - mean_c);
            sxx += dx * dx;
        }
        let slope = (sxx > 0.0).then(|| sxy / sxx);
        Some(Iterations {
            mean: mean_n,
            expected,
            cycles_per_iteration: slope.map(|b| b.max(0.0).round() as u64),
            normalised_avg: slope
                .map(|b| (mean_c + (expected - mean_n) * b).max(0.0).round() as u64),
        })
    }
}

/// The result of one measurement.
#[derive(Clone, Debug, Serialize)]
pub struct Measurement {
    /// Per operation.
    pub ops: Vec<OpReport>,
    /// Instructions emulated in total.
    pub emulated_instructions: u64,
    /// Wall-clock seconds inside the emulator.
    pub emulation_seconds: f64,
    /// The ELF measured.
    pub elf: PathBuf,
    /// Flash per crate (bytes), largest first.
    pub flash_by_crate: Vec<(String, u64)>,
}

impl Measurement {
    /// Emulation speed in instructions per second.
    pub fn instructions_per_second(&self) -> f64 {
        self.emulated_instructions as f64 / self.emulation_seconds.max(1e-9)
    }
}

/// A time at a board's clock.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Time {
    /// The board's name and part.
    pub board: String,
    /// Its clock in MHz.
    pub clock_mhz: f64,
    /// Milliseconds of the fewest model cycles.
    pub ms_min: f64,
    /// Milliseconds of the mean.
    pub ms_avg: f64,
    /// Milliseconds of the most.
    pub ms_max: f64,
}

/// Where the traces of two runs first differ.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leak {
    /// The run compared with run 0.
    pub run: usize,
    /// Index of the first differing event.
    pub event: u64,
    /// `branch`, `memory address`, `variable-time instruction`, `declassification` or
    /// `conditional execution`.
    pub kind: String,
    /// The function (demangled, without hash) holding the instruction.
    pub function: String,
    /// The instruction's offset in that function.
    pub offset: u64,
    /// The instruction's address.
    pub pc: u64,
    /// What differed.
    pub detail: String,
}

impl std::fmt::Display for Leak {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} depends on a secret at {}+{:#x} (pc {:#010x}; event {} of run 0 against run {}): {}",
            self.kind, self.function, self.offset, self.pc, self.event, self.run, self.detail
        )
    }
}

/// One operation's verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CtOp {
    /// `keygen`, `sign`, `encaps` or `decaps`.
    pub op: String,
    /// Runs compared.
    pub runs: usize,
    /// Events in run 0's trace.
    pub events: u64,
    /// Declassifications in run 0.
    pub declassifications: usize,
    /// The first difference, if any.
    pub leak: Option<Leak>,
}
