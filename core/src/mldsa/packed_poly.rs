//! A polynomial mod q held at 24 bits per coefficient (768 bytes instead of
//! [`Poly`]'s 1024), and [`Accumulator`], where products are summed coefficient by
//! coefficient: into a [`Poly`] or into a [`PackedPoly`].

use super::field::freeze;
use super::params::N;
use super::poly::Poly;
use zeroize::Zeroize;

/// Bytes of a packed polynomial: 256 coefficients in [0, q) < 2^23, three bytes each.
pub const PACKED_POLY_BYTES: usize = 3 * N;

/// Where a product is summed one coefficient at a time (`MatrixA::mul_acc` in the
/// `pqfit` crate, which samples an entry of A-hat coefficient by coefficient).
pub trait Accumulator {
    /// Adds `v` (|v| < 2q) to coefficient `k`.
    fn add(&mut self, k: usize, v: i32);

    /// Coefficient `k` of the sum, equal modulo q to the values added.
    fn get(&self, k: usize) -> i32;

    /// Writes the sum into `w`.
    fn read_into(&self, w: &mut Poly) {
        for (k, c) in w.coeffs.iter_mut().enumerate() {
            *c = self.get(k);
        }
    }
}

impl Accumulator for Poly {
    /// Unreduced: the caller bounds how many values are summed.
    #[inline(always)]
    fn add(&mut self, k: usize, v: i32) {
        self.coeffs[k] += v;
    }

    #[inline(always)]
    fn get(&self, k: usize) -> i32 {
        self.coeffs[k]
    }
}

/// A polynomial with coefficients in [0, q), three little-endian bytes each. Every
/// [`Accumulator::add`] reduces, so any number of values can be summed. No
/// `PartialEq`: it may hold secrets, and a derived comparison is variable time.
#[derive(Clone, Zeroize)]
pub struct PackedPoly([u8; PACKED_POLY_BYTES]);

impl Default for PackedPoly {
    fn default() -> Self {
        Self([0; PACKED_POLY_BYTES])
    }
}

impl core::fmt::Debug for PackedPoly {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("PackedPoly(..)")
    }
}

/// A row packed at 24 bits, summed where it lives (`PackedW` in the `pqfit` crate
/// keeps its rows of w in the signature buffer and its store). Every
/// [`Accumulator::add`] reduces, so any number of values can be summed.
impl Accumulator for [u8; PACKED_POLY_BYTES] {
    #[inline(always)]
    fn add(&mut self, k: usize, v: i32) {
        let b = &mut self[3 * k..3 * k + 3];
        set_coefficient(b, freeze(coefficient(b) + v));
    }

    #[inline(always)]
    fn get(&self, k: usize) -> i32 {
        coefficient(&self[3 * k..3 * k + 3])
    }

    fn read_into(&self, w: &mut Poly) {
        unpack(self, w);
    }
}

impl Accumulator for PackedPoly {
    #[inline(always)]
    fn add(&mut self, k: usize, v: i32) {
        self.0.add(k, v);
    }

    #[inline(always)]
    fn get(&self, k: usize) -> i32 {
        self.0.get(k)
    }

    fn read_into(&self, w: &mut Poly) {
        self.0.read_into(w);
    }
}

/// Packs `w` (coefficients in [0, q)) into `row`, three bytes each.
pub fn pack(w: &Poly, row: &mut [u8; PACKED_POLY_BYTES]) {
    for (b, &c) in row.chunks_exact_mut(3).zip(&w.coeffs) {
        set_coefficient(b, c);
    }
}

/// The inverse of [`pack`].
pub fn unpack(row: &[u8; PACKED_POLY_BYTES], w: &mut Poly) {
    for (c, b) in w.coeffs.iter_mut().zip(row.chunks_exact(3)) {
        *c = coefficient(b);
    }
}

/// The coefficient packed in the three bytes `b`.
#[inline(always)]
pub fn coefficient(b: &[u8]) -> i32 {
    i32::from_le_bytes([b[0], b[1], b[2], 0])
}

/// Packs `c` (in [0, q)) into the three bytes `b`.
#[inline(always)]
pub fn set_coefficient(b: &mut [u8], c: i32) {
    b.copy_from_slice(&c.to_le_bytes()[..3]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mldsa::params::Q;

    #[test]
    fn sums_agree_with_a_polynomial_modulo_q() {
        let mut packed = PackedPoly::default();
        let mut plain = Poly::zero();
        let mut x = 0x1234_5678u32;
        for round in 0..40 {
            for k in 0..N {
                x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                let v = (x % (2 * Q as u32 - 1)) as i32 - (Q - 1);
                packed.add(k, v);
                plain.add(k, v);
            }
            if round % 8 == 7 {
                plain.reduce();
            }
        }
        let mut got = Poly::zero();
        packed.read_into(&mut got);
        for k in 0..N {
            assert!((0..Q).contains(&got.coeffs[k]));
            assert_eq!(got.coeffs[k], freeze(plain.coeffs[k]), "coefficient {k}");
        }
    }

    #[test]
    fn a_packed_row_sums_as_a_packed_polynomial_and_round_trips() {
        let mut row = [0u8; PACKED_POLY_BYTES];
        let mut packed = PackedPoly::default();
        for k in 0..N {
            let v = (k as i32 - 128) * 40_000;
            row.add(k, v);
            row.add(k, v);
            packed.add(k, v);
            packed.add(k, v);
        }
        assert_eq!(row, packed.0);
        let mut got = Poly::zero();
        row.read_into(&mut got);
        for k in 0..N {
            assert_eq!(got.coeffs[k], freeze(2 * (k as i32 - 128) * 40_000));
        }
        let mut again = [0u8; PACKED_POLY_BYTES];
        pack(&got, &mut again);
        assert_eq!(again, row);
    }
}
