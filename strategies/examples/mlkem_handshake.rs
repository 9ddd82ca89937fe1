//! An ML-KEM-768 handshake (FIPS 203) between a device and a peer: the device
//! generates its key pair from the board's RNG and keeps only the 64-byte seed d || z
//! (as a device would store it in flash), loads the key from that seed, publishes the
//! encapsulation key; the peer checks that key (FIPS 203 §7.2), encapsulates to it;
//! the device decapsulates; both derive the same session key from the shared key and
//! the transcript.
//!
//! The preset: `MlKem768<SmallStack>`, the strategy for a device with little stack
//! (A-hat streamed, one row at a time, the secret decoded per use, the re-encryption
//! compared as it streams out): docs/ml-kem.md lists the presets and what each
//! strategy component costs. Every preset gives the same bytes, so the peer may run
//! another one (here `Balanced`, as a server would).
//!
//! The buffers: the device's `kem` decapsulation key holds ek once plus the secret
//! part (about 2.4 KB); the peer writes its ciphertext (1,088 B) and shared key
//! (32 B) into caller buffers, which could as well be statics. The secret values
//! zeroize themselves on drop.
//!
//! Host: `cargo run --release -p pqfit --example mlkem_handshake`.
//! Board: `cargo build --release -p pqfit --example mlkem_handshake --target
//! thumbv7em-none-eabi` (the RNG is the STM32F4's, see support/board.rs).
#![cfg_attr(target_os = "none", no_std, no_main)]

#[path = "support/board.rs"]
mod board;

use core::fmt::Write;
use pqfit::mlkem::kem::{Decapsulate, Decapsulator, Generate, KeyExport};
use pqfit::mlkem::{
    Balanced, Ciphertext, DecapsulationKey, MlKem768Params, PublicKey, SharedSecret, SmallStack,
};
use pqfit::MlKem768;
use pqfit_core::ct::bytes_eq;
use pqfit_core::hash::sha3_256;
use rand_core::TryCryptoRng;
use zeroize::Zeroizing;

/// The device's KEM: ML-KEM-768 with the smallest stack.
type Device = MlKem768<SmallStack>;
/// The peer's KEM: the same parameter set, another strategy (same bytes).
type Peer = MlKem768<Balanced>;

/// The session key both sides derive: SHA3-256 of a label, the ciphertext and the
/// shared key (a protocol would use its own KDF and the whole transcript).
fn session_key(ciphertext: &[u8], shared: &[u8]) -> Zeroizing<[u8; 32]> {
    let mut out = Zeroizing::new([0u8; 32]);
    sha3_256(&[b"pqfit mlkem_handshake v1", ciphertext, shared], &mut out);
    out
}

fn run<R: TryCryptoRng>(console: &mut impl Write, rng: &mut R) -> Result<(), pqfit::Error> {
    // Device, once: a key pair from the RNG (ML-KEM.KeyGen draws d || z, 64 bytes).
    // Only the seed is stored; an RNG failure is an error, never a fixed seed.
    let stored_seed: Zeroizing<[u8; 64]> = {
        let fresh = DecapsulationKey::<Device>::try_generate_from_rng(rng)
            .map_err(|_| pqfit::Error::Rng)?;
        fresh.seed().ok_or(pqfit::Error::MissingSeed)?
    };

    // Device, at every boot: load the key from the stored seed (KeyGen_internal).
    let device = DecapsulationKey::<Device>::from_seed_bytes(&stored_seed);
    let published = device.encapsulation_key().to_bytes();

    // Peer: imports the published key (the §7.2 modulus check) and encapsulates into
    // its own buffers, drawing m from its RNG.
    let peer_view = PublicKey::from_bytes(&published)?;
    let mut ciphertext = Ciphertext::default();
    let mut peer_shared = SharedSecret::zeroed();
    Peer::encaps(rng, &peer_view, &mut ciphertext, &mut peer_shared)?;
    let peer_session = session_key(ciphertext.as_bytes(), peer_shared.as_bytes());

    // Device: decapsulates (implicit rejection: a forged ciphertext gives an
    // unrelated key, never an error an attacker could observe). The only error is a
    // ciphertext of the wrong length.
    let decapsulate = |ct: &[u8]| {
        device
            .decapsulate_slice(ct)
            .map(Zeroizing::new)
            .map_err(|_| pqfit::Error::InvalidLength {
                expected: Ciphertext::<MlKem768Params>::BYTES,
                actual: ct.len(),
            })
    };
    let device_shared = decapsulate(ciphertext.as_bytes())?;
    let device_session = session_key(ciphertext.as_bytes(), &device_shared[..]);
    let agree = bytes_eq(&peer_session[..], &device_session[..]);
    writeln!(
        console,
        "ML-KEM-768 (device SmallStack, peer Balanced): seed {} B, encapsulation key {} B, \
         ciphertext {} B, decapsulation key in memory {} B; session keys agree: {agree}",
        stored_seed.len(),
        published.len(),
        ciphertext.as_bytes().len(),
        core::mem::size_of::<DecapsulationKey<Device>>(),
    )
    .ok();

    let mut forged = [0u8; Ciphertext::<MlKem768Params>::BYTES];
    forged.copy_from_slice(ciphertext.as_bytes());
    forged[0] ^= 1;
    let other = decapsulate(&forged)?;
    let rejected = !bytes_eq(&other[..], peer_shared.as_bytes());
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
