//! The RustCrypto [`kem`] 0.3 traits over the native NTRU Prime API: the key types
//! [`DecapsulationKey`] and [`EncapsulationKey`], and `kem::Kem` for
//! [`Sntrup761`]. See the [module documentation](super) for an example and for why
//! ntrulpr761 has no `kem::Kem` implementation yet.

use super::sntrup::{pk_array, pk_array_mut, SK_HEAD, SK_TAIL};
use super::types::{PublicKey, Scheme, SecretKey, Sntrup761Params};
use super::{RqMul, Sntrup761};
use core::fmt;
use core::marker::PhantomData;
use kem::{
    Ciphertext, Decapsulate, Decapsulator, Encapsulate, Generate, InvalidKey, Kem, Key, KeyExport,
    KeySizeUser, SharedKey, TryKeyInit,
};
use pqfit_core::ntruprime::RQ_BYTES;
use rand_core::{CryptoRng, TryCryptoRng};
use zeroize::{Zeroize, ZeroizeOnDrop};

mod sealed {
    use super::{Scheme, Zeroize};

    /// What the key types need of a KEM: its parameter set and the storage of the
    /// secret key without its public key. Not implementable outside pqfit.
    pub trait Sealed: 'static {
        /// The parameter set (sizes of the native buffers).
        type Params: Scheme;
        /// The secret key's bytes other than the public key.
        type Secret: Zeroize;
        /// An all-zero `Secret` to write into.
        fn new_secret() -> Self::Secret;
    }

    /// sntrup761's secret key without the public key: f and 1/g (the bytes before
    /// the public key in the encoding), rho and the cache (the bytes after it).
    pub struct SntrupSecret {
        pub(crate) head: [u8; super::SK_HEAD],
        pub(crate) tail: [u8; super::SK_TAIL],
    }

    impl Zeroize for SntrupSecret {
        fn zeroize(&mut self) {
            self.head.zeroize();
            self.tail.zeroize();
        }
    }
}

use sealed::SntrupSecret;

/// An NTRU Prime KEM that has the `kem` trait layer's key types
/// ([`DecapsulationKey`], [`EncapsulationKey`]). Sealed: implemented by
/// [`Sntrup761<M>`](Sntrup761) for every multiplication `M`.
pub trait NtruPrimeKem: sealed::Sealed {}

/// Copies `src` into `dst` byte by byte (equal lengths here; no panic path).
fn copy_bytes(dst: &mut [u8], src: &[u8]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d = *s;
    }
}

/// The encapsulation (public) key of the `kem` trait API: the native
/// [`PublicKey`], typed by its KEM `K` (which fixes the multiplication used to
/// encapsulate).
///
/// `KeyExport::to_bytes` / `TryKeyInit::new_from_slice` give and read the standard
/// public key encoding (1158 bytes for sntrup761); like
/// [`PublicKey::from_bytes`], every encoding of the right length is accepted, so the
/// only error is a wrong length. `==` is constant-time (it compares public data, so
/// this is only a matter of habit).
pub struct EncapsulationKey<K: NtruPrimeKem> {
    pk: PublicKey<K::Params>,
    _kem: PhantomData<fn() -> K>,
}

impl<K: NtruPrimeKem> EncapsulationKey<K> {
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

impl<K: NtruPrimeKem> From<PublicKey<K::Params>> for EncapsulationKey<K> {
    /// As [`EncapsulationKey::from_public_key`].
    fn from(pk: PublicKey<K::Params>) -> Self {
        Self::from_public_key(pk)
    }
}

impl<K: NtruPrimeKem> Clone for EncapsulationKey<K> {
    fn clone(&self) -> Self {
        Self::from_public_key(self.pk.clone())
    }
}

impl<K: NtruPrimeKem> PartialEq for EncapsulationKey<K> {
    fn eq(&self, other: &Self) -> bool {
        self.pk == other.pk
    }
}

impl<K: NtruPrimeKem> Eq for EncapsulationKey<K> {}

impl<K: NtruPrimeKem> fmt::Debug for EncapsulationKey<K> {
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
/// Created by `kem::Generate` (key generation, as [`Sntrup761::key_gen`] draws its
/// randomness) or from a native key with [`Self::from_secret_key`]; stored with
/// [`Self::write_secret_key`] (the standard secret key encoding, into a buffer that
/// is zeroized on drop). There is deliberately no `KeyExport` for it: that would
/// return the secret key in a `kem` array, which is not zeroized on drop.
///
/// Decapsulation is the spec's implicit rejection and never fails
/// (`kem::Decapsulate`; `kem::TryDecapsulate` with `Error = Infallible`). The
/// returned `kem::SharedKey` is a plain array, which the `kem` traits fix: wrap it in
/// [`zeroize::Zeroizing`] to have it zeroized on drop (it implements `Zeroize`), or
/// decapsulate with the native [`Sntrup761::decaps`] into a
/// [`SharedSecret`](super::SharedSecret), which zeroizes itself.
pub struct DecapsulationKey<K: NtruPrimeKem> {
    ek: EncapsulationKey<K>,
    secret: K::Secret,
}

impl<K: NtruPrimeKem> Drop for DecapsulationKey<K> {
    fn drop(&mut self) {
        self.secret.zeroize();
    }
}

impl<K: NtruPrimeKem> ZeroizeOnDrop for DecapsulationKey<K> {}

impl<K: NtruPrimeKem> fmt::Debug for DecapsulationKey<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "DecapsulationKey<{}> {{ ek: {:?}, .. }}",
            <K::Params as Scheme>::NAME,
            self.ek
        )
    }
}

impl<K: NtruPrimeKem> DecapsulationKey<K> {
    /// The all-zero key, to be filled in.
    fn zero() -> Self {
        Self {
            ek: EncapsulationKey::from_public_key(PublicKey::default()),
            secret: K::new_secret(),
        }
    }
}

impl<M: RqMul + 'static> sealed::Sealed for Sntrup761<M> {
    type Params = Sntrup761Params;
    type Secret = SntrupSecret;

    fn new_secret() -> SntrupSecret {
        SntrupSecret {
            head: [0; SK_HEAD],
            tail: [0; SK_TAIL],
        }
    }
}

impl<M: RqMul + 'static> NtruPrimeKem for Sntrup761<M> {}

impl<M: RqMul + 'static> DecapsulationKey<Sntrup761<M>> {
    /// The key of a native secret key (copied; the secret key encoding contains the
    /// public key, which becomes the [`EncapsulationKey`]).
    pub fn from_secret_key(sk: &SecretKey<Sntrup761Params>) -> Self {
        let mut dk = Self::zero();
        let (head, rest) = sk.bytes.split_at(SK_HEAD);
        let (pk, tail) = rest.split_at(RQ_BYTES);
        copy_bytes(&mut dk.secret.head, head);
        copy_bytes(&mut dk.ek.pk.bytes, pk);
        copy_bytes(&mut dk.secret.tail, tail);
        dk
    }

    /// Writes the standard secret key encoding (as [`Sntrup761::key_gen`] gives it)
    /// to `sk`, which is zeroized on drop.
    pub fn write_secret_key(&self, sk: &mut SecretKey<Sntrup761Params>) {
        let (head, rest) = sk.bytes.split_at_mut(SK_HEAD);
        let (pk, tail) = rest.split_at_mut(RQ_BYTES);
        copy_bytes(head, &self.secret.head);
        copy_bytes(pk, &self.ek.pk.bytes);
        copy_bytes(tail, &self.secret.tail);
    }
}

impl<M: RqMul + 'static> Kem for Sntrup761<M> {
    type DecapsulationKey = DecapsulationKey<Self>;
    type EncapsulationKey = EncapsulationKey<Self>;
    type SharedKeySize = kem::consts::U32;
    type CiphertextSize = <Sntrup761Params as Scheme>::CtLen;
}

impl<M: RqMul + 'static> Generate for DecapsulationKey<Sntrup761<M>> {
    /// Key generation ([`Sntrup761::key_gen`], the same bytes from the same RNG
    /// stream). An RNG error is returned as is; the partial key is zeroized.
    fn try_generate_from_rng<R: TryCryptoRng + ?Sized>(rng: &mut R) -> Result<Self, R::Error> {
        let mut dk = Self::zero();
        Sntrup761::<M>::key_gen_parts(
            &mut |out: &mut [u8]| rng.try_fill_bytes(out),
            pk_array_mut(&mut dk.ek.pk),
            &mut dk.secret.head,
            &mut dk.secret.tail,
        )?;
        Ok(dk)
    }
}

impl<M: RqMul + 'static> Decapsulator for DecapsulationKey<Sntrup761<M>> {
    type Kem = Sntrup761<M>;

    fn encapsulation_key(&self) -> &EncapsulationKey<Sntrup761<M>> {
        &self.ek
    }
}

impl<M: RqMul + 'static> Decapsulate for DecapsulationKey<Sntrup761<M>> {
    /// Decapsulation with implicit rejection ([`Sntrup761::decaps`]): a ciphertext
    /// that does not re-encrypt to itself gives a pseudorandom key, in constant time.
    fn decapsulate(&self, ct: &Ciphertext<Sntrup761<M>>) -> SharedKey<Sntrup761<M>> {
        let mut ss = SharedKey::<Sntrup761<M>>::default();
        Sntrup761::<M>::decaps_parts(
            &self.secret.head,
            pk_array(&self.ek.pk),
            &self.secret.tail,
            &ct.0,
            &mut ss.0,
        );
        ss
    }
}

impl<M: RqMul + 'static> KeySizeUser for EncapsulationKey<Sntrup761<M>> {
    type KeySize = <Sntrup761Params as Scheme>::PkLen;
}

impl<M: RqMul + 'static> KeyExport for EncapsulationKey<Sntrup761<M>> {
    fn to_bytes(&self) -> Key<Self> {
        let mut out = Key::<Self>::default();
        copy_bytes(&mut out, &self.pk.bytes);
        out
    }
}

impl<M: RqMul + 'static> TryKeyInit for EncapsulationKey<Sntrup761<M>> {
    /// Any encoding of the right length is accepted (as [`PublicKey::from_bytes`]),
    /// so this never fails; `new_from_slice` fails on a wrong length.
    fn new(key: &Key<Self>) -> Result<Self, InvalidKey> {
        let mut pk = PublicKey::default();
        copy_bytes(&mut pk.bytes, key);
        Ok(Self::from_public_key(pk))
    }
}

impl<M: RqMul + 'static> Encapsulate for EncapsulationKey<Sntrup761<M>> {
    type Kem = Sntrup761<M>;

    /// Encapsulation ([`Sntrup761::encaps`], the same bytes from the same RNG
    /// stream). The returned shared key is a plain array: see [`DecapsulationKey`]
    /// for zeroizing it.
    fn encapsulate_with_rng<R>(
        &self,
        rng: &mut R,
    ) -> (Ciphertext<Sntrup761<M>>, SharedKey<Sntrup761<M>>)
    where
        R: CryptoRng + ?Sized,
    {
        let mut ct = Ciphertext::<Sntrup761<M>>::default();
        let mut ss = SharedKey::<Sntrup761<M>>::default();
        // A `CryptoRng`'s error type is `Infallible`: the pattern is irrefutable.
        let Ok(()) = Sntrup761::<M>::encaps_generic(
            &mut |out: &mut [u8]| rng.try_fill_bytes(out),
            pk_array(&self.pk),
            &mut ct.0,
            &mut ss.0,
        );
        (ct, ss)
    }
}
