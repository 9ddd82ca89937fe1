//! Every CROSS preset instantiated for all 18 parameter sets, so that `cargo build
//! -p pqfit --features instantiate-all --target <embedded>` code-generates them for
//! that target (as `strategy::instantiate` does for ML-DSA).

use super::*;

/// The addresses of one combination's key generation, signing and verification.
fn entry_points<P: CrossParams, S: Strategy<P>>() -> usize {
    type KeyGen<P> = fn(&[u8], &mut VerifyingKey<P>, &mut SigningKey<P>) -> Result<(), Error>;
    type Sign<P> = fn(&SigningKey<P>, &[u8], &[u8], &mut Signature<P>) -> Result<(), Error>;
    type Verify<P> = fn(&VerifyingKey<P>, &[u8], &[u8]) -> Result<(), Error>;
    let key_gen: KeyGen<P> = Cross::<P, S>::key_gen;
    let sign: Sign<P> = Cross::<P, S>::sign;
    let verify: Verify<P> = Cross::<P, S>::verify;
    (key_gen as usize) ^ (sign as usize) ^ (verify as usize)
}

macro_rules! presets {
    ($acc:ident; $($p:ident),*) => {
        $(
            $acc ^= entry_points::<$p, MinStack>();
            $acc ^= entry_points::<$p, Balanced>();
            $acc ^= entry_points::<$p, Fast>();
        )*
    };
}

/// Instantiates [`MinStack`], [`Balanced`] and [`Fast`] for the 18 parameter sets;
/// the result is meaningless, the code generation is the point.
pub fn every_preset() -> usize {
    let mut acc = 0;
    pqfit_core::for_each_cross_parameter_set!(presets, acc);
    acc
}
