//! The family descriptors ([`Family`]): one module per family, each holding its
//! parameter sets, operations, strategy catalogue, firmware types and host oracles, and
//! [`ALL`], the one list every tool reads. Adding a family is adding a module here (and
//! its firmware module, `profiles/firmware/src/<firmware>.rs`): docs/architecture.md.

pub mod cross;
pub mod mldsa;
pub mod mlkem;
pub mod ntruprime;

pub use mldsa::ML_DSA_65;
pub use mlkem::ML_KEM_768;
pub use ntruprime::SNTRUP761;

use crate::scheme::{Family, Scheme};
use crate::Error;

/// Every family, signatures first.
pub static ALL: [&Family; 4] = [
    &mldsa::ML_DSA,
    &cross::CROSS,
    &ntruprime::NTRU_PRIME,
    &mlkem::ML_KEM,
];

/// Every parameter set of every family, in [`ALL`]'s order.
pub fn schemes() -> Vec<Scheme> {
    ALL.iter().flat_map(|f| f.schemes()).collect()
}

/// The family named `name` (`ml-dsa`, `cross`, `ntru-prime`).
pub fn family(name: &str) -> Option<&'static Family> {
    ALL.iter().copied().find(|f| f.name == name.trim())
}

/// Parses a parameter set's name (`ml-dsa-65`, `mldsa65`, `dilithium3`, `sntrup761`,
/// `cross-rsdp-1-small`).
pub fn scheme(name: &str) -> Result<Scheme, Error> {
    schemes()
        .into_iter()
        .find(|s| s.is_named(name))
        .ok_or_else(|| {
            let names: Vec<&str> = ALL
                .iter()
                .map(|f| f.sets.first().map_or(f.name, |s| s.name))
                .collect();
            Error::Unknown(format!(
                "unknown scheme {name:?}: expected a parameter set of {} (such as {})",
                ALL.iter().map(|f| f.name).collect::<Vec<_>>().join(", "),
                names.join(", ")
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheme::Kind;

    #[test]
    fn categories_and_families() {
        let cat = |s: &str| scheme(s).unwrap().category();
        assert_eq!(
            [cat("ml-dsa-44"), cat("ml-dsa-65"), cat("ml-dsa-87")],
            [2, 3, 5]
        );
        assert_eq!([cat("sntrup761"), cat("ntrulpr761")], [3, 3]);
        assert_eq!(cat("cross-rsdp-1-small"), 1);
        assert_eq!(cat("cross-rsdpg-5-fast"), 5);
        for s in schemes() {
            assert!(matches!(s.category(), 1..=5), "{}", s.name());
        }
        let fam = |s: &str| scheme(s).unwrap().family().name;
        assert_eq!(fam("dilithium3"), "ml-dsa");
        assert_eq!(fam("ML-DSA-65"), "ml-dsa");
        assert_eq!(fam("cross-rsdp-3-fast"), "cross");
        assert_eq!(fam("ntrulpr761"), "ntru-prime");
        assert!(scheme("ml-dsa-66").is_err());
        assert!(!ntruprime::NTRU_PRIME.is_signature() && cross::CROSS.is_signature());
    }

    /// Names are unique across families, and every family's descriptor is consistent:
    /// its operations fit its kind and its presets resolve to its own types.
    #[test]
    fn descriptors_are_consistent() {
        let all = schemes();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert!(!a.is_named(b.name()), "{a} and {b}");
            }
        }
        for f in ALL {
            assert!(family(f.name).is_some());
            let kem = f.ops.iter().any(|o| o.name().ends_with("caps"));
            assert_eq!(kem, f.kind == Kind::Kem, "{}", f.name);
            let s = f.schemes().next().unwrap();
            for p in f.catalog.presets {
                let ty = s.strategy_type(p.name).unwrap();
                assert!(ty.starts_with(f.catalog.path), "{ty}");
                assert!(s.declaration(&ty).contains(&ty));
            }
            assert!(s.strategy_type("no-such-preset").is_err());
        }
        assert_eq!(
            mldsa::ML_DSA_65.declaration("pqfit::strategy::SmallStack"),
            "type Signer = pqfit::Dilithium3<pqfit::strategy::SmallStack>;"
        );
        assert_eq!(
            scheme("cross-rsdp-1-small")
                .unwrap()
                .declaration("pqfit::cross::MinStack"),
            "type Signer = pqfit::cross::Cross<pqfit::cross::Rsdp1Small, pqfit::cross::MinStack>;"
        );
        assert_eq!(
            ntruprime::SNTRUP761.declaration("pqfit::ntruprime::Karatsuba<16>"),
            "type Kem = pqfit::Sntrup761<pqfit::ntruprime::Karatsuba<16>>;"
        );
    }
}
