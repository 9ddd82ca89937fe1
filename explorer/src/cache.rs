//! The sweep's disk cache: one JSON file per (target, scheme, strategy, build options),
//! holding the key it was measured under. An entry is used only when it parses, its key
//! equals the current one (the same sources, profile, strategy and options) and its figures
//! belong to it; anything else is measured again and the file replaced.

use pqfit_profiles::Op;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use pqfit_profiles::OpReport;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Bumped when the entry format or the meaning of its figures changes.
const FORMAT: u32 = 2;

/// What a measurement depends on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Key {
    /// Entry format.
    pub format: u32,
    /// SHA-256 of the sources that build and measure the firmware ([`source_hash`]).
    pub sources: String,
    /// Profile name.
    pub target: String,
    /// Scheme name.
    pub scheme: String,
    /// Strategy type path.
    pub strategy: String,
    /// Optimisation level.
    pub opt_level: String,
    /// Key generations, signatures and verifications measured.
    pub runs: [usize; 3],
    /// With a board: what about it changes model cycles
    /// (`pqfit_profiles::board::Board::model_key`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
}

impl Key {
    /// A key for the current format.
    pub fn new(
        sources: &str,
        target: &str,
        scheme: &str,
        strategy: &str,
        opt_level: &str,
        runs: [usize; 3],
    ) -> Self {
        Key {
            format: FORMAT,
            sources: sources.into(),
            target: target.into(),
            scheme: scheme.into(),
            strategy: strategy.into(),
            opt_level: opt_level.into(),
            runs,
            board: None,
        }
    }

    /// Whether the key is of this version's entry format.
    pub fn is_current_format(&self) -> bool {
        self.format == FORMAT
    }

    /// The key of the same measurement on a board (`model_key`: its cycle-relevant fields).
    pub fn with_board(mut self, model_key: Option<String>) -> Self {
        self.board = model_key;
        self
    }

    /// The entry's file name: readable, and unique per key apart from the sources (so a
    /// change of sources replaces the entry instead of piling up new ones).
    pub fn file_name(&self) -> String {
        let mut h = Sha256::new();
        h.update(self.strategy.as_bytes());
        let digest = hex(&h.finalize()[..8]);
        let [k, s, v] = self.runs;
        // A board's entries live beside the reference ones, one file per timing.
        let board = match &self.board {
            Some(b) => format!("-board{}", hex(&Sha256::digest(b.as_bytes())[..6])),
            None => String::new(),
        };
        format!(
            "{}-{}-O{}-{k}.{s}.{v}-{digest}{board}.json",
            self.target, self.scheme, self.opt_level
        )
    }
}

/// A cached measurement.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// What it was measured under.
    pub key: Key,
    /// One report per operation.
    pub ops: Vec<OpReport>,
    /// Instructions emulated.
    pub emulated_instructions: u64,
    /// Seconds of emulation.
    pub emulation_seconds: f64,
    /// Seconds the firmware build took (absent in older entries and for peers): with
    /// the emulation seconds, what the next sweep's estimate starts from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub build_seconds: Option<f64>,
}

/// What a lookup found.
#[derive(Debug)]
// One lookup per combination, moved once: boxing the entry would gain nothing.
#[allow(clippy::large_enum_variant)]
pub enum Lookup {
    /// A valid entry.
    Hit(Entry),
    /// No entry.
    Miss,
    /// An entry from other sources or options: to be measured again.
    Stale,
    /// An unreadable or inconsistent entry (the reason): to be measured again.
    Corrupt(String),
}

/// The cache directory.
#[derive(Clone, Debug)]
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    /// A cache in `dir` (created on first store).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Cache { dir: dir.into() }
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Looks `key` up.
    pub fn get(&self, key: &Key) -> Lookup {
        let path = self.dir.join(key.file_name());
        match fs::read(&path) {
            Ok(bytes) => match read_entry(&bytes, key) {
                Lookup::Corrupt(why) => Lookup::Corrupt(format!("{}: {why}", path.display())),
                other => other,
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Lookup::Miss,
            Err(e) => Lookup::Corrupt(format!("{}: {e}", path.display())),
        }
    }

    /// The entry in `key`'s file whatever sources it was measured under (the file is
    /// the same for every source hash): for estimating how long measuring it again takes.
    /// `None` when there is none or it does not parse.
    pub fn previous(&self, key: &Key) -> Option<Entry> {
        self.read::<Entry>(key).ok().flatten()
    }

    /// Stores `entry` (written to a temporary file and renamed, so that an interrupted
    /// sweep leaves either the old entry or the new one).
    pub fn put(&self, entry: &Entry) -> std::io::Result<()> {
        self.write(&entry.key, entry)
    }

    fn path(&self, key: &Key) -> PathBuf {
        self.dir.join(key.file_name())
    }

    /// The JSON file of `key`, parsed: `None` when there is none, `Err` when it does not
    /// parse as a `T`.
    pub fn read<T: serde::de::DeserializeOwned>(&self, key: &Key) -> Result<Option<T>, String> {
        let path = self.path(key);
        let bytes = match fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("{}: {e}", path.display())),
        };
        serde_json::from_slice(&bytes)
            .map(Some)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Writes `value` as the JSON file of `key`, atomically.
    pub fn write<T: Serialize>(&self, key: &Key, value: &T) -> std::io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let path = self.path(key);
        let tmp = path.with_extension(format!("tmp{}", std::process::id()));
        let mut f = fs::File::create(&tmp)?;
        f.write_all(&serde_json::to_vec_pretty(value).map_err(std::io::Error::other)?)?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, &path)
    }
}

/// What the bytes of a cache file hold for `key`: `Hit` when they parse as an entry of
/// that key with consistent figures, `Stale` for another key's entry, `Corrupt` (with the
/// reason) otherwise. Never `Miss`. The file is untrusted input (fuzzed in `fuzz/`).
pub fn read_entry(bytes: &[u8], key: &Key) -> Lookup {
    let entry: Entry = match serde_json::from_slice(bytes) {
        Ok(e) => e,
        Err(e) => return Lookup::Corrupt(e.to_string()),
    };
    if entry.key != *key {
        return Lookup::Stale;
    }
    if let Err(why) = consistent(&entry) {
        return Lookup::Corrupt(why);
    }
    Lookup::Hit(entry)
}

/// An entry's figures must be its own: the operations measured, each for its key's target,
/// scheme and strategy, with as many runs as asked and ordered statistics.
fn consistent(e: &Entry) -> Result<(), String> {
    let scheme = pqfit_profiles::scheme(&e.key.scheme).map_err(|e| e.to_string())?;
    let expect: Vec<(&str, usize)> = pqfit_profiles::peers::ops_of(scheme, &e.key.strategy)
        .into_iter()
        .map(|op| (op.name(), op.runs(e.key.runs)))
        .filter(|&(op, n)| n > 0 || op == Op::Keygen.name())
        .collect();
    if e.ops.len() != expect.len() {
        return Err(format!(
            "{} operations, expected {}",
            e.ops.len(),
            expect.len()
        ));
    }
    for (r, (op, n)) in e.ops.iter().zip(expect) {
        if r.op != op || r.runs != n.max(1) {
            return Err(format!(
                "operation {} with {} runs, expected {op}",
                r.op, r.runs
            ));
        }
        if r.target != e.key.target || r.scheme != e.key.scheme || r.strategy != e.key.strategy {
            return Err(format!(
                "figures of {} {} {}",
                r.target, r.scheme, r.strategy
            ));
        }
        let c = r.cycles;
        if !(c.min <= c.avg && c.avg <= c.max) || c.min == 0 || r.stack_bytes == 0 {
            return Err(format!("implausible figures for {op}"));
        }
    }
    Ok(())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// SHA-256 over every file that decides what a measurement gives: the library sources,
/// the firmware, the harness and cycle model, the target profiles, the toolchain and the
/// lock files (paths relative to `root`, sorted, each with its length and contents).
pub fn source_hash(root: &Path) -> std::io::Result<String> {
    const INPUTS: &[&str] = &[
        "core",
        "strategies/src",
        "strategies/Cargo.toml",
        "profiles/src",
        "profiles/targets",
        "profiles/firmware/src",
        "profiles/firmware/link",
        "profiles/firmware/build.rs",
        "profiles/firmware/Cargo.toml",
        "profiles/firmware/Cargo.lock",
        "profiles/Cargo.toml",
        "Cargo.toml",
        "Cargo.lock",
        "rust-toolchain.toml",
        ".cargo/config.toml",
    ];
    let mut files = Vec::new();
    for input in INPUTS {
        collect(&root.join(input), &mut files)?;
    }
    files.sort();
    let mut h = Sha256::new();
    for f in files {
        let rel = f.strip_prefix(root).unwrap_or(&f);
        let data = fs::read(&f)?;
        h.update(rel.to_string_lossy().as_bytes());
        h.update([0]);
        h.update((data.len() as u64).to_le_bytes());
        h.update(&data);
    }
    Ok(hex(&h.finalize()))
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let meta = match fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    if meta.is_file() {
        out.push(path.to_path_buf());
    } else if meta.is_dir() {
        for entry in fs::read_dir(path)? {
            let p = entry?.path();
            // Build outputs are not sources.
            if p.file_name().is_some_and(|n| n == "target") {
                continue;
            }
            collect(&p, out)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use pqfit_profiles::record::Cycles;

    fn entry(key: &Key) -> Entry {
        let op = |name: &str, runs: usize| OpReport {
            target: key.target.clone(),
            scheme: key.scheme.clone(),
            op: name.into(),
            strategy: key.strategy.clone(),
            cycles: Cycles {
                min: 10,
                avg: 20,
                max: 30,
            },
            instructions: 5,
            stack_bytes: 1000,
            static_ram_bytes: 4,
            flash_bytes: Default::default(),
            runs,
            opt_level: key.opt_level.clone(),
            iterations: None,
            preparation: None,
            time: None,
            code: None,
            same_code_as: None,
        };
        Entry {
            key: key.clone(),
            ops: vec![
                op("keygen", 1),
                op("sign", 2),
                op("verify", 1),
                op("sign-expanded", 2),
            ],
            emulated_instructions: 15,
            emulation_seconds: 0.5,
            build_seconds: Some(4.0),
        }
    }

    fn tmp(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("pq-explore-cache-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn hit_miss_stale_corrupt() {
        let cache = Cache::new(tmp("hmsc"));
        let key = Key::new(
            "abc",
            "m4",
            "ml-dsa-65",
            "pqfit::strategy::SmallStack",
            "3",
            [1, 2, 1],
        );
        assert!(matches!(cache.get(&key), Lookup::Miss));
        let e = entry(&key);
        cache.put(&e).unwrap();
        match cache.get(&key) {
            Lookup::Hit(got) => assert_eq!(got, e),
            other => panic!("{other:?}"),
        }
        // Other sources: stale.
        let newer = Key::new(
            "abd",
            "m4",
            "ml-dsa-65",
            "pqfit::strategy::SmallStack",
            "3",
            [1, 2, 1],
        );
        assert!(matches!(cache.get(&newer), Lookup::Stale));
        // Truncated file: corrupt, never trusted.
        let path = cache.dir().join(key.file_name());
        let bytes = fs::read(&path).unwrap();
        fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        assert!(matches!(cache.get(&key), Lookup::Corrupt(_)));
        // Parses, but its figures are another strategy's: corrupt.
        let mut wrong = entry(&key);
        wrong.ops[1].strategy = "pqfit::strategy::FastSign".into();
        fs::write(&path, serde_json::to_vec(&wrong).unwrap()).unwrap();
        assert!(matches!(cache.get(&key), Lookup::Corrupt(_)));
        // Missing an operation: corrupt.
        let mut short = entry(&key);
        short.ops.pop();
        fs::write(&path, serde_json::to_vec(&short).unwrap()).unwrap();
        assert!(matches!(cache.get(&key), Lookup::Corrupt(_)));
        // Garbage bytes: corrupt.
        fs::write(&path, [0xff, 0x00, 0x7b]).unwrap();
        assert!(matches!(cache.get(&key), Lookup::Corrupt(_)));
        // A new store replaces it.
        cache.put(&e).unwrap();
        assert!(matches!(cache.get(&key), Lookup::Hit(_)));
        let _ = fs::remove_dir_all(cache.dir());
    }

    /// The fuzz corpus's cache entry (`fuzz/make-seeds.py`) is whole in this format, so
    /// fuzzing the reader starts from a hit.
    #[test]
    fn the_fuzz_seed_is_a_hit() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../fuzz/seeds/explore_cache/entry-ml-dsa-65"
        );
        let bytes = fs::read(path).unwrap();
        let e: Entry = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(e.key.format, FORMAT);
        assert!(matches!(read_entry(&bytes, &e.key), Lookup::Hit(_)));
    }

    /// A peer has no repeated signing with an expanded key: its three operations are a
    /// whole entry, and a fourth is not.
    #[test]
    fn peer_entries_have_three_operations() {
        let key = Key::new("abc", "m4", "ml-dsa-65", "peer:fips204", "3", [1, 2, 1]);
        let mut e = entry(&key);
        e.ops.pop();
        let bytes = serde_json::to_vec(&e).unwrap();
        assert!(matches!(read_entry(&bytes, &key), Lookup::Hit(_)));
        let bytes = serde_json::to_vec(&entry(&key)).unwrap();
        assert!(matches!(read_entry(&bytes, &key), Lookup::Corrupt(_)));
    }

    #[test]
    fn a_board_has_its_own_entries() {
        let cache = Cache::new(tmp("board"));
        let key = Key::new("abc", "m4", "ml-dsa-65", "peer:fips204", "3", [1, 2, 1]);
        let f407 = key.clone().with_board(Some("m4 ws5 line16".into()));
        let f407b = key.clone().with_board(Some("m4 ws4 line16".into()));
        assert_ne!(key.file_name(), f407.file_name());
        assert_ne!(f407.file_name(), f407b.file_name());
        let mut e = entry(&key);
        e.ops.pop();
        cache.put(&e).unwrap();
        // The reference entry is no board's, and a board's entry no other board's.
        assert!(matches!(cache.get(&key), Lookup::Hit(_)));
        assert!(matches!(cache.get(&f407), Lookup::Miss));
        let mut on_board = e.clone();
        on_board.key = f407.clone();
        cache.put(&on_board).unwrap();
        assert!(matches!(cache.get(&f407), Lookup::Hit(_)));
        assert!(matches!(cache.get(&key), Lookup::Hit(_)));
        let path = cache.dir().join(f407b.file_name());
        fs::copy(cache.dir().join(f407.file_name()), &path).unwrap();
        assert!(matches!(cache.get(&f407b), Lookup::Stale));
        // Without a board the key serialises as before boards existed.
        assert!(!serde_json::to_string(&key).unwrap().contains("board"));
        let _ = fs::remove_dir_all(cache.dir());
    }

    #[test]
    fn the_source_hash_follows_the_sources() {
        let root = tmp("hash");
        fs::create_dir_all(root.join("core/src")).unwrap();
        fs::create_dir_all(root.join("core/target")).unwrap();
        fs::write(root.join("core/src/lib.rs"), "a").unwrap();
        let h1 = source_hash(&root).unwrap();
        fs::write(root.join("core/target/junk"), "x").unwrap();
        assert_eq!(source_hash(&root).unwrap(), h1, "build outputs are ignored");
        fs::write(root.join("core/src/lib.rs"), "b").unwrap();
        let h2 = source_hash(&root).unwrap();
        assert_ne!(h1, h2);
        fs::write(root.join("core/src/new.rs"), "").unwrap();
        assert_ne!(source_hash(&root).unwrap(), h2, "an added file counts");
        let _ = fs::remove_dir_all(&root);
    }
}
