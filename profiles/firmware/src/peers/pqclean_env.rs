//! What PQClean's C needs from its environment besides `randombytes`: `malloc`, `free` and
//! `exit`, because PQClean's `fips202.c` keeps every SHAKE state on the heap (and `calloc`:
//! GCC merges a `malloc` and the zeroing of the state that follows into one). The heap is a
//! pool of fixed slots in `.bss`: the harness counts it as static RAM, not as stack.

use core::ffi::c_int;
use core::ptr::addr_of_mut;

/// Bytes of one heap slot: PQClean's incremental SHAKE state (25 lanes and a position).
const SLOT_WORDS: usize = 26;
/// SHAKE states alive at once (ML-DSA-65 and ML-KEM-768 need one or two).
const SLOTS: usize = 4;

static mut HEAP: [[u64; SLOT_WORDS]; SLOTS] = [[0; SLOT_WORDS]; SLOTS];
static mut HEAP_USED: [bool; SLOTS] = [false; SLOTS];

/// A free slot, or null when the size does not fit or every slot is taken (PQClean then
/// calls `exit`).
#[no_mangle]
extern "C" fn malloc(size: usize) -> *mut u8 {
    if size > SLOT_WORDS * 8 {
        return core::ptr::null_mut();
    }
    // SAFETY: single-threaded; no references to the pool outlive this call.
    unsafe {
        let used = &mut *addr_of_mut!(HEAP_USED);
        match used.iter().position(|u| !*u) {
            Some(i) => {
                used[i] = true;
                addr_of_mut!(HEAP[i]).cast()
            }
            None => core::ptr::null_mut(),
        }
    }
}

/// `n` zeroed objects of `size` bytes in a free slot, or null as for `malloc`.
#[no_mangle]
extern "C" fn calloc(n: usize, size: usize) -> *mut u8 {
    let Some(bytes) = n.checked_mul(size) else {
        return core::ptr::null_mut();
    };
    let p = malloc(bytes);
    if !p.is_null() {
        // SAFETY: `p` is a slot of at least `bytes` bytes (malloc checked the size).
        unsafe { core::ptr::write_bytes(p, 0, bytes) };
    }
    p
}

/// Returns a slot to the pool (null and foreign pointers are ignored).
#[no_mangle]
extern "C" fn free(ptr: *mut u8) {
    // SAFETY: as in malloc.
    unsafe {
        let used = &mut *addr_of_mut!(HEAP_USED);
        for (i, u) in used.iter_mut().enumerate() {
            if core::ptr::eq(ptr, addr_of_mut!(HEAP[i]).cast()) {
                *u = false;
            }
        }
    }
}

/// PQClean exits when an allocation fails: a fault for the harness.
#[no_mangle]
extern "C" fn exit(_status: c_int) -> ! {
    crate::pqfit_fw_panic()
}
