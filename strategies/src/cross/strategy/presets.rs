//! Named CROSS strategies: [`Custom`] for any mix of components and the presets.

use super::{
    Commitments, IncrementalMerkle, Matrices, RegeneratedSeeds, RoundSeeds, StoredMatrices,
    StoredMerkleTree, StoredSeedTree, Strategy, StreamedMatrices,
};
use core::marker::PhantomData;
use pqfit_core::cross::CrossParams;
use pqfit_core::keccak::{DefaultKeccak, Keccak};

/// Any mix of components: `Custom<Seeds, Commit, Matrix>`, and optionally the
/// Keccak backend as a fourth parameter.
pub struct Custom<S, C, M, K = DefaultKeccak>(PhantomData<(S, C, M, K)>);

impl<P, S, C, M, K> Strategy<P> for Custom<S, C, M, K>
where
    P: CrossParams,
    K: Keccak,
    S: RoundSeeds<P>,
    C: Commitments<P, K>,
    M: Matrices<P>,
{
    type Keccak = K;
    type Seeds = S;
    type Commit = C;
    type Matrix = M;
}

/// The smallest stack (after Schupp et al.): seeds re-derived from the root,
/// commitments hashed as they are made with one Merkle node per level (the proof
/// written while the tree is rebuilt), V and W streamed from seed_pk.
pub type MinStack = Custom<RegeneratedSeeds, IncrementalMerkle, StreamedMatrices>;

/// The matrices kept (one expansion per operation instead of one per round), the
/// rest as in [`MinStack`].
pub type Balanced = Custom<RegeneratedSeeds, IncrementalMerkle, StoredMatrices>;

/// Everything kept: the seed tree, all commitments and the Merkle tree, the
/// matrices (the reference implementation's layout, without its t-round vectors).
pub type Fast = Custom<StoredSeedTree, StoredMerkleTree, StoredMatrices>;
