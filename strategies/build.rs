//! Links pqfit's examples for bare-metal Arm (`cargo build -p pqfit --examples --target
//! thumbv7em-none-eabi`): cortex-m-rt's `link.x` over the memory map in
//! `examples/support/memory.x`. Only the examples are affected; the library, its
//! tests and crates that depend on pqfit get no link arguments.

use std::{env, fs, path::PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=examples/support/memory.x");
    let target = env::var("TARGET").unwrap_or_default();
    if !(target.starts_with("thumb") && target.contains("-none-")) {
        return;
    }
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::copy("examples/support/memory.x", out.join("memory.x"))
        .expect("examples/support/memory.x is part of the crate");
    println!("cargo:rustc-link-arg-examples=-L{}", out.display());
    println!("cargo:rustc-link-arg-examples=-Tlink.x");
}
