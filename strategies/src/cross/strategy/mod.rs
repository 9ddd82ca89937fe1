//! Memory strategies for CROSS: where each large intermediate lives.
//!
//! The algorithms in [`crate::cross`] are written once over these traits; a
//! strategy is a type naming one implementation per component:
//!
//! | component | trait | decides | implementations |
//! |---|---|---|---|
//! | round seeds | [`RoundSeeds`] | seed tree kept, or each seed re-derived from the root | [`StoredSeedTree`], [`RegeneratedSeeds`] |
//! | Merkle tree of cmt_0 | [`MerkleTree`] | all t cmt_0 and the whole tree kept, or built as they are made (one node per level) and recomputed for the proof | [`StoredMerkleTree`], [`IncrementalMerkle`] |
//! | second commitments cmt_1 | [`SecondCommitments`] | all t kept, or hashed as they are made (disclosed ones recomputed from their seeds) | [`StoredCmt1`], [`HashedCmt1`] |
//! | first responses y | [`FirstResponses`] | all t packed y kept from the second pass, or regenerated for the responses | [`StoredY`], [`RegeneratedY`] |
//! | V and W | [`Matrices`] | the matrices kept, or streamed from seed_pk at every product | [`StoredMatrices`], [`StreamedMatrices`] |
//!
//! Whatever the mix, the per-round vectors e', u', v are never kept for all t rounds:
//! they are re-expanded from the round seed where needed, and the responses are
//! written straight into the caller's signature buffer. Every strategy yields
//! byte-identical keys and signatures.

pub mod catalog;
mod hardened;
mod hashed_cmt1;
mod incremental_merkle;
mod presets;
mod regenerated_seeds;
mod regenerated_y;
mod stored_cmt1;
mod stored_matrices;
mod stored_merkle_tree;
mod stored_seed_tree;
mod stored_y;
mod streamed_matrices;

pub use hardened::Hardened;
pub use hashed_cmt1::HashedCmt1;
pub use incremental_merkle::IncrementalMerkle;
pub use presets::{Balanced, Custom, Fast, MinStack};
pub use regenerated_seeds::RegeneratedSeeds;
pub use regenerated_y::RegeneratedY;
pub use stored_cmt1::StoredCmt1;
pub use stored_matrices::StoredMatrices;
pub use stored_merkle_tree::StoredMerkleTree;
pub use stored_seed_tree::StoredSeedTree;
pub use stored_y::StoredY;
pub use streamed_matrices::StreamedMatrices;

use generic_array::{ArrayLength, GenericArray};
use pqfit_core::cross::merkle::ProofIo;
use pqfit_core::cross::tree::Flags;
use pqfit_core::cross::CrossParams;
use pqfit_core::keccak::Keccak;
use zeroize::Zeroize;

/// Where the round seeds come from.
pub trait RoundSeeds<P: CrossParams, K: Keccak>: crate::sealed::Sealed {
    /// Memory kept for one signing or verification.
    type Store: Default + Zeroize;

    /// Signing: prepares the seeds of the root seed and salt.
    fn generate(store: &mut Self::Store, root: &[u8], salt: &[u8]);

    /// Signing: round `round`'s seed into `out`.
    fn round_seed(store: &mut Self::Store, root: &[u8], salt: &[u8], round: usize, out: &mut [u8]);

    /// Signing: the seed of tree node `node` (not for the fast corner).
    fn node_seed(store: &mut Self::Store, root: &[u8], salt: &[u8], node: usize, out: &mut [u8]);

    /// Verification: prepares from the seed path; `flags` are
    /// [`Flags::seeds_to_publish`].
    fn rebuild(store: &mut Self::Store, flags: &Flags, path: &[u8], salt: &[u8]);

    /// Verification: the seed of a round disclosed by seed (`chall_2 = 1`).
    fn rebuilt_round_seed(
        store: &Self::Store,
        flags: &Flags,
        chall_2: &[u8],
        path: &[u8],
        salt: &[u8],
        round: usize,
        out: &mut [u8],
    );
}

/// Where the first commitments cmt_0 and their Merkle tree go in signing.
pub trait MerkleTree<P: CrossParams, K: Keccak>: crate::sealed::Sealed {
    /// Memory kept from the first pass to the responses.
    type Store;
    /// Whether the responses pass recomputes the first commitments under the proof
    /// nodes (those of the rounds disclosed by seed) to write the Merkle proof (the
    /// tree was not kept).
    const RECOMPUTES: bool;

    /// An empty store.
    fn new() -> Self::Store;

    /// Round `round`'s cmt_0, in round order.
    fn add(store: &mut Self::Store, round: usize, cmt_0: &[u8]);

    /// d_0, the Merkle root, after all t rounds.
    fn root(store: &mut Self::Store, d0: &mut [u8]);

    /// Writes the Merkle proof from the kept tree (when not [`Self::RECOMPUTES`]).
    fn write_proof(store: &Self::Store, chall_2: &[u8], proof: &mut [u8]);

    /// The responses pass, when [`Self::RECOMPUTES`]: round `round`'s cmt_0 again, in
    /// round order (`None` for a round the verifier computes), writing the proof
    /// nodes it completes into `proof`.
    fn add_again(store: &mut Self::Store, round: usize, cmt_0: Option<&[u8]>, proof: &mut ProofIo);
}

/// Where the second commitments cmt_1 go in signing.
pub trait SecondCommitments<P: CrossParams, K: Keccak>: crate::sealed::Sealed {
    /// Memory kept from the first pass to the responses.
    type Store;

    /// An empty store.
    fn new() -> Self::Store;

    /// Round `round`'s cmt_1, in round order.
    fn add(store: &mut Self::Store, round: usize, cmt_1: &[u8]);

    /// d_1 = Hash(cmt_1\[0\] || ... || cmt_1\[t - 1\]), after all t rounds.
    fn digest(store: &mut Self::Store, d1: &mut [u8]);

    /// Round `round`'s cmt_1, if kept (else the caller recomputes it).
    fn get(store: &Self::Store, round: usize) -> Option<&[u8]>;
}

/// Where the packed first responses y go between signing's second and third pass,
/// and whether each round's u' and e' are kept from the first pass.
pub trait FirstResponses<P: CrossParams>: crate::sealed::Sealed {
    /// Memory kept from the first pass to the responses; it holds secrets (u', e').
    type Store: Default + Zeroize;

    /// Where the first pass packs round `round`'s u' and restricted e'
    /// (`Round::pack_expanded`), if they are kept: then the later passes take them
    /// from here instead of expanding the round's seed again.
    fn expanded_mut(store: &mut Self::Store, round: usize) -> Option<(&mut [u8], &mut [u8])>;

    /// Round `round`'s packed u' and restricted e', if kept; u' shares its place with
    /// y, so the first slice is y once [`FirstResponses::keep`] has run for the round.
    fn expanded(store: &Self::Store, round: usize) -> Option<(&[u8], &[u8])>;

    /// Round `round`'s packed y.
    fn keep(store: &mut Self::Store, round: usize, packed_y: &[u8]);

    /// Round `round`'s packed y, if kept (else the caller regenerates it).
    fn get(store: &Self::Store, round: usize) -> Option<&[u8]>;
}

/// Where the parity-check matrix V (and, for R-SDP(G), the generator W) live.
pub trait Matrices<P: CrossParams>: crate::sealed::Sealed {
    /// Memory kept for one operation.
    type Store: Default + Zeroize;

    /// Prepares the store for `seed_pk` (once per operation).
    fn expand<K: Keccak>(store: &mut Self::Store, seed_pk: &[u8]);

    /// `fp_vec_by_fp_matrix`: out = x H^T, i.e. out\[j\] = x\[k + j\] + sum_i x\[i\]
    /// V\[i\]\[j\] mod p, for x in F_p^n.
    fn syndrome<K: Keccak>(store: &Self::Store, seed_pk: &[u8], x: &[u16], out: &mut [u16]);

    /// `fz_inf_w_by_fz_matrix` (R-SDP(G)): out = e_G \[W | I\] mod z.
    fn expand_g<K: Keccak>(store: &Self::Store, seed_pk: &[u8], e_g: &[u8], out: &mut [u8]);

    /// How many syndromes signing computes together ([`Matrices::syndromes`]): the
    /// commitments of up to this many rounds share one pass over V.
    type Batch: ArrayLength;

    /// The syndromes of up to [`Matrices::Batch`] vectors x_b in F_p^n, in place: on
    /// return the first n - k entries of `xs[b]` hold x_b H^T (the rest is
    /// unspecified). Each [`Matrices::syndrome`] in turn unless the implementation
    /// shares the work.
    fn syndromes<K: Keccak>(
        store: &Self::Store,
        seed_pk: &[u8],
        xs: &mut [GenericArray<u16, P::NLen>],
    ) {
        let nk = P::N - P::K;
        let mut out = GenericArray::<u16, P::NkLen>::default();
        for x in xs.iter_mut() {
            Self::syndrome::<K>(store, seed_pk, x, &mut out);
            x[..nk].copy_from_slice(&out[..nk]);
        }
        // A syndrome of a round's x depends on e-bar through v-bar.
        out.zeroize();
    }
}

/// A complete CROSS strategy: one implementation per component and a Keccak
/// backend. Name one with [`Custom`] or use a preset; harden any of them against
/// fault attacks with [`Hardened<S>`](Hardened).
pub trait Strategy<P: CrossParams> {
    /// The Keccak backend.
    type Keccak: Keccak;
    /// Round seeds.
    type Seeds: RoundSeeds<P, Self::Keccak>;
    /// The Merkle tree of the first commitments.
    type Merkle: MerkleTree<P, Self::Keccak>;
    /// The second commitments.
    type Cmt1: SecondCommitments<P, Self::Keccak>;
    /// The first responses y.
    type Y: FirstResponses<P>;
    /// V and W.
    type Matrix: Matrices<P>;
    /// Whether signing computes the signature twice and releases it only when both
    /// agree ([`Hardened`]); false for every other strategy.
    const HARDENED: bool = false;
}
