//! The bit-interleaved representation of Keccak-f\[1600\] lanes that the 32-bit
//! backends share ([`super::Interleaved32`], [`super::Interleaved32Compact`] and, on
//! Thumb-2 cores, `Interleaved32Thumb2`): a 64-bit lane as two 32-bit words, one
//! holding its even-numbered bits and one its odd-numbered bits, so that a 64-bit
//! rotation is two 32-bit rotations. Here: the conversion ([`interleave`],
//! [`deinterleave`]), rotations in that form, the round constants in that form, and
//! the byte interface over 50 such words.

use super::backend::{ROUND_CONSTANTS, STATE_BYTES};

/// Moves the even bits of `x` to its low half and the odd bits to its high half,
/// keeping their order (four delta swaps).
const fn unshuffle(mut x: u32) -> u32 {
    let mut t = (x ^ (x >> 1)) & 0x2222_2222;
    x ^= t ^ (t << 1);
    t = (x ^ (x >> 2)) & 0x0C0C_0C0C;
    x ^= t ^ (t << 2);
    t = (x ^ (x >> 4)) & 0x00F0_00F0;
    x ^= t ^ (t << 4);
    t = (x ^ (x >> 8)) & 0x0000_FF00;
    x ^= t ^ (t << 8);
    x
}

/// The inverse of [`unshuffle`].
const fn shuffle(mut x: u32) -> u32 {
    let mut t = (x ^ (x >> 8)) & 0x0000_FF00;
    x ^= t ^ (t << 8);
    t = (x ^ (x >> 4)) & 0x00F0_00F0;
    x ^= t ^ (t << 4);
    t = (x ^ (x >> 2)) & 0x0C0C_0C0C;
    x ^= t ^ (t << 2);
    t = (x ^ (x >> 1)) & 0x2222_2222;
    x ^= t ^ (t << 1);
    x
}

/// Splits a 64-bit lane into (even bits, odd bits): bit `2i` of `lane` is bit `i` of
/// the first word, bit `2i + 1` is bit `i` of the second.
pub const fn interleave(lane: u64) -> [u32; 2] {
    let lo = unshuffle(lane as u32);
    let hi = unshuffle((lane >> 32) as u32);
    [(lo & 0xFFFF) | (hi << 16), (lo >> 16) | (hi & 0xFFFF_0000)]
}

/// The inverse of [`interleave`].
pub const fn deinterleave(words: [u32; 2]) -> u64 {
    let [even, odd] = words;
    let lo = shuffle((even & 0xFFFF) | (odd << 16));
    let hi = shuffle((even >> 16) | (odd & 0xFFFF_0000));
    (lo as u64) | ((hi as u64) << 32)
}

/// The round constants, interleaved.
pub(super) static RC_INTERLEAVED: [[u32; 2]; 24] = {
    let mut rc = [[0u32; 2]; 24];
    let mut i = 0;
    while i < 24 {
        rc[i] = interleave(ROUND_CONSTANTS[i]);
        i += 1;
    }
    rc
};

/// For a 64-bit rotation by `r` in interleaved form: output word `z` (0 even, 1 odd)
/// is input word `source_word(r, z)` rotated left by `word_rotation(r, z)`.
pub(super) const fn source_word(r: u32, z: usize) -> usize {
    if r.is_multiple_of(2) {
        z
    } else {
        1 - z
    }
}

pub(super) const fn word_rotation(r: u32, z: usize) -> u32 {
    if r.is_multiple_of(2) {
        r / 2
    } else if z == 0 {
        r.div_ceil(2) % 32
    } else {
        (r - 1) / 2
    }
}

/// XORs `bytes` into the interleaved words `words` from byte `offset` (the
/// [`Keccak::xor_bytes`](super::Keccak::xor_bytes) contract; complemented lanes need
/// no change: XOR commutes with complementing).
#[inline]
pub(super) fn xor_bytes(words: &mut [u32; 50], offset: usize, bytes: &[u8]) {
    assert!(offset + bytes.len() <= STATE_BYTES);
    let mut pos = offset;
    let mut data = bytes;
    while !data.is_empty() {
        let lane = pos / 8;
        let start = pos % 8;
        let n;
        let value = match data.split_first_chunk::<8>() {
            Some((chunk, _)) if start == 0 => {
                n = 8;
                u64::from_le_bytes(*chunk)
            }
            _ => {
                n = core::cmp::min(8 - start, data.len());
                let mut buf = [0u8; 8];
                for (b, d) in buf[start..].iter_mut().zip(&data[..n]) {
                    *b = *d;
                }
                u64::from_le_bytes(buf)
            }
        };
        let [even, odd] = interleave(value);
        words[2 * lane] ^= even;
        words[2 * lane + 1] ^= odd;
        pos += n;
        data = &data[n..];
    }
}

/// Copies state bytes from byte `offset` into `out` (the
/// [`Keccak::extract_bytes`](super::Keccak::extract_bytes) contract); lane `i` is XORed
/// with `mask[i]` (all-ones for a lane stored complemented).
#[inline]
pub(super) fn extract_bytes(words: &[u32; 50], mask: &[u64; 25], offset: usize, out: &mut [u8]) {
    assert!(offset + out.len() <= STATE_BYTES);
    let mut pos = offset;
    let mut rest = out;
    while !rest.is_empty() {
        let lane = pos / 8;
        let start = pos % 8;
        let value = deinterleave([words[2 * lane], words[2 * lane + 1]]) ^ mask[lane];
        let bytes = value.to_le_bytes();
        if start == 0 && rest.len() >= 8 {
            // Whole lanes as one 8-byte store (a variable-length copy would call memcpy).
            let (now, tail) = rest.split_at_mut(8);
            now.copy_from_slice(&bytes);
            pos += 8;
            rest = tail;
            continue;
        }
        let n = core::cmp::min(8 - start, rest.len());
        let (now, tail) = rest.split_at_mut(n);
        for (o, b) in now.iter_mut().zip(&bytes[start..]) {
            *o = *b;
        }
        pos += n;
        rest = tail;
    }
}

/// Copies little-endian 32-bit words of the state from byte `offset` into `out` (the
/// [`Keccak::extract_words`](super::Keccak::extract_words) contract), lanes masked as
/// in [`extract_bytes`].
#[inline]
pub(super) fn extract_words(words: &[u32; 50], mask: &[u64; 25], offset: usize, out: &mut [u32]) {
    assert!(offset.is_multiple_of(4) && offset + 4 * out.len() <= STATE_BYTES);
    let mut lane = offset / 8;
    let rest = if offset % 8 == 4 && !out.is_empty() {
        // The upper half of a lane first.
        let (w, tail) = out.split_at_mut(1);
        let v = deinterleave([words[2 * lane], words[2 * lane + 1]]) ^ mask[lane];
        w[0] = (v >> 32) as u32;
        lane += 1;
        tail
    } else {
        out
    };
    let mut pairs = rest.chunks_exact_mut(2);
    for (pair, (words, mask)) in
        (&mut pairs).zip(words[2 * lane..].chunks_exact(2).zip(&mask[lane..]))
    {
        let v = deinterleave([words[0], words[1]]) ^ mask;
        pair[0] = v as u32;
        pair[1] = (v >> 32) as u32;
        lane += 1;
    }
    if let [w] = pairs.into_remainder() {
        let v = deinterleave([words[2 * lane], words[2 * lane + 1]]) ^ mask[lane];
        *w = v as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::Rng;
    use super::*;

    fn interleave_naive(lane: u64) -> [u32; 2] {
        let mut w = [0u32; 2];
        for i in 0..64 {
            w[i % 2] |= (((lane >> i) & 1) as u32) << (i / 2);
        }
        w
    }

    #[test]
    fn interleave_round_trip() {
        let mut rng = Rng(0xDEAD_BEEF);
        let special = [
            0,
            1,
            2,
            u64::MAX,
            0x8000_0000_0000_0000,
            0x5555_5555_5555_5555,
        ];
        for i in 0..10_000 {
            let v = if i < special.len() {
                special[i]
            } else {
                rng.next_u64()
            };
            let w = interleave(v);
            assert_eq!(w, interleave_naive(v), "{v:#x}");
            assert_eq!(deinterleave(w), v);
        }
    }

    #[test]
    fn rotation_in_interleaved_form() {
        let mut rng = Rng(3);
        for _ in 0..100 {
            let v = rng.next_u64();
            let w = interleave(v);
            for r in 0..64 {
                let z0 = w[source_word(r, 0)].rotate_left(word_rotation(r, 0));
                let z1 = w[source_word(r, 1)].rotate_left(word_rotation(r, 1));
                assert_eq!(deinterleave([z0, z1]), v.rotate_left(r));
            }
        }
    }
}
