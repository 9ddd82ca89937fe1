//! [`StoredMatrices`]: V (and W) expanded once per operation and kept.

use super::Matrices;
use generic_array::GenericArray;
use pqfit_core::cross::arith::{fz_dot, reduce_p};
use pqfit_core::cross::csprng::{csprng, dsc_seed_pk, fz_sampler};
use pqfit_core::cross::CrossParams;
use pqfit_core::dsp;
use pqfit_core::keccak::Keccak;
use zeroize::Zeroize;

/// Keeps V (k (n - k) elements of F_p, one byte each for p = 127 (in each group of
/// four, the middle two swapped: `byte_slot`), two bytes little-endian for p = 509) and W (m (n - m) elements of F_z) for the operation.
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

/// Where entry `i` of a column of k one-byte entries is kept: in each whole group of
/// four, entries 1 and 2 trade places, so that UXTB16 unpacks a word into the lanes of
/// entries (i, i + 1) and (i + 2, i + 3); the last k mod 4 entries stay in order.
#[inline(always)]
fn byte_slot(i: usize, k: usize) -> usize {
    if i < k - k % 4 {
        match i % 4 {
            1 => i + 1,
            2 => i - 1,
            _ => i,
        }
    } else {
        i
    }
}

impl<P: CrossParams> Matrices<P> for StoredMatrices {
    type Store = MatrixStore<P>;
    /// One at a time: with V kept, a syndrome costs the same alone.
    type Batch = generic_array::typenum::U1;

    fn expand<K: Keccak>(store: &mut Self::Store, seed_pk: &[u8]) {
        let xof = csprng::<P, K>(&[&seed_pk[..P::KEY_SEED_BYTES]], dsc_seed_pk::<P>());
        let mut s = fz_sampler::<P, K>(xof, P::BITS_W_CT_RNG);
        if P::RSDPG {
            let w = &mut store.w;
            s.fill(w.len(), |j, x| w[j] = x as u8);
        }
        s.reshape(P::BITS_V_CT_RNG, P::BITS_P, P::P as u32, 0);
        let (k, nk) = (P::K, P::N - P::K);
        let v = &mut store.v;
        // Drawn row by row, kept column by column (V transposed): each coordinate of
        // a syndrome is then one dot product over consecutive bytes, its sum in a
        // register.
        // Row and column counted along, not divided out of the index: on the M3 a
        // division by the constant n - k becomes a long multiply, which the
        // long-multiply check (scripts/check-m3-long-multiplies.sh) forbids here.
        let (mut i, mut j) = (0, 0);
        s.fill(k * nk, |_, x| {
            if P::RSDPG {
                let at = (j * k + i) * 2;
                v[at..at + 2].copy_from_slice(&x.to_le_bytes());
            } else {
                v[j * k + byte_slot(i, k)] = x as u8;
            }
            j += 1;
            if j == nk {
                j = 0;
                i += 1;
            }
        });
    }

    fn syndrome<K: Keccak>(store: &Self::Store, _seed_pk: &[u8], x: &[u16], out: &mut [u16]) {
        let k = P::K;
        let width = if P::RSDPG { 2 } else { 1 };
        // Two products per SMLAD: the sums stay below k (p - 1)^2 + p < 2^31, and
        // every factor below 2^15, so the signed lanes and accumulator are exact.
        let pair = |i: usize| x[i] as u32 | (x[i + 1] as u32) << 16;
        for (j, column) in store.v.chunks_exact(k * width).enumerate() {
            let mut acc = x[k + j] as i32;
            if P::RSDPG {
                // Entries i and i + 1 are the two little-endian halves of a word; two
                // words a step.
                let word = |w: &[u8]| u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
                let whole = 2 * (k - k % 2);
                let mut i = 0;
                for w in column[..whole].chunks_exact(8) {
                    acc = dsp::smlad(word(&w[..4]), pair(i), acc);
                    acc = dsp::smlad(word(&w[4..]), pair(i + 2), acc);
                    i += 4;
                }
                if 2 * i < whole {
                    acc = dsp::smlad(word(&column[2 * i..2 * i + 4]), pair(i), acc);
                }
                if k % 2 == 1 {
                    acc += x[k - 1] as i32
                        * u16::from_le_bytes([column[2 * k - 2], column[2 * k - 1]]) as i32;
                }
            } else {
                // A word holds entries i, i + 2, i + 1, i + 3 (`byte_slot`): bytes 0 and 2
                // are the lanes of entries i, i + 1, bytes 1 and 3 those of i + 2, i + 3.
                // Two words a step (one loop branch per eight products).
                let quad = |acc: i32, v: u32, i: usize| {
                    let acc = dsp::smlad(dsp::uxtb16(v), pair(i), acc);
                    dsp::smlad(dsp::uxtb16_ror8(v), pair(i + 2), acc)
                };
                let word = |w: &[u8]| u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
                let whole = k - k % 4;
                let mut i = 0;
                for w in column[..whole].chunks_exact(8) {
                    acc = quad(acc, word(&w[..4]), i);
                    acc = quad(acc, word(&w[4..]), i + 4);
                    i += 8;
                }
                if i < whole {
                    acc = quad(acc, word(&column[i..i + 4]), i);
                }
                for i in whole..k {
                    acc += x[i] as i32 * column[i] as i32;
                }
            }
            out[j] = reduce_p::<P>(acc as u32);
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
