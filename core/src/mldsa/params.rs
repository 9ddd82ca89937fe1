//! The ML-DSA parameter sets of FIPS 204, Table 1 and Table 2, as types.
//!
//! Scalar parameters are associated consts; every size a buffer depends on is also
//! an associated typenum type so that strategies can size generic arrays exactly. The
//! encoded sizes and checks (the [`Encoding`] supertrait) are implemented with the
//! encodings, in `packing`, which builds on this module.

use crate::encoding::Encoding;
use generic_array::ArrayLength;
use typenum::U;

/// q = 2^23 - 2^13 + 1, the ML-DSA modulus.
pub const Q: i32 = 8_380_417;
/// n, the number of coefficients of every polynomial.
pub const N: usize = 256;
/// d, the number of dropped bits of t (Power2Round).
pub const D: u32 = 13;
/// Length in bytes of the seeds rho, rho' and K, and of xi and rnd.
pub const SEED_BYTES: usize = 32;
/// Length in bytes of rho' (the secret-vector seed) and of tr, mu and rho''.
pub const CRH_BYTES: usize = 64;
/// Bytes of one packed t1 polynomial (10 bits per coefficient).
pub const POLY_T1_BYTES: usize = 320;
/// Bytes of one packed t0 polynomial (13 bits per coefficient).
pub const POLY_T0_BYTES: usize = 416;
/// Longest context string FIPS 204 allows.
pub const MAX_CONTEXT_BYTES: usize = 255;

/// One ML-DSA parameter set (FIPS 204, Table 1), with the sizes derived from it.
pub trait ParameterSet: Encoding + Copy + Default + Send + Sync + core::fmt::Debug {
    /// Rows of A (length of t, s2, w, h).
    const K: usize;
    /// Columns of A (length of s1, y, z).
    const L: usize;
    /// Bound of the secret coefficients.
    const ETA: i32;
    /// Number of +-1 coefficients of the challenge c.
    const TAU: usize;
    /// beta = tau * eta.
    const BETA: i32;
    /// Range of the mask y.
    const GAMMA1: i32;
    /// Low-order rounding range.
    const GAMMA2: i32;
    /// Maximum number of ones in the hint h.
    const OMEGA: usize;
    /// Collision strength of c-tilde in bits.
    const LAMBDA: usize;

    /// k as a type.
    type KLen: ArrayLength;
    /// l as a type.
    type LLen: ArrayLength;
    /// k * l as a type (entries of A).
    type KLLen: ArrayLength;
    /// Bytes of c-tilde (lambda / 4).
    type CTildeLen: ArrayLength;

    /// Bits per packed coefficient of s1 and s2: bitlen(2 eta).
    const ETA_BITS: usize = if Self::ETA == 2 { 3 } else { 4 };
    /// Bits per packed coefficient of z: 1 + bitlen(gamma1 - 1).
    const GAMMA1_BITS: usize = if Self::GAMMA1 == 1 << 17 { 18 } else { 20 };
    /// Bits per packed coefficient of w1: bitlen((q - 1) / (2 gamma2) - 1).
    const W1_BITS: usize = if Self::GAMMA2 == (Q - 1) / 88 { 6 } else { 4 };
    /// Bytes of c-tilde.
    const C_TILDE_BYTES: usize = Self::LAMBDA / 4;
    /// Bytes of one packed s1 or s2 polynomial.
    const POLY_ETA_BYTES: usize = 32 * Self::ETA_BITS;
    /// Bytes of one packed z polynomial.
    const POLY_Z_BYTES: usize = 32 * Self::GAMMA1_BITS;
    /// Bytes of one packed w1 polynomial.
    const POLY_W1_BYTES: usize = 32 * Self::W1_BITS;
    /// Bytes of the public key: rho and the packed t1.
    const PK_BYTES: usize = SEED_BYTES + Self::K * POLY_T1_BYTES;
    /// Bytes of the secret key: rho, K, tr, s1, s2, t0.
    const SK_BYTES: usize = 2 * SEED_BYTES
        + CRH_BYTES
        + (Self::K + Self::L) * Self::POLY_ETA_BYTES
        + Self::K * POLY_T0_BYTES;
    /// Bytes of the signature: c-tilde, z, h.
    const SIG_BYTES: usize =
        Self::C_TILDE_BYTES + Self::L * Self::POLY_Z_BYTES + Self::OMEGA + Self::K;

    /// Offset of s1 in the secret key.
    const SK_S1_OFFSET: usize = 2 * SEED_BYTES + CRH_BYTES;
    /// Offset of s2 in the secret key.
    const SK_S2_OFFSET: usize = Self::SK_S1_OFFSET + Self::L * Self::POLY_ETA_BYTES;
    /// Offset of t0 in the secret key.
    const SK_T0_OFFSET: usize = Self::SK_S2_OFFSET + Self::K * Self::POLY_ETA_BYTES;
    /// Offset of z in the signature.
    const SIG_Z_OFFSET: usize = Self::C_TILDE_BYTES;
    /// Offset of the hint in the signature.
    const SIG_H_OFFSET: usize = Self::SIG_Z_OFFSET + Self::L * Self::POLY_Z_BYTES;
}

macro_rules! parameter_set {
    (
        $(#[$doc:meta])* $name:ident,
        k: $k:literal, l: $l:literal, eta: $eta:literal, tau: $tau:literal,
        gamma1: $g1:expr, gamma2: $g2:expr, omega: $omega:literal, lambda: $lambda:literal
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;

        impl ParameterSet for $name {
            const K: usize = $k;
            const L: usize = $l;
            const ETA: i32 = $eta;
            const TAU: usize = $tau;
            const BETA: i32 = $tau * $eta;
            const GAMMA1: i32 = $g1;
            const GAMMA2: i32 = $g2;
            const OMEGA: usize = $omega;
            const LAMBDA: usize = $lambda;
            type KLen = U<$k>;
            type LLen = U<$l>;
            type KLLen = U<{ $k * $l }>;
            type CTildeLen = U<{ $lambda / 4 }>;
        }
    };
}

parameter_set!(
    /// ML-DSA-44 (security category 2), also known as Dilithium2.
    MlDsa44,
    k: 4, l: 4, eta: 2, tau: 39, gamma1: 1 << 17, gamma2: (Q - 1) / 88, omega: 80, lambda: 128
);
parameter_set!(
    /// ML-DSA-65 (security category 3), also known as Dilithium3.
    MlDsa65,
    k: 6, l: 5, eta: 4, tau: 49, gamma1: 1 << 19, gamma2: (Q - 1) / 32, omega: 55, lambda: 192
);
parameter_set!(
    /// ML-DSA-87 (security category 5), also known as Dilithium5.
    MlDsa87,
    k: 8, l: 7, eta: 2, tau: 60, gamma1: 1 << 19, gamma2: (Q - 1) / 32, omega: 75, lambda: 256
);

#[cfg(test)]
mod tests {
    use super::*;
    use typenum::Unsigned;

    fn check<P: ParameterSet>() {
        // The typenum sizes must equal the sizes derived from the scalar parameters.
        assert_eq!(P::KLen::USIZE, P::K);
        assert_eq!(P::LLen::USIZE, P::L);
        assert_eq!(P::KLLen::USIZE, P::K * P::L);
        assert_eq!(P::CTildeLen::USIZE, P::C_TILDE_BYTES);
        assert_eq!(P::PkLen::USIZE, P::PK_BYTES, "{} pk", P::NAME);
        assert_eq!(P::SkLen::USIZE, P::SK_BYTES, "{} sk", P::NAME);
        assert_eq!(P::SigLen::USIZE, P::SIG_BYTES, "{} sig", P::NAME);
        assert_eq!(P::BETA, P::TAU as i32 * P::ETA);
        // bitlen(2 eta), 1 + bitlen(gamma1 - 1), bitlen((q-1)/(2 gamma2) - 1)
        assert_eq!(P::ETA_BITS as u32, 32 - (2 * P::ETA as u32).leading_zeros());
        assert_eq!(
            P::GAMMA1_BITS as u32,
            33 - (P::GAMMA1 as u32 - 1).leading_zeros()
        );
        let m = ((Q - 1) / (2 * P::GAMMA2)) as u32;
        assert_eq!(P::W1_BITS as u32, 32 - (m - 1).leading_zeros());
    }

    #[test]
    fn sizes_follow_from_parameters() {
        check::<MlDsa44>();
        check::<MlDsa65>();
        check::<MlDsa87>();
    }
}
