//! The [`Keccak`] backend trait and the permutation's constants: the leaf the backends
//! and the sponge build on (re-exported by `keccak`, which the backends do not import).

use zeroize::Zeroize;

/// Width of the Keccak-f\[1600\] state in bytes.
pub const STATE_BYTES: usize = 200;

/// A Keccak-f\[1600\] backend: a state representation, a byte interface to it and the
/// permutation.
///
/// Byte offsets address the state as FIPS 202 does: byte `i` is bits `8i..8i+8` of
/// the state string, that is byte `i % 8` (little-endian) of lane `i / 8`, lane
/// index `x + 5y`. Implementations must be constant-time in the state and in the
/// bytes; offsets and lengths may be treated as public.
pub trait Keccak: crate::sealed::Sealed + 'static {
    /// The state in the backend's representation. `Default` is the all-zero state;
    /// `zeroize` must wipe every secret word and leave a valid state.
    type State: Default + Clone + Zeroize;

    /// A short name for reports (`"sha3-crate"`, `"interleaved32"`, ...).
    const NAME: &'static str;

    /// XORs `bytes` into the state starting at byte `offset`.
    ///
    /// # Panics
    /// If `offset + bytes.len()` exceeds [`STATE_BYTES`].
    fn xor_bytes(state: &mut Self::State, offset: usize, bytes: &[u8]);

    /// Copies `out.len()` bytes of the state starting at byte `offset` into `out`.
    ///
    /// # Panics
    /// If `offset + out.len()` exceeds [`STATE_BYTES`].
    fn extract_bytes(state: &Self::State, offset: usize, out: &mut [u8]);

    /// Copies `out.len()` little-endian 32-bit words of the state starting at byte
    /// `offset` into `out`: the bytes of [`Keccak::extract_bytes`], four per word. A
    /// backend overrides it when it can skip the byte round trip (rejection samplers
    /// read words).
    ///
    /// # Panics
    /// If `offset + 4 * out.len()` exceeds [`STATE_BYTES`].
    fn extract_words(state: &Self::State, offset: usize, out: &mut [u32]) {
        assert!(offset + 4 * out.len() <= STATE_BYTES);
        for (i, w) in out.iter_mut().enumerate() {
            let mut b = [0u8; 4];
            Self::extract_bytes(state, offset + 4 * i, &mut b);
            *w = u32::from_le_bytes(b);
        }
    }

    /// Applies Keccak-f\[1600\] (24 rounds).
    fn permute(state: &mut Self::State);
}

/// The Keccak-f\[1600\] round constants (FIPS 202, Algorithm 6), from the LFSR
/// x^8 + x^6 + x^5 + x^4 + 1 of Algorithm 5.
pub const ROUND_CONSTANTS: [u64; 24] = round_constants();

/// The ρ rotation offsets (FIPS 202, Algorithm 2), indexed by lane `x + 5y`.
pub const RHO_OFFSETS: [u32; 25] = rho_offsets();

const fn round_constants() -> [u64; 24] {
    let mut rc = [0u64; 24];
    // LFSR state R of Algorithm 5, advanced one step per call of rc(t).
    let mut r: u32 = 1;
    let mut t = 0;
    while t < 24 * 7 {
        let bit = r & 1;
        let round = t / 7;
        let j = t % 7;
        rc[round] |= (bit as u64) << ((1u32 << j) - 1);
        // R = 0 || R; R[0] ^= R[8]; R[4] ^= R[8]; R[5] ^= R[8]; R[6] ^= R[8]; truncate.
        r <<= 1;
        if r & 0x100 != 0 {
            r ^= 0x171;
        }
        t += 1;
    }
    rc
}

const fn rho_offsets() -> [u32; 25] {
    let mut r = [0u32; 25];
    let (mut x, mut y) = (1usize, 0usize);
    let mut t = 0;
    while t < 24 {
        r[x + 5 * y] = (((t + 1) * (t + 2) / 2) % 64) as u32;
        let ny = (2 * x + 3 * y) % 5;
        x = y;
        y = ny;
        t += 1;
    }
    r
}
