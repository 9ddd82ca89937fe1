//! NTRU Prime's multiplications by name, for tools that enumerate or build them (the
//! harness and `pq-explore`), in the shape every family shares ([`crate::catalog`]).
//! The multiplication is the whole strategy (`Sntrup761<Karatsuba>`), so there is one
//! axis and no custom type; every multiplication a tool lists by default is a preset
//! named by its type.

use crate::catalog::{Catalog, Preset};

/// Implementations of [`RqMul`](super::RqMul) swept by tools: the five
/// multiplications, then Karatsuba with two other recursion thresholds.
pub const MULTIPLICATIONS: &[&str] = &[
    "Schoolbook",
    "ZqNtt",
    "Karatsuba",
    "GoodNtt",
    "MixedRadixNtt",
    "Karatsuba<16>",
    "Karatsuba<64>",
];

/// The presets: the first five [`MULTIPLICATIONS`], each its own one-component
/// combination.
const PRESETS: [Preset; 5] = {
    let empty = Preset {
        name: "",
        type_name: "",
        components: &[],
    };
    let mut out = [empty; 5];
    let mut i = 0;
    while i < out.len() {
        out[i] = Preset {
            name: MULTIPLICATIONS[i],
            type_name: MULTIPLICATIONS[i],
            components: MULTIPLICATIONS.split_at(i).1.split_at(1).0,
        };
        i += 1;
    }
    out
};

/// NTRU Prime's strategies: one axis, the multiplications under `pqfit::ntruprime::`
/// (`Karatsuba<16>` written with its threshold); no Keccak backend.
pub const CATALOG: Catalog = Catalog {
    path: "pqfit::ntruprime::",
    custom: None,
    axes: &[MULTIPLICATIONS],
    presets: &PRESETS,
    keccak: &[],
    keccak_path: "pqfit::strategy::",
    hardened: None,
};

#[cfg(test)]
mod tests {
    use super::CATALOG;
    use crate::catalog::check::{last_segment, presets_are_combinations};
    use crate::ntruprime::{
        GoodNtt, Karatsuba, MixedRadixNtt, Ntrulpr761, RqMul, Schoolbook, Sntrup761, ZqNtt,
    };
    use core::any::{type_name, TypeId};

    /// Both KEMs take the multiplication.
    fn fits<M: RqMul + 'static>() -> (TypeId, &'static str) {
        let _ = (Sntrup761::<M>::decaps, Ntrulpr761::<M>::decaps);
        (TypeId::of::<M>(), type_name::<M>())
    }

    /// Every name is a distinct multiplication type, named as its type is (a name
    /// without parameters means the defaults: `Karatsuba` is `Karatsuba<32>`); the
    /// presets are the first five, each itself.
    #[test]
    fn catalog_names_the_types() {
        let types = [
            fits::<Schoolbook>(),
            fits::<ZqNtt>(),
            fits::<Karatsuba>(),
            fits::<GoodNtt>(),
            fits::<MixedRadixNtt>(),
            fits::<Karatsuba<16>>(),
            fits::<Karatsuba<64>>(),
        ];
        let names = CATALOG.axes[0];
        assert_eq!(CATALOG.axes.len(), 1);
        assert_eq!(names.len(), types.len());
        for (i, (name, (id, full))) in names.iter().zip(types).enumerate() {
            let spelled = last_segment(full);
            assert!(
                spelled == *name
                    || spelled
                        .strip_prefix(name)
                        .is_some_and(|r| r.starts_with('<')),
                "{name} is {full}"
            );
            assert!(types[..i].iter().all(|(other, _)| *other != id), "{name}");
        }
        assert_eq!(CATALOG.combinations(), types.len());
        presets_are_combinations(&CATALOG);
        assert_eq!(CATALOG.presets.len(), 5);
        for (p, name) in CATALOG.presets.iter().zip(names) {
            assert_eq!(
                (p.name, p.type_name, p.components),
                (*name, *name, &[*name][..])
            );
        }
        assert!(CATALOG.custom.is_none() && CATALOG.keccak.is_empty());
    }
}
