//! CROSS v2.2: the 18 parameter sets, measured against the host's `Balanced` strategy.

use std::path::Path;

use pqfit::cross::{CrossParams, SigningKey, VerifyingKey};

use crate::link::Firmware;
use crate::op::Op;
use crate::profile::Profile;
use crate::record::{CtOp, Measurement};
use crate::scheme::{CtRequest, Family, Kind, Request, Scheme, Set};
use crate::signature::{run_signature, HostSig};
use crate::Error;

macro_rules! sets {
    ($($ty:ident => $name:literal, $category:literal;)*) => {
        /// Every CROSS parameter set.
        const SETS: &[Set] = &[$(Set {
            name: $name,
            type_name: stringify!($ty),
            alias: "cross::Cross",
            category: $category,
            aliases: &[],
        }),*];


        fn run(
            scheme: Scheme,
            profile: &Profile,
            req: &Request,
            ty: &str,
            fw: &Firmware,
        ) -> Result<Measurement, Error> {
            match scheme.type_name() {
                $(stringify!($ty) => {
                    run_signature::<CrossHost<pqfit::cross::$ty>>(profile, req, ty, fw)
                })*
                other => Err(Error::Unknown(format!("no CROSS parameter set {other}"))),
            }
        }

        fn check(
            scheme: Scheme,
            profile: &Profile,
            req: &CtRequest,
            elf: &Path,
        ) -> Result<Vec<CtOp>, Error> {
            match scheme.type_name() {
                $(stringify!($ty) => {
                    crate::ct_check::signature::<CrossHost<pqfit::cross::$ty>>(profile, req, elf)
                })*
                other => Err(Error::Unknown(format!("no CROSS parameter set {other}"))),
            }
        }
    };
}

sets! {
    Rsdp1Fast => "cross-rsdp-1-fast", 1;
    Rsdp1Balanced => "cross-rsdp-1-balanced", 1;
    Rsdp1Small => "cross-rsdp-1-small", 1;
    Rsdp3Fast => "cross-rsdp-3-fast", 3;
    Rsdp3Balanced => "cross-rsdp-3-balanced", 3;
    Rsdp3Small => "cross-rsdp-3-small", 3;
    Rsdp5Fast => "cross-rsdp-5-fast", 5;
    Rsdp5Balanced => "cross-rsdp-5-balanced", 5;
    Rsdp5Small => "cross-rsdp-5-small", 5;
    Rsdpg1Fast => "cross-rsdpg-1-fast", 1;
    Rsdpg1Balanced => "cross-rsdpg-1-balanced", 1;
    Rsdpg1Small => "cross-rsdpg-1-small", 1;
    Rsdpg3Fast => "cross-rsdpg-3-fast", 3;
    Rsdpg3Balanced => "cross-rsdpg-3-balanced", 3;
    Rsdpg3Small => "cross-rsdpg-3-small", 3;
    Rsdpg5Fast => "cross-rsdpg-5-fast", 5;
    Rsdpg5Balanced => "cross-rsdpg-5-balanced", 5;
    Rsdpg5Small => "cross-rsdpg-5-small", 5;
}

/// The CROSS family.
pub static CROSS: Family = Family {
    name: "cross",
    title: "CROSS v2.2",
    kind: Kind::Signature,
    sets: SETS,
    ops: &[Op::Keygen, Op::Sign, Op::Verify],
    catalog: &pqfit::cross::strategy::catalog::CATALOG,
    promises: &[],
    firmware: "cross",
    firmware_types:
        "/// The parameter set chosen at build time.\npub type P = pqfit::cross::{set};\n\
                     /// CROSS with the strategy chosen at build time.\n\
                     pub type C = pqfit::cross::Cross<P, {strategy}>;\n",
    rust_type: "pqfit::cross::Cross<pqfit::cross::{set}, {strategy}>",
    run,
    ct_check: check,
};

/// CROSS on the host (the `Balanced` strategy).
pub struct CrossHost<P>(std::marker::PhantomData<P>);

impl<P: CrossParams> HostSig for CrossHost<P> {
    const PK: usize = P::PK_BYTES;
    const SK: usize = P::SK_BYTES;
    const SIG: usize = P::SIG_BYTES;
    const XI: usize = P::KEY_SEED_BYTES;
    const RND: usize = P::SEED_BYTES + P::SALT_BYTES;

    fn keygen(xi: &[u8]) -> (Vec<u8>, Vec<u8>) {
        let mut vk = VerifyingKey::<P>::default();
        let mut sk = SigningKey::<P>::blank();
        pqfit::cross::Cross::<P, pqfit::cross::Fast>::key_gen(xi, &mut vk, &mut sk)
            .expect("host key generation");
        (vk.as_bytes().to_vec(), sk.as_bytes().to_vec())
    }

    fn sign(sk: &[u8], msg: &[u8], rnd: &[u8]) -> (Vec<u8>, Option<u32>) {
        let sk = SigningKey::<P>::from_bytes(sk).expect("host key");
        let mut sig = pqfit::cross::Signature::<P>::default();
        pqfit::cross::Cross::<P, pqfit::cross::Fast>::sign(&sk, msg, rnd, &mut sig)
            .expect("host sign");
        (sig.as_bytes().to_vec(), None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pqfit::Encoding;

    /// The kebab names are the spec's names (`P::NAME`) in lower case, and the category
    /// is the digit in the name.
    #[test]
    fn names_match_the_parameter_sets() {
        macro_rules! check {
            ($($ty:ident),*) => {$(
                let set = SETS.iter().find(|s| s.type_name == stringify!($ty)).unwrap();
                assert_eq!(set.name, <pqfit::cross::$ty as Encoding>::NAME.to_lowercase());
                assert_eq!(
                    set.name.split('-').nth(2),
                    Some(set.category.to_string().as_str())
                );
            )*};
        }
        pqfit::cross::for_each_cross_parameter_set!(check);
        assert_eq!(SETS.len(), 18);
    }
}
