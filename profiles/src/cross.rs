//! The 18 CROSS parameter sets as harness schemes: names, and dispatch to the signature
//! measurement with the matching host reference.

use std::path::Path;

use crate::link::Firmware;
use crate::measure::{run_signature, CrossHost, Measurement, Request};
use crate::profile::Profile;
use crate::Error;

macro_rules! sets {
    ($($ty:ident => $name:literal),* $(,)?) => {
        /// (kebab-case name, pqfit type name) of every CROSS parameter set.
        pub const SETS: [(&str, &str); 18] = [$(($name, stringify!($ty))),*];

        /// Measures the firmware of CROSS set `set` (an index into [`SETS`]).
        pub fn run(
            set: u8,
            profile: &Profile,
            req: &Request,
            ty: &str,
            fw: &Firmware,
        ) -> Result<Measurement, Error> {
            let name = SETS.get(set as usize).map(|s| s.1).unwrap_or("");
            $(
                if name == stringify!($ty) {
                    return run_signature::<CrossHost<pqfit::cross::$ty>>(profile, req, ty, fw);
                }
            )*
            Err(Error::Unknown(format!("no CROSS parameter set number {set}")))
        }

        /// The constant-time check of CROSS set `set`'s firmware.
        pub fn ct_check(
            set: u8,
            profile: &Profile,
            req: &crate::ct_check::CtRequest,
            elf: &Path,
        ) -> Result<Vec<crate::ct_check::CtOp>, Error> {
            let name = SETS.get(set as usize).map(|s| s.1).unwrap_or("");
            $(
                if name == stringify!($ty) {
                    return crate::ct_check::signature::<CrossHost<pqfit::cross::$ty>>(profile, req, elf);
                }
            )*
            Err(Error::Unknown(format!("no CROSS parameter set number {set}")))
        }
    };
}

sets! {
    Rsdp1Fast => "cross-rsdp-1-fast",
    Rsdp1Balanced => "cross-rsdp-1-balanced",
    Rsdp1Small => "cross-rsdp-1-small",
    Rsdp3Fast => "cross-rsdp-3-fast",
    Rsdp3Balanced => "cross-rsdp-3-balanced",
    Rsdp3Small => "cross-rsdp-3-small",
    Rsdp5Fast => "cross-rsdp-5-fast",
    Rsdp5Balanced => "cross-rsdp-5-balanced",
    Rsdp5Small => "cross-rsdp-5-small",
    Rsdpg1Fast => "cross-rsdpg-1-fast",
    Rsdpg1Balanced => "cross-rsdpg-1-balanced",
    Rsdpg1Small => "cross-rsdpg-1-small",
    Rsdpg3Fast => "cross-rsdpg-3-fast",
    Rsdpg3Balanced => "cross-rsdpg-3-balanced",
    Rsdpg3Small => "cross-rsdpg-3-small",
    Rsdpg5Fast => "cross-rsdpg-5-fast",
    Rsdpg5Balanced => "cross-rsdpg-5-balanced",
    Rsdpg5Small => "cross-rsdpg-5-small",
}

#[cfg(test)]
mod tests {
    use super::*;
    use pqfit::Encoding;

    /// The kebab names are the spec's names (`P::NAME`) in lower case.
    #[test]
    fn names_match_the_parameter_sets() {
        macro_rules! check {
            ($($ty:ident),*) => {$(
                let (name, ty) = SETS.iter().find(|s| s.1 == stringify!($ty)).unwrap();
                assert_eq!(*name, <pqfit::cross::$ty as Encoding>::NAME.to_lowercase(), "{ty}");
            )*};
        }
        pqfit::cross::for_each_cross_parameter_set!(check);
    }
}
