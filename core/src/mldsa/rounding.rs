//! FIPS 204, Section 7.4: Power2Round, Decompose, HighBits, LowBits, MakeHint and
//! UseHint, without branches or divisions on coefficient values.

use super::field::freeze;
use super::params::{ParameterSet, D, Q};
use crate::ct;

/// FIPS 204, Algorithm 35: Power2Round. For `a` in [0, q), returns (r1, r0) with
/// a = r1 2^d + r0 and r0 in (-2^(d-1), 2^(d-1)].
#[inline(always)]
pub const fn power2round(a: i32) -> (i32, i32) {
    let a1 = (a + (1 << (D - 1)) - 1) >> D;
    (a1, a - (a1 << D))
}

/// FIPS 204, Algorithm 36: Decompose. For `a` in [0, q), returns (r1, r0) with
/// a = r1 2 gamma2 + r0 (mod q), r0 in (-gamma2, gamma2], and the wrap-around case
/// r+ - r0 = q - 1 mapped to r1 = 0.
#[inline(always)]
pub fn decompose<P: ParameterSet>(a: i32) -> (i32, i32) {
    let a1 = high_part::<P>(a);
    let mut a0 = a - a1 * 2 * P::GAMMA2;
    // The wrap-around case leaves a0 just below q: move it to a0 - q.
    a0 = ct::sub_if_above(a0, (Q - 1) / 2, Q);
    (a1, a0)
}

/// r1 of [`decompose`]. On its own for [`high_bits`]: r0's correction passes value
/// barriers, which the compiler keeps even where r0 is not used.
#[inline(always)]
fn high_part<P: ParameterSet>(a: i32) -> i32 {
    // r1 = round(a / (2 gamma2)) as a multiply-shift: first a / 128 rounded up, then
    // times 2^s / (2 gamma2 / 128), which is an integer for both gamma2 values.
    let mut a1 = (a + 127) >> 7;
    if P::GAMMA2 == (Q - 1) / 32 {
        // 2 gamma2 / 128 = 4092 and 2^22 / 4092 = 1025; m = 16 so wrap by masking.
        a1 = (a1 * 1025 + (1 << 21)) >> 22;
        a1 &= 15;
    } else {
        // 2 gamma2 / 128 = 1488 and 2^24 / 1488 = 11275; m = 44: r1 = 44 becomes 0.
        a1 = (a1 * 11275 + (1 << 23)) >> 24;
        // a1 is in [0, 44]; (a1 · 745) >> 15 is 1 exactly for 44 (43 · 745 < 2^15 <=
        // 44 · 745), so this subtracts 44 from 44 only. A multiply, not a mask from a
        // comparison: LLVM turned `a1 ^= ((43 - a1) >> 31) & a1` into a conditional
        // move on x86-64 (reported by ct-grind, docs/constant-time.md), which is a
        // branch on cores without one.
        a1 -= 44 * ((a1 * 745) >> 15);
    }
    a1
}

/// FIPS 204, Algorithm 37: HighBits, for `a` in [0, q).
#[inline(always)]
pub fn high_bits<P: ParameterSet>(a: i32) -> i32 {
    high_part::<P>(a)
}

/// FIPS 204, Algorithm 38: LowBits, for `a` in [0, q).
#[inline(always)]
pub fn low_bits<P: ParameterSet>(a: i32) -> i32 {
    decompose::<P>(a).1
}

/// FIPS 204, Algorithm 39: MakeHint(z, r) = [HighBits(r) != HighBits(r + z)], for
/// representatives of absolute value below 2^31 - 2^22 - q (any reduced values).
/// Returns 0 or 1, in constant time.
#[inline(always)]
pub fn make_hint<P: ParameterSet>(z: i32, r: i32) -> u32 {
    let r1 = high_bits::<P>(freeze(r));
    let v1 = high_bits::<P>(freeze(r + z));
    ct::ne_bit(r1 as u32, v1 as u32)
}

/// FIPS 204, Algorithm 40: UseHint. `a` in [0, q), `h` 0 or 1; returns the corrected
/// high bits in [0, m) with m = (q - 1) / (2 gamma2).
#[inline(always)]
pub fn use_hint<P: ParameterSet>(h: u32, a: i32) -> i32 {
    let m = (Q - 1) / (2 * P::GAMMA2);
    let (a1, a0) = decompose::<P>(a);
    // Public data (verification), but kept branch-free all the same.
    let hmask = -(h as i32 & 1);
    let step = 1 - 2 * ((a0 - 1) >> 31 & 1); // +1 when a0 > 0, -1 otherwise
    let moved = (a1 + step + m) % m;
    ct::select_i32(hmask, moved, a1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mldsa::params::{MlDsa44, MlDsa65};

    /// Decompose exactly as written in FIPS 204, with divisions.
    fn decompose_spec(r: i32, gamma2: i32) -> (i32, i32) {
        let rp = r.rem_euclid(Q);
        let mut r0 = rp.rem_euclid(2 * gamma2);
        if r0 > gamma2 {
            r0 -= 2 * gamma2;
        }
        if rp - r0 == Q - 1 {
            (0, r0 - 1)
        } else {
            ((rp - r0) / (2 * gamma2), r0)
        }
    }

    fn exhaustive<P: ParameterSet>() {
        for a in 0..Q {
            assert_eq!(decompose::<P>(a), decompose_spec(a, P::GAMMA2), "a = {a}");
        }
    }

    #[test]
    fn decompose_matches_spec_for_every_residue_gamma2_88() {
        exhaustive::<MlDsa44>();
    }

    #[test]
    fn decompose_matches_spec_for_every_residue_gamma2_32() {
        exhaustive::<MlDsa65>();
    }

    #[test]
    fn power2round_matches_spec() {
        for a in (0..Q).step_by(97).chain([0, 1, 4095, 4096, 4097, Q - 1]) {
            let (r1, r0) = power2round(a);
            let mut want0 = a.rem_euclid(1 << D);
            if want0 > 1 << (D - 1) {
                want0 -= 1 << D;
            }
            assert_eq!(r0, want0, "a = {a}");
            assert_eq!(r1, (a - want0) >> D);
        }
    }

    fn use_hint_spec(h: u32, r: i32, gamma2: i32) -> i32 {
        let m = (Q - 1) / (2 * gamma2);
        let (r1, r0) = decompose_spec(r, gamma2);
        if h == 1 && r0 > 0 {
            (r1 + 1).rem_euclid(m)
        } else if h == 1 {
            (r1 - 1).rem_euclid(m)
        } else {
            r1
        }
    }

    fn hints<P: ParameterSet>() {
        for a in (0..Q)
            .step_by(1009)
            .chain([0, 1, P::GAMMA2, P::GAMMA2 + 1, Q - 1, Q - 2])
        {
            for h in 0..2 {
                assert_eq!(
                    use_hint::<P>(h, a),
                    use_hint_spec(h, a, P::GAMMA2),
                    "a = {a}"
                );
            }
            // Theorem: UseHint(MakeHint(z, r), r) = HighBits(r + z) for small z.
            for z in [-P::GAMMA2 + 1, -1000, -1, 0, 1, 77, P::GAMMA2 - 1] {
                let h = make_hint::<P>(z, a);
                assert_eq!(use_hint::<P>(h, a), high_bits::<P>((a + z).rem_euclid(Q)));
                let want = decompose_spec(a, P::GAMMA2).0
                    != decompose_spec((a + z).rem_euclid(Q), P::GAMMA2).0;
                assert_eq!(h, want as u32);
            }
        }
    }

    #[test]
    fn make_and_use_hint_match_spec() {
        hints::<MlDsa44>();
        hints::<MlDsa65>();
    }
}
