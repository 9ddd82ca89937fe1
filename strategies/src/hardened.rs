//! Hardened signing: the signature computed twice from the inputs and compared, so
//! that one fault (an instruction skipped, a bit flipped in a register or a loaded
//! word) releases nothing that differs from the fault-free signature. The double
//! computation behind [`crate::strategy::Hardened`] (ML-DSA) and
//! [`crate::cross::Hardened`] (CROSS); what it covers is said there.

use crate::Error;
use pqfit_core::hash::Shake256;
use pqfit_core::keccak::Keccak;
use zeroize::Zeroize;

/// Bytes of the digest a computed signature is reduced to before the second
/// computation overwrites it.
const DIGEST_BYTES: usize = 32;

/// Runs `compute`, which writes a whole signature into `sig` from the inputs it
/// captures (the key, the message, the randomness: it reads each itself) and returns
/// a public count of its loop iterations (ML-DSA's rejection loop, CROSS's rounds).
///
/// With `hardened` false, once. With `hardened` true, twice: the first signature is
/// hashed into a 32-byte digest, `sig` is wiped, the second computation writes into
/// `sig` and is hashed too; the two digests (compared in constant time) and the two
/// counts must be equal. On any `Err`, from either computation or from the
/// comparison, `sig` is wiped (all zero) before it is returned; a mismatch is
/// [`Error::FaultDetected`]. On success nothing more is written to `sig`.
pub(crate) fn sign_checked<K: Keccak>(
    hardened: bool,
    sig: &mut [u8],
    mut compute: impl FnMut(&mut [u8]) -> Result<u32, Error>,
) -> Result<u32, Error> {
    if !hardened {
        return compute(sig);
    }
    let result = twice::<K>(sig, &mut compute);
    if result.is_err() {
        sig.zeroize();
    }
    result
}

/// The two computations and their comparison (see [`sign_checked`]). `compute` is
/// called through a `dyn` reference: the signing code it runs is compiled once, not
/// inlined at each of the two calls (which doubled the flash of signing), and the two
/// calls stay two calls.
#[inline(never)]
fn twice<K: Keccak>(
    sig: &mut [u8],
    compute: &mut dyn FnMut(&mut [u8]) -> Result<u32, Error>,
) -> Result<u32, Error> {
    let first = compute(sig)?;
    let mut first_digest = [0u8; DIGEST_BYTES];
    digest::<K>(sig, &mut first_digest);
    #[cfg(test)]
    fault::hit(fault::Site::FirstDigest, &mut first_digest);
    // The second computation starts from an empty buffer, as the first did: nothing
    // of the first can stand in for a part the second skipped.
    sig.zeroize();
    let second = compute(sig)?;
    let mut second_digest = [0u8; DIGEST_BYTES];
    digest::<K>(sig, &mut second_digest);
    let same_bytes = pqfit_core::ct::bytes_eq(&first_digest, &second_digest);
    if !same_bytes || first != second {
        return Err(Error::FaultDetected);
    }
    Ok(second)
}

/// SHAKE256 of a signature, 32 bytes. Not inlined: its hash state then takes stack
/// only while it runs, not in [`twice`]'s frame during the computations.
#[inline(never)]
fn digest<K: Keccak>(sig: &[u8], out: &mut [u8; DIGEST_BYTES]) {
    let mut h = Shake256::<K>::with_backend();
    h.absorb(b"pqfit hardened signature");
    h.absorb(sig);
    h.finalize_squeeze_reset(out);
}

/// Simulated faults for the unit tests: one bit flipped at a named site, in the n-th
/// pass through it on the calling thread.
#[cfg(test)]
pub(crate) mod fault {
    use core::cell::Cell;

    /// Where a simulated fault strikes.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub(crate) enum Site {
        /// ML-DSA: rho'' (the seed of the mask y), just derived.
        MlDsaRhoPrimePrime,
        /// CROSS: the hedged root seed of the seed tree, just derived.
        CrossRootSeed,
        /// CROSS: digest_chall_2 as read back to expand chall_2 (the signature keeps
        /// the fault-free value): rounds disclosed and answered no longer match it.
        CrossChall2,
        /// The digest of the first of the two computations.
        FirstDigest,
    }

    std::thread_local! {
        static ARMED: Cell<Option<(Site, u32)>> = const { Cell::new(None) };
    }

    /// Flips bit 0 of the first byte at the `nth` pass (1 = the next) through `site`.
    pub(crate) fn arm(site: Site, nth: u32) {
        ARMED.with(|a| a.set(Some((site, nth))));
    }

    /// Whether an armed fault has not struck yet.
    pub(crate) fn pending() -> bool {
        ARMED.with(|a| a.get().is_some())
    }

    /// A pass through `site` with the value `bytes`.
    pub(crate) fn hit(site: Site, bytes: &mut [u8]) {
        ARMED.with(|a| match a.get() {
            Some((s, n)) if s == site && n <= 1 => {
                bytes[0] ^= 1;
                a.set(None);
            }
            Some((s, n)) if s == site => a.set(Some((s, n - 1))),
            _ => {}
        });
    }
}
