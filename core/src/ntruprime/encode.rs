//! The round-3 encodings: the generic mixed-radix `Encode`/`Decode` (for a list whose
//! moduli are all equal), and on top of it `Rq_encode`, `Rounded_encode` and their
//! decoders, plus `Small_encode`/`Small_decode`.
//!
//! The control flow depends only on the (public) moduli and lengths; values go through
//! shifts, masks and the constant-time division of [`u32_divmod_u14`], so encoding a
//! secret re-encryption in decapsulation is constant-time.

use super::arith::{u32_divmod_u14, u32_mod_u14};
use super::{RqPoly, SmallPoly, P, Q, Q12, ROUNDED_BYTES, RQ_BYTES, SMALL_BYTES};
use zeroize::Zeroize;

/// Most levels the recursion can have for lengths below 2^15.
const MAX_LEVELS: usize = 17;

/// The modulus of an element at the end of a level whose output was just packed:
/// element i of a list of `len` uses `m`, except the last one, which uses `m_last`.
#[inline(always)]
fn pair_moduli(i: usize, len: usize, m: u32, m_last: u32) -> (u32, u32) {
    let m1 = if i + 1 == len - 1 { m_last } else { m };
    (m, m1)
}

/// Number of bytes `Encode` emits for a pair with product modulus `mm`, and the
/// reduced modulus.
#[inline(always)]
fn pair_bytes(mut mm: u32) -> (usize, u32) {
    let mut n = 0;
    while mm >= 16384 {
        n += 1;
        mm = (mm + 255) >> 8;
    }
    (n, mm)
}

/// Number of bytes `encode` writes for `len` values each below `m`.
pub const fn encoded_len(len: usize, m: u32) -> usize {
    let (mut len, mut m_all, mut m_last, mut total) = (len, m, m, 0);
    while len > 1 {
        let (mut i, mut new_m, mut new_last) = (0, 0, m_last);
        while i + 1 < len {
            let m1 = if i + 1 == len - 1 { m_last } else { m_all };
            let mut mm = m_all * m1;
            while mm >= 16384 {
                total += 1;
                mm = (mm + 255) >> 8;
            }
            if i + 1 == len - 1 {
                new_last = mm;
            } else {
                new_m = mm;
            }
            i += 2;
        }
        m_all = new_m;
        m_last = new_last;
        len = len.div_ceil(2);
    }
    while m_last > 1 {
        total += 1;
        m_last = (m_last + 255) >> 8;
    }
    total
}

/// `Encode(out, R, M, len)` with every M\[i\] = `m`: writes the bytes to `out` and
/// returns how many. `r` (values in [0, m)) is overwritten as work space. With
/// m <= 2^14 every value it holds, the combined ones too, is below 2^14, so `i16`
/// holds them and the polynomial encodings can work in their callers' buffers.
pub fn encode(out: &mut [u8], r: &mut [i16], m: u16) -> usize {
    debug_assert!(m <= 1 << 14);
    let (mut len, mut m_all, mut m_last) = (r.len(), m as u32, m as u32);
    let mut pos = 0;
    while len > 1 {
        let (mut i, mut new_m, mut new_last) = (0, 0, m_last);
        while i + 1 < len {
            let (m0, m1) = pair_moduli(i, len, m_all, m_last);
            let mut v = r[i] as u32 + r[i + 1] as u32 * m0;
            let mut mm = m0 * m1;
            while mm >= 16384 {
                out[pos] = v as u8;
                pos += 1;
                v >>= 8;
                mm = (mm + 255) >> 8;
            }
            r[i / 2] = v as i16;
            if i + 1 == len - 1 {
                new_last = mm;
            } else {
                new_m = mm;
            }
            i += 2;
        }
        if i < len {
            r[i / 2] = r[i];
        }
        m_all = new_m;
        m_last = new_last;
        len = len.div_ceil(2);
    }
    let mut v = r[0];
    while m_last > 1 {
        out[pos] = v as u8;
        pos += 1;
        v >>= 8;
        m_last = (m_last + 255) >> 8;
    }
    pos
}

/// `Decode(out, S, M, len)` with every M\[i\] = `m`: fills `out` (values in [0, m))
/// from the bytes `s`, which must hold at least [`encoded_len`] bytes. Any byte
/// string decodes (to values reduced as the reference reduces them). As for
/// [`encode`], m <= 2^14 keeps every value `out` holds below 2^14.
pub fn decode(out: &mut [i16], s: &[u8], m: u16) {
    debug_assert!(m <= 1 << 14);
    // Walk up the levels once to learn each level's moduli and byte offset.
    let mut lens = [0usize; MAX_LEVELS];
    let mut ms = [0u32; MAX_LEVELS];
    let mut lasts = [0u32; MAX_LEVELS];
    let mut offsets = [0usize; MAX_LEVELS];
    let (mut len, mut m_all, mut m_last, mut offset) = (out.len(), m as u32, m as u32, 0);
    let mut levels = 0;
    loop {
        lens[levels] = len;
        ms[levels] = m_all;
        lasts[levels] = m_last;
        offsets[levels] = offset;
        levels += 1;
        if len == 1 {
            break;
        }
        let (mut i, mut new_m, mut new_last) = (0, 0, m_last);
        while i + 1 < len {
            let (m0, m1) = pair_moduli(i, len, m_all, m_last);
            let (n, mm) = pair_bytes(m0 * m1);
            offset += n;
            if i + 1 == len - 1 {
                new_last = mm;
            } else {
                new_m = mm;
            }
            i += 2;
        }
        m_all = new_m;
        m_last = new_last;
        len = len.div_ceil(2);
    }
    // The top: one value.
    let top = offsets[levels - 1];
    out[0] = if m_last == 1 {
        0
    } else if m_last <= 256 {
        u32_mod_u14(s[top] as u32, m_last as u16) as i16
    } else {
        u32_mod_u14(s[top] as u32 + ((s[top + 1] as u32) << 8), m_last as u16) as i16
    };
    // Back down: split each value into a pair, highest index first (in place).
    for level in (0..levels - 1).rev() {
        let (len, m_all, m_last, offset) = (lens[level], ms[level], lasts[level], offsets[level]);
        if len % 2 == 1 {
            out[len - 1] = out[(len - 1) / 2];
        }
        let uniform_bytes = if len >= 3 {
            pair_bytes(m_all * m_all).0
        } else {
            0
        };
        for j in (0..len / 2).rev() {
            let i = 2 * j;
            let (m0, m1) = pair_moduli(i, len, m_all, m_last);
            let at = offset + j * uniform_bytes;
            let mm = m0 * m1;
            let (bottom_r, bottom_t) = if mm > 256 * 16383 {
                (s[at] as u32 + 256 * s[at + 1] as u32, 65536)
            } else if mm >= 16384 {
                (s[at] as u32, 256)
            } else {
                (0, 1)
            };
            let v = bottom_r + bottom_t * out[j] as u32;
            let (r1, r0) = u32_divmod_u14(v, m0 as u16);
            out[i] = r0 as i16;
            out[i + 1] = u32_mod_u14(r1, m1 as u16) as i16;
        }
    }
}

/// The modulus of a rounded coefficient's index: (q + 2) / 3 multiples of 3.
const ROUNDED_M: u16 = ((Q + 2) / 3) as u16;

/// `Rq_encode`: 1158 bytes.
pub fn rq_encode(out: &mut [u8; RQ_BYTES], a: &RqPoly) {
    let mut r = [0i16; P];
    for (ri, &ai) in r.iter_mut().zip(a) {
        *ri = ai + Q12 as i16;
    }
    encode(out, &mut r, Q as u16);
    r.zeroize();
}

/// `Rq_decode`, in `out` itself.
pub fn rq_decode(out: &mut RqPoly, s: &[u8; RQ_BYTES]) {
    decode(out, s, Q as u16);
    for o in out.iter_mut() {
        *o -= Q12 as i16;
    }
}

/// `Rounded_encode` of a polynomial whose coefficients are multiples of 3: 1007
/// bytes. `a` is overwritten as work space (and left zeroed).
pub fn rounded_encode(out: &mut [u8; ROUNDED_BYTES], a: &mut RqPoly) {
    for x in a.iter_mut() {
        *x = (((*x as i32 + Q12) * 10923) >> 15) as i16;
    }
    encode(out, a, ROUNDED_M);
    a.zeroize();
}

/// `Rounded_decode`, in `out` itself.
pub fn rounded_decode(out: &mut RqPoly, s: &[u8; ROUNDED_BYTES]) {
    decode(out, s, ROUNDED_M);
    for o in out.iter_mut() {
        *o = *o * 3 - Q12 as i16;
    }
}

/// `Small_encode`: four coefficients (plus one) a byte, 191 bytes.
pub fn small_encode(out: &mut [u8; SMALL_BYTES], f: &SmallPoly) {
    for (byte, chunk) in out.iter_mut().zip(f.chunks(4)) {
        let mut x = 0u8;
        for (k, &c) in chunk.iter().enumerate() {
            x |= ((c + 1) as u8) << (2 * k);
        }
        *byte = x;
    }
}

/// `Small_decode`: each two-bit field minus one (a field 3 gives 2, as in the
/// reference; secret keys are not validated).
pub fn small_decode(out: &mut SmallPoly, s: &[u8; SMALL_BYTES]) {
    for (chunk, &byte) in out.chunks_mut(4).zip(s.iter()) {
        for (k, c) in chunk.iter_mut().enumerate() {
            *c = ((byte >> (2 * k)) & 3) as i8 - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lcg(state: &mut u64) -> u32 {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*state >> 33) as u32
    }

    #[test]
    fn lengths_match_the_spec() {
        assert_eq!(encoded_len(P, Q as u32), RQ_BYTES);
        assert_eq!(encoded_len(P, ROUNDED_M as u32), ROUNDED_BYTES);
    }

    #[test]
    fn encode_decode_round_trip() {
        let mut seed = 1u64;
        for &(len, m) in &[
            (1usize, 4591u16),
            (2, 4591),
            (3, 1531),
            (7, 300),
            (761, 4591),
            (761, 1531),
            (100, 2),
            (9, 1),
        ] {
            let values: std::vec::Vec<i16> = (0..len)
                .map(|_| (lcg(&mut seed) % m as u32) as i16)
                .collect();
            let mut r = values.clone();
            let mut bytes = std::vec![0u8; encoded_len(len, m as u32) + 4];
            let n = encode(&mut bytes, &mut r, m);
            assert_eq!(n, encoded_len(len, m as u32));
            let mut back = std::vec![0i16; len];
            decode(&mut back, &bytes[..n], m);
            assert_eq!(back, values, "len {len} m {m}");
        }
    }

    #[test]
    fn small_round_trip() {
        let mut seed = 5u64;
        let f: SmallPoly = core::array::from_fn(|_| (lcg(&mut seed) % 3) as i8 - 1);
        let mut s = [0u8; SMALL_BYTES];
        small_encode(&mut s, &f);
        let mut g = [0i8; P];
        small_decode(&mut g, &s);
        assert_eq!(f, g);
    }
}
