//! FIPS 204, Algorithm 8: ML-DSA.Verify_internal, over a memory strategy.

use crate::strategy::{absorb_w1_with, ChallengeProduct, MaskVector, MatrixA, Strategy};
use crate::Error;
use pqfit_core::ct;
use pqfit_core::hash::Shake256;
use pqfit_core::mldsa::params::N;
use pqfit_core::mldsa::{packing, rounding, sample, ParameterSet, Poly};

/// Bytes of the largest c-tilde.
const MAX_C_TILDE_BYTES: usize = 64;

/// FIPS 204, Algorithm 8: ML-DSA.Verify_internal, from the message representative
/// `mu`. `pk` and `sig` have their exact lengths (checked by the caller). All inputs
/// are public.
pub(crate) fn verify_mu<P: ParameterSet, S: Strategy<P>>(
    pk: &[u8],
    mu: &[u8; 64],
    sig: &[u8],
) -> Result<(), Error> {
    let hint = &sig[P::SIG_H_OFFSET..];
    if !packing::hint_is_well_formed::<P>(hint) {
        return Err(Error::MalformedSignature);
    }
    let rho: &[u8; 32] = pk[..32].try_into().expect("pk holds rho");
    let c_tilde = &sig[..P::C_TILDE_BYTES];

    // ||z|| < gamma1 - beta, one polynomial at a time.
    let mut scratch = Poly::zero();
    for j in 0..P::L {
        packing::bit_unpack_gamma1::<P>(&sig[packing::sig_z_range::<P>(j)], &mut scratch);
        if scratch.norm_below(P::GAMMA1 - P::BETA) == 0 {
            return Err(Error::VerificationFailed);
        }
    }
    // NTT(z[j]), kept or rebuilt per use as the strategy's mask component decides.
    let z_hat = |j: usize, p: &mut Poly| {
        packing::bit_unpack_gamma1::<P>(&sig[packing::sig_z_range::<P>(j)], p);
        p.ntt();
    };
    let mut z_store = <S::Mask as MaskVector<P>>::VectorStore::default();
    S::Mask::fill_vector(&mut z_store, z_hat);

    let mut a = <S::Matrix as MatrixA<P>>::Store::default();
    S::Matrix::expand::<S::Keccak>(&mut a, rho);

    let mut c = <S::Product as ChallengeProduct<P>>::VerifyChallenge::default();
    let mut w = Poly::zero();
    sample::sample_in_ball::<P, S::Keccak>(c_tilde, &mut w);
    S::Product::prepare_verify_challenge(&w, &mut c);

    // w'_approx = NTT^-1(A-hat ∘ NTT(z)) - c t1 2^d, one row at a time;
    // w1' = UseHint(h, w'_approx) is absorbed as it is formed.
    let mut h = Shake256::<S::Keccak>::with_backend();
    h.absorb(mu);
    for i in 0..P::K {
        // One pass summing the l products when A-hat's row and NTT(z) are both stored.
        match (S::Matrix::row(&a, i), S::Mask::stored_vector(&z_store)) {
            (Some(row), Some(z)) => w.dot_montgomery(row, z),
            _ => {
                w.coeffs = [0; N];
                for j in 0..P::L {
                    let z = S::Mask::vector(&z_store, j, &mut scratch, z_hat);
                    S::Matrix::mul_acc::<S::Keccak>(&a, rho, i, j, z, &mut w);
                }
            }
        }
        S::Product::finish_verify_row(&c, &pk[packing::pk_t1_range(i)], &mut w, &mut scratch);
        // h[i] is public: walk its increasing positions alongside the coefficients.
        let (mut next, end) = packing::hint_row_bounds::<P>(hint, i);
        absorb_w1_with::<P, S::Keccak>(&mut h, |k| {
            let hk = (next < end && hint[next] as usize == k) as u32;
            next += hk as usize;
            rounding::use_hint::<P>(hk, w.coeffs[k])
        });
    }
    let mut c_tilde_prime = [0u8; MAX_C_TILDE_BYTES];
    h.finalize_squeeze(&mut c_tilde_prime[..P::C_TILDE_BYTES]);
    if ct::bytes_eq(c_tilde, &c_tilde_prime[..P::C_TILDE_BYTES]) {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}
