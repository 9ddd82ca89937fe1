//! The linker script for the target's profile: its memory map (as in
//! `profiles/firmware/link/<profile>.x`), the stack first in RAM, and the entry points
//! kept.

use std::env;
use std::fs;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let target = env::var("TARGET").unwrap();
    // (flash origin, RAM origin) of the profile of each triple.
    let (flash, ram) = match target.split('-').next().unwrap() {
        "thumbv6m" => (0x0800_0000u32, 0x2000_0000u32),
        "thumbv7m" => (0x0008_0000, 0x2007_0000),
        "thumbv7em" => (0x0800_0000, 0x2000_0000),
        "riscv32imac" => (0x2000_0000, 0x8000_0000),
        other => panic!("no profile for {other}"),
    };
    let mut entries = vec!["kc_check"];
    for b in ["interleaved32", "compact", "sha3crate"] {
        entries.push(Box::leak(format!("kc_one_{b}").into_boxed_str()));
        entries.push(Box::leak(format!("kc_two_{b}").into_boxed_str()));
    }
    if target.starts_with("thumbv7") {
        entries.extend(["kc_one_thumb2", "kc_two_thumb2"]);
    }
    let script = format!(
        "MEMORY {{ FLASH (rx) : ORIGIN = {flash:#x}, LENGTH = 4M\n RAM (rwx) : ORIGIN = {ram:#x}, LENGTH = 2M }}\n\
         ENTRY(kc_check)\nEXTERN({} KC_STATES KC_BACKEND)\n\
         SECTIONS {{\n\
         .text : ALIGN(4) {{ *(.text .text.*) }} > FLASH\n\
         .rodata : ALIGN(4) {{ *(.rodata .rodata.* .srodata .srodata.*) }} > FLASH\n\
         .ARM.exidx : ALIGN(4) {{ *(.ARM.exidx .ARM.exidx.* .ARM.extab.*) }} > FLASH\n\
         .stack (NOLOAD) : ALIGN(8) {{ _stack_start = .; . += 64K; . = ALIGN(8); _stack_top = .; }} > RAM\n\
         .data : ALIGN(4) {{ *(.data .data.* .sdata .sdata.*) }} > RAM AT > FLASH\n\
         .bss (NOLOAD) : ALIGN(4) {{ *(.bss .bss.* .sbss .sbss.* COMMON) }} > RAM\n\
         /DISCARD/ : {{ *(.comment) *(.note .note.*) }}\n}}\n",
        entries.join(" ")
    );
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    fs::write(out.join("keccak_fw.x"), script).unwrap();
    println!(
        "cargo:rustc-link-arg=-T{}",
        out.join("keccak_fw.x").display()
    );
}
