//! [`StoredMerkleTree`]: all t first commitments and the whole Merkle tree kept from
//! the first pass to the responses.

use super::MerkleTree;
use generic_array::GenericArray;
use pqfit_core::cross::merkle::{tree_proof, tree_root, ProofIo};
use pqfit_core::cross::CrossParams;
use pqfit_core::keccak::Keccak;

/// Keeps cmt_0 of every round (t digests) and the 2t - 1 tree nodes (t in the fast
/// corner), as the reference does; the proof is copied out of the tree.
#[derive(Clone, Copy, Debug, Default)]
pub struct StoredMerkleTree;

impl crate::sealed::Sealed for StoredMerkleTree {}

/// The kept commitments and tree.
pub struct TreeStore<P: CrossParams> {
    cmt_0: GenericArray<u8, P::DigestsLen>,
    tree: GenericArray<u8, P::MerkleTreeLen>,
}

impl<P: CrossParams, K: Keccak> MerkleTree<P, K> for StoredMerkleTree {
    type Store = TreeStore<P>;
    const RECOMPUTES: bool = false;

    fn new() -> Self::Store {
        TreeStore {
            cmt_0: GenericArray::default(),
            tree: GenericArray::default(),
        }
    }

    fn add(store: &mut Self::Store, round: usize, cmt_0: &[u8]) {
        let h = P::HASH_BYTES;
        store.cmt_0[round * h..round * h + h].copy_from_slice(&cmt_0[..h]);
    }

    fn root(store: &mut Self::Store, d0: &mut [u8]) {
        tree_root::<P, K>(&mut store.tree, &store.cmt_0, d0);
    }

    fn write_proof(store: &Self::Store, chall_2: &[u8], proof: &mut [u8]) {
        tree_proof::<P>(&store.tree, chall_2, proof);
    }

    /// Not called: the proof is copied out of the kept tree.
    fn add_again(
        _store: &mut Self::Store,
        _round: usize,
        _cmt_0: Option<&[u8]>,
        _proof: &mut ProofIo,
    ) {
    }
}
