//! A number-theoretic transform modulo the small prime q' = 769 in 16-bit Montgomery
//! arithmetic, for products whose exact coefficients are small.
//!
//! c·s1 and c·s2 have coefficients of absolute value at most beta = tau·eta <= 196,
//! below q'/2, so computing them mod 769 and centring is exact (Abdulrahman et al.,
//! "Faster Kyber and Dilithium on the Cortex-M4"). 769 - 1 = 3·2^8 has 256th but no
//! 512th roots of unity, so the transform stops at 128 factors X^2 - zeta (as
//! Kyber's does) and products are degree-2 base multiplications. Every
//! multiplication is 16 x 16 bits: no long multiply, which costs 3-7 cycles on a
//! Cortex-M3.

use super::params::N;
use crate::modarith;
use zeroize::Zeroize;

/// The small modulus.
pub const QS: i32 = 769;
/// The largest |coefficient| a product may have for the centred result to be exact.
pub const EXACT_BOUND: i32 = (QS - 1) / 2;
/// q'^-1 mod 2^16.
const QINV: i32 = (modarith::inv_mod_2_32(QS as u32) & 0xffff) as i32;
/// 2^16 mod q'.
const MONT: i32 = (1 << 16) % QS;
/// A primitive 256th root of unity mod q' (the smallest).
pub const ROOT: i32 = root();
/// `ROOT^brv7(k) * 2^16 mod q'`, centred, for k = 0..127.
static ZETAS: [i16; 128] = zetas();
/// `2^32 / 128 mod q'`: undoes the 1/128 of the inverse and restores one factor 2^16.
const INV_SCALE: i32 = (pow(MONT, 2) as i64 * pow(128, QS - 2) as i64 % QS as i64) as i32;

const fn pow(b: i32, e: i32) -> i32 {
    modarith::pow_mod(b as u64, e as u64, QS as u64) as i32
}

const fn root() -> i32 {
    let mut g = 2;
    while pow(g, 128) != QS - 1 {
        g += 1;
    }
    g
}

const fn centre(a: i32) -> i16 {
    modarith::centre(a as i64, QS as i64) as i16
}

const fn zetas() -> [i16; 128] {
    let mut z = [0i16; 128];
    let mut k = 0;
    while k < 128 {
        let brv = ((k as u8).reverse_bits() >> 1) as i32;
        z[k] = centre((pow(ROOT, brv) as i64 * MONT as i64 % QS as i64) as i32);
        k += 1;
    }
    z
}

/// Montgomery reduction for |a| < 2^15 q': returns a 2^-16 mod q' with |r| < q'.
#[inline(always)]
pub const fn reduce(a: i32) -> i32 {
    let t = (a as i16).wrapping_mul(QINV as i16) as i32;
    (a - t * QS) >> 16
}

#[inline(always)]
const fn fqmul(a: i32, b: i32) -> i32 {
    reduce(a * b)
}

/// Barrett-style reduction of a sum into (-q', q'): for |a| < 2^15.
#[inline(always)]
const fn reduce_sum(a: i32) -> i32 {
    // 2^16 / 769 rounded: 85.
    let t = (a * 85 + (1 << 15)) >> 16;
    a - t * QS
}

/// Forward transform in place: coefficients of absolute value below q' in and out
/// (standard order; 128 degree-2 residues).
///
/// The seven layers (lengths 128 down to 2) run as three passes of two layers (a
/// radix-4 butterfly on four coefficients in registers) and a last single layer, as
/// `super::ntt::ntt` does: the same arithmetic, layer by layer, with each coefficient
/// loaded and stored four times instead of seven. The last layer reduces its outputs
/// (below 8 q' before) as it writes them.
pub fn ntt(a: &mut [i32; N]) {
    ntt_layer_pair::<64>(a);
    ntt_layer_pair::<16>(a);
    ntt_layer_pair::<4>(a);
    // Layer of length 2: 64 blocks of 4, zetas from index 64.
    for (b, block) in a.chunks_exact_mut(4).enumerate() {
        let zeta = ZETAS[64 + b] as i32;
        for j in 0..2 {
            let t = fqmul(zeta, block[j + 2]);
            block[j + 2] = reduce_sum(block[j] - t);
            block[j] = reduce_sum(block[j] + t);
        }
    }
}

/// The forward layers of lengths `2L` and `L` (zetas of layer `len`, block `b`:
/// `ZETAS[128 / len + b]`).
#[inline(always)]
fn ntt_layer_pair<const L: usize>(a: &mut [i32; N]) {
    let n1 = N / (4 * L);
    for (b, block) in a.chunks_exact_mut(4 * L).enumerate() {
        let z1 = ZETAS[n1 + b] as i32;
        let z2 = ZETAS[2 * n1 + 2 * b] as i32;
        let z3 = ZETAS[2 * n1 + 2 * b + 1] as i32;
        for j in 0..L {
            let (mut c0, mut c1, mut c2, mut c3) =
                (block[j], block[j + L], block[j + 2 * L], block[j + 3 * L]);
            let z1 = super::ntt::keep_rolled(z1);
            let t = fqmul(z1, c2);
            c2 = c0 - t;
            c0 += t;
            let t = fqmul(z1, c3);
            c3 = c1 - t;
            c1 += t;
            let t = fqmul(z2, c1);
            c1 = c0 - t;
            c0 += t;
            let t = fqmul(z3, c3);
            c3 = c2 - t;
            c2 += t;
            block[j] = c0;
            block[j + L] = c1;
            block[j + 2 * L] = c2;
            block[j + 3 * L] = c3;
        }
    }
}

/// Inverse transform times 2^16 in place; |coefficients| below q' in and out.
///
/// A single layer of length 2, then three passes of two layers, mirroring [`ntt`]; the
/// scaling is folded into the last pass.
///
/// The sums are reduced once, after the layer of length 32: every layer at most
/// doubles them, so they are below 32 q' there, within `reduce_sum`'s range, and
/// every difference multiplied by a twiddle before that is below 32 q' (its product
/// by a centred twiddle, below 2^15 q', is within [`reduce`]'s). Reducing them in
/// every layer, as the layer-by-layer definition does, cost one fifth of the
/// transform.
pub fn inv_ntt_tomont(a: &mut [i32; N]) {
    inv_ntt_first_layer(a);
    inv_ntt_layer_pair::<4, false, false, false>(a);
    inv_ntt_layer_pair::<16, true, false, false>(a);
    inv_ntt_layer_pair::<64, false, true, false>(a);
}

/// [`inv_ntt_tomont`] with [`centred`] folded into its last pass: a product of two
/// transforms comes out as the exact product when that is at most [`EXACT_BOUND`] in
/// absolute value.
pub fn inv_ntt_centred(a: &mut [i32; N]) {
    inv_ntt_first_layer(a);
    inv_ntt_layer_pair::<4, false, false, false>(a);
    inv_ntt_layer_pair::<16, true, false, false>(a);
    inv_ntt_layer_pair::<64, false, true, true>(a);
}

/// The inverse layer of length 2: block b uses ZETAS\[127 - b\]. Sums not reduced
/// (see [`inv_ntt_tomont`]).
#[inline(always)]
fn inv_ntt_first_layer(a: &mut [i32; N]) {
    for (b, block) in a.chunks_exact_mut(4).enumerate() {
        let zeta = ZETAS[127 - b] as i32;
        for j in 0..2 {
            let t = block[j];
            block[j] = t + block[j + 2];
            block[j + 2] = fqmul(zeta, block[j + 2] - t);
        }
    }
}

/// [`INV_SCALE`] times the last layer's twiddle ZETAS\[1\], over 2^16: one product
/// by it is the last layer's product followed by the scaling.
const LAST_TWIDDLE_SCALED: i32 = fqmul(zetas()[1] as i32, INV_SCALE);

/// The inverse layers of lengths `L` and `2L` (zeta of layer `len`, block `b`:
/// `ZETAS[256 / len - 1 - b]`).
///
/// `REDUCED` reduces the second layer's sums (see [`inv_ntt_tomont`] for where).
/// `SCALED` (the last pair, L = 64) folds the multiplication by [`INV_SCALE`] into the
/// second layer (its sums scaled, its differences multiplied by [`LAST_TWIDDLE_SCALED`]
/// instead of the twiddle) and `CENTRED` applies [`centred`] to each output: one pass
/// over the coefficients and half of the scaling products fewer. Equal modulo q' to the
/// layers followed by the scaling; the last pair's outputs are below q' in absolute
/// value.
#[inline(always)]
fn inv_ntt_layer_pair<
    const L: usize,
    const REDUCED: bool,
    const SCALED: bool,
    const CENTRED: bool,
>(
    a: &mut [i32; N],
) {
    const { assert!((!SCALED || L == N / 4) && (SCALED || !CENTRED) && !(SCALED && REDUCED)) };
    let sum = |x: i32| {
        if SCALED {
            fqmul(INV_SCALE, x)
        } else if REDUCED {
            reduce_sum(x)
        } else {
            x
        }
    };
    let finish = |c: i32| if CENTRED { centred(c) } else { c };
    let n1 = N / L;
    let n2 = N / (2 * L);
    for (b, block) in a.chunks_exact_mut(4 * L).enumerate() {
        let z0 = ZETAS[n1 - 1 - 2 * b] as i32;
        let z1 = ZETAS[n1 - 2 - 2 * b] as i32;
        let z2 = if SCALED {
            LAST_TWIDDLE_SCALED
        } else {
            ZETAS[n2 - 1 - b] as i32
        };
        for j in 0..L {
            let (mut c0, mut c1, mut c2, mut c3) =
                (block[j], block[j + L], block[j + 2 * L], block[j + 3 * L]);
            let t = c0;
            c0 = t + c1;
            c1 = fqmul(z0, c1 - t);
            let t = c2;
            c2 = t + c3;
            c3 = fqmul(z1, c3 - t);
            let t = c0;
            c0 = sum(t + c2);
            c2 = fqmul(z2, c2 - t);
            let t = c1;
            c1 = sum(t + c3);
            c3 = fqmul(z2, c3 - t);
            block[j] = finish(c0);
            block[j + L] = finish(c1);
            block[j + 2 * L] = finish(c2);
            block[j + 3 * L] = finish(c3);
        }
    }
}

/// A transformed factor kept for several products ([`base_mul_prepared`]): for each
/// degree-2 residue a0 + a1 X modulo X^2 - z, the three values a0, a1 and a1 z / 2^16,
/// each below q' and so 16 bits. With a1 z prepared, a product needs no multiplication
/// by the twiddle; 768 bytes instead of the transform's 1 KiB.
#[derive(Clone, Zeroize)]
pub struct PreparedFactor([i16; 3 * N / 2]);

impl Default for PreparedFactor {
    fn default() -> Self {
        Self([0; 3 * N / 2])
    }
}

impl PreparedFactor {
    /// Prepares the transform `a` (coefficients below q', as [`ntt`] leaves them).
    pub fn prepare(&mut self, a: &[i32; N]) {
        for (r, (pair, out)) in a
            .chunks_exact(2)
            .zip(self.0.chunks_exact_mut(3))
            .enumerate()
        {
            // Residues 2i and 2i + 1 are modulo X^2 - zeta and X^2 + zeta.
            let zeta = ZETAS[64 + r / 2] as i32;
            let z = if r % 2 == 0 { zeta } else { -zeta };
            out[0] = pair[0] as i16;
            out[1] = pair[1] as i16;
            out[2] = fqmul(pair[1], z) as i16;
        }
    }
}

/// `r = a · b / 2^16` in the transformed domain, `a` prepared: 128 degree-2 products
/// modulo X^2 - zeta and X^2 + zeta. `b` below 4 q' ([`ntt`]'s outputs are below q'),
/// output below q'.
///
/// Each output is one reduction of a sum of two products (below 2^15 q' for such
/// inputs); equal modulo q' to [`base_mul_assign`]'s.
pub fn base_mul_prepared(r: &mut [i32; N], a: &PreparedFactor, b: &[i32; N]) {
    for ((out, b), a) in r
        .chunks_exact_mut(2)
        .zip(b.chunks_exact(2))
        .zip(a.0.chunks_exact(3))
    {
        let [a0, a1, a1z] = [a[0] as i32, a[1] as i32, a[2] as i32];
        out[0] = reduce(a0 * b[0] + a1z * b[1]);
        out[1] = reduce(a0 * b[1] + a1 * b[0]);
    }
}

/// `a = a · b / 2^16` in the transformed domain: 64 pairs of degree-2 products
/// modulo X^2 - zeta and X^2 + zeta. Inputs below 4 q' ([`ntt`]'s outputs are below
/// q'), output below q'.
pub fn base_mul_assign(a: &mut [i32; N], b: &[i32; N]) {
    for i in 0..N / 4 {
        let zeta = ZETAS[64 + i] as i32;
        for (off, z) in [(4 * i, zeta), (4 * i + 2, -zeta)] {
            [a[off], a[off + 1]] = residue_product([a[off], a[off + 1]], [b[off], b[off + 1]], z);
        }
    }
}

/// The product of two residues a0 + a1 X and b0 + b1 X modulo X^2 - z, divided by 2^16.
#[inline(always)]
fn residue_product([a0, a1]: [i32; 2], [b0, b1]: [i32; 2], z: i32) -> [i32; 2] {
    [
        reduce(a0 * b0 + fqmul(a1, b1) * z),
        reduce(a0 * b1 + a1 * b0),
    ]
}

/// Maps a coefficient of (-q', q') to its centred representative, which is the exact
/// value when that is at most [`EXACT_BOUND`] in absolute value.
#[inline(always)]
pub fn centred(a: i32) -> i32 {
    // Into [0, q') first, then subtract q' above q'/2.
    crate::ct::sub_if_above(crate::ct::add_if_negative(a, QS), EXACT_BOUND, QS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mldsa::test_rng::lcg;

    #[test]
    fn constants() {
        assert_eq!((QS * QINV) & 0xffff, 1);
        assert_eq!(pow(ROOT, 256), 1);
        assert_eq!(pow(ROOT, 128), QS - 1);
        assert_eq!(
            INV_SCALE as i64 * 128 % QS as i64,
            (MONT as i64 * MONT as i64) % QS as i64
        );
    }

    #[test]
    fn products_are_exact_for_small_operands() {
        let mut seed = 11;
        for round in 0..20 {
            // c: ternary; s: in [-4, 4]; exact product by schoolbook over the integers.
            let c: [i32; N] = core::array::from_fn(|_| (lcg(&mut seed) % 3) as i32 - 1);
            let eta = if round % 2 == 0 { 2 } else { 4 };
            let s: [i32; N] =
                core::array::from_fn(|_| (lcg(&mut seed) % (2 * eta + 1)) as i32 - eta as i32);
            // Sparse c keeps the exact product within bound; make c sparse like a challenge.
            let c: [i32; N] = core::array::from_fn(|i| if i % 5 == 0 { c[i] } else { 0 });
            let mut want = [0i32; N];
            for i in 0..N {
                for j in 0..N {
                    if i + j < N {
                        want[i + j] += c[i] * s[j];
                    } else {
                        want[i + j - N] -= c[i] * s[j];
                    }
                }
            }
            if want.iter().any(|w| w.abs() > EXACT_BOUND) {
                continue;
            }
            let (mut ch, mut sh) = (c, s);
            ntt(&mut ch);
            ntt(&mut sh);
            let mut prepared = PreparedFactor::default();
            prepared.prepare(&ch);
            let mut r = [0i32; N];
            base_mul_prepared(&mut r, &prepared, &sh);
            let mut assigned = ch;
            base_mul_assign(&mut assigned, &sh);
            assert_eq!(
                r.map(|v| v.rem_euclid(QS)),
                assigned.map(|v| v.rem_euclid(QS))
            );
            let mut fused = r;
            inv_ntt_tomont(&mut r);
            let got: [i32; N] = core::array::from_fn(|i| centred(r[i]));
            assert_eq!(got, want, "round {round}");
            inv_ntt_centred(&mut fused);
            assert_eq!(fused, want, "round {round}, fused");
        }
    }

    /// The transforms layer by layer, one loop per layer (the definition the
    /// two-layer passes must match: exactly, and modulo q' where the inverse folds
    /// its scaling).
    fn ntt_by_layers(a: &mut [i32; N]) {
        let (mut k, mut len) = (1, 128);
        while len >= 2 {
            for start in (0..N).step_by(2 * len) {
                let zeta = ZETAS[k] as i32;
                k += 1;
                for j in start..start + len {
                    let t = fqmul(zeta, a[j + len]);
                    a[j + len] = a[j] - t;
                    a[j] += t;
                }
            }
            len >>= 1;
        }
        a.iter_mut().for_each(|c| *c = reduce_sum(*c));
    }

    fn inv_ntt_by_layers(a: &mut [i32; N]) {
        let (mut k, mut len) = (127, 2);
        while len <= 128 {
            for start in (0..N).step_by(2 * len) {
                let zeta = ZETAS[k] as i32;
                k -= 1;
                for j in start..start + len {
                    let t = a[j];
                    a[j] = reduce_sum(t + a[j + len]);
                    a[j + len] = fqmul(zeta, a[j + len] - t);
                }
            }
            len <<= 1;
        }
        a.iter_mut().for_each(|c| *c = fqmul(*c, INV_SCALE));
    }

    #[test]
    fn two_layer_passes_equal_the_layers() {
        let mut seed = 5;
        for _ in 0..20 {
            let a: [i32; N] = core::array::from_fn(|_| (lcg(&mut seed) % 1537) as i32 - 768);
            let (mut x, mut y) = (a, a);
            ntt(&mut x);
            ntt_by_layers(&mut y);
            assert_eq!(x, y);
            // The folded scaling gives other representatives of the same residues.
            let (mut x, mut y) = (a, a);
            inv_ntt_tomont(&mut x);
            inv_ntt_by_layers(&mut y);
            assert!(x.iter().all(|v| v.abs() < QS));
            assert_eq!(x.map(|v| v.rem_euclid(QS)), y.map(|v| v.rem_euclid(QS)));
        }
    }

    #[test]
    fn extreme_inputs_stay_in_range() {
        let a = [QS - 1; N];
        let mut h = a;
        ntt(&mut h);
        assert!(h.iter().all(|x| x.abs() < QS));
        let mut prepared = PreparedFactor::default();
        prepared.prepare(&h);
        let mut r = [0; N];
        base_mul_prepared(&mut r, &prepared, &h);
        assert!(r.iter().all(|x| x.abs() < QS));
        let mut assigned = h;
        base_mul_assign(&mut assigned, &h);
        assert!(assigned.iter().all(|x| x.abs() < QS));
        inv_ntt_tomont(&mut r);
        assert!(r.iter().all(|x| x.abs() < QS));
        // The inverse with no reduction of its sums before the layer of length 32:
        // extreme inputs of either sign, whose sums grow the most, still come out below
        // q' and equal to the layer-by-layer definition modulo q'.
        for sign in [1, -1] {
            for pattern in [[1, 1], [1, -1]] {
                let a: [i32; N] = core::array::from_fn(|i| sign * pattern[i % 2] * (QS - 1));
                let (mut x, mut y, mut z) = (a, a, a);
                inv_ntt_tomont(&mut x);
                inv_ntt_by_layers(&mut y);
                inv_ntt_centred(&mut z);
                assert!(x.iter().all(|v| v.abs() < QS));
                assert_eq!(x.map(|v| v.rem_euclid(QS)), y.map(|v| v.rem_euclid(QS)));
                assert_eq!(z.map(|v| v.rem_euclid(QS)), y.map(|v| v.rem_euclid(QS)));
            }
        }
    }
}
