//! Signing firmware updates on a Cortex-M4 with `Dilithium3<SmallStack>` (ML-DSA-65 in
//! the smallest stack): the device signs the manifest of the image it accepted (an
//! attestation the update server checks), and verifies the vendor's signature on the
//! next image before installing it.
//!
//! Host: `cargo run --release -p pqfit --example firmware_signing`.
//! Board: `cargo build --release -p pqfit --example firmware_signing --target
//! thumbv7em-none-eabi` (STM32F407 memory map in `examples/support/memory.x`; output by
//! semihosting).
#![cfg_attr(target_os = "none", no_std, no_main)]

#[path = "support/board.rs"]
mod board;

use core::fmt::Write;
use pqfit::{Dilithium3, KeyPair, MlDsa65, Signature, SmallStack, VerifyingKey};
use rand_core::TryCryptoRng;
use sha2::{Digest, Sha256};

/// ML-DSA-65 signing in about 5 kB of stack on the M4 (docs/reports).
type Device = Dilithium3<SmallStack>;

/// The domain of these signatures (the FIPS 204 context string).
const CONTEXT: &[u8] = b"acme-fw-manifest-v1";

/// What is signed: the image's version, length and SHA-256, not the image itself, so
/// that the signature can be checked before the image is read twice.
fn manifest(version: u32, image: &[u8], out: &mut [u8; 40]) {
    out[..4].copy_from_slice(&version.to_be_bytes());
    out[4..8].copy_from_slice(&(image.len() as u32).to_be_bytes());
    out[8..].copy_from_slice(&Sha256::digest(image));
}

fn run(console: &mut impl Write, rng: &mut impl TryCryptoRng) -> Result<(), pqfit::Error> {
    // The device key is stored as its 32-byte seed (FIPS 204's xi), the form current
    // standards prefer; in a product it comes from the secure element or OTP memory
    // provisioned at manufacture, here from the RNG.
    let mut xi = [0u8; 32];
    rng.try_fill_bytes(&mut xi).map_err(|_| pqfit::Error::Rng)?;
    let device = KeyPair::<MlDsa65, SmallStack>::from_seed(&xi);

    let image: &[u8] = b"\x7fELF... firmware image v1.4.0 ...";
    let mut m = [0u8; 40];
    manifest(0x0104_0000, image, &mut m);

    // Hedged signing (fresh randomness), the variant FIPS 204 recommends.
    let mut sig = Signature::<MlDsa65>::default();
    Device::sign_with_rng(&device.signing_key, &m, CONTEXT, rng, &mut sig)?;
    writeln!(
        console,
        "signed manifest of {} bytes: {} B signature with Dilithium3<SmallStack>",
        image.len(),
        sig.as_bytes().len(),
    )
    .ok();

    // The server's side: the public key travels as bytes.
    let vk = VerifyingKey::<MlDsa65>::from_bytes(device.verifying_key.as_bytes())?;
    Device::verify(&vk, &m, CONTEXT, sig.as_bytes())?;
    writeln!(console, "manifest signature verifies").ok();

    // A tampered image changes the manifest: verification fails.
    manifest(0x0104_0000, b"\x7fELF... firmware image v6.6.6 ...", &mut m);
    let forged = Device::verify(&vk, &m, CONTEXT, sig.as_bytes());
    writeln!(console, "tampered image: {:?}", forged.err()).ok();
    Ok(())
}

#[cfg(not(target_os = "none"))]
fn main() -> Result<(), pqfit::Error> {
    run(&mut board::Console, &mut board::rng())
}
