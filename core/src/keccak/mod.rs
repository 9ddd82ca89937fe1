//! Keccak-f\[1600\] backends and the one sponge built on them.
//!
//! A backend ([`Keccak`]) owns the state representation and the permutation; it is
//! reached only through a byte interface (XOR bytes in, copy bytes out), so that a
//! backend with an unusual representation (bit-interleaved, lane-complemented)
//! converts at that interface and nowhere else. [`Sponge`] is the single generic
//! sponge (FIPS 202 padding, any rate) that [`crate::hash`] builds SHAKE and SHA-3 on.
//!
//! | backend | representation | permutation | meant for |
//! |---|---|---|---|
//! | [`Sha3Crate`] | 25 × u64 | the `keccak` crate (what `sha3` uses) | 64-bit hosts |
//! | [`Interleaved32`] | 50 × u32, bit-interleaved, lane-complemented | 24 rounds unrolled, in place | 32-bit cores, speed (~33-45 KB) |
//! | [`Interleaved32Compact`] | as above | one in-place round pair in a loop | 32-bit cores, flash (~3-4 KB) |
//! | `Interleaved32Thumb2` (`thumbv7m`, `thumbv7em` only) | 50 × u32, bit-interleaved | Thumb-2 assembly, two buffers, a round pair in a loop | Cortex-M3/M4 (~6 KB) |
//!
//! [`DefaultKeccak`] is `Interleaved32Thumb2` on the Cortex-M3 and M4, [`Interleaved32`]
//! on the other 32-bit targets and [`Sha3Crate`] elsewhere.
//!
//! All backends are constant-time by construction: no branch or memory index depends
//! on state contents (offsets and lengths at the byte interface are public).

mod backend;
mod interleave;
mod interleaved;
mod interleaved_compact;
mod sha3_crate;
#[cfg(pqfit_thumb2)]
mod thumb2;
#[cfg(pqfit_thumb2)]
mod thumb2_rounds;

pub use backend::{Keccak, RHO_OFFSETS, ROUND_CONSTANTS, STATE_BYTES};
pub use interleaved::{Interleaved32, InterleavedState};
pub use interleaved_compact::Interleaved32Compact;
pub use sha3_crate::Sha3Crate;
#[cfg(pqfit_thumb2)]
pub use thumb2::{Interleaved32Thumb2, Thumb2State};

/// The backends that exist only on some targets: `Interleaved32Thumb2` on the
/// Cortex-M3 and M4 (`thumbv7m`, `thumbv7em`), nothing elsewhere. For dependents to
/// re-export with a glob, without repeating the target condition.
pub mod target_backends {
    #[cfg(pqfit_thumb2)]
    pub use super::thumb2::Interleaved32Thumb2;
}

use zeroize::Zeroize;

/// The backend a scheme uses unless its strategy names another: the Thumb-2 assembly
/// (`Interleaved32Thumb2`) on the Cortex-M3 and M4.
#[cfg(pqfit_thumb2)]
pub type DefaultKeccak = Interleaved32Thumb2;

/// The backend a scheme uses unless its strategy names another: [`Interleaved32`] on
/// the other 32-bit targets (Cortex-M0, RV32), where 64-bit rotations are expensive.
#[cfg(all(target_pointer_width = "32", not(pqfit_thumb2)))]
pub type DefaultKeccak = Interleaved32;

/// The backend a scheme uses unless its strategy names another: [`Sha3Crate`] on
/// 64-bit (and 16-bit) targets.
#[cfg(not(target_pointer_width = "32"))]
pub type DefaultKeccak = Sha3Crate;

/// A Keccak sponge with rate `RATE` bytes and FIPS 202 domain-separation byte `DS`
/// (the suffix bits followed by the first padding bit: `0x1F` for SHAKE, `0x06` for
/// SHA-3).
///
/// One type serves both phases: [`Sponge::absorb`] any number of times, then
/// [`Sponge::pad`] once, then [`Sponge::squeeze`] any number of times; the wrappers in
/// [`crate::hash`] enforce the order with types. The state is wiped on drop.
pub struct Sponge<K: Keccak, const RATE: usize, const DS: u8> {
    state: K::State,
    /// Next byte of the rate to absorb into or squeeze from, in `0..=RATE`.
    pos: usize,
}

impl<K: Keccak, const RATE: usize, const DS: u8> Sponge<K, RATE, DS> {
    const RATE_OK: () = assert!(RATE > 0 && RATE < STATE_BYTES);

    /// An empty sponge (all-zero state).
    #[inline]
    pub fn new() -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::RATE_OK;
        Self {
            state: K::State::default(),
            pos: 0,
        }
    }

    /// Absorbs `data`; may be called any number of times before [`Sponge::pad`].
    pub fn absorb(&mut self, mut data: &[u8]) {
        while !data.is_empty() {
            let n = core::cmp::min(RATE - self.pos, data.len());
            let (now, rest) = data.split_at(n);
            K::xor_bytes(&mut self.state, self.pos, now);
            self.pos += n;
            data = rest;
            if self.pos == RATE {
                K::permute(&mut self.state);
                self.pos = 0;
            }
        }
    }

    /// Pads the absorbed message and moves to squeezing. Call exactly once, after the
    /// last [`Sponge::absorb`].
    pub fn pad(&mut self) {
        K::xor_bytes(&mut self.state, self.pos, &[DS]);
        K::xor_bytes(&mut self.state, RATE - 1, &[0x80]);
        K::permute(&mut self.state);
        self.pos = 0;
    }

    /// Squeezes the next `out.len()` bytes; may be called any number of times after
    /// [`Sponge::pad`].
    pub fn squeeze(&mut self, mut out: &mut [u8]) {
        while !out.is_empty() {
            if self.pos == RATE {
                K::permute(&mut self.state);
                self.pos = 0;
            }
            let n = core::cmp::min(RATE - self.pos, out.len());
            let (now, rest) = out.split_at_mut(n);
            K::extract_bytes(&self.state, self.pos, now);
            self.pos += n;
            out = rest;
        }
    }
}

impl<K: Keccak, const RATE: usize, const DS: u8> Sponge<K, RATE, DS> {
    /// Squeezes the next `4 * out.len()` bytes as little-endian 32-bit words; may be
    /// mixed with [`Sponge::squeeze`] as long as the position stays a multiple of 4.
    ///
    /// # Panics
    /// If the rate or the current position is not a multiple of 4 bytes.
    pub fn squeeze_words(&mut self, mut out: &mut [u32]) {
        assert!(RATE.is_multiple_of(4) && self.pos.is_multiple_of(4));
        while !out.is_empty() {
            if self.pos == RATE {
                K::permute(&mut self.state);
                self.pos = 0;
            }
            let n = core::cmp::min((RATE - self.pos) / 4, out.len());
            let (now, rest) = out.split_at_mut(n);
            K::extract_words(&self.state, self.pos, now);
            self.pos += 4 * n;
            out = rest;
        }
    }
}

impl<K: Keccak, const RATE: usize, const DS: u8> Default for Sponge<K, RATE, DS> {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

impl<K: Keccak, const RATE: usize, const DS: u8> Clone for Sponge<K, RATE, DS> {
    fn clone(&self) -> Self {
        Self {
            state: self.state.clone(),
            pos: self.pos,
        }
    }
}

impl<K: Keccak, const RATE: usize, const DS: u8> Drop for Sponge<K, RATE, DS> {
    fn drop(&mut self) {
        self.state.zeroize();
        self.pos = 0;
    }
}

impl<K: Keccak, const RATE: usize, const DS: u8> core::fmt::Debug for Sponge<K, RATE, DS> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Sponge<{}, {}, {:#04x}> {{ .. }}", K::NAME, RATE, DS)
    }
}

/// Test helpers shared by the backend and hash tests.
#[cfg(test)]
pub(crate) mod testutil {
    /// A small deterministic PRNG (xorshift64*), enough to draw test cases.
    pub struct Rng(pub u64);

    impl Rng {
        pub fn next_u64(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }

        /// Uniform-ish in `0..n` (n > 0).
        pub fn below(&mut self, n: usize) -> usize {
            (self.next_u64() % n as u64) as usize
        }

        pub fn fill(&mut self, out: &mut [u8]) {
            for b in out {
                *b = self.next_u64() as u8;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::testutil::Rng;
    use super::*;

    /// XKCP `KeccakF-1600-IntermediateValues.txt`: the all-zero state after one and
    /// after two applications of Keccak-f\[1600\], lanes in order x + 5y. (The same
    /// values are in the `keccak` crate's `tests/xkcp.rs`.)
    const ZERO_AFTER_ONE: [u64; 25] = [
        0xF1258F7940E1DDE7,
        0x84D5CCF933C0478A,
        0xD598261EA65AA9EE,
        0xBD1547306F80494D,
        0x8B284E056253D057,
        0xFF97A42D7F8E6FD4,
        0x90FEE5A0A44647C4,
        0x8C5BDA0CD6192E76,
        0xAD30A6F71B19059C,
        0x30935AB7D08FFC64,
        0xEB5AA93F2317D635,
        0xA9A6E6260D712103,
        0x81A57C16DBCF555F,
        0x43B831CD0347C826,
        0x01F22F1A11A5569F,
        0x05E5635A21D9AE61,
        0x64BEFEF28CC970F2,
        0x613670957BC46611,
        0xB87C5A554FD00ECB,
        0x8C3EE88A1CCF32C8,
        0x940C7922AE3A2614,
        0x1841F924A2C509E4,
        0x16F53526E70465C2,
        0x75F644E97F30A13B,
        0xEAF1FF7B5CECA249,
    ];
    const ZERO_AFTER_TWO: [u64; 25] = [
        0x2D5C954DF96ECB3C,
        0x6A332CD07057B56D,
        0x093D8D1270D76B6C,
        0x8A20D9B25569D094,
        0x4F9C4F99E5E7F156,
        0xF957B9A2DA65FB38,
        0x85773DAE1275AF0D,
        0xFAF4F247C3D810F7,
        0x1F1B9EE6F79A8759,
        0xE4FECC0FEE98B425,
        0x68CE61B6B9CE68A1,
        0xDEEA66C4BA8F974F,
        0x33C43D836EAFB1F5,
        0xE00654042719DBD9,
        0x7CF8A9F009831265,
        0xFD5449A6BF174743,
        0x97DDAD33D8994B40,
        0x48EAD5FC5D0BE774,
        0xE3B8C8EE55B7B03C,
        0x91A0226E649E42E9,
        0x900E3129E7BADD7B,
        0x202A9EC5FAA3CCE8,
        0x5B3402464E1C3DB6,
        0x609F4E62A44C1059,
        0x20D06CD26A8FBF5C,
    ];

    fn lanes<K: Keccak>(s: &K::State) -> [u64; 25] {
        let mut bytes = [0u8; STATE_BYTES];
        K::extract_bytes(s, 0, &mut bytes);
        core::array::from_fn(|i| u64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().unwrap()))
    }

    fn zero_state_vectors<K: Keccak>() {
        let mut s = K::State::default();
        assert_eq!(lanes::<K>(&s), [0; 25], "{}: default is not zero", K::NAME);
        K::permute(&mut s);
        assert_eq!(
            lanes::<K>(&s),
            ZERO_AFTER_ONE,
            "{}: one permutation",
            K::NAME
        );
        K::permute(&mut s);
        assert_eq!(
            lanes::<K>(&s),
            ZERO_AFTER_TWO,
            "{}: two permutations",
            K::NAME
        );
    }

    #[test]
    fn permutation_test_vectors() {
        zero_state_vectors::<Sha3Crate>();
        zero_state_vectors::<Interleaved32>();
        zero_state_vectors::<Interleaved32Compact>();
    }

    #[test]
    fn constants() {
        // FIPS 202 / the Keccak reference: first, second and last round constants.
        assert_eq!(ROUND_CONSTANTS[0], 0x0000000000000001);
        assert_eq!(ROUND_CONSTANTS[1], 0x0000000000008082);
        assert_eq!(ROUND_CONSTANTS[12], 0x000000008000808B);
        assert_eq!(ROUND_CONSTANTS[23], 0x8000000080008008);
        // rho offsets of lanes (1,0), (0,1), (4,4) and (0,0).
        assert_eq!(RHO_OFFSETS[1], 1);
        assert_eq!(RHO_OFFSETS[5], 36);
        assert_eq!(RHO_OFFSETS[24], 14);
        assert_eq!(RHO_OFFSETS[0], 0);
    }

    /// Loads `bytes` into a fresh state of `K`, permutes `n` times, reads it back.
    fn run<K: Keccak>(bytes: &[u8; STATE_BYTES], n: usize) -> [u8; STATE_BYTES] {
        let mut s = K::State::default();
        K::xor_bytes(&mut s, 0, bytes);
        let mut back = [0u8; STATE_BYTES];
        K::extract_bytes(&s, 0, &mut back);
        assert_eq!(&back, bytes, "{}: byte interface round trip", K::NAME);
        for _ in 0..n {
            K::permute(&mut s);
        }
        K::extract_bytes(&s, 0, &mut back);
        back
    }

    #[test]
    fn backends_agree_on_random_states() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for i in 0..200 {
            let mut bytes = [0u8; STATE_BYTES];
            rng.fill(&mut bytes);
            let n = 1 + i % 3;
            let a = run::<Sha3Crate>(&bytes, n);
            assert_eq!(a, run::<Interleaved32>(&bytes, n));
            assert_eq!(a, run::<Interleaved32Compact>(&bytes, n));
        }
    }

    fn partial_access<K: Keccak>() {
        // XOR and extract at every offset and length agree with a byte array model.
        let mut rng = Rng(7);
        let mut model = [0u8; STATE_BYTES];
        let mut s = K::State::default();
        for _ in 0..2000 {
            let off = rng.below(STATE_BYTES);
            let len = rng.below(STATE_BYTES - off + 1);
            let mut data = [0u8; STATE_BYTES];
            rng.fill(&mut data[..len]);
            K::xor_bytes(&mut s, off, &data[..len]);
            for (m, d) in model[off..off + len].iter_mut().zip(&data[..len]) {
                *m ^= d;
            }
            let off = rng.below(STATE_BYTES);
            let len = rng.below(STATE_BYTES - off + 1);
            let mut out = [0u8; STATE_BYTES];
            K::extract_bytes(&s, off, &mut out[..len]);
            assert_eq!(&out[..len], &model[off..off + len], "{}", K::NAME);
        }
    }

    #[test]
    fn byte_interface_matches_model() {
        partial_access::<Sha3Crate>();
        partial_access::<Interleaved32>();
        partial_access::<Interleaved32Compact>();
    }

    #[test]
    fn zeroize_leaves_zero_state() {
        fn check<K: Keccak>() {
            let mut s = K::State::default();
            K::xor_bytes(&mut s, 3, &[0xAB; 100]);
            K::permute(&mut s);
            s.zeroize();
            let mut out = [0xFFu8; STATE_BYTES];
            K::extract_bytes(&s, 0, &mut out);
            assert_eq!(out, [0u8; STATE_BYTES], "{}", K::NAME);
        }
        check::<Sha3Crate>();
        check::<Interleaved32>();
        check::<Interleaved32Compact>();
    }
}
