//! The round-3 encodings: the generic mixed-radix `Encode`/`Decode` (for a list whose
//! moduli are all equal), and on top of it `Rq_encode`, `Rounded_encode` and their
//! decoders, plus `Small_encode`/`Small_decode`.
//!
//! The control flow depends only on the (public) moduli and lengths; values go through
//! shifts, masks and the constant-time division of [`U14Divisor`], so encoding a
//! secret re-encryption in decapsulation is constant-time.

use super::arith::{u32_mod_u14, U14Divisor};
use super::{RqPoly, SmallPoly, P, Q, Q12, ROUNDED_BYTES, RQ_BYTES, SMALL_BYTES};
use core::ops::Range;
use zeroize::Zeroize;

/// Most levels the recursion can have for lengths below 2^15.
const MAX_LEVELS: usize = 17;

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
    let mut level = Level {
        len: r.len(),
        m: m as u32,
        m_last: m as u32,
        offset: 0,
    };
    while level.len > 1 {
        level.combine(r, out);
        level = level.parent();
    }
    let (mut v, mut m_last, mut pos) = (r[0], level.m_last, level.offset);
    while m_last > 1 {
        out[pos] = v as u8;
        pos += 1;
        v >>= 8;
        m_last = (m_last + 255) >> 8;
    }
    pos
}

/// One level of the recursion of `Encode` and `Decode`: `len` values, each below `m`
/// except the last, which is below `m_last`; the bytes of its pairs start at `offset`.
#[derive(Clone, Copy, Default)]
struct Level {
    len: usize,
    m: u32,
    m_last: u32,
    offset: usize,
}

impl Level {
    /// [`pair_bytes`] of an (m, m) pair and of the pair (m, m_last), which is an even
    /// level's last. Every other pair is (m, m), so no walk over the pairs is needed.
    fn pair_sizes(&self) -> ((usize, u32), (usize, u32)) {
        (
            pair_bytes(self.m * self.m),
            pair_bytes(self.m * self.m_last),
        )
    }

    /// The level `Encode` makes of this one by combining its values in pairs.
    fn parent(&self) -> Level {
        let ((_, m), (_, last_m)) = self.pair_sizes();
        let pairs = self.pairs();
        let (end, m_last) = match pairs.last {
            Some(bytes) => (bytes.end, last_m),
            None => (
                self.offset + pairs.uniform * pairs.uniform_bytes,
                self.m_last,
            ),
        };
        Level {
            len: self.len.div_ceil(2),
            m,
            m_last,
            offset: end,
        }
    }

    /// Where `Encode` writes the level's pairs: the `uniform` (m, m) pairs first,
    /// `uniform_bytes` each from `offset`, then on an even level the last pair.
    fn pairs(&self) -> Pairs {
        let ((uniform_bytes, _), (last_bytes, _)) = self.pair_sizes();
        let uniform = (self.len - 1) / 2;
        let at = self.offset + uniform * uniform_bytes;
        Pairs {
            uniform,
            uniform_bytes,
            last: self.len.is_multiple_of(2).then_some(at..at + last_bytes),
        }
    }

    /// `Encode`'s step: combines the level's values in pairs into
    /// `r[..len.div_ceil(2)]`, writing each pair's low bytes from `offset`.
    fn combine(&self, r: &mut [i16], out: &mut [u8]) {
        let Pairs {
            uniform,
            uniform_bytes,
            last,
        } = self.pairs();
        let bytes = &mut out[self.offset..][..uniform * uniform_bytes];
        match uniform_bytes {
            0 => combine_uniform::<0>(r, bytes, uniform, self.m),
            1 => combine_uniform::<1>(r, bytes, uniform, self.m),
            _ => combine_uniform::<2>(r, bytes, uniform, self.m),
        }
        match last {
            Some(bytes) => combine_pair(r, uniform, &mut out[bytes], self.m),
            None => r[uniform] = r[self.len - 1],
        }
    }

    /// Splits each value of the level above (held in `out[..len.div_ceil(2)]`) into
    /// this level's pair, in place, highest index first.
    fn split(&self, out: &mut [i16], s: &[u8]) {
        let d = U14Divisor::new(self.m as u16);
        let Pairs {
            uniform,
            uniform_bytes,
            last,
        } = self.pairs();
        match last {
            Some(bytes) => {
                let last = U14Divisor::new(self.m_last as u16);
                split_pair(out, uniform, &s[bytes], &d, &last);
            }
            None => out[self.len - 1] = out[uniform],
        }
        let bytes = &s[self.offset..][..uniform * uniform_bytes];
        match uniform_bytes {
            0 => split_uniform::<0>(out, bytes, uniform, &d),
            1 => split_uniform::<1>(out, bytes, uniform, &d),
            _ => split_uniform::<2>(out, bytes, uniform, &d),
        }
    }
}

/// [`Level::pairs`]: the level's (m, m) pairs and the bytes of its (m, m_last) pair.
struct Pairs {
    uniform: usize,
    uniform_bytes: usize,
    last: Option<Range<usize>>,
}

/// Combines r\[2j\] and r\[2j + 1\] (the first below m0) into r\[j\], after writing
/// the combined value's low bytes (least significant first).
#[inline(always)]
fn combine_pair(r: &mut [i16], j: usize, bytes: &mut [u8], m0: u32) {
    let mut v = r[2 * j] as u32 + r[2 * j + 1] as u32 * m0;
    for b in bytes {
        *b = v as u8;
        v >>= 8;
    }
    r[j] = v as i16;
}

/// [`combine_pair`] for pairs 0..`pairs` of (m, m), `BYTES` bytes each, lowest
/// first (r\[j\] is written after r\[2j\] and r\[2j + 1\] are read).
fn combine_uniform<const BYTES: usize>(r: &mut [i16], s: &mut [u8], pairs: usize, m: u32) {
    for j in 0..pairs {
        combine_pair(r, j, &mut s[j * BYTES..][..BYTES], m);
    }
}

/// Splits value j into out\[2j\] (mod m0) and out\[2j + 1\] (mod m1), below the bytes
/// `Encode` emitted for the pair (least significant first).
#[inline(always)]
fn split_pair(out: &mut [i16], j: usize, bytes: &[u8], d0: &U14Divisor, d1: &U14Divisor) {
    let v = bytes
        .iter()
        .rev()
        .fold(out[j] as u32, |v, &b| (v << 8) | b as u32);
    let (r1, r0) = d0.divmod(v);
    out[2 * j] = r0 as i16;
    out[2 * j + 1] = d1.rem(r1) as i16;
}

/// [`split_pair`] for pairs 0..`pairs` of (m, m), `BYTES` bytes each, highest first.
fn split_uniform<const BYTES: usize>(out: &mut [i16], s: &[u8], pairs: usize, d: &U14Divisor) {
    for j in (0..pairs).rev() {
        split_pair(out, j, &s[j * BYTES..][..BYTES], d, d);
    }
}

/// `Decode(out, S, M, len)` with every M\[i\] = `m`: fills `out` (values in [0, m))
/// from the bytes `s`, which must hold at least [`encoded_len`] bytes. Any byte
/// string decodes (to values reduced as the reference reduces them). As for
/// [`encode`], m <= 2^14 keeps every value `out` holds below 2^14.
pub fn decode(out: &mut [i16], s: &[u8], m: u16) {
    debug_assert!(m <= 1 << 14);
    // Walk up the levels once to learn each level's moduli and byte offset.
    let mut levels = [Level::default(); MAX_LEVELS];
    let mut count = 0;
    let mut level = Level {
        len: out.len(),
        m: m as u32,
        m_last: m as u32,
        offset: 0,
    };
    loop {
        levels[count] = level;
        count += 1;
        if level.len == 1 {
            break;
        }
        level = level.parent();
    }
    // The top: one value.
    let (top, m_last) = (level.offset, level.m_last);
    out[0] = if m_last == 1 {
        0
    } else if m_last <= 256 {
        u32_mod_u14(s[top] as u32, m_last as u16) as i16
    } else {
        u32_mod_u14(s[top] as u32 + ((s[top + 1] as u32) << 8), m_last as u16) as i16
    };
    // Back down.
    for level in levels[..count - 1].iter().rev() {
        level.split(out, s);
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

    /// `Decode` as the round-3 spec writes it: recursive, over a list of moduli.
    fn spec_decode(s: &[u8], m: &[u32]) -> std::vec::Vec<u32> {
        match m.len() {
            0 => std::vec![],
            1 if m[0] == 1 => std::vec![0],
            1 if m[0] <= 256 => std::vec![s[0] as u32 % m[0]],
            1 => std::vec![(s[0] as u32 + 256 * s[1] as u32) % m[0]],
            _ => {
                let (mut k, mut bottom, mut m2) = (0, std::vec![], std::vec![]);
                for pair in m.chunks_exact(2) {
                    let (mut mm, mut r, mut t) = (pair[0] * pair[1], 0, 1);
                    while mm >= 16384 {
                        r += s[k] as u32 * t;
                        t *= 256;
                        k += 1;
                        mm = mm.div_ceil(256);
                    }
                    bottom.push((r, t));
                    m2.push(mm);
                }
                if m.len() % 2 == 1 {
                    m2.push(m[m.len() - 1]);
                }
                let r2 = spec_decode(&s[k..], &m2);
                let mut out = std::vec![];
                for (i, &(r, t)) in bottom.iter().enumerate() {
                    let r = r + t * r2[i];
                    out.push(r % m[2 * i]);
                    out.push((r / m[2 * i]) % m[2 * i + 1]);
                }
                if m.len() % 2 == 1 {
                    out.push(r2[r2.len() - 1]);
                }
                out
            }
        }
    }

    /// Lengths and moduli the encodings are checked on against the spec: the two of
    /// the KEMs, and short lists of every parity with small and large moduli.
    const SPEC_CASES: [(usize, u16); 6] = [
        (761, Q as u16),
        (761, ROUNDED_M),
        (2, 4591),
        (3, 1531),
        (7, 300),
        (10, 2),
    ];

    /// The spec's recursive `Encode`, transcribed.
    fn spec_encode(r: &[u32], m: &[u32]) -> std::vec::Vec<u8> {
        let mut s = std::vec![];
        if m.len() == 1 {
            let (mut r, mut m) = (r[0], m[0]);
            while m > 1 {
                s.push(r as u8);
                r >>= 8;
                m = m.div_ceil(256);
            }
            return s;
        }
        let (mut r2, mut m2) = (std::vec![], std::vec![]);
        for (r, m) in r.chunks_exact(2).zip(m.chunks_exact(2)) {
            let (mut rr, mut mm) = (r[0] + m[0] * r[1], m[0] * m[1]);
            while mm >= 16384 {
                s.push(rr as u8);
                rr >>= 8;
                mm = mm.div_ceil(256);
            }
            r2.push(rr);
            m2.push(mm);
        }
        if m.len() % 2 == 1 {
            r2.push(r[r.len() - 1]);
            m2.push(m[m.len() - 1]);
        }
        s.extend(spec_encode(&r2, &m2));
        s
    }

    #[test]
    fn encode_matches_the_spec() {
        let mut seed = 5u64;
        for &(len, m) in &SPEC_CASES {
            for round in 0..20 {
                let r: std::vec::Vec<u32> = (0..len)
                    .map(|_| match round {
                        0 => m as u32 - 1,
                        1 => 0,
                        _ => lcg(&mut seed) % m as u32,
                    })
                    .collect();
                let mut work: std::vec::Vec<i16> = r.iter().map(|&x| x as i16).collect();
                let mut out = std::vec![0u8; encoded_len(len, m as u32)];
                let written = encode(&mut out, &mut work, m);
                assert_eq!(written, out.len(), "len {len} m {m}");
                assert_eq!(
                    out,
                    spec_encode(&r, &std::vec![m as u32; len]),
                    "len {len} m {m}"
                );
            }
        }
    }

    /// Any bytes, well-formed or not, decode as the spec decodes them.
    #[test]
    fn decode_matches_the_spec_on_any_bytes() {
        let mut seed = 9u64;
        for &(len, m) in &SPEC_CASES {
            for round in 0..20 {
                let mut bytes = std::vec![0u8; encoded_len(len, m as u32)];
                for b in bytes.iter_mut() {
                    *b = if round == 0 {
                        0xff
                    } else {
                        lcg(&mut seed) as u8
                    };
                }
                let mut out = std::vec![0i16; len];
                decode(&mut out, &bytes, m);
                let want = spec_decode(&bytes, &std::vec![m as u32; len]);
                let got: std::vec::Vec<u32> = out.iter().map(|&x| x as u32).collect();
                assert_eq!(got, want, "len {len} m {m} round {round}");
            }
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
