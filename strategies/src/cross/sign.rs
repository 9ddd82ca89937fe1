//! CROSS signing (spec v2.2, Algorithm 2 "Sign"; reference `CROSS_sign`), in three
//! passes over the t rounds so that no per-round vector is kept for all rounds:
//! commitments, first responses y (hashed into digest_chall_2 as they are made),
//! then the disclosed seeds, the Merkle proof and the responses, written straight
//! into the signature.

use super::batch::CommitBatch;
use super::keygen::{expand_secret, expand_seed_sk};
use super::round::{commitment_1, Digest, FzVec, Round, Secret, SeedBuf};
use super::strategy::{
    FirstResponses, Matrices, MerkleTree, RoundSeeds, SecondCommitments, Strategy,
};
use crate::keys::SigningKey;
use generic_array::GenericArray;
use pqfit_core::cross::csprng::{
    chall_1_sampler, expand_digest_to_fixed_weight, hash, Xof, HASH_DSC,
};
use pqfit_core::cross::merkle::ProofIo;
use pqfit_core::cross::tree::{is_published, level_start, Flags};
use pqfit_core::cross::{CrossParams, MAX_HASH_BYTES, MAX_KEY_SEED_BYTES, MAX_PACKED_Y_BYTES};
use zeroize::{Zeroize, Zeroizing};

/// digest_chall_1 = Hash(Hash(msg) || digest_cmt || salt).
pub(crate) fn digest_chall_1<P: CrossParams, K: pqfit_core::keccak::Keccak>(
    msg: &[u8],
    digest_cmt: &[u8],
    salt: &[u8],
    out: &mut [u8],
) {
    let mut digest_msg: Digest = [0; MAX_HASH_BYTES];
    hash::<P, K>(&[msg], HASH_DSC, &mut digest_msg);
    hash::<P, K>(
        &[
            &digest_msg[..P::HASH_BYTES],
            &digest_cmt[..P::HASH_BYTES],
            &salt[..P::SALT_BYTES],
        ],
        HASH_DSC,
        out,
    );
}

/// Domain separation of [`hedged_seeds`].
const HEDGE_DOMAIN: &[u8] = b"pqfit CROSS v2.2 root seed and salt";

/// The root seed and the salt of a signature (`out` = root seed || salt): SHAKE256
/// over the secret key, the caller's `randomness` and the message.
///
/// The specification draws both at random for every signature. Drawing them from the
/// caller directly lets a caller publish e-bar: two messages signed with the same
/// root seed and salt disclose, in some round, both v-bar = e-bar - e'-bar and the
/// seed giving e'-bar. Derived like this, equal randomness for two messages still
/// gives unrelated seeds; for one message, the same signature again. The
/// distribution of signatures is unchanged for fresh random `randomness`.
pub(crate) fn hedged_seeds<P: CrossParams, K: pqfit_core::keccak::Keccak>(
    sk: &[u8],
    msg: &[u8],
    randomness: &[u8],
    out: &mut [u8],
) {
    let mut h = pqfit_core::hash::Shake256::<K>::with_backend();
    h.absorb(HEDGE_DOMAIN);
    h.absorb(sk);
    h.absorb(randomness);
    h.absorb(msg);
    h.finalize()
        .squeeze(&mut out[..P::SEED_BYTES + P::SALT_BYTES]);
    #[cfg(test)]
    crate::hardened::fault::hit(crate::hardened::fault::Site::CrossRootSeed, out);
}

/// Rounds a signature completes: t commitments, t first responses and `RESPONSES`
/// answered rounds (what [`sign`] returns without a fault).
pub(crate) const fn rounds<P: CrossParams>() -> u32 {
    (2 * P::T + P::RESPONSES) as u32
}

/// Algorithm 2, Sign, with the root seed and the salt given (the randomness).
/// Returns the rounds completed over the three passes ([`rounds`]; public).
pub(crate) fn sign<P: CrossParams, S: Strategy<P>>(
    sk: &SigningKey<P>,
    msg: &[u8],
    root_seed: &[u8],
    salt: &[u8],
    sig: &mut [u8],
) -> u32 {
    type K<P, S> = <S as Strategy<P>>::Keccak;
    let (h, sd) = (P::HASH_BYTES, P::SEED_BYTES);
    sig.fill(0);
    sig[..P::SALT_BYTES].copy_from_slice(&salt[..P::SALT_BYTES]);

    // Key material expansion.
    let mut seeds = Zeroizing::new([0u8; 2 * MAX_KEY_SEED_BYTES]);
    expand_seed_sk::<P, K<P, S>>(&sk.bytes, &mut seeds);
    let (seed_e, rest) = seeds.split_at(P::KEY_SEED_BYTES);
    let seed_pk = &rest[..P::KEY_SEED_BYTES];
    let mut matrices = Zeroizing::new(<S::Matrix as Matrices<P>>::Store::default());
    S::Matrix::expand::<K<P, S>>(&mut matrices, seed_pk);
    let mut e = Secret::<P>::default();
    expand_secret::<P, S>(&matrices, seed_e, seed_pk, &mut e);

    let mut tree = Zeroizing::new(<S::Seeds as RoundSeeds<P, K<P, S>>>::Store::default());
    S::Seeds::generate(&mut tree, root_seed, salt);

    // Pass 1: commitments of every round.
    let mut seed = SeedBuf::default();
    let mut round = Round::<P>::default();
    // The cmt_0 of up to `Batch` rounds wait here for their syndromes, computed
    // together (one expansion of a streamed V per batch); they reach the Merkle tree
    // in round order.
    let mut batch = CommitBatch::<P, <S::Matrix as Matrices<P>>::Batch>::default();
    let mut cmt_1: Digest = [0; MAX_HASH_BYTES];
    let mut merkle = <S::Merkle as MerkleTree<P, K<P, S>>>::new();
    let mut cmt_1s = <S::Cmt1 as SecondCommitments<P, K<P, S>>>::new();
    let mut ys = Zeroizing::new(<S::Y as FirstResponses<P>>::Store::default());
    let mut completed = 0u32;
    for i in 0..P::T {
        S::Seeds::round_seed(&mut tree, root_seed, salt, i, &mut seed.0);
        round.expand::<K<P, S>, S::Matrix>(&matrices, seed_pk, &seed.0, salt, i);
        batch.push(&round, &e, i);
        if let Some((packed_u, packed_e)) = S::Y::expanded_mut(&mut ys, i) {
            round.pack_expanded(packed_u, packed_e);
        }
        commitment_1::<P, K<P, S>>(&seed.0, salt, i, &mut cmt_1);
        S::Cmt1::add(&mut cmt_1s, i, &cmt_1);
        if batch.is_full() || i == P::T - 1 {
            batch.commit::<K<P, S>, S::Matrix>(&matrices, seed_pk, salt, |i, cmt_0| {
                S::Merkle::add(&mut merkle, i, cmt_0);
            });
        }
        completed += 1;
    }
    let mut d01 = [0u8; 2 * MAX_HASH_BYTES];
    {
        let (d0, d1) = d01.split_at_mut(h);
        S::Merkle::root(&mut merkle, d0);
        S::Cmt1::digest(&mut cmt_1s, d1);
    }
    hash::<P, K<P, S>>(
        &[&d01[..2 * h]],
        HASH_DSC,
        &mut sig[P::SIG_DIGEST_CMT..P::SIG_DIGEST_CMT + h],
    );
    // digest_cmt is published in the signature (docs/constant-time.md).
    pqfit_core::ct::declassify_bytes(&mut sig[P::SIG_DIGEST_CMT..P::SIG_DIGEST_CMT + h]);

    // First challenge.
    let mut chall_1_digest: Digest = [0; MAX_HASH_BYTES];
    digest_chall_1::<P, K<P, S>>(msg, &sig[P::SIG_DIGEST_CMT..], salt, &mut chall_1_digest);

    // Pass 2: first responses y, hashed in round order.
    let mut packed_y = [0u8; MAX_PACKED_Y_BYTES];
    let mut y_hash = Xof::<K<P, S>>::new::<P>();
    let mut chall_1 = chall_1_sampler::<P, K<P, S>>(&chall_1_digest);
    for i in 0..P::T {
        let c = chall_1.sample();
        match S::Y::expanded(&ys, i) {
            Some((packed_u, packed_e)) => round.unpack_expanded::<K<P, S>, S::Matrix>(
                &matrices,
                seed_pk,
                Some(packed_u),
                packed_e,
            ),
            None => {
                S::Seeds::round_seed(&mut tree, root_seed, salt, i, &mut seed.0);
                round.expand::<K<P, S>, S::Matrix>(&matrices, seed_pk, &seed.0, salt, i);
            }
        }
        round.y(c, &mut packed_y);
        y_hash.absorb(&packed_y[..P::PACKED_Y_BYTES]);
        S::Y::keep(&mut ys, i, &packed_y);
        completed += 1;
    }
    y_hash.absorb(&chall_1_digest[..h]);
    y_hash.finish(
        HASH_DSC,
        &mut sig[P::SIG_DIGEST_CHALL_2..P::SIG_DIGEST_CHALL_2 + h],
    );
    // digest_chall_2 is published in the signature: which rounds disclose their seeds
    // and which answer with responses is public.
    pqfit_core::ct::declassify_bytes(&mut sig[P::SIG_DIGEST_CHALL_2..P::SIG_DIGEST_CHALL_2 + h]);

    // Second challenge.
    let mut chall_2 = GenericArray::<u8, P::TLen>::default();
    let mut digest_chall_2: Digest = [0; MAX_HASH_BYTES];
    digest_chall_2[..h].copy_from_slice(&sig[P::SIG_DIGEST_CHALL_2..P::SIG_DIGEST_CHALL_2 + h]);
    #[cfg(test)]
    crate::hardened::fault::hit(
        crate::hardened::fault::Site::CrossChall2,
        &mut digest_chall_2,
    );
    expand_digest_to_fixed_weight::<P, K<P, S>>(&mut chall_2, &digest_chall_2);

    // Seed path: the disclosed seeds (`seed_path`).
    {
        let path = &mut sig[P::SIG_PATH..P::SIG_PROOF];
        let mut out = 0;
        if P::NO_TREES {
            for (i, &c) in chall_2[..P::T].iter().enumerate() {
                if c == 1 {
                    S::Seeds::round_seed(&mut tree, root_seed, salt, i, &mut seed.0);
                    path[out * sd..out * sd + sd].copy_from_slice(&seed.0[..sd]);
                    out += 1;
                }
            }
        } else {
            let flags = Flags::seeds_to_publish::<P>(&chall_2);
            for level in 1..=P::TREE_DEPTH {
                let start = level_start::<P>(level);
                for node in start..start + P::TREE_NODES_PER_LEVEL[level] as usize {
                    if is_published::<P>(&flags, node, level) {
                        S::Seeds::node_seed(&mut tree, root_seed, salt, node, &mut seed.0);
                        path[out * sd..out * sd + sd].copy_from_slice(&seed.0[..sd]);
                        out += 1;
                    }
                }
            }
        }
    }

    // Merkle proof, from the kept tree or while rebuilding it below.
    let (head, responses) = sig.split_at_mut(P::SIG_RESP_1);
    let proof = &mut head[P::SIG_PROOF..];
    let recompute = <S::Merkle as MerkleTree<P, K<P, S>>>::RECOMPUTES;
    if !recompute {
        S::Merkle::write_proof(&merkle, &chall_2, proof);
    }
    let flags = Flags::computed_by_verifier::<P>(&chall_2);
    let mut proof_io = ProofIo::Write {
        flags: &flags,
        proof,
    };

    // Pass 3: responses for the rounds with chall_2 = 0.
    let (resp_1, resp_0) = responses.split_at_mut(P::RESPONSES * h);
    let resp_len = P::PACKED_Y_BYTES + P::PACKED_V_BYTES;
    let mut chall_1 = chall_1_sampler::<P, K<P, S>>(&chall_1_digest);
    let mut r = 0;
    // The first round not yet given to the Merkle tree (when it is rebuilt).
    let mut next = 0;
    for (i, &challenge) in chall_2[..P::T].iter().enumerate() {
        let c = chall_1.sample();
        let answered = challenge == 0;
        // The verifier recomputes the cmt_0 of answered rounds: only the others are
        // under proof nodes.
        let needs_cmt_0 = recompute && !answered;
        if !answered && !needs_cmt_0 {
            continue;
        }
        let kept_y = S::Y::get(&ys, i);
        S::Seeds::round_seed(&mut tree, root_seed, salt, i, &mut seed.0);
        match S::Y::expanded(&ys, i) {
            // y is kept: v needs e' only.
            Some((_, packed_e)) if !needs_cmt_0 => {
                round.unpack_expanded::<K<P, S>, S::Matrix>(&matrices, seed_pk, None, packed_e)
            }
            // Nothing kept, or cmt_0 is recomputed: u' is needed and y has taken its
            // place.
            _ => round.expand::<K<P, S>, S::Matrix>(&matrices, seed_pk, &seed.0, salt, i),
        }
        if needs_cmt_0 {
            batch.push(&round, &e, i);
            if batch.is_full() {
                replay::<P, S>(
                    &mut batch,
                    &matrices,
                    seed_pk,
                    salt,
                    &mut merkle,
                    &mut proof_io,
                    &mut next,
                );
            }
        }
        if answered {
            let out = &mut resp_0[r * resp_len..(r + 1) * resp_len];
            let (y_out, v_out) = out.split_at_mut(P::PACKED_Y_BYTES);
            match kept_y {
                Some(y) => y_out.copy_from_slice(&y[..P::PACKED_Y_BYTES]),
                None => round.y(c, y_out),
            }
            let mut v_bar = FzVec::<P>::default();
            round.v(&e, &mut v_bar, v_out);
            v_bar.as_mut_slice().zeroize();
            match S::Cmt1::get(&cmt_1s, i) {
                Some(c1) => resp_1[r * h..r * h + h].copy_from_slice(&c1[..h]),
                None => commitment_1::<P, K<P, S>>(&seed.0, salt, i, &mut resp_1[r * h..r * h + h]),
            }
            r += 1;
        }
    }
    if recompute {
        replay::<P, S>(
            &mut batch,
            &matrices,
            seed_pk,
            salt,
            &mut merkle,
            &mut proof_io,
            &mut next,
        );
        // The rounds after the last batch are the verifier's.
        for i in next..P::T {
            S::Merkle::add_again(&mut merkle, i, None, &mut proof_io);
        }
    }
    completed + r as u32
}

/// The responses pass, when the Merkle tree is rebuilt: the cmt_0 of the batch's
/// rounds (those disclosed by seed) into the tree in round order, each after the
/// rounds since `next` that the verifier computes (`None`); `next` then follows the
/// batch's last round.
fn replay<P: CrossParams, S: Strategy<P>>(
    batch: &mut CommitBatch<P, <S::Matrix as Matrices<P>>::Batch>,
    matrices: &<S::Matrix as Matrices<P>>::Store,
    seed_pk: &[u8],
    salt: &[u8],
    merkle: &mut <S::Merkle as MerkleTree<P, S::Keccak>>::Store,
    proof_io: &mut ProofIo,
    next: &mut usize,
) {
    batch.commit::<S::Keccak, S::Matrix>(matrices, seed_pk, salt, |i, cmt_0| {
        for before in *next..i {
            S::Merkle::add_again(merkle, before, None, proof_io);
        }
        S::Merkle::add_again(merkle, i, Some(cmt_0), proof_io);
        *next = i + 1;
    });
}
