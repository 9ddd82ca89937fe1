//! [`RegeneratedY`]: the first responses regenerated for the responses pass.

use super::FirstResponses;
use pqfit_core::cross::CrossParams;

/// Keeps no y (nor u', e'): the second pass and the responses re-expand e' and u'
/// from the round seed and recompute y = u' + chall_1 g^e'.
#[derive(Clone, Copy, Debug, Default)]
pub struct RegeneratedY;

impl crate::sealed::Sealed for RegeneratedY {}

impl<P: CrossParams> FirstResponses<P> for RegeneratedY {
    type Store = ();

    fn expanded_mut(_store: &mut (), _round: usize) -> Option<(&mut [u8], &mut [u8])> {
        None
    }

    fn expanded(_store: &(), _round: usize) -> Option<(&[u8], &[u8])> {
        None
    }

    fn keep(_store: &mut (), _round: usize, _packed_y: &[u8]) {}

    fn get(_store: &(), _round: usize) -> Option<&[u8]> {
        None
    }
}
