//! [`StoredCompare`]: the re-encryption written out whole, then compared.

use super::{CiphertextCompare, CiphertextSink};
use generic_array::GenericArray;
use pqfit_core::ct;
use pqfit_core::mlkem::MlKemParams;

/// Keeps c' whole (the ciphertext's size: 768, 1088 or 1568 bytes), as FIPS 203,
/// Algorithm 18 writes it, and compares it with c by a constant-time running
/// difference once complete.
#[derive(Clone, Copy, Debug, Default)]
pub struct StoredCompare;

/// The stored re-encryption and the ciphertext it is compared with.
pub struct StoredSink<'a> {
    reencryption: &'a mut [u8],
    ct: &'a [u8],
}

impl CiphertextSink for StoredSink<'_> {
    fn write(&mut self, offset: usize, bytes: &[u8]) {
        self.reencryption[offset..offset + bytes.len()].copy_from_slice(bytes);
    }
}

impl crate::sealed::Sealed for StoredCompare {}

impl<P: MlKemParams> CiphertextCompare<P> for StoredCompare {
    type Store = GenericArray<u8, P::CLen>;
    type Sink<'a> = StoredSink<'a>;

    fn sink<'a>(store: &'a mut Self::Store, ct: &'a [u8]) -> StoredSink<'a> {
        StoredSink {
            reencryption: store.as_mut_slice(),
            ct,
        }
    }

    fn differs(sink: StoredSink<'_>) -> u32 {
        let mut diff = 0u8;
        for (a, b) in sink.reencryption.iter().zip(sink.ct) {
            diff |= a ^ b;
        }
        ct::ne_mask_u32(diff as u32, 0)
    }
}
