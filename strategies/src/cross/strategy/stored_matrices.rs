//! [`StoredMatrices`]: V (and W) expanded once per operation and kept.

use super::Matrices;
use generic_array::GenericArray;
use pqfit_core::cross::arith::{fz_dot, reduce_p};
use pqfit_core::cross::csprng::{csprng, dsc_seed_pk, fz_sampler};
use pqfit_core::cross::CrossParams;
use pqfit_core::keccak::Keccak;
use zeroize::Zeroize;

/// Keeps V (k (n - k) elements of F_p, one byte each for p = 127, two bytes
/// little-endian for p = 509) and W (m (n - m) elements of F_z) for the operation.
#[derive(Clone, Copy, Debug, Default)]
pub struct StoredMatrices;

impl crate::sealed::Sealed for StoredMatrices {}

/// The kept matrices: V transposed (column-major; `expand_pk` draws it row by row),
/// W row-major.
pub struct MatrixStore<P: CrossParams> {
    v: GenericArray<u8, P::VLen>,
    w: GenericArray<u8, P::WLen>,
}

impl<P: CrossParams> Default for MatrixStore<P> {
    fn default() -> Self {
        Self {
            v: GenericArray::default(),
            w: GenericArray::default(),
        }
    }
}

impl<P: CrossParams> Zeroize for MatrixStore<P> {
    fn zeroize(&mut self) {
        self.v.zeroize();
        self.w.zeroize();
    }
}

impl<P: CrossParams> Matrices<P> for StoredMatrices {
    type Store = MatrixStore<P>;

    fn expand<K: Keccak>(store: &mut Self::Store, seed_pk: &[u8]) {
        let xof = csprng::<P, K>(&[&seed_pk[..P::KEY_SEED_BYTES]], dsc_seed_pk::<P>());
        let mut s = fz_sampler::<P, K>(xof, P::BITS_W_CT_RNG);
        if P::RSDPG {
            for w in store.w.iter_mut() {
                *w = s.sample() as u8;
            }
        }
        s.reshape(P::BITS_V_CT_RNG, P::BITS_P, P::P as u32, 0);
        let (k, nk) = (P::K, P::N - P::K);
        let width = if P::RSDPG { 2 } else { 1 };
        // Drawn row by row, kept column by column (V transposed): each coordinate of
        // a syndrome is then one dot product over consecutive bytes, its sum in a
        // register.
        for i in 0..k {
            for j in 0..nk {
                let x = s.sample().to_le_bytes();
                let at = (j * k + i) * width;
                store.v[at..at + width].copy_from_slice(&x[..width]);
            }
        }
    }

    fn syndrome<K: Keccak>(store: &Self::Store, _seed_pk: &[u8], x: &[u16], out: &mut [u16]) {
        let k = P::K;
        let width = if P::RSDPG { 2 } else { 1 };
        for (j, column) in store.v.chunks_exact(k * width).enumerate() {
            // At most k (p - 1)^2 < 2^32.
            let mut acc = x[k + j] as u32;
            for (&xi, v) in x[..k].iter().zip(column.chunks_exact(width)) {
                let v = if P::RSDPG {
                    u16::from_le_bytes([v[0], v[1]])
                } else {
                    v[0] as u16
                };
                acc += xi as u32 * v as u32;
            }
            out[j] = reduce_p::<P>(acc);
        }
    }

    fn expand_g<K: Keccak>(store: &Self::Store, _seed_pk: &[u8], e_g: &[u8], out: &mut [u8]) {
        let nm = P::N - P::M;
        for (j, o) in out[..nm].iter_mut().enumerate() {
            *o = fz_dot::<P>(&e_g[..P::M], (0..P::M).map(|i| store.w[i * nm + j]));
        }
        out[nm..P::N].copy_from_slice(&e_g[..P::M]);
    }
}
