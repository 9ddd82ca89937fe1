//! CROSS signing through the RustCrypto `signature` traits, with the stack-lean
//! strategy: `cross::KeyPair<Rsdpg1Small, MinStack>` signs (hedged, fresh randomness
//! per signature) and the bare `VerifyingKey` verifies, the same code that would
//! drive any other `signature` implementation.
//!
//! Host: `cargo run --release -p pqfit --example cross_signing`.
//! Board: `cargo build --release -p pqfit --example cross_signing --target
//! thumbv7em-none-eabi`.
#![cfg_attr(target_os = "none", no_std, no_main)]

#[path = "support/board.rs"]
mod board;

use core::fmt::Write;
use pqfit::cross::{KeyPair, MinStack, Rsdpg1Small, Signature, VerifyingKey};
use pqfit::Encoding;
use rand_core::TryCryptoRng;
use signature::{Keypair, RandomizedSigner, Verifier};

/// CROSS-RSDPG-1-small (the shortest category-1 signatures) in the smallest stack.
type Device = KeyPair<Rsdpg1Small, MinStack>;

fn run(console: &mut impl Write, rng: &mut impl TryCryptoRng) -> Result<(), pqfit::Error> {
    let device = Device::generate(rng)?;
    let msg = b"sensor report 2026-12-03T10:00Z: 21.5 C";
    let sig: Signature<Rsdpg1Small> = device
        .try_sign_with_rng(rng, msg)
        .map_err(|_| pqfit::Error::Rng)?;
    writeln!(
        console,
        "{}: public key {} B, signature {} B",
        Rsdpg1Small::NAME,
        VerifyingKey::<Rsdpg1Small>::BYTES,
        sig.as_bytes().len()
    )
    .ok();

    let vk = device.verifying_key();
    let ok = vk.verify(msg, &sig).is_ok();
    let forged = vk
        .verify(b"sensor report 2026-12-03T10:00Z: 99.9 C", &sig)
        .is_ok();
    writeln!(console, "verifies: {ok}; altered report verifies: {forged}").ok();
    if ok && !forged {
        Ok(())
    } else {
        Err(pqfit::Error::VerificationFailed)
    }
}

#[cfg(not(target_os = "none"))]
fn main() -> Result<(), pqfit::Error> {
    run(&mut board::Console, &mut board::rng())
}
