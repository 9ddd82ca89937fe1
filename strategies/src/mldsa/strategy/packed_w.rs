//! [`PackedW`]: keep w bit-packed, in the signature's free z field and a small store.

use super::{absorb_w1, finish_w_row, Commitment, Keccak, MaskVector, MaskedProduct, MatrixA};
use generic_array::GenericArray;
use pqfit_core::hash::Shake256;
use pqfit_core::mldsa::field::freeze;
use pqfit_core::mldsa::packed_poly::{
    coefficient, pack, set_coefficient, unpack, PACKED_POLY_BYTES,
};
use pqfit_core::mldsa::{Accumulator, ParameterSet, Poly};
use typenum::U;

/// Keeps the rows of w packed at 24 bits per coefficient (768 bytes a row instead of
/// 1024): row 0 in its store (one packed row) and as many of the next rows as fit in
/// the signature's z field, which holds nothing until an iteration is accepted (4 of
/// ML-DSA-65's 6 rows, 3 of ML-DSA-44's 4, 5 of ML-DSA-87's 8). w is formed column by
/// column, each NTT(y\[j\]) once (l forward transforms, as [`FullW`](super::FullW)),
/// with A-hat\[i\]\[j\] ∘ NTT(y\[j\]) accumulated into the packed rows, and the first
/// row without a place into a work polynomial alongside them. The hint phase turns
/// each packed row into r = w − c·s2 in place and reads it from there.
///
/// A row without a place (ML-DSA-65's last, ML-DSA-87's last two) is formed for the
/// hash and formed again, into the store, when the hint phase reaches it (row 0 is
/// done with by then), as [`StreamedW`](super::StreamedW) forms every row; the others
/// are never recomputed. With a mask vector that lives in the z field itself
/// ([`SignatureY`](super::SignatureY)), no row has a place there.
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

/// Rows 1, 2, ... kept in the z field when it is free (a constant: the field's length
/// is l · POLY_Z_BYTES whenever it is free).
const fn field_rows<P: ParameterSet>() -> usize {
    let fit = P::L * P::POLY_Z_BYTES / PACKED_ROW_BYTES;
    if fit < P::K - 1 {
        fit
    } else {
        P::K - 1
    }
}

/// Rows kept packed (the store's and the field's): rows `0..kept_rows`.
fn kept_rows<P: ParameterSet>(spare: &[u8]) -> usize {
    if spare.len() >= field_rows::<P>() * PACKED_ROW_BYTES {
        1 + field_rows::<P>()
    } else {
        1
    }
}

/// Where row `i` is kept: row 0 in the store, the next ones in the z field, and a row
/// without a place (formed again for the hint phase) in the store too.
fn slot<'a>(
    store: &'a mut PackedRow,
    spare: &'a mut [u8],
    i: usize,
    kept: usize,
) -> &'a mut [u8; PACKED_ROW_BYTES] {
    let row: &mut [u8] = if i == 0 || i >= kept {
        store
    } else {
        &mut spare[(i - 1) * PACKED_ROW_BYTES..][..PACKED_ROW_BYTES]
    };
    // A fixed length: no division by 3 for the coefficient count (a long multiply
    // on the Cortex-M3, which scripts/check-m3-long-multiplies.sh rejects).
    row.try_into().expect("a packed row")
}

/// [`slot`], to read.
fn slot_ref<'a>(
    store: &'a PackedRow,
    spare: &'a [u8],
    i: usize,
    kept: usize,
) -> &'a [u8; PACKED_ROW_BYTES] {
    let row: &[u8] = if i == 0 || i >= kept {
        store
    } else {
        &spare[(i - 1) * PACKED_ROW_BYTES..][..PACKED_ROW_BYTES]
    };
    row.try_into().expect("a packed row")
}

/// `acc += A-hat[i][j] ∘ y_hat`. Out of line: inlined into [`PackedW::commit`], the
/// sampler's SHAKE128 state would join the frame that holds the rows (112 B more
/// signing stack).
#[inline(never)]
fn add_product<P: ParameterSet, M: MatrixA<P>, K: Keccak, A: Accumulator>(
    a: &M::Store,
    rho: &[u8; 32],
    i: usize,
    j: usize,
    y_hat: &Poly,
    acc: &mut A,
) {
    M::mul_acc::<K, _>(a, rho, i, j, y_hat, acc);
}

impl<P: ParameterSet> Commitment<P> for PackedW {
    type Store = PackedRow;

    const IN_SIGNATURE: bool = true;

    fn commit<M: MatrixA<P>, Y: MaskVector<P>, K: Keccak>(
        store: &mut Self::Store,
        ctx: &MaskedProduct<'_, P, M, Y, K>,
        spare: &mut [u8],
        h: &mut Shake256<K>,
        work: [&mut Poly; 2],
    ) {
        let [apart, scratch] = work;
        let kept = kept_rows::<P>(spare);
        // The first row without a place is summed in `apart` alongside the kept ones.
        let alongside = kept < P::K;
        for i in 0..kept {
            slot(store, spare, i, kept).fill(0);
        }
        apart.coeffs.fill(0);
        // Column by column: A-hat[i][j] ∘ NTT(y[j]) summed into each kept row where it
        // lies, each sum reduced to [0, q) so that it packs in 24 bits (the same
        // modulo q as FullW's).
        for j in 0..P::L {
            let y_hat = Y::y_hat::<K>(ctx.y, ctx.z_field, ctx.rho_pp, ctx.kappa, j, scratch);
            for i in 0..kept {
                add_product::<P, M, K, _>(ctx.a, ctx.rho, i, j, y_hat, slot(store, spare, i, kept));
            }
            if alongside {
                add_product::<P, M, K, _>(ctx.a, ctx.rho, kept, j, y_hat, apart);
            }
        }
        // w1Encode in row order; rows past the one formed alongside are formed alone.
        for i in 0..P::K {
            if i < kept {
                let row = slot(store, spare, i, kept);
                unpack(row, scratch);
                finish_w_row(scratch);
                absorb_w1::<P, K>(scratch, h);
                pack(scratch, row);
            } else {
                if i == kept {
                    finish_w_row(apart);
                } else {
                    ctx.row(i, apart, scratch);
                }
                absorb_w1::<P, K>(apart, h);
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
        let kept = kept_rows::<P>(spare);
        if i >= kept {
            let [row, scratch] = work;
            ctx.row(i, row, scratch);
            pack(row, slot(store, spare, i, kept));
        }
    }

    fn subtract_row(store: &mut Self::Store, spare: &mut [u8], i: usize, cs2: &Poly) {
        let kept = kept_rows::<P>(spare);
        let row = slot(store, spare, i, kept);
        for (b, &c) in row.chunks_exact_mut(3).zip(&cs2.coeffs) {
            set_coefficient(b, freeze(coefficient(b) - c));
        }
    }

    fn visit_row(store: &Self::Store, spare: &[u8], i: usize, mut visit: impl FnMut(usize, i32)) {
        let kept = kept_rows::<P>(spare);
        for (k, b) in slot_ref(store, spare, i, kept).chunks_exact(3).enumerate() {
            visit(k, coefficient(b));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pqfit_core::mldsa::{MlDsa44, MlDsa65, MlDsa87};

    #[test]
    fn field_rows_fit_the_z_field() {
        // l · POLY_Z_BYTES bytes hold this many 768-byte rows, and row 0 is in the store.
        assert_eq!(field_rows::<MlDsa44>(), 3);
        assert_eq!(field_rows::<MlDsa65>(), 4);
        assert_eq!(field_rows::<MlDsa87>(), 5);
        for (rows, field) in [
            (field_rows::<MlDsa44>(), MlDsa44::L * MlDsa44::POLY_Z_BYTES),
            (field_rows::<MlDsa65>(), MlDsa65::L * MlDsa65::POLY_Z_BYTES),
            (field_rows::<MlDsa87>(), MlDsa87::L * MlDsa87::POLY_Z_BYTES),
        ] {
            assert!(rows * PACKED_ROW_BYTES <= field);
        }
    }
}
