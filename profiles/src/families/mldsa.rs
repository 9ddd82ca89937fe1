//! ML-DSA (FIPS 204): ML-DSA-44/65/87, measured against the host's `Reference` strategy.

use std::path::Path;

use pqfit::{MlDsa, ParameterSet, Reference, Signature, SigningKey, VerifyingKey};

use crate::link::Firmware;
use crate::op::Op;
use crate::profile::Profile;
use crate::record::{CtOp, Measurement};
use crate::scheme::{CtRequest, Family, Kind, Promise, Promised, Request, Scheme, Set};
use crate::signature::{run_signature, HostSig};
use crate::Error;

/// The ML-DSA family.
pub static ML_DSA: Family = Family {
    name: "ml-dsa",
    title: "ML-DSA (FIPS 204)",
    kind: Kind::Signature,
    sets: &[
        Set {
            name: "ml-dsa-44",
            type_name: "MlDsa44",
            alias: "Dilithium2",
            category: 2,
            aliases: &["dilithium2"],
        },
        Set {
            name: "ml-dsa-65",
            type_name: "MlDsa65",
            alias: "Dilithium3",
            category: 3,
            aliases: &["dilithium3"],
        },
        Set {
            name: "ml-dsa-87",
            type_name: "MlDsa87",
            alias: "Dilithium5",
            category: 5,
            aliases: &["dilithium5"],
        },
    ],
    ops: &[Op::Keygen, Op::Sign, Op::Verify, Op::SignExpanded],
    catalog: &pqfit::mldsa::strategy::catalog::CATALOG,
    // Signing is what the presets are named for; key generation and verification
    // share their cost across presets.
    promises: &[
        Promised {
            preset: "fast-sign",
            promise: Promise::Fastest,
            ops: &[Op::Sign],
        },
        Promised {
            preset: "small-stack",
            promise: Promise::Smallest,
            ops: &[Op::Sign],
        },
    ],
    firmware: "mldsa",
    firmware_types: "/// The parameter set chosen at build time.\npub type P = pqfit::{set};\n\
                     /// The strategy chosen at build time.\npub type S = {strategy};\n",
    rust_type: "pqfit::{alias}<{strategy}>",
    run,
    ct_check: check,
};

/// ML-DSA-65 (Dilithium3), the scheme the peers implement.
pub const ML_DSA_65: Scheme = Scheme::from_parts(&ML_DSA, &ML_DSA.sets[1]);

macro_rules! by_set {
    ($scheme:expr, $f:ident, $($args:expr),*) => {
        match $scheme.type_name() {
            "MlDsa44" => $f::<MlDsaHost<pqfit::MlDsa44>>($($args),*),
            "MlDsa65" => $f::<MlDsaHost<pqfit::MlDsa65>>($($args),*),
            "MlDsa87" => $f::<MlDsaHost<pqfit::MlDsa87>>($($args),*),
            other => Err(Error::Unknown(format!("no ML-DSA parameter set {other}"))),
        }
    };
}

fn run(
    scheme: Scheme,
    profile: &Profile,
    req: &Request,
    ty: &str,
    fw: &Firmware,
) -> Result<Measurement, Error> {
    by_set!(scheme, run_signature, profile, req, ty, fw)
}

fn check(
    scheme: Scheme,
    profile: &Profile,
    req: &CtRequest,
    elf: &Path,
) -> Result<Vec<CtOp>, Error> {
    use crate::ct_check::signature;
    by_set!(scheme, signature, profile, req, elf)
}

/// ML-DSA on the host (the `Reference` strategy).
pub struct MlDsaHost<P>(std::marker::PhantomData<P>);

impl<P: ParameterSet> HostSig for MlDsaHost<P> {
    const PK: usize = P::PK_BYTES;
    const SK: usize = P::SK_BYTES;
    const SIG: usize = P::SIG_BYTES;
    const XI: usize = 32;
    const RND: usize = 32;
    const EXPECTED_ITERATIONS: Option<f64> = Some(expected_iterations(P::K, P::L));

    fn keygen(xi: &[u8]) -> (Vec<u8>, Vec<u8>) {
        let xi: &[u8; 32] = xi.try_into().expect("a 32-byte seed");
        let mut vk = VerifyingKey::<P>::default();
        let mut sk = SigningKey::<P>::blank();
        MlDsa::<P, Reference>::key_gen_internal(xi, &mut vk, &mut sk);
        (vk.as_bytes().to_vec(), sk.as_bytes().to_vec())
    }

    fn sign(sk: &[u8], msg: &[u8], rnd: &[u8]) -> (Vec<u8>, Option<u32>) {
        let sk = SigningKey::<P>::from_bytes(sk).expect("host key");
        let rnd: &[u8; 32] = rnd.try_into().expect("32 bytes of randomness");
        let mut sig = Signature::<P>::default();
        let n = MlDsa::<P, Reference>::sign_with_iteration_count(&sk, msg, &[], rnd, &mut sig)
            .expect("host sign");
        (sig.as_bytes().to_vec(), Some(n))
    }

    fn extreme_keys(sk: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
        crate::ct_check::extremes::mldsa(
            crate::ct_check::extremes::MlDsaLayout {
                eta: P::ETA,
                eta_bits: P::ETA_BITS,
                l: P::L,
                k: P::K,
                s1_offset: P::SK_S1_OFFSET,
                sk_bytes: P::SK_BYTES,
            },
            sk,
        )
    }
}

/// FIPS 204, Table 1: the expected number of signing iterations of ML-DSA-44, 65 and
/// 87, by their (k, l).
pub const fn expected_iterations(k: usize, l: usize) -> f64 {
    match (k, l) {
        (4, 4) => 4.25,
        (6, 5) => 5.1,
        _ => 3.85,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first coefficient of s1 and of t0 as skDecode reads them.
    fn first_coefficients<P: ParameterSet>(sk: &[u8]) -> (i32, i32) {
        let bits = |at: usize, n: usize| -> i32 {
            (0..n).fold(0, |v, b| {
                v | (i32::from(sk[(at * 8 + b) / 8] >> ((at * 8 + b) % 8) & 1) << b)
            })
        };
        (
            P::ETA - bits(P::SK_S1_OFFSET, P::ETA_BITS),
            (1 << 12) - bits(P::SK_T0_OFFSET, 13),
        )
    }

    fn extremes_are_valid_keys_at_the_bounds<P: ParameterSet>() {
        let (_, sk) = MlDsaHost::<P>::keygen(&[7; 32]);
        let keys = MlDsaHost::<P>::extreme_keys(&sk);
        let want = [(P::ETA, 1 << 12), (-P::ETA, 1 - (1 << 12)), (0, 0)];
        assert_eq!(keys.len(), want.len());
        for ((name, key), want) in keys.iter().zip(want) {
            // skDecode with the library's range checks on s1 and s2.
            assert!(SigningKey::<P>::from_bytes(key).is_ok(), "{name}");
            assert_eq!(first_coefficients::<P>(key), want, "{name}");
            assert_eq!(
                key[..P::SK_S1_OFFSET],
                sk[..P::SK_S1_OFFSET],
                "rho, K, tr kept"
            );
        }
        // One step beyond the bound is rejected: the bound is the bound.
        let mut beyond = keys[1].1.clone();
        beyond[P::SK_S1_OFFSET] += 1;
        assert!(SigningKey::<P>::from_bytes(&beyond).is_err());
    }

    #[test]
    fn mldsa_extreme_keys_decode_and_sit_at_the_bounds() {
        extremes_are_valid_keys_at_the_bounds::<pqfit::MlDsa44>();
        extremes_are_valid_keys_at_the_bounds::<pqfit::MlDsa65>();
        extremes_are_valid_keys_at_the_bounds::<pqfit::MlDsa87>();
    }
}
