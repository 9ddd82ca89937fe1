//! Declassification markers for the constant-time check.
//!
//! `ct-grind` (the crate in `ctgrind/`, run by `.ci/run`) executes key generation,
//! signing, encapsulation and decapsulation under valgrind's memcheck with every
//! secret input marked *undefined*: memcheck then reports any conditional branch,
//! memory index or division whose operand depends on a secret. The few values that
//! the standards make public while an operation runs (ML-DSA's rho in key
//! generation and the accept/reject decision of a signing iteration, CROSS's
//! seed_pk and digests, ...) are passed through the functions here, which mark them
//! *defined* again. Every call site is listed, with the reason it is allowed, in
//! `docs/constant-time.md`.
//!
//! Without the `ct-check` feature (every real build) these functions return their
//! argument and compile to nothing. With it they issue valgrind client requests,
//! which are no-ops when the program does not run under valgrind.

/// Marks the bytes of `x` as public (defined for memcheck).
#[inline(always)]
pub fn public_bytes(x: &mut [u8]) {
    #[cfg(feature = "ct-check")]
    mark_defined(x.as_mut_ptr(), x.len());
    #[cfg(not(feature = "ct-check"))]
    let _ = x;
}

/// `b`, marked public: a decision that the standard reveals (for example that a
/// signing iteration was rejected).
#[inline(always)]
pub fn public_bool(b: bool) -> bool {
    public_u32(b as u32) != 0
}

/// `x`, marked public.
#[inline(always)]
pub fn public_u32(x: u32) -> u32 {
    #[cfg(feature = "ct-check")]
    {
        // The value goes through memory: memcheck's definedness is per byte of
        // memory or register, and only memory can be re-marked. The pointer is a
        // mutable one so that the compiler reloads `v` after the request instead of
        // reusing the register that still holds the undefined copy.
        let mut v = x;
        mark_defined(core::ptr::addr_of_mut!(v).cast(), 4);
        core::hint::black_box(v)
    }
    #[cfg(not(feature = "ct-check"))]
    x
}

#[cfg(feature = "ct-check")]
#[inline(never)]
fn mark_defined(p: *mut u8, len: usize) {
    use crabgrind::memcheck::{mark_memory, MemState};
    // Outside valgrind the request does nothing and reports that; that is fine.
    let _ = mark_memory(p.cast_const().cast(), len, MemState::Defined);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_return_their_argument() {
        assert!(public_bool(true));
        assert!(!public_bool(false));
        assert_eq!(public_u32(0xdead_beef), 0xdead_beef);
        let mut b = [1u8, 2, 3];
        public_bytes(&mut b);
        assert_eq!(b, [1, 2, 3]);
    }
}
