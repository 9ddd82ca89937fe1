//! CROSS: key generation and signing for the 18 parameter sets under each preset.

use crate::case::Case;
use crate::grind::{secret, secret_in_place, Bytes};
use pqfit::cross::{
    Balanced, Cross, CrossParams, Fast, MinStack, Rsdp1Balanced, Rsdp1Fast, Rsdp1Small,
    Rsdp3Balanced, Rsdp3Fast, Rsdp3Small, Rsdp5Balanced, Rsdp5Fast, Rsdp5Small, Rsdpg1Balanced,
    Rsdpg1Fast, Rsdpg1Small, Rsdpg3Balanced, Rsdpg3Fast, Rsdpg3Small, Rsdpg5Balanced, Rsdpg5Fast,
    Rsdpg5Small, Signature, SigningKey, Strategy, VerifyingKey,
};

/// Room for the largest seed_sk (2 lambda / 8 = 64 bytes) and the largest signing
/// randomness (lambda / 8 + 2 lambda / 8 = 96 bytes).
const MAX_RANDOM: usize = 96;

/// KeyGen from a secret seed_sk.
fn keygen<P: CrossParams, S: Strategy<P>>() {
    let mut seed: [u8; MAX_RANDOM] = Bytes::new(1).array();
    let seed = &mut seed[..Cross::<P, S>::KEY_SEED_BYTES];
    secret(seed);
    let (mut vk, mut sk) = (VerifyingKey::<P>::default(), SigningKey::<P>::blank());
    Cross::<P, S>::key_gen(seed, &mut vk, &mut sk).expect("right length");
}

/// Sign with a secret key and secret randomness (hashed with the key and the message
/// into the root seed and the salt); the message is public.
fn sign<P: CrossParams, S: Strategy<P>>() {
    let mut bytes = Bytes::new(2);
    let seed: [u8; MAX_RANDOM] = bytes.array();
    let (mut vk, mut sk) = (VerifyingKey::<P>::default(), SigningKey::<P>::blank());
    Cross::<P, S>::key_gen(&seed[..Cross::<P, S>::KEY_SEED_BYTES], &mut vk, &mut sk)
        .expect("right length");
    secret_in_place(sk.as_bytes());
    let mut randomness: [u8; MAX_RANDOM] = bytes.array();
    let randomness = &mut randomness[..Cross::<P, S>::RANDOMNESS_BYTES];
    secret(randomness);
    let mut sig = Signature::<P>::default();
    Cross::<P, S>::sign(&sk, b"firmware v1.2", randomness, &mut sig).expect("right length");
}

fn preset<P: CrossParams, S: Strategy<P> + 'static>(cases: &mut Vec<Case>, strategy: &str) {
    let name = |op: &str| format!("{}/{strategy}/{op}", P::NAME.to_ascii_lowercase());
    cases.push(Case::new(name("keygen"), keygen::<P, S>));
    cases.push(Case::new(name("sign"), sign::<P, S>));
}

fn parameter_set<P: CrossParams>(cases: &mut Vec<Case>)
where
    MinStack: Strategy<P>,
    Balanced: Strategy<P>,
    Fast: Strategy<P>,
{
    preset::<P, MinStack>(cases, "min-stack");
    preset::<P, Balanced>(cases, "balanced");
    preset::<P, Fast>(cases, "fast");
}

/// Every CROSS case.
pub fn cases(cases: &mut Vec<Case>) {
    parameter_set::<Rsdp1Fast>(cases);
    parameter_set::<Rsdp1Balanced>(cases);
    parameter_set::<Rsdp1Small>(cases);
    parameter_set::<Rsdp3Fast>(cases);
    parameter_set::<Rsdp3Balanced>(cases);
    parameter_set::<Rsdp3Small>(cases);
    parameter_set::<Rsdp5Fast>(cases);
    parameter_set::<Rsdp5Balanced>(cases);
    parameter_set::<Rsdp5Small>(cases);
    parameter_set::<Rsdpg1Fast>(cases);
    parameter_set::<Rsdpg1Balanced>(cases);
    parameter_set::<Rsdpg1Small>(cases);
    parameter_set::<Rsdpg3Fast>(cases);
    parameter_set::<Rsdpg3Balanced>(cases);
    parameter_set::<Rsdpg3Small>(cases);
    parameter_set::<Rsdpg5Fast>(cases);
    parameter_set::<Rsdpg5Balanced>(cases);
    parameter_set::<Rsdpg5Small>(cases);
}
