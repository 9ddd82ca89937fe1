//! [`IncrementalMerkle`]: commitments hashed as they are made, one pending Merkle
//! node per level.

use super::Commitments;
use pqfit_core::cross::csprng::{Xof, HASH_DSC};
use pqfit_core::cross::merkle::{MerkleBuilder, ProofIo};
use pqfit_core::cross::CrossParams;
use pqfit_core::keccak::Keccak;

/// Keeps no commitment: cmt_1 goes straight into the running hash d_1 and cmt_0
/// into an incremental Merkle tree (one node per level). The responses pass
/// recomputes every cmt_0 and writes the proof as the tree is rebuilt; each
/// disclosed cmt_1 is recomputed from its seed.
#[derive(Clone, Copy, Debug, Default)]
pub struct IncrementalMerkle;

/// The running hash and tree of the first pass.
pub struct RunningCommitments<K: Keccak> {
    tree: MerkleBuilder<'static, K>,
    cmt_1: Option<Xof<K>>,
}

impl<P: CrossParams, K: Keccak> Commitments<P, K> for IncrementalMerkle {
    type Store = RunningCommitments<K>;
    const RECOMPUTES: bool = true;

    fn new() -> Self::Store {
        RunningCommitments {
            tree: MerkleBuilder::new(None),
            cmt_1: Some(Xof::new::<P>()),
        }
    }

    fn add(store: &mut Self::Store, round: usize, cmt_0: &[u8], cmt_1: &[u8]) {
        store
            .tree
            .push_leaf::<P>(round, Some(cmt_0), &mut ProofIo::Ignore);
        if let Some(x) = store.cmt_1.as_mut() {
            x.absorb(&cmt_1[..P::HASH_BYTES]);
        }
    }

    fn finish(store: &mut Self::Store, d0: &mut [u8], d1: &mut [u8]) {
        d0[..P::HASH_BYTES].copy_from_slice(&store.tree.root()[..P::HASH_BYTES]);
        if let Some(x) = store.cmt_1.take() {
            x.finish(HASH_DSC, &mut d1[..P::HASH_BYTES]);
        }
    }

    fn cmt_1(_store: &Self::Store, _round: usize) -> Option<&[u8]> {
        None
    }

    fn write_proof(_store: &Self::Store, _chall_2: &[u8], _proof: &mut [u8]) {}
}
