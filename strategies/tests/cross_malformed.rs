//! Bad input to CROSS gets a clear `Err`, never a panic: wrong lengths, set padding
//! bits, out-of-range values, non-zero unused slots of the seed path and the Merkle
//! proof, malformed public keys, and arbitrary corruption.

use pqfit::cross::{
    Cross, CrossParams, Fast, MinStack, Signature, SigningKey, Strategy, VerifyingKey,
};
use pqfit::Error;
use std::panic::{catch_unwind, AssertUnwindSafe};

const MSG: &[u8] = b"malformed input must be rejected";

fn keys_and_sig<P: CrossParams>() -> (VerifyingKey<P>, SigningKey<P>, Vec<u8>) {
    let (mut vk, mut sk) = (VerifyingKey::<P>::default(), SigningKey::<P>::blank());
    Cross::<P, Fast>::key_gen(&vec![0x42; P::KEY_SEED_BYTES], &mut vk, &mut sk).unwrap();
    let mut sig = Signature::<P>::default();
    let randomness = vec![0x17; Cross::<P, Fast>::RANDOMNESS_BYTES];
    Cross::<P, Fast>::sign(&sk, MSG, &randomness, &mut sig).unwrap();
    (vk, sk, sig.as_bytes().to_vec())
}

/// Verifies under a strategy, turning a panic into a test failure with context.
fn verify<P: CrossParams, S: Strategy<P>>(
    vk: &VerifyingKey<P>,
    sig: &[u8],
    what: &str,
) -> Result<(), Error> {
    catch_unwind(AssertUnwindSafe(|| Cross::<P, S>::verify(vk, MSG, sig)))
        .unwrap_or_else(|_| panic!("{} {what}: verify panicked", P::NAME))
}

/// Expects `Err(expected)` from every strategy.
fn expect<P: CrossParams>(vk: &VerifyingKey<P>, sig: &[u8], expected: Error, what: &str) {
    assert_eq!(
        verify::<P, Fast>(vk, sig, what),
        Err(expected),
        "{} {what} (Fast)",
        P::NAME
    );
    assert_eq!(
        verify::<P, MinStack>(vk, sig, what),
        Err(expected),
        "{} {what} (MinStack)",
        P::NAME
    );
}

/// Expects some `Err` from every strategy.
fn expect_err<P: CrossParams>(vk: &VerifyingKey<P>, sig: &[u8], what: &str) {
    assert!(
        verify::<P, Fast>(vk, sig, what).is_err(),
        "{} {what} (Fast)",
        P::NAME
    );
    assert!(
        verify::<P, MinStack>(vk, sig, what).is_err(),
        "{} {what} (MinStack)",
        P::NAME
    );
}

fn lengths<P: CrossParams>() {
    let (vk, sk, sig) = keys_and_sig::<P>();
    assert_eq!(verify::<P, Fast>(&vk, &sig, "valid"), Ok(()));
    for len in [
        0,
        1,
        P::SALT_BYTES,
        P::SIG_RESP_0,
        P::SIG_BYTES - 1,
        P::SIG_BYTES + 1,
    ] {
        let mut s = sig.clone();
        s.resize(len, 0);
        expect::<P>(
            &vk,
            &s,
            Error::InvalidLength {
                expected: P::SIG_BYTES,
                actual: len,
            },
            "length",
        );
    }
    assert!(Signature::<P>::from_bytes(&sig[1..]).is_err());
    assert!(VerifyingKey::<P>::from_bytes(&vk.as_bytes()[1..]).is_err());
    assert!(SigningKey::<P>::from_bytes(&[0; 3]).is_err());
    let (mut vk2, mut sk2) = (VerifyingKey::<P>::default(), SigningKey::<P>::blank());
    assert!(Cross::<P, MinStack>::key_gen(&[1; 5], &mut vk2, &mut sk2).is_err());
    let mut out = Signature::<P>::default();
    assert!(Cross::<P, MinStack>::sign_with_seeds(
        &sk,
        MSG,
        &[0; 3],
        &vec![0; P::SALT_BYTES],
        &mut out
    )
    .is_err());
    assert!(Cross::<P, MinStack>::sign_with_seeds(
        &sk,
        MSG,
        &vec![0; P::SEED_BYTES],
        &[0; 3],
        &mut out
    )
    .is_err());
    assert!(Cross::<P, MinStack>::sign(&sk, MSG, &[], &mut out).is_err());
}

fn encodings<P: CrossParams>() {
    let (vk, _, sig) = keys_and_sig::<P>();
    let resp = P::SIG_RESP_0;
    let y_bits = P::N * P::BITS_P;
    let v_bits = P::RESTRICTED_LEN * P::BITS_Z;

    // A padding bit of y and of v in the first response.
    if y_bits % 8 != 0 {
        let mut s = sig.clone();
        s[resp + P::PACKED_Y_BYTES - 1] |= 0x80;
        expect::<P>(&vk, &s, Error::MalformedSignature, "y padding");
    }
    if v_bits % 8 != 0 {
        let mut s = sig.clone();
        s[resp + P::PACKED_Y_BYTES + P::PACKED_V_BYTES - 1] |= 0x80;
        expect::<P>(&vk, &s, Error::MalformedSignature, "v padding");
    }
    // Out of range: the first y value set to all ones (>= p), the first v value set
    // to all ones (>= z).
    let mut s = sig.clone();
    s[resp] = 0xff;
    if P::BITS_P > 8 {
        s[resp + 1] |= 1;
    }
    expect::<P>(&vk, &s, Error::MalformedSignature, "y out of range");
    let mut s = sig.clone();
    s[resp + P::PACKED_Y_BYTES] |= ((1u16 << P::BITS_Z) - 1) as u8;
    expect::<P>(&vk, &s, Error::MalformedSignature, "v out of range");

    // Unused slots of the seed path and the Merkle proof must be zero.
    if !P::NO_TREES {
        for (field_end, width, what) in [
            (P::SIG_PROOF, P::SEED_BYTES, "seed path padding"),
            (P::SIG_RESP_1, P::HASH_BYTES, "Merkle proof padding"),
        ] {
            let last = &sig[field_end - width..field_end];
            if last.iter().all(|&b| b == 0) {
                let mut s = sig.clone();
                s[field_end - 1] = 1;
                expect::<P>(&vk, &s, Error::MalformedSignature, what);
            }
        }
    }

    // A public key with a set padding bit or an out-of-range syndrome value.
    let syn_bits = (P::N - P::K) * P::BITS_P;
    if syn_bits % 8 != 0 {
        let mut pk = vk.as_bytes().to_vec();
        *pk.last_mut().unwrap() |= 0x80;
        assert_eq!(VerifyingKey::<P>::from_bytes(&pk), Err(Error::MalformedKey));
    }
    let mut pk = vk.as_bytes().to_vec();
    pk[P::KEY_SEED_BYTES] = 0xff;
    pk[P::KEY_SEED_BYTES + 1] |= if P::BITS_P > 8 { 1 } else { 0 };
    assert_eq!(VerifyingKey::<P>::from_bytes(&pk), Err(Error::MalformedKey));
}

fn corruption<P: CrossParams>() {
    let (vk, _, sig) = keys_and_sig::<P>();
    // One flipped bit in each field, and at many other positions.
    let fields = [
        0,
        P::SIG_DIGEST_CMT,
        P::SIG_DIGEST_CHALL_2,
        P::SIG_PATH,
        P::SIG_PROOF,
        P::SIG_RESP_1,
        P::SIG_RESP_0,
        P::SIG_BYTES - 1,
    ];
    let step = P::SIG_BYTES / 40;
    for at in fields.into_iter().chain((0..P::SIG_BYTES).step_by(step)) {
        let mut s = sig.clone();
        s[at] ^= 1;
        expect_err::<P>(&vk, &s, &format!("bit flip at byte {at}"));
    }
    // Whole-signature garbage of the right length.
    for fill in [0u8, 0xff, 0x5a] {
        expect_err::<P>(&vk, &vec![fill; P::SIG_BYTES], &format!("all {fill:#x}"));
    }
    let mut x = 1u32;
    let noise: Vec<u8> = (0..P::SIG_BYTES)
        .map(|_| {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (x >> 24) as u8
        })
        .collect();
    expect_err::<P>(&vk, &noise, "random bytes");
    // Another key.
    let (mut vk2, mut sk2) = (VerifyingKey::<P>::default(), SigningKey::<P>::blank());
    Cross::<P, Fast>::key_gen(&vec![0x43; P::KEY_SEED_BYTES], &mut vk2, &mut sk2).unwrap();
    expect::<P>(&vk2, &sig, Error::VerificationFailed, "other key");
}

macro_rules! malformed {
    ($name:ident, $P:ident) => {
        #[test]
        fn $name() {
            lengths::<pqfit::cross::$P>();
            encodings::<pqfit::cross::$P>();
            corruption::<pqfit::cross::$P>();
        }
    };
}

malformed!(rsdp_1_fast, Rsdp1Fast);
malformed!(rsdp_1_balanced, Rsdp1Balanced);
malformed!(rsdp_1_small, Rsdp1Small);
malformed!(rsdpg_1_fast, Rsdpg1Fast);
malformed!(rsdpg_1_balanced, Rsdpg1Balanced);
malformed!(rsdpg_1_small, Rsdpg1Small);
malformed!(rsdp_5_small, Rsdp5Small);
malformed!(rsdpg_3_balanced, Rsdpg3Balanced);
