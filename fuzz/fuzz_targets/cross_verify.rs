//! CROSS key and signature decoding and verification, for the 18 parameter sets:
//! `VerifyingKey::from_bytes` accepts exactly the right length with every syndrome value
//! below p and zero padding (a spec-level oracle below); `SigningKey` and
//! `Signature::from_bytes` exactly the right length; verification of any signature and
//! message never panics and gives the same answer under every preset and a mix with
//! another Keccak backend.
//!
//! Input: `set, vk (PK_BYTES), sig (SIG_BYTES), msg`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pqfit::cross::{
    Balanced, Cross, CrossParams, Custom, Fast, IncrementalMerkle, MinStack, Signature, SigningKey,
    StoredCmt1, StoredSeedTree, StoredY, Strategy, StreamedMatrices, VerifyingKey,
};
use pqfit::strategy::Interleaved32Compact;
use pqfit::Error;
use pqfit_fuzz::{bit_field, with_cross_set, Input};

/// The other choice of each component the presets share, with the other Keccak backend.
type Mix = Custom<
    StoredSeedTree,
    IncrementalMerkle,
    StoredCmt1,
    StoredY,
    StreamedMatrices,
    Interleaved32Compact,
>;

/// The public key's syndrome: n - k values of BITS_P bits, each below p, zero padding.
fn syndrome_well_formed<P: CrossParams>(packed: &[u8]) -> bool {
    let (n, bits) = (P::N - P::K, P::BITS_P);
    let values_ok = (0..n).all(|i| bit_field(packed, i * bits, bits) < P::P as u32);
    let used = n * bits;
    values_ok && (used..packed.len() * 8).all(|b| bit_field(packed, b, 1) == 0)
}

fn verify<P: CrossParams, S: Strategy<P>>(
    vk: &VerifyingKey<P>,
    sig: &[u8],
    msg: &[u8],
) -> Result<(), Error> {
    Cross::<P, S>::verify(vk, msg, sig)
}

fn check<P: CrossParams>(mut input: Input)
where
    MinStack: Strategy<P>,
    Balanced: Strategy<P>,
    Fast: Strategy<P>,
    Mix: Strategy<P>,
{
    let vk = input.take(P::PK_BYTES);
    let sig = input.take(P::SIG_BYTES);
    let msg = input.rest();
    // Any seed of the right length is a key, but the all-zero one (publicly known).
    assert_eq!(
        SigningKey::<P>::from_bytes(vk).is_ok(),
        vk.len() == P::SK_BYTES && vk.iter().any(|&b| b != 0)
    );
    assert_eq!(
        Signature::<P>::from_bytes(sig).is_ok(),
        sig.len() == P::SIG_BYTES
    );
    let well_formed =
        vk.len() == P::PK_BYTES && syndrome_well_formed::<P>(&vk[P::KEY_SEED_BYTES..]);
    let vk = match VerifyingKey::<P>::from_bytes(vk) {
        Ok(vk) => {
            assert!(well_formed, "accepted a malformed public key");
            assert_eq!(vk.as_bytes().len(), P::PK_BYTES);
            vk
        }
        Err(e) => {
            assert!(!well_formed, "rejected a well-formed public key: {e:?}");
            return;
        }
    };
    let answer = verify::<P, MinStack>(&vk, sig, msg);
    assert_eq!(verify::<P, Balanced>(&vk, sig, msg), answer, "Balanced");
    assert_eq!(verify::<P, Fast>(&vk, sig, msg), answer, "Fast");
    assert_eq!(verify::<P, Mix>(&vk, sig, msg), answer, "mix");
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let set = input.byte();
    with_cross_set!(set, check(input));
});
