//! A pqm4-layout implementation in a checkout: where it is, what it implements, what its
//! build reads.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::firmware::firmware_dir;
use crate::scheme::Scheme;
use crate::{Error, Op};

/// How to get a checkout.
pub const CLONE: &str = "git clone --recursive https://github.com/mupq/pqm4";

/// The schemes whose outputs are checked against pqfit (the others round-trip).
pub const CHECKED: [&str; 6] = [
    "ml-dsa-44",
    "ml-dsa-65",
    "ml-dsa-87",
    "ml-kem-512",
    "ml-kem-768",
    "ml-kem-1024",
];

/// A signature scheme or a KEM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `crypto_sign`.
    Sign,
    /// `crypto_kem`.
    Kem,
}

/// One implementation in a checkout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Impl {
    /// Its folder (with `api.h`), absolute.
    pub dir: PathBuf,
    /// The checkout it belongs to (the folder with `common/` or `mupq/common/`).
    pub root: PathBuf,
    /// Signature or KEM.
    pub kind: Kind,
    /// The scheme (the folder above it): `ml-dsa-65`.
    pub scheme: String,
    /// The implementation (its folder's name): `m4f`.
    pub name: String,
}

impl Impl {
    /// The implementation in `dir`, or why it is not one.
    pub fn locate(dir: &Path) -> Result<Impl, Error> {
        if !dir.is_dir() {
            return Err(Error::Unknown(format!(
                "{}: no such folder; a pqm4 checkout comes from `{CLONE}`",
                dir.display()
            )));
        }
        // Absolute, symlinks kept: a pqm4 checkout's mupq/ may be a link to a mupq
        // checkout, and the checkout root is found above the path as given.
        let canon = std::path::absolute(dir)?;
        if !canon.join("api.h").exists() {
            return Err(Error::Unknown(format!(
                "{} has no api.h: name an implementation folder such as \
                 pqm4/crypto_sign/ml-dsa-65/m4f",
                dir.display()
            )));
        }
        let name_of = |p: Option<&Path>| {
            p.and_then(Path::file_name)
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        };
        let kind = match name_of(canon.parent().and_then(Path::parent)).as_str() {
            "crypto_sign" => Kind::Sign,
            "crypto_kem" => Kind::Kem,
            other => {
                return Err(Error::Unknown(format!(
                    "{}: expected .../crypto_sign/<scheme>/<impl> or \
                     .../crypto_kem/<scheme>/<impl>, found {other:?} above the scheme",
                    dir.display()
                )))
            }
        };
        // A pqm4 checkout (with mupq/common) first: PQClean's tree inside it has a
        // common/ too (as firmware/build_pqm4.rs finds it).
        let root = canon
            .ancestors()
            .find(|a| a.join("mupq/common").is_dir())
            .or_else(|| {
                canon.ancestors().find(|a| {
                    a.join("common/fips202.h").exists() && !a.join("common/randombytes.c").exists()
                })
            })
            .ok_or_else(|| {
                Error::Unknown(format!(
                    "{}: no pqm4 checkout above it (a folder with common/ or mupq/common/); \
                     get one with `{CLONE}`",
                    dir.display()
                ))
            })?
            .to_path_buf();
        Ok(Impl {
            scheme: name_of(canon.parent()),
            name: name_of(Some(&canon)),
            dir: canon,
            root,
            kind,
        })
    }

    /// Whether it comes from PQClean (inside the checkout's `pqclean/`).
    pub fn from_pqclean(&self) -> bool {
        self.dir
            .ancestors()
            .nth(3)
            .and_then(Path::file_name)
            .is_some_and(|n| n == "pqclean")
    }

    /// What the firmware records: `pqm4:ml-dsa-65/m4f`.
    pub fn record(&self) -> String {
        format!("pqm4:{}/{}", self.scheme, self.name)
    }

    /// What tables call it: `pqm4 m4f (ml-dsa-65)`, `pqm4 pqclean/clean (ml-dsa-65)`.
    pub fn label(&self) -> String {
        let from = if self.from_pqclean() { "pqclean/" } else { "" };
        format!("pqm4 {from}{} ({})", self.name, self.scheme)
    }

    /// The scheme pqfit checks its outputs against, when pqfit implements it.
    pub fn checked(&self) -> Option<Scheme> {
        CHECKED
            .contains(&self.scheme.as_str())
            .then(|| crate::scheme(&self.scheme).ok())
            .flatten()
    }

    /// The operations measured.
    pub fn ops(&self) -> [Op; 3] {
        match self.kind {
            Kind::Sign => [Op::Keygen, Op::Sign, Op::Verify],
            Kind::Kem => [Op::Keygen, Op::Encaps, Op::Decaps],
        }
    }

    /// SHA-256 (hex) of what the build of it for `target` reads: the implementation's
    /// files, the checkout's common folders and the build script that holds the flags.
    pub fn source_hash(&self, target: &str) -> Result<String, Error> {
        let mut h = Sha256::new();
        h.update(target.as_bytes());
        let script = firmware_dir().join("build_pqm4.rs");
        h.update(std::fs::read(&script)?);
        for dir in [
            self.dir.clone(),
            self.root.join("common"),
            self.root.join("mupq/common"),
        ] {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            let mut files: Vec<PathBuf> = entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .collect();
            files.sort();
            for f in files {
                h.update(f.file_name().unwrap_or_default().as_encoded_bytes());
                h.update(std::fs::read(&f)?);
            }
        }
        Ok(h.finalize()[..16]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect())
    }
}
