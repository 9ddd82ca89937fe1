//! The valgrind client requests the check needs: mark bytes secret (undefined),
//! ask whether the program runs under valgrind, and read memcheck's error count so
//! that each case can be told apart.

use crabgrind::memcheck::{mark_memory, vbits, MemState, VBitsError};

/// Marks `bytes` secret: memcheck reports every branch, index or division that
/// depends on them from now on. Mutable, so that the compiler must assume the
/// request changed them and reads them again from memory afterwards.
pub fn secret(bytes: &mut [u8]) {
    let _ = mark_memory(
        bytes.as_mut_ptr().cast_const().cast(),
        bytes.len(),
        MemState::Undefined,
    );
}

/// [`secret`] for bytes the harness cannot borrow mutably (inside a key type). They
/// were computed at run time by pqfit, so the compiler holds no copy of them.
pub fn secret_in_place(bytes: &[u8]) {
    let _ = mark_memory(bytes.as_ptr().cast(), bytes.len(), MemState::Undefined);
}

/// Marks `bytes` public (defined) again: for the harness's own checks of an
/// operation's outputs once it has returned, never inside pqfit.
pub fn public(bytes: &mut [u8]) {
    let _ = mark_memory(
        bytes.as_mut_ptr().cast_const().cast(),
        bytes.len(),
        MemState::Defined,
    );
}

/// Whether memcheck holds any bit of `bytes` undefined, that is derived from a
/// secret (`None` outside valgrind). Asks without reporting: a case uses it to show
/// that its marked secrets reached the operation's output, so that a pass is not
/// vacuous.
pub fn tainted(bytes: &[u8]) -> Option<bool> {
    let mut bits = vec![0u8; bytes.len()];
    match vbits(bytes.as_ptr().cast(), &mut bits) {
        Ok(()) if under_valgrind() => Some(bits.iter().any(|&b| b != 0)),
        Ok(()) | Err(VBitsError::NoValgrind) => None,
        Err(e) => panic!("memcheck could not read the validity bits: {e:?}"),
    }
}

/// Whether the program runs under valgrind (outside it the requests do nothing).
pub fn under_valgrind() -> bool {
    crabgrind::valgrind::running_mode().is_valgrind()
}

/// Errors memcheck has reported so far (0 outside valgrind).
pub fn errors() -> usize {
    crabgrind::valgrind::count_errors()
}

/// Deterministic bytes for keys and randomness: the check is about what the code
/// does with secrets, not about their quality. A 64-bit xorshift stream.
pub struct Bytes(u64);

impl Bytes {
    /// A stream from `seed` (any value).
    pub fn new(seed: u64) -> Self {
        // Opaque to the optimiser: with constant seeds it could otherwise fold the
        // whole stream into constants, which no marking can make secret.
        Bytes(std::hint::black_box(seed).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    /// Fills `out`.
    pub fn fill(&mut self, out: &mut [u8]) {
        for b in out {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            *b = (self.0 >> 24) as u8;
        }
    }

    /// `N` fresh bytes.
    pub fn array<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        self.fill(&mut out);
        out
    }
}
