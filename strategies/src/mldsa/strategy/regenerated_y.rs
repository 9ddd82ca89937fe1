//! [`RegeneratedY`]: ExpandMask the one polynomial of y needed, where it is used.

use super::{Keccak, MaskVector};
use pqfit_core::mldsa::{sample, ParameterSet, Poly};

/// Keeps no mask: y\[j\] is expanded again (SHAKE256 from rho'' and kappa) into the
/// caller's scratch polynomial each time it is used, for w and again for z, through
/// the 40-byte-buffer ExpandMask (`expand_mask_entry_lean`: its frame is on the
/// deepest path of signing for the smallest mixes). By the
/// same choice key generation rebuilds NTT(s1\[j\]) and verification NTT(z\[j\]) per
/// use instead of keeping the vector.
#[derive(Clone, Copy, Debug, Default)]
pub struct RegeneratedY;

impl crate::sealed::Sealed for RegeneratedY {}

impl<P: ParameterSet> MaskVector<P> for RegeneratedY {
    type Store = ();
    type VectorStore = ();

    fn expand<K: Keccak>(_store: &mut (), _z_field: &mut [u8], _rho_pp: &[u8; 64], _kappa: u16) {}

    fn y<'a, K: Keccak>(
        _store: &'a (),
        _z_field: &[u8],
        rho_pp: &[u8; 64],
        kappa: u16,
        j: usize,
        scratch: &'a mut Poly,
    ) -> &'a Poly {
        sample::expand_mask_entry_lean::<P, K>(rho_pp, kappa, j, scratch);
        scratch
    }

    fn y_hat<'a, K: Keccak>(
        _store: &'a (),
        _z_field: &[u8],
        rho_pp: &[u8; 64],
        kappa: u16,
        j: usize,
        scratch: &'a mut Poly,
    ) -> &'a Poly {
        sample::expand_mask_entry_lean::<P, K>(rho_pp, kappa, j, scratch);
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
