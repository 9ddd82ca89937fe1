//! CROSS's components and presets by name, for tools that enumerate or build
//! combinations (the harness and `pq-explore`), in the shape every family shares
//! ([`crate::catalog`]): one list per axis, in the order of
//! [`Custom`](super::Custom)'s parameters.

use crate::catalog::{Catalog, Preset};

/// Implementations of [`RoundSeeds`](super::RoundSeeds).
pub const SEEDS: &[&str] = &["StoredSeedTree", "RegeneratedSeeds"];
/// Implementations of [`MerkleTree`](super::MerkleTree).
pub const MERKLE: &[&str] = &["StoredMerkleTree", "IncrementalMerkle"];
/// Implementations of [`SecondCommitments`](super::SecondCommitments).
pub const CMT1: &[&str] = &["StoredCmt1", "HashedCmt1"];
/// Implementations of [`FirstResponses`](super::FirstResponses).
pub const Y: &[&str] = &["StoredY", "RegeneratedY"];
/// Implementations of [`Matrices`](super::Matrices).
pub const MATRICES: &[&str] = &["StoredMatrices", "StreamedMatrices"];

/// CROSS's strategies: the components and presets under `pqfit::cross::`; the Keccak
/// backends (`Custom`'s optional sixth parameter) are ML-DSA's, under
/// `pqfit::strategy::`.
pub const CATALOG: Catalog = Catalog {
    path: "pqfit::cross::",
    custom: Some("Custom"),
    axes: &[SEEDS, MERKLE, CMT1, Y, MATRICES],
    presets: &[
        Preset {
            name: "min-stack",
            type_name: "MinStack",
            components: &[
                "RegeneratedSeeds",
                "IncrementalMerkle",
                "HashedCmt1",
                "RegeneratedY",
                "StreamedMatrices",
            ],
        },
        Preset {
            name: "balanced",
            type_name: "Balanced",
            components: &[
                "RegeneratedSeeds",
                "IncrementalMerkle",
                "HashedCmt1",
                "RegeneratedY",
                "StoredMatrices",
            ],
        },
        Preset {
            name: "fast",
            type_name: "Fast",
            components: &[
                "StoredSeedTree",
                "StoredMerkleTree",
                "StoredCmt1",
                "StoredY",
                "StoredMatrices",
            ],
        },
    ],
    keccak: crate::strategy::catalog::KECCAK,
    keccak_path: "pqfit::strategy::",
    hardened: Some("Hardened"),
};

#[cfg(test)]
mod tests {
    use super::CATALOG;
    use crate::catalog::check::{for_each_combination, last_segment, matches_types, type_args};
    use crate::cross::{
        Balanced, Custom, Fast, HashedCmt1, IncrementalMerkle, MinStack, RegeneratedSeeds,
        RegeneratedY, StoredCmt1, StoredMatrices, StoredMerkleTree, StoredSeedTree, StoredY,
        Strategy, StreamedMatrices,
    };
    use crate::strategy::{Interleaved32, Interleaved32Compact, Sha3Crate};
    use core::any::{type_name, TypeId};
    use pqfit_core::cross::params::{Rsdp1Fast, Rsdpg5Small};

    /// A strategy for a parameter set of each kind (R-SDP and R-SDP(G)), of both ends
    /// of the tree shapes (fast, small).
    fn fits<S: Strategy<Rsdp1Fast> + Strategy<Rsdpg5Small>>() {}

    /// Every combination of the axes' types is a strategy, spelled as the catalogue
    /// numbers it (32 of them); each backend fits `Custom`'s last slot.
    #[test]
    fn catalog_names_the_types() {
        let mut seen = std::vec::Vec::new();
        macro_rules! each {
            ($($c:ident),*) => {
                fits::<Custom<$($c),*>>();
                seen.push(type_name::<Custom<$($c),*>>());
            };
        }
        for_each_combination!(each;
            [StoredSeedTree RegeneratedSeeds]
            [StoredMerkleTree IncrementalMerkle]
            [StoredCmt1 HashedCmt1]
            [StoredY RegeneratedY]
            [StoredMatrices StreamedMatrices]);
        matches_types(&CATALOG, &seen);
        assert_eq!(CATALOG.combinations(), 32);
        type Base<K> =
            Custom<StoredSeedTree, StoredMerkleTree, StoredCmt1, StoredY, StoredMatrices, K>;
        fits::<Base<Interleaved32>>();
        fits::<Base<Interleaved32Compact>>();
        fits::<Base<Sha3Crate>>();
        let backends = [
            type_name::<Interleaved32>(),
            type_name::<Interleaved32Compact>(),
            type_name::<Sha3Crate>(),
        ];
        // The host has every backend but the Thumb-2 assembly, listed last.
        assert_eq!(CATALOG.keccak.len(), backends.len() + 1);
        assert_eq!(
            CATALOG.keccak.last(),
            Some(&crate::strategy::catalog::KECCAK_THUMB2)
        );
        for (full, k) in backends.iter().zip(CATALOG.keccak) {
            assert_eq!(last_segment(full), *k);
        }
    }

    /// The presets are the type aliases, component for component.
    #[test]
    fn presets_match_their_aliases() {
        fn id<T: 'static>() -> TypeId {
            TypeId::of::<T>()
        }
        let aliases = [
            ("MinStack", id::<MinStack>(), type_name::<MinStack>()),
            ("Balanced", id::<Balanced>(), type_name::<Balanced>()),
            ("Fast", id::<Fast>(), type_name::<Fast>()),
        ];
        let spelled = [
            id::<
                Custom<
                    RegeneratedSeeds,
                    IncrementalMerkle,
                    HashedCmt1,
                    RegeneratedY,
                    StreamedMatrices,
                >,
            >(),
            id::<
                Custom<
                    RegeneratedSeeds,
                    IncrementalMerkle,
                    HashedCmt1,
                    RegeneratedY,
                    StoredMatrices,
                >,
            >(),
            id::<Custom<StoredSeedTree, StoredMerkleTree, StoredCmt1, StoredY, StoredMatrices>>(),
        ];
        assert_eq!(CATALOG.presets.len(), aliases.len());
        for ((p, (alias, id, full)), spelled) in CATALOG.presets.iter().zip(aliases).zip(spelled) {
            assert_eq!(p.type_name, alias);
            assert_eq!(id, spelled, "{alias}");
            assert_eq!(type_args(full)[..5], p.components[..], "{alias}");
        }
    }

    /// The catalogue's hardened wrapper is `pqfit::cross::Hardened` (the path plus
    /// the name), hardens every preset, and names the strategy it wraps.
    #[test]
    fn hardened_names_the_wrapper() {
        assert_eq!(CATALOG.path, "pqfit::cross::");
        let name = CATALOG.hardened.expect("CROSS has a hardened wrapper");
        fn check<S: Strategy<Rsdp1Fast> + 'static>(name: &str) {
            let full = type_name::<crate::cross::Hardened<S>>();
            assert!(
                last_segment(full).starts_with(&std::format!("{name}<")),
                "{full}"
            );
            assert_eq!(type_args(full), [last_segment(type_name::<S>())]);
            const {
                assert!(<crate::cross::Hardened<S> as Strategy<Rsdp1Fast>>::HARDENED);
                assert!(!<S as Strategy<Rsdp1Fast>>::HARDENED);
            }
        }
        for p in CATALOG.presets {
            match p.type_name {
                "MinStack" => check::<MinStack>(name),
                "Balanced" => check::<Balanced>(name),
                "Fast" => check::<Fast>(name),
                other => panic!("no alias {other}"),
            }
        }
    }
}
