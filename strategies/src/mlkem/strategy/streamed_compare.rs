//! [`StreamedCompare`]: the re-encryption compared with the ciphertext as it is
//! produced.

use super::{CiphertextCompare, CiphertextSink};
use pqfit_core::ct;
use pqfit_core::mlkem::MlKemParams;

/// Keeps nothing of c': each piece K-PKE.Encrypt produces (one compressed polynomial)
/// is XORed into a running difference against the same bytes of c and dropped. The
/// difference is one byte, ORed over every position, with no early exit.
#[derive(Clone, Copy, Debug, Default)]
pub struct StreamedCompare;

/// The running difference against a ciphertext.
pub struct DiffSink<'a> {
    ct: &'a [u8],
    diff: u8,
}

impl CiphertextSink for DiffSink<'_> {
    fn write(&mut self, offset: usize, bytes: &[u8]) {
        for (c, b) in self.ct[offset..offset + bytes.len()].iter().zip(bytes) {
            self.diff |= c ^ b;
        }
    }
}

impl crate::sealed::Sealed for StreamedCompare {}

impl<P: MlKemParams> CiphertextCompare<P> for StreamedCompare {
    type Store = ();
    type Sink<'a> = DiffSink<'a>;

    fn sink<'a>(_store: &'a mut (), ct: &'a [u8]) -> DiffSink<'a> {
        DiffSink { ct, diff: 0 }
    }

    fn differs(sink: DiffSink<'_>) -> u32 {
        ct::ne_mask_u32(sink.diff as u32, 0)
    }
}
