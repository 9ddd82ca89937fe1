//! The components and presets by name, for tools that enumerate or build
//! combinations (the harness and `pq-explore`): one list per axis, in the order of
//! [`Custom`](super::Custom)'s parameters. [`CATALOG`] is the same in the shape every
//! family shares ([`crate::catalog`]).

/// Implementations of [`MatrixA`](super::MatrixA).
pub const MATRIX: &[&str] = &["CachedA", "StreamedA"];
/// Implementations of [`SecretVectors`](super::SecretVectors).
pub const SECRETS: &[&str] = &["CachedNtt", "RecomputeOnDemand"];
/// Implementations of [`Commitment`](super::Commitment).
pub const COMMIT: &[&str] = &["FullW", "RowW", "PackedW", "StreamedW"];
/// Implementations of [`MaskVector`](super::MaskVector).
pub const MASK: &[&str] = &["StoredY", "RegeneratedY", "SignatureY"];
/// Implementations of [`ChallengeProduct`](super::ChallengeProduct).
pub const PRODUCT: &[&str] = &["NttProduct", "SmallModulusProduct", "SparseProduct"];

/// Keccak backends, `Custom`'s optional sixth parameter (omitted: `DefaultKeccak`,
/// which is `Interleaved32Thumb2` on the Cortex-M3 and M4, `Interleaved32` on the other
/// 32-bit targets and `Sha3Crate` on the host). The last, [`KECCAK_THUMB2`], exists only
/// on `thumbv7m` and `thumbv7em` targets: tools list it only there.
pub const KECCAK: &[&str] = &[
    "Interleaved32",
    "Interleaved32Compact",
    "Sha3Crate",
    KECCAK_THUMB2,
];

/// The Thumb-2 assembly backend (`pqfit_core::keccak::Interleaved32Thumb2`), which
/// exists only on `thumbv7m` and `thumbv7em` targets, where it is `DefaultKeccak`.
pub const KECCAK_THUMB2: &str = "Interleaved32Thumb2";

/// The memory axes in the order of `Custom`'s parameters.
pub const AXES: [&[&str]; 5] = [MATRIX, SECRETS, COMMIT, MASK, PRODUCT];

/// Number of distinct memory combinations (each with any Keccak backend).
pub const COMBINATIONS: usize = 2 * 2 * 4 * 3 * 3;

/// A combination: the five memory components and, optionally, the Keccak backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Combination {
    /// One component per memory axis, in [`AXES`] order.
    pub components: [&'static str; 5],
    /// The Keccak backend, or `None` for `DefaultKeccak`.
    pub keccak: Option<&'static str>,
}

impl core::fmt::Display for Combination {
    /// The Rust type, e.g. `Custom<StreamedA, CachedNtt, FullW, StoredY, NttProduct>`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Custom<")?;
        for (i, c) in self.components.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(c)?;
        }
        if let Some(k) = self.keccak {
            write!(f, ", {k}")?;
        }
        f.write_str(">")
    }
}

/// A preset: its kebab-case name, its type name, and its components.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// The name tools accept, e.g. `small-stack`.
    pub name: &'static str,
    /// The type alias in `pqfit::strategy`, e.g. `SmallStack`.
    pub type_name: &'static str,
    /// One component per axis, in [`AXES`] order.
    pub components: [&'static str; 5],
}

/// Every preset. A test checks each against its type alias.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "small-stack",
        type_name: "SmallStack",
        components: [
            "StreamedA",
            "RecomputeOnDemand",
            "PackedW",
            "RegeneratedY",
            "SparseProduct",
        ],
    },
    Preset {
        name: "balanced",
        type_name: "Balanced",
        components: [
            "StreamedA",
            "CachedNtt",
            "FullW",
            "StoredY",
            "SmallModulusProduct",
        ],
    },
    Preset {
        name: "fast-sign",
        type_name: "FastSign",
        components: [
            "CachedA",
            "CachedNtt",
            "RowW",
            "StoredY",
            "SmallModulusProduct",
        ],
    },
    Preset {
        name: "reference",
        type_name: "Reference",
        components: ["CachedA", "CachedNtt", "FullW", "StoredY", "NttProduct"],
    },
];

/// ML-DSA's strategies in the shape every family shares: [`AXES`], [`PRESETS`] and
/// [`KECCAK`], all under `pqfit::strategy::`.
pub const CATALOG: crate::catalog::Catalog = crate::catalog::Catalog {
    path: "pqfit::strategy::",
    custom: Some("Custom"),
    axes: &AXES,
    presets: &SHARED_PRESETS,
    keccak: KECCAK,
    keccak_path: "pqfit::strategy::",
    hardened: Some("Hardened"),
};

/// [`PRESETS`] as [`crate::catalog::Preset`]s (components borrowed, not copied).
const SHARED_PRESETS: [crate::catalog::Preset; PRESETS.len()] = {
    let mut out = [crate::catalog::Preset {
        name: "",
        type_name: "",
        components: &[],
    }; PRESETS.len()];
    let mut i = 0;
    while i < PRESETS.len() {
        out[i] = crate::catalog::Preset {
            name: PRESETS[i].name,
            type_name: PRESETS[i].type_name,
            components: &PRESETS[i].components,
        };
        i += 1;
    }
    out
};

/// The components of combination number `index` (0 ≤ index < [`COMBINATIONS`]),
/// the first axis varying slowest.
pub fn combination(mut index: usize) -> [&'static str; 5] {
    let mut out = [""; 5];
    for (slot, axis) in out.iter_mut().zip(AXES).rev() {
        *slot = axis[index % axis.len()];
        index /= axis.len();
    }
    out
}

/// Parses a combination written as `Custom<A, B, C, D, E>` or
/// `Custom<A, B, C, D, E, Keccak>` (with or without a `pqfit::strategy::` prefix on
/// any name, spaces optional) or as a preset name (`small-stack` or `SmallStack`).
/// Returns `None` when a name is unknown or on the wrong axis.
pub fn parse(text: &str) -> Option<Combination> {
    let text = text.trim();
    if let Some(p) = PRESETS
        .iter()
        .find(|p| p.name == text || p.type_name == strip_path(text))
    {
        return Some(Combination {
            components: p.components,
            keccak: None,
        });
    }
    let (head, args) = text.split_once('<')?;
    if strip_path(head) != "Custom" {
        return None;
    }
    let inner = args.strip_suffix('>')?;
    let mut out = [""; 5];
    let mut parts = inner.split(',');
    for (slot, axis) in out.iter_mut().zip(AXES) {
        let name = strip_path(parts.next()?.trim());
        *slot = axis.iter().copied().find(|c| *c == name)?;
    }
    let keccak = match parts.next() {
        None => None,
        Some(name) => Some(
            KECCAK
                .iter()
                .copied()
                .find(|k| *k == strip_path(name.trim()))?,
        ),
    };
    if parts.next().is_some() {
        return None;
    }
    Some(Combination {
        components: out,
        keccak,
    })
}

fn strip_path(name: &str) -> &str {
    name.rsplit("::").next().unwrap_or(name).trim()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;

    #[test]
    fn combinations_are_distinct_and_parse_back() {
        let mut seen = std::vec::Vec::new();
        for i in 0..COMBINATIONS {
            let c = combination(i);
            assert!(!seen.contains(&c));
            seen.push(c);
            let plain = Combination {
                components: c,
                keccak: None,
            };
            let text = format!("Custom<{}>", c.join(", "));
            assert_eq!(text, format!("{plain}"));
            assert_eq!(parse(&text), Some(plain));
            let pathed = format!(
                "pqfit::strategy::Custom<pqfit::strategy::{}>",
                c.join(",pqfit::strategy::")
            );
            assert_eq!(parse(&pathed), Some(plain));
            for k in KECCAK {
                let with = Combination {
                    components: c,
                    keccak: Some(k),
                };
                assert_eq!(parse(&format!("{with}")), Some(with));
            }
        }
        assert_eq!(
            parse("small-stack").map(|c| c.components),
            Some(PRESETS[0].components)
        );
        assert_eq!(
            parse("pqfit::strategy::FastSign").map(|c| c.components),
            Some(PRESETS[2].components)
        );
        assert_eq!(
            parse("Custom<CachedA, CachedNtt, FullW, StoredY, NttProduct, Sha3Crate, Sha3Crate>"),
            None
        );
        assert_eq!(
            parse("Custom<CachedA, CachedA, FullW, StoredY, NttProduct>"),
            None
        );
        assert_eq!(parse("Custom<CachedA, CachedNtt, FullW, StoredY>"), None);
        assert_eq!(
            parse("Custom<CachedA, CachedNtt, FullW, StoredY, NttProduct, X>"),
            None
        );
        assert_eq!(parse("fastest"), None);
    }

    /// The catalogue's presets are the type aliases.
    #[test]
    fn presets_match_their_aliases() {
        use super::super::*;
        use core::any::TypeId;
        fn id<T: 'static>() -> TypeId {
            TypeId::of::<T>()
        }
        let expected = [
            (
                id::<SmallStack>(),
                id::<Custom<StreamedA, RecomputeOnDemand, PackedW, RegeneratedY, SparseProduct>>(),
            ),
            (
                id::<Balanced>(),
                id::<Custom<StreamedA, CachedNtt, FullW, StoredY, SmallModulusProduct>>(),
            ),
            (
                id::<FastSign>(),
                id::<Custom<CachedA, CachedNtt, RowW, StoredY, SmallModulusProduct>>(),
            ),
            (
                id::<Reference>(),
                id::<Custom<CachedA, CachedNtt, FullW, StoredY, NttProduct>>(),
            ),
        ];
        for (alias, spelled) in expected {
            assert_eq!(alias, spelled);
        }
    }

    /// [`CATALOG`] names the types: every combination of the axes' types is a
    /// strategy for each parameter set, spelled as the catalogue numbers it; its
    /// presets are [`PRESETS`]; the backends are types that fit `Custom`'s last slot.
    #[test]
    fn catalog_names_the_types() {
        use crate::catalog::check::{for_each_combination, last_segment, matches_types};
        use crate::mldsa::strategy::*;
        use core::any::type_name;
        use pqfit_core::mldsa::{MlDsa44, MlDsa65, MlDsa87};
        fn fits<S: Strategy<MlDsa44> + Strategy<MlDsa65> + Strategy<MlDsa87>>() {}
        let mut seen = std::vec::Vec::new();
        macro_rules! each {
            ($($c:ident),*) => {
                fits::<Custom<$($c),*>>();
                seen.push(type_name::<Custom<$($c),*>>());
            };
        }
        for_each_combination!(each;
            [CachedA StreamedA]
            [CachedNtt RecomputeOnDemand]
            [FullW RowW PackedW StreamedW]
            [StoredY RegeneratedY SignatureY]
            [NttProduct SmallModulusProduct SparseProduct]);
        matches_types(&CATALOG, &seen);
        assert_eq!(CATALOG.combinations(), COMBINATIONS);
        for i in 0..COMBINATIONS {
            let c = combination(i);
            assert!((0..5).all(|a| CATALOG.component(i, a) == c[a]));
        }
        for (shared, p) in CATALOG.presets.iter().zip(PRESETS) {
            assert_eq!((shared.name, shared.type_name), (p.name, p.type_name));
            assert_eq!(shared.components, p.components);
        }
        assert_eq!(CATALOG.presets.len(), PRESETS.len());
        type Base<K> = Custom<CachedA, CachedNtt, FullW, StoredY, NttProduct, K>;
        let backends = [
            type_name::<Interleaved32>(),
            type_name::<Interleaved32Compact>(),
            type_name::<Sha3Crate>(),
        ];
        fits::<Base<Interleaved32>>();
        fits::<Base<Interleaved32Compact>>();
        fits::<Base<Sha3Crate>>();
        for (full, k) in backends.iter().zip(CATALOG.keccak) {
            assert_eq!(last_segment(full), *k);
        }
        // The host has every backend but the Thumb-2 assembly, listed last.
        assert_eq!(CATALOG.keccak.len(), backends.len() + 1);
        assert_eq!(CATALOG.keccak.last(), Some(&KECCAK_THUMB2));
    }

    /// Each preset's component names (what the tools build and report) are those of
    /// its type alias, in axis order.
    #[test]
    fn preset_components_name_the_aliases() {
        use super::super::*;
        use core::any::type_name;
        for p in PRESETS {
            let full = match p.type_name {
                "SmallStack" => type_name::<SmallStack>(),
                "Balanced" => type_name::<Balanced>(),
                "FastSign" => type_name::<FastSign>(),
                "Reference" => type_name::<Reference>(),
                other => panic!("no alias {other}"),
            };
            let mut rest = full;
            for c in p.components {
                let at = rest
                    .find(c)
                    .unwrap_or_else(|| panic!("{}: {c} not in order in {full}", p.name));
                rest = &rest[at + c.len()..];
            }
        }
    }

    /// The catalogue's hardened wrapper is `pqfit::strategy::Hardened` (the path plus
    /// the name), hardens every preset, and names the strategy it wraps.
    #[test]
    fn hardened_names_the_wrapper() {
        use super::super::*;
        use crate::catalog::check::{last_segment, type_args};
        use core::any::type_name;
        use pqfit_core::mldsa::MlDsa65;
        assert_eq!(super::CATALOG.path, "pqfit::strategy::");
        let name = super::CATALOG
            .hardened
            .expect("ML-DSA has a hardened wrapper");
        fn check<S: Strategy<MlDsa65> + 'static>(name: &str) {
            let full = type_name::<crate::strategy::Hardened<S>>();
            assert!(
                last_segment(full).starts_with(&std::format!("{name}<")),
                "{full}"
            );
            assert_eq!(type_args(full), [last_segment(type_name::<S>())]);
            const {
                assert!(<crate::strategy::Hardened<S> as Strategy<MlDsa65>>::HARDENED);
                assert!(!<S as Strategy<MlDsa65>>::HARDENED);
            }
        }
        for p in PRESETS {
            match p.type_name {
                "SmallStack" => check::<SmallStack>(name),
                "Balanced" => check::<Balanced>(name),
                "FastSign" => check::<FastSign>(name),
                "Reference" => check::<Reference>(name),
                other => panic!("no alias {other}"),
            }
        }
    }
}
