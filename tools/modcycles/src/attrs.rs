//! What the attributes of an item say about it: test-only code and `#[path]`.

use syn::punctuated::Punctuated;
use syn::{Attribute, Expr, Lit, Meta, Token};

/// True when the item exists only in test builds: `#[test]`, `#[cfg(test)]`, or a
/// `cfg` predicate that cannot hold without `test` (`all(test, ..)`, `any(test, test)`).
/// Tests of a module legitimately use it, so their references are not dependencies.
pub fn is_test_only(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|attr| {
        let path = attr.path();
        if path.is_ident("test") {
            return true;
        }
        if !path.is_ident("cfg") {
            return false;
        }
        attr.parse_args::<Meta>()
            .is_ok_and(|predicate| requires_test(&predicate))
    })
}

/// Whether a `cfg` predicate is false whenever `test` is.
fn requires_test(predicate: &Meta) -> bool {
    match predicate {
        Meta::Path(path) => path.is_ident("test"),
        Meta::NameValue(_) => false,
        Meta::List(list) => {
            let Ok(nested) = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
            else {
                return false;
            };
            if list.path.is_ident("all") {
                nested.iter().any(requires_test)
            } else if list.path.is_ident("any") {
                !nested.is_empty() && nested.iter().all(requires_test)
            } else {
                false
            }
        }
    }
}

/// The file named by `#[path = "..."]`, if any.
pub fn path_attribute(attrs: &[Attribute]) -> Option<String> {
    attrs.iter().find_map(|attr| match &attr.meta {
        Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
            Expr::Lit(lit) => match &lit.lit {
                Lit::Str(s) => Some(s.value()),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs(src: &str) -> Vec<Attribute> {
        syn::parse_str::<syn::ItemFn>(&format!("{src} fn f() {{}}"))
            .expect("test attributes parse")
            .attrs
    }

    #[test]
    fn test_only_predicates() {
        assert!(is_test_only(&attrs("#[cfg(test)]")));
        assert!(is_test_only(&attrs("#[test]")));
        assert!(is_test_only(&attrs("#[cfg(all(test, feature = \"x\"))]")));
        assert!(!is_test_only(&attrs("#[cfg(any(test, feature = \"x\"))]")));
        assert!(!is_test_only(&attrs("#[cfg(not(test))]")));
        assert!(!is_test_only(&attrs("#[cfg(feature = \"test\")]")));
        assert!(!is_test_only(&attrs("#[inline]")));
    }

    #[test]
    fn path_attribute_is_read() {
        assert_eq!(
            path_attribute(&attrs("#[path = \"support/board.rs\"]")).as_deref(),
            Some("support/board.rs")
        );
        assert_eq!(path_attribute(&attrs("#[inline]")), None);
    }
}
