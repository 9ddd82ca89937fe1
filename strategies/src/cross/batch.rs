//! The first commitments of several rounds at once (spec Algorithm 2, Sign: cmt_0 =
//! Hash(s' || v || salt) with s' = (g^v-bar * u') H^T): the rounds' inputs are
//! gathered, then their syndromes come from one call of [`Matrices::syndromes`], so
//! that a streamed V is expanded once per batch instead of once per round.

use super::round::{commitment_0, FpVec, Round, Secret};
use crate::cross::strategy::Matrices;
use generic_array::sequence::GenericSequence;
use generic_array::{ArrayLength, GenericArray};
use pqfit_core::cross::{CrossParams, MAX_HASH_BYTES, MAX_PACKED_V_BYTES};
use pqfit_core::keccak::Keccak;
use zeroize::Zeroize;

/// Up to `B` rounds waiting for their cmt_0: each round's x = g^v-bar * u' (replaced
/// by its syndrome s' when the batch is committed), packed v and index. Secret (v
/// of a round whose seed is disclosed gives e-bar): wiped on drop.
pub(crate) struct CommitBatch<P: CrossParams, B: ArrayLength> {
    xs: GenericArray<FpVec<P>, B>,
    packed_v: GenericArray<[u8; MAX_PACKED_V_BYTES], B>,
    rounds: GenericArray<usize, B>,
    len: usize,
}

impl<P: CrossParams, B: ArrayLength> Default for CommitBatch<P, B> {
    fn default() -> Self {
        Self {
            xs: GenericArray::default(),
            packed_v: GenericArray::generate(|_| [0; MAX_PACKED_V_BYTES]),
            rounds: GenericArray::default(),
            len: 0,
        }
    }
}

impl<P: CrossParams, B: ArrayLength> Drop for CommitBatch<P, B> {
    fn drop(&mut self) {
        for x in self.xs.iter_mut() {
            x.as_mut_slice().zeroize();
        }
        for v in self.packed_v.iter_mut() {
            v.zeroize();
        }
    }
}

impl<P: CrossParams, B: ArrayLength> CommitBatch<P, B> {
    /// Whether the batch holds `B` rounds (then [`CommitBatch::commit`] is due).
    pub fn is_full(&self) -> bool {
        self.len == B::USIZE
    }

    /// Adds round `i` (its expanded e', u'), with e the expanded secret.
    pub fn push(&mut self, round: &Round<P>, e: &Secret<P>, i: usize) {
        let slot = self.len;
        round.commitment_input(e, &mut self.packed_v[slot], &mut self.xs[slot]);
        self.rounds[slot] = i;
        self.len += 1;
    }

    /// The cmt_0 of every round in the batch, in the order they were added: their
    /// syndromes together, then `f(i, cmt_0)` for each round i. Empties the batch.
    pub fn commit<K: Keccak, M: Matrices<P>>(
        &mut self,
        matrices: &M::Store,
        seed_pk: &[u8],
        salt: &[u8],
        mut f: impl FnMut(usize, &[u8]),
    ) {
        let len = self.len;
        if len == 0 {
            return;
        }
        M::syndromes::<K>(matrices, seed_pk, &mut self.xs[..len]);
        let mut cmt_0 = [0u8; MAX_HASH_BYTES];
        for slot in 0..len {
            let i = self.rounds[slot];
            commitment_0::<P, K>(
                &self.xs[slot][..P::N - P::K],
                &self.packed_v[slot][..P::PACKED_V_BYTES],
                salt,
                i,
                &mut cmt_0,
            );
            f(i, &cmt_0[..P::HASH_BYTES]);
        }
        self.len = 0;
    }
}
