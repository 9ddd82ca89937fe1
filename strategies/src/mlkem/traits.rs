//! The RustCrypto [`kem`] 0.3 traits for [`MlKem<P, S>`](MlKem): `kem::Kem`, and what
//! the family-neutral key types of [`crate::kem`] need of it (how dk splits around
//! ek, and the algorithms over those parts), as for sntrup761.

use super::{MlKem, ParameterSet, Strategy};
use crate::kem::{sealed, DecapsulationKey, EncapsulationKey, KeyTypes, Params, PublicKey};
use generic_array::GenericArray;
use hybrid_array::ArraySize;
use pqfit_core::mlkem::MlKemParams;
use zeroize::Zeroize;

/// ML-KEM's decapsulation key without ek: dk_PKE (the bytes before ek in the
/// encoding), H(ek) and z (the 64 bytes after it).
pub struct MlKemSecret<P: MlKemParams> {
    dk_pke: GenericArray<u8, P::DkPkeLen>,
    h_z: [u8; 64],
}

impl<P: MlKemParams> Zeroize for MlKemSecret<P> {
    fn zeroize(&mut self) {
        self.dk_pke.zeroize();
        self.h_z.zeroize();
    }
}

/// Copies `src` into `dst` byte by byte (equal lengths here; no panic path).
fn copy_bytes(dst: &mut [u8], src: &[u8]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d = *s;
    }
}

impl<P: ParameterSet, S: Strategy<P>> sealed::Sealed for MlKem<P, S> {
    type Params = P;
    type Secret = MlKemSecret<P>;

    fn new_secret() -> MlKemSecret<P> {
        MlKemSecret {
            dk_pke: GenericArray::default(),
            h_z: [0; 64],
        }
    }

    fn split_secret_key(sk: &[u8], pk: &mut PublicKey<P>, secret: &mut MlKemSecret<P>) {
        let (dk_pke, rest) = sk.split_at(P::DK_PKE_BYTES);
        let (ek, h_z) = rest.split_at(P::EK_BYTES);
        copy_bytes(&mut secret.dk_pke, dk_pke);
        copy_bytes(&mut pk.bytes, ek);
        copy_bytes(&mut secret.h_z, h_z);
    }

    fn join_secret_key(secret: &MlKemSecret<P>, pk: &PublicKey<P>, sk: &mut [u8]) {
        let (dk_pke, rest) = sk.split_at_mut(P::DK_PKE_BYTES);
        let (ek, h_z) = rest.split_at_mut(P::EK_BYTES);
        copy_bytes(dk_pke, &secret.dk_pke);
        copy_bytes(ek, &pk.bytes);
        copy_bytes(h_z, &secret.h_z);
    }

    fn generate<E>(
        randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), E>,
        pk: &mut PublicKey<P>,
        secret: &mut MlKemSecret<P>,
    ) -> Result<(), E> {
        Self::key_gen_from(
            randombytes,
            &mut pk.bytes,
            &mut secret.dk_pke,
            &mut secret.h_z,
        )
    }

    fn encapsulate<E>(
        randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), E>,
        pk: &PublicKey<P>,
        ct: &mut [u8],
        ss: &mut [u8; 32],
    ) -> Result<(), E> {
        Self::encaps_from(randombytes, &pk.bytes, ct, ss)
    }

    fn decapsulate(secret: &MlKemSecret<P>, pk: &PublicKey<P>, ct: &[u8], ss: &mut [u8; 32]) {
        let (h, z) = secret.h_z.split_at(32);
        Self::decaps_parts(&secret.dk_pke, &pk.bytes, h, z, ct, ss);
    }
}

impl<P: ParameterSet, S: Strategy<P>> KeyTypes for MlKem<P, S> {}

impl<P: ParameterSet, S: Strategy<P>> kem::Kem for MlKem<P, S>
where
    <P as Params>::CtLen: ArraySize,
    <P as Params>::PkLen: ArraySize,
{
    type DecapsulationKey = DecapsulationKey<Self>;
    type EncapsulationKey = EncapsulationKey<Self>;
    type SharedKeySize = kem::consts::U32;
    type CiphertextSize = <P as Params>::CtLen;
}
