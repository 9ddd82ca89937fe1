//! [`StoredMatrices`]: V (and W) expanded once per operation and kept.

use super::Matrices;
use generic_array::GenericArray;
use pqfit_core::cross::arith::{fz_dot, reduce_p};
use pqfit_core::cross::csprng::{csprng, dsc_seed_pk, fz_sampler};
use pqfit_core::cross::{CrossParams, MAX_N_K};
use pqfit_core::keccak::Keccak;
use zeroize::Zeroize;

/// Keeps V (k (n - k) elements of F_p, one byte each for p = 127, two bytes
/// little-endian for p = 509) and W (m (n - m) elements of F_z) for the operation.
#[derive(Clone, Copy, Debug, Default)]
pub struct StoredMatrices;

impl crate::sealed::Sealed for StoredMatrices {}

/// The kept matrices, row-major as `expand_pk` draws them.
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
        let width = if P::RSDPG { 2 } else { 1 };
        for v in store.v.chunks_exact_mut(width) {
            let x = s.sample().to_le_bytes();
            v.copy_from_slice(&x[..width]);
        }
    }

    fn syndrome<K: Keccak>(store: &Self::Store, _seed_pk: &[u8], x: &[u16], out: &mut [u16]) {
        let nk = P::N - P::K;
        let mut acc = [0u32; MAX_N_K];
        let width = if P::RSDPG { 2 } else { 1 };
        for (i, row) in store.v.chunks_exact(nk * width).enumerate() {
            let xi = x[i] as u32;
            for (a, v) in acc.iter_mut().zip(row.chunks_exact(width)) {
                let v = if P::RSDPG {
                    u16::from_le_bytes([v[0], v[1]])
                } else {
                    v[0] as u16
                };
                *a += xi * v as u32;
            }
        }
        for j in 0..nk {
            out[j] = reduce_p::<P>(acc[j] + x[P::K + j] as u32);
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
