//! CROSS key generation (spec v2.2, Algorithm 1 "KeyGen"; reference
//! `CROSS_keygen`).

use super::round::{expand_e, FpVec, Secret, Syndrome};
use super::strategy::{Matrices, Strategy};
use crate::keys::{SigningKey, VerifyingKey};
use pqfit_core::cross::arith::restr_to_val;
use pqfit_core::cross::csprng::{csprng, dsc_seed_e, dsc_seed_sk};
use pqfit_core::cross::packing::pack;
use pqfit_core::cross::{CrossParams, MAX_KEY_SEED_BYTES};
use zeroize::{Zeroize, Zeroizing};

/// Expands seed_sk into (seed_e, seed_pk): CSPRNG(seed_sk, 3t + 1).
pub(crate) fn expand_seed_sk<P: CrossParams, K: pqfit_core::keccak::Keccak>(
    seed_sk: &[u8],
    seeds: &mut [u8; 2 * MAX_KEY_SEED_BYTES],
) {
    let mut x = csprng::<P, K>(&[&seed_sk[..P::KEY_SEED_BYTES]], dsc_seed_sk::<P>());
    x.squeeze(&mut seeds[..2 * P::KEY_SEED_BYTES]);
    // seed_pk is published in the public key.
    pqfit_core::ct::declassify_bytes(&mut seeds[P::KEY_SEED_BYTES..2 * P::KEY_SEED_BYTES]);
}

/// Expands seed_e into e-bar (and e_G-bar): CSPRNG(seed_e, 3t + 3).
pub(crate) fn expand_secret<P: CrossParams, S: Strategy<P>>(
    matrices: &<S::Matrix as Matrices<P>>::Store,
    seed_e: &[u8],
    seed_pk: &[u8],
    out: &mut Secret<P>,
) {
    expand_e::<P, S::Keccak, S::Matrix>(
        matrices,
        seed_pk,
        &[&seed_e[..P::KEY_SEED_BYTES]],
        dsc_seed_e::<P>(),
        out,
        None,
    );
}

/// Algorithm 1, KeyGen: sk = seed_sk; pk = seed_pk || s with s = g^e-bar H^T.
pub(crate) fn key_gen<P: CrossParams, S: Strategy<P>>(
    seed_sk: &[u8],
    vk: &mut VerifyingKey<P>,
    sk: &mut SigningKey<P>,
) {
    type K<P, S> = <S as Strategy<P>>::Keccak;
    sk.bytes.copy_from_slice(&seed_sk[..P::KEY_SEED_BYTES]);
    let mut seeds = Zeroizing::new([0u8; 2 * MAX_KEY_SEED_BYTES]);
    expand_seed_sk::<P, K<P, S>>(seed_sk, &mut seeds);
    let (seed_e, rest) = seeds.split_at(P::KEY_SEED_BYTES);
    let seed_pk = &rest[..P::KEY_SEED_BYTES];
    vk.bytes[..P::KEY_SEED_BYTES].copy_from_slice(seed_pk);

    let mut matrices = Zeroizing::new(<S::Matrix as Matrices<P>>::Store::default());
    S::Matrix::expand::<K<P, S>>(&mut matrices, seed_pk);
    let mut e = Secret::<P>::default();
    expand_secret::<P, S>(&matrices, seed_e, seed_pk, &mut e);

    let mut x = FpVec::<P>::default();
    for (x, &e) in x.iter_mut().zip(&e.e_bar[..P::N]) {
        *x = restr_to_val::<P>(e);
    }
    let mut s = Syndrome::<P>::default();
    S::Matrix::syndrome::<K<P, S>>(&matrices, seed_pk, &x, &mut s);
    x.as_mut_slice().zeroize();
    pack(
        &mut vk.bytes[P::KEY_SEED_BYTES..],
        s[..P::N - P::K].iter().copied(),
        P::BITS_P,
    );
}
