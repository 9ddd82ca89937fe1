//! Measurement firmware: `extern "C"` entry points that run one pqfit operation on inputs
//! and outputs held in static buffers, so that the measured stack excludes them (as pqm4
//! reports it). The harness writes the inputs, calls an entry with the stack painted, and
//! checks the outputs against the host computation.
#![no_std]
#![no_main]

use core::mem::MaybeUninit;
use core::ptr::addr_of_mut;

use pqfit::{MlDsa, ParameterSet, Signature, SigningKey, VerifyingKey};

mod selected {
    include!(concat!(env!("OUT_DIR"), "/selected.rs"));
}
use selected::{P, S};

/// Longest message the harness may pass.
const MAX_MSG: usize = 128;

// The harness writes key bytes straight into these statics: the key and signature types
// must be nothing but their encodings.
const _: () = assert!(core::mem::size_of::<SigningKey<P>>() == P::SK_BYTES);
const _: () = assert!(core::mem::size_of::<VerifyingKey<P>>() == P::PK_BYTES);
const _: () = assert!(core::mem::size_of::<Signature<P>>() == P::SIG_BYTES);

/// Key-generation seed xi (input).
#[no_mangle]
static mut PQFIT_XI: [u8; 32] = [0; 32];
/// Signing randomness rnd (input).
#[no_mangle]
static mut PQFIT_RND: [u8; 32] = [0; 32];
/// Message (input) and its length.
#[no_mangle]
static mut PQFIT_MSG: [u8; MAX_MSG] = [0; MAX_MSG];
#[no_mangle]
static mut PQFIT_MSG_LEN: u32 = 0;
/// Verifying key: output of keygen, input of verify.
#[no_mangle]
static mut PQFIT_VK: MaybeUninit<VerifyingKey<P>> = MaybeUninit::zeroed();
/// Signing key: output of keygen, input of sign.
#[no_mangle]
static mut PQFIT_SK: MaybeUninit<SigningKey<P>> = MaybeUninit::zeroed();
/// Signature: output of sign, input of verify.
#[no_mangle]
static mut PQFIT_SIG: MaybeUninit<Signature<P>> = MaybeUninit::zeroed();
/// The strategy type path this firmware was built with, NUL-terminated (for reports).
#[no_mangle]
#[used]
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

// The calls into pqfit, one small function each.

#[inline(never)]
fn keygen(xi: &[u8; 32], vk: &mut VerifyingKey<P>, sk: &mut SigningKey<P>) {
    MlDsa::<P, S>::key_gen_internal(xi, vk, sk);
}

#[inline(never)]
fn sign(sk: &SigningKey<P>, msg: &[u8], rnd: &[u8; 32], sig: &mut Signature<P>) -> u32 {
    match MlDsa::<P, S>::sign(sk, msg, &[], rnd, sig) {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

#[inline(never)]
fn verify(vk: &VerifyingKey<P>, msg: &[u8], sig: &Signature<P>) -> u32 {
    match MlDsa::<P, S>::verify(vk, msg, &[], sig.as_bytes()) {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

fn message() -> &'static [u8] {
    // SAFETY: single-threaded firmware; the harness writes the buffers between calls only.
    unsafe {
        let len = (PQFIT_MSG_LEN as usize).min(MAX_MSG);
        let msg: &[u8; MAX_MSG] = &*addr_of_mut!(PQFIT_MSG);
        &msg[..len]
    }
}

/// ML-DSA.KeyGen_internal(PQFIT_XI) into PQFIT_VK and PQFIT_SK. Returns 0.
#[no_mangle]
pub extern "C" fn pqfit_fw_keygen() -> u32 {
    // SAFETY: all-zero bytes are a valid key encoding buffer (asserted to be plain bytes
    // above); single-threaded, so these are the only references.
    unsafe {
        keygen(
            &*addr_of_mut!(PQFIT_XI),
            (*addr_of_mut!(PQFIT_VK)).assume_init_mut(),
            (*addr_of_mut!(PQFIT_SK)).assume_init_mut(),
        );
    }
    0
}

/// ML-DSA.Sign(PQFIT_SK, PQFIT_MSG, ctx = "", PQFIT_RND) into PQFIT_SIG. Returns 0 on success.
#[no_mangle]
pub extern "C" fn pqfit_fw_sign() -> u32 {
    // SAFETY: as in pqfit_fw_keygen.
    unsafe {
        sign(
            (*addr_of_mut!(PQFIT_SK)).assume_init_ref(),
            message(),
            &*addr_of_mut!(PQFIT_RND),
            (*addr_of_mut!(PQFIT_SIG)).assume_init_mut(),
        )
    }
}

/// ML-DSA.Verify(PQFIT_VK, PQFIT_MSG, ctx = "", PQFIT_SIG). Returns 0 when valid.
#[no_mangle]
pub extern "C" fn pqfit_fw_verify() -> u32 {
    // SAFETY: as in pqfit_fw_keygen.
    unsafe {
        verify(
            (*addr_of_mut!(PQFIT_VK)).assume_init_ref(),
            message(),
            (*addr_of_mut!(PQFIT_SIG)).assume_init_ref(),
        )
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
        #[cfg(target_arch = "riscv32")]
        unsafe {
            core::arch::asm!("unimp");
        }
    }
}
