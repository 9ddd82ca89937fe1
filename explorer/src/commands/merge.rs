//! `pq-explore merge DIR...`: joins other caches (the `--shard` parts of a sweep, or
//! other machines' measurements of the same sources) into this one. All or nothing:
//! every file is checked first, and one refusal writes nothing.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::common::Res;
use crate::cache::{self, Key, Lookup};
use crate::cli::MergeArgs;
use crate::workspace;

/// The kinds of file a cache holds, by subdirectory.
const KINDS: [(&str, &str); 3] = [
    ("", "measurements"),
    ("constant-time", "constant-time verdicts"),
    ("faults", "fault campaigns"),
];

/// Fields that time a measurement rather than state its result: two runs of the same
/// measurement differ in them and are still the same entry.
const TIMINGS: [&str; 3] = ["emulation_seconds", "build_seconds", "seconds"];

/// One file to join in.
struct Incoming {
    /// Where it goes, relative to the cache directory.
    rel: PathBuf,
    from: PathBuf,
    bytes: Vec<u8>,
    /// Its content without the timings.
    content: Value,
    kind: usize,
}

/// `pq-explore merge`.
pub fn run(a: MergeArgs) -> Res<()> {
    let into = a.cache_dir.unwrap_or_else(workspace::default_cache_dir);
    let sources =
        cache::source_hash(&workspace::root()).map_err(|e| format!("hashing the sources: {e}"))?;
    let report = merge(&a.dirs, &into, &sources)?;
    println!("{report}");
    Ok(())
}

/// Joins `dirs` into the cache `into` for the sources `sources`; returns what it did, or
/// every reason it refused (and then wrote nothing).
pub fn merge(dirs: &[PathBuf], into: &Path, sources: &str) -> Result<String, String> {
    let mut refused = Vec::new();
    let mut planned: BTreeMap<PathBuf, Incoming> = BTreeMap::new();
    let mut duplicates = 0;
    for dir in dirs {
        if !dir.is_dir() {
            refused.push(format!("{}: not a directory", dir.display()));
            continue;
        }
        for (kind, (sub, _)) in KINDS.iter().enumerate() {
            let d = dir.join(sub);
            let Ok(list) = fs::read_dir(&d) else { continue };
            let mut files: Vec<PathBuf> = list
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "json"))
                .collect();
            files.sort();
            for from in files {
                let name = from.file_name().expect("a file").to_owned();
                let rel = Path::new(sub).join(&name);
                let incoming = match check(&from, kind, sources) {
                    Ok((bytes, content)) => Incoming {
                        rel,
                        from: from.clone(),
                        bytes,
                        content,
                        kind,
                    },
                    Err(why) => {
                        refused.push(format!("{}: {why}", from.display()));
                        continue;
                    }
                };
                // Against what the cache holds, then what another directory brings.
                let existing = fs::read(into.join(&incoming.rel)).ok().and_then(|b| {
                    serde_json::from_slice::<Value>(&b)
                        .ok()
                        .map(without_timings)
                });
                let clash = existing.map(|e| (e, into.join(&incoming.rel))).or_else(|| {
                    planned
                        .get(&incoming.rel)
                        .map(|p| (p.content.clone(), p.from.clone()))
                });
                match clash {
                    Some((theirs, _)) if theirs == incoming.content => duplicates += 1,
                    Some((_, other)) => refused.push(format!(
                        "{}: the same measurement as {} with other results (merge one of \
                         them, or measure it again)",
                        from.display(),
                        other.display()
                    )),
                    None => {
                        planned.insert(incoming.rel.clone(), incoming);
                    }
                }
            }
        }
    }
    if !refused.is_empty() {
        return Err(format!(
            "merge refused, nothing written ({} of the files):\n  {}",
            refused.len(),
            refused.join("\n  ")
        ));
    }
    let mut counts = [0usize; 3];
    for i in planned.values() {
        let path = into.join(&i.rel);
        let dir = path.parent().expect("a file in the cache");
        fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let tmp = path.with_extension(format!("tmp{}", std::process::id()));
        fs::write(&tmp, &i.bytes)
            .and_then(|()| fs::rename(&tmp, &path))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        counts[i.kind] += 1;
    }
    let what: Vec<String> = KINDS
        .iter()
        .zip(counts)
        .map(|((_, name), n)| format!("{n} {name}"))
        .collect();
    Ok(format!(
        "merged {} from {} directories into {} ({duplicates} already there, the same)",
        what.join(", "),
        dirs.len(),
        into.display()
    ))
}

/// Reads a file of kind `kind` and checks it is an entry of these sources and this
/// format, under its own name, and for a measurement consistent; returns its bytes and
/// its content without the timings.
fn check(path: &Path, kind: usize, sources: &str) -> Result<(Vec<u8>, Value), String> {
    let bytes = fs::read(path).map_err(|e| e.to_string())?;
    let value: Value = serde_json::from_slice(&bytes).map_err(|e| format!("not JSON: {e}"))?;
    let key: Key = serde_json::from_value(value["key"].clone())
        .map_err(|e| format!("no cache key in it: {e}"))?;
    if !key.is_current_format() {
        return Err("an entry of another pq-explore version's format".into());
    }
    if key.sources != sources {
        return Err(format!(
            "measured from other sources (sources hash {}…, these are {}…)",
            &key.sources[..key.sources.len().min(12)],
            &sources[..sources.len().min(12)]
        ));
    }
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if name != key.file_name() {
        return Err(format!("its key belongs in {}", key.file_name()));
    }
    if kind == 0 {
        match cache::read_entry(&bytes, &key) {
            Lookup::Hit(_) => {}
            Lookup::Corrupt(why) => return Err(format!("corrupt: {why}")),
            other => return Err(format!("unusable ({other:?})")),
        }
    }
    Ok((bytes, without_timings(value)))
}

fn without_timings(mut v: Value) -> Value {
    strip(&mut v);
    v
}

fn strip(v: &mut Value) {
    match v {
        Value::Object(m) => {
            for t in TIMINGS {
                m.remove(t);
            }
            m.values_mut().for_each(strip);
        }
        Value::Array(a) => a.iter_mut().for_each(strip),
        _ => {}
    }
}

#[cfg(test)]
mod tests;
