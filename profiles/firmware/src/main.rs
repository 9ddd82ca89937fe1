//! Measurement firmware: `extern "C"` entry points that run one pqfit operation on inputs
//! and outputs held in static buffers, so that the measured stack excludes them (as pqm4
//! reports it). The harness writes the inputs, calls an entry with the stack painted, and
//! checks the outputs against the host computation. With a `peer-*` feature the same entry
//! points and buffers run another implementation of the standard instead (`peers`).
#![no_std]
#![no_main]

use core::ptr::addr_of_mut;

// One module per family, chosen by the harness's family descriptor (build.rs).
#[cfg(pqfit_fw_family = "cross")]
mod cross;
#[cfg(pqfit_fw_family = "mldsa")]
mod mldsa;
#[cfg(pqfit_fw_family = "mlkem")]
mod mlkem;
#[cfg(pqfit_fw_family = "ntruprime")]
mod ntruprime;
#[cfg(pqfit_fw_peer)]
mod peers;

mod selected {
    include!(concat!(env!("OUT_DIR"), "/selected.rs"));
}

/// Longest message the harness may pass.
const MAX_MSG: usize = 128;

/// Message (input) and its length.
#[no_mangle]
static mut PQFIT_MSG: [u8; MAX_MSG] = [0; MAX_MSG];
#[no_mangle]
static mut PQFIT_MSG_LEN: u32 = 0;
/// The strategy type path this firmware was built with, NUL-terminated (for reports).
/// Kept by the linker script's `EXTERN` list, not `#[used]`: an operation linked alone
/// (pqfit_profiles::link) must not carry it, or its code would move with the name's length.
#[no_mangle]
static PQFIT_STRATEGY: [u8; selected::STRATEGY.len() + 1] = {
    let mut out = [0u8; selected::STRATEGY.len() + 1];
    let src = selected::STRATEGY.as_bytes();
    let mut i = 0;
    while i < src.len() {
        out[i] = src[i];
        i += 1;
    }
    out
};

// A KEM firmware takes no message.
#[allow(dead_code)]
fn message() -> &'static [u8] {
    // SAFETY: single-threaded firmware; the harness writes the buffers between calls only.
    unsafe {
        let len = (PQFIT_MSG_LEN as usize).min(MAX_MSG);
        let msg: &[u8; MAX_MSG] = &*addr_of_mut!(PQFIT_MSG);
        &msg[..len]
    }
}

/// A panic stops the emulator on an undefined instruction inside `pqfit_fw_panic`, which
/// the harness reports as a panic.
#[panic_handler]
fn panic(_info: &core::panic::PanicInfo) -> ! {
    pqfit_fw_panic()
}

#[no_mangle]
#[inline(never)]
extern "C" fn pqfit_fw_panic() -> ! {
    loop {
        // SAFETY: an undefined instruction: the emulator stops here.
        #[cfg(target_arch = "arm")]
        unsafe {
            core::arch::asm!("udf #0");
        }
        #[cfg(any(target_arch = "riscv32", target_arch = "riscv64"))]
        unsafe {
            core::arch::asm!("unimp");
        }
    }
}
