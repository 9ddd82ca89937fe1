//! `Hardened<S>` signs byte for byte as `S` does, through every signing entry point,
//! for ML-DSA-44/65/87 and the CROSS category-1 parameter sets, with every preset.

use pqfit::cross::{Cross, CrossParams};

use pqfit::strategy::{Balanced, FastSign, Hardened, Reference, SmallStack, Strategy};
use pqfit::{
    ExpandedKey, KeyPair, MlDsa, MlDsa44, MlDsa65, MlDsa87, ParameterSet, PreHash, Signature,
    SigningKey, VerifyingKey,
};
use signature::{Keypair, RandomizedSigner, Signer};
use support::rng::TestRng;

#[macro_use]
mod support;

const MESSAGES: [&[u8]; 3] = [b"", b"abc", &[0x5a; 300]];

/// Every signature `MlDsa::<P, S>` makes of the messages under one key, in order.
fn ml_dsa_signatures<P: ParameterSet, S: Strategy<P>>(seed: u8) -> Vec<Vec<u8>> {
    let (mut vk, mut sk) = (VerifyingKey::<P>::default(), SigningKey::<P>::blank());
    MlDsa::<P, S>::key_gen_internal(&[seed; 32], &mut vk, &mut sk);
    let mut expanded = ExpandedKey::<P, S>::default();
    MlDsa::<P, S>::expand_key(&sk, &mut expanded);
    let pair = KeyPair::<P, S>::from_seed(&[seed; 32]);
    assert_eq!(pair.verifying_key(), vk);
    let mut out = Vec::new();
    for (m, msg) in MESSAGES.iter().enumerate() {
        let rnd = [m as u8 + 1; 32];
        let mut sig = Signature::<P>::default();
        MlDsa::<P, S>::sign(&sk, msg, b"ctx", &rnd, &mut sig).unwrap();
        out.push(sig.as_bytes().to_vec());
        let n = MlDsa::<P, S>::sign_with_iteration_count(&sk, msg, b"", &rnd, &mut sig).unwrap();
        out.push(sig.as_bytes().to_vec());
        out.push(n.to_le_bytes().to_vec());
        MlDsa::<P, S>::sign_deterministic(&sk, msg, b"", &mut sig).unwrap();
        out.push(sig.as_bytes().to_vec());
        MlDsa::<P, S>::sign_with_rng(&sk, msg, b"", &mut TestRng::new(m as u8), &mut sig).unwrap();
        out.push(sig.as_bytes().to_vec());
        MlDsa::<P, S>::hash_sign(&sk, msg, b"c", PreHash::Sha2_256, &rnd, &mut sig).unwrap();
        out.push(sig.as_bytes().to_vec());
        MlDsa::<P, S>::sign_expanded(&expanded, msg, b"ctx", &rnd, &mut sig).unwrap();
        out.push(sig.as_bytes().to_vec());
        MlDsa::<P, S>::sign_internal(&sk, msg, &rnd, &mut sig).unwrap();
        out.push(sig.as_bytes().to_vec());
        let mut mu = [0u8; 64];
        MlDsa::<P, S>::external_mu(&vk, msg, b"", &mut mu).unwrap();
        MlDsa::<P, S>::sign_mu(&sk, &mu, &rnd, &mut sig).unwrap();
        out.push(sig.as_bytes().to_vec());
        out.push(pair.sign(msg).as_bytes().to_vec());
        out.push(
            pair.sign_with_rng(&mut TestRng::new(m as u8), msg)
                .as_bytes()
                .to_vec(),
        );
        assert!(MlDsa::<P, S>::verify(&vk, msg, b"", sig.as_bytes()).is_ok());
        assert!(MlDsa::<P, S>::sign(&sk, msg, &[0; 256], &rnd, &mut sig).is_err());
    }
    out
}

fn same_ml_dsa<P: ParameterSet, S: Strategy<P>>() {
    for seed in [0x11, 0xa5] {
        let plain = ml_dsa_signatures::<P, S>(seed);
        let hardened = ml_dsa_signatures::<P, Hardened<S>>(seed);
        assert_eq!(plain.len(), hardened.len());
        for (k, (p, h)) in plain.iter().zip(&hardened).enumerate() {
            assert_eq!(p, h, "{} output {k} differs", P::NAME);
        }
    }
}

macro_rules! ml_dsa_presets {
    ($($test:ident: $p:ty;)*) => {$(
        #[test]
        fn $test() {
            same_ml_dsa::<$p, Reference>();
            same_ml_dsa::<$p, SmallStack>();
            same_ml_dsa::<$p, FastSign>();
            same_ml_dsa::<$p, Balanced>();
        }
    )*};
}

ml_dsa_presets! {
    ml_dsa_44_hardened_presets: MlDsa44;
    ml_dsa_65_hardened_presets: MlDsa65;
    ml_dsa_87_hardened_presets: MlDsa87;
}

/// `Dilithium3<Hardened<FastSign>>` names the type, as the docs say.
#[test]
fn dilithium_alias_takes_hardened() {
    type Signer = pqfit::Dilithium3<Hardened<FastSign>>;
    let (mut vk, mut sk) = (VerifyingKey::default(), SigningKey::blank());
    Signer::key_gen_internal(&[9; 32], &mut vk, &mut sk);
    let mut sig = Signature::default();
    Signer::sign_deterministic(&sk, b"m", b"", &mut sig).unwrap();
    assert!(Signer::verify(&vk, b"m", b"", sig.as_bytes()).is_ok());
}

/// Every signature `Cross::<P, S>` makes of the messages under one key, in order.
fn cross_signatures<P: CrossParams, S: pqfit::cross::Strategy<P>>(seed: u8) -> Vec<Vec<u8>> {
    use pqfit::cross::{KeyPair, Signature, SigningKey, VerifyingKey};
    let (mut vk, mut sk) = (VerifyingKey::<P>::default(), SigningKey::<P>::blank());
    Cross::<P, S>::key_gen(&vec![seed; P::KEY_SEED_BYTES], &mut vk, &mut sk).unwrap();
    let pair = KeyPair::<P, S>::from_signing_key(&sk);
    let mut out = Vec::new();
    for (m, msg) in MESSAGES.iter().enumerate() {
        let randomness = vec![m as u8 ^ seed; Cross::<P, S>::RANDOMNESS_BYTES];
        let mut sig = Signature::<P>::default();
        Cross::<P, S>::sign(&sk, msg, &randomness, &mut sig).unwrap();
        out.push(sig.as_bytes().to_vec());
        assert!(Cross::<P, S>::verify(&vk, msg, sig.as_bytes()).is_ok());
        Cross::<P, S>::sign_with_rng(&mut TestRng::new(m as u8), &sk, msg, &mut sig).unwrap();
        out.push(sig.as_bytes().to_vec());
        #[cfg(feature = "hazmat")]
        {
            let (root_seed, salt) = randomness.split_at(P::SEED_BYTES);
            Cross::<P, S>::sign_with_seeds(&sk, msg, root_seed, salt, &mut sig).unwrap();
            out.push(sig.as_bytes().to_vec());
        }
        out.push(
            pair.sign_with_rng(&mut TestRng::new(m as u8), msg)
                .as_bytes()
                .to_vec(),
        );
        assert!(Cross::<P, S>::sign(&sk, msg, &randomness[1..], &mut sig).is_err());
    }
    out
}

fn same_cross<P: CrossParams, S: pqfit::cross::Strategy<P>>() {
    let plain = cross_signatures::<P, S>(3);
    let hardened = cross_signatures::<P, pqfit::cross::Hardened<S>>(3);
    assert_eq!(plain.len(), hardened.len());
    for (k, (p, h)) in plain.iter().zip(&hardened).enumerate() {
        assert_eq!(p, h, "{} output {k} differs", P::NAME);
    }
}

macro_rules! cross_presets {
    ($($test:ident: $p:ident;)*) => {$(
        #[test]
        fn $test() {
            same_cross::<pqfit::cross::$p, pqfit::cross::Fast>();
            same_cross::<pqfit::cross::$p, pqfit::cross::Balanced>();
            same_cross::<pqfit::cross::$p, pqfit::cross::MinStack>();
        }
    )*};
}

cross_presets! {
    cross_rsdp_1_fast_hardened_presets: Rsdp1Fast;
    cross_rsdp_1_balanced_hardened_presets: Rsdp1Balanced;
    cross_rsdp_1_small_hardened_presets: Rsdp1Small;
    cross_rsdpg_1_fast_hardened_presets: Rsdpg1Fast;
    cross_rsdpg_1_balanced_hardened_presets: Rsdpg1Balanced;
    cross_rsdpg_1_small_hardened_presets: Rsdpg1Small;
}
