//! `VerifyingKey`, `SigningKey` and `Signature::from_bytes` of ML-DSA-44/65/87 on any
//! bytes: never a panic; `Ok` exactly for the right length and (for the signing key and
//! the signature) a well-formed encoding, as decided by the spec-level oracles of the
//! fuzz crate; a decoded value re-encodes to the input; `TryFrom` agrees.
//!
//! Input: `set, bytes`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pqfit::{Error, ParameterSet, Signature, SigningKey, VerifyingKey};
use pqfit_fuzz::{mldsa_hint_well_formed, mldsa_sk_well_formed, with_mldsa_set, Input};

fn check<P: ParameterSet>(bytes: &[u8]) {
    let wrong_length = |expected: usize, r: &Result<(), Error>| {
        if bytes.len() != expected {
            assert_eq!(
                *r,
                Err(Error::InvalidLength {
                    expected,
                    actual: bytes.len()
                })
            );
        }
    };

    let vk = VerifyingKey::<P>::from_bytes(bytes);
    assert_eq!(vk.is_ok(), bytes.len() == P::PK_BYTES);
    if let Ok(vk) = &vk {
        assert_eq!(vk.as_bytes(), bytes);
    }
    assert_eq!(
        VerifyingKey::<P>::try_from(bytes).ok(),
        vk.as_ref().ok().cloned()
    );
    wrong_length(P::PK_BYTES, &vk.map(|_| ()));

    let sk = SigningKey::<P>::from_bytes(bytes);
    // An all-zero encoding is well formed but refused: a publicly known key.
    let blank = bytes.iter().all(|&b| b == 0);
    let well_formed = bytes.len() == P::SK_BYTES && mldsa_sk_well_formed::<P>(bytes);
    let sk_ok = well_formed && !blank;
    assert_eq!(sk.is_ok(), sk_ok);
    match &sk {
        Ok(sk) => assert_eq!(sk.as_bytes(), bytes),
        Err(e) if well_formed => assert_eq!(*e, Error::BlankKey),
        Err(e) if bytes.len() == P::SK_BYTES => assert_eq!(*e, Error::MalformedKey),
        Err(_) => {}
    }
    assert_eq!(SigningKey::<P>::try_from(bytes).is_ok(), sk_ok);
    wrong_length(P::SK_BYTES, &sk.map(|_| ()));

    let sig = Signature::<P>::from_bytes(bytes);
    let sig_ok = bytes.len() == P::SIG_BYTES
        && mldsa_hint_well_formed::<P>(&bytes[P::SIG_BYTES - P::OMEGA - P::K..]);
    assert_eq!(sig.is_ok(), sig_ok);
    match &sig {
        Ok(sig) => assert_eq!(sig.as_bytes(), bytes),
        Err(e) if bytes.len() == P::SIG_BYTES => assert_eq!(*e, Error::MalformedSignature),
        Err(_) => {}
    }
    assert_eq!(
        Signature::<P>::try_from(bytes).ok(),
        sig.as_ref().ok().cloned()
    );
    wrong_length(P::SIG_BYTES, &sig.map(|_| ()));
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let set = input.byte();
    with_mldsa_set!(set, check(input.rest()));
});
