//! Checkpoints inside the fault-free call, so that a faulted run costs less than the
//! whole call: it starts from the last checkpoint before its fault (not from the start),
//! and after the fault it stops at each later checkpoint to compare its state with the
//! fault-free one; once they are equal (registers and all of RAM), the rest of the call
//! is the fault-free run's and the outcome is `same` without running it.

use crate::emu::{Bare, Stop};
use crate::Error;

/// Checkpoints per call (the start included): each holds all of the emulated RAM.
pub const CHECKPOINTS: usize = 64;

/// One checkpoint: the state just before instruction `index` of the fault-free call.
#[derive(Clone, Copy, Debug)]
pub struct Point {
    /// Its dynamic instruction index.
    pub index: u64,
    /// The address of that instruction.
    pub pc: u64,
    /// Which execution of `pc` it is, counted from the previous checkpoint (from 1).
    pub occurrence: u64,
}

/// The checkpoints of one call, evenly spaced over its instructions.
#[derive(Clone, Debug)]
pub struct Checkpoints {
    points: Vec<Point>,
}

impl Checkpoints {
    /// Up to `count` checkpoints over the fault-free `trace` (at least the start), each
    /// at the first instruction from its even spacing that a run can stop before.
    pub fn new(trace: &[u32], count: usize, stoppable: impl Fn(usize) -> bool) -> Self {
        let n = trace.len();
        let count = count.clamp(1, n.max(1));
        let mut points: Vec<Point> = Vec::with_capacity(count);
        for k in 0..count {
            let mut index = k * n / count;
            while k > 0 && index + 1 < n && !stoppable(index) {
                index += 1;
            }
            if points.last().is_some_and(|p| p.index as usize == index) {
                continue;
            }
            let pc = trace.get(index).copied().unwrap_or(0);
            let from = points.last().map_or(0, |p| p.index as usize);
            let occurrence = if k == 0 {
                0
            } else {
                trace[from..=index].iter().filter(|&&p| p == pc).count() as u64
            };
            points.push(Point {
                index: index as u64,
                pc: u64::from(pc),
                occurrence,
            });
        }
        Checkpoints { points }
    }

    /// The checkpoints, the start first.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// Runs the prepared machine from the start of the call through every checkpoint,
    /// saving each (the start is saved by [`Bare::prepare_call`]).
    pub fn save_all(&self, m: &mut Bare) -> Result<(), Error> {
        m.restore()?;
        for p in &self.points[1..] {
            match m.run_to(p.pc, p.occurrence)? {
                Stop::Count => m.push_checkpoint()?,
                other => {
                    return Err(Error::Emulator(format!(
                        "the fault-free run ended ({other:?}) before checkpoint {}",
                        p.index
                    )))
                }
            }
        }
        Ok(())
    }

    /// The first checkpoint after a fault at instruction `fault`, for a run that goes on
    /// from instruction `resume` (the faulted instruction itself, or the one after it):
    /// its slot and which execution of its address it is, counted from `resume` along
    /// the fault-free trace.
    pub fn rejoin(&self, trace: &[u32], fault: u64, resume: u64) -> Option<(usize, u64)> {
        let s = self.points.partition_point(|p| p.index <= fault);
        let p = self.points.get(s)?;
        let pc = p.pc as u32;
        let from = resume.min(p.index) as usize;
        let occurrence = trace[from..=p.index as usize]
            .iter()
            .filter(|&&x| x == pc)
            .count() as u64;
        Some((s, occurrence))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkpoints_are_spaced_and_count_occurrences_from_the_previous_one() {
        // A loop body of four instructions, executed five times.
        let trace: Vec<u32> = (0..20).map(|i| 0x100 + 2 * (i % 4)).collect();
        let c = Checkpoints::new(&trace, 4, |_| true);
        let idx: Vec<u64> = c.points().iter().map(|p| p.index).collect();
        assert_eq!(idx, [0, 5, 10, 15]);
        // Instruction 5 is 0x102, executed at 1 and 5 from the start.
        assert_eq!((c.points()[1].pc, c.points()[1].occurrence), (0x102, 2));
        // From instruction 5: 0x104 at 6 and 10.
        assert_eq!((c.points()[2].pc, c.points()[2].occurrence), (0x104, 2));
        // A fault at 10 rejoins at 15 (0x106: at 11 and 15 from 11).
        assert_eq!(c.rejoin(&trace, 10, 11), Some((3, 2)));
        assert_eq!(c.rejoin(&trace, 15, 16), None);
    }

    #[test]
    fn a_checkpoint_moves_past_what_a_run_cannot_stop_before() {
        let trace: Vec<u32> = (0..20).map(|i| 0x100 + 2 * (i % 4)).collect();
        // 0x102 and 0x104 as if inside an IT block.
        let c = Checkpoints::new(&trace, 4, |k| !matches!(trace[k], 0x102 | 0x104));
        let idx: Vec<u64> = c.points().iter().map(|p| p.index).collect();
        assert_eq!(idx, [0, 7, 11, 15]);
    }

    #[test]
    fn a_short_call_has_no_duplicate_checkpoints() {
        let trace = [0x10u32, 0x12, 0x14];
        let c = Checkpoints::new(&trace, 64, |_| true);
        assert_eq!(c.points().len(), 3);
    }
}
