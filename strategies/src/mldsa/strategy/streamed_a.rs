//! [`StreamedA`]: sample each entry of A-hat where it is used, never holding it.

use super::{Keccak, MatrixA};
use pqfit_core::mldsa::field::Montgomery;
use pqfit_core::mldsa::{sample, Accumulator, ParameterSet, Poly};

/// Keeps no matrix: `A-hat[i][j] ∘ v` is accumulated coefficient by coefficient as
/// RejNTTPoly produces the entry, so not even one polynomial of A is alive. Costs
/// one SHAKE128 expansion per use of an entry (k·l per product A·v).
#[derive(Clone, Copy, Debug, Default)]
pub struct StreamedA;

impl crate::sealed::Sealed for StreamedA {}

impl<P: ParameterSet> MatrixA<P> for StreamedA {
    type Store = ();

    fn expand<K: Keccak>(_store: &mut (), _rho: &[u8; 32]) {}

    fn mul_acc<K: Keccak, A: Accumulator>(
        _store: &(),
        rho: &[u8; 32],
        i: usize,
        j: usize,
        v_hat: &Poly,
        acc: &mut A,
    ) {
        let m = Montgomery::new();
        sample::rej_ntt_coefficients::<K>(rho, i as u8, j as u8, |k, a| {
            acc.add(k, m.mul_high_difference(a, v_hat.coeffs[k]));
        });
    }
}
