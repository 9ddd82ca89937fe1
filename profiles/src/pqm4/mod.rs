//! pqm4-layout implementations: any C/assembly implementation in pqm4's layout
//! (`.../crypto_sign/<scheme>/<impl>` or `.../crypto_kem/<scheme>/<impl>` with its
//! `api.h`, inside a pqm4 or mupq checkout) built into the measurement firmware (the
//! `peer-pqm4` feature: `profiles/firmware/build_pqm4.rs` compiles it as pqm4 does, for any
//! core) and measured by the same harness as pqfit and its peers.
//!
//! Where pqfit implements the scheme (ML-DSA-44/65/87, ML-KEM-512/768/1024), every key,
//! signature, ciphertext and shared secret is checked byte for byte against the host's
//! pqfit for the same seeds (the family's runner; `randombytes` serves xi and rnd, or d ‖ z
//! and m). Elsewhere a round trip decides ([`roundtrip`]): a signature must verify and,
//! with one bit flipped, be rejected; decapsulation must give encapsulation's shared
//! secret, and another one for a ciphertext with one bit flipped.

mod roundtrip;

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::firmware::{build_operations, firmware_dir, Selection};
use crate::peers::Tamper;
use crate::record::Measurement;
use crate::scheme::{Request, Scheme};
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

/// What to measure: the target and the runs.
#[derive(Clone, Debug)]
pub struct Pqm4Request {
    /// Profile name (`m4`).
    pub target: String,
    /// Key generations (different seeds).
    pub keygen_runs: usize,
    /// Messages signed (or encapsulations).
    pub sign_runs: usize,
    /// Signatures verified (or decapsulations).
    pub verify_runs: usize,
    /// Instructions allowed per call.
    pub instruction_limit: u64,
    /// Cargo target directory of the firmware build.
    pub target_dir: Option<PathBuf>,
}

impl Pqm4Request {
    /// The harness's defaults (3 key generations, 16 signatures, 4 verifications).
    pub fn new(target: &str) -> Self {
        Pqm4Request {
            target: target.into(),
            keygen_runs: 3,
            sign_runs: 16,
            verify_runs: 4,
            instruction_limit: 4_000_000_000,
            target_dir: None,
        }
    }
}

/// Builds `imp` for `req.target` (compiled as pqm4 compiles it) and measures it: checked
/// against pqfit where pqfit implements the scheme, else by a round trip. With `tamper`,
/// the firmware corrupts that operation's output, which the checks must report.
pub fn measure(
    req: &Pqm4Request,
    imp: &Impl,
    tamper: Option<Tamper>,
) -> Result<Measurement, Error> {
    let checked = imp.checked();
    let scheme_req = Request {
        keygen_runs: req.keygen_runs,
        sign_runs: req.sign_runs,
        verify_runs: req.verify_runs.min(req.sign_runs.max(1)),
        instruction_limit: req.instruction_limit,
        target_dir: req.target_dir.clone(),
        ..Request::new(
            &req.target,
            checked.unwrap_or(crate::families::mldsa::ML_DSA_65),
            &imp.record(),
        )
    };
    let profile = scheme_req.profile()?;
    let mut sel = Selection {
        scheme: imp.scheme.clone(),
        record: imp.record(),
        features: vec!["peer-pqm4".into()],
        env: vec![("PQFIT_PQM4_IMPL", imp.dir.display().to_string())],
        rustflags: Vec::new(),
    };
    if let Some(t) = tamper {
        if !imp.ops().iter().any(|op| op.name() == t.name()) {
            return Err(Error::Unknown(format!(
                "{} has no operation {} to tamper with",
                imp.label(),
                t.name()
            )));
        }
        sel.record = format!("{}:tampered-{}", sel.record, t.name());
        sel.env.push(("PQFIT_FW_TAMPER", t.name().into()));
    }
    let fw = build_operations(&profile, &sel, "3", req.target_dir.as_deref())
        .map_err(|e| plain_build_error(e, imp, &req.target))?;
    match checked {
        Some(scheme) => (scheme.family().run)(scheme, &profile, &scheme_req, &sel.record, &fw),
        None => roundtrip::run(&profile, &scheme_req, imp, &sel.record, &fw),
    }
}

/// A build error with the build script's own sentence (`pqfit-pqm4: ...`) when it has one.
fn plain_build_error(e: Error, imp: &Impl, target: &str) -> Error {
    match e {
        Error::Build(text) => match text.lines().find_map(|l| l.split_once("pqfit-pqm4: ")) {
            Some((_, why)) => Error::Build(why.trim().to_string()),
            None => Error::Build(format!("{} for {target}: {text}", imp.label())),
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny(path: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/pqm4-tiny")
            .join(path)
    }

    #[test]
    fn locates_implementations_and_names_them() {
        let imp = Impl::locate(&tiny("crypto_sign/toysig/ref")).unwrap();
        assert_eq!(imp.kind, Kind::Sign);
        assert_eq!((imp.scheme.as_str(), imp.name.as_str()), ("toysig", "ref"));
        assert_eq!(imp.root, tiny(""));
        assert_eq!(imp.record(), "pqm4:toysig/ref");
        assert_eq!(imp.label(), "pqm4 ref (toysig)");
        assert_eq!(imp.checked(), None);
        let kem = Impl::locate(&tiny("crypto_kem/toykem/ref")).unwrap();
        assert_eq!(kem.ops(), [Op::Keygen, Op::Encaps, Op::Decaps]);
        assert_ne!(
            imp.source_hash("m4").unwrap(),
            imp.source_hash("m0").unwrap()
        );
    }

    #[test]
    fn missing_folders_say_how_to_get_a_checkout() {
        let err = Impl::locate(Path::new("/nonexistent/pqm4/crypto_sign/x/y"))
            .unwrap_err()
            .to_string();
        assert!(err.contains(CLONE), "{err}");
        let err = Impl::locate(&tiny("crypto_sign")).unwrap_err().to_string();
        assert!(err.contains("no api.h"), "{err}");
    }
}
