//! What one `pq-explore report` run measures for each scheme. Sweeping every family in
//! every combination on every target would take days (CROSS signing alone runs for
//! minutes per combination), so a run can give every combination to a few schemes
//! (`--full`) and only the presets to the rest, and sign fewer messages for CROSS
//! (`--cross-sign-runs`). The plan is stated on the pages, so a reader knows what each
//! table covers. What fault resistance costs is always in it: the hardened presets
//! (`Hardened<preset>`) of [`HARDENED_SCHEMES`] are measured on every target.

use pqfit_profiles::families::cross::CROSS;
use pqfit_profiles::Scheme;

use crate::combos::{self, HardenedAxis, KeccakAxis};

/// The schemes whose hardened presets every report measures (with `--hardened`, every
/// scheme with a hardened wrapper gets them): one lattice and one code-based signature.
pub const HARDENED_SCHEMES: [&str; 2] = ["ml-dsa-65", "cross-rsdp-1-fast"];
use crate::sweep::{self, Spec, Sweep};

/// How one scheme is swept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coverage {
    /// The parameter set.
    pub scheme: Scheme,
    /// Only the presets of the family's catalogue.
    pub presets_only: bool,
    /// Keccak backends crossed with the strategies.
    pub keccak: KeccakAxis,
    /// The fault-hardened presets: none, added, or alone.
    pub hardened: HardenedAxis,
    /// Key generations, signed messages (or encapsulations) and verifications (or
    /// decapsulations) per combination.
    pub runs: [usize; 3],
}

impl Coverage {
    /// Combinations built per target (peers not counted).
    pub fn combinations(&self) -> usize {
        let list = combos::candidates(self.scheme, self.presets_only, self.keccak);
        combos::with_hardened(list, self.hardened).len()
    }

    /// What the combinations are, in words.
    pub fn what(&self) -> String {
        let strategies = if self.presets_only {
            "the presets only"
        } else {
            "every combination"
        };
        // Families that take no Keccak backend (NTRU Prime hashes with SHA-512) say none.
        let keccak = match (self.scheme.family().catalog.keccak.is_empty(), self.keccak) {
            (true, _) => "",
            (false, KeccakAxis::Default) => ", default Keccak backend",
            (false, KeccakAxis::Presets) => ", presets with every Keccak backend",
            (false, KeccakAxis::All) => ", every Keccak backend",
        };
        let hardened = match self.hardened {
            HardenedAxis::Without => "",
            HardenedAxis::With => ", and the presets hardened against faults",
            HardenedAxis::Only => " (hardened against faults only)",
        };
        format!("{strategies}{keccak}{hardened}")
    }

    /// `3 / 16 / 4`: the runs per combination of the three operations.
    pub fn runs_text(&self) -> String {
        let [k, s, v] = self.runs;
        format!("{k} / {s} / {v}")
    }
}

/// A report run: each scheme's coverage, in the order asked, and the command that
/// regenerates it.
#[derive(Clone, Debug)]
pub struct Plan {
    /// One per scheme.
    pub coverage: Vec<Coverage>,
    /// The command line, as a user types it again.
    pub command: String,
}

/// The schemes of `--scheme` (names, families, kinds and the keywords `families` and
/// `cross-1`, comma-separated; duplicates dropped), kept to `category` when
/// given: `crate::schemes::select`.
pub fn schemes(arg: &str, category: Option<u8>) -> Result<Vec<Scheme>, String> {
    crate::schemes::select(arg, category)
}

/// Options of the plan beyond the base sweep's.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Schemes swept in every combination (with the base's Keccak axis); the others get
    /// the presets only, with the default Keccak backend. `None`: every scheme as the
    /// base says.
    pub full: Option<Vec<Scheme>>,
    /// Messages signed per CROSS combination (`None`: as the base).
    pub cross_sign_runs: Option<usize>,
}

impl Plan {
    /// The plan for `base.schemes` with `options`; `command` is the command line.
    pub fn new(base: &Spec, options: &Options, command: String) -> Result<Plan, String> {
        if let Some(full) = &options.full {
            if base.presets_only {
                return Err(
                    "--full and --presets-only contradict: --full already gives \
                            every scheme not named the presets only"
                        .into(),
                );
            }
            if let Some(s) = full.iter().find(|s| !base.schemes.contains(s)) {
                return Err(format!(
                    "--full {}: not among the schemes of --scheme",
                    s.name()
                ));
            }
        }
        if options.cross_sign_runs == Some(0) {
            return Err("--cross-sign-runs must be at least 1".into());
        }
        let coverage = base
            .schemes
            .iter()
            .map(|&scheme| {
                let (presets_only, keccak) = match &options.full {
                    Some(full) if !full.contains(&scheme) => (true, KeccakAxis::Default),
                    _ => (base.presets_only, base.keccak),
                };
                let hardened = match base.hardened {
                    HardenedAxis::Without if HARDENED_SCHEMES.contains(&scheme.name()) => {
                        HardenedAxis::With
                    }
                    axis => axis,
                };
                let mut runs = base.runs;
                if let (true, Some(n)) = (*scheme.family() == CROSS, options.cross_sign_runs) {
                    runs[1] = n;
                }
                Coverage {
                    scheme,
                    presets_only,
                    keccak,
                    hardened,
                    runs,
                }
            })
            .collect();
        Ok(Plan { coverage, command })
    }

    /// The coverage of `scheme`.
    pub fn of(&self, scheme: Scheme) -> Option<&Coverage> {
        self.coverage.iter().find(|c| c.scheme == scheme)
    }

    /// Runs one sweep per distinct coverage setting and merges them, in the order of the
    /// base's targets, then of the plan's schemes.
    pub fn run(&self, base: &Spec) -> Result<Sweep, String> {
        let mut merged: Option<Sweep> = None;
        let mut done: Vec<&Coverage> = Vec::new();
        for c in &self.coverage {
            let same = |d: &&Coverage| {
                d.presets_only == c.presets_only
                    && d.keccak == c.keccak
                    && d.hardened == c.hardened
                    && d.runs == c.runs
            };
            if done.iter().any(same) {
                continue;
            }
            done.push(c);
            let spec = Spec {
                schemes: self
                    .coverage
                    .iter()
                    .filter(|d| same(d))
                    .map(|d| d.scheme)
                    .collect(),
                presets_only: c.presets_only,
                keccak: c.keccak,
                hardened: c.hardened,
                runs: c.runs,
                ..base.clone()
            };
            let s = sweep::run(&spec)?;
            merged = Some(match merged {
                None => s,
                Some(mut m) => {
                    m.outcomes.extend(s.outcomes);
                    m.measured += s.measured;
                    m.cached += s.cached;
                    m.stale += s.stale;
                    m.deduplicated += s.deduplicated;
                    m.corrupt.extend(s.corrupt);
                    m.seconds += s.seconds;
                    m
                }
            });
        }
        let mut sweep = merged.ok_or("no scheme to report on")?;
        let rank = |o: &sweep::Outcome| {
            (
                base.targets.iter().position(|t| *t == o.target),
                self.coverage.iter().position(|c| c.scheme == o.scheme),
            )
        };
        // Stable: each scheme's candidates keep the sweep's order.
        sweep.outcomes.sort_by_key(rank);
        Ok(sweep)
    }
}

/// The command line of this process as a user types it again: `cargo run --release -p
/// pq-explore -- <arguments>`, arguments with shell metacharacters single-quoted.
pub fn command_line(args: impl IntoIterator<Item = String>) -> String {
    let mut s = String::from("cargo run --release -p pq-explore --");
    for a in args {
        s.push(' ');
        if !a.is_empty()
            && a.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.,/=:+@".contains(c))
        {
            s += &a;
        } else {
            s += &format!("'{}'", a.replace('\'', r"'\''"));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schemes::FAMILIES;

    fn base(schemes: Vec<Scheme>) -> Spec {
        Spec {
            targets: vec!["m4".into()],
            schemes,
            presets_only: false,
            keccak: KeccakAxis::Presets,
            hardened: HardenedAxis::Without,
            opt_levels: vec!["3".into()],
            runs: [3, 16, 4],
            jobs: 1,
            cache: None,
            peers: sweep::PeerMode::Without,
            board: None,
            dedup: true,
            shard: None,
        }
    }

    #[test]
    fn the_families_keyword() {
        let s = schemes("families", None).unwrap();
        let names: Vec<&str> = s.iter().map(|s| s.name()).collect();
        assert_eq!(
            names,
            [
                "ml-dsa-44",
                "ml-dsa-65",
                "ml-dsa-87",
                "cross-rsdp-1-fast",
                "cross-rsdp-1-balanced",
                "cross-rsdp-1-small",
                "cross-rsdpg-1-fast",
                "cross-rsdpg-1-balanced",
                "cross-rsdpg-1-small",
                "sntrup761",
                "ntrulpr761",
                "ml-kem-512",
                "ml-kem-768",
                "ml-kem-1024"
            ]
        );
        assert_eq!(
            schemes("sntrup761, cross-1,sntrup761", None).unwrap().len(),
            7
        );
        let e = schemes("ml-dsa-66", None).unwrap_err();
        assert!(e.contains("families"), "{e}");
        assert!(schemes("ml-dsa-65,", None).is_err());
    }

    #[test]
    fn full_schemes_and_cross_runs() {
        let b = base(schemes("ml-dsa-65,ml-dsa-44,cross-rsdp-1-small", None).unwrap());
        let opts = Options {
            full: Some(vec![pqfit_profiles::families::ML_DSA_65]),
            cross_sign_runs: Some(2),
        };
        let p = Plan::new(&b, &opts, "cmd".into()).unwrap();
        let full = p.of(pqfit_profiles::families::ML_DSA_65).unwrap();
        assert!(!full.presets_only);
        assert_eq!(full.keccak, KeccakAxis::Presets);
        assert_eq!(full.runs, [3, 16, 4]);
        let small = p.of(pqfit_profiles::scheme("ml-dsa-44").unwrap()).unwrap();
        assert!(small.presets_only);
        assert_eq!(small.keccak, KeccakAxis::Default);
        assert_eq!(small.combinations(), 4);
        assert_eq!(small.what(), "the presets only, default Keccak backend");
        let cross = p
            .of(pqfit_profiles::scheme("cross-rsdp-1-small").unwrap())
            .unwrap();
        assert_eq!(cross.runs, [3, 2, 4]);
        assert_eq!(cross.combinations(), 3);
        assert_eq!(cross.runs_text(), "3 / 2 / 4");
        // ML-DSA-65 gets its hardened presets in every report.
        assert_eq!(full.hardened, HardenedAxis::With);
        assert_eq!(small.hardened, HardenedAxis::Without);
        assert!(full
            .what()
            .ends_with("and the presets hardened against faults"));
        // With --hardened, every signature scheme gets them (the KEMs have none).
        let mut b = base(schemes("ml-dsa-44,ml-kem-768", None).unwrap());
        b.hardened = HardenedAxis::With;
        let p = Plan::new(&b, &Options::default(), String::new()).unwrap();
        let per: Vec<usize> = p.coverage.iter().map(Coverage::combinations).collect();
        let kem = pqfit_profiles::scheme("ml-kem-768").unwrap();
        let kem_plain = combos::candidates(kem, false, KeccakAxis::Presets).len();
        assert_eq!(per, [144 + 4 * 2 + 4, kem_plain]);
    }

    #[test]
    fn the_every_family_run_builds_204_combinations_per_target() {
        let b = base(schemes(FAMILIES, None).unwrap());
        let opts = Options {
            full: Some(vec![pqfit_profiles::families::ML_DSA_65]),
            cross_sign_runs: Some(2),
        };
        let p = Plan::new(&b, &opts, String::new()).unwrap();
        let per: Vec<usize> = p.coverage.iter().map(Coverage::combinations).collect();
        // ML-DSA-65: 144 memory mixes + 4 presets x 2 other Keccak backends + the 4
        // presets hardened; ML-DSA-44 and -87: 4 presets; CROSS: 3 presets x 6 sets, and
        // CROSS-RSDP-1-fast's 3 hardened; NTRU Prime: 5 multiplications x 2; ML-KEM: 3
        // presets x 3 sets.
        assert_eq!(per, [4, 156, 4, 6, 3, 3, 3, 3, 3, 5, 5, 3, 3, 3]);
        assert_eq!(per.iter().sum::<usize>(), 204);
    }

    #[test]
    fn contradictions_are_errors() {
        let mut b = base(vec![pqfit_profiles::scheme("ml-dsa-44").unwrap()]);
        let full = Options {
            full: Some(vec![pqfit_profiles::families::ML_DSA_65]),
            cross_sign_runs: None,
        };
        assert!(Plan::new(&b, &full, String::new())
            .unwrap_err()
            .contains("not among"));
        b.presets_only = true;
        assert!(Plan::new(&b, &full, String::new())
            .unwrap_err()
            .contains("contradict"));
        let zero = Options {
            full: None,
            cross_sign_runs: Some(0),
        };
        assert!(Plan::new(&b, &zero, String::new()).is_err());
    }

    #[test]
    fn command_lines_quote_what_the_shell_would_split() {
        let args = ["report", "--scheme", "a b", "--out", "it's"].map(String::from);
        assert_eq!(
            command_line(args),
            "cargo run --release -p pq-explore -- report --scheme 'a b' --out 'it'\\''s'"
        );
    }
}
