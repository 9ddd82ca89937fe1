//! pqm4-layout implementations in the harness, on the tiny checkout written for these
//! tests (`tests/pqm4-tiny`: a toy signature and a toy KEM, not secure, over the checkout's
//! own `fips202.c` and `randombytes`): built as pqm4 builds and measured on every 32-bit
//! core by a round trip, and a broken implementation (a verifier that accepts everything)
//! or a firmware that corrupts an output is an error, never a number.
//!
//! Builds seven small firmware variants (toysig on m0, m3, m4 and rv32; toysig's broken
//! variant and a tampered signer on the M4; toykem on the M4): a minute or two from a cold
//! firmware build. Needs arm-none-eabi-gcc and riscv64-unknown-elf-gcc with picolibc
//! (scripts/setup.sh installs them). Set `PQFIT_SKIP_FIRMWARE_TESTS=1` to skip.

use std::path::{Path, PathBuf};

use pqfit_profiles::peers::Tamper;
use pqfit_profiles::pqm4::{measure, Impl, Pqm4Request};
use pqfit_profiles::Error;

fn skip() -> bool {
    std::env::var_os("PQFIT_SKIP_FIRMWARE_TESTS").is_some()
}

fn tiny(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/pqm4-tiny")
        .join(path)
}

/// Two key generations, two signatures (encapsulations), two verifications.
fn small(target: &str) -> Pqm4Request {
    let mut req = Pqm4Request::new(target);
    req.keygen_runs = 2;
    req.sign_runs = 2;
    req.verify_runs = 2;
    req
}

#[test]
fn a_toy_signature_round_trips_on_every_32_bit_core() {
    if skip() {
        return;
    }
    let imp = Impl::locate(&tiny("crypto_sign/toysig/ref")).unwrap();
    for target in ["m0", "m3", "m4", "rv32"] {
        let m = measure(&small(target), &imp, None).unwrap_or_else(|e| panic!("{target}: {e}"));
        let ops: Vec<&str> = m.ops.iter().map(|o| o.op.as_str()).collect();
        assert_eq!(ops, ["keygen", "sign", "verify"], "{target}");
        for o in &m.ops {
            assert_eq!((o.target.as_str(), o.scheme.as_str()), (target, "toysig"));
            assert_eq!(o.strategy, "pqm4:toysig/ref");
            assert_eq!(o.runs, 2, "{target}: {o:?}");
            // 96 (keygen), 33 (sign) and 32 (verify) Keccak-f[1600] permutations at least.
            assert!(o.cycles.min > 32 * 1_000, "{target}: {o:?}");
            assert!(o.stack_bytes > 100, "{target}: {o:?}");
            assert!(o.flash_bytes.text > 500, "{target}: {o:?}");
        }
    }
}

#[test]
fn a_toy_kem_round_trips_on_the_m4() {
    if skip() {
        return;
    }
    let imp = Impl::locate(&tiny("crypto_kem/toykem/ref")).unwrap();
    let m = measure(&small("m4"), &imp, None).unwrap();
    let ops: Vec<&str> = m.ops.iter().map(|o| o.op.as_str()).collect();
    assert_eq!(ops, ["keygen", "encaps", "decaps"]);
    for o in &m.ops {
        assert!(o.cycles.min > 1_000 && o.stack_bytes > 100, "{o:?}");
    }
}

#[test]
fn broken_implementations_are_errors() {
    if skip() {
        return;
    }
    let broken = Impl::locate(&tiny("crypto_sign/toysig/broken")).unwrap();
    match measure(&small("m4"), &broken, None) {
        Err(Error::Mismatch(why)) => assert!(why.contains("one bit flipped"), "{why}"),
        other => panic!("a verifier that accepts everything was measured: {other:?}"),
    }
    let imp = Impl::locate(&tiny("crypto_sign/toysig/ref")).unwrap();
    match measure(&small("m4"), &imp, Some(Tamper::Sign)) {
        Err(Error::Mismatch(why)) => assert!(why.contains("rejected"), "{why}"),
        other => panic!("a corrupted signature was measured: {other:?}"),
    }
    assert!(measure(&small("m4"), &imp, Some(Tamper::Encaps)).is_err());
}
