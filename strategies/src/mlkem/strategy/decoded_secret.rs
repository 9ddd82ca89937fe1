//! [`DecodedSecret`]: each polynomial of the secret vector built where it is used.

use super::{Poly, SecretVector};
use pqfit_core::mlkem::MlKemParams;

/// Keeps nothing: polynomial j of s-hat is decoded from dk_PKE (ByteDecode_12, cheap)
/// and polynomial j of y-hat sampled and transformed (SamplePolyCBD and NTT, k + 1
/// times per encryption instead of once) into the caller's scratch polynomial at
/// every use.
#[derive(Clone, Copy, Debug, Default)]
pub struct DecodedSecret;

impl crate::sealed::Sealed for DecodedSecret {}

impl<P: MlKemParams> SecretVector<P> for DecodedSecret {
    type Store = ();

    fn fill(_store: &mut (), _build: impl FnMut(usize, &mut Poly)) {}

    fn get<'a>(
        _store: &'a (),
        j: usize,
        scratch: &'a mut Poly,
        mut build: impl FnMut(usize, &mut Poly),
    ) -> &'a Poly {
        build(j, scratch);
        scratch
    }
}
