//! [`StoredY`]: the packed first responses of all t rounds kept, and until they
//! are made, each round's u' and e'.

use super::FirstResponses;
use generic_array::GenericArray;
use pqfit_core::cross::CrossParams;
use zeroize::Zeroize;

/// Keeps every round's packed u' and restricted e' from the first pass (t
/// (ceil(n log2 p / 8) + ceil(n' log2 z / 8)) bytes, n' = n or m): the second pass
/// computes y from them and keeps it in u''s place, and the responses copy y and
/// take e' (for v), so no round seed is expanded after the first pass.
#[derive(Clone, Copy, Debug, Default)]
pub struct StoredY;

impl crate::sealed::Sealed for StoredY {}

/// Packed u' (then y) and packed restricted e' of every round.
pub struct YStore<P: CrossParams> {
    ys: GenericArray<u8, P::PackedYsLen>,
    es: GenericArray<u8, P::PackedVsLen>,
}

impl<P: CrossParams> Default for YStore<P> {
    fn default() -> Self {
        Self {
            ys: GenericArray::default(),
            es: GenericArray::default(),
        }
    }
}

impl<P: CrossParams> Zeroize for YStore<P> {
    fn zeroize(&mut self) {
        self.ys.zeroize();
        self.es.zeroize();
    }
}

impl<P: CrossParams> FirstResponses<P> for StoredY {
    type Store = YStore<P>;

    fn expanded_mut(store: &mut Self::Store, round: usize) -> Option<(&mut [u8], &mut [u8])> {
        let (n, v) = (P::PACKED_Y_BYTES, P::PACKED_V_BYTES);
        Some((
            &mut store.ys[round * n..round * n + n],
            &mut store.es[round * v..round * v + v],
        ))
    }

    fn expanded(store: &Self::Store, round: usize) -> Option<(&[u8], &[u8])> {
        let (n, v) = (P::PACKED_Y_BYTES, P::PACKED_V_BYTES);
        Some((
            &store.ys[round * n..round * n + n],
            &store.es[round * v..round * v + v],
        ))
    }

    fn keep(store: &mut Self::Store, round: usize, packed_y: &[u8]) {
        let n = P::PACKED_Y_BYTES;
        store.ys[round * n..round * n + n].copy_from_slice(&packed_y[..n]);
    }

    fn get(store: &Self::Store, round: usize) -> Option<&[u8]> {
        let n = P::PACKED_Y_BYTES;
        Some(&store.ys[round * n..round * n + n])
    }
}
