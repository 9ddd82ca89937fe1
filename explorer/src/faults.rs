//! Fault-injection campaigns (`pqfit_profiles::faults`, docs/faults.md) as `pq-explore
//! faults`, the sweep and the reports share them: the cache of campaigns beside the
//! measurements, one campaign run through it, and the `faults` column of a row (the
//! largest cached campaign of that firmware and operation, summed over its models).

use pqfit_profiles::faults::{Class, Report, Spec, Target};
use pqfit_profiles::link::Firmware;
use pqfit_profiles::{measure, Op, Profile, Request, Scheme};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::budget::group as digits;
use crate::cache::{Cache, Key};

/// A cached campaign: the key (sources, target, scheme, strategy, op, models, seed and
/// count) and the hash of the operation's ELF it ran on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// What it ran under.
    pub key: Key,
    /// SHA-256 of the operation's ELF.
    pub elf: String,
    /// The operation.
    pub op: String,
    /// The result.
    pub report: Report,
}

/// The campaigns are kept beside the measurements, in their own directory.
pub fn faults_cache(c: &Cache) -> Cache {
    Cache::new(c.dir().join("faults"))
}

/// What the strategy field of a campaign's key adds after the strategy.
const MARK: &str = " faults op=";

/// The cache key of a campaign: the strategy field names the operation, the models, the
/// seed and the count, so that each campaign has its own file.
pub fn key(
    sources: &str,
    target: &str,
    scheme: Scheme,
    strategy: &str,
    opt: &str,
    op: Op,
    spec: &Spec,
) -> Key {
    let models: Vec<&str> = spec.models.iter().map(|m| m.name()).collect();
    let what = format!(
        "{strategy}{MARK}{} models={} seed={}",
        op.name(),
        models.join("+"),
        spec.seed
    );
    Key::new(
        sources,
        target,
        scheme.name(),
        &what,
        opt,
        [spec.count, 0, 0],
    )
}

/// The firmware a campaign runs on: one (target, scheme, strategy, optimisation level),
/// built.
pub struct Subject<'a> {
    /// The target's profile.
    pub profile: &'a Profile,
    /// The parameter set.
    pub scheme: Scheme,
    /// The strategy's type path.
    pub strategy: &'a str,
    /// The optimisation level it was built at.
    pub opt: &'a str,
    /// The build.
    pub firmware: &'a Firmware,
}

/// Builds the firmware of a (target, scheme, strategy type path, optimisation level).
pub fn build(
    profile: &Profile,
    scheme: Scheme,
    strategy: &str,
    opt: &str,
) -> Result<Firmware, String> {
    let mut req = Request::new(&profile.name, scheme, strategy);
    req.opt_level = opt.into();
    measure::build(&req).map_err(|e| e.to_string())
}

/// Runs the campaign `spec` of `op` on `subject`, or takes it from `cache` (the faults
/// directory, [`faults_cache`]) when an entry of the same key ran on the same ELF;
/// stores what it ran. Returns the cache entry (also without a cache) and whether it
/// was cached.
pub fn campaign(
    cache: Option<&Cache>,
    sources: &str,
    subject: &Subject,
    op: Op,
    spec: &Spec,
) -> Result<(Entry, bool), String> {
    let s = subject;
    let path = s.firmware.elf_of(op.name());
    let elf = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let elf = hex(&Sha256::digest(elf));
    let k = key(
        sources,
        &s.profile.name,
        s.scheme,
        s.strategy,
        s.opt,
        op,
        spec,
    );
    let hit = cache.and_then(|c| match c.read::<Entry>(&k) {
        Ok(Some(e)) if e.key == k && e.elf == elf => Some(e),
        _ => None,
    });
    if let Some(e) = hit {
        return Ok((e, true));
    }
    let kind = s.scheme.family().kind;
    let target = Target::new(s.profile, kind, s.firmware, op).map_err(|e| e.to_string())?;
    eprintln!(
        "pq-explore: {} {} on {} ({}): {} faults per model into {} instructions, {} workers",
        s.scheme.name(),
        op.name(),
        s.profile.name,
        s.strategy,
        spec.count,
        target.instructions(),
        spec.jobs
    );
    let report = target.campaign(spec).map_err(|e| e.to_string())?;
    let entry = Entry {
        key: k,
        elf,
        op: op.name().into(),
        report,
    };
    if let Some(c) = cache {
        if let Err(e) = c.write(&entry.key, &entry) {
            eprintln!("pq-explore: cache write failed: {e}");
        }
    }
    Ok((entry, false))
}

/// Lower-case hex.
pub fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// A row's `faults` column: one campaign's outcomes summed over its models.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Faulted runs: faults per model times the models.
    pub runs: usize,
    /// A wrong output left the device.
    pub released: usize,
    /// An `Err`, or the outputs wiped.
    pub detected: usize,
    /// An emulator exception or a hang.
    pub crashed: usize,
    /// The fault-free output.
    pub same: usize,
    /// The models (`skip`, `register`, `load`).
    pub models: Vec<&'static str>,
    /// Faults per model.
    pub count: usize,
    /// The seed of the sites.
    pub seed: u64,
    /// Campaigns cached for this firmware and operation (the one shown is the largest).
    pub campaigns: usize,
}

impl Summary {
    /// The summary of a cached campaign, after checking that its figures are its own:
    /// the key's count and models, every model's outcomes adding up to the count.
    pub fn of(e: &Entry) -> Result<Summary, String> {
        let r = &e.report;
        let (_, rest) = e
            .key
            .strategy
            .rsplit_once(MARK)
            .ok_or("not a campaign's key")?;
        let mut words = rest.split(' ');
        if words.next() != Some(e.op.as_str()) {
            return Err(format!("operation {} under another's key", e.op));
        }
        let models: Vec<&'static str> = r.models.iter().map(|m| m.model.name()).collect();
        let named = words.next().and_then(|w| w.strip_prefix("models="));
        if named != Some(models.join("+").as_str()) || models.is_empty() {
            return Err(format!("models {} under another key", models.join("+")));
        }
        if r.count != e.key.runs[0] || words.next() != Some(&format!("seed={}", r.seed)) {
            return Err(format!(
                "{} faults, seed {} under another key",
                r.count, r.seed
            ));
        }
        if let Some(m) = r
            .models
            .iter()
            .find(|m| m.counts.iter().sum::<usize>() != r.count)
        {
            return Err(format!(
                "{} outcomes of {} do not add up to {}",
                m.model.name(),
                m.counts.iter().sum::<usize>(),
                r.count
            ));
        }
        let sum = |c: Class| r.models.iter().map(|m| m.count(c)).sum();
        Ok(Summary {
            runs: r.count * r.models.len(),
            released: sum(Class::Released),
            detected: sum(Class::Detected),
            crashed: sum(Class::Crashed),
            same: sum(Class::Same),
            models,
            count: r.count,
            seed: r.seed,
            campaigns: 1,
        })
    }

    /// The operation a campaign's key names.
    fn op_of(k: &Key) -> Option<&str> {
        k.strategy.rsplit_once(MARK)?.1.split(' ').next()
    }

    /// `released/runs (percent)`: `0/6,000 (0.0 %)`.
    pub fn cell(&self) -> String {
        format!(
            "{}/{} ({:.1} %)",
            digits(self.released as u64),
            digits(self.runs as u64),
            100.0 * self.released as f64 / self.runs.max(1) as f64
        )
    }
}

/// A row's `faults` cell: [`Summary::cell`], or `–` when no campaign ran.
pub fn cell(s: Option<&Summary>) -> String {
    s.map_or_else(|| NONE.to_string(), Summary::cell)
}

/// The cell of a row without a campaign.
pub const NONE: &str = "–";

/// Every cached campaign of the current sources, to look rows up in.
#[derive(Clone, Debug, Default)]
pub struct Index {
    /// (firmware, strategy type path, summary) of each valid campaign.
    found: Vec<(Key, String, Summary)>,
    /// Campaign files that could not be used (unreadable, not parsing, or figures not
    /// their own), each with its reason: no column from them.
    pub corrupt: Vec<String>,
}

impl Index {
    /// Reads every campaign in the faults directory `dir` ([`faults_cache`]) run on
    /// `sources`; those of other sources are stale and left out, unusable ones listed in
    /// [`Index::corrupt`]. No directory is no campaign.
    pub fn load(dir: &Cache, sources: &str) -> Index {
        let mut index = Index::default();
        let Ok(files) = std::fs::read_dir(dir.dir()) else {
            return index;
        };
        let mut paths: Vec<_> = files
            .flatten()
            .map(|f| f.path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        paths.sort();
        for path in paths {
            let parsed = std::fs::read(&path)
                .map_err(|e| e.to_string())
                .and_then(|b| serde_json::from_slice::<Entry>(&b).map_err(|e| e.to_string()));
            match parsed {
                Ok(e) if e.key.sources != sources => {}
                Ok(e) => {
                    if let Err(why) = index.add(e) {
                        index.corrupt.push(format!("{}: {why}", path.display()));
                    }
                }
                Err(why) => index.corrupt.push(format!("{}: {why}", path.display())),
            }
        }
        index
    }

    /// Adds a campaign (one just run, or read from the cache).
    pub fn add(&mut self, e: Entry) -> Result<(), String> {
        let summary = Summary::of(&e)?;
        let strategy = e
            .key
            .strategy
            .rsplit_once(MARK)
            .map(|(s, _)| s.to_string())
            .ok_or("not a campaign's key")?;
        self.found.retain(|(k, _, _)| *k != e.key);
        self.found.push((e.key, strategy, summary));
        Ok(())
    }

    /// The largest campaign (most faulted runs; then the lowest seed) of `op` on the
    /// firmware of (target, scheme, strategy type path, optimisation level), with the
    /// number of campaigns found for it.
    pub fn get(
        &self,
        target: &str,
        scheme: Scheme,
        strategy: &str,
        opt: &str,
        op: &str,
    ) -> Option<Summary> {
        let all: Vec<&Summary> = self
            .found
            .iter()
            .filter(|(k, s, sum)| {
                k.target == target
                    && k.scheme == scheme.name()
                    && k.opt_level == opt
                    && s == strategy
                    && Summary::op_of(k) == Some(op)
                    && sum.runs > 0
            })
            .map(|(_, _, s)| s)
            .collect();
        let best = all
            .iter()
            .max_by_key(|s| (s.runs, std::cmp::Reverse(s.seed)))?;
        Some(Summary {
            campaigns: all.len(),
            ..(*best).clone()
        })
    }
}

#[cfg(test)]
mod tests;
