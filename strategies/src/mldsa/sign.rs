//! FIPS 204, Algorithm 7: ML-DSA.Sign_internal, over a memory strategy.

use super::strategy::{
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
    #[cfg(test)]
    crate::hardened::fault::hit(
        crate::hardened::fault::Site::MlDsaRhoPrimePrime,
        &mut rho_pp[..],
    );

    let mut y = Zeroizing::new(<S::Mask as MaskVector<P>>::Store::default());
    let mut w = Zeroizing::new(<S::Commit as Commitment<P>>::Store::default());
    let mut c = Zeroizing::new(<S::Product as ChallengeProduct<P>>::Challenge::default());
    let mut hint = Zeroizing::new([0u8; MAX_HINT_MASK_BYTES]);
    // Two work polynomials, lent to each phase in turn (named per phase below).
    let mut work = Zeroizing::new([Poly::zero(), Poly::zero()]);
    let [pa, pb] = &mut *work;

    // sigEncode's fields: c-tilde, z and the hint. Until an iteration is accepted the z
    // field is memory: a `MaskVector::IN_SIGNATURE` component keeps y there, and a
    // `Commitment::IN_SIGNATURE` component rows of w in what the mask leaves free. z is
    // then packed there only once the iteration is accepted.
    let (c_tilde, rest) = sig.split_at_mut(P::C_TILDE_BYTES);
    let (z_field, h_field) = rest.split_at_mut(P::L * P::POLY_Z_BYTES);
    let z_late = S::Mask::IN_SIGNATURE || S::Commit::IN_SIGNATURE;
    let y_bytes = if S::Mask::IN_SIGNATURE {
        z_field.len()
    } else {
        0
    };

    let mut kappa: u16 = 0;
    let mut iterations = 0u32;
    loop {
        iterations += 1;
        S::Mask::expand::<S::Keccak>(&mut y, z_field, &rho_pp, kappa);
        let (y_field, spare) = z_field.split_at_mut(y_bytes);
        let ctx = masked_product::<P, S>(a, rho, &y, &rho_pp, y_field, kappa);
        let next_kappa = kappa.wrapping_add(P::L as u16);

        // w = NTT^-1(A-hat ∘ NTT(y)); c-tilde = H(mu || w1Encode(HighBits(w)))
        let mut h = Shake256::<S::Keccak>::with_backend();
        h.absorb(mu);
        S::Commit::commit(&mut w, &ctx, spare, &mut h, [&mut *pa, &mut *pb]);
        h.finalize_squeeze_reset(c_tilde);
        sample::sample_in_ball::<P, S::Keccak>(c_tilde, pa);
        S::Product::prepare_challenge(pa, &mut c);

        // z = y + c s1, checked, and packed straight into the signature unless the z
        // field is in use until the iteration is accepted. `ok` is 1 while every check
        // of this iteration passes.
        let mut ok = 1u32;
        for j in 0..P::L {
            z_row::<P, S>(secrets, sk, &c, &ctx, j, [pa, pb]);
            ok &= pb.norm_below(P::GAMMA1 - P::BETA);
            if !z_late {
                packing::bit_pack_gamma1::<P>(
                    pb,
                    &mut spare[j * P::POLY_Z_BYTES..][..P::POLY_Z_BYTES],
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

        // r = w - c s2: ||LowBits(r)|| < gamma2 - beta; ||c t0|| < gamma2;
        // h = MakeHint(-c t0, r + c t0) = [HighBits(r) != HighBits(r + c t0)].
        let mut ones = 0u32;
        for i in 0..P::K {
            S::Commit::prepare_row(&mut w, &ctx, spare, i, [pa, pb]);
            let s2 = S::Secrets::get(secrets, sk, Secret::S2, i, pa);
            S::Product::multiply(&c, Secret::S2, s2, pb);
            S::Commit::subtract_row(&mut w, spare, i, pb);
            let t0 = S::Secrets::get(secrets, sk, Secret::T0, i, pa);
            let ct0 = &mut *pb;
            S::Product::multiply(&c, Secret::T0, t0, ct0);
            let mut low_over = 0i32;
            let row = &mut hint[i * N / 8..(i + 1) * N / 8];
            row.fill(0);
            S::Commit::visit_row(&w, spare, i, |k, rk| {
                let (r1, r0) = rounding::decompose::<P>(rk);
                low_over |= (P::GAMMA2 - P::BETA - 1) - ct::abs_i32(r0);
                let v1 = rounding::high_bits::<P>(freeze(rk + ct0.coeffs[k]));
                let hk = ct::ne_bit(r1 as u32, v1 as u32);
                row[k / 8] |= (hk << (k % 8)) as u8;
                ones += hk;
            });
            ok &= ct::nonneg_bit(low_over);
            ok &= ct0.norm_below(P::GAMMA2);
        }
        let within_omega = ct::lt_bit_u32(P::OMEGA as u32, ones) ^ 1;
        if ct::declassify_u32(ok & within_omega) == 0 {
            kappa = next_kappa;
            continue;
        }

        // Accepted: the hint is part of the signature; z takes the z field (each y[j] a
        // `MaskVector::IN_SIGNATURE` component keeps there is read before z[j]
        // replaces it).
        ct::declassify_bytes(&mut hint[..]);
        if z_late {
            for j in 0..P::L {
                let ctx = masked_product::<P, S>(a, rho, &y, &rho_pp, &z_field[..y_bytes], kappa);
                z_row::<P, S>(secrets, sk, &c, &ctx, j, [pa, pb]);
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

/// z\[j\] = y\[j\] + c s1\[j\] into `work[1]` (`work[0]` is scratch).
fn z_row<P: ParameterSet, S: Strategy<P>>(
    secrets: &<S::Secrets as SecretVectors<P, S::Product>>::Store,
    sk: &[u8],
    c: &<S::Product as ChallengeProduct<P>>::Challenge,
    ctx: &MaskedProduct<'_, P, S::Matrix, S::Mask, S::Keccak>,
    j: usize,
    work: [&mut Poly; 2],
) {
    let [pa, z] = work;
    let s1 = S::Secrets::get(secrets, sk, Secret::S1, j, pa);
    S::Product::multiply(c, Secret::S1, s1, z);
    z.add_assign(S::Mask::y::<S::Keccak>(
        ctx.y,
        ctx.z_field,
        ctx.rho_pp,
        ctx.kappa,
        j,
        pa,
    ));
}
