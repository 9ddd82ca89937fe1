//! FIPS 204, Sections 7.1 and 7.2: bit packing of polynomials (Algorithms 16-21)
//! and the encodings of keys and signatures (Algorithms 22-28).
//!
//! The key and signature encodings are laid out as fixed offsets (see
//! [`ParameterSet`]); each is written and read one polynomial at a time so that a
//! strategy can decode exactly the polynomial it needs from the packed bytes.

use super::params::{
    MlDsa44, MlDsa65, MlDsa87, ParameterSet, D, N, POLY_T0_BYTES, POLY_T1_BYTES, SEED_BYTES,
};
use super::poly::Poly;
use crate::ct;
use crate::encoding::Encoding;
use typenum::U;
use zeroize::Zeroize;

/// Packs 256 values of `bits` bits each, little-endian bit order (the order of
/// FIPS 204's BitsToBytes). `value(i)` must be below 2^bits (`bits` <= 24).
///
/// Eight values fill exactly `bits` bytes, so the work is done in groups of eight:
/// with `bits` a constant (every caller inlines it), the shifts and byte offsets of a
/// group are constants and no index is checked at run time.
#[inline(always)]
fn pack_bits(bits: usize, out: &mut [u8], value: impl FnMut(usize) -> u32) {
    debug_assert_eq!(out.len(), 32 * bits);
    pack_bits_n(bits, N, out, value);
}

/// [`pack_bits`] of the first `count` values (a multiple of eight) into
/// `count / 8 * bits` bytes.
#[inline(always)]
fn pack_bits_n(bits: usize, count: usize, out: &mut [u8], mut value: impl FnMut(usize) -> u32) {
    debug_assert!(bits <= 24 && count.is_multiple_of(8));
    for (g, o) in out[..count / 8 * bits].chunks_exact_mut(bits).enumerate() {
        // At most 7 + bits <= 31 bits are pending.
        let mut acc: u32 = 0;
        let mut filled = 0;
        let mut k = 0;
        for j in 0..8 {
            acc |= value(8 * g + j) << filled;
            filled += bits;
            while filled >= 8 {
                o[k] = acc as u8;
                acc >>= 8;
                filled -= 8;
                k += 1;
            }
        }
    }
}

/// Unpacks 256 values of `bits` bits each and hands them to `store(i, v)`.
#[inline(always)]
fn unpack_bits(bits: usize, input: &[u8], store: impl FnMut(usize, u32)) {
    debug_assert_eq!(input.len(), 32 * bits);
    unpack_bits_n(bits, N, input, store);
}

/// Unpacks `count` values of `bits` bits each (`bits` <= 24) from `input`
/// (`count * bits / 8` bytes; missing bytes read as zero). Groups of eight values
/// (`bits` bytes) as in [`pack_bits`], then any remainder value by value.
#[inline(always)]
fn unpack_bits_n(bits: usize, count: usize, input: &[u8], mut store: impl FnMut(usize, u32)) {
    debug_assert!(bits <= 24);
    let mask = (1u32 << bits) - 1;
    // No division of `input.len()` by `bits` (a loop bound that depends on the input
    // length would bring one): on the Cortex-M3 a division by a constant becomes a
    // long multiply, which the secret-data check forbids in this module.
    // The group loop runs only when the input holds every group (a short input takes
    // the value-by-value loop from the start).
    let whole = count / 8 * bits;
    if input.len() < whole {
        // A short input: value by value, missing bytes read as zero.
        unpack_bits_tail(bits, 0, count, input, &mut store);
        return;
    }
    // A slice of constant length where this is inlined (bits and count are constants),
    // so that the chunk count and every index below are constants too.
    for (g, chunk) in input[..whole].chunks_exact(bits).enumerate() {
        // At most bits + 7 <= 31 bits are pending.
        let mut acc: u32 = 0;
        let mut filled = 0;
        let mut k = 0;
        for j in 0..8 {
            while filled < bits {
                acc |= (chunk[k] as u32) << filled;
                filled += 8;
                k += 1;
            }
            store(8 * g + j, acc & mask);
            acc >>= bits;
            filled -= bits;
        }
    }
    if !count.is_multiple_of(8) {
        unpack_bits_tail(bits, count / 8 * 8, count, &input[whole..], &mut store);
    }
}

/// Values `from..count` of [`unpack_bits_n`] one at a time from `input` (which starts at
/// value `from`), missing bytes read as zero. Kept out of line: inlined next to the
/// group loop, LLVM derives a division by `bits` (a long multiply on the Cortex-M3)
/// from the input length.
#[inline(never)]
fn unpack_bits_tail(
    bits: usize,
    from: usize,
    count: usize,
    input: &[u8],
    store: &mut impl FnMut(usize, u32),
) {
    let mask = (1u64 << bits) - 1;
    let mut acc: u64 = 0;
    let mut filled = 0;
    let mut bytes = input.iter();
    for i in from..count {
        while filled < bits {
            acc |= (*bytes.next().unwrap_or(&0) as u64) << filled;
            filled += 8;
        }
        store(i, (acc & mask) as u32);
        acc >>= bits;
        filled -= bits;
    }
}

/// FIPS 204, Algorithm 16: SimpleBitPack(w, b) for coefficients in [0, 2^bits).
#[inline(always)]
pub fn simple_bit_pack(a: &Poly, bits: usize, out: &mut [u8]) {
    pack_bits(bits, out, |i| a.coeffs[i] as u32);
}

/// SimpleBitPack (Algorithm 16) of the coefficients `value(0..256)`, each in
/// [0, 2^bits), computed as they are packed: no polynomial needs to hold them.
#[inline(always)]
pub fn simple_bit_pack_with(bits: usize, out: &mut [u8], mut value: impl FnMut(usize) -> i32) {
    pack_bits(bits, out, |i| value(i) as u32);
}

/// SimpleBitPack of a piece of a polynomial: the `count` coefficients `value(0..count)`
/// (a multiple of eight) into `count / 8 * bits` bytes. Pieces packed one after another
/// give the polynomial's encoding, so a caller can hash it without holding it all.
#[inline(always)]
pub fn simple_bit_pack_piece_with(
    bits: usize,
    count: usize,
    out: &mut [u8],
    mut value: impl FnMut(usize) -> i32,
) {
    pack_bits_n(bits, count, out, |i| value(i) as u32);
}

/// FIPS 204, Algorithm 18: SimpleBitUnpack(v, b).
#[inline(always)]
pub fn simple_bit_unpack(input: &[u8], bits: usize, a: &mut Poly) {
    unpack_bits(bits, input, |i, v| a.coeffs[i] = v as i32);
}

/// FIPS 204, Algorithm 17: BitPack(w, a, b) for coefficients in [-a, b], stored as
/// b - w in `bits` bits.
#[inline(always)]
pub fn bit_pack(w: &Poly, b: i32, bits: usize, out: &mut [u8]) {
    pack_bits(bits, out, |i| (b - w.coeffs[i]) as u32);
}

/// FIPS 204, Algorithm 19: BitUnpack(v, a, b): coefficients b - u for the packed u.
#[inline(always)]
pub fn bit_unpack(input: &[u8], b: i32, bits: usize, w: &mut Poly) {
    unpack_bits(bits, input, |i, u| w.coeffs[i] = b - u as i32);
}

/// Packs t1 (10 bits per coefficient) as in pkEncode.
pub fn pack_t1(t1: &Poly, out: &mut [u8]) {
    simple_bit_pack(t1, 10, out);
}

/// Unpacks t1 as in pkDecode.
pub fn unpack_t1(input: &[u8], t1: &mut Poly) {
    simple_bit_unpack(input, 10, t1);
}

/// Packs t0 in (-2^12, 2^12] as in skEncode.
pub fn pack_t0(t0: &Poly, out: &mut [u8]) {
    pack_t0_with(out, |i| t0.coeffs[i]);
}

/// Packs the t0 coefficients `value(0..256)` as in skEncode, computed as they are packed.
#[inline(always)]
pub fn pack_t0_with(out: &mut [u8], mut value: impl FnMut(usize) -> i32) {
    pack_bits(D as usize, out, |i| ((1 << (D - 1)) - value(i)) as u32);
}

/// Coefficient `k` of a packed t1 polynomial (10 bits at bit offset 10 k), read
/// without unpacking the rest. For public data: the address depends on `k`.
pub fn t1_coefficient(input: &[u8], k: usize) -> i32 {
    let bit = 10 * k;
    let lo = input[bit / 8] as u32;
    let hi = input[bit / 8 + 1] as u32;
    (((hi << 8 | lo) >> (bit % 8)) & 0x3ff) as i32
}

/// Unpacks t0 as in skDecode.
pub fn unpack_t0(input: &[u8], t0: &mut Poly) {
    bit_unpack(input, 1 << (D - 1), D as usize, t0);
}

/// Packs s1 or s2 with coefficients in [-eta, eta] as in skEncode.
pub fn pack_eta<P: ParameterSet>(s: &Poly, out: &mut [u8]) {
    bit_pack(s, P::ETA, P::ETA_BITS, out);
}

/// Unpacks s1 or s2 as in skDecode. Returns `false` (in constant time, after
/// decoding everything) when a packed value is above 2 eta, i.e. the coefficient
/// is outside [-eta, eta]: such a key is malformed.
pub fn unpack_eta<P: ParameterSet>(input: &[u8], s: &mut Poly) -> bool {
    let mut bad = 0u32;
    unpack_bits(P::ETA_BITS, input, |i, u| {
        bad |= ct::lt_bit_u32(2 * P::ETA as u32, u);
        s.coeffs[i] = P::ETA - u as i32;
    });
    bad == 0
}

/// Packs z with coefficients in (-gamma1, gamma1] as in sigEncode.
pub fn bit_pack_gamma1<P: ParameterSet>(z: &Poly, out: &mut [u8]) {
    bit_pack(z, P::GAMMA1, P::GAMMA1_BITS, out);
}

/// Unpacks z (or an ExpandMask output) as in sigDecode: coefficients in
/// [gamma1 - 2^bits + 1, gamma1]. The z bound is checked by verification.
pub fn bit_unpack_gamma1<P: ParameterSet>(input: &[u8], z: &mut Poly) {
    bit_unpack(input, P::GAMMA1, P::GAMMA1_BITS, z);
}

/// Unpacks `z.len()` consecutive z coefficients (a multiple of 8) from their packed
/// bytes, as [`bit_unpack_gamma1`] does for a whole polynomial.
pub fn bit_unpack_gamma1_part<P: ParameterSet>(input: &[u8], z: &mut [i32]) {
    unpack_bits_n(P::GAMMA1_BITS, z.len(), input, |i, u| {
        z[i] = P::GAMMA1 - u as i32
    });
}

/// Packs one polynomial of w1 (coefficients in [0, (q-1)/(2 gamma2))) as w1Encode does.
pub fn pack_w1<P: ParameterSet>(w1: &Poly, out: &mut [u8]) {
    simple_bit_pack(w1, P::W1_BITS, out);
}

/// Byte range of polynomial `i` of s1 in the secret key.
pub fn sk_s1_range<P: ParameterSet>(i: usize) -> core::ops::Range<usize> {
    let start = P::SK_S1_OFFSET + i * P::POLY_ETA_BYTES;
    start..start + P::POLY_ETA_BYTES
}

/// Byte range of polynomial `i` of s2 in the secret key.
pub fn sk_s2_range<P: ParameterSet>(i: usize) -> core::ops::Range<usize> {
    let start = P::SK_S2_OFFSET + i * P::POLY_ETA_BYTES;
    start..start + P::POLY_ETA_BYTES
}

/// Whether every s1 and s2 coefficient of an encoded secret key lies in
/// [-eta, eta], decided after decoding all of them (constant time; the decoded
/// values are wiped).
pub fn secret_key_is_well_formed<P: ParameterSet>(sk: &[u8]) -> bool {
    let mut tmp = Poly::zero();
    let mut ok = true;
    for j in 0..P::L {
        ok &= unpack_eta::<P>(&sk[sk_s1_range::<P>(j)], &mut tmp);
    }
    for i in 0..P::K {
        ok &= unpack_eta::<P>(&sk[sk_s2_range::<P>(i)], &mut tmp);
    }
    tmp.zeroize();
    ok
}

/// Byte range of polynomial `i` of t0 in the secret key.
pub fn sk_t0_range<P: ParameterSet>(i: usize) -> core::ops::Range<usize> {
    let start = P::SK_T0_OFFSET + i * POLY_T0_BYTES;
    start..start + POLY_T0_BYTES
}

/// Byte range of polynomial `i` of t1 in the public key.
pub fn pk_t1_range(i: usize) -> core::ops::Range<usize> {
    let start = SEED_BYTES + i * POLY_T1_BYTES;
    start..start + POLY_T1_BYTES
}

/// Byte range of polynomial `i` of z in the signature.
pub fn sig_z_range<P: ParameterSet>(i: usize) -> core::ops::Range<usize> {
    let start = P::SIG_Z_OFFSET + i * P::POLY_Z_BYTES;
    start..start + P::POLY_Z_BYTES
}

/// The seeds at the head of a secret key (FIPS 204, Algorithm 25: skDecode).
pub struct SkSeeds<'a> {
    /// rho, the seed of A.
    pub rho: &'a [u8; 32],
    /// K, the signing seed.
    pub key: &'a [u8; 32],
    /// tr = H(pk).
    pub tr: &'a [u8; 64],
}

/// FIPS 204, Algorithm 25: skDecode, the fixed-size head (rho, K, tr); the
/// polynomials are decoded one at a time with [`sk_s1_range`], [`sk_s2_range`],
/// [`sk_t0_range`]. `sk` must be `SK_BYTES` long.
pub fn sk_seeds(sk: &[u8]) -> SkSeeds<'_> {
    let (rho, rest) = sk.split_first_chunk::<32>().expect("sk holds rho");
    let (key, rest) = rest.split_first_chunk::<32>().expect("sk holds K");
    let (tr, _) = rest.split_first_chunk::<64>().expect("sk holds tr");
    SkSeeds { rho, key, tr }
}

/// FIPS 204, Algorithm 20: HintBitPack, from the hint as a bit mask (bit j of row i
/// at `mask[32 i + j / 8] >> (j % 8)`) into the `OMEGA + K` bytes of `out`. The
/// caller checks first that at most omega bits are set; the hint is public by then.
pub fn hint_bit_pack<P: ParameterSet>(mask: &[u8], out: &mut [u8]) {
    out.fill(0);
    let (positions, ends) = out.split_at_mut(P::OMEGA);
    let mut count = 0;
    for (i, end) in ends.iter_mut().enumerate() {
        for j in 0..N {
            if (mask[i * N / 8 + j / 8] >> (j % 8)) & 1 == 1 {
                positions[count] = j as u8;
                count += 1;
            }
        }
        *end = count as u8;
    }
}

/// FIPS 204, Algorithm 21: HintBitUnpack, as a validation of the whole hint field
/// (`OMEGA + K` bytes): the counts are non-decreasing and at most omega, the positions
/// of each row strictly increasing, and the unused positions zero. Returns `false`
/// where the standard returns ⊥.
pub fn hint_is_well_formed<P: ParameterSet>(hint: &[u8]) -> bool {
    if hint.len() != P::OMEGA + P::K {
        return false;
    }
    let (positions, ends) = hint.split_at(P::OMEGA);
    let mut index = 0usize;
    for &end in ends {
        let end = end as usize;
        if end < index || end > P::OMEGA {
            return false;
        }
        let first = index;
        while index < end {
            if index > first && positions[index - 1] >= positions[index] {
                return false;
            }
            index += 1;
        }
    }
    positions[index..].iter().all(|&b| b == 0)
}

/// FIPS 204, Algorithm 21: HintBitUnpack for row `i` of a hint field already checked
/// by [`hint_is_well_formed`]: the range of `hint` holding the (strictly increasing)
/// positions of the ones of h\[i\].
pub fn hint_row_bounds<P: ParameterSet>(hint: &[u8], i: usize) -> (usize, usize) {
    let ends = &hint[P::OMEGA..];
    let start = if i == 0 { 0 } else { ends[i - 1] as usize };
    (start, ends[i] as usize)
}

/// A typenum number above 1024 (typenum's const-generic range) as 1000 * hi + lo.
macro_rules! big {
    ($n:literal) => {
        typenum::Sum<typenum::Prod<U<{ $n / 1000 }>, typenum::U1000>, U<{ $n % 1000 }>>
    };
}

/// A parameter set's encodings: its name, its key and signature sizes as types, and
/// the checks the decoders above make of them. Here rather than in `params`, so that
/// the encodings build on the parameters and not the other way round.
macro_rules! encoding {
    ($name:ident, $label:expr, pk: $pk:literal, sk: $sk:literal, sig: $sig:literal) => {
        impl Encoding for $name {
            const NAME: &'static str = $label;
            type PkLen = big!($pk);
            type SkLen = big!($sk);
            type SigLen = big!($sig);

            /// Every s1 and s2 coefficient in [-eta, eta] (the range skDecode assumes).
            fn signing_key_is_well_formed(sk: &[u8]) -> bool {
                secret_key_is_well_formed::<Self>(sk)
            }

            /// Every bit string is a pkEncode output (t1 has 10-bit coefficients).
            fn verifying_key_is_well_formed(_pk: &[u8]) -> bool {
                true
            }

            /// The hint is well formed (FIPS 204, Algorithm 21); the z bound is
            /// verification's.
            fn signature_is_well_formed(sig: &[u8]) -> bool {
                hint_is_well_formed::<Self>(&sig[Self::SIG_H_OFFSET..])
            }
        }
    };
}

encoding!(MlDsa44, "ML-DSA-44", pk: 1312, sk: 2560, sig: 2420);
encoding!(MlDsa65, "ML-DSA-65", pk: 1952, sk: 4032, sig: 3309);
encoding!(MlDsa87, "ML-DSA-87", pk: 2592, sk: 4896, sig: 4627);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mldsa::params::{MlDsa44, MlDsa65, MlDsa87, Q};
    use crate::mldsa::test_rng::lcg;

    fn random_poly(seed: &mut u64, lo: i32, hi: i32) -> Poly {
        let mut p = Poly::zero();
        for c in p.coeffs.iter_mut() {
            *c = lo + (lcg(seed) % (hi - lo + 1) as u32) as i32;
        }
        p
    }

    #[test]
    fn bit_packing_round_trips() {
        let mut seed = 1;
        let mut buf = [0u8; 32 * 20];
        let mut back = Poly::zero();
        for bits in [3usize, 4, 6, 10, 13, 18, 20] {
            let a = random_poly(&mut seed, 0, (1 << bits) - 1);
            simple_bit_pack(&a, bits, &mut buf[..32 * bits]);
            simple_bit_unpack(&buf[..32 * bits], bits, &mut back);
            assert_eq!(a.coeffs, back.coeffs, "bits = {bits}");
        }
        // Bit order: the first coefficient sits in the lowest bits of the first byte.
        let mut one = Poly::zero();
        one.coeffs[0] = 1;
        one.coeffs[1] = 1;
        simple_bit_pack(&one, 10, &mut buf[..320]);
        assert_eq!(&buf[..3], &[1, 4, 0]);
    }

    fn eta_and_z<P: ParameterSet>() {
        let mut seed = 2;
        let mut buf = [0u8; 32 * 20];
        let mut back = Poly::zero();
        let s = random_poly(&mut seed, -P::ETA, P::ETA);
        pack_eta::<P>(&s, &mut buf[..P::POLY_ETA_BYTES]);
        assert!(unpack_eta::<P>(&buf[..P::POLY_ETA_BYTES], &mut back));
        assert_eq!(s.coeffs, back.coeffs);
        // A packed value of 2 eta + 1 is out of range.
        buf[P::POLY_ETA_BYTES - 1] |= 0xf0;
        assert!(!unpack_eta::<P>(&buf[..P::POLY_ETA_BYTES], &mut back));
        let z = random_poly(&mut seed, -P::GAMMA1 + 1, P::GAMMA1);
        bit_pack_gamma1::<P>(&z, &mut buf[..P::POLY_Z_BYTES]);
        bit_unpack_gamma1::<P>(&buf[..P::POLY_Z_BYTES], &mut back);
        assert_eq!(z.coeffs, back.coeffs);
        let t0 = random_poly(&mut seed, -(1 << 12) + 1, 1 << 12);
        pack_t0(&t0, &mut buf[..POLY_T0_BYTES]);
        unpack_t0(&buf[..POLY_T0_BYTES], &mut back);
        assert_eq!(t0.coeffs, back.coeffs);
        let w1 = random_poly(&mut seed, 0, (Q - 1) / (2 * P::GAMMA2) - 1);
        pack_w1::<P>(&w1, &mut buf[..P::POLY_W1_BYTES]);
        simple_bit_unpack(&buf[..P::POLY_W1_BYTES], P::W1_BITS, &mut back);
        assert_eq!(w1.coeffs, back.coeffs);
    }

    #[test]
    fn eta_z_t0_w1_round_trip() {
        eta_and_z::<MlDsa44>();
        eta_and_z::<MlDsa65>();
        eta_and_z::<MlDsa87>();
    }

    #[test]
    fn partial_unpack_matches_whole() {
        fn check<P: ParameterSet>() {
            let mut seed = 4;
            let z = random_poly(&mut seed, -P::GAMMA1 + 1, P::GAMMA1);
            let mut buf = [0u8; 32 * 20];
            bit_pack_gamma1::<P>(&z, &mut buf[..P::POLY_Z_BYTES]);
            // Counts that are not multiples of 8 take the value-by-value tail.
            for count in [1usize, 7, 8, 13, 64, 77] {
                let mut part = [0i32; 80];
                bit_unpack_gamma1_part::<P>(
                    &buf[..count * P::GAMMA1_BITS / 8 + 3],
                    &mut part[..count],
                );
                assert_eq!(&part[..count], &z.coeffs[..count], "count {count}");
            }
        }
        check::<MlDsa44>();
        check::<MlDsa65>();
    }

    #[test]
    fn t1_coefficients_read_in_place() {
        let mut seed = 3;
        let t1 = random_poly(&mut seed, 0, 1023);
        let mut buf = [0u8; POLY_T1_BYTES];
        pack_t1(&t1, &mut buf);
        for k in 0..N {
            assert_eq!(t1_coefficient(&buf, k), t1.coeffs[k], "k = {k}");
        }
    }

    #[test]
    fn hint_encoding_rules() {
        type P = MlDsa44;
        let mut field = [0u8; 84];
        // Row 0: positions 3, 9; row 1: none; row 2: 0; row 3: 255.
        let rows: [&[u8]; 4] = [&[3, 9], &[], &[0], &[255]];
        let mut mask = [0u8; 4 * 32];
        for (i, r) in rows.iter().enumerate() {
            for &p in *r {
                mask[i * 32 + p as usize / 8] |= 1 << (p % 8);
            }
        }
        hint_bit_pack::<P>(&mask, &mut field);
        assert_eq!(&field[..4], &[3, 9, 0, 255]);
        assert_eq!(&field[P::OMEGA..], &[2, 2, 3, 4]);
        assert!(hint_is_well_formed::<P>(&field));
        assert_eq!(hint_row_bounds::<P>(&field, 0), (0, 2));
        assert_eq!(hint_row_bounds::<P>(&field, 1), (2, 2));
        assert_eq!(hint_row_bounds::<P>(&field, 3), (3, 4));

        let mut bad = field;
        bad[1] = 3; // not strictly increasing within row 0
        assert!(!hint_is_well_formed::<P>(&bad));
        let mut bad = field;
        bad[10] = 1; // a non-zero unused position
        assert!(!hint_is_well_formed::<P>(&bad));
        let mut bad = field;
        bad[P::OMEGA + 1] = 1; // count decreasing
        assert!(!hint_is_well_formed::<P>(&bad));
        let mut bad = field;
        bad[P::OMEGA + 3] = P::OMEGA as u8 + 1; // count above omega
        assert!(!hint_is_well_formed::<P>(&bad));
        assert!(!hint_is_well_formed::<P>(&field[1..]));
    }
}
