//! Memory strategies for ML-DSA: where each large intermediate lives.
//!
//! The algorithms in [`crate::mldsa`] are written once over these traits. A
//! strategy is a type with one component per intermediate:
//!
//! | component | trait | decides | implementations |
//! |---|---|---|---|
//! | matrix A | [`MatrixA`] | where A-hat lives | [`CachedA`], [`StreamedA`] |
//! | s1, s2, t0 | [`SecretVectors`] | decoded once or per use | [`CachedNtt`], [`RecomputeOnDemand`] |
//! | commitment w | [`Commitment`] | w kept (with NTT(y) too), kept packed, or recomputed | [`FullW`], [`RowW`], [`PackedW`], [`StreamedW`] |
//! | mask y (and NTT(s1), NTT(z)) | [`MaskVector`] | kept, regenerated or kept in the signature | [`StoredY`], [`RegeneratedY`], [`SignatureY`] |
//! | c·s1, c·s2, c·t0 (and c·t1) | [`ChallengeProduct`] | how c times a secret is formed | [`NttProduct`], [`SmallModulusProduct`], [`SparseProduct`] |
//!
//! Each component's `Store` is the memory it needs for one call; the algorithms
//! hold one of each on their stack, so a frame holds exactly what the chosen
//! strategy needs. Every strategy yields byte-identical keys and signatures.

mod cached_a;
mod cached_ntt;
pub mod catalog;
mod full_w;
mod hardened;
#[cfg(feature = "instantiate-all")]
pub mod instantiate;
mod ntt_product;
mod packed_w;
mod presets;
mod recompute_on_demand;
mod regenerated_y;
mod row_w;
mod signature_y;
mod small_modulus_product;
mod sparse_product;
mod stored_y;
mod streamed_a;
mod streamed_w;

pub use cached_a::CachedA;
pub use cached_ntt::CachedNtt;
pub use full_w::FullW;
pub use hardened::Hardened;
pub use ntt_product::NttProduct;
pub use packed_w::PackedW;
pub use presets::{Balanced, Custom, FastSign, Reference, SmallStack};
pub use recompute_on_demand::RecomputeOnDemand;
pub use regenerated_y::RegeneratedY;
pub use row_w::{RowW, RowWStore};
pub use signature_y::SignatureY;
pub use small_modulus_product::SmallModulusProduct;
pub use sparse_product::SparseProduct;
pub use stored_y::StoredY;
pub use streamed_a::StreamedA;
pub use streamed_w::StreamedW;

use core::marker::PhantomData;
/// The backends that exist only on some targets (`Interleaved32Thumb2` on the
/// Cortex-M3 and M4; the glob is empty elsewhere, hence the `allow`).
#[allow(unused_imports)]
pub use pqfit_core::keccak::target_backends::*;
/// The Keccak backends (the sixth strategy axis) and their trait.
pub use pqfit_core::keccak::{
    DefaultKeccak, Interleaved32, Interleaved32Compact, Keccak, Sha3Crate,
};
use pqfit_core::mldsa::params::N;
use pqfit_core::mldsa::{Accumulator, ParameterSet};
/// The types component implementations work with, for implementing a component
/// outside this crate.
pub use pqfit_core::{hash::Shake256, mldsa::Poly};
use zeroize::Zeroize;

/// Where the matrix A-hat = ExpandA(rho) lives during an operation.
pub trait MatrixA<P: ParameterSet>: crate::sealed::Sealed {
    /// Memory kept for the whole operation.
    type Store: Default + Zeroize;

    /// Prepares the store for the seed `rho` (called once per operation).
    fn expand<K: Keccak>(store: &mut Self::Store, rho: &[u8; 32]);

    /// `acc += A-hat[i][j] ∘ v_hat / R` (NTT domain, Montgomery product), one
    /// coefficient at a time.
    fn mul_acc<K: Keccak, A: Accumulator>(
        store: &Self::Store,
        rho: &[u8; 32],
        i: usize,
        j: usize,
        v_hat: &Poly,
        acc: &mut A,
    );

    /// `acc += A-hat[i][j] ∘ v_hat[0] / R + A-hat[i][j + 1] ∘ v_hat[1] / R`: two columns
    /// in one pass over `acc`, so that a store which keeps A-hat can sum each pair of
    /// products before one reduction. By default two [`MatrixA::mul_acc`]s. Each value
    /// added is below 2q in absolute value.
    fn mul_acc_pair<K: Keccak, A: Accumulator>(
        store: &Self::Store,
        rho: &[u8; 32],
        i: usize,
        j: usize,
        v_hat: [&Poly; 2],
        acc: &mut A,
    ) {
        Self::mul_acc::<K, A>(store, rho, i, j, v_hat[0], acc);
        Self::mul_acc::<K, A>(store, rho, i, j + 1, v_hat[1], acc);
    }

    /// Row `i` of A-hat (`l` polynomials) when the store keeps it, so that a row
    /// product can run over all `j` at once ([`Poly::dot_montgomery`], with a vector
    /// from [`MaskVector::stored_vector`]); `None` (the default) otherwise.
    fn row(store: &Self::Store, i: usize) -> Option<&[Poly]> {
        let _ = (store, i);
        None
    }
}

/// Which short secret a polynomial belongs to: the bounds of its coefficients (and so
/// the arithmetic that multiplies it by c exactly) differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Secret {
    /// s1, coefficients in [-eta, eta].
    S1,
    /// s2, coefficients in [-eta, eta].
    S2,
    /// t0, coefficients in (-2^12, 2^12].
    T0,
}

/// How c (the challenge) times a short secret polynomial is computed.
///
/// All implementations must be constant-time in c and in the secret: the
/// challenge of a rejected signing iteration is secret.
pub trait ChallengeProduct<P: ParameterSet>: crate::sealed::Sealed {
    /// The challenge prepared for multiplication.
    type Challenge: Default + Zeroize;

    /// Turns a decoded secret polynomial (centred coefficients, normal domain) into
    /// the operand form [`ChallengeProduct::multiply`] expects, in place.
    fn prepare_operand(kind: Secret, s: &mut Poly);

    /// Prepares the challenge c (coefficients in {-1, 0, 1}).
    fn prepare_challenge(c: &Poly, out: &mut Self::Challenge);

    /// `out = c * s` exactly, centred coefficients in the normal domain, for an
    /// operand prepared with the same `kind`.
    fn multiply(c: &Self::Challenge, kind: Secret, s: &Poly, out: &mut Poly);

    /// The challenge as verification uses it (public there).
    type VerifyChallenge: Default;

    /// Prepares the challenge c for verification.
    fn prepare_verify_challenge(c: &Poly, out: &mut Self::VerifyChallenge);

    /// Finishes row i of w'_approx in verification: `acc` holds
    /// sum_j A-hat\[i\]\[j\] ∘ NTT(z\[j\]) (NTT domain, a sum equal to it modulo q);
    /// on return `w` holds NTT^-1(acc) - c t1\[i\] 2^d with coefficients in [0, q).
    /// `w` is work space until then. `t1` is the packed polynomial from the public key.
    fn finish_verify_row<A: Accumulator>(
        c: &Self::VerifyChallenge,
        t1: &[u8],
        acc: &mut A,
        w: &mut Poly,
    );
}

/// `finish_verify_row` in the NTT domain, for products that keep NTT(c) mod q.
pub fn finish_verify_row_ntt<A: Accumulator>(c_hat: &Poly, t1: &[u8], acc: &mut A, w: &mut Poly) {
    use pqfit_core::mldsa::packing;
    packing::unpack_t1(t1, w);
    w.shift_left_d();
    w.ntt();
    w.mul_assign_montgomery(c_hat);
    for (k, x) in w.coeffs.iter_mut().enumerate() {
        *x = acc.get(k) - *x;
    }
    finish_w_row(w);
}

/// Which of the secret vectors s1, s2, t0 of a signing key are held, in which form.
pub trait SecretVectors<P: ParameterSet, C: ChallengeProduct<P>>: crate::sealed::Sealed {
    /// Memory kept for the whole signing call (or across calls in an expanded key).
    type Store: Default + Zeroize;

    /// Prepares the store from the encoded secret key (`SK_BYTES` long, already
    /// validated).
    fn load(store: &mut Self::Store, sk: &[u8]);

    /// Polynomial `index` of the secret `kind`, prepared for the product: borrowed
    /// from the store or decoded from `sk` into `scratch`.
    fn get<'a>(
        store: &'a Self::Store,
        sk: &[u8],
        kind: Secret,
        index: usize,
        scratch: &'a mut Poly,
    ) -> &'a Poly;
}

/// Decodes polynomial `index` of the secret `kind` from an encoded secret key.
pub fn decode_secret<P: ParameterSet>(sk: &[u8], kind: Secret, index: usize, out: &mut Poly) {
    use pqfit_core::mldsa::packing;
    // Keys are validated when parsed, so the range flag is always set here.
    match kind {
        Secret::S1 => {
            packing::unpack_eta::<P>(&sk[packing::sk_s1_range::<P>(index)], out);
        }
        Secret::S2 => {
            packing::unpack_eta::<P>(&sk[packing::sk_s2_range::<P>(index)], out);
        }
        Secret::T0 => packing::unpack_t0(&sk[packing::sk_t0_range::<P>(index)], out),
    }
}

/// Where the vector multiplied by A lives: the mask y while signing, and by the same
/// choice NTT(s1) in key generation and NTT(z) in verification.
///
/// While signing, every method also sees the signature's z field (`z_field`,
/// `l * POLY_Z_BYTES` bytes of the caller's signature buffer), which holds nothing
/// until an iteration is accepted: a component may keep y there, bit-packed as z is
/// ([`MaskVector::IN_SIGNATURE`]).
pub trait MaskVector<P: ParameterSet>: crate::sealed::Sealed {
    /// Memory kept for one signing call (y).
    type Store: Default + Zeroize;
    /// Memory kept for one key generation or verification (NTT(s1) or NTT(z)).
    type VectorStore: Default + Zeroize;

    /// Whether y lives in the signature's z field: the signing algorithm then packs z
    /// there only once the iteration is accepted (each packed y\[j\] is replaced by
    /// z\[j\] = y\[j\] + c s1\[j\]) instead of while checking it.
    const IN_SIGNATURE: bool = false;

    /// Starts an iteration with counter `kappa`.
    fn expand<K: Keccak>(
        store: &mut Self::Store,
        z_field: &mut [u8],
        rho_pp: &[u8; 64],
        kappa: u16,
    );

    /// y\[j\] (normal domain), borrowed from the store or built in `scratch`.
    fn y<'a, K: Keccak>(
        store: &'a Self::Store,
        z_field: &[u8],
        rho_pp: &[u8; 64],
        kappa: u16,
        j: usize,
        scratch: &'a mut Poly,
    ) -> &'a Poly;

    /// NTT(y\[j\]), built in `scratch` (which is returned): [`RowW`] lends each
    /// polynomial of its NTT(y) store.
    fn y_hat<'a, K: Keccak>(
        store: &'a Self::Store,
        z_field: &[u8],
        rho_pp: &[u8; 64],
        kappa: u16,
        j: usize,
        scratch: &'a mut Poly,
    ) -> &'a Poly;

    /// Fills the vector store by calling `build(j, poly)` for each j < l, or does
    /// nothing when vectors are rebuilt per use.
    fn fill_vector(store: &mut Self::VectorStore, build: impl FnMut(usize, &mut Poly));

    /// The whole vector (`l` polynomials) when the store keeps it; `None` (the
    /// default) when vectors are rebuilt per use.
    fn stored_vector(store: &Self::VectorStore) -> Option<&[Poly]> {
        let _ = store;
        None
    }

    /// Element j of the vector, borrowed from the store or built by `build` in `scratch`.
    fn vector<'a>(
        store: &'a Self::VectorStore,
        j: usize,
        scratch: &'a mut Poly,
        build: impl FnMut(usize, &mut Poly),
    ) -> &'a Poly;
}

/// Absorbs w1Encode(HighBits(w)) of one row of w (coefficients in [0, q)).
pub fn absorb_w1<P: ParameterSet, K: Keccak>(w: &Poly, h: &mut Shake256<K>) {
    absorb_w1_with::<P, K>(h, |k| {
        pqfit_core::mldsa::rounding::high_bits::<P>(w.coeffs[k])
    });
}

/// Absorbs w1Encode of the row whose coefficients are `w1(0..256)`, packed as they
/// are computed, a piece at a time: a whole packed row (up to 192 bytes) would sit on
/// the stack of verification's deepest call.
pub fn absorb_w1_with<P: ParameterSet, K: Keccak>(
    h: &mut Shake256<K>,
    mut w1: impl FnMut(usize) -> i32,
) {
    let mut packed = [0u8; W1_PIECE * MAX_W1_BITS / 8];
    let piece = &mut packed[..W1_PIECE * P::W1_BITS / 8];
    for first in (0..N).step_by(W1_PIECE) {
        pqfit_core::mldsa::packing::simple_bit_pack_piece_with(P::W1_BITS, W1_PIECE, piece, |k| {
            w1(first + k)
        });
        h.absorb(piece);
    }
    packed.zeroize();
}

/// Coefficients of w1 packed and absorbed at a time: 16 or 24 bytes, whole Keccak lanes.
const W1_PIECE: usize = 32;

/// The most bits of a w1 coefficient (ML-DSA-44).
const MAX_W1_BITS: usize = 6;

/// What one signing iteration needs to form w = NTT^-1(A-hat ∘ NTT(y)).
pub struct MaskedProduct<'a, P: ParameterSet, M: MatrixA<P>, Y: MaskVector<P>, K: Keccak> {
    /// The matrix store.
    pub a: &'a M::Store,
    /// The seed of A.
    pub rho: &'a [u8; 32],
    /// The mask store.
    pub y: &'a Y::Store,
    /// The seed of y.
    pub rho_pp: &'a [u8; 64],
    /// The signature's z field (where [`MaskVector::IN_SIGNATURE`] components keep y).
    pub z_field: &'a [u8],
    /// The iteration counter.
    pub kappa: u16,
    /// The Keccak backend that samples A and y.
    pub keccak: PhantomData<K>,
}

impl<P: ParameterSet, M: MatrixA<P>, Y: MaskVector<P>, K: Keccak> MaskedProduct<'_, P, M, Y, K> {
    /// Row `i` of w into `out`, coefficients in [0, q); `scratch` may receive NTT(y\[j\]).
    pub fn row(&self, i: usize, out: &mut Poly, scratch: &mut Poly) {
        self.rows(i, [out], scratch);
    }

    /// Rows `i0, i0 + 1, ...` of w into `out`, coefficients in [0, q): each NTT(y\[j\])
    /// is formed once (in `scratch`) for all of them.
    pub fn rows<const R: usize>(&self, i0: usize, mut out: [&mut Poly; R], scratch: &mut Poly) {
        for o in out.iter_mut() {
            o.coeffs.fill(0);
        }
        for j in 0..P::L {
            let y_hat = Y::y_hat::<K>(self.y, self.z_field, self.rho_pp, self.kappa, j, scratch);
            for (r, o) in out.iter_mut().enumerate() {
                M::mul_acc::<K, Poly>(self.a, self.rho, i0 + r, j, y_hat, o);
            }
        }
        for o in out.iter_mut() {
            finish_w_row(o);
        }
    }
}

/// Brings an accumulated row of A-hat ∘ NTT(y) to w's standard representatives.
pub fn finish_w_row(w: &mut Poly) {
    w.inv_ntt_tomont_standard();
}

/// How the commitment w of one signing iteration is formed and kept.
///
/// Signing lends a commitment two work polynomials at a time; whatever else it needs
/// it keeps in its `Store` or, with [`Commitment::IN_SIGNATURE`], in `spare`: the part
/// of the signature's z field the mask vector leaves free (all of it, or nothing when
/// y lives there), which holds nothing else until an iteration is accepted.
///
/// After the commitment, the hint phase asks for each row `i` in turn:
/// [`Commitment::prepare_row`], then (once c·s2\[i\] is formed)
/// [`Commitment::subtract_row`], which turns the kept row into r = w\[i\] − c·s2\[i\],
/// then [`Commitment::visit_row`] reads r.
pub trait Commitment<P: ParameterSet>: crate::sealed::Sealed {
    /// Memory kept for one signing call.
    type Store: Default + Zeroize;

    /// Whether rows of w may be kept in the signature's z field (`spare`): the signing
    /// algorithm then packs z there only once the iteration is accepted.
    const IN_SIGNATURE: bool = false;

    /// Forms w, absorbs w1Encode(HighBits(w)) into `h` (the hash for c-tilde), in row
    /// order, and keeps what the hint phase needs. `work` are free for the duration of
    /// the call.
    fn commit<M: MatrixA<P>, Y: MaskVector<P>, K: Keccak>(
        store: &mut Self::Store,
        ctx: &MaskedProduct<'_, P, M, Y, K>,
        spare: &mut [u8],
        h: &mut Shake256<K>,
        work: [&mut Poly; 2],
    );

    /// Makes row `i` of w available for [`Commitment::subtract_row`] (a commitment that
    /// does not keep it rebuilds it here); `work` are free for the duration of the
    /// call. Nothing to do (the default) when the row is kept.
    fn prepare_row<M: MatrixA<P>, Y: MaskVector<P>, K: Keccak>(
        store: &mut Self::Store,
        ctx: &MaskedProduct<'_, P, M, Y, K>,
        spare: &mut [u8],
        i: usize,
        work: [&mut Poly; 2],
    ) {
        let _ = (store, ctx, spare, i, work);
    }

    /// Turns the prepared row `i` into r = w\[i\] − `cs2` with coefficients in [0, q)
    /// (`cs2` = c·s2\[i\], centred).
    fn subtract_row(store: &mut Self::Store, spare: &mut [u8], i: usize, cs2: &Poly);

    /// Hands each coefficient of r (row `i`, after [`Commitment::subtract_row`]) to
    /// `visit(k, r[k])`, in order.
    fn visit_row(store: &Self::Store, spare: &[u8], i: usize, visit: impl FnMut(usize, i32));
}

/// r = w − `cs2`, coefficient-wise into [0, q): `subtract_row` of a commitment that keeps
/// the row as a polynomial.
pub fn subtract_centred(w: &mut Poly, cs2: &Poly) {
    for (wk, &c) in w.coeffs.iter_mut().zip(&cs2.coeffs) {
        *wk = pqfit_core::mldsa::field::freeze(*wk - c);
    }
}

/// `visit_row` of a commitment that keeps the row as a polynomial.
pub fn visit_poly(w: &Poly, mut visit: impl FnMut(usize, i32)) {
    for (k, &wk) in w.coeffs.iter().enumerate() {
        visit(k, wk);
    }
}

/// A complete ML-DSA memory strategy: one choice per component.
///
/// Name one with a preset ([`Reference`]) or as
/// [`Custom<Matrix, Secrets, Commit, Mask, Product>`](Custom), and harden any of them
/// against fault attacks with [`Hardened<S>`](Hardened).
pub trait Strategy<P: ParameterSet> {
    /// Where A-hat lives (key generation, signing, verification).
    type Matrix: MatrixA<P>;
    /// How c times a secret (signing) and c times t1 (verification) are formed.
    type Product: ChallengeProduct<P>;
    /// Where s1, s2 and t0 live (signing).
    type Secrets: SecretVectors<P, Self::Product>;
    /// Where w lives (signing).
    type Commit: Commitment<P>;
    /// Where y (signing), NTT(s1) (key generation) and NTT(z) (verification) live.
    type Mask: MaskVector<P>;
    /// The Keccak-f\[1600\] implementation behind every hash and sampler.
    type Keccak: Keccak;
    /// Whether signing computes the signature twice and releases it only when both
    /// agree ([`Hardened`]); false for every other strategy.
    const HARDENED: bool = false;
}
