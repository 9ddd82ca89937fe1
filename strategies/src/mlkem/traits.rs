//! The RustCrypto [`kem`] 0.3 traits for [`MlKem<P, S>`](MlKem): `kem::Kem`, and what
//! the family-neutral key types of [`crate::kem`] need of it (how dk splits around
//! ek, and the algorithms over those parts), as for sntrup761.

use super::{MlKem, ParameterSet, Strategy};
use crate::kem::{
    copy_bytes, sealed, DecapsulationKey, EncapsulationKey, KeyTypes, Params, PublicKey,
};
use generic_array::GenericArray;
use hybrid_array::ArraySize;
use pqfit_core::ct;
use pqfit_core::mlkem::MlKemParams;
use zeroize::{Zeroize, Zeroizing};

/// ML-KEM's decapsulation key without ek: dk_PKE (the bytes before ek in the
/// encoding), H(ek) and z (the 64 bytes after it), and d when the key was generated
/// here or from its seed (so that the seed d || z can be stored: PKCS#8's seed form).
pub struct MlKemSecret<P: MlKemParams> {
    pub(crate) dk_pke: GenericArray<u8, P::DkPkeLen>,
    pub(crate) h_z: [u8; 64],
    pub(crate) d: [u8; 32],
    /// Whether `d` holds the key's d (public: how the key was made, not a secret).
    pub(crate) has_seed: bool,
}

impl<P: MlKemParams> Zeroize for MlKemSecret<P> {
    fn zeroize(&mut self) {
        self.dk_pke.zeroize();
        self.h_z.zeroize();
        self.d.zeroize();
        self.has_seed = false;
    }
}

impl<P: ParameterSet, S: Strategy<P>> DecapsulationKey<MlKem<P, S>> {
    /// FIPS 203, Algorithm 16: ML-KEM.KeyGen_internal(d, z), the key of the 64-byte
    /// seed d || z (the form FIPS 203 §7.1 allows a decapsulation key to be stored
    /// in), generated with the strategy `S`. The key keeps d, so [`Self::seed`]
    /// gives the seed back (and PKCS#8 encodes the seed form).
    pub fn from_seed(d: &[u8; 32], z: &[u8; 32]) -> Self {
        let mut dk = Self::zero();
        let secret = &mut dk.secret;
        MlKem::<P, S>::key_gen_parts(
            d,
            z,
            &mut dk.ek.pk.bytes,
            &mut secret.dk_pke,
            &mut secret.h_z,
        );
        secret.d.copy_from_slice(d);
        secret.has_seed = true;
        dk
    }

    /// [`Self::from_seed`] of the 64 bytes d || z.
    pub fn from_seed_bytes(seed: &[u8; 64]) -> Self {
        let mut d = Zeroizing::new([0u8; 32]);
        let mut z = Zeroizing::new([0u8; 32]);
        d.copy_from_slice(&seed[..32]);
        z.copy_from_slice(&seed[32..]);
        Self::from_seed(&d, &z)
    }

    /// The seed d || z, in a zeroizing buffer, when the key knows it (made by
    /// `kem::Generate` or [`Self::from_seed`], or decoded from a PKCS#8 seed or both
    /// form); `None` for a key made from the expanded form.
    pub fn seed(&self) -> Option<Zeroizing<[u8; 64]>> {
        if !self.secret.has_seed {
            return None;
        }
        let mut seed = Zeroizing::new([0u8; 64]);
        seed[..32].copy_from_slice(&self.secret.d);
        seed[32..].copy_from_slice(&self.secret.h_z[32..]);
        Some(seed)
    }

    /// Checks a native decapsulation key (FIPS 203 §7.3, as
    /// [`SecretKey::from_bytes`](crate::kem::SecretKey::from_bytes)) and makes the
    /// `kem` key of it; `Err(MalformedKey)` or `Err(InvalidLength)` otherwise.
    pub fn from_expanded_bytes(dk: &[u8]) -> Result<Self, crate::Error> {
        let sk = crate::kem::SecretKey::<P>::from_bytes(dk)?;
        Ok(Self::from_secret_key(&sk))
    }

    /// Whether `self` and `other` hold the same key: the same ek and, compared in
    /// constant time, the same secret bytes (dk_PKE, H(ek), z; not whether the seed is
    /// known).
    pub fn same_key(&self, other: &Self) -> bool {
        let ek = self.ek == other.ek;
        let dk_pke = ct::bytes_eq(&self.secret.dk_pke, &other.secret.dk_pke);
        ek & dk_pke & ct::bytes_eq(&self.secret.h_z, &other.secret.h_z)
    }
}

impl<P: ParameterSet, S: Strategy<P>> sealed::Sealed for MlKem<P, S> {
    type Params = P;
    type Secret = MlKemSecret<P>;

    fn new_secret() -> MlKemSecret<P> {
        MlKemSecret {
            dk_pke: GenericArray::default(),
            h_z: [0; 64],
            d: [0; 32],
            has_seed: false,
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
        // Algorithm 19: d || z from one call, as the native key generation draws it;
        // d is kept for the seed form.
        let mut seed = Zeroizing::new([0u8; 64]);
        randombytes(&mut seed[..])?;
        let mut z = Zeroizing::new([0u8; 32]);
        secret.d.copy_from_slice(&seed[..32]);
        z.copy_from_slice(&seed[32..]);
        Self::key_gen_parts(
            &secret.d,
            &z,
            &mut pk.bytes,
            &mut secret.dk_pke,
            &mut secret.h_z,
        );
        secret.has_seed = true;
        Ok(())
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
