//! NTRU Prime round 3: the KEMs sntrup761 and ntrulpr761, measured against the host's
//! `Karatsuba` multiplication with the submission's `randombytes` pattern.

use std::path::Path;

use pqfit::ntruprime::{Ciphertext, Karatsuba, PublicKey, SecretKey, SharedSecret};
use pqfit::{Ntrulpr761, Sntrup761};

use crate::kem::{run_kem, HostKem};
use crate::link::Firmware;
use crate::op::Op;
use crate::profile::Profile;
use crate::record::{CtOp, Measurement};
use crate::scheme::{CtRequest, Family, Kind, Request, Scheme, Set};
use crate::Error;

/// The NTRU Prime family.
pub static NTRU_PRIME: Family = Family {
    name: "ntru-prime",
    title: "NTRU Prime (round 3)",
    kind: Kind::Kem,
    sets: &[
        Set {
            name: "sntrup761",
            type_name: "Sntrup761",
            alias: "Sntrup761",
            category: 3,
            aliases: &[],
        },
        Set {
            name: "ntrulpr761",
            type_name: "Ntrulpr761",
            alias: "Ntrulpr761",
            category: 3,
            aliases: &[],
        },
    ],
    ops: &[Op::Keygen, Op::Encaps, Op::Decaps],
    catalog: &pqfit::ntruprime::catalog::CATALOG,
    promises: &[],
    firmware: "ntruprime",
    firmware_types:
        "/// The parameter set chosen at build time.\npub type P = pqfit::ntruprime::{set}Params;\n\
                     /// The KEM with the multiplication chosen at build time.\n\
                     pub type Kem = pqfit::{set}<{strategy}>;\n",
    rust_type: "pqfit::{alias}<{strategy}>",
    run,
    ct_check: check,
};

/// sntrup761, the scheme of the (unbuildable) `sntrup761` crate peer.
pub const SNTRUP761: Scheme = Scheme::from_parts(&NTRU_PRIME, &NTRU_PRIME.sets[0]);

fn run(
    scheme: Scheme,
    profile: &Profile,
    req: &Request,
    ty: &str,
    fw: &Firmware,
) -> Result<Measurement, Error> {
    match scheme.type_name() {
        "Sntrup761" => run_kem::<Sntrup>(profile, req, ty, fw),
        "Ntrulpr761" => run_kem::<Lpr>(profile, req, ty, fw),
        other => Err(Error::Unknown(format!(
            "no NTRU Prime parameter set {other}"
        ))),
    }
}

fn check(
    scheme: Scheme,
    profile: &Profile,
    req: &CtRequest,
    elf: &Path,
) -> Result<Vec<CtOp>, Error> {
    use crate::ct_check::kem;
    match scheme.type_name() {
        "Sntrup761" => kem::<Sntrup>(profile, req, elf),
        "Ntrulpr761" => kem::<Lpr>(profile, req, elf),
        other => Err(Error::Unknown(format!(
            "no NTRU Prime parameter set {other}"
        ))),
    }
}

/// A reader over `rand` in the shape of the submission's `randombytes`.
fn reader<'a>(
    rand: &'a [u8],
    used: &'a mut usize,
) -> impl FnMut(&mut [u8]) -> Result<(), pqfit::Error> + 'a {
    move |out: &mut [u8]| {
        let end = *used + out.len();
        out.copy_from_slice(rand.get(*used..end).ok_or(pqfit::Error::Rng)?);
        *used = end;
        Ok(())
    }
}

macro_rules! host_kem {
    ($(#[$doc:meta])* $name:ident, $kem:ident, $params:ty, $small_secrets:expr) => {
        $(#[$doc])*
        pub struct $name;

        impl HostKem for $name {
            const PK: usize = PublicKey::<$params>::BYTES;
            const SK: usize = SecretKey::<$params>::BYTES;
            const CT: usize = Ciphertext::<$params>::BYTES;
            const SS: usize = SharedSecret::BYTES;
            // The 32-byte confirmation hash ends the ciphertext.
            const CONFIRM: usize = 32;

            fn keygen(rand: &[u8]) -> (Vec<u8>, Vec<u8>, usize) {
                let (mut pk, mut sk) = (PublicKey::default(), SecretKey::zeroed());
                let mut used = 0;
                $kem::<Karatsuba>::key_gen_with_randombytes(&mut reader(rand, &mut used), &mut pk, &mut sk)
                    .expect("host key generation");
                (pk.as_bytes().to_vec(), sk.as_bytes().to_vec(), used)
            }

            fn encaps(pk: &[u8], rand: &[u8]) -> (Vec<u8>, Vec<u8>, usize) {
                let pk = PublicKey::<$params>::from_bytes(pk).expect("host public key");
                let (mut ct, mut ss) = (Ciphertext::default(), SharedSecret::zeroed());
                let mut used = 0;
                $kem::<Karatsuba>::encaps_with_randombytes(&mut reader(rand, &mut used), &pk, &mut ct, &mut ss)
                    .expect("host encapsulation");
                (ct.as_bytes().to_vec(), ss.as_bytes().to_vec(), used)
            }

            fn decaps(sk: &[u8], ct: &[u8]) -> Vec<u8> {
                let sk = SecretKey::<$params>::from_bytes(sk).expect("host secret key");
                let ct = Ciphertext::<$params>::from_bytes(ct).expect("host ciphertext");
                let mut ss = SharedSecret::zeroed();
                $kem::<Karatsuba>::decaps(&sk, &ct, &mut ss);
                ss.as_bytes().to_vec()
            }

            fn extreme_keys(_pk: &[u8], sk: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
                crate::ct_check::extremes::ntruprime($small_secrets, sk)
            }
        }
    };
}

host_kem!(
    /// sntrup761 on the host.
    Sntrup,
    Sntrup761,
    pqfit::ntruprime::Sntrup761Params,
    // f and 1/g in R/3
    2
);
host_kem!(
    /// ntrulpr761 on the host.
    Lpr,
    Ntrulpr761,
    pqfit::ntruprime::Ntrulpr761Params,
    // a
    1
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ct_check::wrong_confirmation;

    fn extremes_and_wrong_hash<K: HostKem>(small_secrets: usize) {
        let rand = vec![9u8; crate::kem::RAND_BYTES];
        let (pk, sk, _) = K::keygen(&rand);
        let (ct, ss, _) = K::encaps(&pk, &rand);
        assert_eq!(K::decaps(&sk, &ct), ss);
        for (name, key) in K::extreme_keys(&pk, &sk) {
            assert_eq!(key.len(), K::SK, "{name}");
            assert_eq!(
                key[191 * small_secrets..],
                sk[191 * small_secrets..],
                "{name}"
            );
            // The library decodes it and decapsulates with it.
            assert_ne!(K::decaps(&key, &ct), ss, "{name}");
        }
        let keys = K::extreme_keys(&pk, &sk);
        assert_eq!(keys[0].1[0], 0xaa, "four coefficients +1");
        assert_eq!(keys[1].1[0], 0x00, "four coefficients -1");
        assert_eq!(keys[2].1[0], 0x55, "four coefficients 0");
        // Right weight, wrong hash: only the hash differs, and it is rejected.
        let wrong = wrong_confirmation(&ct, K::CONFIRM);
        let differ: Vec<usize> = (0..ct.len()).filter(|&i| ct[i] != wrong[i]).collect();
        assert_eq!(differ, vec![K::CT - K::CONFIRM]);
        let rejected = K::decaps(&sk, &wrong);
        assert_ne!(rejected, ss);
        assert_eq!(
            rejected,
            K::decaps(&sk, &wrong),
            "implicit rejection is deterministic"
        );
    }

    #[test]
    fn ntruprime_extreme_keys_decode_and_a_wrong_hash_is_rejected() {
        extremes_and_wrong_hash::<Sntrup>(2);
        extremes_and_wrong_hash::<Lpr>(1);
    }
}
