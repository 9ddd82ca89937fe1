//! [`CachedNtt`]: decode s1, s2 and t0 once per signing call and keep them prepared.

use super::{ChallengeProduct, SecretVectors};
use generic_array::GenericArray;
use pqfit_core::mldsa::{packing, ParameterSet, Poly};
use zeroize::Zeroize;

/// Decodes and prepares (for NTT products: transforms) every polynomial of s1, s2
/// and t0 once per signing call: l + 2k operands kept for the call.
#[derive(Clone, Copy, Debug, Default)]
pub struct CachedNtt;

/// The prepared s1, s2 and t0 of [`CachedNtt`].
pub struct CachedSecrets<P: ParameterSet, C: ChallengeProduct<P>> {
    s1: GenericArray<C::Operand, P::LLen>,
    s2: GenericArray<C::Operand, P::KLen>,
    t0: GenericArray<C::Operand, P::KLen>,
}

impl<P: ParameterSet, C: ChallengeProduct<P>> Default for CachedSecrets<P, C> {
    fn default() -> Self {
        Self {
            s1: GenericArray::default(),
            s2: GenericArray::default(),
            t0: GenericArray::default(),
        }
    }
}

impl<P: ParameterSet, C: ChallengeProduct<P>> Zeroize for CachedSecrets<P, C> {
    fn zeroize(&mut self) {
        self.s1.iter_mut().for_each(Zeroize::zeroize);
        self.s2.iter_mut().for_each(Zeroize::zeroize);
        self.t0.iter_mut().for_each(Zeroize::zeroize);
    }
}

impl<P: ParameterSet, C: ChallengeProduct<P>> SecretVectors<P, C> for CachedNtt {
    type Store = CachedSecrets<P, C>;

    fn load(store: &mut Self::Store, sk: &[u8]) {
        let mut tmp = Poly::zero();
        for j in 0..P::L {
            // Validity was checked when the key was built.
            packing::unpack_eta::<P>(&sk[packing::sk_s1_range::<P>(j)], &mut tmp);
            C::prepare_operand(&tmp, &mut store.s1[j]);
        }
        for i in 0..P::K {
            packing::unpack_eta::<P>(&sk[packing::sk_s2_range::<P>(i)], &mut tmp);
            C::prepare_operand(&tmp, &mut store.s2[i]);
            packing::unpack_t0(&sk[packing::sk_t0_range::<P>(i)], &mut tmp);
            C::prepare_operand(&tmp, &mut store.t0[i]);
        }
        tmp.zeroize();
    }

    fn s1<'a>(store: &'a Self::Store, _sk: &[u8], j: usize, _scratch: &'a mut C::Operand) -> &'a C::Operand {
        &store.s1[j]
    }

    fn s2<'a>(store: &'a Self::Store, _sk: &[u8], i: usize, _scratch: &'a mut C::Operand) -> &'a C::Operand {
        &store.s2[i]
    }

    fn t0<'a>(store: &'a Self::Store, _sk: &[u8], i: usize, _scratch: &'a mut C::Operand) -> &'a C::Operand {
        &store.t0[i]
    }
}
