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

/// One thing to build and measure: an ML-DSA strategy or an NTRU Prime multiplication.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Candidate {
    /// The components and the Keccak backend (`None`: the target's default).
    MlDsa(Combination),
    /// A multiplication in R/q (`pqfit::ntruprime::<name>`).
    NtruPrime(&'static str),
}

const PATH: &str = "pqfit::strategy::";
const NTRU_PATH: &str = "pqfit::ntruprime::";

/// The NTRU Prime multiplications swept, smallest stack first; the first four are the
/// ones `--presets-only` keeps.
pub const NTRU_MULS: [&str; 6] = [
    "Schoolbook",
    "Karatsuba",
    "GoodNtt",
    "MixedRadixNtt",
    "Karatsuba<16>",
    "Karatsuba<64>",
];

impl Candidate {
    /// The ML-DSA preset this is, when it is one (with the default Keccak backend).
    pub fn preset(&self) -> Option<&'static catalog::Preset> {
        match self {
            Candidate::MlDsa(c) if c.keccak.is_none() => {
                PRESETS.iter().find(|p| p.components == c.components)
            }
            _ => None,
        }
    }

    /// The label on plots: a preset's type name, or an NTRU Prime multiplication.
    pub fn label(&self) -> Option<&'static str> {
        match self {
            Candidate::MlDsa(_) => self.preset().map(|p| p.type_name),
            Candidate::NtruPrime(m) => Some(m),
        }
    }

    /// A short name: `small-stack`, `small-stack + Sha3Crate`, the `Custom<...>` type, or
    /// the multiplication.
    pub fn name(&self) -> String {
        match self {
            Candidate::MlDsa(c) => {
                let with_preset = PRESETS.iter().find(|p| p.components == c.components);
                match (with_preset, c.keccak) {
                    (Some(p), None) => p.name.to_string(),
                    (Some(p), Some(k)) => format!("{} + {k}", p.name),
                    (None, _) => c.to_string(),
                }
            }
            Candidate::NtruPrime(m) => m.to_string(),
        }
    }

    /// The type path the firmware is built with (every name fully qualified).
    pub fn type_path(&self) -> String {
        let c = match self {
            Candidate::NtruPrime(m) => return format!("{NTRU_PATH}{m}"),
            Candidate::MlDsa(c) => c,
        };
        if let Some(p) = self.preset() {
            return format!("{PATH}{}", p.type_name);
        }
        let mut args: Vec<String> = c.components.iter().map(|c| format!("{PATH}{c}")).collect();
        if let Some(k) = c.keccak {
            args.push(format!("{PATH}{k}"));
        }
        format!("{PATH}Custom<{}>", args.join(", "))
    }

    /// The declaration to paste: `type Signer = pqfit::Dilithium3<pqfit::strategy::...>;`
    /// or `type Kem = pqfit::Sntrup761<pqfit::ntruprime::...>;`. The firmware measured
    /// was built from the same type path, so it compiles.
    pub fn rust_type(&self, scheme: Scheme) -> String {
        let name = if scheme.is_kem() { "Kem" } else { "Signer" };
        format!(
            "type {name} = pqfit::{}<{}>;",
            scheme.alias(),
            self.type_path()
        )
    }

    /// Parses a preset name, a `Custom<...>` or an NTRU Prime multiplication (with or
    /// without its path).
    pub fn parse(text: &str) -> Option<Candidate> {
        let bare = text.trim().trim_start_matches(NTRU_PATH);
        if let Some(m) = NTRU_MULS.iter().find(|m| **m == bare) {
            return Some(Candidate::NtruPrime(m));
        }
        catalog::parse(text).map(Candidate::MlDsa)
    }
}

/// The candidates of a sweep for `scheme`: for ML-DSA the presets first, then the
/// catalogue order; for NTRU Prime the multiplications.
pub fn candidates(scheme: Scheme, presets_only: bool, keccak: KeccakAxis) -> Vec<Candidate> {
    if scheme.is_kem() {
        let n = if presets_only { 4 } else { NTRU_MULS.len() };
        return NTRU_MULS[..n]
            .iter()
            .map(|m| Candidate::NtruPrime(m))
            .collect();
    }
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
        out.push(Candidate::MlDsa(Combination {
            components,
            keccak: None,
        }));
        let others = match keccak {
            KeccakAxis::Default => false,
            KeccakAxis::Presets => is_preset(&components),
            KeccakAxis::All => true,
        };
        if others {
            // The default backend on every embedded target is Interleaved32.
            for k in catalog::KECCAK.iter().filter(|k| **k != "Interleaved32") {
                out.push(Candidate::MlDsa(Combination {
                    components,
                    keccak: Some(k),
                }));
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
        assert_eq!(
            candidates(Scheme::MlDsa65, true, KeccakAxis::Default).len(),
            n
        );
        assert_eq!(
            candidates(Scheme::MlDsa65, true, KeccakAxis::Presets).len(),
            3 * n
        );
        assert_eq!(
            candidates(Scheme::MlDsa65, false, KeccakAxis::Default).len(),
            catalog::COMBINATIONS
        );
        assert_eq!(
            candidates(Scheme::MlDsa65, false, KeccakAxis::Presets).len(),
            catalog::COMBINATIONS + 2 * n
        );
        assert_eq!(
            candidates(Scheme::MlDsa65, false, KeccakAxis::All).len(),
            3 * catalog::COMBINATIONS
        );
    }

    #[test]
    fn names_and_paths_round_trip() {
        for c in candidates(Scheme::MlDsa65, false, KeccakAxis::All) {
            assert_eq!(Candidate::parse(&c.type_path()), Some(c), "{}", c.name());
            let Candidate::MlDsa(combination) = c else {
                panic!("ML-DSA only")
            };
            assert_eq!(Candidate::parse(&combination.to_string()), Some(c));
            let ty = c.rust_type(Scheme::MlDsa65);
            assert!(ty.starts_with("type Signer = pqfit::Dilithium3<pqfit::strategy::"));
            assert!(ty.ends_with(">;"));
        }
        let small = candidates(Scheme::MlDsa65, true, KeccakAxis::Presets);
        assert_eq!(small[0].name(), "small-stack");
        assert_eq!(small[0].type_path(), "pqfit::strategy::SmallStack");
        assert_eq!(small[1].name(), "small-stack + Interleaved32Compact");
        assert!(small[1].preset().is_none());
        assert!(small[1]
            .type_path()
            .ends_with("pqfit::strategy::Interleaved32Compact>"));
    }

    #[test]
    fn ntru_prime_multiplications() {
        let all = candidates(Scheme::Sntrup761, false, KeccakAxis::All);
        assert_eq!(all.len(), NTRU_MULS.len());
        assert_eq!(
            candidates(Scheme::Ntrulpr761, true, KeccakAxis::All).len(),
            4
        );
        for c in all {
            assert_eq!(Candidate::parse(&c.type_path()), Some(c));
            assert_eq!(c.label(), Some(c.name()).as_deref());
        }
        assert_eq!(
            Candidate::NtruPrime("Karatsuba<16>").rust_type(Scheme::Sntrup761),
            "type Kem = pqfit::Sntrup761<pqfit::ntruprime::Karatsuba<16>>;"
        );
    }
}
