//! The paths a `use` item imports, and the names it binds.

use proc_macro2::Span;
use syn::ext::IdentExt;
use syn::UseTree;

/// One path of a `use` tree: `use a::{b::C, d as e, f::*}` has three.
#[derive(Debug, Clone)]
pub struct Import {
    /// The path's identifiers (`a::b::{self}` is `a::b`, a glob's path ends before `*`).
    pub path: Vec<String>,
    /// The name it binds in the importing module (`None` for a glob, `_` for an
    /// anonymous trait import).
    pub name: Option<String>,
    /// The span of its last identifier (or of `*`), for the line number.
    pub span: Span,
}

/// Every path of a `use` tree.
pub fn imports(tree: &UseTree) -> Vec<Import> {
    let mut out = Vec::new();
    walk(tree, &mut Vec::new(), &mut out);
    out
}

fn walk(tree: &UseTree, prefix: &mut Vec<String>, out: &mut Vec<Import>) {
    match tree {
        UseTree::Path(p) => {
            prefix.push(p.ident.unraw().to_string());
            walk(&p.tree, prefix, out);
            prefix.pop();
        }
        UseTree::Name(n) => leaf(prefix, &n.ident, None, out),
        UseTree::Rename(r) => leaf(prefix, &r.ident, Some(&r.rename), out),
        UseTree::Glob(g) => out.push(Import {
            path: prefix.clone(),
            name: None,
            span: g.star_token.span,
        }),
        UseTree::Group(g) => {
            for item in &g.items {
                walk(item, prefix, out);
            }
        }
    }
}

fn leaf(prefix: &[String], ident: &syn::Ident, rename: Option<&syn::Ident>, out: &mut Vec<Import>) {
    let mut path = prefix.to_vec();
    // `use a::b::{self}` imports `a::b`.
    if ident != "self" || path.is_empty() {
        path.push(ident.unraw().to_string());
    }
    let name = rename.map_or_else(|| path.last().cloned(), |r| Some(r.unraw().to_string()));
    out.push(Import {
        path,
        name,
        span: ident.span(),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_path_and_name_of_a_tree() {
        let item: syn::ItemUse =
            syn::parse_str("use a::{b::C, d as e, f::*, g::{self}, _h as _};").expect("parses");
        let found: Vec<(String, Option<String>)> = imports(&item.tree)
            .into_iter()
            .map(|i| (i.path.join("::"), i.name))
            .collect();
        let expect: Vec<(String, Option<String>)> = [
            ("a::b::C", Some("C")),
            ("a::d", Some("e")),
            ("a::f", None),
            ("a::g", Some("g")),
            ("a::_h", Some("_")),
        ]
        .iter()
        .map(|(p, n)| ((*p).to_owned(), n.map(str::to_owned)))
        .collect();
        assert_eq!(found, expect);
    }
}
