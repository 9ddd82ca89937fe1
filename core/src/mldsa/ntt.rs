//! The number-theoretic transform of FIPS 204 (Algorithms 41 and 42) in Montgomery
//! arithmetic.
//!
//! Conventions: [`ntt`] maps a polynomial to the NTT domain without a Montgomery
//! factor (the twiddles carry it); `pointwise_montgomery` (see `poly`) multiplies two
//! NTT-domain polynomials and divides by R = 2^32; [`inv_ntt_tomont`] multiplies by R
//! again, so `inv_ntt_tomont(pointwise(ntt(a), ntt(b))) = a * b` with no stray factor.

use super::field::{caddq, centre, montgomery_reduce, pow_mod, reduce32, Montgomery};
use super::params::{N, Q};

/// The 512th root of unity of FIPS 204.
pub const ZETA: u64 = 1753;

/// `zeta^brv8(k) * 2^32 mod q`, centred, for k = 0..255 (entry 0 is unused).
pub static ZETAS: [i32; N] = zetas();

/// `2^64 / 256 mod q`: undoes the 1/256 of the inverse transform and restores one R.
pub const INV_NTT_SCALE: i32 =
    centre((pow_mod(2, 64) * pow_mod(N as u64, Q as u64 - 2) % Q as u64) as i64);

const fn zetas() -> [i32; N] {
    let mut z = [0i32; N];
    let r = pow_mod(2, 32);
    let mut k = 1;
    while k < N {
        let brv = (k as u8).reverse_bits() as u64;
        z[k] = centre((pow_mod(ZETA, brv) * r % Q as u64) as i64);
        k += 1;
    }
    z
}

/// FIPS 204, Algorithm 41: NTT. In place; input coefficients of absolute value below
/// q, output below 9q.
///
/// The eight layers run as four passes of two layers each (a radix-4 butterfly on four
/// coefficients held in registers), so each coefficient is loaded and stored four times
/// instead of eight; the arithmetic is exactly that of Algorithm 41, layer by layer.
pub fn ntt(a: &mut [i32; N]) {
    ntt_layer_pair::<64>(a);
    ntt_layer_pair::<16>(a);
    ntt_layer_pair::<4>(a);
    ntt_layer_pair::<1>(a);
}

/// The forward layers of lengths `2L` and `L`.
///
/// The four coefficients of a radix-4 butterfly are addressed from one index with
/// constant offsets (`L` is a constant), so LLVM needs one pointer and no bounds checks.
#[inline(always)]
fn ntt_layer_pair<const L: usize>(a: &mut [i32; N]) {
    // Twiddles through an opaque reference: as constants, LLVM would multiply by them
    // with UMULL and sign corrections (see `Montgomery`).
    let zetas: &[i32; N] = core::hint::black_box(&ZETAS);
    let m = Montgomery::new();
    // Layer 2L has N / 4L blocks, zetas from index N / 4L; layer L twice as many.
    let n1 = N / (4 * L);
    for (b, block) in a.chunks_exact_mut(4 * L).enumerate() {
        let z1 = zetas[n1 + b];
        let z2 = zetas[2 * n1 + 2 * b];
        let z3 = zetas[2 * n1 + 2 * b + 1];
        for j in 0..L {
            let (mut c0, mut c1, mut c2, mut c3) =
                (block[j], block[j + L], block[j + 2 * L], block[j + 3 * L]);
            let z1 = keep_rolled(z1);
            let t = m.mul(z1, c2);
            c2 = c0 - t;
            c0 += t;
            let t = m.mul(z1, c3);
            c3 = c1 - t;
            c1 += t;
            let t = m.mul(z2, c1);
            c1 = c0 - t;
            c0 += t;
            let t = m.mul(z3, c3);
            c3 = c2 - t;
            c2 += t;
            block[j] = c0;
            block[j + L] = c1;
            block[j + 2 * L] = c2;
            block[j + 3 * L] = c3;
        }
    }
}

/// `z`, on the Cortex-M4 through an empty assembly block ([`crate::ct::barrier_i32`]):
/// placed in a loop, it keeps LLVM from unrolling the loop (its M-class unrolling
/// skips loops that contain a call, and inline assembly counts as one). Unrolled
/// twice, a radix-4 loop holds eight coefficients and spills. Elsewhere `z` as it is:
/// on the M3, M0 and RV32 models the rolled loops were slower (by 0.1 % to 0.8 % of
/// signing).
///
/// Used in both transforms mod q, in the forward transform mod 769
/// (`small_ntt::ntt`) and in `CachedA`'s column-pair product, where each was measured
/// faster rolled; the inverse mod 769 and the row sums of `Poly::dot_montgomery_wide`
/// were slower (docs/measurement.md, "Issue 17, sixth round").
#[inline(always)]
pub fn keep_rolled(z: i32) -> i32 {
    if cfg!(pqfit_long_multiply_accumulate) {
        crate::ct::barrier_i32(z)
    } else {
        z
    }
}

/// FIPS 204, Algorithm 42: NTT^-1, followed by a multiplication by R = 2^32. In place;
/// input coefficients of absolute value below q, output below q.
///
/// No intermediate reduction is needed: each layer at most doubles the upper half
/// while the lower half is Montgomery-reduced, so coefficients stay below
/// 256 q < 2^31. Two layers per pass, as in [`ntt`].
pub fn inv_ntt_tomont(a: &mut [i32; N]) {
    inv_ntt::<false>(a);
}

/// [`inv_ntt_tomont`] of a sum of products, to standard representatives: the input
/// coefficients, anywhere in the range of [`reduce32`], are reduced as the first pass
/// loads them, and the outputs are brought into [0, q) as the last pass stores them.
/// The same values as `reduce32`, [`inv_ntt_tomont`] and `caddq` one after the other,
/// with two passes over the polynomial fewer.
pub fn inv_ntt_tomont_standard(a: &mut [i32; N]) {
    inv_ntt::<true>(a);
}

#[inline(always)]
fn inv_ntt<const STANDARD: bool>(a: &mut [i32; N]) {
    inv_ntt_layer_pair::<1, false, STANDARD>(a);
    inv_ntt_layer_pair::<4, false, STANDARD>(a);
    inv_ntt_layer_pair::<16, false, STANDARD>(a);
    inv_ntt_layer_pair::<64, true, STANDARD>(a);
}

/// [`INV_NTT_SCALE`] times the last layer's twiddle -ZETAS\[1\], divided by R: one
/// Montgomery product by it is the last layer's product followed by the scaling.
const LAST_TWIDDLE_SCALED: i32 = montgomery_reduce(-(zetas()[1] as i64) * INV_NTT_SCALE as i64);

/// The inverse layers of lengths `L` and `2L`.
///
/// `SCALED` (the last pair, L = 64) folds the final multiplication by
/// [`INV_NTT_SCALE`] into the second layer: its sums are scaled and its differences
/// multiplied by [`LAST_TWIDDLE_SCALED`] instead of the twiddle, which saves a pass
/// over the polynomial and half of the scaling products. The values are equal modulo q
/// to those of the layers followed by the scaling, and below q in absolute value.
///
/// `STANDARD` ([`inv_ntt_tomont_standard`]) reduces the inputs of the first pair and
/// brings the outputs of the last one into [0, q).
#[inline(always)]
fn inv_ntt_layer_pair<const L: usize, const SCALED: bool, const STANDARD: bool>(a: &mut [i32; N]) {
    const { assert!(!SCALED || L == N / 4) };
    let load = |x: i32| if STANDARD && L == 1 { reduce32(x) } else { x };
    let store = |x: i32| if STANDARD && SCALED { caddq(x) } else { x };
    let zetas: &[i32; N] = core::hint::black_box(&ZETAS);
    let m = Montgomery::new();
    let scale = if SCALED {
        core::hint::black_box(INV_NTT_SCALE)
    } else {
        0
    };
    // The second layer's sums, scaled in the last pair.
    let sum = |x: i32| if SCALED { m.mul(scale, x) } else { x };
    // Block b of layer len uses -ZETAS[N / len - 1 - b].
    let n1 = N / L;
    let n2 = N / (2 * L);
    for (b, block) in a.chunks_exact_mut(4 * L).enumerate() {
        let z0 = -zetas[n1 - 1 - 2 * b];
        let z1 = -zetas[n1 - 2 - 2 * b];
        let z2 = if SCALED {
            core::hint::black_box(LAST_TWIDDLE_SCALED)
        } else {
            -zetas[n2 - 1 - b]
        };
        for j in 0..L {
            let (mut c0, mut c1, mut c2, mut c3) = (
                load(block[j]),
                load(block[j + L]),
                load(block[j + 2 * L]),
                load(block[j + 3 * L]),
            );
            let z0 = keep_rolled(z0);
            let t = c0;
            c0 = t + c1;
            c1 = m.mul(z0, t - c1);
            let t = c2;
            c2 = t + c3;
            c3 = m.mul(z1, t - c3);
            let t = c0;
            c0 = sum(t + c2);
            c2 = m.mul(z2, t - c2);
            let t = c1;
            c1 = sum(t + c3);
            c3 = m.mul(z2, t - c3);
            block[j] = store(c0);
            block[j + L] = store(c1);
            block[j + 2 * L] = store(c2);
            block[j + 3 * L] = store(c3);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mldsa::test_rng::lcg;

    fn schoolbook(a: &[i32; N], b: &[i32; N]) -> [i32; N] {
        // Negacyclic product in Z_q\[X\]/(X^256 + 1).
        let q = Q as i64;
        let mut r = [0i64; N];
        for i in 0..N {
            for j in 0..N {
                let p = a[i] as i64 * b[j] as i64 % q;
                if i + j < N {
                    r[i + j] += p;
                } else {
                    r[i + j - N] -= p;
                }
            }
        }
        core::array::from_fn(|i| r[i].rem_euclid(q) as i32)
    }

    #[test]
    fn table_matches_known_values() {
        // Spot values of FIPS 204's zeta table times R, recomputed independently.
        assert_eq!(ZETAS[1], 25847);
        assert_eq!(INV_NTT_SCALE, 41978);
        // zeta is a primitive 512th root of unity.
        assert_eq!(pow_mod(ZETA, 256), Q as u64 - 1);
    }

    #[test]
    fn product_through_ntt_equals_schoolbook() {
        let mut seed = 7;
        for round in 0..4 {
            let a: [i32; N] = core::array::from_fn(|_| {
                if round == 0 {
                    Q - 1
                } else {
                    (lcg(&mut seed) % (2 * Q as u32 - 1)) as i32 - (Q - 1)
                }
            });
            let b: [i32; N] = core::array::from_fn(|_| {
                if round == 0 {
                    -(Q - 1)
                } else {
                    (lcg(&mut seed) % Q as u32) as i32
                }
            });
            let (mut ah, mut bh) = (a, b);
            ntt(&mut ah);
            ntt(&mut bh);
            let mut c: [i32; N] =
                core::array::from_fn(|i| montgomery_reduce(ah[i] as i64 * bh[i] as i64));
            inv_ntt_tomont(&mut c);
            let want = schoolbook(&a, &b);
            for i in 0..N {
                assert!(c[i].abs() < Q);
                assert_eq!(c[i].rem_euclid(Q), want[i], "round {round} coefficient {i}");
            }
        }
    }

    #[test]
    fn standard_inverse_equals_reduce_inverse_caddq() {
        let mut seed = 3;
        // The extremes of reduce32's range, sums of up to five products, and one sign.
        let limit = i32::MAX - (1 << 22);
        let inputs: [[i32; N]; 4] = [
            [limit; N],
            [-limit; N],
            core::array::from_fn(|_| (lcg(&mut seed) % (10 * Q as u32)) as i32 - 5 * Q),
            core::array::from_fn(|i| if i % 2 == 0 { limit } else { -limit }),
        ];
        for a in inputs {
            let mut want = a.map(super::super::field::reduce32);
            inv_ntt_tomont(&mut want);
            let want = want.map(super::super::field::caddq);
            let mut got = a;
            inv_ntt_tomont_standard(&mut got);
            assert_eq!(got, want);
            assert!(got.iter().all(|&c| (0..Q).contains(&c)));
        }
    }
}
