//! Named strategies: [`Custom`] for any mix of components and the presets built from it.

use super::{
    Accumulate, CachedA, CachedSecret, CiphertextCompare, DecodedSecret, DefaultKeccak,
    EagerReduce, Keccak, LazyAccumulate, MatrixA, SecretVector, StoredCompare, Strategy, StreamedA,
    StreamedCompare,
};
use core::marker::PhantomData;
use pqfit_core::mlkem::MlKemParams;

/// Any mix of components: `Custom<Matrix, Secret, Compare, Accumulate>`, and optionally
/// the Keccak backend as a fifth parameter (by default [`DefaultKeccak`]).
pub struct Custom<M, S, C, A, K = DefaultKeccak>(PhantomData<(M, S, C, A, K)>);

impl<P, M, S, C, A, K> Strategy<P> for Custom<M, S, C, A, K>
where
    P: MlKemParams,
    M: MatrixA<P> + 'static,
    S: SecretVector<P> + 'static,
    C: CiphertextCompare<P> + 'static,
    A: Accumulate + 'static,
    K: Keccak + 'static,
{
    type Matrix = M;
    type Secret = S;
    type Compare = C;
    type Accumulate = A;
    type Keccak = K;
}

/// The smallest stack: A-hat sampled where used, s-hat decoded and y-hat sampled per
/// use, the re-encryption compared as produced, products reduced as they are added.
pub type SmallStack = Custom<StreamedA, DecodedSecret, StreamedCompare, EagerReduce>;

/// The default: A-hat streamed (the largest buffer), the secret vector kept (so y-hat
/// is sampled k times, not k(k+1)), lazy 32-bit sums.
pub type Balanced = Custom<StreamedA, CachedSecret, StreamedCompare, LazyAccumulate>;

/// The fastest: A-hat sampled whole before the products (no per-coefficient callback),
/// the secret vector kept, lazy sums, and the re-encryption stored and compared once
/// (on the M4 model 729 cycles faster in ML-KEM-768 decapsulation than comparing it
/// block by block as it is produced, for 1,088 B more stack; the explorer's test over
/// docs/ml-kem/m4 keeps this the fastest mix).
pub type FastKem = Custom<CachedA, CachedSecret, StoredCompare, LazyAccumulate>;
