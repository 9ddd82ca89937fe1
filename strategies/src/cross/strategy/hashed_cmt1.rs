//! [`HashedCmt1`]: the second commitments hashed as they are made.

use super::SecondCommitments;
use pqfit_core::cross::csprng::{Xof, HASH_DSC};
use pqfit_core::cross::CrossParams;
use pqfit_core::keccak::Keccak;

/// Keeps no second commitment: each cmt_1 is absorbed into the running hash d_1 as
/// it is made; the responses recompute the disclosed ones from their seeds
/// (one hash each).
#[derive(Clone, Copy, Debug, Default)]
pub struct HashedCmt1;

impl crate::sealed::Sealed for HashedCmt1 {}

impl<P: CrossParams, K: Keccak> SecondCommitments<P, K> for HashedCmt1 {
    type Store = Option<Xof<K>>;

    fn new() -> Self::Store {
        Some(Xof::new::<P>())
    }

    fn add(store: &mut Self::Store, _round: usize, cmt_1: &[u8]) {
        if let Some(x) = store.as_mut() {
            x.absorb(&cmt_1[..P::HASH_BYTES]);
        }
    }

    fn digest(store: &mut Self::Store, d1: &mut [u8]) {
        if let Some(x) = store.take() {
            x.finish(HASH_DSC, &mut d1[..P::HASH_BYTES]);
        }
    }

    fn get(_store: &Self::Store, _round: usize) -> Option<&[u8]> {
        None
    }
}
