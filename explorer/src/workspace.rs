//! Where the workspace is: the sources the cache key covers, and the default cache.

use std::path::{Path, PathBuf};

/// The workspace root (the sources the cache key covers).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// The default cache directory: `target/pq-explore-cache` in the workspace.
pub fn default_cache_dir() -> PathBuf {
    root().join("target").join("pq-explore-cache")
}
