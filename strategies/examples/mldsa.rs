//! Key generation, signing and verification with each ML-DSA parameter set: prints
//! the sizes an integrator budgets for and checks a round trip.
//!
//! `cargo run --release -p pqfit --example mldsa`

use pqfit::{MlDsa, MlDsa44, MlDsa65, MlDsa87, ParameterSet, Signature, SigningKey, VerifyingKey};

fn run<P: ParameterSet>() -> Result<(), pqfit::Error> {
    let (mut vk, mut sk) = (VerifyingKey::<P>::default(), SigningKey::<P>::default());
    MlDsa::<P>::key_gen_internal(&[1u8; 32], &mut vk, &mut sk);
    let mut sig = Signature::<P>::default();
    let msg = b"firmware image v1.2.3";
    MlDsa::<P>::sign(&sk, msg, b"update", &[2u8; 32], &mut sig)?;
    MlDsa::<P>::verify(&vk, msg, b"update", sig.as_bytes())?;
    let forged = MlDsa::<P>::verify(&vk, b"firmware image v6.6.6", b"update", sig.as_bytes());
    println!(
        "{:<10} public key {:>5} B  secret key {:>5} B  signature {:>5} B  round trip ok, forgery {}",
        P::NAME,
        P::PK_BYTES,
        P::SK_BYTES,
        P::SIG_BYTES,
        if forged.is_err() { "rejected" } else { "ACCEPTED" }
    );
    Ok(())
}

fn main() -> Result<(), pqfit::Error> {
    run::<MlDsa44>()?;
    run::<MlDsa65>()?;
    run::<MlDsa87>()
}
