//! Marks targets whose 64-bit multiplies are not constant-time, so that the field
//! arithmetic avoids them there (see `mldsa::field::mul_mont`), and the targets of the
//! Thumb-2 Keccak assembly (`keccak::thumb2`).

fn main() {
    println!("cargo::rustc-check-cfg=cfg(pqfit_variable_time_long_multiply)");
    println!("cargo::rustc-check-cfg=cfg(pqfit_long_multiply_accumulate)");
    println!("cargo::rustc-check-cfg=cfg(pqfit_dsp)");
    println!("cargo::rustc-check-cfg=cfg(pqfit_thumb2)");
    // Set only by `pq-explore ct --without-value-barriers`, to show the check failing.
    println!("cargo::rustc-check-cfg=cfg(pqfit_insecure_no_value_barriers)");
    println!("cargo::rerun-if-changed=build.rs");
    let target = std::env::var("TARGET").unwrap_or_default();
    // ARMv7-M (Cortex-M3, M4): Thumb-2, the Keccak-f[1600] assembly (`keccak::thumb2`).
    if target.starts_with("thumbv7m-") || target.starts_with("thumbv7em-") {
        println!("cargo::rustc-cfg=pqfit_thumb2");
    }
    // Cortex-M3: SMULL/UMULL/SMLAL/UMLAL terminate early depending on the operands.
    if target.starts_with("thumbv7m-") {
        println!("cargo::rustc-cfg=pqfit_variable_time_long_multiply");
    }
    // Cortex-M4: a constant-time SMLAL, which `Montgomery::mul` uses. The M0 has no
    // long multiply at all, and on RV32 a 64-bit sum costs carries.
    if target.starts_with("thumbv7em-") {
        println!("cargo::rustc-cfg=pqfit_long_multiply_accumulate");
        // The DSP extension's SMLAD (`dsp::smlad`).
        println!("cargo::rustc-cfg=pqfit_dsp");
    }
}
