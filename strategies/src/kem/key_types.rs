//! The RustCrypto `kem` 0.3 key types of every KEM ([`EncapsulationKey`],
//! [`DecapsulationKey`]) over the native buffers of [`super`], and the sealed trait a
//! KEM implements to have them.

use super::{Params, PublicKey, SecretKey, SHARED_SECRET_BYTES};
use ::kem::{
    Ciphertext as KemCiphertext, Decapsulate, Decapsulator, Encapsulate, Generate, InvalidKey, Kem,
    Key, KeyExport, KeySizeUser, SharedKey, TryKeyInit,
};
use core::fmt;
use core::marker::PhantomData;
use hybrid_array::ArraySize;
use rand_core::{CryptoRng, TryCryptoRng};
use zeroize::{Zeroize, ZeroizeOnDrop};
pub(crate) mod sealed {
    use super::{Params, PublicKey, SHARED_SECRET_BYTES};
    use zeroize::Zeroize;

    /// What the `kem` key types need of a KEM: its parameter set, how its secret key
    /// splits around the public key, and its algorithms over those parts. Only
    /// pqfit's KEMs implement it.
    pub trait Sealed: 'static {
        /// The parameter set (sizes of the native buffers).
        type Params: Params;
        /// The secret key's bytes other than the public key.
        type Secret: Zeroize;

        /// An all-zero `Secret` to write into.
        fn new_secret() -> Self::Secret;

        /// Splits a native secret key encoding into the public key and the rest.
        fn split_secret_key(sk: &[u8], pk: &mut PublicKey<Self::Params>, secret: &mut Self::Secret);

        /// The native secret key encoding of the parts.
        fn join_secret_key(secret: &Self::Secret, pk: &PublicKey<Self::Params>, sk: &mut [u8]);

        /// Key generation into the parts, drawing as the native key generation does;
        /// generic in the callback's error type.
        fn generate<E>(
            randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), E>,
            pk: &mut PublicKey<Self::Params>,
            secret: &mut Self::Secret,
        ) -> Result<(), E>;

        /// Encapsulation to `pk` into a ciphertext of `CT_BYTES` bytes.
        fn encapsulate<E>(
            randombytes: &mut impl FnMut(&mut [u8]) -> Result<(), E>,
            pk: &PublicKey<Self::Params>,
            ct: &mut [u8],
            ss: &mut [u8; SHARED_SECRET_BYTES],
        ) -> Result<(), E>;

        /// Decapsulation of a ciphertext of `CT_BYTES` bytes; never fails.
        fn decapsulate(
            secret: &Self::Secret,
            pk: &PublicKey<Self::Params>,
            ct: &[u8],
            ss: &mut [u8; SHARED_SECRET_BYTES],
        );
    }
}

/// A KEM that has the `kem` trait layer's key types ([`DecapsulationKey`],
/// [`EncapsulationKey`]). Sealed: implemented by pqfit's KEMs (for NTRU Prime
/// `Sntrup761<M>` for every multiplication `M`; `MlKem<P, S>` for every ML-KEM
/// parameter set and strategy).
pub trait KeyTypes: sealed::Sealed {}

/// The public key length of `K` as a type.
type PkLen<K> = <<K as sealed::Sealed>::Params as Params>::PkLen;
/// The ciphertext length of `K` as a type.
type CtLen<K> = <<K as sealed::Sealed>::Params as Params>::CtLen;

/// Copies `src` into `dst` byte by byte (equal lengths at every use; no panic path).
pub(crate) fn copy_bytes(dst: &mut [u8], src: &[u8]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d = *s;
    }
}

/// The encapsulation (public) key of the `kem` trait API: the native
/// [`PublicKey`], typed by its KEM `K` (which fixes the algorithm choices used to
/// encapsulate, e.g. NTRU Prime's multiplication).
///
/// `KeyExport::to_bytes` / `TryKeyInit::new_from_slice` give and read the standard
/// public key encoding (1158 bytes for sntrup761, 1184 for ML-KEM-768), checked as
/// [`PublicKey::from_bytes`] checks it: for NTRU Prime every encoding of the right
/// length is accepted, so the only error is a wrong length; for ML-KEM an encoding
/// with a coefficient of t-hat at or above q is refused too (FIPS 203 §7.2).
/// `==` is constant-time (it compares public data, so
/// this is only a matter of habit).
pub struct EncapsulationKey<K: KeyTypes> {
    pub(crate) pk: PublicKey<K::Params>,
    _kem: PhantomData<fn() -> K>,
}

impl<K: KeyTypes> EncapsulationKey<K> {
    /// Wraps a native public key (moved, not copied).
    pub fn from_public_key(pk: PublicKey<K::Params>) -> Self {
        Self {
            pk,
            _kem: PhantomData,
        }
    }

    /// The native public key, for the native entry points.
    pub fn public_key(&self) -> &PublicKey<K::Params> {
        &self.pk
    }

    /// The encoding.
    pub fn as_bytes(&self) -> &[u8] {
        self.pk.as_bytes()
    }
}

impl<K: KeyTypes> From<PublicKey<K::Params>> for EncapsulationKey<K> {
    /// As [`EncapsulationKey::from_public_key`].
    fn from(pk: PublicKey<K::Params>) -> Self {
        Self::from_public_key(pk)
    }
}

impl<K: KeyTypes> Clone for EncapsulationKey<K> {
    fn clone(&self) -> Self {
        Self::from_public_key(self.pk.clone())
    }
}

impl<K: KeyTypes> PartialEq for EncapsulationKey<K> {
    fn eq(&self, other: &Self) -> bool {
        self.pk == other.pk
    }
}

impl<K: KeyTypes> Eq for EncapsulationKey<K> {}

impl<K: KeyTypes> fmt::Debug for EncapsulationKey<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EncapsulationKey({:?})", self.pk)
    }
}

/// The decapsulation (secret) key of the `kem` trait API.
///
/// It holds the public key once, as its [`EncapsulationKey`] (which
/// `kem::Decapsulator::encapsulation_key` lends out), and the rest of the secret key
/// encoding next to it, rather than a native [`SecretKey`] (which contains the
/// public key) plus a second copy of the public key: 1763 bytes for sntrup761, not
/// 2921. The secret part is zeroized on drop; `Debug` prints no key material; there
/// is no `Clone` and no `==`.
///
/// Created by `kem::Generate` (key generation, drawing its randomness as the native
/// key generation does) or from a native key with [`Self::from_secret_key`]; stored
/// with [`Self::write_secret_key`] (the standard secret key encoding, into a buffer
/// that is zeroized on drop). There is deliberately no `KeyExport` for it: that
/// would return the secret key in a `kem` array, which is not zeroized on drop.
///
/// Decapsulation is the spec's implicit rejection and never fails
/// (`kem::Decapsulate`; `kem::TryDecapsulate` with `Error = Infallible`). The
/// returned `kem::SharedKey` is a plain array, which the `kem` traits fix: wrap it in
/// [`zeroize::Zeroizing`] to have it zeroized on drop (it implements `Zeroize`), or
/// decapsulate with the native API into a [`SharedSecret`](super::SharedSecret), which zeroizes itself.
pub struct DecapsulationKey<K: KeyTypes> {
    pub(crate) ek: EncapsulationKey<K>,
    pub(crate) secret: K::Secret,
}

impl<K: KeyTypes> Drop for DecapsulationKey<K> {
    fn drop(&mut self) {
        self.secret.zeroize();
    }
}

impl<K: KeyTypes> ZeroizeOnDrop for DecapsulationKey<K> {}

impl<K: KeyTypes> fmt::Debug for DecapsulationKey<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "DecapsulationKey<{}> {{ ek: {:?}, .. }}",
            <K::Params as Params>::NAME,
            self.ek
        )
    }
}

impl<K: KeyTypes> DecapsulationKey<K> {
    /// The all-zero key, to be filled in.
    pub(crate) fn zero() -> Self {
        Self {
            ek: EncapsulationKey::from_public_key(PublicKey::default()),
            secret: K::new_secret(),
        }
    }

    /// The key of a native secret key (copied; the secret key encoding contains the
    /// public key, which becomes the [`EncapsulationKey`]).
    pub fn from_secret_key(sk: &SecretKey<K::Params>) -> Self {
        let mut dk = Self::zero();
        K::split_secret_key(&sk.bytes, &mut dk.ek.pk, &mut dk.secret);
        dk
    }

    /// Writes the standard secret key encoding (as the native key generation gives
    /// it) to `sk`, which is zeroized on drop.
    pub fn write_secret_key(&self, sk: &mut SecretKey<K::Params>) {
        K::join_secret_key(&self.secret, &self.ek.pk, &mut sk.bytes);
    }
}

impl<K: KeyTypes> Generate for DecapsulationKey<K> {
    /// Key generation (the native key generation's bytes from the same RNG stream).
    /// An RNG error is returned as is; the partial key is zeroized.
    fn try_generate_from_rng<R: TryCryptoRng + ?Sized>(rng: &mut R) -> Result<Self, R::Error> {
        let mut dk = Self::zero();
        K::generate(
            &mut |out: &mut [u8]| rng.try_fill_bytes(out),
            &mut dk.ek.pk,
            &mut dk.secret,
        )?;
        Ok(dk)
    }
}

impl<K> Decapsulator for DecapsulationKey<K>
where
    K: KeyTypes + Kem<EncapsulationKey = EncapsulationKey<K>>,
{
    type Kem = K;

    fn encapsulation_key(&self) -> &EncapsulationKey<K> {
        &self.ek
    }
}

impl<K> Decapsulate for DecapsulationKey<K>
where
    K: KeyTypes
        + Kem<
            EncapsulationKey = EncapsulationKey<K>,
            SharedKeySize = ::kem::consts::U32,
            CiphertextSize = CtLen<K>,
        >,
    CtLen<K>: ArraySize,
{
    /// Decapsulation with implicit rejection (the native decapsulation): a
    /// ciphertext that does not re-encrypt to itself gives a pseudorandom key, in
    /// constant time.
    fn decapsulate(&self, ct: &KemCiphertext<K>) -> SharedKey<K> {
        let mut ss = SharedKey::<K>::default();
        K::decapsulate(&self.secret, &self.ek.pk, ct.as_slice(), &mut ss.0);
        ss
    }
}

impl<K: KeyTypes> KeySizeUser for EncapsulationKey<K>
where
    PkLen<K>: ArraySize,
{
    type KeySize = PkLen<K>;
}

impl<K: KeyTypes> KeyExport for EncapsulationKey<K>
where
    PkLen<K>: ArraySize,
{
    fn to_bytes(&self) -> Key<Self> {
        let mut out = Key::<Self>::default();
        copy_bytes(&mut out, &self.pk.bytes);
        out
    }
}

impl<K: KeyTypes> TryKeyInit for EncapsulationKey<K>
where
    PkLen<K>: ArraySize,
{
    /// The encoding is checked as [`PublicKey::from_bytes`] checks it (for NTRU
    /// Prime every encoding of the right length is accepted, so this never fails;
    /// for ML-KEM the modulus check of FIPS 203 §7.2); `new_from_slice` also fails
    /// on a wrong length.
    fn new(key: &Key<Self>) -> Result<Self, InvalidKey> {
        if !<K::Params as Params>::public_key_is_valid(key) {
            return Err(InvalidKey);
        }
        let mut pk = PublicKey::default();
        copy_bytes(&mut pk.bytes, key);
        Ok(Self::from_public_key(pk))
    }
}

impl<K> Encapsulate for EncapsulationKey<K>
where
    K: KeyTypes + Kem<SharedKeySize = ::kem::consts::U32, CiphertextSize = CtLen<K>>,
    PkLen<K>: ArraySize,
    CtLen<K>: ArraySize,
{
    type Kem = K;

    /// Encapsulation (the native encapsulation's bytes from the same RNG stream).
    /// The returned shared key is a plain array: see [`DecapsulationKey`] for
    /// zeroizing it.
    fn encapsulate_with_rng<R>(&self, rng: &mut R) -> (KemCiphertext<K>, SharedKey<K>)
    where
        R: CryptoRng + ?Sized,
    {
        let mut ct = KemCiphertext::<K>::default();
        let mut ss = SharedKey::<K>::default();
        // A `CryptoRng`'s error type is `Infallible`: the pattern is irrefutable.
        let Ok(()) = K::encapsulate(
            &mut |out: &mut [u8]| rng.try_fill_bytes(out),
            &self.pk,
            ct.as_mut_slice(),
            &mut ss.0,
        );
        (ct, ss)
    }
}
