//! The ML-KEM parameter sets as KEM parameter sets ([`crate::kem::Params`]): their
//! names, sizes and the input checks of FIPS 203 §7.2 and §7.3, which the buffers'
//! `from_bytes` and the `kem` key types run on every imported key.

use crate::kem::Params;
use pqfit_core::ct;
use pqfit_core::hash::sha3_256;
use pqfit_core::mlkem::encode::is_canonical12;
use pqfit_core::mlkem::{MlKem1024Params, MlKem512Params, MlKem768Params, MlKemParams};

/// An ML-KEM parameter set with its KEM buffers: [`MlKem512Params`],
/// [`MlKem768Params`], [`MlKem1024Params`].
pub trait ParameterSet: MlKemParams + Params {}

impl<P: MlKemParams + Params> ParameterSet for P {}

/// FIPS 203 §7.2, the encapsulation key check: the length (the type check), and
/// ByteEncode_12(ByteDecode_12(ek\[0:384k\])) = ek\[0:384k\] (the modulus check: every
/// coefficient of t-hat below q).
pub fn encapsulation_key_is_valid<P: MlKemParams>(ek: &[u8]) -> bool {
    ek.len() == P::EK_BYTES && is_canonical12(&ek[..P::DK_PKE_BYTES])
}

/// FIPS 203 §7.3, the decapsulation key check: the length (the type check), and
/// H(dk\[384k : 768k + 32\]) = dk\[768k + 32 : 768k + 64\] (the hash check: the key's
/// copy of H(ek) is the hash of its ek). Beyond §7.3, the embedded ek must pass the
/// modulus check of §7.2 too: a key whose ek has a coefficient at or above q (with
/// a hash that matches it) is no key ML-KEM.KeyGen gives, and would encrypt with an
/// ek that every peer refuses. The hash comparison is constant-time.
pub fn decapsulation_key_is_valid<P: MlKemParams>(dk: &[u8]) -> bool {
    if dk.len() != P::DK_BYTES {
        return false;
    }
    let ek = &dk[P::DK_PKE_BYTES..P::DK_PKE_BYTES + P::EK_BYTES];
    let h = &dk[P::DK_PKE_BYTES + P::EK_BYTES..P::DK_PKE_BYTES + P::EK_BYTES + 32];
    let mut digest = [0u8; 32];
    sha3_256(&[ek], &mut digest);
    ct::bytes_eq(&digest, h) & encapsulation_key_is_valid::<P>(ek)
}

macro_rules! kem_params {
    ($p:ty) => {
        impl Params for $p {
            const NAME: &'static str = <$p as MlKemParams>::SET_NAME;
            const PK_BYTES: usize = <$p as MlKemParams>::EK_BYTES;
            const SK_BYTES: usize = <$p as MlKemParams>::DK_BYTES;
            const CT_BYTES: usize = <$p as MlKemParams>::C_BYTES;
            type PkLen = <$p as MlKemParams>::EkLen;
            type SkLen = <$p as MlKemParams>::DkLen;
            type CtLen = <$p as MlKemParams>::CLen;

            fn public_key_is_valid(bytes: &[u8]) -> bool {
                encapsulation_key_is_valid::<$p>(bytes)
            }

            fn secret_key_is_valid(bytes: &[u8]) -> bool {
                decapsulation_key_is_valid::<$p>(bytes)
            }
        }
    };
}

kem_params!(MlKem512Params);
kem_params!(MlKem768Params);
kem_params!(MlKem1024Params);
