//! [`PackedW`]: keep w bit-packed, in the signature's free z field and a small store.

use super::{absorb_w1, finish_w_row, Commitment, Keccak, MaskVector, MaskedProduct, MatrixA};
use generic_array::GenericArray;
use pqfit_core::hash::Shake256;
use pqfit_core::mldsa::field::freeze;
use pqfit_core::mldsa::packed_poly::{
    coefficient, pack, set_coefficient, unpack, PACKED_POLY_BYTES,
};
use pqfit_core::mldsa::{ParameterSet, Poly};
use typenum::U;

/// Keeps all k rows of w packed at 24 bits per coefficient (768 bytes a row instead
/// of 1024): as many as fit in the signature's z field, which holds nothing until an
/// iteration is accepted, and the others in its store
/// ([`ParameterSet::WRowsBeyondZLen`]: 1, 2 and 3 rows for ML-DSA-44, 65 and 87). w is formed column by column, each NTT(y\[j\])
/// once (l forward transforms, as [`FullW`](super::FullW)), with A-hat\[i\]\[j\] ∘
/// NTT(y\[j\]) accumulated into the packed rows; the hint phase turns each packed row
/// into r = w − c·s2 in place and reads it from there. So w is never recomputed (as
/// it is with [`StreamedW`](super::StreamedW)), at the price of a store of 768 bytes
/// per row that does not fit in the z field.
///
/// With a mask vector that lives in the z field itself
/// ([`SignatureY`](super::SignatureY)), there is no room there: the rows beyond the
/// store are then formed one at a time for the hash (as [`StreamedW`](super::StreamedW)
/// forms them) and rebuilt for the hint phase in the store's first slot, free by then.
///
/// Like [`SignatureY`](super::SignatureY), this uses the caller's signature buffer
/// as memory while signing runs: it holds w of the current iteration until z replaces
/// it (see docs/strategies.md, "Secret independence").
#[derive(Clone, Copy, Debug, Default)]
pub struct PackedW;

impl crate::sealed::Sealed for PackedW {}

/// Bytes of one packed row of w: 256 coefficients in [0, q) at 24 bits.
pub const PACKED_ROW_BYTES: usize = PACKED_POLY_BYTES;

/// One row of w packed at 24 bits per coefficient.
pub type PackedRow = GenericArray<u8, U<PACKED_ROW_BYTES>>;

/// Rows in the store.
const fn store_rows<P: ParameterSet>() -> usize {
    <P::WRowsBeyondZLen as typenum::Unsigned>::USIZE
}

/// Whether rows `store_rows..k` fit in `spare`.
fn in_field<P: ParameterSet>(spare: &[u8]) -> bool {
    spare.len() >= (P::K - store_rows::<P>()) * PACKED_ROW_BYTES
}

/// Where row `i` is kept: its store slot, its place in the z field, or (when the z
/// field is taken) the store's first slot, which the hint phase has finished with by
/// the time it reaches such a row.
fn slot<'a, P: ParameterSet>(
    store: &'a mut GenericArray<PackedRow, P::WRowsBeyondZLen>,
    spare: &'a mut [u8],
    i: usize,
) -> &'a mut [u8; PACKED_ROW_BYTES] {
    let s = store_rows::<P>();
    let row: &mut [u8] = if i < s {
        &mut store[i]
    } else if in_field::<P>(spare) {
        &mut spare[(i - s) * PACKED_ROW_BYTES..][..PACKED_ROW_BYTES]
    } else {
        &mut store[0]
    };
    // A fixed length: no division by 3 for the coefficient count (a long multiply
    // on the Cortex-M3, which scripts/check-m3-long-multiplies.sh rejects).
    row.try_into().expect("a packed row")
}

/// [`slot`], to read.
fn slot_ref<'a, P: ParameterSet>(
    store: &'a GenericArray<PackedRow, P::WRowsBeyondZLen>,
    spare: &'a [u8],
    i: usize,
) -> &'a [u8; PACKED_ROW_BYTES] {
    let s = store_rows::<P>();
    let row: &[u8] = if i < s {
        &store[i]
    } else if in_field::<P>(spare) {
        &spare[(i - s) * PACKED_ROW_BYTES..][..PACKED_ROW_BYTES]
    } else {
        &store[0]
    };
    row.try_into().expect("a packed row")
}

/// `row += A-hat[i][j] ∘ y_hat`. Out of line: inlined into [`PackedW::commit`], the
/// sampler's SHAKE128 state would join the frame that holds the rows (112 B more
/// signing stack).
#[inline(never)]
fn add_product<P: ParameterSet, M: MatrixA<P>, K: Keccak>(
    a: &M::Store,
    rho: &[u8; 32],
    i: usize,
    j: usize,
    y_hat: &Poly,
    row: &mut [u8; PACKED_ROW_BYTES],
) {
    M::mul_acc::<K, _>(a, rho, i, j, y_hat, row);
}

impl<P: ParameterSet> Commitment<P> for PackedW {
    type Store = GenericArray<PackedRow, P::WRowsBeyondZLen>;

    const IN_SIGNATURE: bool = true;

    fn commit<M: MatrixA<P>, Y: MaskVector<P>, K: Keccak>(
        store: &mut Self::Store,
        ctx: &MaskedProduct<'_, P, M, Y, K>,
        spare: &mut [u8],
        h: &mut Shake256<K>,
        work: [&mut Poly; 2],
    ) {
        let [acc, scratch] = work;
        let kept = if in_field::<P>(spare) {
            P::K
        } else {
            store_rows::<P>()
        };
        for i in 0..kept {
            slot::<P>(store, spare, i).fill(0);
        }
        // Column by column: A-hat[i][j] ∘ NTT(y[j]) summed into each kept row where it
        // lies, each sum reduced to [0, q) so that it packs in 24 bits (the same
        // modulo q as FullW's).
        for j in 0..P::L {
            let y_hat = Y::y_hat::<K>(ctx.y, ctx.z_field, ctx.rho_pp, ctx.kappa, j, scratch);
            for i in 0..kept {
                add_product::<P, M, K>(ctx.a, ctx.rho, i, j, y_hat, slot::<P>(store, spare, i));
            }
        }
        // w1Encode in row order; a row without room is formed on its own.
        for i in 0..P::K {
            if i < kept {
                let row = slot::<P>(store, spare, i);
                unpack(row, acc);
                finish_w_row(acc);
                absorb_w1::<P, K>(acc, h);
                pack(acc, row);
            } else {
                ctx.row(i, acc, scratch);
                absorb_w1::<P, K>(acc, h);
            }
        }
    }

    fn prepare_row<M: MatrixA<P>, Y: MaskVector<P>, K: Keccak>(
        store: &mut Self::Store,
        ctx: &MaskedProduct<'_, P, M, Y, K>,
        spare: &mut [u8],
        i: usize,
        work: [&mut Poly; 2],
    ) {
        if i >= store_rows::<P>() && !in_field::<P>(spare) {
            let [row, scratch] = work;
            ctx.row(i, row, scratch);
            pack(row, slot::<P>(store, spare, i));
        }
    }

    fn subtract_row(store: &mut Self::Store, spare: &mut [u8], i: usize, cs2: &Poly) {
        let row = slot::<P>(store, spare, i);
        for (b, &c) in row.chunks_exact_mut(3).zip(&cs2.coeffs) {
            set_coefficient(b, freeze(coefficient(b) - c));
        }
    }

    fn visit_row(store: &Self::Store, spare: &[u8], i: usize, mut visit: impl FnMut(usize, i32)) {
        for (k, b) in slot_ref::<P>(store, spare, i).chunks_exact(3).enumerate() {
            visit(k, coefficient(b));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_set_has_a_fallback_slot() {
        use pqfit_core::mldsa::{MlDsa44, MlDsa65, MlDsa87};
        assert!(store_rows::<MlDsa44>() >= 1);
        assert!(store_rows::<MlDsa65>() >= 1);
        assert!(store_rows::<MlDsa87>() >= 1);
    }
}
