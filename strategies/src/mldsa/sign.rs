//! FIPS 204, Algorithm 7: ML-DSA.Sign_internal, over a memory strategy.

use crate::strategy::{
    ChallengeProduct, Commitment, MaskVector, MaskedProduct, MatrixA, Secret, SecretVectors,
    Strategy,
};
use core::marker::PhantomData;
use pqfit_core::ct;
use pqfit_core::declassify;
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
/// validated encoded secret key.
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
) {
    let seeds = packing::sk_seeds(sk);
    let rho = seeds.rho;

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

    let mut kappa: u16 = 0;
    loop {
        S::Mask::expand::<S::Keccak>(&mut y, &rho_pp, kappa);
        let ctx = MaskedProduct::<P, S::Matrix, S::Mask, S::Keccak> {
            a,
            rho,
            y: &y,
            rho_pp: &rho_pp,
            kappa,
            keccak: PhantomData,
        };
        let next_kappa = kappa.wrapping_add(P::L as u16);

        // w = NTT^-1(A-hat ∘ NTT(y)); c-tilde = H(mu || w1Encode(HighBits(w)))
        let mut h = Shake256::<S::Keccak>::with_backend();
        h.absorb(mu);
        S::Commit::commit(&mut w, &ctx, &mut h, pa, pb);
        let c_tilde = &mut sig[..P::C_TILDE_BYTES];
        h.finalize().squeeze(c_tilde);
        sample::sample_in_ball::<P, S::Keccak>(c_tilde, pa);
        S::Product::prepare_challenge(pa, &mut c);

        // z = y + c s1, checked and packed straight into the signature.
        let mut ok = true;
        for j in 0..P::L {
            let s1 = S::Secrets::get(secrets, sk, Secret::S1, j, pa);
            let z = &mut *pb;
            S::Product::multiply(&c, Secret::S1, s1, z);
            z.add_assign(S::Mask::y::<S::Keccak>(&y, &rho_pp, kappa, j, pc));
            ok &= z.norm_below(P::GAMMA1 - P::BETA);
            packing::bit_pack_gamma1::<P>(z, &mut sig[packing::sig_z_range::<P>(j)]);
        }
        // Declassified: the iteration's rejection decision (docs/constant-time.md).
        if !declassify::public_bool(ok) {
            kappa = next_kappa;
            continue;
        }

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
                let m = r0 >> 31;
                low_over |= (P::GAMMA2 - P::BETA - 1) - ((r0 ^ m) - m);
                let v1 = rounding::high_bits::<P>(freeze(rk + ct0k));
                let hk = ct::ne_bit(r1 as u32, v1 as u32);
                row[k / 8] |= (hk << (k % 8)) as u8;
                ones += hk;
            }
            ok &= low_over >= 0;
            ok &= ct0.norm_below(P::GAMMA2);
        }
        // Declassified: the iteration's rejection decision.
        if !declassify::public_bool(ok & (ones as usize <= P::OMEGA)) {
            kappa = next_kappa;
            continue;
        }

        // Accepted: the hint is now public (it is part of the signature).
        declassify::public_bytes(&mut hint[..]);
        packing::hint_bit_pack::<P>(&hint[..], &mut sig[P::SIG_H_OFFSET..]);
        return;
    }
}
