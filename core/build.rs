//! Marks targets whose 64-bit multiplies are not constant-time, so that the field
//! arithmetic avoids them there (see `mldsa::field::mul_mont`).

fn main() {
    println!("cargo::rustc-check-cfg=cfg(pqfit_variable_time_long_multiply)");
    println!("cargo::rustc-check-cfg=cfg(pqfit_long_multiply_accumulate)");
    println!("cargo::rustc-check-cfg=cfg(pqfit_dsp)");
    // Set only by `pq-explore ct --without-value-barriers`, to show the check failing.
    println!("cargo::rustc-check-cfg=cfg(pqfit_insecure_no_value_barriers)");
    println!("cargo::rerun-if-changed=build.rs");
    let target = std::env::var("TARGET").unwrap_or_default();
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
