//! Named strategies: [`Custom`] for any mix of components and the presets built from it.

use super::{
    CachedA, CachedNtt, ChallengeProduct, Commitment, FullW, MaskVector, MatrixA, NttProduct,
    SecretVectors, Strategy, StoredY,
};
use core::marker::PhantomData;
use pqfit_core::mldsa::ParameterSet;

/// Any mix of components: `Custom<Matrix, Secrets, Commit, Mask, Product>`.
/// A mix whose components do not fit together does not compile.
pub struct Custom<M, S, W, Y, C>(PhantomData<(M, S, W, Y, C)>);

impl<P, M, S, W, Y, C> Strategy<P> for Custom<M, S, W, Y, C>
where
    P: ParameterSet,
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
}

/// The layout of the FIPS 204 reference implementation: A, s1/s2/t0 (in NTT form),
/// w and y all kept for the call; products in the NTT domain.
pub type Reference = Custom<CachedA, CachedNtt, FullW, StoredY, NttProduct>;
