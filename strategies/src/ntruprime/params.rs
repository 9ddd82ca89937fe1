//! The NTRU Prime parameter sets as types: their names and encoded sizes, which size
//! the KEM buffers of [`crate::kem`].

use crate::kem::{big_len, Params};

/// sntrup761: pk 1158, sk 1763, ct 1039 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sntrup761Params;

impl Params for Sntrup761Params {
    const NAME: &'static str = "sntrup761";
    const PK_BYTES: usize = 1158;
    const SK_BYTES: usize = 1763;
    const CT_BYTES: usize = 1039;
    type PkLen = big_len!(1158);
    type SkLen = big_len!(1763);
    type CtLen = big_len!(1039);
}

/// ntrulpr761: pk 1039, sk 1294, ct 1167 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ntrulpr761Params;

impl Params for Ntrulpr761Params {
    const NAME: &'static str = "ntrulpr761";
    const PK_BYTES: usize = 1039;
    const SK_BYTES: usize = 1294;
    const CT_BYTES: usize = 1167;
    type PkLen = big_len!(1039);
    type SkLen = big_len!(1294);
    type CtLen = big_len!(1167);
}

#[cfg(test)]
mod tests {
    use super::*;
    use typenum::Unsigned;

    /// The typenum lengths are the sizes.
    #[test]
    fn lengths_are_the_sizes() {
        fn check<S: Params>() {
            assert_eq!(
                (S::PkLen::USIZE, S::SkLen::USIZE, S::CtLen::USIZE),
                (S::PK_BYTES, S::SK_BYTES, S::CT_BYTES),
                "{}",
                S::NAME
            );
        }
        check::<Sntrup761Params>();
        check::<Ntrulpr761Params>();
    }
}
