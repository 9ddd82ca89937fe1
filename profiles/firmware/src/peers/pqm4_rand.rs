//! `randombytes` for a pqm4-layout implementation: the bytes the harness chose for the call,
//! served in order (mupq's `randombytes.h` names it `PQCLEAN_randombytes`; code that
//! declares its own gets `randombytes`). Asking for more than were provided stops the
//! firmware (a fault the harness reports): the outputs would not be the host's.

use core::ffi::c_int;
use core::ptr::addr_of_mut;

/// The bytes of this call: (start, length, how many were taken).
static mut STREAM: (usize, usize, usize) = (0, 0, 0);

/// Serves `bytes` to the `randombytes` calls until the next `serve`; the caller keeps them
/// alive (and unmoved) until then.
pub(crate) fn serve(bytes: &[u8]) {
    // SAFETY: single-threaded; no reference to STREAM is live across this call.
    unsafe { *addr_of_mut!(STREAM) = (bytes.as_ptr() as usize, bytes.len(), 0) };
}

/// How many of the served bytes were taken.
pub(crate) fn taken() -> usize {
    // SAFETY: as in serve.
    unsafe { (*addr_of_mut!(STREAM)).2 }
}

fn take(out: *mut u8, n: usize) -> c_int {
    // SAFETY: single-threaded; the C passes a buffer of n bytes; the stream was set by
    // `serve` from bytes that outlive the call.
    unsafe {
        let s = &mut *addr_of_mut!(STREAM);
        if n > s.1 - s.2 {
            crate::pqfit_fw_panic();
        }
        core::ptr::copy_nonoverlapping((s.0 + s.2) as *const u8, out, n);
        s.2 += n;
    }
    0
}

/// mupq's `randombytes` (`#define randombytes PQCLEAN_randombytes`).
#[no_mangle]
extern "C" fn PQCLEAN_randombytes(out: *mut u8, n: usize) -> c_int {
    take(out, n)
}

/// `randombytes` under its plain name.
#[no_mangle]
extern "C" fn randombytes(out: *mut u8, n: usize) -> c_int {
    take(out, n)
}
