//! [`StreamedMatrices`]: V and W re-drawn from seed_pk row by row at every product.

use super::Matrices;
use generic_array::GenericArray;
use pqfit_core::cross::arith::{reduce_p, reduce_z};
use pqfit_core::cross::csprng::{csprng, dsc_seed_pk, XofReader};
#[cfg(test)]
use pqfit_core::cross::csprng::{fz_sampler, Sampler};
use pqfit_core::cross::CrossParams;
use pqfit_core::dsp;
use pqfit_core::keccak::Keccak;
use typenum::Unsigned;
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

impl<N: generic_array::ArrayLength> Default for Accumulator<N> {
    fn default() -> Self {
        Self::new()
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

/// The shared sampler positioned at the first entry of W (`W_first`) or of V: what
/// `PublicV` reproduces (tests).
#[cfg(test)]
fn matrix_stream<P: CrossParams, K: Keccak>(seed_pk: &[u8], w_first: bool) -> Sampler<K> {
    let xof = csprng::<P, K>(&[&seed_pk[..P::KEY_SEED_BYTES]], dsc_seed_pk::<P>());
    let mut s = fz_sampler::<P, K>(xof, P::BITS_W_CT_RNG);
    if !w_first {
        // V follows W's whole budget in the same XOF stream.
        s.reshape(P::BITS_V_CT_RNG, P::BITS_P, P::P as u32, 0);
    }
    s
}

/// The entries of V (or W) as the shared sampler draws them (`matrix_stream`): the same
/// little-endian bit stream over the same byte budget (zero past it), read a word at a
/// time, with a branch per candidate. V and W are public (expanded from seed_pk), so
/// which candidates are rejected needs no declassification.
struct PublicV<K: Keccak> {
    xof: XofReader<K>,
    budget: usize,
    buf: [u8; 32],
    pos: usize,
    acc: u64,
    nbits: u32,
    bits: u32,
    bound: u32,
}

impl<K: Keccak> PublicV<K> {
    /// Positioned at V's first entry (after W's budget, as `matrix_stream`).
    fn new<P: CrossParams>(seed_pk: &[u8]) -> Self {
        let mut v = Self::w::<P>(seed_pk);
        while v.budget > 0 {
            v.refill();
        }
        v.budget = P::BITS_V_CT_RNG.div_ceil(8);
        v.pos = 32;
        (v.bits, v.bound) = (P::BITS_P as u32, P::P as u32);
        v
    }

    /// Positioned at W's first entry (R-SDP(G)): elements of F_z.
    fn w<P: CrossParams>(seed_pk: &[u8]) -> Self {
        let xof = csprng::<P, K>(&[&seed_pk[..P::KEY_SEED_BYTES]], dsc_seed_pk::<P>());
        Self {
            xof,
            budget: P::BITS_W_CT_RNG.div_ceil(8),
            buf: [0; 32],
            pos: 32,
            acc: 0,
            nbits: 0,
            bits: P::BITS_Z as u32,
            bound: P::Z as u32,
        }
    }

    /// The next 32 bytes of the budget (zero past it).
    #[inline(never)]
    fn refill(&mut self) {
        let n = self.budget.min(self.buf.len());
        self.xof.squeeze(&mut self.buf[..n]);
        self.buf[n..].fill(0);
        self.budget -= n;
        self.pos = 0;
    }

    /// The next entry of V.
    #[inline(always)]
    fn next(&mut self) -> u32 {
        loop {
            if self.nbits < self.bits {
                if self.pos == self.buf.len() {
                    self.refill();
                }
                let w = &self.buf[self.pos..self.pos + 4];
                let word = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
                self.acc |= (word as u64) << self.nbits;
                self.nbits += 32;
                self.pos += 4;
            }
            let v = self.acc as u32 & ((1 << self.bits) - 1);
            self.acc >>= self.bits;
            self.nbits -= self.bits;
            if v < self.bound {
                return v;
            }
        }
    }
}

/// Rounds whose syndromes share one expansion of V in signing ([`Matrices::Batch`]):
/// each entry of V is drawn once and multiplied into this many accumulator rows.
pub type StreamedBatch = typenum::U8;

impl<P: CrossParams> Matrices<P> for StreamedMatrices {
    type Store = ();
    type Batch = StreamedBatch;

    fn expand<K: Keccak>(_store: &mut (), _seed_pk: &[u8]) {}

    fn syndrome<K: Keccak>(_store: &(), seed_pk: &[u8], x: &[u16], out: &mut [u16]) {
        let nk = P::N - P::K;
        let mut s = PublicV::<K>::new::<P>(seed_pk);
        let mut acc = Accumulator::<P::NkLen>::new();
        for &xi in &x[..P::K] {
            for a in acc.0[..nk].iter_mut() {
                *a += xi as u32 * s.next();
            }
        }
        for j in 0..nk {
            out[j] = reduce_p::<P>(acc.0[j] + x[P::K + j] as u32);
        }
    }

    /// One expansion of V for all of `xs`: V is drawn row by row (its public entries
    /// through `PublicV`, a word at a time, branching on rejections), four
    /// rows at a time, and each group is multiplied into every vector's accumulators
    /// by two SMLADs per accumulator (rows i, i + 1 and i + 2, i + 3 as the two lanes of
    /// a word). The sums stay below k (p - 1)^2 + p < 2^31 and every factor below 2^15,
    /// so the signed lanes and accumulators are exact (as in `StoredMatrices`).
    fn syndromes<K: Keccak>(_store: &(), seed_pk: &[u8], xs: &mut [GenericArray<u16, P::NLen>]) {
        let nk = P::N - P::K;
        let count = xs.len().min(StreamedBatch::USIZE);
        let xs = &mut xs[..count];
        let mut s = PublicV::<K>::new::<P>(seed_pk);
        let mut acc = GenericArray::<Accumulator<P::NkLen>, StreamedBatch>::default();
        // Entry j of rows i..i + 4: (V[i][j] | V[i + 1][j] << 16, V[i + 2][j] | V[i + 3][j] << 16).
        let mut rows = GenericArray::<[u32; 2], P::NkLen>::default();
        let whole = P::K - P::K % 4;
        let pair = |x: &[u16], i: usize| x[i] as u32 | (x[i + 1] as u32) << 16;
        for i in (0..whole).step_by(4) {
            let rows = &mut rows[..nk];
            for r in rows.iter_mut() {
                r[0] = s.next();
            }
            for r in rows.iter_mut() {
                r[0] |= s.next() << 16;
            }
            for r in rows.iter_mut() {
                r[1] = s.next();
            }
            for r in rows.iter_mut() {
                r[1] |= s.next() << 16;
            }
            for (a, x) in acc.iter_mut().zip(xs.iter()) {
                let (x01, x23) = (pair(x, i), pair(x, i + 2));
                for (aj, r) in a.0[..nk].iter_mut().zip(rows.iter()) {
                    let sum = dsp::smlad(r[0], x01, *aj as i32);
                    *aj = dsp::smlad(r[1], x23, sum) as u32;
                }
            }
        }
        for i in whole..P::K {
            let rows = &mut rows[..nk];
            for r in rows.iter_mut() {
                r[0] = s.next();
            }
            for (a, x) in acc.iter_mut().zip(xs.iter()) {
                let xi = x[i] as u32;
                for (aj, r) in a.0[..nk].iter_mut().zip(rows.iter()) {
                    *aj += xi * r[0];
                }
            }
        }
        for (a, x) in acc.iter_mut().zip(xs.iter_mut()) {
            for j in 0..nk {
                a.0[j] += x[P::K + j] as u32;
            }
            for j in 0..nk {
                x[j] = reduce_p::<P>(a.0[j]);
            }
        }
    }

    fn expand_g<K: Keccak>(_store: &(), seed_pk: &[u8], e_g: &[u8], out: &mut [u8]) {
        let nm = P::N - P::M;
        let mut s = PublicV::<K>::w::<P>(seed_pk);
        let mut acc = Accumulator::<P::NLen>::new();
        for &e in &e_g[..P::M] {
            for a in acc.0[..nm].iter_mut() {
                *a += e as u32 * s.next();
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
    use pqfit_core::cross::{Rsdp1Fast, Rsdpg1Fast, Rsdpg5Small};
    use pqfit_core::keccak::DefaultKeccak;

    /// `PublicV` draws exactly the entries of V that the shared sampler draws, for
    /// p = 127 (no W) and p = 509 (after W's budget).
    fn public_v_matches<P: CrossParams>() {
        let seed_pk: [u8; 64] = core::array::from_fn(|i| (i as u8).wrapping_mul(37) ^ 0x5a);
        let mut shared = matrix_stream::<P, DefaultKeccak>(&seed_pk, false);
        let mut public = PublicV::<DefaultKeccak>::new::<P>(&seed_pk);
        for _ in 0..P::K * (P::N - P::K) {
            assert_eq!(public.next(), shared.sample() as u32);
        }
        let mut shared = matrix_stream::<P, DefaultKeccak>(&seed_pk, true);
        let mut public = PublicV::<DefaultKeccak>::w::<P>(&seed_pk);
        for _ in 0..P::M * (P::N - P::M) {
            assert_eq!(public.next(), shared.sample() as u32);
        }
    }

    #[test]
    fn public_v_draws_the_shared_samplers_entries() {
        public_v_matches::<Rsdp1Fast>();
        public_v_matches::<Rsdpg1Fast>();
        public_v_matches::<Rsdpg5Small>();
    }

    /// The batched syndromes equal one `syndrome` per vector, for a full and a
    /// partial batch.
    fn batch_matches<P: CrossParams>(count: usize) {
        let seed_pk: [u8; 64] = core::array::from_fn(|i| i as u8 ^ 0xc3);
        let mut xs = GenericArray::<GenericArray<u16, P::NLen>, StreamedBatch>::default();
        for (b, x) in xs.iter_mut().enumerate() {
            for (j, v) in x.iter_mut().enumerate() {
                *v = ((b * 131 + j * 29 + 7) % P::P as usize) as u16;
            }
        }
        let mut want = GenericArray::<GenericArray<u16, P::NkLen>, StreamedBatch>::default();
        for (x, w) in xs.iter().zip(want.iter_mut()) {
            <StreamedMatrices as Matrices<P>>::syndrome::<DefaultKeccak>(&(), &seed_pk, x, w);
        }
        <StreamedMatrices as Matrices<P>>::syndromes::<DefaultKeccak>(
            &(),
            &seed_pk,
            &mut xs[..count],
        );
        let nk = P::N - P::K;
        for b in 0..count {
            assert_eq!(xs[b][..nk], want[b][..nk], "vector {b} of {count}");
        }
    }

    #[test]
    fn batched_syndromes_equal_single_ones() {
        batch_matches::<Rsdp1Fast>(StreamedBatch::USIZE);
        batch_matches::<Rsdp1Fast>(3);
        batch_matches::<Rsdpg1Fast>(StreamedBatch::USIZE);
        batch_matches::<Rsdpg5Small>(5);
    }

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
