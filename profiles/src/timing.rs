//! A board's flash interface as the cycle model sees it (docs/boards.md, "The model"): the
//! data of a board file's `[flash]` table, read by the profile, the fetch model and boards.

use serde::{Deserialize, Serialize};

/// Most wait states accepted per line fetch (an external SPI flash's line fill is ~100s).
pub const MAX_WAIT_STATES: u32 = 1_024;
/// Widest flash line accepted (bytes).
pub const MAX_LINE_BYTES: u32 = 256;
/// Most cache lines accepted.
pub const MAX_CACHE_LINES: u32 = 65_536;

/// Where the code and read-only data run from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CodeMemory {
    /// On-chip (or execute-in-place) flash, with the `[flash]` timing.
    Flash,
    /// Copied to zero-wait-state SRAM at start-up: no wait states at all.
    Sram,
}

/// A cache's geometry: `lines` lines of the flash line size, `ways`-way set associative
/// (`ways == lines`: fully associative), least-recently-used replacement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CacheGeometry {
    /// Lines in all.
    pub lines: u32,
    /// Lines per set.
    pub ways: u32,
}

/// The flash interface as the model sees it (docs/boards.md, "The model").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlashTiming {
    /// Stall cycles of a flash line read that nothing hides.
    pub wait_states: u32,
    /// Bytes read per flash access (the line of the prefetch buffer and caches).
    pub line_bytes: u32,
    /// A prefetch buffer reads the next sequential line ahead: entering line n+1 from
    /// line n costs nothing.
    #[serde(default)]
    pub prefetch: bool,
    /// Instruction cache.
    #[serde(default)]
    pub icache: Option<CacheGeometry>,
    /// Data cache (or buffer) for loads from flash: literal pools and constant tables.
    #[serde(default)]
    pub dcache: Option<CacheGeometry>,
    /// One cache for instructions and data: loads from flash go through `icache`.
    #[serde(default)]
    pub unified: bool,
}

impl FlashTiming {
    pub(crate) fn check(&self) -> Result<(), String> {
        if self.wait_states > MAX_WAIT_STATES {
            return Err(format!(
                "flash.wait_states = {} is above {MAX_WAIT_STATES}",
                self.wait_states
            ));
        }
        if !self.line_bytes.is_power_of_two() || !(2..=MAX_LINE_BYTES).contains(&self.line_bytes) {
            return Err(format!(
                "flash.line_bytes = {}: expected a power of two from 2 to {MAX_LINE_BYTES}",
                self.line_bytes
            ));
        }
        for (name, c) in [("icache", self.icache), ("dcache", self.dcache)] {
            if let Some(c) = c {
                if c.lines == 0 || c.lines > MAX_CACHE_LINES {
                    return Err(format!(
                        "flash.{name}.lines = {}: expected 1 to {MAX_CACHE_LINES}",
                        c.lines
                    ));
                }
                if c.ways == 0 || c.lines % c.ways != 0 {
                    return Err(format!(
                        "flash.{name}.ways = {} does not divide its {} lines",
                        c.ways, c.lines
                    ));
                }
            }
        }
        if self.unified && (self.icache.is_none() || self.dcache.is_some()) {
            return Err(
                "flash.unified = true needs an icache (shared with data) and no dcache".into(),
            );
        }
        Ok(())
    }

    /// Whether the model charges anything at all.
    pub fn charges(&self) -> bool {
        self.wait_states > 0
    }

    /// The fields that change model cycles, as one stable string (for cache keys).
    pub fn key(&self) -> String {
        let cache = |c: Option<CacheGeometry>| match c {
            Some(c) => format!("{}x{}", c.lines, c.ways),
            None => "none".into(),
        };
        format!(
            "ws{} line{} prefetch{} icache{} dcache{} unified{}",
            self.wait_states,
            self.line_bytes,
            u8::from(self.prefetch),
            cache(self.icache),
            cache(self.dcache),
            u8::from(self.unified)
        )
    }
}
