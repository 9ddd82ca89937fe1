//! [`StoredMerkleTree`]: all t first and second commitments and the whole Merkle
//! tree kept from the first pass to the responses.

use super::Commitments;
use generic_array::GenericArray;
use pqfit_core::cross::csprng::{hash, HASH_DSC};
use pqfit_core::cross::merkle::{tree_proof, tree_root};
use pqfit_core::cross::CrossParams;
use pqfit_core::keccak::Keccak;

/// Keeps cmt_0 and cmt_1 of every round (2 t digests) and the 2t - 1 tree nodes
/// (t in the fast corner), as the reference does; the proof is copied out of the
/// tree.
#[derive(Clone, Copy, Debug, Default)]
pub struct StoredMerkleTree;

/// The kept commitments and tree.
pub struct CommitmentStore<P: CrossParams> {
    cmt_0: GenericArray<u8, P::DigestsLen>,
    cmt_1: GenericArray<u8, P::DigestsLen>,
    tree: GenericArray<u8, P::MerkleTreeLen>,
}

impl<P: CrossParams, K: Keccak> Commitments<P, K> for StoredMerkleTree {
    type Store = CommitmentStore<P>;
    const RECOMPUTES: bool = false;

    fn new() -> Self::Store {
        CommitmentStore {
            cmt_0: GenericArray::default(),
            cmt_1: GenericArray::default(),
            tree: GenericArray::default(),
        }
    }

    fn add(store: &mut Self::Store, round: usize, cmt_0: &[u8], cmt_1: &[u8]) {
        let h = P::HASH_BYTES;
        store.cmt_0[round * h..round * h + h].copy_from_slice(&cmt_0[..h]);
        store.cmt_1[round * h..round * h + h].copy_from_slice(&cmt_1[..h]);
    }

    fn finish(store: &mut Self::Store, d0: &mut [u8], d1: &mut [u8]) {
        tree_root::<P, K>(&mut store.tree, &store.cmt_0, d0);
        hash::<P, K>(&[&store.cmt_1], HASH_DSC, d1);
    }

    fn cmt_1(store: &Self::Store, round: usize) -> Option<&[u8]> {
        let h = P::HASH_BYTES;
        Some(&store.cmt_1[round * h..round * h + h])
    }

    fn write_proof(store: &Self::Store, chall_2: &[u8], proof: &mut [u8]) {
        tree_proof::<P>(&store.tree, chall_2, proof);
    }
}
