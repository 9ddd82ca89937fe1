//! FIPS 204, Algorithm 7: ML-DSA.Sign_internal, over a memory strategy.

use crate::strategy::{
    ChallengeProduct, Commitment, MaskVector, MaskedProduct, MatrixA, Secret, SecretVectors,
    Strategy,
};
use core::marker::PhantomData;
use pqfit_core::ct;
use pqfit_core::hash::{shake256_with, Shake256};
use pqfit_core::mldsa::field::freeze;
use pqfit_core::mldsa::params::N;
use pqfit_core::mldsa::{packing, rounding, sample, ParameterSet, Poly};
use zeroize::Zeroizing;

/// Bytes of the hint as a bit mask for the largest k (8 rows of 256 bits).
const MAX_HINT_MASK_BYTES: usize = 8 * N / 8;

/// FIPS 204, Algorithm 7: ML-DSA.Sign_internal, from the message representative
/// `mu` (lines 6 and 7 are the caller's), with the strategy's stores prepared for
/// this key (`a` by `MatrixA::expand`, `secrets` by `SecretVectors::load`).
/// Writes sigEncode(c-tilde, z, h) into `sig` (`SIG_BYTES` long); `sk` is a
/// validated encoded secret key. Returns the number of iterations of the rejection
/// loop (public: it is what signing time shows).
///
/// Constant-time in the key: the checks of an iteration scan every coefficient and
/// only their outcome (reject or accept) steers control flow. The hint is gathered
/// as a bit mask and encoded only once the iteration is accepted.
pub(crate) fn sign_mu_prepared<P: ParameterSet, S: Strategy<P>>(
    a: &<S::Matrix as MatrixA<P>>::Store,
    secrets: &<S::Secrets as SecretVectors<P, S::Product>>::Store,
    sk: &[u8],
    mu: &[u8; 64],
    rnd: &[u8; 32],
    sig: &mut [u8],
) -> u32 {
    let seeds = packing::sk_seeds(sk);
    // rho is the public key's seed of A-hat.
    let mut rho = *seeds.rho;
    ct::declassify_bytes(&mut rho);
    let rho = &rho;

    // rho'' = H(K || rnd || mu, 64)
    let mut rho_pp = Zeroizing::new([0u8; 64]);
    shake256_with::<S::Keccak>(&[seeds.key, rnd, mu], &mut rho_pp[..]);

    let mut y = Zeroizing::new(<S::Mask as MaskVector<P>>::Store::default());
    let mut w = Zeroizing::new(<S::Commit as Commitment<P>>::Store::default());
    let mut c = Zeroizing::new(<S::Product as ChallengeProduct<P>>::Challenge::default());
    let mut hint = Zeroizing::new([0u8; MAX_HINT_MASK_BYTES]);
    // Three work polynomials, lent to each phase in turn (named per phase below).
    let mut work = Zeroizing::new([Poly::zero(), Poly::zero(), Poly::zero()]);
    let [pa, pb, pc] = &mut *work;

    // sigEncode's fields: c-tilde, z (where a `MaskVector::IN_SIGNATURE` component
    // keeps y until the iteration is accepted) and the hint.
    let (c_tilde, rest) = sig.split_at_mut(P::C_TILDE_BYTES);
    let (z_field, h_field) = rest.split_at_mut(P::L * P::POLY_Z_BYTES);

    let mut kappa: u16 = 0;
    let mut iterations = 0u32;
    loop {
        iterations += 1;
        S::Mask::expand::<S::Keccak>(&mut y, z_field, &rho_pp, kappa);
        let ctx = masked_product::<P, S>(a, rho, &y, &rho_pp, z_field, kappa);
        let next_kappa = kappa.wrapping_add(P::L as u16);

        // w = NTT^-1(A-hat ∘ NTT(y)); c-tilde = H(mu || w1Encode(HighBits(w)))
        let mut h = Shake256::<S::Keccak>::with_backend();
        h.absorb(mu);
        S::Commit::commit(&mut w, &ctx, &mut h, [&mut *pa, &mut *pb, &mut *pc]);
        h.finalize().squeeze(c_tilde);
        sample::sample_in_ball::<P, S::Keccak>(c_tilde, pa);
        S::Product::prepare_challenge(pa, &mut c);

        // z = y + c s1, checked, and packed straight into the signature unless y
        // lives there until the iteration is accepted. `ok` is 1 while every check
        // of this iteration passes.
        let mut ok = 1u32;
        for j in 0..P::L {
            z_row::<P, S>(
                secrets,
                sk,
                &c,
                &y,
                z_field,
                &rho_pp,
                kappa,
                j,
                [pa, pb, pc],
            );
            ok &= pb.norm_below(P::GAMMA1 - P::BETA);
            if !S::Mask::IN_SIGNATURE {
                packing::bit_pack_gamma1::<P>(
                    pb,
                    &mut z_field[j * P::POLY_Z_BYTES..][..P::POLY_Z_BYTES],
                );
            }
        }
        // The rejection decision is declassified: how many iterations a signature took
        // shows in the time of any implementation, and the rejected candidates' values
        // (z, c, the low bits) stay secret (docs/constant-time.md).
        if ct::declassify_u32(ok) == 0 {
            kappa = next_kappa;
            continue;
        }
        // Phase two reads y (to rebuild rows of w) but writes nothing into z's field.
        let ctx = masked_product::<P, S>(a, rho, &y, &rho_pp, z_field, kappa);

        // r = w - c s2: ||LowBits(r)|| < gamma2 - beta; ||c t0|| < gamma2;
        // h = MakeHint(-c t0, r + c t0) = [HighBits(r) != HighBits(r + c t0)].
        let mut ones = 0u32;
        for i in 0..P::K {
            let r = S::Commit::w(&mut w, &ctx, i, pa, pb);
            let s2 = S::Secrets::get(secrets, sk, Secret::S2, i, pb);
            S::Product::multiply(&c, Secret::S2, s2, pc);
            for (rk, &cs2) in r.coeffs.iter_mut().zip(&pc.coeffs) {
                *rk = freeze(*rk - cs2);
            }
            let t0 = S::Secrets::get(secrets, sk, Secret::T0, i, pb);
            let ct0 = &mut *pc;
            S::Product::multiply(&c, Secret::T0, t0, ct0);
            let mut low_over = 0i32;
            let row = &mut hint[i * N / 8..(i + 1) * N / 8];
            row.fill(0);
            for (k, (&rk, &ct0k)) in r.coeffs.iter().zip(&ct0.coeffs).enumerate() {
                let (r1, r0) = rounding::decompose::<P>(rk);
                low_over |= (P::GAMMA2 - P::BETA - 1) - ct::abs_i32(r0);
                let v1 = rounding::high_bits::<P>(freeze(rk + ct0k));
                let hk = ct::ne_bit(r1 as u32, v1 as u32);
                row[k / 8] |= (hk << (k % 8)) as u8;
                ones += hk;
            }
            ok &= ct::nonneg_bit(low_over);
            ok &= ct0.norm_below(P::GAMMA2);
        }
        let within_omega = ct::lt_bit_u32(P::OMEGA as u32, ones) ^ 1;
        if ct::declassify_u32(ok & within_omega) == 0 {
            kappa = next_kappa;
            continue;
        }

        // Accepted: the hint is part of the signature; z replaces the y kept in its
        // field.
        ct::declassify_bytes(&mut hint[..]);
        if S::Mask::IN_SIGNATURE {
            for j in 0..P::L {
                z_row::<P, S>(
                    secrets,
                    sk,
                    &c,
                    &y,
                    z_field,
                    &rho_pp,
                    kappa,
                    j,
                    [pa, pb, pc],
                );
                packing::bit_pack_gamma1::<P>(
                    pb,
                    &mut z_field[j * P::POLY_Z_BYTES..][..P::POLY_Z_BYTES],
                );
            }
        }
        packing::hint_bit_pack::<P>(&hint[..], h_field);
        return iterations;
    }
}

/// What forming w needs in iteration `kappa`.
fn masked_product<'a, P: ParameterSet, S: Strategy<P>>(
    a: &'a <S::Matrix as MatrixA<P>>::Store,
    rho: &'a [u8; 32],
    y: &'a <S::Mask as MaskVector<P>>::Store,
    rho_pp: &'a [u8; 64],
    z_field: &'a [u8],
    kappa: u16,
) -> MaskedProduct<'a, P, S::Matrix, S::Mask, S::Keccak> {
    MaskedProduct {
        a,
        rho,
        y,
        rho_pp,
        z_field,
        kappa,
        keccak: PhantomData,
    }
}

/// z\[j\] = y\[j\] + c s1\[j\] into `work[1]` (`work[0]` and `work[2]` are scratch).
#[allow(clippy::too_many_arguments)]
fn z_row<P: ParameterSet, S: Strategy<P>>(
    secrets: &<S::Secrets as SecretVectors<P, S::Product>>::Store,
    sk: &[u8],
    c: &<S::Product as ChallengeProduct<P>>::Challenge,
    y: &<S::Mask as MaskVector<P>>::Store,
    z_field: &[u8],
    rho_pp: &[u8; 64],
    kappa: u16,
    j: usize,
    work: [&mut Poly; 3],
) {
    let [pa, z, pc] = work;
    let s1 = S::Secrets::get(secrets, sk, Secret::S1, j, pa);
    S::Product::multiply(c, Secret::S1, s1, z);
    z.add_assign(S::Mask::y::<S::Keccak>(y, z_field, rho_pp, kappa, j, pc));
}
