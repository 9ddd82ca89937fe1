//! [`CachedNtt`]: decode s1, s2 and t0 once and keep them prepared for the product.

use super::{decode_secret, ChallengeProduct, Secret, SecretVectors};
use generic_array::GenericArray;
use pqfit_core::mldsa::{ParameterSet, Poly};
use zeroize::Zeroize;

/// Decodes and prepares (for NTT products: transforms) every polynomial of s1, s2
/// and t0 once per signing call, or once per expanded key: l + 2k polynomials.
#[derive(Clone, Copy, Debug, Default)]
pub struct CachedNtt;

impl crate::sealed::Sealed for CachedNtt {}

/// The prepared s1, s2 and t0 of [`CachedNtt`].
#[derive(Default)]
pub struct CachedSecrets<P: ParameterSet> {
    s1: GenericArray<Poly, P::LLen>,
    s2: GenericArray<Poly, P::KLen>,
    t0: GenericArray<Poly, P::KLen>,
}

impl<P: ParameterSet> Zeroize for CachedSecrets<P> {
    fn zeroize(&mut self) {
        self.s1.iter_mut().for_each(Zeroize::zeroize);
        self.s2.iter_mut().for_each(Zeroize::zeroize);
        self.t0.iter_mut().for_each(Zeroize::zeroize);
    }
}

impl<P: ParameterSet, C: ChallengeProduct<P>> SecretVectors<P, C> for CachedNtt {
    type Store = CachedSecrets<P>;

    fn load(store: &mut Self::Store, sk: &[u8]) {
        let parts = [
            (Secret::S1, &mut store.s1[..]),
            (Secret::S2, &mut store.s2[..]),
            (Secret::T0, &mut store.t0[..]),
        ];
        for (kind, polys) in parts {
            for (i, p) in polys.iter_mut().enumerate() {
                decode_secret::<P>(sk, kind, i, p);
                C::prepare_operand(kind, p);
            }
        }
    }

    fn get<'a>(
        store: &'a Self::Store,
        _sk: &[u8],
        kind: Secret,
        index: usize,
        _scratch: &'a mut Poly,
    ) -> &'a Poly {
        match kind {
            Secret::S1 => &store.s1[index],
            Secret::S2 => &store.s2[index],
            Secret::T0 => &store.t0[index],
        }
    }
}
