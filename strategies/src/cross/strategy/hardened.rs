//! [`Hardened`]: any CROSS strategy, signing twice and releasing only a signature
//! both computations agree on.

use super::Strategy;
use core::marker::PhantomData;
use pqfit_core::cross::CrossParams;

/// The CROSS strategy `S`, hardened against fault attacks: **the type to use when
/// the device can be glitched** (voltage, clock, EM, laser: the signer is in the
/// attacker's hands). `Cross<Rsdp1Fast, Hardened<Fast>>` and
/// `KeyPair<P, Hardened<S>>` work with every signing entry point and give byte for
/// byte the signatures of `S`.
///
/// # What it does
///
/// Every signing call computes the signature twice, each time from the inputs: the
/// hedged root seed and salt from the key, the randomness and the message, the key
/// material, then the three passes over the t rounds. The first signature is hashed
/// into a 32-byte digest, the buffer is wiped, the second is computed into the
/// caller's buffer and hashed; the digests (compared in constant time) must be equal,
/// and each computation must have completed every round (t commitments, t first
/// responses, t − w answered rounds). On any mismatch the buffer is wiped (all zero)
/// and signing returns [`Error::FaultDetected`](crate::Error::FaultDetected).
///
/// Verifying the signature after signing is not enough: a fault in a round seed or
/// in the seeds' derivation gives a *valid* signature that differs from the
/// fault-free one, and a fault in pass 2 or in expanding chall_2 gives an invalid one
/// that still discloses, for some round, both the seed of e' and v = e − e' (the
/// secret e). Hardened signing releases a signature only if the other computation
/// produced the very same bytes.
///
/// # Faults covered
///
/// One fault per signing call, anywhere in it: an instruction skipped, or one bit
/// flipped in a register or in a word loaded from memory (the key, the message, a
/// seed, an intermediate, a round counter, the digest or the comparison). Either the
/// fault leaves the signature unchanged, or the two computations differ (or a round
/// count is short) and nothing is released. A fault in the first computation is
/// detected because the second is computed again from the inputs; a fault in the
/// second because the first's digest was taken before it started; a fault in the
/// comparison can only turn a match into a (false) detection.
///
/// # Faults not covered
///
/// - Two or more faults in one call (the same glitch repeated in both computations,
///   or one corrupting a computation and one skipping the comparison).
/// - Persistent corruption of what both computations read: the secret key in memory,
///   the message or randomness buffers changed before the call.
/// - A fault in the random number generator or in drawing the randomness: other
///   randomness gives other, unrelated seeds (a fresh hedged signature, no leak).
/// - Faults in key generation, and side channels (power, EM) other than the timing
///   the constant-time code already removes.
///
/// # Cost
///
/// About twice the signing time of `S` plus hashing two signatures; the stack of `S`
/// plus the digest and the hash state of the comparison (a few hundred bytes); a
/// little more flash. Key generation and verification are those of `S`.
/// docs/cross.md ("Hardened signing") has the figures measured on the Cortex-M4 model.
pub struct Hardened<S>(PhantomData<S>);

impl<P: CrossParams, S: Strategy<P>> Strategy<P> for Hardened<S> {
    type Keccak = S::Keccak;
    type Seeds = S::Seeds;
    type Merkle = S::Merkle;
    type Cmt1 = S::Cmt1;
    type Y = S::Y;
    type Matrix = S::Matrix;
    const HARDENED: bool = true;
}

#[cfg(test)]
mod tests {
    use super::super::{Fast, MinStack};
    use super::*;
    use crate::cross::{Cross, Rsdp1Fast, Signature, SigningKey, VerifyingKey};
    use crate::hardened::fault::{self, Site};
    use crate::Error;

    type P = Rsdp1Fast;

    /// A flipped bit of the root seed (plain: a valid signature that differs) or of
    /// digest_chall_2 (plain: an invalid signature that discloses seeds and responses
    /// of the wrong rounds) is detected by the hardened signer in either computation.
    fn faults_are_detected<S: Strategy<P>>() {
        let (mut vk, mut sk) = (VerifyingKey::default(), SigningKey::blank());
        Cross::<P, S>::key_gen(&[4; 32], &mut vk, &mut sk).unwrap();
        let (msg, randomness) = (b"firmware v1.2", [6u8; 48]);
        let mut good = Signature::default();
        Cross::<P, S>::sign(&sk, msg, &randomness, &mut good).unwrap();

        for (site, verifies) in [(Site::CrossRootSeed, true), (Site::CrossChall2, false)] {
            fault::arm(site, 1);
            let mut faulty = Signature::default();
            Cross::<P, S>::sign(&sk, msg, &randomness, &mut faulty).unwrap();
            assert!(!fault::pending(), "the simulated fault struck");
            assert_ne!(faulty.as_bytes(), good.as_bytes(), "{site:?}");
            let verified = Cross::<P, S>::verify(&vk, msg, faulty.as_bytes()).is_ok();
            assert_eq!(verified, verifies, "{site:?}");

            for nth in [1, 2] {
                fault::arm(site, nth);
                let mut sig = Signature::default();
                sig.bytes.fill(0xa5);
                let result = Cross::<P, Hardened<S>>::sign(&sk, msg, &randomness, &mut sig);
                assert!(!fault::pending(), "the simulated fault struck");
                assert_eq!(result, Err(Error::FaultDetected), "{site:?} #{nth}");
                assert!(sig.as_bytes().iter().all(|&b| b == 0), "{site:?} #{nth}");
            }
        }

        fault::arm(Site::FirstDigest, 1);
        let mut sig = Signature::default();
        let result = Cross::<P, Hardened<S>>::sign(&sk, msg, &randomness, &mut sig);
        assert_eq!(result, Err(Error::FaultDetected));
        assert!(sig.as_bytes().iter().all(|&b| b == 0));

        Cross::<P, Hardened<S>>::sign(&sk, msg, &randomness, &mut sig).unwrap();
        assert_eq!(sig.as_bytes(), good.as_bytes());
    }

    #[test]
    fn faults_are_detected_fast() {
        faults_are_detected::<Fast>();
    }

    #[test]
    fn faults_are_detected_min_stack() {
        faults_are_detected::<MinStack>();
    }
}
