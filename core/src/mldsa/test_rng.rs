//! A tiny deterministic generator for the unit tests' random inputs.

/// The next 32 bits of a 64-bit linear congruential generator (Knuth's MMIX constants).
pub fn lcg(seed: &mut u64) -> u32 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*seed >> 33) as u32
}
