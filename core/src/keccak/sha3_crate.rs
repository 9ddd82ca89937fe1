//! [`Sha3Crate`]: the permutation of the `keccak` crate, which the `sha3` crate uses.

use super::backend::{Keccak, STATE_BYTES};

/// The `keccak` crate's Keccak-f\[1600\] on a plain `[u64; 25]` state (lane `x + 5y`,
/// little-endian bytes): the permutation the `sha3` crate runs (its portable software
/// backend; on AArch64 with the SHA-3 extension the crate picks that at run time).
/// The right choice on 64-bit hosts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sha3Crate;

impl crate::sealed::Sealed for Sha3Crate {}

impl Keccak for Sha3Crate {
    type State = [u64; 25];

    const NAME: &'static str = "sha3-crate";

    fn xor_bytes(state: &mut [u64; 25], offset: usize, bytes: &[u8]) {
        assert!(offset + bytes.len() <= STATE_BYTES);
        let mut pos = offset;
        let mut data = bytes;
        while !data.is_empty() {
            let lane = pos / 8;
            let start = pos % 8;
            if start == 0 {
                if let Some((chunk, rest)) = data.split_first_chunk::<8>() {
                    state[lane] ^= u64::from_le_bytes(*chunk);
                    pos += 8;
                    data = rest;
                    continue;
                }
            }
            let n = core::cmp::min(8 - start, data.len());
            let mut buf = [0u8; 8];
            buf[start..start + n].copy_from_slice(&data[..n]);
            state[lane] ^= u64::from_le_bytes(buf);
            pos += n;
            data = &data[n..];
        }
    }

    fn extract_bytes(state: &[u64; 25], offset: usize, out: &mut [u8]) {
        assert!(offset + out.len() <= STATE_BYTES);
        let mut pos = offset;
        let mut rest = out;
        while !rest.is_empty() {
            let lane = pos / 8;
            let start = pos % 8;
            let n = core::cmp::min(8 - start, rest.len());
            let bytes = state[lane].to_le_bytes();
            let (now, tail) = rest.split_at_mut(n);
            now.copy_from_slice(&bytes[start..start + n]);
            pos += n;
            rest = tail;
        }
    }

    #[inline(never)]
    fn permute(state: &mut [u64; 25]) {
        keccak::Keccak::new().with_f1600(|f1600| f1600(state));
    }
}
