//! [`StreamedMatrices`]: V and W re-drawn from seed_pk row by row at every product.

use super::Matrices;
use generic_array::GenericArray;
use pqfit_core::cross::arith::{reduce_p, reduce_z};
use pqfit_core::cross::csprng::{csprng, dsc_seed_pk, fz_sampler, Sampler};
use pqfit_core::cross::CrossParams;
use pqfit_core::keccak::Keccak;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// One row of products being summed: e (key generation) or e'_i (signing) times V,
/// or e_G times W, before reduction. It holds secrets (the syndrome accumulator at key
/// generation gives n - k coordinates of e), so it is wiped when it goes out of
/// scope, on every path.
struct Accumulator<N: generic_array::ArrayLength>(GenericArray<u32, N>);

impl<N: generic_array::ArrayLength> Accumulator<N> {
    fn new() -> Self {
        Self(GenericArray::default())
    }
}

impl<N: generic_array::ArrayLength> Zeroize for Accumulator<N> {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

impl<N: generic_array::ArrayLength> Drop for Accumulator<N> {
    fn drop(&mut self) {
        self.zeroize();
    }
}

impl<N: generic_array::ArrayLength> ZeroizeOnDrop for Accumulator<N> {}

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
        let mut acc = Accumulator::<P::NkLen>::new();
        for &xi in &x[..P::K] {
            for a in acc.0[..nk].iter_mut() {
                *a += xi as u32 * s.sample() as u32;
            }
        }
        for j in 0..nk {
            out[j] = reduce_p::<P>(acc.0[j] + x[P::K + j] as u32);
        }
    }

    fn expand_g<K: Keccak>(_store: &(), seed_pk: &[u8], e_g: &[u8], out: &mut [u8]) {
        let nm = P::N - P::M;
        let mut s = matrix_stream::<P, K>(seed_pk, true);
        let mut acc = Accumulator::<P::NLen>::new();
        for &e in &e_g[..P::M] {
            for a in acc.0[..nm].iter_mut() {
                *a += e as u32 * s.sample() as u32;
            }
        }
        for (o, &a) in out[..nm].iter_mut().zip(&acc.0[..nm]) {
            *o = reduce_z::<P>(a);
        }
        out[nm..P::N].copy_from_slice(&e_g[..P::M]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pqfit_core::cross::{Rsdp1Fast, Rsdpg5Small};

    /// Both accumulators are wiped on drop: a compile-time bound.
    fn wiped_on_drop<T: ZeroizeOnDrop + Zeroize>() {}

    #[test]
    fn the_accumulators_are_wiped() {
        wiped_on_drop::<Accumulator<<Rsdp1Fast as CrossParams>::NkLen>>();
        wiped_on_drop::<Accumulator<<Rsdpg5Small as CrossParams>::NLen>>();
        let mut acc = Accumulator::<<Rsdp1Fast as CrossParams>::NkLen>::new();
        acc.0
            .iter_mut()
            .enumerate()
            .for_each(|(i, a)| *a = i as u32 + 1);
        acc.zeroize();
        assert!(acc.0.iter().all(|&a| a == 0));
    }
}
