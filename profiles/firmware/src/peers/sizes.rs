//! The encodings every peer of the firmware's scheme reads and writes (a module of its own,
//! so that the peers need nothing of the module that calls them): ML-DSA-65's keys and
//! signature, or ML-KEM-768's keys, ciphertext and shared secret.

#[cfg(pqfit_fw_peer_scheme = "ml-dsa-65")]
mod scheme {
    use pqfit::{MlDsa65, ParameterSet};

    /// ML-DSA-65 verifying key bytes.
    pub(crate) const PK: usize = <MlDsa65 as ParameterSet>::PK_BYTES;
    /// ML-DSA-65 signing key bytes.
    pub(crate) const SK: usize = <MlDsa65 as ParameterSet>::SK_BYTES;
    /// ML-DSA-65 signature bytes.
    pub(crate) const SIG: usize = <MlDsa65 as ParameterSet>::SIG_BYTES;
}

#[cfg(pqfit_fw_peer_scheme = "ml-kem-768")]
mod scheme {
    use pqfit::kem::{Params, SharedSecret};
    use pqfit::mlkem::MlKem768Params;

    /// ML-KEM-768 encapsulation key bytes.
    pub(crate) const EK: usize = <MlKem768Params as Params>::PK_BYTES;
    /// ML-KEM-768 decapsulation key bytes.
    pub(crate) const DK: usize = <MlKem768Params as Params>::SK_BYTES;
    /// ML-KEM-768 ciphertext bytes.
    pub(crate) const CT: usize = <MlKem768Params as Params>::CT_BYTES;
    /// Shared-secret bytes.
    pub(crate) const SS: usize = SharedSecret::BYTES;
}

pub(crate) use scheme::*;
