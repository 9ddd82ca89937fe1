//! Which parameter sets a sweep covers: `--scheme` names sets, families
//! (`ml-dsa`, `cross`, `ntru-prime`) or kinds (`signatures`, `kems`, `all`), in a
//! comma-separated list, and `--category` keeps the sets of one NIST security category.

use pqfit_profiles::families::{self, cross::CROSS};
use pqfit_profiles::Scheme;

/// The words `--scheme` takes besides parameter-set names: the kinds, each family's name,
/// and the report groups.
pub fn group_words() -> Vec<&'static str> {
    let mut words = vec!["all", "signatures", "kems"];
    words.extend(families::ALL.iter().map(|f| f.name));
    words.extend([FAMILIES, CROSS_CATEGORY_1]);
    words
}

/// The sets the reports cover: ML-DSA-44/65/87, the CROSS sets of category 1, sntrup761
/// and ntrulpr761.
pub const FAMILIES: &str = "families";

/// The six CROSS parameter sets of NIST security category 1.
pub const CROSS_CATEGORY_1: &str = "cross-1";

/// The parameter sets a word of `--scheme` stands for, when it is a family or a kind.
fn group(word: &str) -> Option<Vec<Scheme>> {
    let all = families::schemes();
    let of = |keep: &dyn Fn(Scheme) -> bool| all.iter().copied().filter(|s| keep(*s)).collect();
    let cross_1 = |s: Scheme| *s.family() == CROSS && s.category() == 1;
    match word {
        "all" => Some(all.clone()),
        "signatures" => Some(of(&|s| !s.is_kem())),
        "kems" => Some(of(&|s| s.is_kem())),
        CROSS_CATEGORY_1 => Some(of(&cross_1)),
        // Every family, CROSS by its category-1 sets (its other twelve take hours).
        FAMILIES => Some(
            families::ALL
                .iter()
                .flat_map(|f| of(&|s| s.family() == *f && (**f != CROSS || cross_1(s))))
                .collect(),
        ),
        _ => families::ALL
            .iter()
            .find(|f| f.name == word || f.name.replace('-', "") == word)
            .map(|f| of(&|s| s.family() == *f)),
    }
}

/// Parses `--scheme` (and `--category`): the parameter sets in the order named, each once.
/// A category that leaves nothing is an error naming the categories there are.
pub fn select(spec: &str, category: Option<u8>) -> Result<Vec<Scheme>, String> {
    if let Some(c) = category {
        if !matches!(c, 1..=5) {
            return Err(format!("--category {c}: NIST categories are 1 to 5"));
        }
    }
    let mut named = Vec::new();
    for word in spec.split(',').map(str::trim) {
        if word.is_empty() {
            return Err(format!("--scheme {spec:?}: an empty name"));
        }
        let key = word.to_ascii_lowercase();
        let sets = match group(&key) {
            Some(sets) => sets,
            None => vec![families::scheme(word)
                .map_err(|e| format!("{e}; or a family or kind: {}", group_words().join(", ")))?],
        };
        for s in sets {
            if !named.contains(&s) {
                named.push(s);
            }
        }
    }
    let Some(c) = category else {
        return Ok(named);
    };
    let kept: Vec<Scheme> = named
        .iter()
        .copied()
        .filter(|s| s.category() == c)
        .collect();
    if kept.is_empty() {
        let there: Vec<String> = named
            .iter()
            .map(|s| format!("{} ({})", s.name(), s.category()))
            .collect();
        return Err(format!(
            "no scheme of {spec:?} is at category {c}: {}",
            there.join(", ")
        ));
    }
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[Scheme]) -> Vec<&'static str> {
        v.iter().map(|s| s.name()).collect()
    }

    #[test]
    fn signatures_at_category_3() {
        let v = select("signatures", Some(3)).unwrap();
        assert_eq!(
            names(&v),
            [
                "ml-dsa-65",
                "cross-rsdp-3-fast",
                "cross-rsdp-3-balanced",
                "cross-rsdp-3-small",
                "cross-rsdpg-3-fast",
                "cross-rsdpg-3-balanced",
                "cross-rsdpg-3-small",
            ]
        );
        assert!(v.iter().all(|s| !s.is_kem() && s.category() == 3));
    }

    #[test]
    fn families_kinds_and_names_mix() {
        assert_eq!(
            names(&select("kems", None).unwrap()),
            [
                "sntrup761",
                "ntrulpr761",
                "ml-kem-512",
                "ml-kem-768",
                "ml-kem-1024"
            ]
        );
        assert_eq!(
            names(&select("ml-dsa", None).unwrap()),
            ["ml-dsa-44", "ml-dsa-65", "ml-dsa-87"]
        );
        assert_eq!(select("cross", Some(1)).unwrap().len(), 6);
        assert_eq!(select("all", None).unwrap().len(), 26);
        assert_eq!(names(&select("ml-kem", Some(5)).unwrap()), ["ml-kem-1024"]);
        // A set named twice, and by its family, is kept once, in the order named.
        assert_eq!(
            names(&select("sntrup761, ntru-prime, ml-dsa-44", None).unwrap()),
            ["sntrup761", "ntrulpr761", "ml-dsa-44"]
        );
    }

    #[test]
    fn bad_selections_are_clear_errors() {
        let e = select("signatures", Some(7)).unwrap_err();
        assert!(e.contains("1 to 5"), "{e}");
        let e = select("ntru-prime", Some(1)).unwrap_err();
        assert!(e.contains("sntrup761 (3)"), "{e}");
        let e = select("rsa", None).unwrap_err();
        assert!(
            e.contains("signatures") && e.contains("unknown scheme"),
            "{e}"
        );
    }
}
