//! The strategy combinations a sweep builds, and how each is named: for people (a preset
//! name or the short `Custom<...>`), for the firmware build (a full type path) and as the
//! Rust type an integrator pastes. Every family is enumerated the same way, from its
//! strategy catalogue (`pqfit::catalog::Catalog`, carried by the harness's family
//! descriptor).

use pqfit::catalog::{Catalog, Preset};
use pqfit::strategy::catalog::KECCAK_THUMB2;
use pqfit_profiles::peers::{self, Peer};
use pqfit_profiles::{Family, Scheme};

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

/// Whether a sweep measures the fault-hardened presets (`Hardened<preset>`: signing
/// computed twice and compared, `pqfit::strategy::Hardened` and `pqfit::cross::Hardened`),
/// so that what fault resistance costs shows like any other axis. Families without a
/// hardened wrapper (the KEMs) get no hardened rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum HardenedAxis {
    /// No hardened rows (the default: every answer as without the option).
    #[default]
    Without,
    /// The candidates, then each preset among them hardened.
    With,
    /// Only the hardened presets.
    Only,
}

/// Most axes a family's catalogue may have.
pub const MAX_AXES: usize = 8;

/// One thing to build and measure: a pqfit strategy of a family, or a peer (another
/// implementation, measured for comparison).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Candidate {
    /// One component per axis of the family's catalogue (the slots past its axes are
    /// empty) and the Keccak backend (`None`: the target's default).
    Strategy {
        /// The family whose catalogue the components come from.
        family: &'static Family,
        /// The components, in the catalogue's axis order.
        components: [&'static str; MAX_AXES],
        /// The Keccak backend, when not the target's default.
        keccak: Option<&'static str>,
        /// Wrapped in the family's hardened type (`Hardened<...>`, signing twice and
        /// comparing: the catalogue's `hardened`).
        hardened: bool,
    },
    /// Another implementation of the scheme, built into the same firmware harness.
    Peer(&'static Peer),
}

impl Candidate {
    /// The family's preset with these components, the Keccak backend left out.
    fn preset_components(family: &Family, components: &[&str]) -> Option<&'static Preset> {
        family
            .catalog
            .presets
            .iter()
            .find(|p| p.components == components)
    }

    fn of(family: &'static Family, parts: &[&'static str], keccak: Option<&'static str>) -> Self {
        let mut components = [""; MAX_AXES];
        components[..parts.len()].copy_from_slice(parts);
        Candidate::Strategy {
            family,
            components,
            keccak,
            hardened: false,
        }
    }

    /// Whether this is a hardened strategy (`Hardened<...>`).
    pub fn is_hardened(&self) -> bool {
        matches!(self, Candidate::Strategy { hardened: true, .. })
    }

    /// This strategy wrapped in its family's hardened type, when the family has one
    /// (`None` for peers, KEMs and what is hardened already).
    pub fn hardened(&self) -> Option<Candidate> {
        match *self {
            Candidate::Strategy {
                family,
                components,
                keccak,
                hardened: false,
            } if family.catalog.hardened.is_some() => Some(Candidate::Strategy {
                family,
                components,
                keccak,
                hardened: true,
            }),
            _ => None,
        }
    }

    /// The strategy a hardened one wraps (itself otherwise), and the wrapper's name.
    fn unwrapped(&self) -> (Candidate, Option<&'static str>) {
        match *self {
            Candidate::Strategy {
                family,
                components,
                keccak,
                hardened: true,
            } => (
                Candidate::Strategy {
                    family,
                    components,
                    keccak,
                    hardened: false,
                },
                family.catalog.hardened,
            ),
            other => (other, None),
        }
    }

    /// The components, as many as the family has axes.
    pub fn components(&self) -> &[&'static str] {
        match self {
            Candidate::Strategy {
                family, components, ..
            } => &components[..family.catalog.axes.len()],
            Candidate::Peer(_) => &[],
        }
    }

    /// The preset this is, when it is one (with the default Keccak backend).
    pub fn preset(&self) -> Option<&'static Preset> {
        match self {
            Candidate::Strategy {
                family,
                keccak: None,
                hardened: false,
                ..
            } => Self::preset_components(family, self.components()),
            _ => None,
        }
    }

    /// The label on plots: a preset's type name.
    pub fn label(&self) -> Option<&'static str> {
        self.preset().map(|p| p.type_name)
    }

    /// The peer this is, when it is not pqfit.
    pub fn peer(&self) -> Option<&'static Peer> {
        match self {
            Candidate::Peer(p) => Some(p),
            Candidate::Strategy { .. } => None,
        }
    }

    /// A short name: `small-stack`, `small-stack + Sha3Crate`, the `Custom<...>` type, or
    /// a single-axis family's component (`Karatsuba<16>`).
    pub fn name(&self) -> String {
        if let (inner, Some(wrapper)) = self.unwrapped() {
            return format!("{wrapper}<{}>", inner.name());
        }
        let (family, keccak) = match self {
            Candidate::Peer(p) => return format!("peer: {}", p.label()),
            Candidate::Strategy { family, keccak, .. } => (family, *keccak),
        };
        let components = self.components();
        match (Self::preset_components(family, components), keccak) {
            (Some(p), None) => p.name.to_string(),
            (Some(p), Some(k)) => format!("{} + {k}", p.name),
            (None, k) => match family.catalog.custom {
                None => components.concat(),
                Some(custom) => {
                    let mut args = components.to_vec();
                    args.extend(k);
                    format!("{custom}<{}>", args.join(", "))
                }
            },
        }
    }

    /// The type path the firmware is built with (every name fully qualified).
    pub fn type_path(&self) -> String {
        if let (inner, Some(wrapper)) = self.unwrapped() {
            let path = inner.family_path();
            return format!("{path}{wrapper}<{}>", inner.type_path());
        }
        let (catalog, keccak) = match self {
            Candidate::Peer(p) => return p.strategy(),
            Candidate::Strategy { family, keccak, .. } => (family.catalog, *keccak),
        };
        if let Some(p) = self.preset() {
            return format!("{}{}", catalog.path, p.type_name);
        }
        let components = self.components();
        let Some(custom) = catalog.custom else {
            return format!("{}{}", catalog.path, components.concat());
        };
        let args: Vec<String> = components
            .iter()
            .map(|c| format!("{}{c}", catalog.path))
            .chain(keccak.map(|k| format!("{}{k}", catalog.keccak_path)))
            .collect();
        format!("{}{custom}<{}>", catalog.path, args.join(", "))
    }

    /// The module path of the family's strategy types (empty for a peer).
    fn family_path(&self) -> &'static str {
        match self {
            Candidate::Strategy { family, .. } => family.catalog.path,
            Candidate::Peer(_) => "",
        }
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
        scheme.declaration(&self.type_path())
    }

    /// Parses, in the catalogue of `scheme`'s family, a preset (kebab or type name), a
    /// `Custom<...>` (names with or without their paths), a single-axis family's component
    /// (`Karatsuba<16>`), or a peer (`peer:fips204`).
    pub fn parse(scheme: Scheme, text: &str) -> Option<Candidate> {
        if let Some(p) = peers::parse(text) {
            return Some(Candidate::Peer(p));
        }
        let family = scheme.family();
        let catalog = family.catalog;
        let text = text.trim();
        let bare = text.strip_prefix(catalog.path).unwrap_or(text);
        if let Some(inner) = catalog
            .hardened
            .and_then(|h| bare.strip_prefix(h))
            .and_then(|rest| rest.trim().strip_prefix('<'))
            .and_then(|rest| rest.strip_suffix('>'))
        {
            return Self::parse(scheme, inner)?.hardened();
        }
        if let Some(p) = catalog
            .presets
            .iter()
            .find(|p| p.type_name == bare || p.name == bare)
        {
            return Some(Self::of(family, p.components, None));
        }
        let Some(custom) = catalog.custom else {
            let axis = catalog.axes.first()?;
            let c = axis.iter().copied().find(|c| *c == bare)?;
            return Some(Self::of(family, &[c], None));
        };
        let args = bare
            .strip_prefix(custom)?
            .trim()
            .strip_prefix('<')?
            .strip_suffix('>')?;
        let names: Vec<&str> = args
            .split(',')
            .map(|n| n.trim().rsplit("::").next().unwrap_or("").trim())
            .collect();
        let n = catalog.axes.len();
        let mut parts = Vec::with_capacity(n);
        for (axis, name) in catalog.axes.iter().zip(&names) {
            parts.push(axis.iter().copied().find(|a| a == name)?);
        }
        if parts.len() != n {
            return None;
        }
        let keccak = match &names[n..] {
            [] => None,
            [k] => Some(catalog.keccak.iter().copied().find(|b| b == k)?),
            _ => return None,
        };
        Some(Self::of(family, &parts, keccak))
    }
}

/// `list` with the hardened presets as `axis` says: unchanged, followed by each preset
/// of `list` hardened, or only those (none for a family without a hardened wrapper).
pub fn with_hardened(list: Vec<Candidate>, axis: HardenedAxis) -> Vec<Candidate> {
    let hardened: Vec<Candidate> = list
        .iter()
        .filter(|c| c.preset().is_some())
        .filter_map(Candidate::hardened)
        .collect();
    match axis {
        HardenedAxis::Without => list,
        HardenedAxis::With => list.into_iter().chain(hardened).collect(),
        HardenedAxis::Only => hardened,
    }
}

/// The peers of `scheme`, as candidates (after pqfit's in a sweep with peers).
pub fn peer_candidates(scheme: Scheme) -> Vec<Candidate> {
    peers::for_scheme(scheme).map(Candidate::Peer).collect()
}

/// The Keccak backend a target's firmware uses when the strategy names none
/// (`pqfit_core::keccak::DefaultKeccak`): `Sha3Crate` on 64-bit targets (rv64), the
/// Thumb-2 assembly `Interleaved32Thumb2` on the Cortex-M3 and M4 (`thumbv7m`,
/// `thumbv7em`), `Interleaved32` on the other 32-bit ones. An unknown target counts as
/// 32-bit.
pub fn default_keccak(target: &str) -> &'static str {
    match pqfit_profiles::Profile::load(target) {
        Ok(p) if p.pointer_width() == 64 => "Sha3Crate",
        Ok(p) if p.triple.starts_with("thumbv7m-") || p.triple.starts_with("thumbv7em-") => {
            KECCAK_THUMB2
        }
        _ => "Interleaved32",
    }
}

/// [`candidates_on`] for a 32-bit target (default backend `Interleaved32`).
pub fn candidates(scheme: Scheme, presets_only: bool, keccak: KeccakAxis) -> Vec<Candidate> {
    candidates_on(scheme, presets_only, keccak, "Interleaved32")
}

/// The combination number `index` of a catalogue, the first axis varying slowest.
fn combination(catalog: &Catalog, index: usize) -> Vec<&'static str> {
    (0..catalog.axes.len())
        .map(|axis| catalog.component(index, axis))
        .collect()
}

/// The candidates of a sweep for `scheme` on a target whose default Keccak backend is
/// `default_keccak` ([`default_keccak`]): the family's presets first, then the rest of
/// its catalogue in order; the backend variants (of the presets, or of every combination)
/// are the other backends that exist on the target, where the family takes one.
pub fn candidates_on(
    scheme: Scheme,
    presets_only: bool,
    keccak: KeccakAxis,
    default_keccak: &str,
) -> Vec<Candidate> {
    let family = scheme.family();
    let catalog = family.catalog;
    let mut memory: Vec<Vec<&'static str>> = catalog
        .presets
        .iter()
        .map(|p| p.components.to_vec())
        .collect();
    if !presets_only {
        for i in 0..catalog.combinations() {
            let c = combination(catalog, i);
            if !memory.contains(&c) {
                memory.push(c);
            }
        }
    }
    let mut out = Vec::new();
    for c in memory {
        out.push(Candidate::of(family, &c, None));
        let others = match keccak {
            KeccakAxis::Default => false,
            KeccakAxis::Presets => Candidate::preset_components(family, &c).is_some(),
            KeccakAxis::All => true,
        };
        if others {
            // Never the Thumb-2 assembly: it exists only where it is the default.
            let variant = |k: &&&str| **k != default_keccak && **k != KECCAK_THUMB2;
            for k in catalog.keccak.iter().filter(variant) {
                out.push(Candidate::of(family, &c, Some(k)));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use pqfit::strategy::catalog::{COMBINATIONS, PRESETS};
    use pqfit_profiles::families::{ML_DSA_65, SNTRUP761};
    use pqfit_profiles::scheme;

    #[test]
    fn sweep_sizes() {
        let n = PRESETS.len();
        let count = |presets_only, k| candidates(ML_DSA_65, presets_only, k).len();
        assert_eq!(count(true, KeccakAxis::Default), n);
        assert_eq!(count(true, KeccakAxis::Presets), 3 * n);
        assert_eq!(count(false, KeccakAxis::Default), COMBINATIONS);
        assert_eq!(count(false, KeccakAxis::Presets), COMBINATIONS + 2 * n);
        assert_eq!(count(false, KeccakAxis::All), 3 * COMBINATIONS);
    }

    #[test]
    fn names_and_paths_round_trip() {
        for c in candidates(ML_DSA_65, false, KeccakAxis::All) {
            assert_eq!(
                Candidate::parse(ML_DSA_65, &c.type_path()),
                Some(c),
                "{}",
                c.name()
            );
            // `small-stack + Sha3Crate` names a candidate of the sweep only.
            if !c.name().contains(" + ") {
                assert_eq!(Candidate::parse(ML_DSA_65, &c.name()), Some(c));
            }
            let ty = c.rust_type(ML_DSA_65);
            assert!(ty.starts_with("type Signer = pqfit::Dilithium3<pqfit::strategy::"));
            assert!(ty.ends_with(">;"));
        }
        let small = candidates(ML_DSA_65, true, KeccakAxis::Presets);
        assert_eq!(small[0].name(), "small-stack");
        assert_eq!(small[0].type_path(), "pqfit::strategy::SmallStack");
        assert_eq!(small[1].name(), "small-stack + Interleaved32Compact");
        assert!(small[1].preset().is_none());
        assert!(small[1]
            .type_path()
            .ends_with("pqfit::strategy::Interleaved32Compact>"));
        assert_eq!(
            Candidate::parse(
                ML_DSA_65,
                "Custom<StreamedA, CachedNtt, FullW, StoredY, NttProduct>"
            )
            .map(|c| c.type_path()),
            Some(
                "pqfit::strategy::Custom<pqfit::strategy::StreamedA, pqfit::strategy::CachedNtt, \
                 pqfit::strategy::FullW, pqfit::strategy::StoredY, pqfit::strategy::NttProduct>"
                    .to_string()
            )
        );
        assert_eq!(Candidate::parse(ML_DSA_65, "Custom<StreamedA>"), None);
        assert_eq!(Candidate::parse(ML_DSA_65, "min-stack"), None);
    }

    #[test]
    fn peers_are_candidates_of_their_scheme_only() {
        let peers = peer_candidates(ML_DSA_65);
        assert!(peers.len() >= 4);
        for c in &peers {
            let p = c.peer().unwrap();
            assert_eq!(Candidate::parse(ML_DSA_65, &c.type_path()), Some(*c));
            assert!(c.name().starts_with("peer: "));
            assert!(c.rust_type(ML_DSA_65).starts_with("// not pqfit"));
            assert!(c.label().is_none() && c.preset().is_none());
            assert_eq!(p.scheme, ML_DSA_65);
        }
        assert!(peer_candidates(scheme("ml-dsa-44").unwrap()).is_empty());
        assert!(candidates(ML_DSA_65, false, KeccakAxis::All)
            .iter()
            .all(|c| c.peer().is_none()));
    }

    #[test]
    fn cross_strategies() {
        let s = scheme("cross-rsdp-1-small").unwrap();
        let all = candidates(s, false, KeccakAxis::Presets);
        assert_eq!(all.len(), 32 + 2 * 3);
        assert_eq!(candidates(s, true, KeccakAxis::Default).len(), 3);
        for c in &all {
            assert_eq!(
                Candidate::parse(s, &c.type_path()),
                Some(*c),
                "{}",
                c.type_path()
            );
        }
        assert_eq!(all[0].name(), "min-stack");
        assert_eq!(all[0].label(), Some("MinStack"));
        assert_eq!(all[0].type_path(), "pqfit::cross::MinStack");
        assert_eq!(Candidate::parse(s, "min-stack"), Some(all[0]));
        assert_eq!(
            all[0].rust_type(s),
            "type Signer = pqfit::cross::Cross<pqfit::cross::Rsdp1Small, pqfit::cross::MinStack>;"
        );
        assert!(all[1]
            .type_path()
            .ends_with(", pqfit::strategy::Interleaved32Compact>"));
        assert!(all[1]
            .type_path()
            .starts_with("pqfit::cross::Custom<pqfit::cross::"));
    }

    #[test]
    fn ntru_prime_multiplications() {
        let all = candidates(SNTRUP761, false, KeccakAxis::All);
        assert_eq!(all.len(), 7);
        assert_eq!(
            candidates(scheme("ntrulpr761").unwrap(), true, KeccakAxis::All).len(),
            5
        );
        for c in &all {
            assert_eq!(Candidate::parse(SNTRUP761, &c.type_path()), Some(*c));
            assert_eq!(Candidate::parse(SNTRUP761, &c.name()), Some(*c));
        }
        let k16 = Candidate::parse(SNTRUP761, "Karatsuba<16>").unwrap();
        assert_eq!(k16.name(), "Karatsuba<16>");
        assert_eq!(k16.label(), None);
        assert_eq!(all[1].label(), Some("ZqNtt"));
        assert_eq!(
            k16.rust_type(SNTRUP761),
            "type Kem = pqfit::Sntrup761<pqfit::ntruprime::Karatsuba<16>>;"
        );
    }

    #[test]
    fn backend_variants_leave_out_the_targets_default() {
        assert_eq!(default_keccak("m4"), "Interleaved32Thumb2");
        assert_eq!(default_keccak("m3"), "Interleaved32Thumb2");
        assert_eq!(default_keccak("m0"), "Interleaved32");
        assert_eq!(default_keccak("rv32"), "Interleaved32");
        assert_eq!(default_keccak("rv64"), "Sha3Crate");
        let names = |d| -> Vec<String> {
            candidates_on(ML_DSA_65, true, KeccakAxis::Presets, d)
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
        // The Thumb-2 assembly is a variant nowhere (absent, or the M3/M4's default).
        let m4 = names(KECCAK_THUMB2);
        assert!(m4.contains(&"small-stack + Interleaved32".into()), "{m4:?}");
        assert_eq!(m4.len(), 4 * PRESETS.len());
        let all = [rv64, names("Interleaved32"), m4].concat();
        assert!(!all.iter().any(|n| n.contains("Thumb2")), "{all:?}");
    }

    #[test]
    fn hardened_presets() {
        let s = scheme("cross-rsdp-1-fast").unwrap();
        for (scheme, presets, wrapper) in [
            (
                ML_DSA_65,
                PRESETS.len(),
                "pqfit::strategy::Hardened<pqfit::strategy::",
            ),
            (s, 3, "pqfit::cross::Hardened<pqfit::cross::"),
        ] {
            let plain = candidates(scheme, false, KeccakAxis::Presets);
            assert_eq!(with_hardened(plain.clone(), HardenedAxis::Without), plain);
            let with = with_hardened(plain.clone(), HardenedAxis::With);
            assert_eq!(with.len(), plain.len() + presets);
            assert_eq!(with[..plain.len()], plain[..]);
            let only = with_hardened(plain.clone(), HardenedAxis::Only);
            assert_eq!(only[..], with[plain.len()..]);
            for c in &only {
                assert!(c.is_hardened() && c.preset().is_none() && c.label().is_none());
                assert!(c.type_path().starts_with(wrapper), "{}", c.type_path());
                assert!(c.name().starts_with("Hardened<"), "{}", c.name());
                assert_eq!(Candidate::parse(scheme, &c.type_path()), Some(*c));
                assert_eq!(Candidate::parse(scheme, &c.name()), Some(*c));
                assert!(c.hardened().is_none());
            }
            assert!(!plain.iter().any(Candidate::is_hardened));
        }
        let fast = Candidate::parse(ML_DSA_65, "Hardened<fast-sign>").unwrap();
        assert_eq!(fast.name(), "Hardened<fast-sign>");
        assert_eq!(
            fast.type_path(),
            "pqfit::strategy::Hardened<pqfit::strategy::FastSign>"
        );
        assert_eq!(
            fast.rust_type(ML_DSA_65),
            "type Signer = pqfit::Dilithium3<pqfit::strategy::Hardened<pqfit::strategy::FastSign>>;"
        );
        assert_eq!(
            Candidate::parse(
                ML_DSA_65,
                "pqfit::strategy::Hardened<pqfit::strategy::SmallStack>"
            )
            .map(|c| c.name()),
            Some("Hardened<small-stack>".to_string())
        );
        assert_eq!(
            Candidate::parse(ML_DSA_65, "Hardened<Hardened<fast-sign>>"),
            None
        );
        // The KEMs have no hardened wrapper: no rows, and the name does not parse.
        let kem = candidates(SNTRUP761, true, KeccakAxis::Default);
        assert!(with_hardened(kem.clone(), HardenedAxis::Only).is_empty());
        assert_eq!(with_hardened(kem.clone(), HardenedAxis::With), kem);
        assert_eq!(Candidate::parse(SNTRUP761, "Hardened<ZqNtt>"), None);
    }
}
