//! The ML-DSA-65 encodings every peer reads and writes (a module of its own, so that
//! the peers need nothing of the module that calls them).

use pqfit::{MlDsa65, ParameterSet};

/// Verifying key bytes.
pub(crate) const PK: usize = <MlDsa65 as ParameterSet>::PK_BYTES;
/// Signing key bytes.
pub(crate) const SK: usize = <MlDsa65 as ParameterSet>::SK_BYTES;
/// Signature bytes.
pub(crate) const SIG: usize = <MlDsa65 as ParameterSet>::SIG_BYTES;
