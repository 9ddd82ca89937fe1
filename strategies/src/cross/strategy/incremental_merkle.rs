//! [`IncrementalMerkle`]: the Merkle tree built as the first commitments are made,
//! one pending node per level.

use super::MerkleTree;
use pqfit_core::cross::merkle::{MerkleBuilder, ProofIo};
use pqfit_core::cross::CrossParams;
use pqfit_core::keccak::Keccak;

/// Keeps no first commitment: each cmt_0 goes straight into an incremental Merkle
/// tree (one node per level). The responses pass recomputes the cmt_0 of the rounds
/// disclosed by seed (the verifier computes the others) and writes the proof nodes,
/// which cover only those rounds, as it rebuilds their subtrees.
#[derive(Clone, Copy, Debug, Default)]
pub struct IncrementalMerkle;

impl crate::sealed::Sealed for IncrementalMerkle {}

impl<P: CrossParams, K: Keccak> MerkleTree<P, K> for IncrementalMerkle {
    type Store = MerkleBuilder<K>;
    const RECOMPUTES: bool = true;

    fn new() -> Self::Store {
        MerkleBuilder::new()
    }

    fn add(store: &mut Self::Store, round: usize, cmt_0: &[u8]) {
        store.push_leaf::<P>(round, Some(cmt_0), &mut ProofIo::Ignore);
    }

    /// Also empties the builder for the responses pass, which rebuilds the tree in it.
    fn root(store: &mut Self::Store, d0: &mut [u8]) {
        d0[..P::HASH_BYTES].copy_from_slice(&store.root()[..P::HASH_BYTES]);
        *store = MerkleBuilder::new();
    }

    fn write_proof(_store: &Self::Store, _chall_2: &[u8], _proof: &mut [u8]) {}

    fn add_again(store: &mut Self::Store, round: usize, cmt_0: Option<&[u8]>, proof: &mut ProofIo) {
        store.push_leaf::<P>(round, cmt_0, proof);
    }
}
