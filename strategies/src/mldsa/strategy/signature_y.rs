//! [`SignatureY`]: ExpandMask once per iteration, into the signature's z field.

use super::{Keccak, MaskVector};
use pqfit_core::mldsa::{packing, sample, ParameterSet, Poly};

/// Keeps y bit-packed in the caller's signature buffer, in the z field that z will
/// occupy once an iteration is accepted: no stack at all, and ExpandMask runs once
/// per iteration (as with [`StoredY`](super::StoredY)) instead of once per use. The
/// packed form is the ExpandMask stream itself (it is y's z encoding), and each use
/// of y\[j\] or NTT(y\[j\]) unpacks it into the caller's scratch polynomial.
///
/// The signature then holds y until the iteration is accepted, when signing replaces
/// each y\[j\] by z\[j\] = y\[j\] + c s1\[j\] (l more products per signature, not per
/// iteration). A caller that can watch the signature buffer *during* the call sees y
/// of the current iteration; with the z of the same iteration that gives c s1, so
/// do not use this component where another party can read that memory while
/// signing runs (see docs/strategies.md, "Secret independence").
///
/// Key generation and verification do not see a signature field to fill: as with
/// [`RegeneratedY`](super::RegeneratedY), NTT(s1\[j\]) and NTT(z\[j\]) are rebuilt
/// per use.
#[derive(Clone, Copy, Debug, Default)]
pub struct SignatureY;

impl crate::sealed::Sealed for SignatureY {}

impl<P: ParameterSet> MaskVector<P> for SignatureY {
    type Store = ();
    type VectorStore = ();

    const IN_SIGNATURE: bool = true;

    fn expand<K: Keccak>(_store: &mut (), z_field: &mut [u8], rho_pp: &[u8; 64], kappa: u16) {
        // The field cut to its fixed length first: chunking a slice of unknown length
        // divides it by the row size, a long multiply that
        // scripts/check-m3-long-multiplies.sh rejects on the M3.
        let z_field = &mut z_field[..P::L * P::POLY_Z_BYTES];
        for (j, packed) in z_field.chunks_exact_mut(P::POLY_Z_BYTES).enumerate() {
            sample::expand_mask_packed::<P, K>(rho_pp, kappa, j, packed);
        }
    }

    fn y<'a, K: Keccak>(
        _store: &'a (),
        z_field: &[u8],
        _rho_pp: &[u8; 64],
        _kappa: u16,
        j: usize,
        scratch: &'a mut Poly,
    ) -> &'a Poly {
        packing::bit_unpack_gamma1::<P>(packed_y::<P>(z_field, j), scratch);
        scratch
    }

    fn y_hat<'a, K: Keccak>(
        _store: &'a (),
        z_field: &[u8],
        _rho_pp: &[u8; 64],
        _kappa: u16,
        j: usize,
        scratch: &'a mut Poly,
    ) -> &'a Poly {
        packing::bit_unpack_gamma1::<P>(packed_y::<P>(z_field, j), scratch);
        scratch.ntt();
        scratch
    }

    fn fill_vector(_store: &mut (), _build: impl FnMut(usize, &mut Poly)) {}

    fn vector<'a>(
        _store: &'a (),
        j: usize,
        scratch: &'a mut Poly,
        mut build: impl FnMut(usize, &mut Poly),
    ) -> &'a Poly {
        build(j, scratch);
        scratch
    }
}

/// The packed y\[j\] in the z field.
fn packed_y<P: ParameterSet>(z_field: &[u8], j: usize) -> &[u8] {
    &z_field[j * P::POLY_Z_BYTES..(j + 1) * P::POLY_Z_BYTES]
}
