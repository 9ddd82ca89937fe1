//! Every family's strategies by name, in one shape, for tools that enumerate and build
//! combinations (the harness and `pq-explore`): a tool written against [`Catalog`]
//! sweeps ML-DSA, CROSS and NTRU Prime alike, and a new family only adds its
//! `CATALOG`.
//!
//! | family | catalogue |
//! |---|---|
//! | ML-DSA | [`mldsa::strategy::catalog::CATALOG`](crate::mldsa::strategy::catalog::CATALOG) |
//! | CROSS | [`cross::strategy::catalog::CATALOG`](crate::cross::strategy::catalog::CATALOG) |
//! | NTRU Prime | [`ntruprime::catalog::CATALOG`](crate::ntruprime::catalog::CATALOG) |
//!
//! Each family's tests check its catalogue against the types it names (every name a
//! type on its axis, every preset its type alias), so the strings cannot drift from
//! the code.
//!
//! A tool writes a combination's type from the catalogue alone; the type it writes
//! compiles:
//!
//! ```
//! use pqfit::cross::strategy::catalog::CATALOG;
//!
//! let last = CATALOG.combinations() - 1;
//! let mut args: Vec<String> = (0..CATALOG.axes.len())
//!     .map(|axis| format!("{}{}", CATALOG.path, CATALOG.component(last, axis)))
//!     .collect();
//! args.push(format!("{}{}", CATALOG.keccak_path, CATALOG.keccak[2]));
//! let ty = format!("{}{}<{}>", CATALOG.path, CATALOG.custom.unwrap(), args.join(", "));
//! assert_eq!(
//!     ty,
//!     "pqfit::cross::Custom<pqfit::cross::RegeneratedSeeds, pqfit::cross::IncrementalMerkle, \
//!      pqfit::cross::HashedCmt1, pqfit::cross::RegeneratedY, pqfit::cross::StreamedMatrices, \
//!      pqfit::strategy::Sha3Crate>"
//! );
//! type Signer = pqfit::cross::Cross<
//!     pqfit::cross::Rsdp1Small,
//!     pqfit::cross::Custom<
//!         pqfit::cross::RegeneratedSeeds,
//!         pqfit::cross::IncrementalMerkle,
//!         pqfit::cross::HashedCmt1,
//!         pqfit::cross::RegeneratedY,
//!         pqfit::cross::StreamedMatrices,
//!         pqfit::strategy::Sha3Crate,
//!     >,
//! >;
//! assert_eq!(Signer::SIG_BYTES, 12_432);
//! assert_eq!(CATALOG.preset("min-stack").unwrap().type_name, "MinStack");
//! ```

/// A preset of a family's catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// The kebab-case name tools accept, e.g. `small-stack`.
    pub name: &'static str,
    /// The type alias (under [`Catalog::path`]), e.g. `SmallStack`.
    pub type_name: &'static str,
    /// One component per axis, in [`Catalog::axes`] order.
    pub components: &'static [&'static str],
}

/// One family's strategies by name, for tools that enumerate and build combinations.
#[derive(Clone, Copy, Debug)]
pub struct Catalog {
    /// Module path of the component and preset types, with the trailing `::`
    /// (`"pqfit::strategy::"`, `"pqfit::cross::"`, `"pqfit::ntruprime::"`).
    pub path: &'static str,
    /// The generic type taking one component per axis (then optionally a Keccak
    /// backend), e.g. `"Custom"`; `None` when the family has a single axis whose
    /// component is itself the strategy type (NTRU Prime's multiplications).
    pub custom: Option<&'static str>,
    /// The axes in the order of the custom type's parameters.
    pub axes: &'static [&'static [&'static str]],
    /// The presets; the order is the order tools list them in.
    pub presets: &'static [Preset],
    /// Keccak backends that may follow the components as the custom type's last
    /// parameter (empty when the family takes none).
    pub keccak: &'static [&'static str],
    /// Module path of the Keccak backend types (`"pqfit::strategy::"`).
    pub keccak_path: &'static str,
    /// The wrapper type (under [`Catalog::path`]) that hardens any of the family's
    /// strategies against fault attacks, `Hardened<S>` (signing computed twice and
    /// compared: [`crate::strategy::Hardened`], [`crate::cross::Hardened`]):
    /// `Some("Hardened")` for the signature families, `None` for the KEMs.
    pub hardened: Option<&'static str>,
}

impl Catalog {
    /// The number of combinations: the product of the axis lengths (each with any
    /// Keccak backend).
    pub const fn combinations(&self) -> usize {
        let mut n = 1;
        let mut a = 0;
        while a < self.axes.len() {
            n *= self.axes[a].len();
            a += 1;
        }
        n
    }

    /// The component on `axis` of combination `index` (0 ≤ index <
    /// [`Self::combinations`]), the first axis varying slowest (as
    /// [`combination`](crate::strategy::catalog::combination) numbers ML-DSA's).
    /// Panics if `axis` or `index` is out of range.
    pub fn component(&self, index: usize, axis: usize) -> &'static str {
        assert!(
            index < self.combinations(),
            "combination {index} out of range"
        );
        let later: usize = self.axes[axis + 1..].iter().map(|a| a.len()).product();
        let names = self.axes[axis];
        names[index / later % names.len()]
    }

    /// The preset named `name_or_type`, by its kebab-case name (`small-stack`) or its
    /// type name (`SmallStack`).
    pub fn preset(&self, name_or_type: &str) -> Option<&'static Preset> {
        self.presets
            .iter()
            .find(|p| p.name == name_or_type || p.type_name == name_or_type)
    }
}

/// Checks of a catalogue against the types it names, shared by the families' tests.
#[cfg(test)]
pub(crate) mod check {
    use super::Catalog;
    use std::string::String;
    use std::vec::Vec;

    /// The generic arguments of a `core::any::type_name`, each reduced to its last
    /// path segment: `a::Custom<b::X, c::Y<3>>` gives `["X", "Y<3>"]`.
    pub fn type_args(full: &str) -> Vec<String> {
        let Some(open) = full.find('<') else {
            return Vec::new();
        };
        let inner = &full[open + 1..full.len() - 1];
        let (mut out, mut depth, mut start) = (Vec::new(), 0, 0);
        for (i, ch) in inner.char_indices() {
            match ch {
                '<' => depth += 1,
                '>' => depth -= 1,
                ',' if depth == 0 => {
                    out.push(last_segment(&inner[start..i]));
                    start = i + 1;
                }
                _ => {}
            }
        }
        out.push(last_segment(&inner[start..]));
        out
    }

    /// The last path segment of a type name, with its own generic arguments.
    pub fn last_segment(name: &str) -> String {
        let name = name.trim();
        let head = name.find('<').unwrap_or(name.len());
        let from = name[..head].rfind("::").map_or(0, |i| i + 2);
        name[from..].into()
    }

    /// The catalogue's combinations, in its order, as lists of component names.
    pub fn combinations(catalog: &Catalog) -> Vec<Vec<&'static str>> {
        (0..catalog.combinations())
            .map(|i| {
                (0..catalog.axes.len())
                    .map(|a| catalog.component(i, a))
                    .collect()
            })
            .collect()
    }

    /// `seen` (the type names of the custom type instantiated for every combination
    /// of the axes' types, first axis slowest) names exactly the catalogue's
    /// combinations, in order; and [`presets_are_combinations`].
    pub fn matches_types(catalog: &Catalog, seen: &[&str]) {
        let want = combinations(catalog);
        assert_eq!(seen.len(), want.len(), "number of combinations");
        for (full, names) in seen.iter().zip(&want) {
            let args = type_args(full);
            assert_eq!(args[..names.len()], names[..], "{full}");
        }
        presets_are_combinations(catalog);
    }

    /// Every preset is a combination of the axes, found by both its names.
    pub fn presets_are_combinations(catalog: &Catalog) {
        let all = combinations(catalog);
        for p in catalog.presets {
            assert!(all.iter().any(|c| c[..] == p.components[..]), "{p:?}");
            assert_eq!(catalog.preset(p.name), Some(p));
            assert_eq!(catalog.preset(p.type_name), Some(p));
        }
    }

    /// Calls `$each!(A, B, ...)` for every combination of the idents in the bracketed
    /// axes, the first axis varying slowest (as [`Catalog::component`] numbers them).
    macro_rules! for_each_combination {
        ($each:ident; [$($first:ident)*] $($rest:tt)*) => {
            $crate::catalog::check::for_each_combination!(@go $each [] [$($first)*] [$($rest)*]);
        };
        (@go $each:ident $chosen:tt [$($next:ident)*] $rest:tt) => {
            $( $crate::catalog::check::for_each_combination!(@push $each $chosen $next $rest); )*
        };
        (@push $each:ident [$($c:ident)*] $next:ident [$head:tt $($tail:tt)*]) => {
            $crate::catalog::check::for_each_combination!(@go $each [$($c)* $next] $head [$($tail)*]);
        };
        (@push $each:ident [$($c:ident)*] $next:ident []) => {
            $each!($($c,)* $next);
        };
    }
    pub(crate) use for_each_combination;

    #[test]
    fn combination_numbering() {
        const C: Catalog = Catalog {
            path: "x::",
            custom: Some("C"),
            axes: &[&["a", "b"], &["x", "y", "z"]],
            presets: &[],
            keccak: &[],
            keccak_path: "",
            hardened: None,
        };
        assert_eq!(C.combinations(), 6);
        let names: Vec<_> = (0..6)
            .map(|i| (C.component(i, 0), C.component(i, 1)))
            .collect();
        let want = [
            ("a", "x"),
            ("a", "y"),
            ("a", "z"),
            ("b", "x"),
            ("b", "y"),
            ("b", "z"),
        ];
        assert_eq!(names, want);
        assert_eq!(
            type_args("p::C<q::r::A, B<3>, s::D<t::E, 4>>"),
            ["A", "B<3>", "D<t::E, 4>"]
        );
        let mut seen = Vec::new();
        macro_rules! push {
            ($($c:ident),*) => { seen.push([$(stringify!($c)),*]); };
        }
        for_each_combination!(push; [a b] [x y z]);
        let seen: Vec<_> = seen.iter().map(|c| (c[0], c[1])).collect();
        assert_eq!(seen, want);
    }
}
