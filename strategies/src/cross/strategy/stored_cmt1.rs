//! [`StoredCmt1`]: the t second commitments kept.

use super::SecondCommitments;
use generic_array::GenericArray;
use pqfit_core::cross::csprng::{hash, HASH_DSC};
use pqfit_core::cross::CrossParams;
use pqfit_core::keccak::Keccak;

/// Keeps cmt_1 of every round (t digests), as the reference does; the responses
/// copy the disclosed ones.
#[derive(Clone, Copy, Debug, Default)]
pub struct StoredCmt1;

impl crate::sealed::Sealed for StoredCmt1 {}

impl<P: CrossParams, K: Keccak> SecondCommitments<P, K> for StoredCmt1 {
    type Store = GenericArray<u8, P::DigestsLen>;

    fn new() -> Self::Store {
        GenericArray::default()
    }

    fn add(store: &mut Self::Store, round: usize, cmt_1: &[u8]) {
        let h = P::HASH_BYTES;
        store[round * h..round * h + h].copy_from_slice(&cmt_1[..h]);
    }

    fn digest(store: &mut Self::Store, d1: &mut [u8]) {
        hash::<P, K>(&[store], HASH_DSC, d1);
    }

    fn get(store: &Self::Store, round: usize) -> Option<&[u8]> {
        let h = P::HASH_BYTES;
        Some(&store[round * h..round * h + h])
    }
}
