//! `Poly`: an element of R_q (or of T_q, in the NTT domain) as 256 `i16` coefficients.

use super::field::{barrett_reduce, fqmul, freeze, R2};
use super::{ntt, N};
use zeroize::Zeroize;

/// 256 coefficients modulo q (representatives of bounded absolute value; which bound
/// each operation needs or gives is in its documentation). 512 bytes.
#[derive(Clone)]
pub struct Poly {
    /// The coefficients, f_0 first.
    pub coeffs: [i16; N],
}

impl Default for Poly {
    fn default() -> Self {
        Self { coeffs: [0; N] }
    }
}

impl Zeroize for Poly {
    fn zeroize(&mut self) {
        self.coeffs.zeroize();
    }
}

impl Poly {
    /// NTT (FIPS 203, Algorithm 9) followed by a Barrett reduction: |coefficients| < q
    /// in, at most (q-1)/2 out.
    pub fn ntt(&mut self) {
        ntt::ntt(&mut self.coeffs);
    }

    /// NTT^-1 (FIPS 203, Algorithm 10) times R: |coefficients| < q in, below q out.
    pub fn inv_ntt_tomont(&mut self) {
        ntt::inv_ntt_tomont(&mut self.coeffs);
    }

    /// Barrett-reduces every coefficient into [-(q-1)/2, (q-1)/2].
    pub fn reduce(&mut self) {
        for c in self.coeffs.iter_mut() {
            *c = barrett_reduce(*c);
        }
    }

    /// Multiplies every coefficient by R (into the Montgomery domain); out below q.
    pub fn to_mont(&mut self) {
        for c in self.coeffs.iter_mut() {
            *c = fqmul(*c, R2);
        }
    }

    /// `self += other`, coefficient-wise, without reduction.
    pub fn add_assign(&mut self, other: &Poly) {
        for (a, b) in self.coeffs.iter_mut().zip(&other.coeffs) {
            *a += *b;
        }
    }

    /// Coefficient `i` as its representative in [0, q).
    #[inline(always)]
    pub fn canonical(&self, i: usize) -> u16 {
        freeze(self.coeffs[i])
    }
}
