//! RustCrypto `ml-dsa`, ML-DSA-65, without `alloc` (everything on the stack). Key
//! generation is `SigningKey::from_seed` (KeyGen_internal) with the verifying key from
//! `Keypair::verifying_key` (recomputed from the expanded key without `alloc`) and the
//! expanded signing-key encoding; signing decodes the expanded key and runs
//! `sign_internal` on M' = 0 || |ctx| || ctx || M (ML-DSA.Sign, Algorithm 2, with the
//! given rnd).

use ml_dsa::{
    EncodedSignature, EncodedVerifyingKey, ExpandedSigningKey, ExpandedSigningKeyBytes, Keypair,
    MlDsa65, Signature, SigningKey, VerifyingKey, B32,
};

use super::sizes::{PK, SIG, SK};

#[inline(never)]
pub fn keygen(xi: &[u8; 32], vk: &mut [u8; PK], sk: &mut [u8; SK]) {
    let key = SigningKey::<MlDsa65>::from_seed(&B32::from(*xi));
    vk.copy_from_slice(&key.verifying_key().encode());
    // The expanded encoding is what the harness compares; the crate deprecates it in
    // favour of keeping the seed.
    #[allow(deprecated)]
    sk.copy_from_slice(&key.expanded_key().to_expanded());
}

#[inline(never)]
pub fn sign(sk: &[u8; SK], msg: &[u8], rnd: &[u8; 32], sig: &mut [u8; SIG]) -> u32 {
    let Ok(bytes) = <&ExpandedSigningKeyBytes<MlDsa65>>::try_from(&sk[..]) else {
        return 1;
    };
    #[allow(deprecated)]
    let key = ExpandedSigningKey::<MlDsa65>::from_expanded(bytes);
    // M' of ML-DSA.Sign with an empty context: the domain byte 0 and the context length 0.
    let signature = key.sign_internal(&[&[0, 0], msg], &B32::from(*rnd));
    sig.copy_from_slice(&signature.encode());
    0
}

#[inline(never)]
pub fn verify(vk: &[u8; PK], msg: &[u8], sig: &[u8; SIG]) -> u32 {
    let (Ok(key), Ok(signature)) = (
        <&EncodedVerifyingKey<MlDsa65>>::try_from(&vk[..]),
        <&EncodedSignature<MlDsa65>>::try_from(&sig[..]),
    ) else {
        return 1;
    };
    let Some(signature) = Signature::<MlDsa65>::decode(signature) else {
        return 1;
    };
    if VerifyingKey::<MlDsa65>::decode(key).verify_with_context(msg, &[], &signature) {
        0
    } else {
        1
    }
}
