//! FIPS 204, Algorithm 7: ML-DSA.Sign_internal, over a memory strategy.

use crate::strategy::{
    ChallengeProduct, Commitment, MaskVector, MaskedProduct, MatrixA, SecretVectors, Strategy,
};
use pqfit_core::hash::{shake256, Shake256};
use pqfit_core::mldsa::field::freeze;
use pqfit_core::mldsa::{packing, rounding, sample, ParameterSet, Poly};
use zeroize::Zeroizing;

/// FIPS 204, Algorithm 7: ML-DSA.Sign_internal, from the message representative
/// `mu` (lines 6 and 7 are the caller's). Writes sigEncode(c-tilde, z, h) into
/// `sig` (`SIG_BYTES` long); `sk` is a validated encoded secret key.
///
/// Constant-time in the key: the checks of an iteration scan every coefficient and
/// only their combined outcome (reject or accept) steers control flow.
pub(crate) fn sign_mu<P: ParameterSet, S: Strategy<P>>(sk: &[u8], mu: &[u8; 64], rnd: &[u8; 32], sig: &mut [u8]) {
    let seeds = packing::sk_seeds(sk);
    let rho = seeds.rho;

    let mut a = Zeroizing::new(<S::Matrix as MatrixA<P>>::Store::default());
    S::Matrix::expand(&mut a, rho);
    let mut secrets = Zeroizing::new(<S::Secrets as SecretVectors<P, S::Product>>::Store::default());
    S::Secrets::load(&mut secrets, sk);

    // rho'' = H(K || rnd || mu, 64)
    let mut rho_pp = Zeroizing::new([0u8; 64]);
    shake256(&[seeds.key, rnd, mu], &mut rho_pp[..]);

    let mut y = Zeroizing::new(<S::Mask as MaskVector<P>>::Store::default());
    let mut w = Zeroizing::new(<S::Commit as Commitment<P>>::Store::default());
    let mut c_hat = Zeroizing::new(<S::Product as ChallengeProduct<P>>::Challenge::default());
    let mut operand = Zeroizing::new(<S::Product as ChallengeProduct<P>>::Operand::default());
    let mut t = Zeroizing::new(Poly::zero());
    let mut ct0 = Zeroizing::new(Poly::zero());
    let mut scratch = Zeroizing::new(Poly::zero());

    let mut kappa: u16 = 0;
    loop {
        S::Mask::expand(&mut y, &rho_pp, kappa);
        let ctx = MaskedProduct::<P, S::Matrix, S::Mask> {
            a: &a,
            rho,
            y: &y,
            rho_pp: &rho_pp,
            kappa,
        };

        // w = NTT^-1(A-hat ∘ NTT(y)); c-tilde = H(mu || w1Encode(HighBits(w)))
        let mut h = Shake256::new();
        h.absorb(mu);
        S::Commit::commit(&mut w, &ctx, &mut h);
        let c_tilde = &mut sig[..P::C_TILDE_BYTES];
        h.finalize().squeeze(c_tilde);
        sample::sample_in_ball::<P>(c_tilde, &mut t);
        S::Product::prepare_challenge(&t, &mut c_hat);

        // z = y + c s1, packed straight into the signature.
        let mut ok = true;
        for j in 0..P::L {
            let s1 = S::Secrets::s1(&secrets, sk, j, &mut operand);
            S::Product::multiply(&c_hat, s1, &mut t);
            t.add_assign(S::Mask::y(&y, &rho_pp, kappa, j, &mut scratch));
            ok &= t.norm_below(P::GAMMA1 - P::BETA);
            packing::bit_pack_gamma1::<P>(&t, &mut sig[packing::sig_z_range::<P>(j)]);
        }

        // r = w - c s2; the LowBits and c t0 checks; h = MakeHint(-c t0, r + c t0).
        let hint = &mut sig[P::SIG_H_OFFSET..];
        hint.fill(0);
        let (positions, ends) = hint.split_at_mut(P::OMEGA);
        let mut count = 0usize;
        for i in 0..P::K {
            let wi = S::Commit::w(&w, &ctx, i, &mut scratch);
            let s2 = S::Secrets::s2(&secrets, sk, i, &mut operand);
            S::Product::multiply(&c_hat, s2, &mut t);
            let t0 = S::Secrets::t0(&secrets, sk, i, &mut operand);
            S::Product::multiply(&c_hat, t0, &mut ct0);
            let mut low_over = 0i32;
            let mut ones = 0u32;
            for k in 0..t.coeffs.len() {
                let r = freeze(wi.coeffs[k] - t.coeffs[k]);
                let (r1, r0) = rounding::decompose::<P>(r);
                let m = r0 >> 31;
                low_over |= (P::GAMMA2 - P::BETA - 1) - ((r0 ^ m) - m);
                let v1 = rounding::high_bits::<P>(freeze(r + ct0.coeffs[k]));
                let hk = pqfit_core::ct::ne_bit(r1 as u32, v1 as u32);
                t.coeffs[k] = hk as i32;
                ones += hk;
            }
            ok &= low_over >= 0;
            ok &= ct0.norm_below(P::GAMMA2);
            // The hint of a rejected iteration is never written past omega.
            if count + ones as usize > P::OMEGA {
                ok = false;
            } else {
                packing::hint_bit_pack_row(&t, positions, &mut count, &mut ends[i]);
            }
        }
        if ok {
            return;
        }
        kappa = kappa.wrapping_add(P::L as u16);
    }
}
