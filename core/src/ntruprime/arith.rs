//! Constant-time arithmetic in Z_q and Z_3 and the masks the round-3 reference uses.
//!
//! No function here branches on or indexes by its arguments. The reductions of
//! secret values (`fq_freeze`, `f3_freeze`) use 32-bit multiplications only, so they
//! are constant-time on the Cortex-M3 too; the division helpers, used on public data
//! (decoding public keys and ciphertexts, the public generator of ntrulpr761), take
//! their 64-bit product from `ct::wide_mul_u32`, constant-time on the M3 as well: a
//! key's public part differs from key to key, and the trace check compares runs of
//! decapsulation under different keys.

use super::{Q, Q12};
use crate::ct;

/// Final step of a Barrett reduction: for r in [-m, 2m), r mod m in [0, m).
#[inline(always)]
fn barrett_correct(r: i32, m: i32) -> i32 {
    ct::add_if_negative(ct::add_if_negative(r, m) - m, m)
}

/// x mod q, centred in [-(q-1)/2, (q-1)/2] (`Fq_freeze`). Valid for |x| < 2^24, which
/// covers every use (the largest is 2 · 2295² in the R/q inversion and three
/// product coefficients of up to 2 · 761 · 2295 in the folding of a product).
#[inline(always)]
pub fn fq_freeze(x: i32) -> i16 {
    let y = x + Q12;
    // 1827 / 2^19 approximates 16 / q from below by 1e-4; (y >> 4) · 1827 < 2^31.
    // The estimate of floor(y / q) is off by at most one, so r lies in [-q, 2q).
    let quot = ((y >> 4) * 1827) >> 19;
    (barrett_correct(y - quot * Q, Q) - Q12) as i16
}

/// x mod q, centred, for |x| <= q (the output of a Montgomery product): one
/// conditional addition and one conditional subtraction, where [`fq_freeze`] needs
/// a Barrett step.
#[inline(always)]
pub fn fq_centre(x: i32) -> i16 {
    ct::sub_if_above(ct::add_if_negative(x, Q), Q12, Q) as i16
}

/// `F3_freeze(Fq_freeze(3x))` for a frozen x (|x| <= (q-1)/2), decryption's e from
/// c·f: 3x is within 3(q-1)/2, so `Fq_freeze(3x)` is 3x - q when 3x > (q-1)/2,
/// 3x + q when 3x < -(q-1)/2 and 3x otherwise, which are -1, 1 and 0 mod 3 (q ≡ 1
/// mod 3). As (q-1)/2 = 3 · 765, that is two comparisons of x with ±765.
#[inline(always)]
pub fn f3_of_triple(x: i16) -> i8 {
    const T: i32 = Q12 / 3;
    (ct::neg_mask(T - x as i32) - ct::neg_mask(x as i32 + T)) as i8
}

const _: () = assert!(Q12 % 3 == 0 && Q % 3 == 1);

/// x mod 3, centred in {-1, 0, 1} (`F3_freeze`). Valid for |x| < 2^15 (every use
/// is below (q-1)/2 in absolute value).
#[inline(always)]
pub fn f3_freeze(x: i32) -> i8 {
    // y = x + 1 + 3 · 2^14 is in (2^14, 5 · 2^14), and 43691 / 2^17 = 1/3 + 1/393216:
    // the excess y / 393216 < 0.21 never reaches the next integer, so the quotient
    // is exact and needs no correction.
    let y = (x + 1 + 3 * (1 << 14)) as u32;
    let quot = (y * 43691) >> 17;
    (y - 3 * quot) as i8 - 1
}

/// x mod m in [0, m) for 0 < m < 2^14 (`uint32_mod_uint14`, by a constant-time
/// division; m is public).
#[inline]
pub fn u32_mod_u14(x: u32, m: u16) -> u16 {
    u32_divmod_u14(x, m).1
}

/// (x div m, x mod m) for 0 < m < 2^14, without a data-dependent branch or division
/// (`uint32_divmod_uint14` of the round-3 reference). m is public.
#[inline]
pub fn u32_divmod_u14(x: u32, m: u16) -> (u32, u16) {
    U14Divisor::new(m).divmod(x)
}

/// A public divisor 0 < m < 2^14 with its reciprocal ⌊(2^32 - 1) / m⌋, so that a
/// loop dividing many values by the same m pays for the one hardware division once.
#[derive(Clone, Copy)]
pub struct U14Divisor {
    m: u32,
    recip: u32,
}

impl U14Divisor {
    /// The divisor `m`.
    #[inline(always)]
    pub fn new(m: u16) -> Self {
        let m = m as u32;
        Self {
            m,
            recip: u32::MAX / m,
        }
    }

    /// (x div m, x mod m), as `uint32_divmod_uint14`, by one multiplication and one
    /// masked correction. The reciprocal is at least 2^32/m - 1, so x · recip / 2^32
    /// is above x/m - 1 for every x < 2^32: the estimate is the quotient or one less.
    #[inline(always)]
    pub fn divmod(&self, x: u32) -> (u32, u16) {
        let quot = (ct::wide_mul_u32(x, self.recip) >> 32) as u32;
        // In [0, 2m): one subtraction of m too many when it is below m.
        let rem = x
            .wrapping_sub(quot.wrapping_mul(self.m))
            .wrapping_sub(self.m);
        let mask = ct::barrier_u32((rem >> 31).wrapping_neg());
        (
            quot.wrapping_add(1).wrapping_add(mask),
            rem.wrapping_add(mask & self.m) as u16,
        )
    }

    /// x mod m.
    #[inline(always)]
    pub fn rem(&self, x: u32) -> u16 {
        self.divmod(x).1
    }
}

/// 1/a in Z_q as a^(q-2) (`Fq_recip`): a fixed number of multiplications.
pub fn fq_recip(a: i16) -> i16 {
    let mut ai = a;
    for _ in 1..(Q - 2) {
        ai = fq_freeze(a as i32 * ai as i32);
    }
    ai
}

/// All ones (-1) when x != 0, zero otherwise (`int16_nonzero_mask`).
#[inline(always)]
pub fn nonzero_mask(x: i16) -> i32 {
    ct::ne_mask_u32(x as u16 as u32, 0) as i32
}

/// All ones (-1) when x < 0, zero otherwise (`int16_negative_mask`).
#[inline(always)]
pub fn negative_mask(x: i16) -> i32 {
    ct::neg_mask(x as i32)
}

/// `Round`: each coefficient to the nearest multiple of 3 (a - F3_freeze(a)).
pub fn round3(a: &mut [i16]) {
    for c in a.iter_mut() {
        *c -= f3_freeze(*c as i32) as i16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f3_of_triple_matches_the_freezes() {
        for x in -Q12..=Q12 {
            let want = f3_freeze(fq_freeze(3 * x) as i32);
            assert_eq!(f3_of_triple(x as i16), want, "{x}");
        }
    }

    #[test]
    fn centring_matches_freezing() {
        for x in -Q..=Q {
            assert_eq!(fq_centre(x), fq_freeze(x), "{x}");
        }
    }

    #[test]
    fn freezes_match_euclidean() {
        let lim = (1 << 24) - 1;
        let fq_inputs = (-lim..=lim)
            .step_by(97)
            .chain(-200_000..200_000)
            .chain(lim - 100_000..=lim)
            .chain(-lim..-lim + 100_000);
        for x in fq_inputs {
            let fq = fq_freeze(x) as i32;
            assert!((-Q12..=Q12).contains(&fq), "fq {x}");
            assert_eq!((x - fq).rem_euclid(Q), 0, "fq {x}");
        }
        for x in -(1 << 15) + 1..(1 << 15) {
            let f3 = f3_freeze(x) as i32;
            assert!((-1..=1).contains(&f3), "f3 {x}");
            assert_eq!((x - f3).rem_euclid(3), 0, "f3 {x}");
        }
    }

    #[test]
    fn divmod_matches_division() {
        for m in [
            1u16, 2, 3, 5, 255, 256, 257, 1531, 4590, 4591, 8192, 12289, 16383,
        ] {
            for x in (0..u32::MAX)
                .step_by(65_537)
                .chain(0..70_000)
                .chain([u32::MAX])
            {
                assert_eq!(u32_divmod_u14(x, m), (x / m as u32, (x % m as u32) as u16));
            }
        }
    }

    #[test]
    fn recip_and_masks() {
        for a in [1i16, -1, 3, 17, -2295, 2295] {
            assert_eq!(fq_freeze(a as i32 * fq_recip(a) as i32), 1);
        }
        assert_eq!(nonzero_mask(0), 0);
        assert_eq!(nonzero_mask(-5), -1);
        assert_eq!(nonzero_mask(i16::MIN), -1);
        assert_eq!(negative_mask(-1), -1);
        assert_eq!(negative_mask(0), 0);
        assert_eq!(negative_mask(7), 0);
    }
}
