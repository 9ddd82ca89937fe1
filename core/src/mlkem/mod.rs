//! ML-KEM (FIPS 203) building blocks: arithmetic modulo q = 3329, the NTT and its
//! base-case multiplication, the samplers, ByteEncode/ByteDecode, Compress/Decompress
//! and the three parameter sets as types.
//!
//! The scheme (K-PKE and ML-KEM, FIPS 203 Algorithms 13 to 21) and its memory
//! strategies are in the `pqfit` crate (`pqfit::mlkem`); nothing here knows of them.
//!
//! Conventions: coefficients are `i16`; the NTT ([`ntt::ntt`]) carries no factor,
//! a base-case product carries R^-1 (R = 2^16, Montgomery), and the inverse
//! ([`ntt::inv_ntt_tomont`]) multiplies by R, so that
//! `inv_ntt_tomont(ntt(a) ∘ ntt(b)) = a·b` in R_q.
//!
//! Constant time: nothing here branches on, indexes by or divides a secret value. The
//! one division FIPS 203 asks of secret data, Compress (KyberSlash), is a multiply by
//! a reciprocal and a shift ([`compress::compress`]); Decompress divides by a power of
//! two. SampleNTT rejects on public data only (the seed rho is public).

pub mod basemul;
pub mod compress;
pub mod encode;
pub mod field;
mod lanes;
pub mod ntt;
pub mod params;
pub mod poly;
pub mod sample;

pub use params::{MlKem1024Params, MlKem512Params, MlKem768Params, MlKemParams};
pub use poly::Poly;

/// Coefficients per polynomial.
pub const N: usize = 256;
/// Bytes of ByteEncode_12 of one polynomial.
pub const POLY_BYTES: usize = 384;
