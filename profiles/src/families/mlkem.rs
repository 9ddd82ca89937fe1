//! ML-KEM (FIPS 203): ML-KEM-512/768/1024, measured against the host's `Balanced`
//! strategy on the derandomised entry points (FIPS 203 Algorithms 16 and 17: the seeds
//! d ‖ z and m are the first bytes of the runner's random buffer).

use std::path::Path;

use pqfit::kem::{Ciphertext, Params, PublicKey, SecretKey, SharedSecret};
use pqfit::mlkem::{MlKem1024Params, MlKem512Params, MlKem768Params, MlKemParams};
use pqfit::MlKem;

use crate::kem::{run_kem, HostKem};
use crate::link::Firmware;
use crate::op::Op;
use crate::profile::Profile;
use crate::record::{CtOp, Measurement};
use crate::scheme::{CtRequest, Family, Kind, Promise, Promised, Request, Scheme, Set};
use crate::Error;

/// The ML-KEM family.
pub static ML_KEM: Family = Family {
    name: "ml-kem",
    title: "ML-KEM (FIPS 203)",
    kind: Kind::Kem,
    sets: &[
        Set {
            name: "ml-kem-512",
            type_name: "MlKem512Params",
            alias: "MlKem512",
            category: 1,
            aliases: &["kyber512"],
        },
        Set {
            name: "ml-kem-768",
            type_name: "MlKem768Params",
            alias: "MlKem768",
            category: 3,
            aliases: &["kyber768"],
        },
        Set {
            name: "ml-kem-1024",
            type_name: "MlKem1024Params",
            alias: "MlKem1024",
            category: 5,
            aliases: &["kyber1024"],
        },
    ],
    ops: &[Op::Keygen, Op::Encaps, Op::Decaps],
    catalog: &pqfit::mlkem::catalog::CATALOG,
    promises: &[
        Promised {
            preset: "fast-kem",
            promise: Promise::Fastest,
            ops: &[Op::Keygen, Op::Encaps, Op::Decaps],
        },
        Promised {
            preset: "small-stack",
            promise: Promise::Smallest,
            ops: &[Op::Keygen, Op::Encaps, Op::Decaps],
        },
    ],
    firmware: "mlkem",
    firmware_types:
        "/// The parameter set chosen at build time.\npub type P = pqfit::mlkem::{set};\n\
                     /// ML-KEM with the strategy chosen at build time.\n\
                     pub type Kem = pqfit::MlKem<P, {strategy}>;\n",
    rust_type: "pqfit::{alias}<{strategy}>",
    run,
    ct_check: check,
};

/// ML-KEM-768, the set the peers implement and the reports lead with.
pub const ML_KEM_768: Scheme = Scheme::from_parts(&ML_KEM, &ML_KEM.sets[1]);

fn run(
    scheme: Scheme,
    profile: &Profile,
    req: &Request,
    ty: &str,
    fw: &Firmware,
) -> Result<Measurement, Error> {
    match scheme.type_name() {
        "MlKem512Params" => run_kem::<MlKemHost<MlKem512Params>>(profile, req, ty, fw),
        "MlKem768Params" => run_kem::<MlKemHost<MlKem768Params>>(profile, req, ty, fw),
        "MlKem1024Params" => run_kem::<MlKemHost<MlKem1024Params>>(profile, req, ty, fw),
        other => Err(Error::Unknown(format!("no ML-KEM parameter set {other}"))),
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
        "MlKem512Params" => kem::<MlKemHost<MlKem512Params>>(profile, req, elf),
        "MlKem768Params" => kem::<MlKemHost<MlKem768Params>>(profile, req, elf),
        "MlKem1024Params" => kem::<MlKemHost<MlKem1024Params>>(profile, req, elf),
        other => Err(Error::Unknown(format!("no ML-KEM parameter set {other}"))),
    }
}

/// ML-KEM on the host (the `Balanced` strategy): key generation from d ‖ z, the first 64
/// random bytes; encapsulation from m, the first 32.
pub struct MlKemHost<P>(std::marker::PhantomData<P>);

impl<P: MlKemParams + Params> HostKem for MlKemHost<P> {
    const PK: usize = <P as Params>::PK_BYTES;
    const SK: usize = <P as Params>::SK_BYTES;
    const CT: usize = <P as Params>::CT_BYTES;
    const SS: usize = SharedSecret::BYTES;

    fn keygen(rand: &[u8]) -> (Vec<u8>, Vec<u8>, usize) {
        let (d, z) = (seed(rand, 0), seed(rand, 32));
        let (mut ek, mut dk) = (PublicKey::<P>::default(), SecretKey::<P>::zeroed());
        MlKem::<P>::key_gen_internal(&d, &z, &mut ek, &mut dk);
        (ek.as_bytes().to_vec(), dk.as_bytes().to_vec(), 64)
    }

    fn encaps(pk: &[u8], rand: &[u8]) -> (Vec<u8>, Vec<u8>, usize) {
        let ek = PublicKey::<P>::from_bytes(pk).expect("host encapsulation key");
        let (mut ct, mut ss) = (Ciphertext::<P>::default(), SharedSecret::zeroed());
        MlKem::<P>::encaps_internal(&ek, &seed(rand, 0), &mut ct, &mut ss);
        (ct.as_bytes().to_vec(), ss.as_bytes().to_vec(), 32)
    }

    fn decaps(sk: &[u8], ct: &[u8]) -> Vec<u8> {
        let dk = SecretKey::<P>::from_bytes(sk).expect("host decapsulation key");
        let ct = Ciphertext::<P>::from_bytes(ct).expect("host ciphertext");
        let mut ss = SharedSecret::zeroed();
        MlKem::<P>::decaps(&dk, &ct, &mut ss);
        ss.as_bytes().to_vec()
    }

    fn extreme_keys(_pk: &[u8], sk: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
        crate::ct_check::extremes::mlkem(<P as MlKemParams>::K, <P as MlKemParams>::ETA1 as i64, sk)
    }
}

/// The 32 bytes of `rand` from `at`.
fn seed(rand: &[u8], at: usize) -> [u8; 32] {
    std::array::from_fn(|i| rand[at + i])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ct_check::extremes::mlkem_ntt_by_definition;

    fn extremes_pass_the_key_checks<P: MlKemParams + Params>() {
        let (ek, dk, _) = MlKemHost::<P>::keygen(&[3; 64]);
        let (ct, ss, _) = MlKemHost::<P>::encaps(&ek, &[5; 32]);
        let keys = MlKemHost::<P>::extreme_keys(&ek, &dk);
        let eta1 = <P as MlKemParams>::ETA1 as i64;
        for ((name, key), c) in keys.iter().zip([eta1, -eta1, 0]) {
            // FIPS 203's decapsulation input check (the hash of the embedded ek).
            assert!(pqfit::mlkem::decapsulation_key_is_valid::<P>(key), "{name}");
            // Its first pair of s-hat coefficients is NTT(c, c, ..., c)'s.
            let s_hat = mlkem_ntt_by_definition(&[c; 256]);
            let (a, b) = (
                u32::from(key[0]) | u32::from(key[1] & 15) << 8,
                u32::from(key[1] >> 4) | u32::from(key[2]) << 4,
            );
            assert_eq!((i64::from(a), i64::from(b)), (s_hat[0], s_hat[1]), "{name}");
            assert!(a < 3329 && b < 3329);
            // It decapsulates (to the implicit rejection: s does not fit ek).
            assert_ne!(MlKemHost::<P>::decaps(key, &ct), ss, "{name}");
        }
        assert!(keys[2].1[..384 * <P as MlKemParams>::K]
            .iter()
            .all(|&b| b == 0));
    }

    #[test]
    fn mlkem_extreme_keys_are_valid_decapsulation_keys() {
        extremes_pass_the_key_checks::<MlKem512Params>();
        extremes_pass_the_key_checks::<MlKem768Params>();
        extremes_pass_the_key_checks::<MlKem1024Params>();
    }
}
