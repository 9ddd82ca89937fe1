//! The encodings every peer of the firmware's scheme reads and writes (a module of its own,
//! so that the peers need nothing of the module that calls them): ML-DSA's keys and
//! signature, or ML-KEM's keys, ciphertext and shared secret (ML-DSA-65 and ML-KEM-768 for
//! the crates.io peers; any set for a pqm4-layout implementation).

/// The sizes of an ML-DSA parameter set.
#[allow(unused_macros)]
macro_rules! ml_dsa {
    ($set:ident) => {
        mod scheme {
            use pqfit::{$set, ParameterSet};

            /// Verifying key bytes.
            pub(crate) const PK: usize = <$set as ParameterSet>::PK_BYTES;
            /// Signing key bytes.
            pub(crate) const SK: usize = <$set as ParameterSet>::SK_BYTES;
            /// Signature bytes.
            pub(crate) const SIG: usize = <$set as ParameterSet>::SIG_BYTES;
        }
    };
}

/// The sizes of an ML-KEM parameter set.
#[allow(unused_macros)]
macro_rules! ml_kem {
    ($params:ident) => {
        mod scheme {
            use pqfit::kem::{Params, SharedSecret};
            use pqfit::mlkem::$params;

            /// Encapsulation key bytes.
            pub(crate) const EK: usize = <$params as Params>::PK_BYTES;
            /// Decapsulation key bytes.
            pub(crate) const DK: usize = <$params as Params>::SK_BYTES;
            /// Ciphertext bytes.
            pub(crate) const CT: usize = <$params as Params>::CT_BYTES;
            /// Shared-secret bytes.
            pub(crate) const SS: usize = SharedSecret::BYTES;
        }
    };
}

#[cfg(pqfit_fw_peer_scheme = "ml-dsa-44")]
ml_dsa!(MlDsa44);
#[cfg(pqfit_fw_peer_scheme = "ml-dsa-65")]
ml_dsa!(MlDsa65);
#[cfg(pqfit_fw_peer_scheme = "ml-dsa-87")]
ml_dsa!(MlDsa87);
#[cfg(pqfit_fw_peer_scheme = "ml-kem-512")]
ml_kem!(MlKem512Params);
#[cfg(pqfit_fw_peer_scheme = "ml-kem-768")]
ml_kem!(MlKem768Params);
#[cfg(pqfit_fw_peer_scheme = "ml-kem-1024")]
ml_kem!(MlKem1024Params);

#[cfg(not(any(pqfit_fw_peer_scheme = "pqm4-sign", pqfit_fw_peer_scheme = "pqm4-kem")))]
pub(crate) use scheme::*;
