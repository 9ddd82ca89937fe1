//! A deterministic `rand_core` RNG for the tests: the NIST CTR_DRBG of the KATs.

use super::drbg::NistDrbg;

/// The NIST DRBG seeded with 48 copies of `seed`, as an infallible crypto RNG.
pub struct TestRng(NistDrbg);

impl TestRng {
    /// A DRBG from a one-byte seed (48 copies).
    pub fn new(seed: u8) -> Self {
        Self(NistDrbg::new(&[seed; 48]))
    }

    /// A DRBG from a 48-byte seed (a KAT entry's `seed`).
    pub fn from_seed(seed: &[u8; 48]) -> Self {
        Self(NistDrbg::new(seed))
    }
}

impl rand_core::TryRng for TestRng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(u32::from_le_bytes(self.0.array()))
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(u64::from_le_bytes(self.0.array()))
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        self.0.randombytes(dst);
        Ok(())
    }
}

impl rand_core::TryCryptoRng for TestRng {}
