//! [`Hardened`]: any strategy, signing twice and releasing only a signature both
//! computations agree on.

use super::Strategy;
use core::marker::PhantomData;
use pqfit_core::mldsa::ParameterSet;

/// The strategy `S`, hardened against fault attacks: **the type to use when the
/// device can be glitched** (voltage, clock, EM, laser: the signer is in the
/// attacker's hands). `Dilithium3<Hardened<FastSign>>`,
/// `MlDsa<MlDsa65, Hardened<SmallStack>>` and `KeyPair<P, Hardened<S>>` work with
/// every signing entry point and give byte for byte the signatures of `S`.
///
/// # What it does
///
/// Every signing call computes the signature twice, each time from the inputs: mu
/// from the key's tr, the context and the message (or the pre-hash), rho'' from K,
/// rnd and mu, A-hat and the secrets from the key, then the rejection loop. The first
/// signature is hashed into a 32-byte digest, the buffer is wiped, the second is
/// computed into the caller's buffer and hashed; the digests (compared in constant
/// time) and the iteration counts of the two rejection loops must be equal. On a
/// mismatch the buffer is wiped (all zero) and signing returns
/// [`Error::FaultDetected`](crate::Error::FaultDetected).
///
/// Verifying the signature after signing is not enough: a fault in expanding y (or
/// in rho'', or in the counter kappa) gives a *valid* signature that differs from the
/// fault-free one, and two signatures of one message with different y give
/// z − z' = (y − y') + (c − c')·s1. Hardened signing releases such a signature only if
/// the other computation produced the very same bytes.
///
/// # Faults covered
///
/// One fault per signing call, anywhere in it: an instruction skipped, or one bit
/// flipped in a register or in a word loaded from memory (the key, the message, an
/// intermediate, a loop counter, the digest or the comparison). Either the fault
/// leaves the signature unchanged, or the two computations differ (or one fails) and
/// nothing is released. A fault that corrupts the first computation is detected
/// because the second is computed again from the inputs; a fault in the second
/// because the first's digest was taken before it started; a fault in the comparison
/// can only turn a match into a (false) detection.
///
/// # Faults not covered
///
/// - Two or more faults in one call (for example the same glitch repeated in both
///   computations, or one corrupting a computation and one skipping the comparison).
/// - Persistent corruption of what both computations read: the encoded secret key in
///   memory, an [`ExpandedKey`](crate::ExpandedKey) corrupted while it was expanded
///   (it is kept across calls), the message or context buffers changed before the call.
/// - A fault in the random number generator or in drawing `rnd`: a different `rnd`
///   is just other randomness (a fresh hedged signature, no leak of the key).
/// - Faults in key generation, and side channels (power, EM) other than the timing
///   the constant-time code already removes.
///
/// Every signing entry point, [`MlDsa::sign_mu`](crate::MlDsa::sign_mu) and the
/// `hazmat` `sign_internal` included, reports a detected fault as `FaultDetected`
/// with the signature wiped.
///
/// # Cost
///
/// About twice the signing time of `S` (two rejection loops, plus hashing two
/// signatures); the stack of `S` plus the digest and the hash state of the comparison
/// (a few hundred bytes); a little more flash. Key generation and verification are
/// those of `S`. docs/strategies.md ("Hardened signing") has the figures measured on
/// the Cortex-M4 model.
pub struct Hardened<S>(PhantomData<S>);

impl<P: ParameterSet, S: Strategy<P>> Strategy<P> for Hardened<S> {
    type Matrix = S::Matrix;
    type Product = S::Product;
    type Secrets = S::Secrets;
    type Commit = S::Commit;
    type Mask = S::Mask;
    type Keccak = S::Keccak;
    const HARDENED: bool = true;
}

#[cfg(test)]
mod tests {
    use super::super::{FastSign, SmallStack};
    use super::*;
    use crate::hardened::fault::{self, Site};
    use crate::{Error, MlDsa, MlDsa44, Signature, SigningKey, VerifyingKey};

    fn keys() -> (VerifyingKey<MlDsa44>, SigningKey<MlDsa44>) {
        let (mut vk, mut sk) = (VerifyingKey::default(), SigningKey::blank());
        MlDsa::<MlDsa44, FastSign>::key_gen_internal(&[3; 32], &mut vk, &mut sk);
        (vk, sk)
    }

    /// A flipped bit of rho'' (a fault in expanding y) makes the plain signer release
    /// a *valid* signature that differs from the fault-free one (the pair leaks s1);
    /// the hardened signer detects it in either computation and releases nothing.
    fn fault_in_y_is_detected<S: Strategy<MlDsa44>>() {
        let (vk, sk) = keys();
        let (msg, rnd) = (b"firmware v1.2", [5u8; 32]);
        let mut good = Signature::default();
        MlDsa::<MlDsa44, S>::sign(&sk, msg, b"", &rnd, &mut good).unwrap();

        fault::arm(Site::MlDsaRhoPrimePrime, 1);
        let mut faulty = Signature::default();
        MlDsa::<MlDsa44, S>::sign(&sk, msg, b"", &rnd, &mut faulty).unwrap();
        assert!(!fault::pending(), "the simulated fault struck");
        assert_ne!(faulty.as_bytes(), good.as_bytes());
        assert!(MlDsa::<MlDsa44, S>::verify(&vk, msg, b"", faulty.as_bytes()).is_ok());

        for (site, nth) in [
            (Site::MlDsaRhoPrimePrime, 1),
            (Site::MlDsaRhoPrimePrime, 2),
            (Site::FirstDigest, 1),
        ] {
            fault::arm(site, nth);
            let mut sig = Signature::default();
            sig.bytes.fill(0xa5);
            let result = MlDsa::<MlDsa44, Hardened<S>>::sign(&sk, msg, b"", &rnd, &mut sig);
            assert!(!fault::pending(), "the simulated fault struck");
            assert_eq!(result, Err(Error::FaultDetected), "{site:?} #{nth}");
            assert!(sig.as_bytes().iter().all(|&b| b == 0), "{site:?} #{nth}");
        }

        // Without a fault: the plain signature, byte for byte.
        let mut sig = Signature::default();
        MlDsa::<MlDsa44, Hardened<S>>::sign(&sk, msg, b"", &rnd, &mut sig).unwrap();
        assert_eq!(sig.as_bytes(), good.as_bytes());
    }

    #[test]
    fn fault_in_y_is_detected_fast_sign() {
        fault_in_y_is_detected::<FastSign>();
    }

    #[test]
    fn fault_in_y_is_detected_small_stack() {
        fault_in_y_is_detected::<SmallStack>();
    }

    /// The entry points without a `Result` wipe the signature on a detected fault.
    #[test]
    fn sign_mu_wipes_on_fault() {
        let (_, sk) = keys();
        let mut sig = Signature::default();
        fault::arm(Site::MlDsaRhoPrimePrime, 2);
        let r = MlDsa::<MlDsa44, Hardened<FastSign>>::sign_mu(&sk, &[1; 64], &[2; 32], &mut sig);
        assert_eq!(r, Err(Error::FaultDetected));
        assert!(!fault::pending());
        assert!(sig.as_bytes().iter().all(|&b| b == 0));
        fault::arm(Site::MlDsaRhoPrimePrime, 1);
        let r = MlDsa::<MlDsa44, Hardened<FastSign>>::sign_internal(&sk, b"m'", &[2; 32], &mut sig);
        assert_eq!(r, Err(Error::FaultDetected));
        assert!(!fault::pending());
        assert!(sig.as_bytes().iter().all(|&b| b == 0));
    }

    #[test]
    fn fault_detected_is_displayed() {
        let text = std::format!("{}", Error::FaultDetected);
        assert!(text.contains("fault detected"), "{text}");
    }
}
