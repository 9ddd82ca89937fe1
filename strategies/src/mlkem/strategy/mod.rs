//! Memory strategies for ML-KEM: where each large intermediate lives.
//!
//! The algorithms of [`crate::mlkem`] are written once over these traits; a strategy
//! picks one component per trait:
//!
//! | component | trait | decides | implementations |
//! |---|---|---|---|
//! | matrix A-hat | [`MatrixA`] | kept whole, or sampled where used | [`CachedA`], [`StreamedA`] |
//! | s-hat (decryption, key generation), y-hat (encryption) | [`SecretVector`] | kept in NTT form, or decoded / sampled again per use | [`CachedSecret`], [`DecodedSecret`] |
//! | re-encryption in decapsulation | [`CiphertextCompare`] | compared as it is produced, or stored then compared | [`StreamedCompare`], [`StoredCompare`] |
//! | sums of base-case products | [`Accumulate`] | 32-bit sums reduced once, or reduced after each product | [`LazyAccumulate`], [`EagerReduce`] |
//!
//! and optionally the Keccak backend. [`Custom`] names any mix; [`SmallStack`],
//! [`Balanced`] and [`FastKem`] are presets. Each component's `Store` (`Acc` for
//! [`Accumulate`]) is the memory it keeps for one operation, declared by the
//! algorithm functions as their locals, so a frame holds exactly what the strategy
//! keeps. Every strategy gives the same bytes.

mod cached_a;
mod cached_secret;
pub mod catalog;
mod decoded_secret;
mod eager_reduce;
#[cfg(feature = "instantiate-all")]
pub mod instantiate;
mod lazy_accumulate;
mod presets;
mod stored_compare;
mod streamed_a;
mod streamed_compare;

pub use cached_a::CachedA;
pub use cached_secret::CachedSecret;
pub use decoded_secret::DecodedSecret;
pub use eager_reduce::EagerReduce;
pub use lazy_accumulate::{LazyAccumulate, WideAcc};
pub use presets::{Balanced, Custom, FastKem, SmallStack};
pub use stored_compare::{StoredCompare, StoredSink};
pub use streamed_a::StreamedA;
pub use streamed_compare::{DiffSink, StreamedCompare};

/// The backends that exist only on some targets (`Interleaved32Thumb2` on the
/// Cortex-M3 and M4; the glob is empty elsewhere, hence the `allow`).
#[allow(unused_imports)]
pub use pqfit_core::keccak::target_backends::*;
/// The Keccak backends (the optional fifth parameter of [`Custom`]) and their trait.
pub use pqfit_core::keccak::{
    DefaultKeccak, Interleaved32, Interleaved32Compact, Keccak, Sha3Crate,
};
/// The polynomial type the components work with.
pub use pqfit_core::mlkem::Poly;
use pqfit_core::mlkem::{MlKemParams, N};
use zeroize::Zeroize;

/// How sums of base-case products (FIPS 203, Algorithm 12) are accumulated: the
/// products A-hat ∘ s-hat, A-hat^T ∘ y-hat, t-hat^T ∘ y-hat and s-hat^T ∘ u-hat, each a sum
/// of k ≤ 4 terms.
pub trait Accumulate: crate::sealed::Sealed {
    /// The running sum of one polynomial.
    type Acc: Default + Zeroize;

    /// Sets the sum to zero.
    fn clear(acc: &mut Self::Acc);

    /// Adds the base-case product of pair `i` (coefficients 2i and 2i + 1):
    /// (a0 + a1 X)(b0 + b1 X) mod (X^2 - γ_i), for |a|, |b| < q.
    fn add_pair(acc: &mut Self::Acc, i: usize, a: [i16; 2], b: [i16; 2]);

    /// The sum times R^-1 (Montgomery), coefficients of absolute value below q.
    fn finish(acc: &Self::Acc, out: &mut Poly);

    /// Adds `a ∘ b` (FIPS 203, Algorithm 11: MultiplyNTTs), pair by pair.
    #[inline]
    fn add_product(acc: &mut Self::Acc, a: &Poly, b: &Poly) {
        for i in 0..N / 2 {
            let (a, b) = (&a.coeffs[2 * i..], &b.coeffs[2 * i..]);
            Self::add_pair(acc, i, [a[0], a[1]], [b[0], b[1]]);
        }
    }
}

/// Where the matrix A-hat (FIPS 203, Algorithm 13 lines 3–7 and Algorithm 14 lines
/// 4–8) lives during an operation. The seed rho is public, and so is A-hat.
pub trait MatrixA<P: MlKemParams>: crate::sealed::Sealed {
    /// Memory kept for the whole operation.
    type Store: Default + Zeroize;

    /// Prepares the store for the seed `rho` (once per operation).
    fn expand<K: Keccak>(store: &mut Self::Store, rho: &[u8; 32]);

    /// Adds A-hat\[i\]\[j\] ∘ `v` to `acc`, where A-hat\[i\]\[j\] = SampleNTT(rho || j || i).
    /// A-hat^T\[i\]\[j\] is asked for as `(j, i)`.
    fn mul_acc<K: Keccak, A: Accumulate>(
        store: &Self::Store,
        rho: &[u8; 32],
        i: usize,
        j: usize,
        v: &Poly,
        acc: &mut A::Acc,
    );
}

/// Where a secret vector in the NTT domain lives: s-hat (built by decoding dk_PKE) in
/// key generation and decryption, y-hat (built by sampling from r) in encryption.
/// The algorithm passes `build(j, poly)`, which writes polynomial `j`; the component
/// calls it once per polynomial up front, or at every use.
pub trait SecretVector<P: MlKemParams>: crate::sealed::Sealed {
    /// Memory kept for the whole operation (secret: zeroized by the algorithms).
    type Store: Default + Zeroize;

    /// Called once, before any [`SecretVector::get`].
    fn fill(store: &mut Self::Store, build: impl FnMut(usize, &mut Poly));

    /// Polynomial `j`, from the store or built into `scratch`.
    fn get<'a>(
        store: &'a Self::Store,
        j: usize,
        scratch: &'a mut Poly,
        build: impl FnMut(usize, &mut Poly),
    ) -> &'a Poly;
}

/// Where K-PKE.Encrypt writes a ciphertext, piece by piece (each compressed
/// polynomial of u, then v).
pub trait CiphertextSink {
    /// The bytes at `offset` of the ciphertext are `bytes`.
    fn write(&mut self, offset: usize, bytes: &[u8]);
}

/// A plain ciphertext buffer as a sink (encapsulation).
impl CiphertextSink for [u8] {
    fn write(&mut self, offset: usize, bytes: &[u8]) {
        self[offset..offset + bytes.len()].copy_from_slice(bytes);
    }
}

/// How decapsulation compares the re-encryption c' with the ciphertext c (FIPS 203,
/// Algorithm 18, line 9), in constant time either way.
pub trait CiphertextCompare<P: MlKemParams>: crate::sealed::Sealed {
    /// Memory kept for the comparison.
    type Store: Default + Zeroize;
    /// Where the re-encryption is written.
    type Sink<'a>: CiphertextSink;

    /// A sink comparing against `ct`, using `store`.
    fn sink<'a>(store: &'a mut Self::Store, ct: &'a [u8]) -> Self::Sink<'a>;

    /// All ones when the re-encryption written to `sink` differs from `ct` anywhere,
    /// zero otherwise.
    fn differs(sink: Self::Sink<'_>) -> u32;
}

/// A complete choice of components for the parameter set `P`.
pub trait Strategy<P: MlKemParams>: 'static {
    /// Where A-hat lives.
    type Matrix: MatrixA<P>;
    /// Where s-hat and y-hat live.
    type Secret: SecretVector<P>;
    /// How decapsulation compares its re-encryption.
    type Compare: CiphertextCompare<P>;
    /// How products are summed.
    type Accumulate: Accumulate;
    /// The Keccak backend behind every hash, PRF and XOF.
    type Keccak: Keccak;
}
