//! Boards: a real part that extends a target profile with its clock, flash wait states,
//! flash accelerator (prefetch buffer, instruction and data caches) and memory sizes.
//! Shipped boards are `profiles/boards/<name>.toml`; a user's own is any file of the same
//! format (docs/boards.md). The fetch model itself is in [`crate::emu`].

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::profile::Profile;
use crate::record::{Cycles, OpReport, Time};
pub use crate::timing::{
    CacheGeometry, CodeMemory, FlashTiming, MAX_CACHE_LINES, MAX_LINE_BYTES, MAX_WAIT_STATES,
};
use crate::Error;

/// Highest clock accepted (MHz): a typo guard, far above any microcontroller.
pub const MAX_CLOCK_MHZ: f64 = 2_000.0;
/// A board file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// The target profile it extends (`m4`).
    pub target: String,
    /// The part (`STM32F407VG`).
    pub part: String,
    /// Core clock in MHz.
    pub clock_mhz: f64,
    /// On-chip flash in bytes (the flash budget).
    pub flash_bytes: u64,
    /// RAM in bytes (the RAM budget).
    pub ram_bytes: u64,
    /// Where the figures come from (datasheet, reference manual and section).
    pub source: String,
    /// Where code and read-only data run from.
    pub code: CodeMemory,
    /// The flash timing (with `code = "flash"`).
    #[serde(default)]
    pub flash: Option<FlashTiming>,
    /// The name it was loaded by (a shipped board's file stem, or the file's path).
    #[serde(skip)]
    pub name: String,
}

/// The directory of the shipped boards (`profiles/boards`).
pub fn boards_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("boards")
}

impl Board {
    /// Parses and checks a board file's text; `name` labels it and its errors.
    pub fn from_toml(name: &str, text: &str) -> Result<Self, Error> {
        let err = |e: String| Error::Profile(format!("board {name}: {e}"));
        let mut b: Board = toml::from_str(text).map_err(|e| err(e.to_string()))?;
        b.name = name.to_string();
        b.check().map_err(err)?;
        Ok(b)
    }

    fn check(&self) -> Result<(), String> {
        if self.target.trim().is_empty() || self.part.trim().is_empty() {
            return Err("target and part must not be empty".into());
        }
        if !(self.clock_mhz.is_finite() && self.clock_mhz > 0.0 && self.clock_mhz <= MAX_CLOCK_MHZ)
        {
            return Err(format!(
                "clock_mhz = {}: expected more than 0 and at most {MAX_CLOCK_MHZ}",
                self.clock_mhz
            ));
        }
        if self.flash_bytes == 0 || self.ram_bytes == 0 {
            return Err("flash_bytes and ram_bytes must be more than 0".into());
        }
        if self.source.trim().is_empty() {
            return Err("source must name the datasheet the figures come from".into());
        }
        match (self.code, &self.flash) {
            (CodeMemory::Flash, None) => {
                Err("code = \"flash\" needs a [flash] table (wait_states, line_bytes)".into())
            }
            (CodeMemory::Sram, Some(_)) => Err(
                "code = \"sram\" runs without flash wait states: remove the [flash] table".into(),
            ),
            (_, Some(f)) => f.check(),
            (CodeMemory::Sram, None) => Ok(()),
        }
    }

    /// Loads a board: a path (anything with a `/` or ending in `.toml`) or the name of a
    /// shipped board (`stm32f407`).
    pub fn load(name_or_path: &str) -> Result<Self, Error> {
        let is_path = name_or_path.contains(['/', '\\']) || name_or_path.ends_with(".toml");
        let path = if is_path {
            PathBuf::from(name_or_path)
        } else {
            if name_or_path.is_empty()
                || !name_or_path
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            {
                return Err(Error::Profile(format!("bad board name {name_or_path:?}")));
            }
            boards_dir().join(format!("{name_or_path}.toml"))
        };
        let text = std::fs::read_to_string(&path).map_err(|e| {
            Error::Profile(format!(
                "board {name_or_path:?} ({}: {e}); shipped boards: {}",
                path.display(),
                Self::names().join(", ")
            ))
        })?;
        Self::from_toml(name_or_path, &text)
    }

    /// The shipped boards' names.
    pub fn names() -> Vec<String> {
        crate::profile::toml_stems(&boards_dir())
    }

    /// The timing the emulator charges: `None` when nothing is charged (code in SRAM, or
    /// zero-wait-state flash).
    pub fn timing(&self) -> Option<FlashTiming> {
        match (self.code, self.flash) {
            (CodeMemory::Flash, Some(f)) if f.charges() => Some(f),
            _ => None,
        }
    }

    /// What about this board changes model cycles, as one stable string (the sweep
    /// cache's key): the target and the charged timing. Clock, sizes and names do not
    /// change cycles.
    pub fn model_key(&self) -> String {
        match self.timing() {
            Some(f) => format!("{} {}", self.target, f.key()),
            None => format!("{} zero-wait", self.target),
        }
    }

    /// Extends `profile` (which must be the board's target): its clock, wait states,
    /// budgets and the fetch model.
    pub fn apply(&self, profile: &mut Profile) -> Result<(), Error> {
        if profile.name != self.target {
            return Err(Error::Profile(format!(
                "board {} extends the {} profile, not {}",
                self.name, self.target, profile.name
            )));
        }
        profile.clock_hz = (self.clock_mhz * 1e6).round() as u64;
        profile.flash_wait_states = match self.code {
            CodeMemory::Flash => self.flash.map_or(0, |f| f.wait_states),
            CodeMemory::Sram => 0,
        };
        profile.board = crate::profile::Board {
            name: self.part.clone(),
            flash_bytes: self.flash_bytes,
            ram_bytes: self.ram_bytes,
        };
        profile.fetch = self.timing();
        Ok(())
    }

    /// The board's target profile, extended.
    pub fn profile(&self) -> Result<Profile, Error> {
        let mut p = Profile::load(&self.target)?;
        self.apply(&mut p)?;
        Ok(p)
    }

    /// Milliseconds of `cycles` at the board's clock.
    pub fn ms(&self, cycles: u64) -> f64 {
        cycles as f64 / (self.clock_mhz * 1e3)
    }

    /// The time of a measurement's cycles at this board's clock.
    pub fn time(&self, c: Cycles) -> Time {
        Time {
            board: self.label(),
            clock_mhz: self.clock_mhz,
            ms_min: self.ms(c.min),
            ms_avg: self.ms(c.avg),
            ms_max: self.ms(c.max),
        }
    }

    /// Sets every report's time at this board's clock.
    pub fn stamp(&self, ops: &mut [OpReport]) {
        for r in ops {
            r.time = Some(self.time(r.cycles));
        }
    }

    /// `stm32f407 (STM32F407VG, 168 MHz)`.
    pub fn label(&self) -> String {
        format!("{} ({}, {} MHz)", self.name, self.part, self.clock_mhz)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
target = "m4"
part = "Test part"
clock_mhz = 100
flash_bytes = 65536
ram_bytes = 8192
source = "test"
code = "flash"
[flash]
wait_states = 3
line_bytes = 16
prefetch = true
icache = { lines = 8, ways = 2 }
"#;

    fn with(from: &str, to: &str) -> String {
        assert!(GOOD.contains(from), "{from}");
        GOOD.replace(from, to)
    }

    fn error(text: &str) -> String {
        match Board::from_toml("t", text) {
            Err(Error::Profile(e)) => e,
            other => panic!("expected an error, got {other:?}"),
        }
    }

    #[test]
    fn a_good_file_parses_and_extends_its_target() {
        let b = Board::from_toml("t", GOOD).unwrap();
        assert_eq!(b.clock_mhz, 100.0);
        let f = b.timing().unwrap();
        assert_eq!((f.wait_states, f.line_bytes, f.prefetch), (3, 16, true));
        assert_eq!(f.icache, Some(CacheGeometry { lines: 8, ways: 2 }));
        let p = b.profile().unwrap();
        assert_eq!((p.clock_hz, p.flash_wait_states), (100_000_000, 3));
        assert_eq!((p.board.flash_bytes, p.board.ram_bytes), (65_536, 8_192));
        assert_eq!(p.fetch, Some(f));
        // 2,500,000 cycles at 100 MHz: 25 ms.
        assert_eq!(b.ms(2_500_000), 25.0);
        // Another target's profile is refused.
        let mut m3 = Profile::load("m3").unwrap();
        assert!(b.apply(&mut m3).is_err());
    }

    #[test]
    fn malformed_files_are_clear_errors() {
        assert!(error("target = ").contains("board t"));
        assert!(error(&with("clock_mhz = 100", "")).contains("clock_mhz"));
        assert!(error(&with("clock_mhz = 100", "clock_mhz = 0")).contains("clock_mhz"));
        assert!(error(&with("clock_mhz = 100", "clock_mhz = -5")).contains("clock_mhz"));
        assert!(error(&with("clock_mhz = 100", "clock_mhz = \"fast\"")).contains("clock_mhz"));
        assert!(error(&with("line_bytes = 16", "line_bytes = 12")).contains("line_bytes"));
        assert!(error(&with("line_bytes = 16", "line_bytes = 512")).contains("line_bytes"));
        assert!(error(&with("wait_states = 3", "wait_states = 5000")).contains("wait_states"));
        assert!(error(&with("wait_states = 3", "wait_states = -1")).contains("wait_states"));
        assert!(error(&with("ways = 2", "ways = 3")).contains("ways"));
        assert!(error(&with("lines = 8", "lines = 0")).contains("lines"));
        assert!(error(&with(
            "prefetch = true",
            "prefetch = true\nunified = true\ndcache = { lines = 2, ways = 2 }"
        ))
        .contains("unified"));
        assert!(error(&with("code = \"flash\"", "code = \"sram\"")).contains("remove the [flash]"));
        assert!(error(&with("code = \"flash\"", "code = \"rom\"")).contains("code"));
        assert!(error(&with("source = \"test\"", "source = \" \"")).contains("source"));
        assert!(error(&with("ram_bytes = 8192", "ram_bytes = 0")).contains("ram_bytes"));
        assert!(error(&with("ram_bytes = 8192", "ram_bytes = 8192\nspeed = 3")).contains("speed"));
        let no_flash = GOOD.split("[flash]").next().unwrap();
        assert!(error(no_flash).contains("[flash]"));
        // A board for a target that does not exist fails when its profile is loaded.
        let b = Board::from_toml("t", &with("target = \"m4\"", "target = \"m9\"")).unwrap();
        assert!(b.profile().is_err());
        assert!(Board::load("no-such-board").is_err());
        assert!(Board::load("../etc").is_err());
    }

    #[test]
    fn sram_and_zero_wait_boards_charge_nothing() {
        let sram = GOOD
            .split("[flash]")
            .next()
            .unwrap()
            .replace("\"flash\"", "\"sram\"");
        let b = Board::from_toml("t", &sram).unwrap();
        assert_eq!(b.timing(), None);
        assert_eq!(b.model_key(), "m4 zero-wait");
        let zero = Board::from_toml("t", &with("wait_states = 3", "wait_states = 0")).unwrap();
        assert_eq!(zero.timing(), None);
        assert_eq!(zero.model_key(), b.model_key());
    }

    #[test]
    fn the_model_key_follows_the_timing_not_the_clock() {
        let b = Board::from_toml("t", GOOD).unwrap();
        let faster = Board::from_toml("t", &with("clock_mhz = 100", "clock_mhz = 120")).unwrap();
        assert_eq!(b.model_key(), faster.model_key());
        for (from, to) in [
            ("wait_states = 3", "wait_states = 4"),
            ("line_bytes = 16", "line_bytes = 8"),
            ("prefetch = true", "prefetch = false"),
            ("ways = 2", "ways = 4"),
            ("target = \"m4\"", "target = \"m3\""),
        ] {
            let other = Board::from_toml("t", &with(from, to)).unwrap();
            assert_ne!(b.model_key(), other.model_key(), "{to}");
        }
    }

    #[test]
    fn every_shipped_board_loads_onto_its_target() {
        let names = Board::names();
        let mut per_target = std::collections::BTreeMap::<String, usize>::new();
        for n in &names {
            let b = Board::load(n).unwrap();
            let p = b.profile().unwrap();
            assert_eq!(p.board.name, b.part);
            *per_target.entry(b.target.clone()).or_default() += 1;
        }
        for t in ["m0", "m3", "m4", "rv32"] {
            assert!(
                per_target.get(t).copied().unwrap_or(0) >= 2,
                "{t}: {names:?}"
            );
        }
    }
}
