//! Named CROSS strategies: [`Custom`] for any mix of components and the presets.

use super::{
    FirstResponses, HashedCmt1, IncrementalMerkle, Matrices, MerkleTree, RegeneratedSeeds,
    RegeneratedY, RoundSeeds, SecondCommitments, StoredCmt1, StoredMatrices, StoredMerkleTree,
    StoredSeedTree, StoredY, Strategy, StreamedMatrices,
};
use core::marker::PhantomData;
use pqfit_core::cross::CrossParams;
use pqfit_core::keccak::{DefaultKeccak, Keccak};

/// Any mix of components: `Custom<Seeds, Merkle, Cmt1, Y, Matrix>`, and optionally
/// the Keccak backend as a sixth parameter.
pub struct Custom<S, T, C, Y, M, K = DefaultKeccak>(PhantomData<(S, T, C, Y, M, K)>);

impl<P, S, T, C, Y, M, K> Strategy<P> for Custom<S, T, C, Y, M, K>
where
    P: CrossParams,
    K: Keccak,
    S: RoundSeeds<P, K>,
    T: MerkleTree<P, K>,
    C: SecondCommitments<P, K>,
    Y: FirstResponses<P>,
    M: Matrices<P>,
{
    type Keccak = K;
    type Seeds = S;
    type Merkle = T;
    type Cmt1 = C;
    type Y = Y;
    type Matrix = M;
}

/// The smallest stack (after Schupp et al.): seeds re-derived from the root,
/// commitments hashed as they are made with one Merkle node per level (the proof
/// written while the tree is rebuilt), y regenerated, V and W streamed from seed_pk.
pub type MinStack =
    Custom<RegeneratedSeeds, IncrementalMerkle, HashedCmt1, RegeneratedY, StreamedMatrices>;

/// The matrices kept (one expansion per operation instead of one per product), the
/// rest as in [`MinStack`].
pub type Balanced =
    Custom<RegeneratedSeeds, IncrementalMerkle, HashedCmt1, RegeneratedY, StoredMatrices>;

/// Everything kept: the seed tree, all commitments and the Merkle tree, all packed
/// y, the matrices (the reference implementation's layout, without its t-round
/// e', u' vectors).
pub type Fast = Custom<StoredSeedTree, StoredMerkleTree, StoredCmt1, StoredY, StoredMatrices>;
