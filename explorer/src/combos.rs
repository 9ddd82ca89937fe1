//! The strategy combinations a sweep builds, and how each is named: for people (a preset
//! name or the short `Custom<...>`), for the firmware build (a full type path) and as the
//! Rust type an integrator pastes.

use pqfit::strategy::catalog::{self, Combination, PRESETS};
use pqfit_profiles::peers::{self, Peer};
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

/// One thing to build and measure: an ML-DSA strategy, an NTRU Prime multiplication, a
/// CROSS strategy, or a peer (another implementation, measured for comparison).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Candidate {
    /// The components and the Keccak backend (`None`: the target's default).
    MlDsa(Combination),
    /// A multiplication in R/q (`pqfit::ntruprime::<name>`).
    NtruPrime(&'static str),
    /// A CROSS strategy: one component per axis of [`CROSS_AXES`] and the Keccak backend.
    Cross([&'static str; 5], Option<&'static str>),
    /// Another implementation of the scheme, built into the same firmware harness.
    Peer(&'static Peer),
}

/// CROSS's memory axes, in the order of `pqfit::cross::Custom`'s parameters.
pub const CROSS_AXES: [[&str; 2]; 5] = [
    ["StoredSeedTree", "RegeneratedSeeds"],
    ["StoredMerkleTree", "IncrementalMerkle"],
    ["StoredCmt1", "HashedCmt1"],
    ["StoredY", "RegeneratedY"],
    ["StoredMatrices", "StreamedMatrices"],
];

/// CROSS's presets: kebab name, type name, components.
pub const CROSS_PRESETS: [(&str, &str, [&str; 5]); 3] = [
    (
        "min-stack",
        "MinStack",
        [
            "RegeneratedSeeds",
            "IncrementalMerkle",
            "HashedCmt1",
            "RegeneratedY",
            "StreamedMatrices",
        ],
    ),
    (
        "balanced",
        "Balanced",
        [
            "RegeneratedSeeds",
            "IncrementalMerkle",
            "HashedCmt1",
            "RegeneratedY",
            "StoredMatrices",
        ],
    ),
    (
        "fast",
        "Fast",
        [
            "StoredSeedTree",
            "StoredMerkleTree",
            "StoredCmt1",
            "StoredY",
            "StoredMatrices",
        ],
    ),
];

const CROSS_PATH: &str = "pqfit::cross::";

fn cross_preset(c: &[&str; 5]) -> Option<&'static (&'static str, &'static str, [&'static str; 5])> {
    CROSS_PRESETS.iter().find(|p| &p.2 == c)
}

const PATH: &str = "pqfit::strategy::";
const NTRU_PATH: &str = "pqfit::ntruprime::";

/// The NTRU Prime multiplications swept; the first [`NTRU_MAIN_MULS`] are the ones
/// `--presets-only` keeps.
pub const NTRU_MULS: [&str; 7] = [
    "Schoolbook",
    "ZqNtt",
    "Karatsuba",
    "GoodNtt",
    "MixedRadixNtt",
    "Karatsuba<16>",
    "Karatsuba<64>",
];

/// How many of [`NTRU_MULS`] are the main multiplications (`--presets-only`).
pub const NTRU_MAIN_MULS: usize = 5;

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
            Candidate::Cross(c, None) => cross_preset(c).map(|p| p.1),
            Candidate::Cross(_, Some(_)) | Candidate::Peer(_) => None,
        }
    }

    /// The peer this is, when it is not pqfit.
    pub fn peer(&self) -> Option<&'static Peer> {
        match self {
            Candidate::Peer(p) => Some(p),
            _ => None,
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
            Candidate::Peer(p) => format!("peer: {}", p.label()),
            Candidate::Cross(c, k) => match (cross_preset(c), k) {
                (Some(p), None) => p.0.to_string(),
                (Some(p), Some(k)) => format!("{} + {k}", p.0),
                (None, k) => {
                    let mut args = c.to_vec();
                    args.extend(k);
                    format!("Custom<{}>", args.join(", "))
                }
            },
        }
    }

    /// The type path the firmware is built with (every name fully qualified).
    pub fn type_path(&self) -> String {
        let c = match self {
            Candidate::NtruPrime(m) => return format!("{NTRU_PATH}{m}"),
            Candidate::Peer(p) => return p.strategy(),
            Candidate::Cross(c, k) => {
                if let (Some(p), None) = (cross_preset(c), k) {
                    return format!("{CROSS_PATH}{}", p.1);
                }
                let args: Vec<String> = c
                    .iter()
                    .chain(k.iter())
                    .map(|n| {
                        // The Keccak backends live in pqfit::strategy.
                        if k.as_ref() == Some(n) {
                            format!("{PATH}{n}")
                        } else {
                            format!("{CROSS_PATH}{n}")
                        }
                    })
                    .collect();
                return format!("{CROSS_PATH}Custom<{}>", args.join(", "));
            }
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
        if let Candidate::Peer(p) = self {
            return format!(
                "// not pqfit: {} ({}), for comparison",
                p.label(),
                p.language
            );
        }
        let name = if scheme.is_kem() { "Kem" } else { "Signer" };
        if let Candidate::Cross(..) = self {
            return format!(
                "type {name} = pqfit::cross::Cross<pqfit::cross::{}, {}>;",
                scheme.type_name(),
                self.type_path()
            );
        }
        format!(
            "type {name} = pqfit::{}<{}>;",
            scheme.alias(),
            self.type_path()
        )
    }

    /// Parses a preset name, a `Custom<...>`, an NTRU Prime multiplication (with or
    /// without its path) or a peer (`peer:fips204`).
    pub fn parse(text: &str) -> Option<Candidate> {
        if let Some(p) = peers::parse(text) {
            return Some(Candidate::Peer(p));
        }
        let bare = text.trim().trim_start_matches(NTRU_PATH);
        if let Some(m) = NTRU_MULS.iter().find(|m| **m == bare) {
            return Some(Candidate::NtruPrime(m));
        }
        let strip = |n: &str| {
            n.trim()
                .rsplit("::")
                .next()
                .unwrap_or("")
                .trim()
                .to_string()
        };
        if let Some(p) = CROSS_PRESETS
            .iter()
            .find(|p| text.trim() == format!("{CROSS_PATH}{}", p.1))
        {
            return Some(Candidate::Cross(p.2, None));
        }
        if let Some(args) = text
            .trim()
            .strip_prefix(CROSS_PATH)
            .and_then(|t| t.strip_prefix("Custom<"))
        {
            let names: Vec<String> = args.strip_suffix('>')?.split(',').map(strip).collect();
            let mut c = [""; 5];
            for (slot, (axis, name)) in c.iter_mut().zip(CROSS_AXES.iter().zip(&names)) {
                *slot = axis.iter().copied().find(|a| a == name)?;
            }
            let k = match names.len() {
                5 => None,
                6 => Some(catalog::KECCAK.iter().copied().find(|k| *k == names[5])?),
                _ => return None,
            };
            return Some(Candidate::Cross(c, k));
        }
        catalog::parse(text).map(Candidate::MlDsa)
    }
}

/// The peers of `scheme`, as candidates (after pqfit's in a sweep with peers).
pub fn peer_candidates(scheme: Scheme) -> Vec<Candidate> {
    peers::for_scheme(scheme).map(Candidate::Peer).collect()
}

/// The Keccak backend a target's firmware uses when the strategy names none
/// (`pqfit_core::keccak::DefaultKeccak`): `Sha3Crate` on 64-bit targets (rv64),
/// `Interleaved32` on the 32-bit ones. An unknown target counts as 32-bit.
pub fn default_keccak(target: &str) -> &'static str {
    match pqfit_profiles::Profile::load(target).map(|p| p.pointer_width()) {
        Ok(64) => "Sha3Crate",
        _ => "Interleaved32",
    }
}

/// [`candidates_on`] for a 32-bit target (default backend `Interleaved32`).
pub fn candidates(scheme: Scheme, presets_only: bool, keccak: KeccakAxis) -> Vec<Candidate> {
    candidates_on(scheme, presets_only, keccak, "Interleaved32")
}

/// The candidates of a sweep for `scheme` on a target whose default Keccak backend is
/// `default_keccak` ([`default_keccak`]): for ML-DSA the presets first, then the catalogue
/// order; for NTRU Prime the multiplications. The backend variants are the other backends.
pub fn candidates_on(
    scheme: Scheme,
    presets_only: bool,
    keccak: KeccakAxis,
    default_keccak: &str,
) -> Vec<Candidate> {
    if scheme.is_kem() {
        let n = if presets_only {
            NTRU_MAIN_MULS
        } else {
            NTRU_MULS.len()
        };
        return NTRU_MULS[..n]
            .iter()
            .map(|m| Candidate::NtruPrime(m))
            .collect();
    }
    if let Scheme::Cross(_) = scheme {
        let mut memory: Vec<[&'static str; 5]> = CROSS_PRESETS.iter().map(|p| p.2).collect();
        if !presets_only {
            for i in 0..32usize {
                let c: [&'static str; 5] =
                    std::array::from_fn(|a| CROSS_AXES[a][(i >> (4 - a)) & 1]);
                if !memory.contains(&c) {
                    memory.push(c);
                }
            }
        }
        let mut out = Vec::new();
        for c in memory {
            out.push(Candidate::Cross(c, None));
            let others = match keccak {
                KeccakAxis::Default => false,
                KeccakAxis::Presets => cross_preset(&c).is_some(),
                KeccakAxis::All => true,
            };
            if others {
                for k in catalog::KECCAK.iter().filter(|k| **k != default_keccak) {
                    out.push(Candidate::Cross(c, Some(k)));
                }
            }
        }
        return out;
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
            for k in catalog::KECCAK.iter().filter(|k| **k != default_keccak) {
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
    fn peers_are_candidates_of_their_scheme_only() {
        let peers = peer_candidates(Scheme::MlDsa65);
        assert!(peers.len() >= 4);
        for c in &peers {
            let p = c.peer().unwrap();
            assert_eq!(Candidate::parse(&c.type_path()), Some(*c));
            assert!(c.name().starts_with("peer: "));
            assert!(c.rust_type(Scheme::MlDsa65).starts_with("// not pqfit"));
            assert!(c.label().is_none() && c.preset().is_none());
            assert_eq!(p.scheme, Scheme::MlDsa65);
        }
        assert!(peer_candidates(Scheme::MlDsa44).is_empty());
        assert!(candidates(Scheme::MlDsa65, false, KeccakAxis::All)
            .iter()
            .all(|c| c.peer().is_none()));
    }

    #[test]
    fn cross_strategies() {
        let s = Scheme::parse("cross-rsdp-1-small").unwrap();
        let all = candidates(s, false, KeccakAxis::Presets);
        assert_eq!(all.len(), 32 + 2 * 3);
        assert_eq!(candidates(s, true, KeccakAxis::Default).len(), 3);
        for c in &all {
            assert_eq!(
                Candidate::parse(&c.type_path()),
                Some(*c),
                "{}",
                c.type_path()
            );
        }
        assert_eq!(all[0].name(), "min-stack");
        assert_eq!(all[0].type_path(), "pqfit::cross::MinStack");
        assert_eq!(
            all[0].rust_type(s),
            "type Signer = pqfit::cross::Cross<pqfit::cross::Rsdp1Small, pqfit::cross::MinStack>;"
        );
        assert!(all[1]
            .type_path()
            .ends_with(", pqfit::strategy::Interleaved32Compact>"));
    }

    #[test]
    fn ntru_prime_multiplications() {
        let all = candidates(Scheme::Sntrup761, false, KeccakAxis::All);
        assert_eq!(all.len(), NTRU_MULS.len());
        assert_eq!(
            candidates(Scheme::Ntrulpr761, true, KeccakAxis::All).len(),
            5
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

    #[test]
    fn backend_variants_leave_out_the_targets_default() {
        assert_eq!(default_keccak("m4"), "Interleaved32");
        assert_eq!(default_keccak("rv32"), "Interleaved32");
        assert_eq!(default_keccak("rv64"), "Sha3Crate");
        let names = |d| -> Vec<String> {
            candidates_on(Scheme::MlDsa65, true, KeccakAxis::Presets, d)
                .iter()
                .map(Candidate::name)
                .collect()
        };
        let rv64 = names("Sha3Crate");
        assert!(
            rv64.contains(&"small-stack + Interleaved32".to_string()),
            "{rv64:?}"
        );
        assert!(!rv64.iter().any(|n| n.ends_with("Sha3Crate")), "{rv64:?}");
        assert_eq!(rv64.len(), names("Interleaved32").len());
    }
}
