//! Key generation, signing and verification with each ML-DSA parameter set: prints
//! the sizes an integrator budgets for and checks a round trip.
//!
//! Host: `cargo run --release -p pqfit --example mldsa`.
//! Board: `cargo build --release -p pqfit --example mldsa --target thumbv7em-none-eabi`.
#![cfg_attr(target_os = "none", no_std, no_main)]

#[path = "support/board.rs"]
mod board;

use core::fmt::Write;
use pqfit::{KeyPair, MlDsa, MlDsa44, MlDsa65, MlDsa87, ParameterSet, Signature, SmallStack};
use rand_core::TryCryptoRng;

fn round_trip<P: ParameterSet>(
    console: &mut impl Write,
    rng: &mut impl TryCryptoRng,
) -> Result<(), pqfit::Error> {
    let kp = KeyPair::<P, SmallStack>::generate(rng)?;
    let mut sig = Signature::<P>::default();
    let msg = b"firmware image v1.2.3";
    MlDsa::<P, SmallStack>::sign_with_rng(&kp.signing_key, msg, b"update", rng, &mut sig)?;
    MlDsa::<P, SmallStack>::verify(&kp.verifying_key, msg, b"update", sig.as_bytes())?;
    let forged = MlDsa::<P, SmallStack>::verify(
        &kp.verifying_key,
        b"firmware image v6.6.6",
        b"update",
        sig.as_bytes(),
    );
    writeln!(
        console,
        "{:<10} public key {:>5} B  secret key {:>5} B  signature {:>5} B  round trip ok, forgery {}",
        P::NAME,
        P::PK_BYTES,
        P::SK_BYTES,
        P::SIG_BYTES,
        if forged.is_err() { "rejected" } else { "ACCEPTED" }
    )
    .ok();
    match forged {
        Err(_) => Ok(()),
        Ok(()) => Err(pqfit::Error::VerificationFailed),
    }
}

fn run(console: &mut impl Write, rng: &mut impl TryCryptoRng) -> Result<(), pqfit::Error> {
    round_trip::<MlDsa44>(console, rng)?;
    round_trip::<MlDsa65>(console, rng)?;
    round_trip::<MlDsa87>(console, rng)
}

#[cfg(not(target_os = "none"))]
fn main() -> Result<(), pqfit::Error> {
    run(&mut board::Console, &mut board::rng())
}
