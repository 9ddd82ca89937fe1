//! NTRU Prime (round 3) building blocks for p = 761, q = 4591: arithmetic in Z_q and
//! Z_3, the multiplication strategies in R/q = Z_q\[x\]/(x^p - x - 1), constant-time
//! inversion in R/q and R/3, the encodings, and the constant-time sort used by
//! `Short_fromlist`.
//!
//! Conventions: an element of Z_q is an `i16` in [-(q-1)/2, (q-1)/2] ("Fq", frozen);
//! an element of Z_3 (a "small" coefficient) is an `i8` in {-1, 0, 1}. Polynomials are
//! arrays of `P` coefficients, lowest degree first, always passed by reference.

pub mod arith;
pub mod encode;
pub mod inverse;
pub mod mul;
pub mod sort;

/// The degree p of x^p - x - 1.
pub const P: usize = 761;
/// The modulus q.
pub const Q: i32 = 4591;
/// (q - 1) / 2.
pub const Q12: i32 = (Q - 1) / 2;
/// Bytes of an element of R/q encoded with `Rq_encode`.
pub const RQ_BYTES: usize = 1158;
/// Bytes of a rounded element of R/q encoded with `Rounded_encode`.
pub const ROUNDED_BYTES: usize = 1007;
/// Bytes of a small polynomial encoded with `Small_encode` (four coefficients a byte).
pub const SMALL_BYTES: usize = P.div_ceil(4);

/// A polynomial in R/q, coefficients frozen to [-(q-1)/2, (q-1)/2].
pub type RqPoly = [i16; P];
/// A small polynomial: coefficients in {-1, 0, 1}.
pub type SmallPoly = [i8; P];
