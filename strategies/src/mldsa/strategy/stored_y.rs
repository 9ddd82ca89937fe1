//! [`StoredY`]: ExpandMask once per iteration and keep y.

use super::{Keccak, MaskVector};
use generic_array::GenericArray;
use pqfit_core::mldsa::{sample, ParameterSet, Poly};

/// Keeps the l polynomials of y for the iteration (NTT(y\[j\]) is formed in the
/// caller's scratch when asked for); likewise keeps NTT(s1) through key generation
/// and NTT(z) through verification.
#[derive(Clone, Copy, Debug, Default)]
pub struct StoredY;

impl crate::sealed::Sealed for StoredY {}

impl<P: ParameterSet> MaskVector<P> for StoredY {
    type Store = GenericArray<Poly, P::LLen>;
    type VectorStore = GenericArray<Poly, P::LLen>;

    fn expand<K: Keccak>(
        store: &mut Self::Store,
        _z_field: &mut [u8],
        rho_pp: &[u8; 64],
        kappa: u16,
    ) {
        for (j, y) in store.iter_mut().enumerate() {
            sample::expand_mask_entry::<P, K>(rho_pp, kappa, j, y);
        }
    }

    fn y<'a, K: Keccak>(
        store: &'a Self::Store,
        _z_field: &[u8],
        _rho_pp: &[u8; 64],
        _kappa: u16,
        j: usize,
        _scratch: &'a mut Poly,
    ) -> &'a Poly {
        &store[j]
    }

    fn y_hat<'a, K: Keccak>(
        store: &'a Self::Store,
        _z_field: &[u8],
        _rho_pp: &[u8; 64],
        _kappa: u16,
        j: usize,
        scratch: &'a mut Poly,
    ) -> &'a Poly {
        scratch.clone_from(&store[j]);
        scratch.ntt();
        scratch
    }

    fn fill_vector(store: &mut Self::VectorStore, mut build: impl FnMut(usize, &mut Poly)) {
        for (j, v) in store.iter_mut().enumerate() {
            build(j, v);
        }
    }

    fn stored_vector(store: &Self::VectorStore) -> Option<&[Poly]> {
        Some(&store[..])
    }

    fn vector<'a>(
        store: &'a Self::VectorStore,
        j: usize,
        _scratch: &'a mut Poly,
        _build: impl FnMut(usize, &mut Poly),
    ) -> &'a Poly {
        &store[j]
    }
}
