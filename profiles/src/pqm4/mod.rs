//! pqm4-layout implementations: any C/assembly implementation in pqm4's layout
//! (`.../crypto_sign/<scheme>/<impl>` or `.../crypto_kem/<scheme>/<impl>` with its
//! `api.h`, inside a pqm4 or mupq checkout) built into the measurement firmware (the
//! `peer-pqm4` feature: `profiles/firmware/build_pqm4.rs` compiles it as pqm4 does, for any
//! core) and measured by the same harness as pqfit and its peers.
//!
//! Where pqfit implements the scheme (ML-DSA-44/65/87, ML-KEM-512/768/1024), every key,
//! signature, ciphertext and shared secret is checked byte for byte against the host's
//! pqfit for the same seeds (the family's runner; `randombytes` serves xi and rnd, or d ‖ z
//! and m). Elsewhere a round trip decides (`roundtrip.rs`): a signature must verify and,
//! with one bit flipped, be rejected; decapsulation must give encapsulation's shared
//! secret, and another one for a ciphertext with one bit flipped.

mod layout;
mod roundtrip;

use std::path::PathBuf;

pub use layout::{Impl, Kind, CHECKED, CLONE};

use crate::firmware::{build_operations, Selection};
use crate::peers::Tamper;
use crate::record::Measurement;
use crate::scheme::Request;
use crate::Error;

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
    // The family's runner takes a `Request`; the round trip reads only its runs, limit and
    // target from it (its scheme, for a scheme pqfit does not implement, is a stand-in).
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
    let mut fw = build_operations(&profile, &sel, "3", req.target_dir.as_deref())
        .map_err(|e| plain_build_error(e, imp, &req.target))?;
    fw.charge_unaligned = true;
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
    use std::path::Path;

    use super::*;
    use crate::Op;

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
