//! Why a crate could not be checked.

use std::fmt;
use std::path::PathBuf;

/// A crate that could not be read or parsed; a cycle is not an error but a finding.
#[derive(Debug)]
pub enum Error {
    /// The crate root, or a directory given for one, holds neither `lib.rs` nor `main.rs`.
    NoRoot(PathBuf),
    /// A file that should exist could not be read.
    Read(PathBuf),
    /// A file is not valid Rust syntax.
    Parse {
        /// The file.
        path: PathBuf,
        /// The line `syn` points at.
        line: usize,
        /// `syn`'s message.
        message: String,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoRoot(dir) => write!(f, "{}: no lib.rs or main.rs", dir.display()),
            Self::Read(path) => write!(f, "{}: cannot be read", path.display()),
            Self::Parse {
                path,
                line,
                message,
            } => write!(f, "{}:{line}: {message}", path.display()),
        }
    }
}

impl std::error::Error for Error {}
