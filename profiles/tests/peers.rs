//! The peers in the harness: every ML-DSA-65 and ML-KEM-768 peer builds for the M4 and runs
//! with its keys and signatures, ciphertexts and shared secrets equal to pqfit's on the
//! host (checked inside `measure`), and a peer firmware that corrupts its signing key, its
//! signature or its verdict, or its decapsulation key, its ciphertext or its shared secret,
//! is reported as an error, never measured.
//!
//! Builds fourteen firmware variants (the eight peers, then libcrux's ML-DSA and ML-KEM
//! three times each tampered with): a few minutes from a cold build, seconds to run. PQClean's C needs arm-none-eabi-gcc
//! (scripts/setup.sh installs it). Set `PQFIT_SKIP_FIRMWARE_TESTS=1` to skip.

use pqfit_profiles::peers::{self, Tamper};
use pqfit_profiles::{measure, scheme, Error, Request, Scheme};

fn skip() -> bool {
    std::env::var_os("PQFIT_SKIP_FIRMWARE_TESTS").is_some()
}

/// One key generation, one signature, one verification (and the corrupted signature).
fn small(strategy: &str) -> Request {
    small_of("ml-dsa-65", strategy)
}

/// One run of each operation of `scheme` (and the corrupted signature or ciphertext).
fn small_of(scheme_name: &str, strategy: &str) -> Request {
    let mut req = Request::new("m4", scheme(scheme_name).unwrap(), strategy);
    req.keygen_runs = 1;
    req.sign_runs = 1;
    req.verify_runs = 1;
    req
}

#[test]
fn every_ml_dsa_peer_matches_the_host_on_the_m4() {
    if skip() {
        return;
    }
    let all: Vec<_> = peers::for_scheme(scheme("ml-dsa-65").unwrap()).collect();
    assert_eq!(all.len(), 4);
    for p in all {
        let m = measure(&small(&p.strategy())).unwrap_or_else(|e| panic!("{}: {e}", p.name));
        let ops: Vec<&str> = m.ops.iter().map(|o| o.op.as_str()).collect();
        assert_eq!(ops, ["keygen", "sign", "verify"], "{}", p.name);
        for o in &m.ops {
            assert_eq!(o.strategy, p.strategy());
            assert_eq!((o.target.as_str(), o.scheme.as_str()), ("m4", "ml-dsa-65"));
            // ML-DSA-65 takes millions of cycles and kilobytes of stack in any implementation.
            assert!(o.cycles.min > 1_000_000, "{}: {o:?}", p.name);
            assert!(o.stack_bytes > 4_000, "{}: {o:?}", p.name);
            assert!(o.flash_bytes.text > 5_000, "{}: {o:?}", p.name);
        }
    }
}

#[test]
fn every_ml_kem_peer_matches_the_host_on_the_m4() {
    if skip() {
        return;
    }
    let all: Vec<_> = peers::for_scheme(scheme("ml-kem-768").unwrap()).collect();
    assert_eq!(all.len(), 4);
    for p in all {
        let m = measure(&small_of("ml-kem-768", &p.strategy()))
            .unwrap_or_else(|e| panic!("{}: {e}", p.name));
        let ops: Vec<&str> = m.ops.iter().map(|o| o.op.as_str()).collect();
        assert_eq!(ops, ["keygen", "encaps", "decaps"], "{}", p.name);
        for o in &m.ops {
            assert_eq!(o.strategy, p.strategy());
            assert_eq!((o.target.as_str(), o.scheme.as_str()), ("m4", "ml-kem-768"));
            // ML-KEM-768 takes hundreds of thousands of cycles and kilobytes of stack in
            // any implementation.
            assert!(o.cycles.min > 300_000, "{}: {o:?}", p.name);
            assert!(o.stack_bytes > 2_000, "{}: {o:?}", p.name);
            assert!(o.flash_bytes.text > 5_000, "{}: {o:?}", p.name);
        }
    }
}

#[test]
fn a_tampered_ml_kem_peer_is_an_error() {
    if skip() {
        return;
    }
    let libcrux = peers::parse("peer:libcrux-ml-kem").unwrap();
    let req = small_of("ml-kem-768", &libcrux.strategy());
    for (tamper, needle) in [
        (Tamper::Keygen, "keygen 0 secret key"),
        (Tamper::Encaps, "ciphertext 0"),
        (Tamper::Decaps, "decapsulated key 0"),
    ] {
        match peers::measure(&req, libcrux, Some(tamper)) {
            Err(Error::Mismatch(msg)) => assert!(msg.contains(needle), "{tamper:?}: {msg}"),
            Err(e) => panic!("{tamper:?}: expected a mismatch, got {e}"),
            Ok(m) => panic!("{tamper:?}: a tampered peer was measured: {:?}", m.ops),
        }
    }
    // A KEM has no signing to tamper with.
    match peers::measure(&req, libcrux, Some(Tamper::Sign)) {
        Err(Error::Unknown(msg)) => assert!(msg.contains("no operation sign"), "{msg}"),
        other => panic!("expected an error, got {other:?}"),
    }
}

#[test]
fn a_tampered_peer_is_an_error() {
    if skip() {
        return;
    }
    let libcrux = peers::parse("peer:libcrux-ml-dsa").unwrap();
    for (tamper, needle) in [
        (Tamper::Keygen, "keygen 0 signing key"),
        (Tamper::Sign, "signature 0"),
        (Tamper::Verify, "accepted a corrupted signature"),
    ] {
        match peers::measure(&small(&libcrux.strategy()), libcrux, Some(tamper)) {
            Err(Error::Mismatch(msg)) => assert!(msg.contains(needle), "{tamper:?}: {msg}"),
            Err(e) => panic!("{tamper:?}: expected a mismatch, got {e}"),
            Ok(m) => panic!("{tamper:?}: a tampered peer was measured: {:?}", m.ops),
        }
    }
}

#[test]
fn unknown_and_unavailable_peers_are_clear_errors() {
    let err = |strategy: &str, scheme: Scheme, target: &str| {
        let mut req = small(strategy);
        req.scheme = scheme;
        req.target = target.into();
        match measure(&req) {
            Err(Error::Unknown(msg)) => msg,
            other => panic!("{strategy} on {target}: expected an error, got {other:?}"),
        }
    };
    let msg = err("peer:nobody", scheme("ml-dsa-65").unwrap(), "m4");
    assert!(msg.contains("peer:fips204"), "{msg}");
    let msg = err("peer:sntrup761", scheme("sntrup761").unwrap(), "m4");
    assert!(msg.contains("no_std"), "{msg}");
    let msg = err("peer:pqclean-ml-dsa", scheme("ml-dsa-65").unwrap(), "rv32");
    assert!(msg.contains("rv32"), "{msg}");
    let msg = err("peer:fips204", scheme("ml-dsa-87").unwrap(), "m4");
    assert!(msg.contains("implements ml-dsa-65"), "{msg}");
    let msg = err("peer:fips203", scheme("ml-kem-512").unwrap(), "m4");
    assert!(msg.contains("implements ml-kem-768"), "{msg}");
    let msg = err("peer:pqclean-ml-kem", scheme("ml-kem-768").unwrap(), "rv32");
    assert!(msg.contains("rv32"), "{msg}");
}
