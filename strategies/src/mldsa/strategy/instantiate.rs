//! Every combination of the memory components, instantiated for every parameter set,
//! so that `cargo build -p pqfit --features instantiate-all --target <embedded>`
//! compiles (and code-generates) each mix for that target. CI does this for the four
//! embedded targets.

use super::*;
use crate::{Error, MlDsa, Signature, SigningKey, VerifyingKey};
use pqfit_core::mldsa::{MlDsa44, MlDsa65, MlDsa87, ParameterSet};

/// The addresses of one combination's key generation, signing and verification.
fn entry_points<P: ParameterSet, S: Strategy<P>>() -> usize {
    type KeyGen<P> = fn(&[u8; 32], &mut VerifyingKey<P>, &mut SigningKey<P>);
    type Sign<P> =
        fn(&SigningKey<P>, &[u8], &[u8], &[u8; 32], &mut Signature<P>) -> Result<(), Error>;
    type Verify<P> = fn(&VerifyingKey<P>, &[u8], &[u8], &[u8]) -> Result<(), Error>;
    let key_gen: KeyGen<P> = MlDsa::<P, S>::key_gen_internal;
    let sign: Sign<P> = MlDsa::<P, S>::sign;
    let verify: Verify<P> = MlDsa::<P, S>::verify;
    (key_gen as usize) ^ (sign as usize) ^ (verify as usize)
}

macro_rules! matrices { ($acc:ident; $($m:ident),*) => { $( secrets!($acc, $m); )* }; }
macro_rules! secrets { ($acc:ident, $m:ident) => { commits!($acc, $m; CachedNtt); commits!($acc, $m; RecomputeOnDemand); }; }
macro_rules! commits { ($acc:ident, $m:ident; $s:ident) => { masks!($acc, $m, $s; FullW); masks!($acc, $m, $s; RowW); masks!($acc, $m, $s; PackedW); masks!($acc, $m, $s; StreamedW); }; }
macro_rules! masks { ($acc:ident, $m:ident, $s:ident; $w:ident) => { products!($acc, $m, $s, $w; StoredY); products!($acc, $m, $s, $w; RegeneratedY); products!($acc, $m, $s, $w; SignatureY); }; }
macro_rules! products {
    ($acc:ident, $m:ident, $s:ident, $w:ident; $y:ident) => {
        products!(@one $acc, $m, $s, $w, $y, NttProduct);
        products!(@one $acc, $m, $s, $w, $y, SmallModulusProduct);
        products!(@one $acc, $m, $s, $w, $y, SparseProduct);
    };
    (@one $acc:ident, $m:ident, $s:ident, $w:ident, $y:ident, $c:ident) => {
        $acc ^= entry_points::<MlDsa44, Custom<$m, $s, $w, $y, $c>>();
        $acc ^= entry_points::<MlDsa65, Custom<$m, $s, $w, $y, $c>>();
        $acc ^= entry_points::<MlDsa87, Custom<$m, $s, $w, $y, $c>>();
    };
}

/// Instantiates all combinations ([`catalog::COMBINATIONS`] of them) for ML-DSA-44,
/// 65 and 87; the result is meaningless, the code generation is the point.
pub fn every_combination() -> usize {
    let mut acc = 0;
    matrices!(acc; CachedA, StreamedA);
    acc
}
