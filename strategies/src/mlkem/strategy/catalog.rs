//! ML-KEM's components and presets by name, for tools that enumerate or build
//! combinations (the harness and `pq-explore`), in the shape every family shares
//! ([`crate::catalog`]): one list per axis, in the order of [`Custom`](super::Custom)'s
//! parameters.

use crate::catalog::{Catalog, Preset};

/// Implementations of [`MatrixA`](super::MatrixA).
pub const MATRIX: &[&str] = &["CachedA", "StreamedA"];
/// Implementations of [`SecretVector`](super::SecretVector).
pub const SECRET: &[&str] = &["CachedSecret", "DecodedSecret"];
/// Implementations of [`CiphertextCompare`](super::CiphertextCompare).
pub const COMPARE: &[&str] = &["StreamedCompare", "StoredCompare"];
/// Implementations of [`Accumulate`](super::Accumulate).
pub const ACCUMULATE: &[&str] = &["LazyAccumulate", "EagerReduce"];

/// ML-KEM's strategies: the components and presets under `pqfit::mlkem::`; the Keccak
/// backends (`Custom`'s optional fifth parameter) are ML-DSA's, under
/// `pqfit::strategy::`.
pub const CATALOG: Catalog = Catalog {
    path: "pqfit::mlkem::",
    custom: Some("Custom"),
    axes: &[MATRIX, SECRET, COMPARE, ACCUMULATE],
    presets: &[
        Preset {
            name: "small-stack",
            type_name: "SmallStack",
            components: &[
                "StreamedA",
                "DecodedSecret",
                "StreamedCompare",
                "EagerReduce",
            ],
        },
        Preset {
            name: "balanced",
            type_name: "Balanced",
            components: &[
                "StreamedA",
                "CachedSecret",
                "StreamedCompare",
                "LazyAccumulate",
            ],
        },
        Preset {
            name: "fast-kem",
            type_name: "FastKem",
            components: &["CachedA", "CachedSecret", "StoredCompare", "LazyAccumulate"],
        },
    ],
    keccak: crate::strategy::catalog::KECCAK,
    keccak_path: "pqfit::strategy::",
    hardened: None,
};

#[cfg(test)]
mod tests {
    use super::CATALOG;
    use crate::catalog::check::{for_each_combination, last_segment, matches_types, type_args};
    use crate::mlkem::{
        Balanced, CachedA, CachedSecret, Custom, DecodedSecret, EagerReduce, FastKem,
        LazyAccumulate, SmallStack, StoredCompare, Strategy, StreamedA, StreamedCompare,
    };
    use crate::strategy::{Interleaved32, Interleaved32Compact, Sha3Crate};
    use core::any::{type_name, TypeId};
    use pqfit_core::mlkem::{MlKem1024Params, MlKem512Params, MlKem768Params};

    /// A strategy for every parameter set.
    fn fits<S: Strategy<MlKem512Params> + Strategy<MlKem768Params> + Strategy<MlKem1024Params>>() {}

    /// Every combination of the axes' types is a strategy, spelled as the catalogue
    /// numbers it (16 of them); each backend fits `Custom`'s last slot.
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
            [CachedA StreamedA]
            [CachedSecret DecodedSecret]
            [StreamedCompare StoredCompare]
            [LazyAccumulate EagerReduce]);
        matches_types(&CATALOG, &seen);
        assert_eq!(CATALOG.combinations(), 16);
        type Base<K> = Custom<CachedA, CachedSecret, StoredCompare, LazyAccumulate, K>;
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
            ("SmallStack", id::<SmallStack>(), type_name::<SmallStack>()),
            ("Balanced", id::<Balanced>(), type_name::<Balanced>()),
            ("FastKem", id::<FastKem>(), type_name::<FastKem>()),
        ];
        let spelled = [
            id::<Custom<StreamedA, DecodedSecret, StreamedCompare, EagerReduce>>(),
            id::<Custom<StreamedA, CachedSecret, StreamedCompare, LazyAccumulate>>(),
            id::<Custom<CachedA, CachedSecret, StoredCompare, LazyAccumulate>>(),
        ];
        assert_eq!(CATALOG.presets.len(), aliases.len());
        for ((p, (alias, id, full)), spelled) in CATALOG.presets.iter().zip(aliases).zip(spelled) {
            assert_eq!(p.type_name, alias);
            assert_eq!(id, spelled, "{alias}");
            assert_eq!(type_args(full)[..4], p.components[..], "{alias}");
        }
    }
}
