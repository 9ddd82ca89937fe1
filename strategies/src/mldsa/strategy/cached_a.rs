//! [`CachedA`]: ExpandA once per operation and keep all k·l entries of A-hat.

use super::{Keccak, MatrixA};
use generic_array::GenericArray;
use pqfit_core::mldsa::field::Montgomery;
use pqfit_core::mldsa::{sample, Accumulator, ParameterSet, Poly};

/// Keeps the whole matrix A-hat (k·l polynomials, 1 KiB each) for the operation:
/// the fastest choice when the stack allows it.
#[derive(Clone, Copy, Debug, Default)]
pub struct CachedA;

impl crate::sealed::Sealed for CachedA {}

impl<P: ParameterSet> MatrixA<P> for CachedA {
    type Store = GenericArray<Poly, P::KLLen>;

    fn expand<K: Keccak>(store: &mut Self::Store, rho: &[u8; 32]) {
        for i in 0..P::K {
            for j in 0..P::L {
                sample::expand_a_entry::<K>(rho, i, j, &mut store[i * P::L + j]);
            }
        }
    }

    fn mul_acc<K: Keccak, A: Accumulator>(
        store: &Self::Store,
        _rho: &[u8; 32],
        i: usize,
        j: usize,
        v_hat: &Poly,
        acc: &mut A,
    ) {
        // Row, then column: a flat index i·l + j lets LLVM bound a loop over i by
        // dividing by l, a long multiply that the M3 check rejects.
        let row = &store[i * P::L..(i + 1) * P::L];
        let m = Montgomery::new();
        for (k, (&a, &v)) in row[j].coeffs.iter().zip(&v_hat.coeffs).enumerate() {
            acc.add(k, m.mul(a, v));
        }
    }

    fn mul_acc_pair<K: Keccak, A: Accumulator>(
        store: &Self::Store,
        _rho: &[u8; 32],
        i: usize,
        j: usize,
        [v0, v1]: [&Poly; 2],
        acc: &mut A,
    ) {
        let row = &store[i * P::L..(i + 1) * P::L];
        let (a0, a1) = (&row[j].coeffs, &row[j + 1].coeffs);
        let m = Montgomery::new();
        for k in 0..a0.len() {
            // Rolled on the M4: unrolled, the loop spilled its pointers.
            let a0k = pqfit_core::mldsa::ntt::keep_rolled(a0[k]);
            acc.add(k, m.mul_sum([a0k, a1[k]], [v0.coeffs[k], v1.coeffs[k]]));
        }
    }

    fn row(store: &Self::Store, i: usize) -> Option<&[Poly]> {
        Some(&store[i * P::L..(i + 1) * P::L])
    }
}
