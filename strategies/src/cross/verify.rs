//! CROSS verification (spec v2.2, Algorithm 3 "Verify"; reference `CROSS_verify`),
//! in one pass over the t rounds: the Merkle tree, d_1 and digest_chall_2 are all
//! built incrementally, so no per-round value is kept.

use super::round::{commitment_0, commitment_1, Digest, FpVec, FzVec, Round, SeedBuf, Syndrome};
use super::sign::digest_chall_1;
use super::strategy::{Matrices, RoundSeeds, Strategy};
use crate::keys::VerifyingKey;
use crate::Error;
use generic_array::GenericArray;
use pqfit_core::cross::arith::{reduce_p_product, restr_to_val};
use pqfit_core::cross::csprng::{
    chall_1_sampler, expand_digest_to_fixed_weight, hash, Xof, HASH_DSC,
};
use pqfit_core::cross::merkle::{MerkleBuilder, ProofIo};
use pqfit_core::cross::packing::unpack;
use pqfit_core::cross::tree::{seed_path_rank, Flags};
use pqfit_core::cross::{CrossParams, MAX_HASH_BYTES, MAX_PACKED_Y_BYTES};
use zeroize::Zeroizing;

/// Algorithm 3, Verify. `sig` has the right length (checked by the caller).
pub(crate) fn verify<P: CrossParams, S: Strategy<P>>(
    vk: &VerifyingKey<P>,
    msg: &[u8],
    sig: &[u8],
) -> Result<(), Error> {
    type K<P, S> = <S as Strategy<P>>::Keccak;
    let (h, sd) = (P::HASH_BYTES, P::SEED_BYTES);
    let seed_pk = &vk.bytes[..P::KEY_SEED_BYTES];
    let mut s = Syndrome::<P>::default();
    let mut well_formed = unpack(
        &vk.bytes[P::KEY_SEED_BYTES..],
        P::N - P::K,
        P::BITS_P,
        P::P as u32,
        |j, v| s[j] = v,
    );

    let salt = &sig[..P::SALT_BYTES];
    let digest_cmt = &sig[P::SIG_DIGEST_CMT..P::SIG_DIGEST_CMT + h];
    let digest_chall_2 = &sig[P::SIG_DIGEST_CHALL_2..P::SIG_DIGEST_CHALL_2 + h];
    let path = &sig[P::SIG_PATH..P::SIG_PROOF];
    let proof = &sig[P::SIG_PROOF..P::SIG_RESP_1];
    let resp_1 = &sig[P::SIG_RESP_1..P::SIG_RESP_0];
    let resp_0 = &sig[P::SIG_RESP_0..];
    let resp_len = P::PACKED_Y_BYTES + P::PACKED_V_BYTES;

    let mut matrices = Zeroizing::new(<S::Matrix as Matrices<P>>::Store::default());
    S::Matrix::expand::<K<P, S>>(&mut matrices, seed_pk);

    let mut chall_1_digest: Digest = [0; MAX_HASH_BYTES];
    digest_chall_1::<P, K<P, S>>(msg, digest_cmt, salt, &mut chall_1_digest);
    let mut chall_1 = chall_1_sampler::<P, K<P, S>>(&chall_1_digest);
    let mut chall_2 = GenericArray::<u8, P::TLen>::default();
    expand_digest_to_fixed_weight::<P, K<P, S>>(&mut chall_2, digest_chall_2);

    // Seed path: its used part and zero padding (`rebuild_tree`).
    let seed_flags = Flags::seeds_to_publish::<P>(&chall_2);
    if !P::NO_TREES {
        let used = seed_path_rank::<P>(&seed_flags, None);
        well_formed &= used <= P::PATH_SEEDS
            && path[used.min(P::PATH_SEEDS) * sd..]
                .iter()
                .fold(0, |a, &b| a | b)
                == 0;
    }
    let mut tree = Zeroizing::new(<S::Seeds as RoundSeeds<P, K<P, S>>>::Store::default());
    S::Seeds::rebuild(&mut tree, &seed_flags, path, salt);

    let merkle_flags = Flags::computed_by_verifier::<P>(&chall_2);
    let mut builder = MerkleBuilder::<K<P, S>>::new();
    let mut proof_io = ProofIo::Read {
        flags: &merkle_flags,
        proof,
    };
    let mut cmt_1_hash = Xof::<K<P, S>>::new::<P>();
    let mut y_hash = Xof::<K<P, S>>::new::<P>();

    let mut seed = SeedBuf::default();
    let mut round = Round::<P>::default();
    let mut digest: Digest = [0; MAX_HASH_BYTES];
    let mut packed_y = [0u8; MAX_PACKED_Y_BYTES];
    let mut r = 0;
    for i in 0..P::T {
        let c = chall_1.sample();
        if chall_2[i] == 1 {
            // Disclosed seed: recompute cmt_1 and y.
            S::Seeds::rebuilt_round_seed(&tree, &seed_flags, &chall_2, path, salt, i, &mut seed.0);
            commitment_1::<P, K<P, S>>(&seed.0, salt, i, &mut digest);
            cmt_1_hash.absorb(&digest[..h]);
            round.expand::<K<P, S>, S::Matrix>(&matrices, seed_pk, &seed.0, salt, i);
            round.y(c, &mut packed_y);
            y_hash.absorb(&packed_y[..P::PACKED_Y_BYTES]);
            builder.push_leaf::<P>(i, None, &mut proof_io);
        } else {
            // Response: recompute cmt_0 from y and v.
            let out = &resp_0[r * resp_len..(r + 1) * resp_len];
            let (y_in, v_in) = out.split_at(P::PACKED_Y_BYTES);
            let mut y = FpVec::<P>::default();
            well_formed &= unpack(y_in, P::N, P::BITS_P, P::P as u32, |j, v| y[j] = v);
            let mut v_bar = FzVec::<P>::default();
            if P::RSDPG {
                let mut v_g = GenericArray::<u8, P::MLen>::default();
                well_formed &= unpack(v_in, P::M, P::BITS_Z, P::Z as u32, |j, v| v_g[j] = v as u8);
                S::Matrix::expand_g::<K<P, S>>(&matrices, seed_pk, &v_g, &mut v_bar);
            } else {
                well_formed &= unpack(v_in, P::N, P::BITS_Z, P::Z as u32, |j, v| {
                    v_bar[j] = v as u8
                });
            }
            cmt_1_hash.absorb(&resp_1[r * h..r * h + h]);
            y_hash.absorb(y_in);
            let mut y_prime = FpVec::<P>::default();
            for j in 0..P::N {
                y_prime[j] =
                    reduce_p_product::<P>(restr_to_val::<P>(v_bar[j]) as u32 * y[j] as u32);
            }
            let mut y_h = Syndrome::<P>::default();
            S::Matrix::syndrome::<K<P, S>>(&matrices, seed_pk, &y_prime, &mut y_h);
            let mut s_prime = Syndrome::<P>::default();
            for j in 0..P::N - P::K {
                let cs = reduce_p_product::<P>(c as u32 * s[j] as u32) as u32;
                s_prime[j] = reduce_p_product::<P>(y_h[j] as u32 + P::P as u32 - cs);
            }
            commitment_0::<P, K<P, S>>(&s_prime, v_in, salt, i, &mut digest);
            builder.push_leaf::<P>(i, Some(&digest), &mut proof_io);
            r += 1;
        }
    }
    well_formed &= builder.proof_is_well_formed::<P>(&merkle_flags, proof);

    let mut d01 = [0u8; 2 * MAX_HASH_BYTES];
    d01[..h].copy_from_slice(&builder.root()[..h]);
    cmt_1_hash.finish(HASH_DSC, &mut d01[h..2 * h]);
    let mut digest_cmt_prime: Digest = [0; MAX_HASH_BYTES];
    hash::<P, K<P, S>>(&[&d01[..2 * h]], HASH_DSC, &mut digest_cmt_prime);
    y_hash.absorb(&chall_1_digest[..h]);
    let mut digest_chall_2_prime: Digest = [0; MAX_HASH_BYTES];
    y_hash.finish(HASH_DSC, &mut digest_chall_2_prime[..h]);

    if !well_formed {
        return Err(Error::MalformedSignature);
    }
    let cmt_ok = pqfit_core::ct::bytes_eq(&digest_cmt_prime[..h], digest_cmt);
    let chall_ok = pqfit_core::ct::bytes_eq(&digest_chall_2_prime[..h], digest_chall_2);
    if cmt_ok && chall_ok {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}
