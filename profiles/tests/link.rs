//! Each operation linked alone (pqfit_profiles::link): two ML-DSA-44 mixes that differ only
//! in how signing keeps w (`FullW`, `StreamedW`) have the same key-generation and
//! verification code and different signing code (a pair whose signing called the shared
//! Keccak functions differently would not: LTO compiles them for all their callers); another Keccak backend changes every operation; an operation's
//! own ELF holds none of the others' entry points; and a left-out operation is reported
//! without runs, with its code, for the sweep to fill.
//!
//! Needs the `thumbv7em-none-eabi` target; three firmware builds. Set
//! `PQFIT_SKIP_FIRMWARE_TESTS=1` to skip.

use pqfit_profiles::elf::Image;
use pqfit_profiles::link::Firmware;
use pqfit_profiles::measure;
use pqfit_profiles::{scheme, Request};

fn skip() -> bool {
    std::env::var_os("PQFIT_SKIP_FIRMWARE_TESTS").is_some()
}

fn mix(w: &str, keccak: &str) -> String {
    let s = |c: &str| format!("pqfit::strategy::{c}");
    let mut parts = vec![
        s("CachedA"),
        s("CachedNtt"),
        s(w),
        s("RegeneratedY"),
        s("NttProduct"),
    ];
    if !keccak.is_empty() {
        parts.push(s(keccak));
    }
    format!("pqfit::strategy::Custom<{}>", parts.join(", "))
}

fn request(strategy: &str) -> Request {
    let mut req = Request::new("m4", scheme("ml-dsa-44").unwrap(), strategy);
    req.keygen_runs = 1;
    req.sign_runs = 1;
    req.verify_runs = 1;
    req
}

fn build(strategy: &str) -> Firmware {
    measure::build(&request(strategy)).unwrap_or_else(|e| panic!("{strategy}: {e}"))
}

fn code<'a>(fw: &'a Firmware, op: &str) -> &'a str {
    fw.code_of(op)
        .unwrap_or_else(|| panic!("no {op} linked alone"))
}

#[test]
fn operations_linked_alone_share_code_exactly_when_it_is_the_same() {
    if skip() {
        return;
    }
    let full_w = build(&mix("FullW", ""));
    let streamed_w = build(&mix("StreamedW", ""));
    let other_keccak = build(&mix("FullW", "Sha3Crate"));

    let ops: Vec<&str> = full_w.ops.iter().map(|o| o.op.name()).collect();
    assert_eq!(ops, ["keygen", "sign", "verify", "sign-expanded"]);
    for op in ["keygen", "verify"] {
        assert_eq!(code(&full_w, op), code(&streamed_w, op), "{op}");
    }
    for op in ["sign", "sign-expanded"] {
        assert_ne!(code(&full_w, op), code(&streamed_w, op), "{op}");
    }
    for op in ["keygen", "sign", "verify", "sign-expanded"] {
        assert_ne!(code(&full_w, op), code(&other_keccak, op), "{op}");
    }

    // Each operation's ELF reaches only its own entry points, and is smaller.
    let whole = Image::parse(&std::fs::read(&full_w.elf).unwrap()).unwrap();
    let keygen = Image::parse(&std::fs::read(full_w.elf_of("keygen")).unwrap()).unwrap();
    assert!(keygen.symbol("pqfit_fw_keygen").is_some());
    for other in ["pqfit_fw_sign", "pqfit_fw_verify", "PQFIT_STRATEGY"] {
        assert!(whole.symbol(other).is_some(), "{other}");
        assert!(keygen.symbol(other).is_none(), "{other}");
    }
    assert!(keygen.flash.total < whole.flash.total);

    // Left out: reported without runs and with its code; the others run as usual.
    let mut req = request(&mix("StreamedW", ""));
    req.skip = vec!["keygen".into(), "verify".into()];
    let m = measure::run(&req, &streamed_w).unwrap_or_else(|e| panic!("{e}"));
    let runs: Vec<(&str, usize)> = m.ops.iter().map(|o| (o.op.as_str(), o.runs)).collect();
    assert_eq!(
        runs,
        [
            ("keygen", 0),
            ("sign", 1),
            ("verify", 0),
            ("sign-expanded", 1)
        ]
    );
    for o in &m.ops {
        assert_eq!(o.code.as_deref(), Some(code(&streamed_w, &o.op)));
        assert_eq!(o.strategy, req.scheme.strategy_type(&req.strategy).unwrap());
    }
}
