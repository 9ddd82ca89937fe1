//! Published real-hardware figures (`profiles/published.toml`), drawn as reference points.

use std::path::{Path, PathBuf};

use serde::Deserialize;

/// One operation's published figures.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct OpFigures {
    /// Mean cycles.
    pub cycles: u64,
    /// Fewest cycles, when published.
    pub min: Option<u64>,
    /// Most cycles, when published.
    pub max: Option<u64>,
    /// Stack bytes.
    pub stack: u64,
}

/// One published implementation.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Published {
    /// Legend label, e.g. `pqm4 m4f`.
    pub label: String,
    /// Where the figures come from.
    pub source: String,
    /// Profile name of the same core.
    pub target: String,
    /// Scheme name.
    pub scheme: String,
    /// Key generation.
    pub keygen: Option<OpFigures>,
    /// Signing.
    pub sign: Option<OpFigures>,
    /// Verification.
    pub verify: Option<OpFigures>,
    /// The scheme's own code size (bytes), when published.
    pub text: Option<u64>,
}

impl Published {
    /// The figures of `op`.
    pub fn op(&self, op: &str) -> Option<OpFigures> {
        match op {
            "keygen" => self.keygen,
            "sign" => self.sign,
            "verify" => self.verify,
            _ => None,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    point: Vec<Published>,
}

/// The data file.
pub fn default_path() -> PathBuf {
    crate::sweep::workspace_root()
        .join("profiles")
        .join("published.toml")
}

/// Reads the published points; a malformed file is an error naming it.
pub fn load(path: &Path) -> Result<Vec<Published>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn parse(text: &str) -> Result<Vec<Published>, String> {
    let f: File = toml::from_str(text).map_err(|e| e.to_string())?;
    for p in &f.point {
        for op in ["keygen", "sign", "verify"] {
            if let Some(o) = p.op(op) {
                let ordered =
                    o.min.unwrap_or(o.cycles) <= o.cycles && o.cycles <= o.max.unwrap_or(o.cycles);
                if !ordered || o.cycles == 0 || o.stack == 0 {
                    return Err(format!("{} {op}: implausible figures", p.label));
                }
            }
        }
    }
    Ok(f.point)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_file_parses() {
        let pts = load(&default_path()).unwrap();
        let m4f = pts.iter().find(|p| p.label == "pqm4 m4f").unwrap();
        assert_eq!(m4f.op("keygen").unwrap().cycles, 2_516_006);
        assert!(pts.iter().all(|p| p.target == "m4"));
    }

    #[test]
    fn malformed_files_are_errors() {
        assert!(parse("point = 3").is_err());
        assert!(parse(
            "[[point]]\nlabel='x'\nsource='y'\ntarget='m4'\nscheme='s'\nsign={cycles=5,min=9,stack=1}"
        )
        .is_err());
        assert!(
            parse("[[point]]\nlabel='x'\nsource='y'\ntarget='m4'\nscheme='s'\nextra=1").is_err()
        );
    }
}
