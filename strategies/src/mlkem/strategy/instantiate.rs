//! Every combination of ML-KEM's memory components, instantiated for every parameter
//! set, so that `cargo build -p pqfit --features instantiate-all --target <embedded>`
//! compiles (and code-generates) each mix for that target, as ML-DSA's
//! `strategy::instantiate` does.

use super::*;
use crate::mlkem::{Ciphertext, MlKem, ParameterSet, PublicKey, SecretKey, SharedSecret};
use pqfit_core::mlkem::{MlKem1024Params, MlKem512Params, MlKem768Params};

/// The addresses of one combination's key generation, encapsulation and
/// decapsulation.
fn entry_points<P: ParameterSet, S: Strategy<P>>() -> usize {
    type KeyGen<P> = fn(&[u8; 64], &mut PublicKey<P>, &mut SecretKey<P>);
    type Encaps<P> = fn(&PublicKey<P>, &[u8; 32], &mut Ciphertext<P>, &mut SharedSecret);
    type Decaps<P> = fn(&SecretKey<P>, &Ciphertext<P>, &mut SharedSecret);
    let key_gen: KeyGen<P> = MlKem::<P, S>::from_seed;
    let encaps: Encaps<P> = MlKem::<P, S>::encaps_internal;
    let decaps: Decaps<P> = MlKem::<P, S>::decaps;
    (key_gen as usize) ^ (encaps as usize) ^ (decaps as usize)
}

macro_rules! secrets { ($acc:ident; $($m:ident),*) => { $( compares!($acc, $m; CachedSecret); compares!($acc, $m; DecodedSecret); )* }; }
macro_rules! compares { ($acc:ident, $m:ident; $s:ident) => { sums!($acc, $m, $s; StreamedCompare); sums!($acc, $m, $s; StoredCompare); }; }
macro_rules! sums {
    ($acc:ident, $m:ident, $s:ident; $c:ident) => {
        sums!(@one $acc, $m, $s, $c, LazyAccumulate);
        sums!(@one $acc, $m, $s, $c, EagerReduce);
    };
    (@one $acc:ident, $m:ident, $s:ident, $c:ident, $a:ident) => {
        $acc ^= entry_points::<MlKem512Params, Custom<$m, $s, $c, $a>>();
        $acc ^= entry_points::<MlKem768Params, Custom<$m, $s, $c, $a>>();
        $acc ^= entry_points::<MlKem1024Params, Custom<$m, $s, $c, $a>>();
    };
}

/// Instantiates all 16 combinations for ML-KEM-512, 768 and 1024; the result is
/// meaningless, the code generation is the point.
pub fn every_combination() -> usize {
    let mut acc = 0;
    secrets!(acc; CachedA, StreamedA);
    acc
}
