//! [`ExpandedKey`]: the state a strategy keeps across signing calls.

use super::strategy::{MatrixA, SecretVectors, Strategy};
use crate::keys::SigningKey;
use pqfit_core::mldsa::ParameterSet;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// A signing key expanded for repeated signing with the strategy `S`: the encoded
/// key plus what `S` keeps across calls (nothing extra for streamed components).
/// Fill it with [`MlDsa::expand_key`](crate::MlDsa::expand_key). Zeroized on drop;
/// `Debug` prints no key material.
pub struct ExpandedKey<P: ParameterSet, S: Strategy<P>> {
    pub(crate) sk: SigningKey<P>,
    pub(crate) a: <S::Matrix as MatrixA<P>>::Store,
    pub(crate) secrets: <S::Secrets as SecretVectors<P, S::Product>>::Store,
}

impl<P: ParameterSet, S: Strategy<P>> ExpandedKey<P, S> {
    /// Bytes of RAM an expanded key occupies between calls.
    pub const BYTES: usize = core::mem::size_of::<Self>();
}

impl<P: ParameterSet, S: Strategy<P>> Default for ExpandedKey<P, S> {
    /// An empty key for [`MlDsa::expand_key`](crate::MlDsa::expand_key) to fill.
    fn default() -> Self {
        Self {
            sk: SigningKey::blank(),
            a: Default::default(),
            secrets: Default::default(),
        }
    }
}

impl<P: ParameterSet, S: Strategy<P>> Drop for ExpandedKey<P, S> {
    fn drop(&mut self) {
        self.a.zeroize();
        self.secrets.zeroize();
    }
}

impl<P: ParameterSet, S: Strategy<P>> ZeroizeOnDrop for ExpandedKey<P, S> {}

impl<P: ParameterSet, S: Strategy<P>> core::fmt::Debug for ExpandedKey<P, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "ExpandedKey<{}> {{ {} bytes, .. }}",
            P::NAME,
            Self::BYTES
        )
    }
}
