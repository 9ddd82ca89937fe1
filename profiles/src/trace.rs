//! Execution traces for the constant-time check: what the emulator saw a call do
//! (blocks entered, memory addresses touched, the operands' effect on variable-time
//! instructions, declassifications), folded into one hash per chunk of events so that a
//! call of a hundred million instructions compares in a few kilobytes, with the events
//! of one chunk kept in full when a difference has to be located.
//!
//! A trace also carries the declassified values of a call: recorded in the first run of
//! a pair and substituted, in the same order, into the second (see [`crate::ct_check`]).

use std::ops::Range;

/// One observable step of a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A basic block was entered: which branch was taken shows here.
    Block {
        /// The block's first instruction.
        addr: u64,
        /// Its length in bytes (its last instruction is the branch that left it).
        size: u32,
    },
    /// A load or store.
    Mem {
        /// The instruction (0 outside the recorded window: reading the PC per access is
        /// slow, and the block sequence already pins the instruction down).
        pc: u64,
        /// The address accessed.
        addr: u64,
        /// A store.
        write: bool,
    },
    /// An instruction whose duration depends on its operands (Cortex-M3 long multiplies,
    /// UDIV/SDIV; RV32 DIV/REM, whose divider also finishes early): its cycles, or for the
    /// RV32 divides the bit lengths of both operands (`len(a) << 8 | len(b)`).
    Timing {
        /// The instruction.
        pc: u64,
        /// Cycles, or the operand class.
        cost: u32,
    },
    /// A call of a declassification marker.
    Declassify {
        /// The marker's entry.
        pc: u64,
        /// Its position among the call's declassifications.
        index: usize,
    },
}

impl Event {
    fn key(&self) -> (u64, u64, u64) {
        match *self {
            Event::Block { addr, .. } => (1, addr, 0),
            Event::Mem { addr, write, .. } => (2, addr, u64::from(write)),
            Event::Timing { pc, cost } => (3, pc, u64::from(cost)),
            Event::Declassify { pc, index } => (4, pc, index as u64),
        }
    }

    /// The same observation (the PC of a memory access is context, not observation).
    pub fn same(&self, other: &Event) -> bool {
        self.key() == other.key()
    }
}

/// A declassified value: a word (a decision) or a byte string (a public seed, an
/// output).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Declassified {
    /// `declassify_u32`'s argument.
    Word(u32),
    /// `declassify_bytes`'s contents.
    Bytes(Vec<u8>),
}

/// Events per hashed chunk.
pub const CHUNK: u64 = 1 << 16;

/// The trace of one call being recorded.
#[derive(Debug)]
pub struct Tracer {
    /// Recorded declassifications (first run), or those to substitute (second run).
    pub values: Vec<Declassified>,
    replay: bool,
    next: usize,
    count: u64,
    hash: u64,
    /// One hash per [`CHUNK`] events, the last one partial.
    pub chunks: Vec<u64>,
    window: Option<Range<u64>>,
    /// The events inside the window, with their indices.
    pub events: Vec<(u64, Event)>,
    /// Why the run stopped following the first run's declassifications, if it did.
    pub divergence: Option<String>,
}

impl Tracer {
    /// A first run: declassified values are recorded.
    pub fn record(window: Option<Range<u64>>) -> Self {
        Self::new(Vec::new(), false, window)
    }

    /// A second run: the first run's declassified values are substituted in order.
    pub fn replay(values: Vec<Declassified>, window: Option<Range<u64>>) -> Self {
        Self::new(values, true, window)
    }

    fn new(values: Vec<Declassified>, replay: bool, window: Option<Range<u64>>) -> Self {
        Tracer {
            values,
            replay,
            next: 0,
            count: 0,
            hash: SEED,
            chunks: Vec::new(),
            window,
            events: Vec::new(),
            divergence: None,
        }
    }

    /// Whether the next event is inside the window (then memory events want their PC).
    pub fn in_window(&self) -> bool {
        self.window
            .as_ref()
            .is_some_and(|w| w.contains(&self.count))
    }

    /// Appends an event.
    pub fn push(&mut self, e: Event) {
        if self.in_window() {
            self.events.push((self.count, e));
        }
        let (a, b, c) = e.key();
        self.hash = mix(mix(mix(self.hash ^ a) ^ b) ^ c);
        self.count += 1;
        if self.count.is_multiple_of(CHUNK) {
            self.chunks.push(self.hash);
            self.hash = SEED;
        }
    }

    /// Events so far.
    pub fn len(&self) -> u64 {
        self.count
    }

    /// No event yet.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Closes the last, partial chunk.
    pub fn finish(&mut self) {
        if !self.count.is_multiple_of(CHUNK) {
            self.chunks.push(self.hash ^ self.count);
        }
    }

    /// A declassification at `pc` with value `v` (the first run) or the value to use
    /// instead (the second run); `None` when the second run asks for a declassification
    /// the first did not make, or of another kind or length.
    pub fn declassify(&mut self, pc: u64, v: Declassified) -> Option<Declassified> {
        let index = self.next;
        self.next += 1;
        self.push(Event::Declassify { pc, index });
        if !self.replay {
            self.values.push(v.clone());
            return Some(v);
        }
        let want = self.values.get(index).cloned();
        let fits = match (&want, &v) {
            (Some(Declassified::Word(_)), Declassified::Word(_)) => true,
            (Some(Declassified::Bytes(a)), Declassified::Bytes(b)) => a.len() == b.len(),
            _ => false,
        };
        if !fits {
            self.divergence = Some(match want {
                None => format!("declassification {index} was not made by the first run"),
                Some(_) => format!("declassification {index} differs in kind or length"),
            });
            return None;
        }
        want
    }
}

const SEED: u64 = 0x243f_6a88_85a3_08d3;

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The index of the first event where two traces differ, to within a chunk: the first
/// chunk whose hashes differ, or where one trace ends early. `None` when equal.
pub fn first_different_chunk(a: &[u64], b: &[u64]) -> Option<usize> {
    let n = a.len().max(b.len());
    (0..n).find(|&i| a.get(i) != b.get(i))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(events: &[Event]) -> Tracer {
        let mut t = Tracer::record(None);
        for &e in events {
            t.push(e);
        }
        t.finish();
        t
    }

    #[test]
    fn equal_traces_hash_equal_and_a_change_is_found() {
        let mut es: Vec<Event> = (0..3 * CHUNK)
            .map(|i| Event::Block {
                addr: i % 97,
                size: 2,
            })
            .collect();
        let a = run(&es);
        assert_eq!(first_different_chunk(&a.chunks, &run(&es).chunks), None);
        es[(CHUNK + 5) as usize] = Event::Mem {
            pc: 0,
            addr: 4,
            write: false,
        };
        assert_eq!(first_different_chunk(&a.chunks, &run(&es).chunks), Some(1));
        // A trace that stops early differs at its end.
        assert_eq!(
            first_different_chunk(&a.chunks, &run(&es[..10]).chunks),
            Some(0)
        );
    }

    #[test]
    fn the_pc_of_a_memory_access_is_not_observed() {
        let m = |pc| Event::Mem {
            pc,
            addr: 8,
            write: true,
        };
        assert!(m(1).same(&m(2)));
        assert_ne!(run(&[m(0)]).chunks, run(&[m(0), m(0)]).chunks);
    }

    #[test]
    fn replay_substitutes_in_order_and_reports_surplus() {
        let mut a = Tracer::record(None);
        a.declassify(10, Declassified::Word(1));
        a.declassify(10, Declassified::Bytes(vec![1, 2]));
        let mut b = Tracer::replay(a.values.clone(), Some(0..10));
        assert_eq!(
            b.declassify(10, Declassified::Word(0)),
            Some(Declassified::Word(1))
        );
        assert_eq!(
            b.declassify(10, Declassified::Bytes(vec![7, 7])),
            Some(Declassified::Bytes(vec![1, 2]))
        );
        assert_eq!(b.events.len(), 2);
        assert!(b.divergence.is_none());
        assert_eq!(b.declassify(10, Declassified::Word(0)), None);
        assert!(b.divergence.is_some());
        let mut c = Tracer::replay(a.values, None);
        assert_eq!(c.declassify(10, Declassified::Bytes(vec![0])), None);
    }
}
