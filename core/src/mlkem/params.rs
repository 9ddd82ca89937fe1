//! The ML-KEM parameter sets of FIPS 203 §8 (Table 2) as types, with every size as
//! a const and, for buffers, as a typenum length.

use generic_array::ArrayLength;

/// A length above typenum's const-generic range (1024) as 1000·hi + lo.
macro_rules! len {
    ($n:literal) => {
        typenum::Sum<
            typenum::Prod<typenum::U<{ $n / 1000 }>, typenum::U1000>,
            typenum::U<{ $n % 1000 }>,
        >
    };
}

/// An ML-KEM parameter set: k, eta1, eta2, du, dv, and the sizes they give.
pub trait MlKemParams: 'static {
    /// The name, as FIPS 203 and the ACVP files write it (`ML-KEM-768`). Named
    /// `SET_NAME`, and the ciphertext sizes [`Self::C_BYTES`] and `CLen` after FIPS
    /// 203's c, so that none clashes with pqfit's family-neutral `kem::Params`
    /// (`NAME`, `CT_BYTES`, `CtLen`), which the parameter sets implement too.
    const SET_NAME: &'static str;
    /// k: the module rank (A is k × k).
    const K: usize;
    /// eta1: the CBD parameter of s, e and y.
    const ETA1: usize;
    /// eta2: the CBD parameter of e1 and e2.
    const ETA2: usize;
    /// du: the bits per coefficient of u in the ciphertext.
    const DU: u32;
    /// dv: the bits per coefficient of v in the ciphertext.
    const DV: u32;

    /// Bytes of dk_PKE = ByteEncode_12(s-hat): 384k.
    const DK_PKE_BYTES: usize = 384 * Self::K;
    /// Bytes of the encapsulation key ek = ByteEncode_12(t-hat) || rho: 384k + 32.
    const EK_BYTES: usize = 384 * Self::K + 32;
    /// Bytes of the decapsulation key dk = dk_PKE || ek || H(ek) || z: 768k + 96.
    const DK_BYTES: usize = 768 * Self::K + 96;
    /// Bytes of one compressed polynomial of u: 32·du.
    const POLY_U_BYTES: usize = 32 * Self::DU as usize;
    /// Bytes of c1 (u): 32·du·k.
    const C1_BYTES: usize = 32 * Self::DU as usize * Self::K;
    /// Bytes of c2 (v): 32·dv.
    const C2_BYTES: usize = 32 * Self::DV as usize;
    /// Bytes of the ciphertext c = c1 || c2.
    const C_BYTES: usize = Self::C1_BYTES + Self::C2_BYTES;

    /// k as a type (vectors of polynomials).
    type KLen: ArrayLength;
    /// k² as a type (the matrix A-hat).
    type KkLen: ArrayLength;
    /// [`Self::EK_BYTES`] as a type.
    type EkLen: ArrayLength;
    /// [`Self::DK_BYTES`] as a type.
    type DkLen: ArrayLength;
    /// [`Self::C_BYTES`] as a type.
    type CLen: ArrayLength;
    /// [`Self::DK_PKE_BYTES`] as a type.
    type DkPkeLen: ArrayLength;
}

macro_rules! parameter_set {
    ($(#[$doc:meta])* $name:ident, $text:literal, k: $k:literal, eta1: $eta1:literal,
     eta2: $eta2:literal, du: $du:literal, dv: $dv:literal, kk: $kk:ty, ek: $ek:literal,
     dk: $dk:literal, ct: $ct:literal, dk_pke: $dkp:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name;

        impl MlKemParams for $name {
            const SET_NAME: &'static str = $text;
            const K: usize = $k;
            const ETA1: usize = $eta1;
            const ETA2: usize = $eta2;
            const DU: u32 = $du;
            const DV: u32 = $dv;
            type KLen = typenum::U<$k>;
            type KkLen = $kk;
            type EkLen = len!($ek);
            type DkLen = len!($dk);
            type CLen = len!($ct);
            type DkPkeLen = len!($dkp);
        }
    };
}

parameter_set!(
    /// ML-KEM-512 (security category 1): k = 2, eta1 = 3, eta2 = 2, du = 10, dv = 4;
    /// ek 800, dk 1632, c 768 bytes.
    MlKem512Params, "ML-KEM-512", k: 2, eta1: 3, eta2: 2, du: 10, dv: 4,
    kk: typenum::U4, ek: 800, dk: 1632, ct: 768, dk_pke: 768
);
parameter_set!(
    /// ML-KEM-768 (security category 3): k = 3, eta1 = 2, eta2 = 2, du = 10, dv = 4;
    /// ek 1184, dk 2400, c 1088 bytes.
    MlKem768Params, "ML-KEM-768", k: 3, eta1: 2, eta2: 2, du: 10, dv: 4,
    kk: typenum::U9, ek: 1184, dk: 2400, ct: 1088, dk_pke: 1152
);
parameter_set!(
    /// ML-KEM-1024 (security category 5): k = 4, eta1 = 2, eta2 = 2, du = 11, dv = 5;
    /// ek 1568, dk 3168, c 1568 bytes.
    MlKem1024Params, "ML-KEM-1024", k: 4, eta1: 2, eta2: 2, du: 11, dv: 5,
    kk: typenum::U16, ek: 1568, dk: 3168, ct: 1568, dk_pke: 1536
);

#[cfg(test)]
mod tests {
    use super::*;
    use typenum::Unsigned;

    #[test]
    fn lengths_are_the_sizes() {
        fn check<P: MlKemParams>(ek: usize, dk: usize, ct: usize) {
            assert_eq!(
                (P::EK_BYTES, P::DK_BYTES, P::C_BYTES),
                (ek, dk, ct),
                "{}",
                P::SET_NAME
            );
            assert_eq!(
                (P::EkLen::USIZE, P::DkLen::USIZE, P::CLen::USIZE),
                (ek, dk, ct)
            );
            assert_eq!(P::DkPkeLen::USIZE, P::DK_PKE_BYTES);
            assert_eq!((P::KLen::USIZE, P::KkLen::USIZE), (P::K, P::K * P::K));
        }
        check::<MlKem512Params>(800, 1632, 768);
        check::<MlKem768Params>(1184, 2400, 1088);
        check::<MlKem1024Params>(1568, 3168, 1568);
    }
}
