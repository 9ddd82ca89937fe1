//! [`CachedA`]: A-hat sampled whole, once per operation.

use super::{Accumulate, Keccak, MatrixA, Poly};
use generic_array::GenericArray;
use pqfit_core::mlkem::sample::sample_ntt;
use pqfit_core::mlkem::MlKemParams;

/// Keeps all k² entries of A-hat (k²·512 bytes: 2, 4.5 or 8 KiB), sampled in one pass
/// before the products, which then read them as plain polynomials.
#[derive(Clone, Copy, Debug, Default)]
pub struct CachedA;

impl crate::sealed::Sealed for CachedA {}

impl<P: MlKemParams> MatrixA<P> for CachedA {
    type Store = GenericArray<Poly, P::KkLen>;

    fn expand<K: Keccak>(store: &mut Self::Store, rho: &[u8; 32]) {
        for i in 0..P::K {
            for j in 0..P::K {
                sample_ntt::<K>(rho, j as u8, i as u8, &mut store[i * P::K + j]);
            }
        }
    }

    fn mul_acc<K: Keccak, A: Accumulate>(
        store: &Self::Store,
        _rho: &[u8; 32],
        i: usize,
        j: usize,
        v: &Poly,
        acc: &mut A::Acc,
    ) {
        A::add_product(acc, &store[i * P::K + j], v);
    }
}
