//! FIPS 204, Algorithm 8: ML-DSA.Verify_internal, over a memory strategy.

use super::strategy::{absorb_w1_with, ChallengeProduct, MaskVector, MatrixA, Strategy};
use crate::Error;
use pqfit_core::ct;
use pqfit_core::hash::Shake256;
use pqfit_core::mldsa::{packing, rounding, sample, Accumulator, PackedPoly, ParameterSet, Poly};

/// Bytes of the largest c-tilde.
const MAX_C_TILDE_BYTES: usize = 64;

/// FIPS 204, Algorithm 8: ML-DSA.Verify_internal, from the message representative
/// `mu`. `pk` and `sig` have their exact lengths (checked by the caller). All inputs
/// are public.
///
/// The checks of z and the challenge, then the rows of w', each in its own frame:
/// SampleInBall's sponge and block then never sit below the two polynomials of the
/// row phase, which sets the verification's peak stack.
pub(crate) fn verify_mu<P: ParameterSet, S: Strategy<P>>(
    pk: &[u8],
    mu: &[u8; 64],
    sig: &[u8],
) -> Result<(), Error> {
    let hint = &sig[P::SIG_H_OFFSET..];
    if !packing::hint_is_well_formed::<P>(hint) {
        return Err(Error::MalformedSignature);
    }
    let mut c = <S::Product as ChallengeProduct<P>>::VerifyChallenge::default();
    check_z_and_sample_challenge::<P, S>(sig, &mut c)?;
    if hash_w1_approx_matches::<P, S>(pk, mu, sig, &c) {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}

/// ||z|| < gamma1 - beta, one polynomial at a time; then c = SampleInBall(c-tilde)
/// in the form the strategy's product uses.
#[inline(never)]
fn check_z_and_sample_challenge<P: ParameterSet, S: Strategy<P>>(
    sig: &[u8],
    c: &mut <S::Product as ChallengeProduct<P>>::VerifyChallenge,
) -> Result<(), Error> {
    let mut poly = Poly::zero();
    for j in 0..P::L {
        packing::bit_unpack_gamma1::<P>(&sig[packing::sig_z_range::<P>(j)], &mut poly);
        if poly.norm_below(P::GAMMA1 - P::BETA) == 0 {
            return Err(Error::VerificationFailed);
        }
    }
    sample::sample_in_ball::<P, S::Keccak>(&sig[..P::C_TILDE_BYTES], &mut poly);
    S::Product::prepare_verify_challenge(&poly, c);
    Ok(())
}

/// Whether c-tilde = c-tilde' = H(mu || w1Encode(w1')), where w1' = UseHint(h,
/// w'_approx) and w'_approx = NTT^-1(A-hat ∘ NTT(z)) - c t1 2^d, formed and absorbed
/// one row at a time.
#[inline(never)]
fn hash_w1_approx_matches<P: ParameterSet, S: Strategy<P>>(
    pk: &[u8],
    mu: &[u8; 64],
    sig: &[u8],
    c: &<S::Product as ChallengeProduct<P>>::VerifyChallenge,
) -> bool {
    let rho: &[u8; 32] = pk[..32].try_into().expect("pk holds rho");
    let hint = &sig[P::SIG_H_OFFSET..];
    // NTT(z[j]), kept or rebuilt per use as the strategy's mask component decides.
    let z_hat = |j: usize, p: &mut Poly| {
        packing::bit_unpack_gamma1::<P>(&sig[packing::sig_z_range::<P>(j)], p);
        p.ntt();
    };
    let mut z_store = <S::Mask as MaskVector<P>>::VectorStore::default();
    S::Mask::fill_vector(&mut z_store, z_hat);

    let mut a = <S::Matrix as MatrixA<P>>::Store::default();
    S::Matrix::expand::<S::Keccak>(&mut a, rho);

    let mut h = Shake256::<S::Keccak>::with_backend();
    h.absorb(mu);
    // The rows' polynomials end with this block, so that c-tilde' below may reuse
    // their stack.
    {
        let mut w = Poly::zero();
        // The row's sum where NTT(z) is stored (its l KiB spent already).
        let mut sum = Poly::zero();
        for i in 0..P::K {
            let t1 = &pk[packing::pk_t1_range(i)];
            match (S::Matrix::row(&a, i), S::Mask::stored_vector(&z_store)) {
                // A-hat's row stored too: one pass summing the l products.
                (Some(row), Some(z)) => {
                    sum.dot_montgomery(row, z);
                    S::Product::finish_verify_row(c, t1, &mut sum, &mut w);
                }
                (None, Some(_)) => {
                    sum.coeffs.fill(0);
                    sum_by_columns::<P, S, _>(&a, rho, &z_store, i, &mut w, z_hat, &mut sum);
                    S::Product::finish_verify_row(c, t1, &mut sum, &mut w);
                }
                // NTT(z[j]) rebuilt in w for each use: the sum is kept packed, 768
                // bytes where a second polynomial would take 1024.
                (_, None) => {
                    let mut packed = PackedPoly::default();
                    sum_by_columns::<P, S, _>(&a, rho, &z_store, i, &mut w, z_hat, &mut packed);
                    S::Product::finish_verify_row(c, t1, &mut packed, &mut w);
                }
            }
            // h[i] is public: walk its increasing positions alongside the coefficients.
            let (mut next, end) = packing::hint_row_bounds::<P>(hint, i);
            absorb_w1_with::<P, S::Keccak>(&mut h, |k| {
                let hk = (next < end && hint[next] as usize == k) as u32;
                next += hk as usize;
                rounding::use_hint::<P>(hk, w.coeffs[k])
            });
        }
    }
    let mut c_tilde_prime = [0u8; MAX_C_TILDE_BYTES];
    h.finalize_squeeze_reset(&mut c_tilde_prime[..P::C_TILDE_BYTES]);
    ct::bytes_eq(&sig[..P::C_TILDE_BYTES], &c_tilde_prime[..P::C_TILDE_BYTES])
}

/// `acc += sum_j A-hat[i][j] ∘ NTT(z[j])`, a column at a time, NTT(z[j]) borrowed from
/// the store or rebuilt in `w` by `z_hat`.
fn sum_by_columns<P: ParameterSet, S: Strategy<P>, A: Accumulator>(
    a: &<S::Matrix as MatrixA<P>>::Store,
    rho: &[u8; 32],
    z_store: &<S::Mask as MaskVector<P>>::VectorStore,
    i: usize,
    w: &mut Poly,
    mut z_hat: impl FnMut(usize, &mut Poly),
    acc: &mut A,
) {
    for j in 0..P::L {
        let z = S::Mask::vector(z_store, j, w, &mut z_hat);
        S::Matrix::mul_acc::<S::Keccak, A>(a, rho, i, j, z, acc);
    }
}
