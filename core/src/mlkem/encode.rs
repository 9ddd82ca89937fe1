//! ByteEncode_d and ByteDecode_d (FIPS 203, Algorithms 5 and 6), the bit packing of
//! keys and ciphertexts, and the encoding-level checks of §7.2.
//!
//! The packers take and give one coefficient at a time (`value(i)`, `sink(i, x)`), so
//! a caller can compress while it packs or decompress while it unpacks without a
//! second polynomial. Bits are little-endian within bytes, as BitsToBytes (Algorithm 3)
//! and BytesToBits (Algorithm 4) order them; those two have no function of their own.

use super::field::{reduce_once, Q};
use super::poly::Poly;
use super::{N, POLY_BYTES};
use crate::ct;

/// FIPS 203, Algorithm 5: ByteEncode_d of the 256 values `value(0), ..., value(255)`
/// (each below 2^d; below q for d = 12) into the first 32·d bytes of `out`, as 32
/// blocks of [`byte_encode8`].
pub fn byte_encode(d: u32, out: &mut [u8], mut value: impl FnMut(usize) -> u16) {
    let len = d as usize;
    for (g, block) in out[..N / 8 * len].chunks_exact_mut(len).enumerate() {
        byte_encode8(d, block, |i| value(8 * g + i));
    }
}

/// One block of ByteEncode_d: the eight values `value(0), ..., value(7)` (each below
/// 2^d, d ≤ 12) into the first d bytes of `out`. Eight values end on a byte boundary
/// for every d, so a caller can hand a ciphertext on block by block without a buffer
/// for the whole polynomial. Branches depend on d only.
#[inline(always)]
pub fn byte_encode8(d: u32, out: &mut [u8], mut value: impl FnMut(usize) -> u16) {
    let (mut acc, mut bits, mut o) = (0u32, 0u32, 0usize);
    for i in 0..8 {
        acc |= (value(i) as u32) << bits;
        bits += d;
        while bits >= 8 {
            out[o] = acc as u8;
            o += 1;
            acc >>= 8;
            bits -= 8;
        }
    }
}

/// FIPS 203, Algorithm 6: ByteDecode_d of the first 32·d bytes of `bytes` (which
/// holds at least that many), each d-bit integer handed to `sink(i, x)` (for d = 12 as
/// read; [`poly_decode12`] takes it modulo q), as 32 blocks of [`byte_decode8`].
pub fn byte_decode(d: u32, bytes: &[u8], mut sink: impl FnMut(usize, u16)) {
    let len = d as usize;
    for (g, block) in bytes[..N / 8 * len].chunks_exact(len).enumerate() {
        byte_decode8(d, block, |i, x| sink(8 * g + i, x));
    }
}

/// One block of ByteDecode_d: the eight d-bit integers of the first d bytes of `block`
/// handed to `sink(0..8, x)`. Branches depend on d only.
#[inline(always)]
pub fn byte_decode8(d: u32, block: &[u8], mut sink: impl FnMut(usize, u16)) {
    let mask = (1u32 << d) - 1;
    let (mut acc, mut bits, mut next) = (0u32, 0u32, 0usize);
    for i in 0..8 {
        while bits < d {
            acc |= (block[next] as u32) << bits;
            next += 1;
            bits += 8;
        }
        sink(i, (acc & mask) as u16);
        acc >>= d;
        bits -= d;
    }
}

/// ByteEncode_12 of a polynomial (each coefficient taken in [0, q)) into 384 bytes.
pub fn poly_encode12(p: &Poly, out: &mut [u8]) {
    byte_encode(12, out, |i| p.canonical(i));
}

/// ByteDecode_12 of 384 bytes: every 12-bit value modulo q (by a mask), into `p`.
pub fn poly_decode12(bytes: &[u8], p: &mut Poly) {
    byte_decode(12, bytes, |i, x| p.coeffs[i] = reduce_once(x) as i16);
}

/// The §7.2 modulus check on an encoded vector (ByteEncode_12 of k polynomials):
/// `true` when ByteEncode_12(ByteDecode_12(bytes)) = bytes, i.e. every 12-bit value
/// is below q. Reads every byte (the result only is a decision).
pub fn is_canonical12(bytes: &[u8]) -> bool {
    let mut bad = 0u32;
    for chunk in bytes.chunks(POLY_BYTES) {
        byte_decode(12, chunk, |_, x| {
            bad |= 1 ^ ct::lt_bit_u32(x as u32, Q as u32)
        });
    }
    bad == 0
}

/// Decompress_1(ByteDecode_1(m)) added to `p`: 1665 = ⌈q/2⌋ where a bit of the
/// message is set, by a mask.
pub fn add_message(m: &[u8; 32], p: &mut Poly) {
    let half = (Q as u32).div_ceil(2);
    for (i, c) in p.coeffs.iter_mut().enumerate() {
        *c += (ct::bit_mask(m[i / 8] as u32, (i % 8) as u32) & half) as i16;
    }
}

/// ByteEncode_1(Compress_1(w)) into `m`: bit i is 1 when coefficient i is nearer q/2
/// than 0 (Compress_1 by multiply-shift, no division).
pub fn message_from(w: &Poly, m: &mut [u8; 32]) {
    m.fill(0);
    for i in 0..N {
        let bit = super::compress::compress(1, w.canonical(i));
        m[i / 8] |= (bit as u8) << (i % 8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encode_decode_round_trip_every_width() {
        let mut seed = 3u32;
        for d in 1..=12u32 {
            let m = if d == 12 { Q as u32 } else { 1 << d };
            let vals: [u16; N] = core::array::from_fn(|_| {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                ((seed >> 8) % m) as u16
            });
            let mut bytes = [0u8; 384];
            byte_encode(d, &mut bytes, |i| vals[i]);
            assert!(bytes[32 * d as usize..].iter().all(|&b| b == 0));
            let mut back = [0u16; N];
            byte_decode(d, &bytes, |i, x| back[i] = x);
            assert_eq!(back, vals, "d = {d}");
            // Bit i of the encoding is bit (i mod d) of value ⌊i/d⌋.
            for bit in [0usize, 7, 13, 100, 32 * d as usize * 8 - 1] {
                let (v, k) = (bit / d as usize, bit % d as usize);
                assert_eq!(
                    (bytes[bit / 8] >> (bit % 8)) & 1,
                    ((vals[v] >> k) & 1) as u8
                );
            }
        }
    }

    #[test]
    fn decode12_reduces_and_the_check_finds_values_above_q() {
        let mut bytes = [0u8; 384];
        byte_encode(12, &mut bytes, |i| (i as u16 * 13) % Q as u16);
        assert!(is_canonical12(&bytes));
        let mut p = Poly::default();
        poly_decode12(&bytes, &mut p);
        let mut again = [0u8; 384];
        poly_encode12(&p, &mut again);
        assert_eq!(again, bytes);
        // Coefficient 5 becomes q + 2 (12 bits, above q): decoded as 2, and rejected.
        byte_encode(12, &mut bytes, |i| if i == 5 { Q as u16 + 2 } else { 0 });
        assert!(!is_canonical12(&bytes));
        poly_decode12(&bytes, &mut p);
        assert_eq!(p.coeffs[5], 2);
        byte_encode(12, &mut bytes, |i| {
            if i == 255 {
                Q as u16
            } else {
                Q as u16 - 1
            }
        });
        assert!(!is_canonical12(&bytes));
    }

    #[test]
    fn message_round_trip() {
        let m: [u8; 32] = core::array::from_fn(|i| (i * 37 + 11) as u8);
        let mut p = Poly::default();
        add_message(&m, &mut p);
        // Noise below q/4 does not change the decoded message.
        for (i, c) in p.coeffs.iter_mut().enumerate() {
            *c += (i as i16 % 7) * 100 - 300;
        }
        let mut back = [0u8; 32];
        message_from(&p, &mut back);
        assert_eq!(back, m);
    }
}
