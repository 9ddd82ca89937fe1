//! Selects the scheme, the strategy and the linker script at build time.
//!
//! - `PQFIT_FW_SCHEME`: `MlDsa44`, `MlDsa65`, `MlDsa87` (default `MlDsa44`), `Sntrup761` or
//!   `Ntrulpr761` (the KEMs set `cfg(pqfit_fw_kem)`), or a CROSS parameter set such as
//!   `Rsdp1Small` or `Rsdpg5Fast` (`cfg(pqfit_fw_cross)`).
//! - `PQFIT_FW_STRATEGY`: any type path (default `pqfit::strategy::Reference`), for example
//!   `pqfit::strategy::Custom<pqfit::strategy::StreamedA, ...>`.
//! - `PQFIT_FW_TARGET`: the profile name (`m0`, `m3`, `m4`, `rv32`) whose fixed linker script
//!   `link/<name>.x` is used; derived from the target triple when unset.

use std::env;
use std::fs;
use std::path::PathBuf;

fn main() {
    for var in ["PQFIT_FW_SCHEME", "PQFIT_FW_STRATEGY", "PQFIT_FW_TARGET"] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    let scheme = env::var("PQFIT_FW_SCHEME").unwrap_or_else(|_| "MlDsa44".into());
    println!("cargo::rustc-check-cfg=cfg(pqfit_fw_kem)");
    println!("cargo::rustc-check-cfg=cfg(pqfit_fw_cross)");
    let cross = scheme.starts_with("Rsdp")
        && scheme.chars().all(|c| c.is_ascii_alphanumeric())
        && ["Fast", "Balanced", "Small"].iter().any(|t| scheme.ends_with(t));
    let kem = match scheme.as_str() {
        "MlDsa44" | "MlDsa65" | "MlDsa87" => false,
        "Sntrup761" | "Ntrulpr761" => true,
        _ if cross => false,
        other => panic!(
            "PQFIT_FW_SCHEME={other}: expected MlDsa44, MlDsa65, MlDsa87, Sntrup761, Ntrulpr761 \
             or a CROSS set such as Rsdp1Small"
        ),
    };
    let strategy =
        env::var("PQFIT_FW_STRATEGY").unwrap_or_else(|_| "pqfit::strategy::Reference".into());
    let allowed = |c: char| c.is_ascii_alphanumeric() || "_:<>, ".contains(c);
    if strategy.is_empty() || !strategy.chars().all(allowed) {
        panic!("PQFIT_FW_STRATEGY={strategy:?} is not a type path");
    }

    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    let types = if cross {
        println!("cargo:rustc-cfg=pqfit_fw_cross");
        format!(
            "/// The parameter set chosen at build time.\npub type P = pqfit::cross::{scheme};\n\
             /// CROSS with the strategy chosen at build time.\npub type C = pqfit::cross::Cross<P, {strategy}>;\n"
        )
    } else if kem {
        println!("cargo:rustc-cfg=pqfit_fw_kem");
        format!(
            "/// The parameter set chosen at build time.\npub type P = pqfit::ntruprime::{scheme}Params;\n\
             /// The KEM with the multiplication chosen at build time.\npub type Kem = pqfit::{scheme}<{strategy}>;\n"
        )
    } else {
        format!(
            "/// The parameter set chosen at build time.\npub type P = pqfit::{scheme};\n\
             /// The strategy chosen at build time.\npub type S = {strategy};\n"
        )
    };
    fs::write(
        out.join("selected.rs"),
        format!(
            "{types}/// The strategy as given, for the record.\npub const STRATEGY: &str = {strategy:?};\n"
        ),
    )
    .unwrap();

    let triple = env::var("TARGET").unwrap();
    let target = env::var("PQFIT_FW_TARGET").unwrap_or_else(|_| {
        let name = if triple.starts_with("thumbv6m") {
            "m0"
        } else if triple.starts_with("thumbv7m") {
            "m3"
        } else if triple.starts_with("thumbv7em") {
            "m4"
        } else if triple.starts_with("riscv32") {
            "rv32"
        } else {
            panic!("no linker script for target {triple}")
        };
        name.to_string()
    });
    let dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("link");
    let script = dir.join(format!("{target}.x"));
    assert!(
        script.exists(),
        "missing linker script {}",
        script.display()
    );
    println!("cargo:rerun-if-changed={}", script.display());
    println!("cargo:rustc-link-arg=-T{}", script.display());
    println!("cargo:rustc-link-arg=--nmagic");
}
