//! FIPS 204, Algorithm 6: ML-DSA.KeyGen_internal, over a memory strategy.

use crate::strategy::{MatrixA, Strategy};
use generic_array::GenericArray;
use pqfit_core::hash::shake256;
use pqfit_core::mldsa::params::{CRH_BYTES, POLY_T0_BYTES, SEED_BYTES};
use pqfit_core::mldsa::{packing, rounding, sample, ParameterSet, Poly};
use zeroize::{Zeroize, Zeroizing};

/// FIPS 204, Algorithm 6: ML-DSA.KeyGen_internal. Writes pkEncode(rho, t1) into `pk`
/// and skEncode(rho, K, tr, s1, s2, t0) into `sk` (both exactly sized).
///
/// t is formed one row at a time: row i of A-hat ∘ NTT(s1) plus s2\[i\] is rounded and
/// packed at once, so only NTT(s1) is kept besides the strategy's matrix store.
pub(crate) fn key_gen_internal<P: ParameterSet, S: Strategy<P>>(xi: &[u8; 32], pk: &mut [u8], sk: &mut [u8]) {
    // (rho, rho', K) = H(xi || k || l, 128)
    let mut seeds = Zeroizing::new([0u8; 2 * SEED_BYTES + CRH_BYTES]);
    shake256(&[xi, &[P::K as u8, P::L as u8]], &mut seeds[..]);
    let rho: &[u8; 32] = seeds[..32].try_into().expect("32 bytes");
    let rho_prime: &[u8; 64] = seeds[32..96].try_into().expect("64 bytes");
    let key = &seeds[96..128];

    sk[..32].copy_from_slice(rho);
    sk[32..64].copy_from_slice(key);
    pk[..32].copy_from_slice(rho);

    let mut a = Zeroizing::new(<S::Matrix as MatrixA<P>>::Store::default());
    S::Matrix::expand(&mut a, rho);

    // s1 <- ExpandS: packed into sk, then kept in the NTT domain.
    let mut s1_hat: Zeroizing<GenericArray<Poly, P::LLen>> = Zeroizing::new(GenericArray::default());
    for (j, s) in s1_hat.iter_mut().enumerate() {
        sample::expand_s_entry::<P>(rho_prime, j, s);
        packing::pack_eta::<P>(s, &mut sk[packing::sk_s1_range::<P>(j)]);
        s.ntt();
    }

    let mut t = Zeroizing::new(Poly::zero());
    let mut s2 = Zeroizing::new(Poly::zero());
    let mut t1 = Poly::zero();
    let mut t0 = Zeroizing::new(Poly::zero());
    for i in 0..P::K {
        t.coeffs = [0; pqfit_core::mldsa::params::N];
        for (j, s) in s1_hat.iter().enumerate() {
            S::Matrix::mul_acc(&a, rho, i, j, s, &mut t);
        }
        t.reduce();
        t.inv_ntt_tomont();
        sample::expand_s_entry::<P>(rho_prime, P::L + i, &mut s2);
        packing::pack_eta::<P>(&s2, &mut sk[packing::sk_s2_range::<P>(i)]);
        t.add_assign(&s2);
        t.caddq();
        for ((c, hi), lo) in t.coeffs.iter().zip(t1.coeffs.iter_mut()).zip(t0.coeffs.iter_mut()) {
            (*hi, *lo) = rounding::power2round(*c);
        }
        packing::pack_t1(&t1, &mut pk[packing::pk_t1_range(i)]);
        packing::pack_t0(&t0, &mut sk[packing::sk_t0_range::<P>(i)]);
    }
    debug_assert_eq!(packing::sk_t0_range::<P>(P::K - 1).end, P::SK_T0_OFFSET + P::K * POLY_T0_BYTES);

    // tr = H(pk, 64)
    shake256(&[pk], &mut sk[64..128]);
    t1.zeroize();
}
