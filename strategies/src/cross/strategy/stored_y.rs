//! [`StoredY`]: the packed first responses of all t rounds kept.

use super::FirstResponses;
use generic_array::GenericArray;
use pqfit_core::cross::CrossParams;

/// Keeps the packed y of every round from the second pass (t ceil(n log2 p / 8)
/// bytes); the responses copy them and expand only e' (for v) instead of e' and u'.
#[derive(Clone, Copy, Debug, Default)]
pub struct StoredY;

impl crate::sealed::Sealed for StoredY {}

impl<P: CrossParams> FirstResponses<P> for StoredY {
    type Store = GenericArray<u8, P::PackedYsLen>;

    fn keep(store: &mut Self::Store, round: usize, packed_y: &[u8]) {
        let n = P::PACKED_Y_BYTES;
        store[round * n..round * n + n].copy_from_slice(&packed_y[..n]);
    }

    fn get(store: &Self::Store, round: usize) -> Option<&[u8]> {
        let n = P::PACKED_Y_BYTES;
        Some(&store[round * n..round * n + n])
    }
}
