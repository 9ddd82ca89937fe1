//! The strategy combinations a sweep builds, and how each is named: for people (a preset
//! name or the short `Custom<...>`), for the firmware build (a full type path) and as the
//! Rust type an integrator pastes.

use pqfit::strategy::catalog::{self, Combination, PRESETS};
use pqfit_profiles::Scheme;

/// Which Keccak backends a sweep crosses with the memory combinations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum KeccakAxis {
    /// Every memory combination with the target's default backend, and every preset
    /// with each of the other backends too (the default: the flash/speed trade-off of
    /// hashing without tripling the sweep).
    Presets,
    /// Only the default backend.
    Default,
    /// Every memory combination with every backend.
    All,
}

/// One thing to build and measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The components and the Keccak backend (`None`: the target's default).
    pub combination: Combination,
}

const PATH: &str = "pqfit::strategy::";

impl Candidate {
    /// The preset this is, when it is one (with the default Keccak backend).
    pub fn preset(&self) -> Option<&'static catalog::Preset> {
        if self.combination.keccak.is_some() {
            return None;
        }
        PRESETS
            .iter()
            .find(|p| p.components == self.combination.components)
    }

    /// A short name: `small-stack`, `small-stack + Sha3Crate`, or the `Custom<...>` type.
    pub fn name(&self) -> String {
        let with_preset = PRESETS
            .iter()
            .find(|p| p.components == self.combination.components);
        match (with_preset, self.combination.keccak) {
            (Some(p), None) => p.name.to_string(),
            (Some(p), Some(k)) => format!("{} + {k}", p.name),
            (None, _) => self.combination.to_string(),
        }
    }

    /// The type path the firmware is built with (every name fully qualified).
    pub fn type_path(&self) -> String {
        if let Some(p) = self.preset() {
            return format!("{PATH}{}", p.type_name);
        }
        let mut args: Vec<String> = self
            .combination
            .components
            .iter()
            .map(|c| format!("{PATH}{c}"))
            .collect();
        if let Some(k) = self.combination.keccak {
            args.push(format!("{PATH}{k}"));
        }
        format!("{PATH}Custom<{}>", args.join(", "))
    }

    /// The declaration to paste: `type Signer = pqfit::Dilithium3<pqfit::strategy::...>;`.
    /// The firmware measured was built from the same type path, so it compiles.
    pub fn rust_type(&self, scheme: Scheme) -> String {
        format!(
            "type Signer = pqfit::{}<{}>;",
            scheme.alias(),
            self.type_path()
        )
    }

    /// Parses what `--strategy` or a cache file holds: a preset name or a `Custom<...>`.
    pub fn parse(text: &str) -> Option<Candidate> {
        catalog::parse(text).map(|combination| Candidate { combination })
    }
}

/// The candidates of a sweep, presets first, then the catalogue order.
pub fn candidates(presets_only: bool, keccak: KeccakAxis) -> Vec<Candidate> {
    let memory: Vec<[&'static str; 5]> = if presets_only {
        PRESETS.iter().map(|p| p.components).collect()
    } else {
        let mut v: Vec<[&'static str; 5]> = PRESETS.iter().map(|p| p.components).collect();
        for i in 0..catalog::COMBINATIONS {
            let c = catalog::combination(i);
            if !v.contains(&c) {
                v.push(c);
            }
        }
        v
    };
    let is_preset = |c: &[&str; 5]| PRESETS.iter().any(|p| &p.components == c);
    let mut out = Vec::new();
    for components in memory {
        out.push(Candidate {
            combination: Combination {
                components,
                keccak: None,
            },
        });
        let others = match keccak {
            KeccakAxis::Default => false,
            KeccakAxis::Presets => is_preset(&components),
            KeccakAxis::All => true,
        };
        if others {
            // The default backend on every embedded target is Interleaved32.
            for k in catalog::KECCAK.iter().filter(|k| **k != "Interleaved32") {
                out.push(Candidate {
                    combination: Combination {
                        components,
                        keccak: Some(k),
                    },
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sweep_sizes() {
        let n = PRESETS.len();
        assert_eq!(candidates(true, KeccakAxis::Default).len(), n);
        assert_eq!(candidates(true, KeccakAxis::Presets).len(), 3 * n);
        assert_eq!(
            candidates(false, KeccakAxis::Default).len(),
            catalog::COMBINATIONS
        );
        assert_eq!(
            candidates(false, KeccakAxis::Presets).len(),
            catalog::COMBINATIONS + 2 * n
        );
        assert_eq!(
            candidates(false, KeccakAxis::All).len(),
            3 * catalog::COMBINATIONS
        );
    }

    #[test]
    fn names_and_paths_round_trip() {
        for c in candidates(false, KeccakAxis::All) {
            assert_eq!(Candidate::parse(&c.type_path()), Some(c), "{}", c.name());
            assert_eq!(Candidate::parse(&c.combination.to_string()), Some(c));
            let ty = c.rust_type(Scheme::MlDsa65);
            assert!(ty.starts_with("type Signer = pqfit::Dilithium3<pqfit::strategy::"));
            assert!(ty.ends_with(">;"));
        }
        let small = candidates(true, KeccakAxis::Presets);
        assert_eq!(small[0].name(), "small-stack");
        assert_eq!(small[0].type_path(), "pqfit::strategy::SmallStack");
        assert_eq!(small[1].name(), "small-stack + Interleaved32Compact");
        assert!(small[1].preset().is_none());
        assert!(small[1]
            .type_path()
            .ends_with("pqfit::strategy::Interleaved32Compact>"));
    }
}
