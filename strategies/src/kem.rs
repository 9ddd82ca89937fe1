//! Encoded keys, ciphertexts and shared secrets of the key encapsulation mechanisms,
//! and their RustCrypto `kem` 0.3 key types, for every KEM family (as
//! `SigningKey<P>` and friends are for the signatures): fixed-size buffers sized by
//! the parameter set ([`Params`]), so that each family only names its sizes and its
//! algorithms. NTRU Prime re-exports them from [`crate::ntruprime`].
//!
//! The `kem` crate itself is re-exported as `pqfit::ntruprime::kem` and `pqfit::mlkem::kem`.

use crate::keys::check_len;
use crate::Error;
use ::kem::{
    Ciphertext as KemCiphertext, Decapsulate, Decapsulator, Encapsulate, Generate, InvalidKey, Kem,
    Key, KeyExport, KeySizeUser, SharedKey, TryKeyInit,
};
use core::fmt;
use core::marker::PhantomData;
use generic_array::{ArrayLength, GenericArray};
use hybrid_array::ArraySize;
use rand_core::{CryptoRng, TryCryptoRng};
use zeroize::{Zeroize, ZeroizeOnDrop};

/// A typenum length above 1024 (typenum's const-generic range) as 1000 * hi + lo:
/// KEM encodings are longer than that.
macro_rules! big_len {
    ($n:literal) => {
        typenum::Sum<
            typenum::Prod<typenum::U<{ $n / 1000 }>, typenum::U1000>,
            typenum::U<{ $n % 1000 }>,
        >
    };
}
pub(crate) use big_len;

/// Bytes of every shared secret (sntrup761's and ntrulpr761's session keys; ML-KEM's
/// too).
pub const SHARED_SECRET_BYTES: usize = 32;

/// A KEM parameter set: its name and encoded sizes, which size the buffers of this
/// module.
pub trait Params: 'static {
    /// The name used in the KAT files.
    const NAME: &'static str;
    /// Public key bytes.
    const PK_BYTES: usize;
    /// Secret key bytes.
    const SK_BYTES: usize;
    /// Ciphertext bytes.
    const CT_BYTES: usize;
    /// Public key length as a type.
    type PkLen: ArrayLength;
    /// Secret key length as a type.
    type SkLen: ArrayLength;
    /// Ciphertext length as a type.
    type CtLen: ArrayLength;

    /// The input check of an encoded public key of the right length, beyond its
    /// length (ML-KEM: the modulus check of FIPS 203 §7.2). By default every
    /// encoding is accepted (NTRU Prime).
    fn public_key_is_valid(bytes: &[u8]) -> bool {
        let _ = bytes;
        true
    }

    /// The input check of an encoded secret key of the right length, beyond its
    /// length (ML-KEM: the hash check of FIPS 203 §7.3). By default every encoding
    /// is accepted (NTRU Prime).
    fn secret_key_is_valid(bytes: &[u8]) -> bool {
        let _ = bytes;
        true
    }
}

macro_rules! buffer_type {
    ($(#[$doc:meta])* $name:ident, $len:ident, $bytes:ident, secret: $secret:tt
     $(, check: $check:ident)?) => {
        $(#[$doc])*
        pub struct $name<S: Params> {
            pub(crate) bytes: GenericArray<u8, S::$len>,
            _scheme: PhantomData<S>,
        }

        impl<S: Params> $name<S> {
            /// The encoded size in bytes.
            pub const BYTES: usize = S::$bytes;

            /// Copies an encoding; `Err(InvalidLength)` if its length is not
            /// [`Self::BYTES`], `Err(MalformedKey)` if a key fails its parameter set's
            /// input check ([`Params::public_key_is_valid`],
            /// [`Params::secret_key_is_valid`]: none for NTRU Prime, whose spec
            /// accepts any contents of the right length; FIPS 203 §7.2 and §7.3 for
            /// ML-KEM).
            pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
                check_len(bytes, S::$bytes)?;
                $(
                    if !S::$check(bytes) {
                        return Err(Error::MalformedKey);
                    }
                )?
                let mut out = Self::zeroed_buffer();
                out.bytes.copy_from_slice(bytes);
                Ok(out)
            }

            /// An all-zero value to write into.
            pub(crate) fn zeroed_buffer() -> Self {
                Self { bytes: GenericArray::default(), _scheme: PhantomData }
            }

            /// The encoding.
            pub fn as_bytes(&self) -> &[u8] {
                &self.bytes
            }
        }

        impl<S: Params> TryFrom<&[u8]> for $name<S> {
            type Error = Error;

            /// As [`Self::from_bytes`]: `Err` if the length is not [`Self::BYTES`].
            fn try_from(bytes: &[u8]) -> Result<Self, Error> {
                Self::from_bytes(bytes)
            }
        }

        impl<S: Params> Clone for $name<S> {
            fn clone(&self) -> Self {
                Self { bytes: self.bytes.clone(), _scheme: PhantomData }
            }
        }

        impl<S: Params> PartialEq for $name<S> {
            /// Constant-time comparison.
            fn eq(&self, other: &Self) -> bool {
                pqfit_core::ct::bytes_eq(&self.bytes, &other.bytes)
            }
        }

        impl<S: Params> Eq for $name<S> {}

        buffer_type!(@extra $name, $secret);
    };
    (@extra $name:ident, true) => {
        impl<S: Params> $name<S> {
            /// An all-zero buffer for a key generation to write into. Until written
            /// it is a publicly known key, hence named rather than `Default`: no zero
            /// key appears implicitly (`#[derive(Default)]`, `mem::take`). Without a
            /// buffer: the `kem` layer's [`DecapsulationKey`] (`kem::Generate`).
            pub fn zeroed() -> Self {
                Self::zeroed_buffer()
            }
        }

        impl<S: Params> Drop for $name<S> {
            fn drop(&mut self) {
                self.bytes.zeroize();
            }
        }

        impl<S: Params> ZeroizeOnDrop for $name<S> {}

        impl<S: Params> fmt::Debug for $name<S> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}<{}> {{ .. }}", stringify!($name), S::NAME)
            }
        }
    };
    (@extra $name:ident, false) => {
        impl<S: Params> Default for $name<S> {
            /// An all-zero buffer to write into.
            fn default() -> Self { Self::zeroed_buffer() }
        }

        impl<S: Params> fmt::Debug for $name<S> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}<{}>(", stringify!($name), S::NAME)?;
                for b in self.bytes.iter().take(8) {
                    write!(f, "{b:02x}")?;
                }
                f.write_str("..)")
            }
        }
    };
}

buffer_type!(
    /// An encoded public key.
    PublicKey, PkLen, PK_BYTES, secret: false, check: public_key_is_valid
);
buffer_type!(
    /// An encoded secret key (for NTRU Prime including the public key, the
    /// implicit-rejection secret rho and the public key's hash). Zeroized on drop;
    /// `Debug` prints no key material.
    SecretKey, SkLen, SK_BYTES, secret: true, check: secret_key_is_valid
);
buffer_type!(
    /// An encoded ciphertext (for NTRU Prime including the 32-byte confirmation hash).
    Ciphertext, CtLen, CT_BYTES, secret: false
);

/// A 32-byte session key. Zeroized on drop; `Debug` prints no key material;
/// comparison is constant-time. No `Default` ([`SharedSecret::zeroed`]).
#[derive(Clone)]
pub struct SharedSecret {
    pub(crate) bytes: [u8; SHARED_SECRET_BYTES],
}

impl SharedSecret {
    /// The size in bytes.
    pub const BYTES: usize = SHARED_SECRET_BYTES;

    /// An all-zero buffer for an encapsulation or decapsulation to write into (named
    /// rather than `Default`, as [`SecretKey::zeroed`]).
    pub fn zeroed() -> Self {
        Self {
            bytes: [0; SHARED_SECRET_BYTES],
        }
    }

    /// Copies a key; `Err` if its length is not [`Self::BYTES`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, SHARED_SECRET_BYTES)?;
        let mut out = Self::zeroed();
        out.bytes.copy_from_slice(bytes);
        Ok(out)
    }

    /// The key.
    pub fn as_bytes(&self) -> &[u8; SHARED_SECRET_BYTES] {
        &self.bytes
    }
}

impl TryFrom<&[u8]> for SharedSecret {
    type Error = Error;

    /// As [`SharedSecret::from_bytes`]: `Err` if the length is not 32.
    fn try_from(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_bytes(bytes)
    }
}

impl PartialEq for SharedSecret {
    fn eq(&self, other: &Self) -> bool {
        pqfit_core::ct::bytes_eq(&self.bytes, &other.bytes)
    }
}

impl Eq for SharedSecret {}

impl Drop for SharedSecret {
    fn drop(&mut self) {
        self.bytes.zeroize();
    }
}

impl ZeroizeOnDrop for SharedSecret {}

impl fmt::Debug for SharedSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SharedSecret { .. }")
    }
}

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
/// decapsulate with the native API into a [`SharedSecret`], which zeroizes itself.
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;

    /// A parameter set of no family: the buffers need nothing else.
    struct Toy;

    impl Params for Toy {
        const NAME: &'static str = "toy";
        const PK_BYTES: usize = 3;
        const SK_BYTES: usize = 4;
        const CT_BYTES: usize = 1100;
        type PkLen = typenum::U3;
        type SkLen = typenum::U4;
        type CtLen = big_len!(1100);
    }

    #[test]
    fn buffers_are_sized_checked_and_keep_secrets_out_of_debug() {
        assert_eq!((PublicKey::<Toy>::BYTES, SecretKey::<Toy>::BYTES), (3, 4));
        assert_eq!(Ciphertext::<Toy>::default().as_bytes().len(), 1100);
        assert_eq!(
            PublicKey::<Toy>::from_bytes(&[1, 2]),
            Err(Error::InvalidLength {
                expected: 3,
                actual: 2
            })
        );
        let pk = PublicKey::<Toy>::try_from(&[0xab, 0xcd, 0xef][..]).unwrap();
        assert_eq!(format!("{pk:?}"), "PublicKey<toy>(abcdef..)");
        let sk = SecretKey::<Toy>::from_bytes(&[0x5a; 4]).unwrap();
        assert_eq!(format!("{sk:?}"), "SecretKey<toy> { .. }");
        assert_eq!(sk.clone(), sk);
        let ss = SharedSecret::from_bytes(&[0x5a; SHARED_SECRET_BYTES]).unwrap();
        assert_eq!(format!("{ss:?}"), "SharedSecret { .. }");
        assert!(SharedSecret::try_from(&[0u8; 31][..]).is_err());
    }
}
