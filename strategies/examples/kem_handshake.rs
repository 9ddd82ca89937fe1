//! A key exchange with sntrup761 through the RustCrypto `kem` traits: a device holds a
//! long-term decapsulation key, a server encapsulates a fresh shared key to the
//! device's published encapsulation key, and both sides derive the same session key
//! (here, the 32-byte shared key itself; a protocol would feed it and the transcript
//! to a KDF).
//!
//! Host: `cargo run --release -p pqfit --example kem_handshake`.
//! Board: `cargo build --release -p pqfit --example kem_handshake --target
//! thumbv7em-none-eabi`.
#![cfg_attr(target_os = "none", no_std, no_main)]

#[path = "support/board.rs"]
mod board;

use core::fmt::Write;
use pqfit::ntruprime::kem::{
    Decapsulate, Decapsulator, Encapsulate, Generate, KeyExport, TryKeyInit,
};
use pqfit::ntruprime::{DecapsulationKey, EncapsulationKey, Karatsuba};
use pqfit::Sntrup761;
use pqfit_core::ct::bytes_eq;
use rand_core::{TryCryptoRng, UnwrapErr};
use zeroize::Zeroizing;

/// sntrup761 with the Karatsuba multiplication (docs/ntruprime.md: its stack per
/// target).
type Kem = Sntrup761<Karatsuba>;

fn run<R: TryCryptoRng>(console: &mut impl Write, rng: &mut R) -> Result<(), pqfit::Error> {
    // Device: a long-term key pair; the encapsulation key is published as bytes.
    let device =
        DecapsulationKey::<Kem>::try_generate_from_rng(rng).map_err(|_| pqfit::Error::Rng)?;
    let published = device.encapsulation_key().to_bytes();

    // Server: reads the key, encapsulates. The trait's RNG is infallible: a failing
    // RNG aborts rather than encapsulating with bad randomness.
    let server_view = EncapsulationKey::<Kem>::new_from_slice(&published)
        .map_err(|_| pqfit::Error::MalformedKey)?;
    let (ciphertext, server_key) = server_view.encapsulate_with_rng(&mut UnwrapErr(rng));
    let server_key = Zeroizing::new(server_key);

    // Device: decapsulates (implicit rejection: a forged ciphertext gives an
    // unrelated key, never an error an attacker could observe).
    let device_key = Zeroizing::new(device.decapsulate(&ciphertext));
    let agree = bytes_eq(&server_key[..], &device_key[..]);
    writeln!(
        console,
        "sntrup761: encapsulation key {} B, ciphertext {} B, shared keys agree: {agree}",
        published.len(),
        ciphertext.len()
    )
    .ok();

    let mut forged = ciphertext;
    forged[0] ^= 1;
    let other = Zeroizing::new(device.decapsulate(&forged));
    let rejected = !bytes_eq(&other[..], &server_key[..]);
    writeln!(
        console,
        "forged ciphertext gives an unrelated key: {rejected}"
    )
    .ok();
    if agree && rejected {
        Ok(())
    } else {
        Err(pqfit::Error::VerificationFailed)
    }
}

#[cfg(not(target_os = "none"))]
fn main() -> Result<(), pqfit::Error> {
    run(&mut board::Console, &mut board::rng())
}
