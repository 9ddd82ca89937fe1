//! ML-DSA (FIPS 204) building blocks: parameters, arithmetic mod q, the NTT,
//! rounding, sampling and encodings. The algorithms that use them (key generation,
//! signing, verification) are written over memory strategies in the `pqfit` crate.

pub mod field;
pub mod ntt;
pub mod packed_poly;
pub mod packing;
pub mod params;
pub mod poly;
pub mod rounding;
pub mod sample;
pub mod small_ntt;
#[cfg(test)]
mod test_rng;

pub use packed_poly::{Accumulator, PackedPoly};
pub use params::{MlDsa44, MlDsa65, MlDsa87, ParameterSet};
pub use poly::Poly;
