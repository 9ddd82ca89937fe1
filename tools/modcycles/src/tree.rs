//! The module tree of one crate, found from its root file by following `mod`
//! declarations the way rustc does (`name.rs`, `name/mod.rs`, `#[path]`), every `cfg`
//! taken as enabled except `test`: test-only modules are left out.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use syn::ext::IdentExt;
use syn::Item;

use crate::attrs::{is_test_only, path_attribute};
use crate::error::Error;
use crate::imports::imports;

/// Index of a module in [`ModuleTree::modules`]; the crate root is 0.
pub type ModId = usize;

/// Where source files come from: the file system, or a map in the tests.
pub trait Source {
    /// The text of `path`, or `None` when there is no such file.
    fn read(&self, path: &Path) -> Option<String>;
}

/// Reads from the file system.
#[derive(Debug, Clone, Copy, Default)]
pub struct FileSystem;

impl Source for FileSystem {
    fn read(&self, path: &Path) -> Option<String> {
        fs::read_to_string(path).ok()
    }
}

impl Source for BTreeMap<PathBuf, String> {
    fn read(&self, path: &Path) -> Option<String> {
        self.get(path).cloned()
    }
}

/// One module: a file, or an inline `mod name { .. }` block inside one.
#[derive(Debug)]
pub struct Module {
    /// Its name; empty for the crate root.
    pub name: String,
    /// The enclosing module; `None` for the crate root.
    pub parent: Option<ModId>,
    /// Child modules by name (test-only ones left out).
    pub children: BTreeMap<String, ModId>,
    /// The names its `use` items bind (any visibility), each with the first segment
    /// of the imported path (`::` for a path with a leading `::`).
    pub imports: BTreeMap<String, String>,
    /// The file it is written in.
    pub file: PathBuf,
    /// The file module it belongs to: itself for a file, the file holding an inline
    /// block otherwise. Inline modules are merged into their file's node.
    pub owner: ModId,
}

/// A parsed file and the module it is.
pub struct ParsedFile {
    /// The file module.
    pub module: ModId,
    /// Its path.
    pub path: PathBuf,
    /// Its syntax tree.
    pub ast: syn::File,
}

impl std::fmt::Debug for ParsedFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ParsedFile")
            .field("module", &self.module)
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

/// Every module of a crate, and the parsed files.
#[derive(Debug)]
pub struct ModuleTree {
    /// All modules, the crate root first.
    pub modules: Vec<Module>,
    /// One entry per file module.
    pub files: Vec<ParsedFile>,
    /// Declarations whose file was not found (a `cfg` for another platform, say).
    pub warnings: Vec<String>,
}

impl ModuleTree {
    /// Loads the crate whose root file is `root`.
    pub fn load(root: &Path, source: &dyn Source) -> Result<Self, Error> {
        let mut tree = Self {
            modules: vec![Module {
                name: String::new(),
                parent: None,
                children: BTreeMap::new(),
                imports: BTreeMap::new(),
                file: root.to_path_buf(),
                owner: 0,
            }],
            files: Vec::new(),
            warnings: Vec::new(),
        };
        tree.load_file(0, root, true, source)?;
        Ok(tree)
    }

    /// The module's path, `crate::a::b`.
    pub fn path_of(&self, id: ModId) -> String {
        let mut names = Vec::new();
        let mut current = Some(id);
        while let Some(m) = current {
            let module = &self.modules[m];
            if module.parent.is_some() {
                names.push(module.name.as_str());
            }
            current = module.parent;
        }
        names.push("crate");
        names.reverse();
        names.join("::")
    }

    /// Parses `path` as the file module `id` and loads the modules it declares.
    /// `mod_rs`: the file is a crate root, a `mod.rs` or named by `#[path]`, so that
    /// its children's files are beside it rather than in a directory named after it.
    fn load_file(
        &mut self,
        id: ModId,
        path: &Path,
        mod_rs: bool,
        source: &dyn Source,
    ) -> Result<(), Error> {
        let text = source
            .read(path)
            .ok_or_else(|| Error::Read(path.to_path_buf()))?;
        let ast = syn::parse_file(&text).map_err(|e| Error::Parse {
            path: path.to_path_buf(),
            line: e.span().start().line,
            message: e.to_string(),
        })?;
        let here = path.parent().unwrap_or(Path::new("")).to_path_buf();
        let child_dir = if mod_rs {
            here.clone()
        } else {
            let stem = path.file_stem().unwrap_or_default();
            here.join(stem)
        };
        let dirs = Dirs {
            file: path,
            here: &here,
            children: &child_dir,
            inline: false,
        };
        self.load_items(id, &ast.items, &dirs, source)?;
        self.files.push(ParsedFile {
            module: id,
            path: path.to_path_buf(),
            ast,
        });
        Ok(())
    }

    /// Adds the modules declared among `items` as children of `parent`.
    fn load_items(
        &mut self,
        parent: ModId,
        items: &[Item],
        dirs: &Dirs<'_>,
        source: &dyn Source,
    ) -> Result<(), Error> {
        for item in items {
            if let Item::Use(import) = item {
                if !is_test_only(&import.attrs) {
                    self.add_imports(parent, import);
                }
                continue;
            }
            let Item::Mod(decl) = item else { continue };
            if is_test_only(&decl.attrs) {
                continue;
            }
            let name = decl.ident.unraw().to_string();
            let explicit = path_attribute(&decl.attrs);
            if let Some((_, content)) = &decl.content {
                let id = self.add(parent, &name, dirs.file, self.modules[parent].owner);
                let inner = match &explicit {
                    Some(p) => dirs.children.join(p),
                    None => dirs.children.join(&name),
                };
                let inner_dirs = Dirs {
                    file: dirs.file,
                    here: dirs.here,
                    children: &inner,
                    inline: true,
                };
                self.load_items(id, content, &inner_dirs, source)?;
                continue;
            }
            let found = match &explicit {
                // Outside inline blocks `#[path]` is relative to the declaring file's
                // directory; inside one, to the block's directory.
                Some(p) if dirs.inline => Some((dirs.children.join(p), true)),
                Some(p) => Some((dirs.here.join(p), true)),
                None => {
                    let flat = dirs.children.join(format!("{name}.rs"));
                    let nested = dirs.children.join(&name).join("mod.rs");
                    if source.read(&flat).is_some() {
                        Some((flat, false))
                    } else if source.read(&nested).is_some() {
                        Some((nested, true))
                    } else {
                        None
                    }
                }
            };
            let Some((file, mod_rs)) = found else {
                self.warnings.push(format!(
                    "{}:{}: no file for `mod {name};` (skipped)",
                    dirs.file.display(),
                    decl.mod_token.span.start().line
                ));
                continue;
            };
            let id = self.modules.len();
            self.add(parent, &name, &file, id);
            self.load_file(id, &file, mod_rs, source)?;
        }
        Ok(())
    }

    /// Whether `name`, in `module`, is bound by a `use` of a path from another crate
    /// (not starting with `crate`, `self`, `super` or one of the module's children).
    pub fn imports_from_outside(&self, module: ModId, name: &str) -> bool {
        let m = &self.modules[module];
        m.imports.get(name).is_some_and(|first| {
            !matches!(first.as_str(), "crate" | "self" | "super") && !m.children.contains_key(first)
        })
    }

    fn add_imports(&mut self, module: ModId, item: &syn::ItemUse) {
        for import in imports(&item.tree) {
            let (Some(name), Some(first)) = (import.name, import.path.first()) else {
                continue;
            };
            let first = if item.leading_colon.is_some() {
                "::".to_owned()
            } else {
                first.clone()
            };
            self.modules[module].imports.entry(name).or_insert(first);
        }
    }

    fn add(&mut self, parent: ModId, name: &str, file: &Path, owner: ModId) -> ModId {
        let id = self.modules.len();
        self.modules.push(Module {
            name: name.to_owned(),
            parent: Some(parent),
            children: BTreeMap::new(),
            imports: BTreeMap::new(),
            file: file.to_path_buf(),
            owner,
        });
        // A second declaration of the same name (under exclusive `cfg`s) keeps its own
        // node, and paths resolve to the first.
        self.modules[parent]
            .children
            .entry(name.to_owned())
            .or_insert(id);
        id
    }
}

/// Where the files of the modules declared in a block are looked for.
struct Dirs<'a> {
    /// The file being read.
    file: &'a Path,
    /// Its directory.
    here: &'a Path,
    /// The directory of the children's files.
    children: &'a Path,
    /// Inside an inline `mod name { .. }` block.
    inline: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sources(files: &[(&str, &str)]) -> BTreeMap<PathBuf, String> {
        files
            .iter()
            .map(|(p, s)| (PathBuf::from(p), (*s).to_owned()))
            .collect()
    }

    #[test]
    fn follows_declarations_like_rustc() {
        let src = sources(&[
            (
                "s/lib.rs",
                "mod a; mod b; #[cfg(test)] mod tests; mod c { mod d; }",
            ),
            ("s/a.rs", "mod x;"),
            ("s/a/x.rs", ""),
            ("s/b/mod.rs", "mod y; #[path = \"other.rs\"] mod z;"),
            ("s/b/y.rs", ""),
            ("s/b/other.rs", ""),
            ("s/c/d.rs", ""),
        ]);
        let tree = ModuleTree::load(Path::new("s/lib.rs"), &src).expect("loads");
        let mut found: Vec<(String, PathBuf, bool)> = (0..tree.modules.len())
            .map(|m| {
                (
                    tree.path_of(m),
                    tree.modules[m].file.clone(),
                    tree.modules[m].owner == m,
                )
            })
            .collect();
        found.sort();
        let expect: Vec<(String, PathBuf, bool)> = [
            ("crate", "s/lib.rs", true),
            ("crate::a", "s/a.rs", true),
            ("crate::a::x", "s/a/x.rs", true),
            ("crate::b", "s/b/mod.rs", true),
            ("crate::b::y", "s/b/y.rs", true),
            ("crate::b::z", "s/b/other.rs", true),
            ("crate::c", "s/lib.rs", false),
            ("crate::c::d", "s/c/d.rs", true),
        ]
        .iter()
        .map(|(m, f, o)| ((*m).to_owned(), PathBuf::from(f), *o))
        .collect();
        assert_eq!(found, expect);
        assert!(tree.warnings.is_empty(), "{:?}", tree.warnings);
    }

    #[test]
    fn missing_file_is_a_warning() {
        let src = sources(&[("s/main.rs", "#[cfg(target_os = \"none\")] mod board;")]);
        let tree = ModuleTree::load(Path::new("s/main.rs"), &src).expect("loads");
        assert_eq!(tree.modules.len(), 1);
        assert_eq!(tree.warnings.len(), 1);
    }
}
