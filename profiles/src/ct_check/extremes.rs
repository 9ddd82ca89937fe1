//! Extreme keys for the constant-time check: secret keys whose secret coefficients all
//! sit at a bound of their range (or are all zero), encoded directly in each format, so
//! that a branch or an address that depends on a coefficient's sign, size or
//! carry is exercised at its limits and not only by the random keys. Which extremes
//! each family gets is in docs/constant-time.md.
//!
//! - ML-DSA: skEncode (FIPS 204, Algorithm 24) with s1 and s2 all at +eta, all at
//!   -eta, or all zero, and t0 at its bounds 2^12 and -(2^12 - 1) (or zero). Signing
//!   does not need the public key to match, so rho, K and tr stay a real key's.
//! - ML-KEM: the decapsulation key dk = ByteEncode12(NTT(s)) || ek || H(ek) || z
//!   (FIPS 203, Algorithm 16) with every coefficient of s at +eta1, at -eta1, or zero;
//!   ek, H(ek) and z are a real key's, so the key passes the hash check of FIPS 203's
//!   input checking (7.3), as decapsulation requires.
//! - NTRU Prime: the Small-encoded secrets (sntrup761's f and 1/g in R/3,
//!   ntrulpr761's a) with w coefficients at +1, at -1, or none; the rest of the key
//!   (public key, rho, the public key's hash) is a real key's.
//! - CROSS: none. Its secret key is a seed from which e and the other secrets are
//!   expanded, so no key can put them at chosen values.

/// `n` fields of `bits` bits, all holding `value`, packed little-endian (FIPS 204's
/// SimpleBitPack and BitPack of a constant polynomial).
pub fn pack_constant(value: u32, bits: usize, n: usize) -> Vec<u8> {
    let mut out = vec![0u8; (n * bits).div_ceil(8)];
    for i in 0..n {
        for b in 0..bits {
            if value >> b & 1 == 1 {
                let at = i * bits + b;
                out[at / 8] |= 1 << (at % 8);
            }
        }
    }
    out
}

/// The layout of an ML-DSA signing key.
#[derive(Clone, Copy, Debug)]
pub struct MlDsaLayout {
    /// eta.
    pub eta: i32,
    /// Bits per s1/s2 coefficient.
    pub eta_bits: usize,
    /// l (polynomials in s1).
    pub l: usize,
    /// k (polynomials in s2 and t0).
    pub k: usize,
    /// Offset of s1 in the key (after rho, K and tr).
    pub s1_offset: usize,
    /// Key bytes.
    pub sk_bytes: usize,
}

/// t0's bounds: a coefficient lies in (-2^12, 2^12] (FIPS 204, Power2Round with d = 13).
const T0_MAX: i32 = 1 << 12;

/// The ML-DSA extreme keys, made from the real key `sk`.
pub fn mldsa(layout: MlDsaLayout, sk: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
    assert_eq!(sk.len(), layout.sk_bytes, "an ML-DSA signing key");
    let key = |s: i32, t0: i32| {
        // skEncode stores eta - s in eta_bits bits and 2^12 - t0 in 13 bits.
        let s_poly = pack_constant((layout.eta - s) as u32, layout.eta_bits, 256);
        let t0_poly = pack_constant((T0_MAX - t0) as u32, 13, 256);
        let mut out = sk[..layout.s1_offset].to_vec();
        for _ in 0..layout.l + layout.k {
            out.extend_from_slice(&s_poly);
        }
        for _ in 0..layout.k {
            out.extend_from_slice(&t0_poly);
        }
        debug_assert_eq!(out.len(), layout.sk_bytes);
        out
    };
    vec![
        ("s1 = s2 = +eta, t0 = +2^12", key(layout.eta, T0_MAX)),
        (
            "s1 = s2 = -eta, t0 = -(2^12 - 1)",
            key(-layout.eta, 1 - T0_MAX),
        ),
        ("s1 = s2 = t0 = 0", key(0, 0)),
    ]
}

/// ML-KEM's modulus.
const Q: i64 = 3329;

/// `BitRev7`.
fn bitrev7(i: usize) -> usize {
    (0..7).fold(0, |r, b| r | ((i >> b) & 1) << (6 - b))
}

fn pow_mod(mut b: i64, mut e: usize) -> i64 {
    let mut r = 1;
    b = b.rem_euclid(Q);
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % Q;
        }
        b = b * b % Q;
        e >>= 1;
    }
    r
}

/// NTT(f) (FIPS 203, (4.9)) by its definition: the pair 2i, 2i+1 of the result is f
/// modulo X^2 - zeta^(2 BitRev7(i) + 1), zeta = 17, with coefficients in [0, q).
pub fn mlkem_ntt_by_definition(f: &[i64; 256]) -> [i64; 256] {
    let mut out = [0i64; 256];
    for i in 0..128 {
        let gamma = pow_mod(17, 2 * bitrev7(i) + 1);
        let (mut even, mut odd, mut g) = (0i64, 0i64, 1i64);
        for j in 0..128 {
            even = (even + f[2 * j] * g).rem_euclid(Q);
            odd = (odd + f[2 * j + 1] * g).rem_euclid(Q);
            g = g * gamma % Q;
        }
        out[2 * i] = even;
        out[2 * i + 1] = odd;
    }
    out
}

/// ByteEncode12 of 256 coefficients in [0, q).
fn byte_encode12(f: &[i64; 256]) -> Vec<u8> {
    let mut out = Vec::with_capacity(384);
    for pair in f.chunks(2) {
        let (a, b) = (pair[0] as u32, pair[1] as u32);
        out.extend_from_slice(&[a as u8, (a >> 8 | b << 4) as u8, (b >> 4) as u8]);
    }
    out
}

/// The ML-KEM extreme decapsulation keys (k polynomials, CBD parameter `eta1`), made
/// from the real key `dk`.
pub fn mlkem(k: usize, eta1: i64, dk: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
    let pke = 384 * k;
    assert_eq!(
        dk.len(),
        2 * pke + 32 + 32 + 32,
        "an ML-KEM decapsulation key"
    );
    let key = |c: i64| {
        let s_hat = mlkem_ntt_by_definition(&[c; 256]);
        let poly = byte_encode12(&s_hat);
        let mut out: Vec<u8> = poly.iter().copied().cycle().take(pke).collect();
        out.extend_from_slice(&dk[pke..]);
        out
    };
    vec![
        ("s = +eta1", key(eta1)),
        ("s = -eta1", key(-eta1)),
        ("s = 0", key(0)),
    ]
}

/// NTRU Prime's p and w (sntrup761, ntrulpr761).
const P: usize = 761;
const W: usize = 286;
/// Small_encode's bytes.
const SMALL_BYTES: usize = P.div_ceil(4);

/// Small_encode of `f`.
fn small_encode(f: &[i8; P]) -> Vec<u8> {
    f.chunks(4)
        .map(|c| {
            c.iter()
                .enumerate()
                .fold(0u8, |x, (k, &v)| x | ((v + 1) as u8) << (2 * k))
        })
        .collect()
}

/// A small polynomial with its first `weight` coefficients at `value`.
fn small(value: i8, weight: usize) -> [i8; P] {
    let mut f = [0i8; P];
    f[..weight].fill(value);
    f
}

/// The NTRU Prime extreme secret keys, made from the real key `sk`: `small_secrets`
/// Small-encoded polynomials open it (2 for sntrup761: f and 1/g; 1 for ntrulpr761:
/// a); the first is a weight-w secret, the others are any small polynomials.
pub fn ntruprime(small_secrets: usize, sk: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
    let key = |value: i8, weight: usize| {
        let mut out = small_encode(&small(value, weight));
        for _ in 1..small_secrets {
            out.extend_from_slice(&small_encode(&small(value, if value == 0 { 0 } else { P })));
        }
        out.extend_from_slice(&sk[small_secrets * SMALL_BYTES..]);
        out
    };
    vec![
        (
            "w secret coefficients at +1, the rest of the small secrets +1",
            key(1, W),
        ),
        (
            "w secret coefficients at -1, the rest of the small secrets -1",
            key(-1, W),
        ),
        ("small secrets 0", key(0, 0)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_pack_little_endian() {
        assert_eq!(pack_constant(0b100, 3, 8), vec![0x24, 0x49, 0x92]);
        assert_eq!(pack_constant(8, 4, 4), vec![0x88, 0x88]);
        assert_eq!(pack_constant(0x1fff, 13, 8), vec![0xff; 13]);
    }

    #[test]
    fn the_ntt_of_one_is_one_in_every_pair() {
        let mut one = [0i64; 256];
        one[0] = 1;
        let n = mlkem_ntt_by_definition(&one);
        for i in 0..128 {
            assert_eq!((n[2 * i], n[2 * i + 1]), (1, 0));
        }
        // X maps to (0, 1) in every pair.
        let mut x = [0i64; 256];
        x[1] = 1;
        let n = mlkem_ntt_by_definition(&x);
        assert!((0..128).all(|i| (n[2 * i], n[2 * i + 1]) == (0, 1)));
        // X^2 maps to (zeta^(2 BitRev7(i) + 1), 0): with linearity, the definition.
        let mut x2 = [0i64; 256];
        x2[2] = 1;
        let n = mlkem_ntt_by_definition(&x2);
        assert_eq!((n[0], n[1]), (17, 0));
        assert_eq!((n[2], n[3]), (pow_mod(17, 129), 0));
        assert_eq!(bitrev7(1), 64);
        assert_eq!(
            pow_mod(17, 128),
            3328,
            "17 is a primitive 256th root of unity"
        );
        assert_eq!(pow_mod(17, 256), 1);
    }

    #[test]
    fn small_encoding_round_trips_the_bounds() {
        let e = small_encode(&small(-1, W));
        assert_eq!(e.len(), SMALL_BYTES);
        assert_eq!(e[0], 0, "four coefficients -1");
        assert_eq!(e[W / 4 + 1], 0x55, "zeros past the weight");
        let e = small_encode(&small(1, P));
        assert_eq!(e[..190], [0xaa; 190]);
        assert_eq!(e[190], 2, "the 761st coefficient alone in the last byte");
    }
}
