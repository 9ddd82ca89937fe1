//! CROSS v2.2 building blocks: the parameter sets, the arithmetic of F_p, F_z and
//! the restricted objects, the SHAKE-based CSPRNG and hash, the seed tree, the
//! Merkle tree of commitments and the packing. The scheme itself (key generation,
//! signing, verification and the memory strategies) lives in `pqfit::cross`.

pub mod arith;
pub mod csprng;
pub mod merkle;
pub mod packing;
pub mod params;
pub mod seed_tree;
pub mod tree;

pub use params::*;
