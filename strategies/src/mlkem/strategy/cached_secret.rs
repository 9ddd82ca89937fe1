//! [`CachedSecret`]: the secret vector built once and kept in NTT form.

use super::{Poly, SecretVector};
use generic_array::GenericArray;
use pqfit_core::mlkem::MlKemParams;

/// Keeps the k polynomials of s-hat (or y-hat) for the operation (k·512 bytes: 1, 1.5
/// or 2 KiB): each is decoded (s-hat) or sampled and transformed (y-hat) once.
#[derive(Clone, Copy, Debug, Default)]
pub struct CachedSecret;

impl crate::sealed::Sealed for CachedSecret {}

impl<P: MlKemParams> SecretVector<P> for CachedSecret {
    type Store = GenericArray<Poly, P::KLen>;

    fn fill(store: &mut Self::Store, mut build: impl FnMut(usize, &mut Poly)) {
        for (j, p) in store.iter_mut().enumerate() {
            build(j, p);
        }
    }

    fn get<'a>(
        store: &'a Self::Store,
        j: usize,
        _scratch: &'a mut Poly,
        _build: impl FnMut(usize, &mut Poly),
    ) -> &'a Poly {
        &store[j]
    }
}
