//! [`StreamedMatrices`]: V and W re-drawn from seed_pk row by row at every product.

use super::Matrices;
use generic_array::GenericArray;
use pqfit_core::cross::arith::{reduce_p, reduce_z};
use pqfit_core::cross::csprng::{csprng, dsc_seed_pk, fz_sampler, Sampler};
use pqfit_core::cross::CrossParams;
use pqfit_core::keccak::Keccak;

/// Keeps nothing: each product re-expands seed_pk and consumes the matrix entries
/// as they are drawn (one XOF state and one accumulator row).
#[derive(Clone, Copy, Debug, Default)]
pub struct StreamedMatrices;

impl crate::sealed::Sealed for StreamedMatrices {}

/// A sampler positioned at the first entry of W (`W_first`) or of V.
fn matrix_stream<P: CrossParams, K: Keccak>(seed_pk: &[u8], w_first: bool) -> Sampler<K> {
    let xof = csprng::<P, K>(&[&seed_pk[..P::KEY_SEED_BYTES]], dsc_seed_pk::<P>());
    let mut s = fz_sampler::<P, K>(xof, P::BITS_W_CT_RNG);
    if !w_first {
        // V follows W's whole budget in the same XOF stream.
        s.reshape(P::BITS_V_CT_RNG, P::BITS_P, P::P as u32, 0);
    }
    s
}

impl<P: CrossParams> Matrices<P> for StreamedMatrices {
    type Store = ();

    fn expand<K: Keccak>(_store: &mut (), _seed_pk: &[u8]) {}

    fn syndrome<K: Keccak>(_store: &(), seed_pk: &[u8], x: &[u16], out: &mut [u16]) {
        let nk = P::N - P::K;
        let mut s = matrix_stream::<P, K>(seed_pk, false);
        let mut acc = GenericArray::<u32, P::NkLen>::default();
        for &xi in &x[..P::K] {
            for a in acc[..nk].iter_mut() {
                *a += xi as u32 * s.sample() as u32;
            }
        }
        for j in 0..nk {
            out[j] = reduce_p::<P>(acc[j] + x[P::K + j] as u32);
        }
    }

    fn expand_g<K: Keccak>(_store: &(), seed_pk: &[u8], e_g: &[u8], out: &mut [u8]) {
        let nm = P::N - P::M;
        let mut s = matrix_stream::<P, K>(seed_pk, true);
        let mut acc = GenericArray::<u32, P::NLen>::default();
        for &e in &e_g[..P::M] {
            for a in acc[..nm].iter_mut() {
                *a += e as u32 * s.sample() as u32;
            }
        }
        for j in 0..nm {
            out[j] = reduce_z::<P>(acc[j]);
        }
        out[nm..P::N].copy_from_slice(&e_g[..P::M]);
    }
}
