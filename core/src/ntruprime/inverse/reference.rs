//! The round-3 reference's divstep loops, coefficient by coefficient (test only): the
//! oracle the bitsliced R/3 and the bounded R/q inversions are checked against.
//! 2p - 1 iterations, each touching all p + 1 coefficients of four arrays.

use crate::ntruprime::arith::{f3_freeze, fq_freeze, fq_recip, negative_mask, nonzero_mask};
use crate::ntruprime::{RqPoly, SmallPoly, P};
use zeroize::Zeroize;

/// `R3_recip`: writes 1/`a` in R/3 to `out`; returns 0 if `a` is invertible and -1
/// (all ones) otherwise, in which case `out` is unspecified.
pub fn r3_recip(out: &mut SmallPoly, a: &SmallPoly) -> i32 {
    let mut f = [0i8; P + 1];
    let mut g = [0i8; P + 1];
    let mut v = [0i8; P + 1];
    let mut r = [0i8; P + 1];
    r[0] = 1;
    f[0] = 1;
    f[P - 1] = -1;
    f[P] = -1;
    for i in 0..P {
        g[P - 1 - i] = a[i];
    }
    let mut delta: i32 = 1;
    for _ in 0..2 * P - 1 {
        v.copy_within(0..P, 1);
        v[0] = 0;
        let sign = -(g[0] as i32) * (f[0] as i32);
        let swap = negative_mask(-delta as i16) & nonzero_mask(g[0] as i16);
        delta ^= swap & (delta ^ -delta);
        delta += 1;
        let swap8 = swap as i8;
        for i in 0..=P {
            let t = swap8 & (f[i] ^ g[i]);
            f[i] ^= t;
            g[i] ^= t;
            let t = swap8 & (v[i] ^ r[i]);
            v[i] ^= t;
            r[i] ^= t;
        }
        for i in 0..=P {
            g[i] = f3_freeze(g[i] as i32 + sign * f[i] as i32);
            r[i] = f3_freeze(r[i] as i32 + sign * v[i] as i32);
        }
        g.copy_within(1..=P, 0);
        g[P] = 0;
    }
    let sign = f[0];
    for i in 0..P {
        out[i] = sign * v[P - 1 - i];
    }
    let result = nonzero_mask(delta as i16);
    f.zeroize();
    g.zeroize();
    v.zeroize();
    r.zeroize();
    result
}

/// `Rq_recip3`: writes 1/(3`a`) in R/q to `out`; returns 0 if 3`a` is invertible and
/// -1 otherwise (for the short polynomials of key generation it always is).
pub fn rq_recip3(out: &mut RqPoly, a: &SmallPoly) -> i32 {
    let mut f = [0i16; P + 1];
    let mut g = [0i16; P + 1];
    let mut v = [0i16; P + 1];
    let mut r = [0i16; P + 1];
    r[0] = fq_recip(3);
    f[0] = 1;
    f[P - 1] = -1;
    f[P] = -1;
    for i in 0..P {
        g[P - 1 - i] = a[i] as i16;
    }
    let mut delta: i32 = 1;
    for _ in 0..2 * P - 1 {
        v.copy_within(0..P, 1);
        v[0] = 0;
        let swap = negative_mask(-delta as i16) & nonzero_mask(g[0]);
        delta ^= swap & (delta ^ -delta);
        delta += 1;
        let swap16 = swap as i16;
        for i in 0..=P {
            let t = swap16 & (f[i] ^ g[i]);
            f[i] ^= t;
            g[i] ^= t;
            let t = swap16 & (v[i] ^ r[i]);
            v[i] ^= t;
            r[i] ^= t;
        }
        let (f0, g0) = (f[0] as i32, g[0] as i32);
        for i in 0..=P {
            g[i] = fq_freeze(f0 * g[i] as i32 - g0 * f[i] as i32);
            r[i] = fq_freeze(f0 * r[i] as i32 - g0 * v[i] as i32);
        }
        g.copy_within(1..=P, 0);
        g[P] = 0;
    }
    let scale = fq_recip(f[0]) as i32;
    for i in 0..P {
        out[i] = fq_freeze(scale * v[P - 1 - i] as i32);
    }
    let result = nonzero_mask(delta as i16);
    f.zeroize();
    g.zeroize();
    v.zeroize();
    r.zeroize();
    result
}
