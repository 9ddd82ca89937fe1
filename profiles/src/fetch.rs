//! The flash wait-state model of a board ([`crate::timing::FlashTiming`]): which flash
//! lines the code and its loads read, and the stall cycles each read costs after the
//! prefetch buffer and the caches. The emulator feeds it every executed block and every
//! load from flash; docs/boards.md states the rules and what they leave out.

use crate::timing::{CacheGeometry, FlashTiming};

/// A tag no line has (flash lines are addresses shifted right by at least one bit).
const EMPTY: u64 = u64::MAX;

/// A set-associative cache of flash lines with least-recently-used replacement.
#[derive(Clone, Debug)]
pub struct Cache {
    sets: u64,
    ways: usize,
    tags: Vec<u64>,
    /// Last use of each slot (0: never).
    used: Vec<u64>,
    clock: u64,
}

impl Cache {
    /// An empty cache (`g` checked by the board file: ways divide lines, both non-zero).
    pub fn new(g: CacheGeometry) -> Self {
        let ways = g.ways.max(1) as usize;
        let lines = (g.lines as usize).max(ways);
        Cache {
            sets: (lines / ways) as u64,
            ways,
            tags: vec![EMPTY; lines],
            used: vec![0; lines],
            clock: 0,
        }
    }

    /// Looks `line` up: `true` on a hit; a miss fills the set's least recently used slot.
    pub fn access(&mut self, line: u64) -> bool {
        self.clock += 1;
        let base = (line % self.sets) as usize * self.ways;
        let set = base..base + self.ways;
        if let Some(i) = self.tags[set.clone()].iter().position(|&t| t == line) {
            self.used[base + i] = self.clock;
            return true;
        }
        let victim = set.min_by_key(|&i| self.used[i]).unwrap_or(base);
        self.tags[victim] = line;
        self.used[victim] = self.clock;
        false
    }

    /// Empties the cache.
    pub fn clear(&mut self) {
        self.tags.fill(EMPTY);
        self.used.fill(0);
        self.clock = 0;
    }
}

/// The state of a board's flash interface during a call.
#[derive(Clone, Debug)]
pub struct Fetch {
    timing: FlashTiming,
    shift: u32,
    flash: std::ops::Range<u64>,
    /// The line the core fetches from now (`None` after code outside flash).
    current: Option<u64>,
    icache: Option<Cache>,
    dcache: Option<Cache>,
    /// Stall cycles charged since the last reset.
    pub wait_cycles: u64,
}

impl Fetch {
    /// The model for `timing` over the flash at `origin` (`bytes` long).
    pub fn new(timing: FlashTiming, origin: u64, bytes: u64) -> Self {
        Fetch {
            timing,
            shift: timing.line_bytes.max(2).trailing_zeros(),
            flash: origin..origin + bytes,
            current: None,
            icache: timing.icache.map(Cache::new),
            dcache: timing.dcache.map(Cache::new),
            wait_cycles: 0,
        }
    }

    /// Cold caches, empty buffers, no stalls counted: the state at the start of a call.
    pub fn reset(&mut self) {
        self.current = None;
        for c in [&mut self.icache, &mut self.dcache].into_iter().flatten() {
            c.clear();
        }
        self.wait_cycles = 0;
    }

    /// The stalls of executing the `size` bytes of code at `addr` once: one read per flash
    /// line entered, free when it is the line being fetched from, the next one with a
    /// prefetch buffer, or in the instruction cache.
    pub fn block(&mut self, addr: u64, size: u32) -> u32 {
        if size == 0 || !self.flash.contains(&addr) {
            self.current = None;
            return 0;
        }
        let end = (addr + u64::from(size)).min(self.flash.end);
        let mut stall = 0;
        for line in addr >> self.shift..=(end - 1) >> self.shift {
            stall += self.enter(line);
        }
        self.wait_cycles += u64::from(stall);
        stall
    }

    fn enter(&mut self, line: u64) -> u32 {
        let previous = self.current.replace(line);
        if previous == Some(line) {
            return 0;
        }
        let prefetched = self.timing.prefetch && previous.is_some_and(|p| p + 1 == line);
        // The cache sees (and fills with) every line read, prefetched or not.
        let cached = self.icache.as_mut().is_some_and(|c| c.access(line));
        if prefetched || cached {
            0
        } else {
            self.timing.wait_states
        }
    }

    /// The stall of a load from flash at `addr`: free when its line is in the data cache
    /// (the instruction cache when unified), the wait states otherwise.
    pub fn load(&mut self, addr: u64) -> u32 {
        if !self.flash.contains(&addr) {
            return 0;
        }
        let line = addr >> self.shift;
        let cache = if self.timing.unified {
            self.icache.as_mut()
        } else {
            self.dcache.as_mut()
        };
        if cache.is_some_and(|c| c.access(line)) {
            return 0;
        }
        self.wait_cycles += u64::from(self.timing.wait_states);
        self.timing.wait_states
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timing(prefetch: bool, icache: Option<(u32, u32)>) -> FlashTiming {
        FlashTiming {
            wait_states: 5,
            line_bytes: 16,
            prefetch,
            icache: icache.map(|(lines, ways)| CacheGeometry { lines, ways }),
            dcache: None,
            unified: false,
        }
    }

    #[test]
    fn lru_replacement_within_a_set() {
        // 4 lines, 2 ways: 2 sets; lines 0, 2, 4 all map to set 0.
        let mut c = Cache::new(CacheGeometry { lines: 4, ways: 2 });
        assert!(!c.access(0));
        assert!(!c.access(2));
        assert!(c.access(0)); // 2 is now the least recently used
        assert!(!c.access(4)); // evicts 2
        assert!(c.access(0));
        assert!(!c.access(2));
        assert!(!c.access(1)); // the other set is untouched by all of this
        assert!(c.access(1));
        c.clear();
        assert!(!c.access(1));
    }

    #[test]
    fn lines_entered_without_help_cost_the_wait_states() {
        let mut f = Fetch::new(timing(false, None), 0x1000, 0x1000);
        // 48 bytes from 0x1008: lines 0x100, 0x101, 0x102, 0x103: 4 reads.
        assert_eq!(f.block(0x1008, 48), 20);
        // Running on in the same line is free; the next line is a read.
        assert_eq!(f.block(0x1030, 4), 0);
        assert_eq!(f.block(0x1034, 16), 5);
        // Code outside flash is free and leaves no line fetched.
        assert_eq!(f.block(0x2000_0000, 8), 0);
        assert_eq!(f.block(0x1040, 2), 5);
        assert_eq!(f.wait_cycles, 30);
        f.reset();
        assert_eq!(f.wait_cycles, 0);
    }

    #[test]
    fn prefetch_hides_the_next_line_and_the_cache_hides_repeats() {
        let mut f = Fetch::new(timing(true, None), 0, 0x1000);
        assert_eq!(f.block(0, 64), 5); // only the first of 4 lines
        assert_eq!(f.block(0x100, 4), 5); // a jump is not sequential
        assert_eq!(f.block(0, 4), 5); // nor back: no cache
        let mut f = Fetch::new(timing(false, Some((2, 2))), 0, 0x1000);
        assert_eq!(f.block(0, 32), 10);
        assert_eq!(f.block(0, 32), 0); // both lines cached
        assert_eq!(f.block(0x40, 16), 5); // evicts line 0 (least recently used)
        assert_eq!(f.block(0, 4), 5);
    }

    #[test]
    fn loads_use_the_data_cache_or_the_unified_one() {
        let mut t = timing(false, Some((4, 4)));
        let mut f = Fetch::new(t, 0, 0x1000);
        assert_eq!(f.load(0x20), 5);
        assert_eq!(f.load(0x24), 5); // no data cache: every load reads flash
        assert_eq!(f.load(0x2000), 0); // not flash
        t.dcache = Some(CacheGeometry { lines: 1, ways: 1 });
        let mut f = Fetch::new(t, 0, 0x1000);
        assert_eq!((f.load(0x20), f.load(0x2c), f.load(0x30)), (5, 0, 5));
        t.dcache = None;
        t.unified = true;
        let mut f = Fetch::new(t, 0, 0x1000);
        assert_eq!(f.block(0x20, 4), 5);
        assert_eq!(f.load(0x24), 0); // the line the code came from is cached
    }
}
