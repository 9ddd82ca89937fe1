//! Shared helpers for the vector-driven integration tests.
//!
//! Each test file includes this module with `#[macro_use] mod support;`, so not every
//! helper is used by every test binary.
#![allow(dead_code, unused_macros)]

pub mod acvp;
pub mod drbg;
pub mod hex;
pub mod rng;
pub mod rsp;

use std::io::Read;
use std::path::{Path, PathBuf};

/// Default location of the shared vectors, relative to this crate.
const DEFAULT_VECTORS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/vectors");

/// The vector directory: `$PQFIT_VECTORS` if set (and non-empty), else `../../shared/vectors`
/// relative to `strategies/`. Panics (failing the test) if the directory does not exist.
pub fn vectors_dir() -> PathBuf {
    let (dir, origin) = match std::env::var_os("PQFIT_VECTORS") {
        Some(d) if !d.is_empty() => (PathBuf::from(d), "from $PQFIT_VECTORS"),
        _ => (PathBuf::from(DEFAULT_VECTORS), "default location"),
    };
    assert!(
        dir.is_dir(),
        "test vector directory {} ({origin}) does not exist or is not a directory; \
         set PQFIT_VECTORS to the path of the shared `vectors` folder",
        dir.display()
    );
    dir
}

/// Path of a file inside the vector directory; panics if it is missing.
pub fn vector_file(relative: &str) -> PathBuf {
    let path = vectors_dir().join(relative);
    assert!(
        path.is_file(),
        "test vector file {} is missing",
        path.display()
    );
    path
}

/// Reads and decompresses a gzip file into a string; panics with the path on error.
pub fn read_gz(path: &Path) -> String {
    let file =
        std::fs::File::open(path).unwrap_or_else(|e| panic!("cannot open {}: {e}", path.display()));
    let mut text = String::new();
    flate2::read::GzDecoder::new(file)
        .read_to_string(&mut text)
        .unwrap_or_else(|e| panic!("cannot decompress {}: {e}", path.display()));
    text
}

/// Index of the first byte where `a` and `b` differ (or the shorter length).
pub fn first_difference(a: &[u8], b: &[u8]) -> usize {
    a.iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()))
}

/// Describes how `got` differs from `want`, or `None` when they are equal.
pub fn compare_bytes(what: &str, got: &[u8], want: &[u8]) -> Option<String> {
    if got == want {
        return None;
    }
    if got.len() != want.len() {
        return Some(format!(
            "{what}: length {} instead of {}",
            got.len(),
            want.len()
        ));
    }
    let at = first_difference(got, want);
    Some(format!(
        "{what}: first difference at byte {at} of {} (got {:02X}, want {:02X})",
        want.len(),
        got[at],
        want[at]
    ))
}

/// Extracts a readable message from a panic payload.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "non-string panic payload".to_string()
    }
}

/// Runs `f`, turning a panic into an `Err` so one bad case does not hide the others.
pub fn run_case<F: FnOnce() -> Result<(), String>>(f: F) -> Result<(), String> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(payload) => Err(format!("panicked: {}", panic_message(payload.as_ref()))),
    }
}

/// Expands `$body` with the type alias `$P` bound to the parameter-set type named by
/// `$name` ("ML-DSA-44", "ML-DSA-65", "ML-DSA-87"). The body must evaluate to
/// `Result<_, String>`; an unknown name yields `Err`.
macro_rules! with_parameter_set {
    ($name:expr, |$P:ident| $body:block) => {
        match $name {
            "ML-DSA-44" => {
                type $P = ::pqfit::MlDsa44;
                $body
            }
            "ML-DSA-65" => {
                type $P = ::pqfit::MlDsa65;
                $body
            }
            "ML-DSA-87" => {
                type $P = ::pqfit::MlDsa87;
                $body
            }
            other => Err(format!("unknown parameter set {other:?}")),
        }
    };
}
