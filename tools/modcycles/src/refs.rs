//! The references from each module into other modules of its crate: `use` trees and
//! every other path (in expressions, types, patterns, trait bounds, and the tokens of
//! macro calls) that starts with `crate::`, `self::`, `super::` or the name of a child
//! module, resolved to the longest prefix that is a module.
//!
//! Not references: `mod` declarations, re-exports (`use` items with any visibility
//! other than private: facades), visibility paths (`pub(in crate::a)`), attributes,
//! and test-only code (`#[cfg(test)]` modules and items, `#[test]` functions).

use std::path::{Path, PathBuf};

use proc_macro2::{Spacing, Span, TokenStream, TokenTree};
use syn::ext::IdentExt;
use syn::visit::{self, Visit};
use syn::{ImplItem, Item, ItemMod, ItemUse, Visibility};

use crate::attrs::is_test_only;
use crate::imports::imports;
use crate::tree::{ModId, ModuleTree};

/// A reference from one module to another, where it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    /// The module (file or inline) whose code holds the reference.
    pub from: ModId,
    /// The module it names.
    pub to: ModId,
    /// The file.
    pub file: PathBuf,
    /// The line (1-based).
    pub line: usize,
}

/// Every reference of the crate's code, in file order.
pub fn collect(tree: &ModuleTree) -> Vec<Reference> {
    let mut out = Vec::new();
    for file in &tree.files {
        let mut collector = Collector {
            tree,
            file: &file.path,
            stack: vec![file.module],
            out: &mut out,
        };
        for item in &file.ast.items {
            collector.visit_item(item);
        }
    }
    out
}

/// The module a path names, or `None` when it does not start inside the crate.
/// `segments` are the path's identifiers; `bare`: a one-segment path may name a child
/// module (in `use` trees; elsewhere a single identifier is a local name).
pub fn resolve(
    tree: &ModuleTree,
    current: ModId,
    segments: &[String],
    bare: bool,
) -> Option<ModId> {
    let (first, rest) = segments.split_first()?;
    let mut module = match first.as_str() {
        "crate" => 0,
        "self" => current,
        "super" => tree.modules[current].parent?,
        name => {
            if rest.is_empty() && !bare {
                return None;
            }
            *tree.modules[current].children.get(name)?
        }
    };
    for segment in rest {
        module = match segment.as_str() {
            "super" => tree.modules[module].parent?,
            "self" => module,
            name => match tree.modules[module].children.get(name) {
                Some(&child) => child,
                // A name the module imports from another crate (`use other::x;` in the
                // root, named as `crate::x`): a dependency on that crate, not here.
                None if tree.imports_from_outside(module, name) => return None,
                None => break,
            },
        };
    }
    Some(module)
}

struct Collector<'a> {
    tree: &'a ModuleTree,
    file: &'a Path,
    /// The module the visited code is in: the file's, then inline blocks.
    stack: Vec<ModId>,
    out: &'a mut Vec<Reference>,
}

impl Collector<'_> {
    fn current(&self) -> ModId {
        *self.stack.last().expect("the file module is at the bottom")
    }

    fn record(&mut self, segments: &[String], span: Span, bare: bool) {
        let from = self.current();
        if let Some(to) = resolve(self.tree, from, segments, bare) {
            if to != from {
                self.out.push(Reference {
                    from,
                    to,
                    file: self.file.to_path_buf(),
                    line: span.start().line,
                });
            }
        }
    }

    /// The paths in a macro call's tokens: `a::b::c` sequences, `$crate` as `crate`.
    fn scan_tokens(&mut self, tokens: TokenStream) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < trees.len() {
            if let TokenTree::Group(group) = &trees[i] {
                self.scan_tokens(group.stream());
                i += 1;
                continue;
            }
            let Some((segments, span, next)) = token_path(&trees, i) else {
                i += 1;
                continue;
            };
            if segments.len() > 1 {
                self.record(&segments, span, false);
            }
            i = next;
        }
    }
}

/// The path starting at `trees[start]` (an identifier, or `$crate`), its span and the
/// index after it.
fn token_path(trees: &[TokenTree], start: usize) -> Option<(Vec<String>, Span, usize)> {
    let mut i = start;
    let mut segments = Vec::new();
    let span;
    match &trees[i] {
        TokenTree::Ident(ident) => {
            span = ident.span();
            segments.push(ident.unraw().to_string());
            i += 1;
        }
        TokenTree::Punct(p) if p.as_char() == '$' => match trees.get(i + 1) {
            Some(TokenTree::Ident(ident)) if ident == "crate" => {
                span = ident.span();
                segments.push("crate".to_owned());
                i += 2;
            }
            _ => return None,
        },
        _ => return None,
    }
    loop {
        let colons = matches!(
            (trees.get(i), trees.get(i + 1)),
            (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
                if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':'
        );
        match trees.get(i + 2) {
            Some(TokenTree::Ident(ident)) if colons => {
                segments.push(ident.unraw().to_string());
                i += 3;
            }
            _ => break,
        }
    }
    Some((segments, span, i))
}

fn item_attrs(item: &Item) -> &[syn::Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

fn impl_item_attrs(item: &ImplItem) -> &[syn::Attribute] {
    match item {
        ImplItem::Const(i) => &i.attrs,
        ImplItem::Fn(i) => &i.attrs,
        ImplItem::Type(i) => &i.attrs,
        ImplItem::Macro(i) => &i.attrs,
        _ => &[],
    }
}

impl<'ast> Visit<'ast> for Collector<'_> {
    fn visit_item(&mut self, item: &'ast Item) {
        if !is_test_only(item_attrs(item)) {
            visit::visit_item(self, item);
        }
    }

    fn visit_impl_item(&mut self, item: &'ast ImplItem) {
        if !is_test_only(impl_item_attrs(item)) {
            visit::visit_impl_item(self, item);
        }
    }

    fn visit_item_mod(&mut self, decl: &'ast ItemMod) {
        // `mod name;` is a declaration, not a dependency; its file is visited as its own
        // module. An inline block is a module of its own for resolving paths (its
        // `super` is the file's module), merged into the file's node in the graph.
        let Some((_, content)) = &decl.content else {
            return;
        };
        let name = decl.ident.unraw().to_string();
        let child = self.tree.modules[self.current()]
            .children
            .get(&name)
            .copied();
        // Blocks in function bodies are not in the tree: kept in the enclosing module.
        let pushed = child.is_some_and(|c| self.tree.modules[c].file == self.file);
        if pushed {
            self.stack.push(child.expect("checked"));
        }
        for item in content {
            self.visit_item(item);
        }
        if pushed {
            self.stack.pop();
        }
    }

    fn visit_item_use(&mut self, item: &'ast ItemUse) {
        // Re-exports are the module's facade, not its dependencies; `::name` is extern.
        if !matches!(item.vis, Visibility::Inherited) || item.leading_colon.is_some() {
            return;
        }
        for import in imports(&item.tree) {
            self.record(&import.path, import.span, true);
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() {
            let segments: Vec<String> = path
                .segments
                .iter()
                .map(|s| s.ident.unraw().to_string())
                .collect();
            if let Some(first) = path.segments.first() {
                self.record(&segments, first.ident.span(), false);
            }
        }
        visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.visit_path(&mac.path);
        self.scan_tokens(mac.tokens.clone());
    }

    // `pub(in crate::a)` and `pub(super)` say who may see an item, not what it uses.
    fn visit_visibility(&mut self, _: &'ast Visibility) {}

    // Attribute arguments are not parsed as code (derives, `cfg`, docs).
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn load(files: &[(&str, &str)]) -> ModuleTree {
        let src: BTreeMap<PathBuf, String> = files
            .iter()
            .map(|(p, s)| (PathBuf::from(p), (*s).to_owned()))
            .collect();
        ModuleTree::load(Path::new("s/lib.rs"), &src).expect("loads")
    }

    /// `from -> to` pairs by module path, with their lines.
    fn edges(tree: &ModuleTree) -> Vec<(String, String, usize)> {
        collect(tree)
            .into_iter()
            .map(|r| (tree.path_of(r.from), tree.path_of(r.to), r.line))
            .collect()
    }

    fn segs(path: &str) -> Vec<String> {
        path.split("::").map(str::to_owned).collect()
    }

    #[test]
    fn resolution_takes_the_longest_module_prefix() {
        let tree = load(&[
            ("s/lib.rs", "mod a; mod b;"),
            ("s/a.rs", "mod inner;"),
            ("s/a/inner.rs", ""),
            ("s/b.rs", ""),
        ]);
        let path = |m: Option<ModId>| m.map(|m| tree.path_of(m));
        let b = tree.modules[0].children["b"];
        let a = tree.modules[0].children["a"];
        assert_eq!(
            path(resolve(&tree, b, &segs("crate::a::inner::X::new"), false)).as_deref(),
            Some("crate::a::inner")
        );
        assert_eq!(
            path(resolve(&tree, b, &segs("super::Error"), false)).as_deref(),
            Some("crate")
        );
        assert_eq!(
            path(resolve(&tree, b, &segs("super::a::X"), false)).as_deref(),
            Some("crate::a")
        );
        assert_eq!(
            path(resolve(&tree, a, &segs("inner::f"), false)).as_deref(),
            Some("crate::a::inner")
        );
        // A lone identifier that happens to be a child's name is a local, outside `use`.
        assert_eq!(resolve(&tree, a, &segs("inner"), false), None);
        assert_eq!(resolve(&tree, b, &segs("std::fmt"), false), None);
        assert_eq!(resolve(&tree, 0, &segs("super::x"), false), None);
    }

    #[test]
    fn every_kind_of_path_is_a_reference() {
        let tree = load(&[
            ("s/lib.rs", "mod a; mod b;"),
            (
                "s/a.rs",
                "fn f() -> crate::b::T {\n\
                 let x: Vec<super::b::U> = vec![];\n\
                 assert!(crate::b::g());\n\
                 crate::b::T\n\
                 }",
            ),
            ("s/b.rs", ""),
        ]);
        let e = edges(&tree);
        let lines: Vec<usize> = e.iter().map(|(_, _, l)| *l).collect();
        assert!(
            e.iter().all(|(f, t, _)| f == "crate::a" && t == "crate::b"),
            "{e:?}"
        );
        assert_eq!(lines, [1, 2, 3, 4]);
    }

    #[test]
    fn facades_declarations_visibility_and_tests_are_not_references() {
        let tree = load(&[
            (
                "s/lib.rs",
                "pub mod a; mod b;\n\
                 pub use a::A;\n\
                 pub(crate) use b::{B, C};\n\
                 pub(in crate::a) fn f() {}\n\
                 #[cfg(test)] fn helper() { b::B; }\n\
                 #[cfg(test)] mod tests { use super::b::B; }",
            ),
            (
                "s/a.rs",
                "pub(super) struct A; #[test] fn t() { super::b::B; }",
            ),
            ("s/b.rs", "pub struct B; pub struct C;"),
        ]);
        assert_eq!(edges(&tree), []);
    }

    #[test]
    fn inline_blocks_resolve_their_own_super() {
        let tree = load(&[
            ("s/lib.rs", "mod a; mod b;"),
            (
                "s/a.rs",
                "mod inner { use super::X; use super::super::b::Y; } struct X;",
            ),
            ("s/b.rs", "pub struct Y;"),
        ]);
        // `super` in the block is the file's module (merged with the block in the
        // graph), not the crate root.
        assert_eq!(
            edges(&tree),
            [
                ("crate::a::inner".to_owned(), "crate::a".to_owned(), 1),
                ("crate::a::inner".to_owned(), "crate::b".to_owned(), 1)
            ]
        );
    }

    #[test]
    fn macro_tokens_and_dollar_crate() {
        let tree = load(&[
            ("s/lib.rs", "mod a; mod b; mod c;"),
            ("s/a.rs", "macro_rules! m { () => { $crate::b::f() }; }"),
            (
                "s/b.rs",
                "fn g() { println!(\"{}\", super::c::h(self.x)); }",
            ),
            ("s/c.rs", ""),
        ]);
        let pairs: Vec<(String, String)> =
            edges(&tree).into_iter().map(|(f, t, _)| (f, t)).collect();
        assert_eq!(
            pairs,
            [
                ("crate::a".to_owned(), "crate::b".to_owned()),
                ("crate::b".to_owned(), "crate::c".to_owned())
            ]
        );
    }
}
