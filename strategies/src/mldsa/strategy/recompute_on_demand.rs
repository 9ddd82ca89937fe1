//! [`RecomputeOnDemand`]: decode the one secret polynomial needed, where it is used.

use super::{decode_secret, ChallengeProduct, Secret, SecretVectors};
use pqfit_core::mldsa::{ParameterSet, Poly};

/// Keeps nothing: each use of s1\[j\], s2\[i\] or t0\[i\] decodes it from the packed
/// secret key into the caller's scratch polynomial and prepares it for the product
/// (an NTT, for NTT products). Costs a decode and a transform per use.
#[derive(Clone, Copy, Debug, Default)]
pub struct RecomputeOnDemand;

impl crate::sealed::Sealed for RecomputeOnDemand {}

impl<P: ParameterSet, C: ChallengeProduct<P>> SecretVectors<P, C> for RecomputeOnDemand {
    type Store = ();

    fn load(_store: &mut (), _sk: &[u8]) {}

    fn get<'a>(
        _store: &'a (),
        sk: &[u8],
        kind: Secret,
        index: usize,
        scratch: &'a mut Poly,
    ) -> &'a Poly {
        decode_secret::<P>(sk, kind, index, scratch);
        C::prepare_operand(kind, scratch);
        scratch
    }
}
