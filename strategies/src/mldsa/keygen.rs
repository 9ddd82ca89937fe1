//! FIPS 204, Algorithm 6: ML-DSA.KeyGen_internal, over a memory strategy.

use super::strategy::{MaskVector, MatrixA, SmallStack, Strategy};
use crate::keys::{SigningKey, VerifyingKey};
use pqfit_core::hash::shake256_with;
use pqfit_core::mldsa::params::{CRH_BYTES, SEED_BYTES};
use pqfit_core::mldsa::{packing, rounding, sample, ParameterSet, Poly};
use zeroize::Zeroizing;

/// FIPS 204, Algorithm 6: ML-DSA.KeyGen_internal. Writes pkEncode(rho, t1) into `pk`
/// and skEncode(rho, K, tr, s1, s2, t0) into `sk` (both exactly sized).
///
/// t is formed one row at a time: row i of A-hat ∘ NTT(s1) plus s2\[i\] is rounded and
/// packed at once. NTT(s1) is kept or rebuilt per use as the strategy's mask
/// component decides; A-hat as its matrix component decides.
pub(crate) fn key_gen_internal<P: ParameterSet, S: Strategy<P>>(
    xi: &[u8; 32],
    pk: &mut [u8],
    sk: &mut [u8],
) {
    // (rho, rho', K) = H(xi || k || l, 128)
    let mut seeds = Zeroizing::new([0u8; 2 * SEED_BYTES + CRH_BYTES]);
    shake256_with::<S::Keccak>(&[xi, &[P::K as u8, P::L as u8]], &mut seeds[..]);
    // rho is published in the public key.
    pqfit_core::ct::declassify_bytes(&mut seeds[..32]);
    let rho: &[u8; 32] = seeds[..32].try_into().expect("32 bytes");
    let rho_prime: &[u8; 64] = seeds[32..96].try_into().expect("64 bytes");

    sk[..32].copy_from_slice(rho);
    sk[32..64].copy_from_slice(&seeds[96..128]);
    pk[..32].copy_from_slice(rho);

    // A-hat comes from the public rho: nothing to wipe.
    let mut a = <S::Matrix as MatrixA<P>>::Store::default();
    S::Matrix::expand::<S::Keccak>(&mut a, rho);

    // (s1, s2) <- ExpandS(rho'): s1 packed as it is sampled; NTT(s1[j]) kept or rebuilt
    // per use. A store that keeps NTT(s1) packs s1 while filling (one sampling per
    // polynomial); otherwise s1 is sampled and packed here, and rebuilt per use.
    let s1_hat = |j: usize, p: &mut Poly| {
        sample::expand_s_entry::<P, S::Keccak>(rho_prime, j, p);
        p.ntt();
    };
    let mut s1_store = Zeroizing::new(<S::Mask as MaskVector<P>>::VectorStore::default());
    let mut filled = 0;
    S::Mask::fill_vector(&mut s1_store, |j, p| {
        sample::expand_s_entry::<P, S::Keccak>(rho_prime, j, p);
        packing::pack_eta::<P>(p, &mut sk[packing::sk_s1_range::<P>(j)]);
        p.ntt();
        filled += 1;
    });
    let mut t = Zeroizing::new(Poly::zero());
    if filled != P::L {
        for j in 0..P::L {
            sample::expand_s_entry::<P, S::Keccak>(rho_prime, j, &mut t);
            packing::pack_eta::<P>(&t, &mut sk[packing::sk_s1_range::<P>(j)]);
        }
    }

    let mut scratch = Zeroizing::new(Poly::zero());
    for i in 0..P::K {
        // t[i] = NTT^-1(sum_j A-hat[i][j] ∘ NTT(s1[j])) + s2[i]
        // One pass summing the l products when A-hat's row and NTT(s1) are both stored
        // (the same integers as accumulating j by j).
        match (S::Matrix::row(&a, i), S::Mask::stored_vector(&s1_store)) {
            (Some(row), Some(s1)) => t.dot_montgomery(row, s1),
            _ => {
                t.coeffs.fill(0);
                for j in 0..P::L {
                    let s = S::Mask::vector(&s1_store, j, &mut scratch, s1_hat);
                    S::Matrix::mul_acc::<S::Keccak, Poly>(&a, rho, i, j, s, &mut t);
                }
            }
        }
        t.reduce();
        t.inv_ntt_tomont();
        sample::expand_s_entry::<P, S::Keccak>(rho_prime, P::L + i, &mut scratch);
        packing::pack_eta::<P>(&scratch, &mut sk[packing::sk_s2_range::<P>(i)]);
        t.add_assign(&scratch);
        t.caddq();
        // (t1, t0) = Power2Round(t), packed as they are computed.
        let t = &*t;
        packing::simple_bit_pack_with(10, &mut pk[packing::pk_t1_range(i)], |k| {
            rounding::power2round(t.coeffs[k]).0
        });
        packing::pack_t0_with(&mut sk[packing::sk_t0_range::<P>(i)], |k| {
            rounding::power2round(t.coeffs[k]).1
        });
    }

    // tr = H(pk, 64)
    shake256_with::<S::Keccak>(&[pk], &mut sk[64..128]);
}

impl<P: ParameterSet> SigningKey<P> {
    /// The secret key of the 32-byte seed xi: FIPS 204, Algorithm 6
    /// (ML-DSA.KeyGen_internal), which expands the seed form that current standards
    /// prefer for storage (RFC 9881's `seed`) into skEncode.
    ///
    /// The expansion runs with the [`SmallStack`] strategy, the smallest key-generation
    /// stack, so that it fits small devices; every strategy produces the same bytes.
    /// The public key it computes on the way is discarded: use
    /// [`KeyPair::from_seed`](crate::KeyPair::from_seed) to keep both.
    pub fn from_seed(xi: &[u8; 32]) -> Self {
        let mut sk = Self::blank();
        let mut vk = VerifyingKey::<P>::default();
        key_gen_internal::<P, SmallStack>(xi, &mut vk.bytes, &mut sk.bytes);
        sk
    }
}

impl<P: ParameterSet> VerifyingKey<P> {
    /// The public key of the 32-byte seed xi: FIPS 204, Algorithm 6, with the
    /// [`SmallStack`] strategy. The secret key computed on the way is zeroized.
    pub fn from_seed(xi: &[u8; 32]) -> Self {
        let mut vk = Self::default();
        let mut sk = SigningKey::<P>::blank();
        key_gen_internal::<P, SmallStack>(xi, &mut vk.bytes, &mut sk.bytes);
        vk
    }
}
