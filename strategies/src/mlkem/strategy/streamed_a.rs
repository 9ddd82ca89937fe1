//! [`StreamedA`]: each entry of A-hat sampled where it is used, never held.

use super::{Accumulate, Keccak, MatrixA, Poly};
use pqfit_core::mlkem::sample::sample_ntt_coefficients;
use pqfit_core::mlkem::MlKemParams;

/// Keeps no matrix: A-hat\[i\]\[j\] ∘ v is accumulated pair by pair as SampleNTT
/// produces the entry (each odd coefficient completes a base-case product), so not
/// even one polynomial of A-hat is alive. Costs one SHAKE128 expansion per use of an
/// entry, which in ML-KEM is also k² per operation (each entry is used once).
#[derive(Clone, Copy, Debug, Default)]
pub struct StreamedA;

impl crate::sealed::Sealed for StreamedA {}

impl<P: MlKemParams> MatrixA<P> for StreamedA {
    type Store = ();

    fn expand<K: Keccak>(_store: &mut (), _rho: &[u8; 32]) {}

    fn mul_acc<K: Keccak, A: Accumulate>(
        _store: &(),
        rho: &[u8; 32],
        i: usize,
        j: usize,
        v: &Poly,
        acc: &mut A::Acc,
    ) {
        let mut even = 0i16;
        sample_ntt_coefficients::<K>(rho, j as u8, i as u8, |k, a| {
            if k % 2 == 0 {
                even = a;
            } else {
                let p = k / 2;
                A::add_pair(acc, p, [even, a], [v.coeffs[2 * p], v.coeffs[2 * p + 1]]);
            }
        });
    }
}
