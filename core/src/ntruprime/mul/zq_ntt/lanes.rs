//! What the transform's words share with the transform: the row geometry and the
//! Montgomery constant (a module of its own, so that the words need nothing of the
//! transform that uses them).

use crate::modarith;
use crate::ntruprime::Q;

/// Coefficients per row: the degree of the moduli x^17 - ω^j.
pub(super) const LANES: usize = 17;
/// q^-1 mod 2^16.
pub(super) const QINV: i16 = modarith::inv_mod_2_32(Q as u32) as i16;
