//! Published real-hardware figures (`profiles/published.toml`), drawn as reference points.
//!
//! A point carries the operations its source published: keygen, sign and verify for a
//! signature scheme, keygen, encaps and decaps for a KEM, under the explorer's operation
//! names, so that [`Published::op`] finds them for any group.

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

/// Where a point's figures were measured.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum MeasuredOn {
    /// On a real board (the default): a "published, real hardware" point.
    #[default]
    Hardware,
    /// Other people's code run on this harness's cycle model (model cycles, not silicon):
    /// kept in the file for the docs, never drawn as a hardware point.
    Model,
}

/// One published implementation.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Published {
    /// Legend label, e.g. `pqm4 m4f`.
    pub label: String,
    /// Where the figures come from.
    pub source: String,
    /// Real hardware or this harness's model (`measured_on`, default hardware).
    #[serde(default)]
    pub measured_on: MeasuredOn,
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
    /// Encapsulation (KEMs).
    pub encaps: Option<OpFigures>,
    /// Decapsulation (KEMs).
    pub decaps: Option<OpFigures>,
    /// The scheme's own code size (bytes), when published.
    pub text: Option<u64>,
}

/// The operations a point can carry, under the explorer's names.
const OPS: [&str; 5] = ["keygen", "sign", "verify", "encaps", "decaps"];

impl Published {
    /// The figures of `op` (an explorer operation name), if the source published them.
    pub fn op(&self, op: &str) -> Option<OpFigures> {
        match op {
            "keygen" => self.keygen,
            "sign" => self.sign,
            "verify" => self.verify,
            "encaps" => self.encaps,
            "decaps" => self.decaps,
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
    crate::workspace::root()
        .join("profiles")
        .join("published.toml")
}

/// Reads the published real-hardware points (leaving out the `measured_on = "model"` ones);
/// a malformed file is an error naming it.
pub fn load(path: &Path) -> Result<Vec<Published>, String> {
    let mut all = load_all(path)?;
    all.retain(|p| p.measured_on == MeasuredOn::Hardware);
    Ok(all)
}

/// Reads every point of the file, model-measured ones included.
pub fn load_all(path: &Path) -> Result<Vec<Published>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn parse(text: &str) -> Result<Vec<Published>, String> {
    let f: File = toml::from_str(text).map_err(|e| e.to_string())?;
    for p in &f.point {
        // The explorer matches points by exact scheme and operation names.
        let Some(scheme) = pqfit_profiles::families::schemes()
            .into_iter()
            .find(|s| s.name() == p.scheme)
        else {
            return Err(format!("{}: unknown scheme {:?}", p.label, p.scheme));
        };
        let who = format!("{} ({})", p.label, p.scheme);
        if OPS.iter().all(|op| p.op(op).is_none()) {
            return Err(format!("{who}: no operation"));
        }
        for op in OPS {
            if let Some(o) = p.op(op) {
                if !scheme.has_op(op) {
                    return Err(format!("{who}: {op} is not an operation of the scheme"));
                }
                let ordered =
                    o.min.unwrap_or(o.cycles) <= o.cycles && o.cycles <= o.max.unwrap_or(o.cycles);
                if !ordered || o.cycles == 0 || o.stack == 0 {
                    return Err(format!("{who} {op}: implausible figures"));
                }
            }
        }
    }
    Ok(f.point)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find<'a>(pts: &'a [Published], label: &str, scheme: &str) -> &'a Published {
        pts.iter()
            .find(|p| p.label == label && p.scheme == scheme)
            .unwrap_or_else(|| panic!("no point {label} for {scheme}"))
    }

    #[test]
    fn the_data_file_parses() {
        let pts = load(&default_path()).unwrap();
        let m4f = find(&pts, "pqm4 m4f", "ml-dsa-65");
        assert_eq!(m4f.op("keygen").unwrap().cycles, 2_516_006);
        assert!(pts.iter().all(|p| p.target == "m4"));
        assert!(pts.iter().all(|p| !p.source.is_empty()));
    }

    #[test]
    fn a_cross_point_has_its_figures() {
        let pts = load(&default_path()).unwrap();
        let light = find(&pts, "LightCROSS light", "cross-rsdp-1-fast");
        let sign = light.op("sign").unwrap();
        assert_eq!((sign.cycles, sign.stack), (16_964_191, 54_480));
        assert_eq!(light.op("verify").unwrap().cycles, 9_137_947);
        assert_eq!(light.op("encaps"), None);
        assert!(light.source.contains("pqm4-LightCROSS"));
    }

    #[test]
    fn model_points_are_not_hardware_points() {
        let all = load_all(&default_path()).unwrap();
        let speed = find(&all, "CROSS m4speed (model)", "cross-rsdp-1-fast");
        assert_eq!(speed.measured_on, MeasuredOn::Model);
        assert!(speed.op("sign").unwrap().cycles > 1_000_000);
        let light = find(&all, "LightCROSS light", "cross-rsdp-1-fast");
        assert_eq!(light.measured_on, MeasuredOn::Hardware);
        let hw = load(&default_path()).unwrap();
        assert!(hw.iter().all(|p| p.measured_on == MeasuredOn::Hardware));
        assert!(hw.iter().any(|p| p.label == "LightCROSS light"));
        assert!(!hw.iter().any(|p| p.label.starts_with("CROSS m4")));
        assert!(all.len() > hw.len());
    }

    #[test]
    fn an_sntrup761_point_has_kem_figures() {
        let pts = load(&default_path()).unwrap();
        let m4f = find(&pts, "pqm4 m4f", "sntrup761");
        let enc = m4f.op("encaps").unwrap();
        let dec = m4f.op("decaps").unwrap();
        assert_eq!((enc.cycles, enc.stack), (683_652, 16_368));
        assert_eq!(
            (dec.cycles, dec.min, dec.stack),
            (538_141, Some(538_140), 20_008)
        );
        assert_eq!(m4f.text, Some(350_545));
        assert_eq!(m4f.op("sign"), None);
        let clean = find(&pts, "pqm4 clean", "sntrup761");
        assert_eq!(clean.op("decaps").unwrap().cycles, 15_828_809);
    }

    #[test]
    fn malformed_files_are_errors() {
        let head = "[[point]]\nlabel='x'\nsource='y'\ntarget='m4'\n";
        let with = |rest: &str| parse(&format!("{head}{rest}"));
        assert!(parse("point = 3").is_err());
        assert!(with("scheme='ml-dsa-65'\nsign={cycles=5,min=9,stack=1}").is_err());
        assert!(with("scheme='ml-dsa-65'\nextra=1").is_err());
        assert!(
            with("scheme='ml-dsa-65'\nmeasured_on='silicon'\nsign={cycles=5,stack=1}").is_err()
        );
        assert!(with("scheme='ml-dsa-65'\nmeasured_on='model'\nsign={cycles=5,stack=1}").is_ok());
        // The good cases, so that the failures below fail for their own reason.
        assert!(with("scheme='ml-dsa-65'\nsign={cycles=5,stack=1}").is_ok());
        assert!(with("scheme='sntrup761'\nencaps={cycles=5,max=9,stack=1}").is_ok());
        // KEM figures out of order, with zero cycles or stack, on a signature scheme;
        // signature figures on a KEM; a misspelt operation.
        assert!(with("scheme='sntrup761'\nencaps={cycles=5,max=4,stack=1}").is_err());
        assert!(with("scheme='sntrup761'\ndecaps={cycles=0,stack=1}").is_err());
        assert!(with("scheme='sntrup761'\ndecaps={cycles=5,stack=0}").is_err());
        assert!(with("scheme='ml-dsa-65'\ndecaps={cycles=5,stack=1}").is_err());
        assert!(with("scheme='sntrup761'\nsign={cycles=5,stack=1}").is_err());
        assert!(with("scheme='sntrup761'\ndecap={cycles=5,stack=1}").is_err());
        // Unknown or non-canonical scheme names would never be drawn.
        assert!(with("scheme='cross-rsdp-1-balance'\nsign={cycles=5,stack=1}").is_err());
        assert!(with("scheme='dilithium3'\nsign={cycles=5,stack=1}").is_err());
        // A point without figures.
        assert!(with("scheme='sntrup761'").is_err());
    }
}
