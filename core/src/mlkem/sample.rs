//! SampleNTT (FIPS 203, Algorithm 7) and SamplePolyCBD (Algorithm 8) with the PRF
//! (SHAKE256, §4.1) that feeds it.

use super::field::Q;
use super::poly::Poly;
use super::N;
use crate::hash::{shake256_with, Shake128Reader, SHAKE128_RATE};
use crate::keccak::Keccak;
use zeroize::Zeroize;

/// The eight 12-bit candidates d1, d2 of SampleNTT's four 3-byte groups (Algorithm 7,
/// lines 6–7) in three little-endian words: consecutive 12-bit fields of the stream.
#[inline(always)]
fn candidates(w: &[u32]) -> [u16; 8] {
    let (w0, w1, w2) = (w[0], w[1], w[2]);
    [
        w0,
        w0 >> 12,
        (w0 >> 24) | (w1 << 8),
        w1 >> 4,
        w1 >> 16,
        (w1 >> 28) | (w2 << 4),
        w2 >> 8,
        w2 >> 20,
    ]
    .map(|d| (d & 0xfff) as u16)
}

/// The SHAKE128 stream of SampleNTT(rho || j || i) (Algorithm 7, lines 1–3), one
/// block of 42 little-endian words at a time, to `block(words)` until it returns
/// `false`. The seed is public: the rejections leak nothing.
#[inline(always)]
fn sample_ntt_blocks<K: Keccak>(
    rho: &[u8; 32],
    j: u8,
    i: u8,
    mut block: impl FnMut(&[u32]) -> bool,
) {
    Shake128Reader::<K>::with_pieces(&[rho, &[j, i]], |xof| {
        // The rate is a multiple of 12: whole blocks hold whole groups of three words.
        let mut words = [0u32; SHAKE128_RATE / 4];
        loop {
            xof.squeeze_words(&mut words);
            if !block(&words) {
                break;
            }
        }
    });
}

/// FIPS 203, Algorithm 7: SampleNTT(rho || j || i), each accepted coefficient handed to
/// `sink(index, value)` as it is sampled (value in [0, q)), so that an entry of A-hat
/// can be used without being held. The seed is public: the rejections leak nothing.
pub fn sample_ntt_coefficients<K: Keccak>(
    rho: &[u8; 32],
    j: u8,
    i: u8,
    mut sink: impl FnMut(usize, i16),
) {
    let mut ctr = 0;
    sample_ntt_blocks::<K>(rho, j, i, |words| {
        for g in words.chunks_exact(3) {
            for d in candidates(g) {
                if d < Q as u16 && ctr < N {
                    sink(ctr, d as i16);
                    ctr += 1;
                }
            }
        }
        ctr < N
    });
}

/// SampleNTT into a polynomial: A-hat\[i\]\[j\] = SampleNTT(rho || j || i). While eight
/// more coefficients fit, each candidate is written at the next position and the
/// position advances by its acceptance bit (no branch per candidate; a rejected
/// value is overwritten by the next accepted one).
pub fn sample_ntt<K: Keccak>(rho: &[u8; 32], j: u8, i: u8, a: &mut Poly) {
    let mut ctr = 0;
    sample_ntt_blocks::<K>(rho, j, i, |words| {
        for g in words.chunks_exact(3) {
            let c = candidates(g);
            if ctr + 8 <= N {
                for d in c {
                    a.coeffs[ctr] = d as i16;
                    ctr += (d < Q as u16) as usize;
                }
            } else {
                for d in c {
                    if d < Q as u16 && ctr < N {
                        a.coeffs[ctr] = d as i16;
                        ctr += 1;
                    }
                }
            }
        }
        ctr < N
    });
}

/// Bytes of PRF_eta for the largest eta (3).
const MAX_PRF_BYTES: usize = 64 * 3;

/// FIPS 203, Algorithm 8: SamplePolyCBD_eta(PRF_eta(s, b)), with PRF_eta(s, b) =
/// SHAKE256(s || b, 64·eta) (eq. 4.3); set into `f`, or added to it when `add`.
/// Each coefficient is the difference of two sums of eta bits: shifts and masks, no
/// branch or table. Out of line: its sponge takes stack only while it runs.
#[inline(never)]
pub fn sample_poly_cbd<K: Keccak>(eta: usize, s: &[u8; 32], b: u8, f: &mut Poly, add: bool) {
    // One spare byte so that every two-byte window is in range.
    let mut buf = [0u8; MAX_PRF_BYTES + 1];
    shake256_with::<K>(&[s, &[b]], &mut buf[..64 * eta]);
    if eta == 2 {
        // Eight coefficients per 32-bit word: each 2-bit field of t is the sum of a
        // pair of bits, x in the even fields and y in the odd ones.
        for (word, coeffs) in buf.chunks_exact(4).zip(f.coeffs.chunks_exact_mut(8)) {
            let w = u32::from_le_bytes([word[0], word[1], word[2], word[3]]);
            let t = (w & 0x5555_5555) + ((w >> 1) & 0x5555_5555);
            for (k, c) in coeffs.iter_mut().enumerate() {
                let v = ((t >> (4 * k)) & 3) as i16 - ((t >> (4 * k + 2)) & 3) as i16;
                *c = if add { *c + v } else { v };
            }
        }
        buf.zeroize();
        return;
    }
    for (i, c) in f.coeffs.iter_mut().enumerate() {
        let pos = 2 * eta * i;
        let w = (buf[pos / 8] as u32 | (buf[pos / 8 + 1] as u32) << 8) >> (pos % 8);
        let (mut x, mut y) = (0i16, 0i16);
        for k in 0..eta {
            x += ((w >> k) & 1) as i16;
            y += ((w >> (eta + k)) & 1) as i16;
        }
        *c = if add { *c + x - y } else { x - y };
    }
    buf.zeroize();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keccak::{DefaultKeccak, Interleaved32, Sha3Crate};
    use sha3::digest::{ExtendableOutput, Update, XofReader};

    #[test]
    fn sample_ntt_is_rejection_sampling_of_shake128() {
        let rho: [u8; 32] = core::array::from_fn(|i| i as u8 * 3);
        let mut reader = sha3::Shake128::default()
            .chain(rho)
            .chain([2u8, 1])
            .finalize_xof();
        let mut want = std::vec::Vec::new();
        while want.len() < N {
            let mut c = [0u8; 3];
            reader.read(&mut c);
            let d1 = c[0] as u16 + 256 * (c[1] as u16 % 16);
            let d2 = c[1] as u16 / 16 + 16 * c[2] as u16;
            if d1 < 3329 {
                want.push(d1 as i16);
            }
            if d2 < 3329 && want.len() < N {
                want.push(d2 as i16);
            }
        }
        let mut a = Poly::default();
        sample_ntt::<Sha3Crate>(&rho, 2, 1, &mut a);
        assert_eq!(&a.coeffs[..], &want[..]);
        let mut b = Poly::default();
        sample_ntt::<Interleaved32>(&rho, 2, 1, &mut b);
        assert_eq!(a.coeffs, b.coeffs);
        // The streamed form hands out the same coefficients, in order.
        for (j, i) in [(0u8, 0u8), (2, 1), (3, 3), (1, 2)] {
            sample_ntt::<DefaultKeccak>(&rho, j, i, &mut a);
            let mut next = 0;
            sample_ntt_coefficients::<DefaultKeccak>(&rho, j, i, |k, v| {
                assert_eq!((k, v), (next, a.coeffs[k]));
                next += 1;
            });
            assert_eq!(next, N);
        }
    }

    #[test]
    fn cbd_follows_the_bits() {
        let s = [9u8; 32];
        for eta in [2usize, 3] {
            let mut bytes = [0u8; 192];
            let mut r = sha3::Shake256::default()
                .chain(s)
                .chain([4u8])
                .finalize_xof();
            r.read(&mut bytes[..64 * eta]);
            let bit = |k: usize| ((bytes[k / 8] >> (k % 8)) & 1) as i16;
            let mut f = Poly::default();
            sample_poly_cbd::<DefaultKeccak>(eta, &s, 4, &mut f, false);
            for i in 0..N {
                let x: i16 = (0..eta).map(|k| bit(2 * i * eta + k)).sum();
                let y: i16 = (0..eta).map(|k| bit(2 * i * eta + eta + k)).sum();
                assert_eq!(f.coeffs[i], x - y);
            }
            let mut g = f.clone();
            sample_poly_cbd::<DefaultKeccak>(eta, &s, 4, &mut g, true);
            for i in 0..N {
                assert_eq!(g.coeffs[i], 2 * f.coeffs[i]);
            }
        }
    }
}
