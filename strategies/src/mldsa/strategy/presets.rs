//! Named strategies: [`Custom`] for any mix of components and the presets built from it.

use super::{
    CachedA, CachedNtt, ChallengeProduct, Commitment, DefaultKeccak, FullW, Keccak, MaskVector,
    MatrixA, NttProduct, PackedW, RecomputeOnDemand, RegeneratedY, RowW, SecretVectors,
    SmallModulusProduct, SparseProduct, StoredY, Strategy, StreamedA,
};
use core::marker::PhantomData;
use pqfit_core::mldsa::ParameterSet;

/// Any mix of components: `Custom<Matrix, Secrets, Commit, Mask, Product>`, and
/// optionally the Keccak backend as a sixth parameter (by default
/// [`DefaultKeccak`]: the Thumb-2 assembly `Interleaved32Thumb2` on the Cortex-M3 and
/// M4, `Interleaved32` on the other 32-bit targets, `Sha3Crate` elsewhere).
/// A mix whose components do not fit together does not compile.
pub struct Custom<M, S, W, Y, C, K = DefaultKeccak>(PhantomData<(M, S, W, Y, C, K)>);

impl<P, M, S, W, Y, C, K> Strategy<P> for Custom<M, S, W, Y, C, K>
where
    P: ParameterSet,
    K: Keccak,
    M: MatrixA<P>,
    C: ChallengeProduct<P>,
    S: SecretVectors<P, C>,
    W: Commitment<P>,
    Y: MaskVector<P>,
{
    type Matrix = M;
    type Product = C;
    type Secrets = S;
    type Commit = W;
    type Mask = Y;
    type Keccak = K;
}

/// The layout of the FIPS 204 reference implementation: A, s1/s2/t0 (in NTT form),
/// w and y all kept for the call; products in the NTT domain.
pub type Reference = Custom<CachedA, CachedNtt, FullW, StoredY, NttProduct>;

/// The smallest stack: nothing of A, s1/s2/t0 or y is kept; every polynomial is
/// sampled, decoded or recomputed where it is used, w is kept packed (row 0 in a
/// 768-byte store, the next rows in the signature's z field, the last row of
/// ML-DSA-65 formed again when the hint needs it), and c is kept as its ternary
/// coefficients (transformed into the output of each product).
pub type SmallStack = Custom<StreamedA, RecomputeOnDemand, PackedW, RegeneratedY, SparseProduct>;

/// The fastest signing: everything kept, NTT(y) too (so that each row of w is one sum
/// over A-hat's row), and with an [`ExpandedKey`](crate::ExpandedKey) A-hat and the
/// transformed secrets are kept across calls too.
pub type FastSign = Custom<CachedA, CachedNtt, RowW, StoredY, SmallModulusProduct>;

/// A middle ground: A-hat streamed (the largest buffer, k·l KiB), the rest kept.
pub type Balanced = Custom<StreamedA, CachedNtt, FullW, StoredY, SmallModulusProduct>;
