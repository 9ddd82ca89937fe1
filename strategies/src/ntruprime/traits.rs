//! The RustCrypto [`kem`] 0.3 traits for [`Sntrup761`]: `kem::Kem`, and what the
//! family-neutral key types of [`crate::kem`] ([`DecapsulationKey`](crate::kem::DecapsulationKey),
//! [`EncapsulationKey`](crate::kem::EncapsulationKey)) need of it: how its secret key
//! splits around the public key, and its algorithms over those parts. See the
//! [module documentation](super) for an example and for why ntrulpr761 has no
//! `kem::Kem` implementation yet.

use super::sntrup::{arr, arr_mut, pk_array, pk_array_mut, CT_BYTES, SK_HEAD, SK_TAIL};
use super::{RqMul, Sntrup761, Sntrup761Params, HASH_BYTES};
use crate::kem::{
    copy_bytes, sealed, DecapsulationKey, EncapsulationKey, KeyTypes, Params, PublicKey,
};
use pqfit_core::ntruprime::RQ_BYTES;

mod secret {
    use super::{SK_HEAD, SK_TAIL};
    use zeroize::Zeroize;

    /// sntrup761's secret key without the public key: f and 1/g (the bytes before
    /// the public key in the encoding), rho and the cache (the bytes after it).
    pub struct SntrupSecret {
        pub(crate) head: [u8; SK_HEAD],
        pub(crate) tail: [u8; SK_TAIL],
    }

    impl Zeroize for SntrupSecret {
        fn zeroize(&mut self) {
            self.head.zeroize();
            self.tail.zeroize();
        }
    }
}

use secret::SntrupSecret;

/// An NTRU Prime KEM that has the `kem` trait layer's key types
/// ([`DecapsulationKey`], [`EncapsulationKey`]). Sealed: implemented by
/// [`Sntrup761<M>`](Sntrup761) for every multiplication `M`.
pub trait NtruPrimeKem: KeyTypes {}

impl<M: RqMul + 'static> sealed::Sealed for Sntrup761<M> {
    type Params = Sntrup761Params;
    type Secret = SntrupSecret;

    fn new_secret() -> SntrupSecret {
        SntrupSecret {
            head: [0; SK_HEAD],
            tail: [0; SK_TAIL],
        }
    }

    fn split_secret_key(sk: &[u8], pk: &mut PublicKey<Sntrup761Params>, secret: &mut SntrupSecret) {
        let (head, rest) = sk.split_at(SK_HEAD);
        let (sk_pk, tail) = rest.split_at(RQ_BYTES);
        copy_bytes(&mut secret.head, head);
        copy_bytes(&mut pk.bytes, sk_pk);
        copy_bytes(&mut secret.tail, tail);
    }

    fn join_secret_key(secret: &SntrupSecret, pk: &PublicKey<Sntrup761Params>, sk: &mut [u8]) {
        let (head, rest) = sk.split_at_mut(SK_HEAD);
        let (sk_pk, tail) = rest.split_at_mut(RQ_BYTES);
        copy_bytes(head, &secret.head);
        copy_bytes(sk_pk, &pk.bytes);
        copy_bytes(tail, &secret.tail);
    }

    fn generate<E>(
        randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), E>,
        pk: &mut PublicKey<Sntrup761Params>,
        secret: &mut SntrupSecret,
    ) -> Result<(), E> {
        Self::key_gen_parts(
            randombytes,
            pk_array_mut(pk),
            &mut secret.head,
            &mut secret.tail,
        )
    }

    fn encapsulate<E>(
        randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), E>,
        pk: &PublicKey<Sntrup761Params>,
        ct: &mut [u8],
        ss: &mut [u8; HASH_BYTES],
    ) -> Result<(), E> {
        Self::encaps_generic(randombytes, pk_array(pk), arr_mut::<CT_BYTES>(ct), ss)
    }

    fn decapsulate(
        secret: &SntrupSecret,
        pk: &PublicKey<Sntrup761Params>,
        ct: &[u8],
        ss: &mut [u8; HASH_BYTES],
    ) {
        Self::decaps_parts(
            &secret.head,
            pk_array(pk),
            &secret.tail,
            arr::<CT_BYTES>(ct),
            ss,
        );
    }
}

impl<M: RqMul + 'static> KeyTypes for Sntrup761<M> {}

impl<M: RqMul + 'static> NtruPrimeKem for Sntrup761<M> {}

impl<M: RqMul + 'static> kem::Kem for Sntrup761<M> {
    type DecapsulationKey = DecapsulationKey<Self>;
    type EncapsulationKey = EncapsulationKey<Self>;
    type SharedKeySize = kem::consts::U32;
    type CiphertextSize = <Sntrup761Params as Params>::CtLen;
}
