//! NTRU Prime: key generation, encapsulation and decapsulation of sntrup761 and
//! ntrulpr761 under every multiplication strategy.

use crate::case::Case;
use crate::grind::{secret, secret_in_place, Bytes};
use core::ops::Range;
use pqfit::ntruprime::{
    Ciphertext, GoodNtt, Karatsuba, MixedRadixNtt, Ntrulpr761Params, PublicKey, RqMul, Schoolbook,
    SecretKey, SharedSecret, Sntrup761Params, ZqNtt,
};
use pqfit::{Error, Ntrulpr761, Sntrup761};

/// Bytes of Small_encode (761 coefficients, four a byte).
const SMALL_BYTES: usize = 191;
/// Bytes of rho in ntrulpr761 (an input r).
const LPR_RHO_BYTES: usize = 32;

/// A `randombytes` for the harness: deterministic bytes, marked secret when
/// `secret_output` (the randomness of the operation under test) and left public
/// when they only build the key pair or ciphertext an operation starts from.
fn randombytes(seed: u64, secret_output: bool) -> impl FnMut(&mut [u8]) -> Result<(), Error> {
    let mut bytes = Bytes::new(seed);
    move |out: &mut [u8]| {
        bytes.fill(out);
        if secret_output {
            secret(out);
        }
        Ok(())
    }
}

/// Marks the secret ranges of an encoded secret key; the copy of the public key and
/// its hash stay public.
fn secret_ranges(sk: &[u8], ranges: &[Range<usize>]) {
    for r in ranges {
        secret_in_place(&sk[r.clone()]);
    }
}

/// Decapsulates a valid ciphertext, then one that no longer re-encrypts to itself
/// (implicit rejection): the ciphertexts are public, which path was taken is not.
macro_rules! decaps_both {
    ($decaps:expr, $sk:expr, $ct:expr, $params:ty) => {{
        let mut ss = SharedSecret::zeroed();
        $decaps($sk, $ct, &mut ss);
        let mut bytes = $ct.as_bytes().to_vec();
        bytes[7] ^= 0x10;
        let bad = Ciphertext::<$params>::from_bytes(&bytes).expect("same length");
        $decaps($sk, &bad, &mut ss);
    }};
}

/// Bytes of the confirmation hash that ends both KEMs' ciphertexts.
const CONFIRM_BYTES: usize = 32;

/// `ct` with the first byte of its confirmation hash changed: the rounded part still
/// decrypts, with the key it was made for, to a vector of the right weight, and only
/// the hash comparison rejects it.
macro_rules! wrong_hash {
    ($ct:expr, $params:ty) => {{
        let mut bytes = $ct.as_bytes().to_vec();
        let at = bytes.len() - CONFIRM_BYTES;
        bytes[at] ^= 0x80;
        Ciphertext::<$params>::from_bytes(&bytes).expect("same length")
    }};
}

/// The keygen, encaps and decaps cases of one KEM (`$kem`, parameters `$params`)
/// over multiplication `M`; `$ranges` are the secret byte ranges of its encoded key.
macro_rules! kem_cases {
    ($fn:ident, $kem:ident, $params:ty, $label:literal, $ranges:expr) => {
        fn $fn<M: RqMul + 'static>(cases: &mut Vec<Case>) {
            type S = $params;
            let name = |op: &str| format!("{}/{}/{op}", $label, M::NAME);
            let ranges: [Range<usize>; 2] = $ranges;
            let key_pair = |seed, secret| {
                let (mut pk, mut sk) = (PublicKey::<S>::default(), SecretKey::<S>::zeroed());
                $kem::<M>::key_gen_with_randombytes(
                    &mut randombytes(seed, secret),
                    &mut pk,
                    &mut sk,
                )
                .expect("no RNG failure");
                (pk, sk)
            };
            let encaps = |pk: &PublicKey<S>, seed, secret| {
                let (mut ct, mut ss) = (Ciphertext::<S>::default(), SharedSecret::zeroed());
                $kem::<M>::encaps_with_randombytes(
                    &mut randombytes(seed, secret),
                    pk,
                    &mut ct,
                    &mut ss,
                )
                .expect("no RNG failure");
                ct
            };
            cases.push(Case::new(name("keygen"), move || {
                key_pair(1, true);
            }));
            cases.push(Case::new(name("encaps"), move || {
                let (pk, _) = key_pair(2, false);
                encaps(&pk, 3, true);
            }));
            let ranges_wrong_hash = ranges.clone();
            cases.push(Case::new(name("decaps"), move || {
                let (pk, sk) = key_pair(4, false);
                let ct = encaps(&pk, 5, false);
                secret_ranges(sk.as_bytes(), &ranges);
                decaps_both!($kem::<M>::decaps, &sk, &ct, S);
            }));
            cases.push(Case::new(name("decaps (wrong hash)"), move || {
                let (pk, sk) = key_pair(6, false);
                let ct = wrong_hash!(encaps(&pk, 7, false), S);
                secret_ranges(sk.as_bytes(), &ranges_wrong_hash);
                let mut ss = SharedSecret::zeroed();
                $kem::<M>::decaps(&sk, &ct, &mut ss);
            }));
        }
    };
}

// sntrup761's sk = f || 1/g || pk || rho || Hash(pk): f, 1/g and rho are secret.
kem_cases!(sntrup761, Sntrup761, Sntrup761Params, "sntrup761", {
    let pk_end = 2 * SMALL_BYTES + PublicKey::<Sntrup761Params>::BYTES;
    [0..2 * SMALL_BYTES, pk_end..pk_end + SMALL_BYTES]
});

// ntrulpr761's sk = a || pk || rho || Hash(pk): a and rho are secret.
kem_cases!(ntrulpr761, Ntrulpr761, Ntrulpr761Params, "ntrulpr761", {
    let pk_end = SMALL_BYTES + PublicKey::<Ntrulpr761Params>::BYTES;
    [0..SMALL_BYTES, pk_end..pk_end + LPR_RHO_BYTES]
});

fn strategy<M: RqMul + 'static>(cases: &mut Vec<Case>) {
    sntrup761::<M>(cases);
    ntrulpr761::<M>(cases);
}

/// Every NTRU Prime case.
pub fn cases(cases: &mut Vec<Case>) {
    strategy::<Schoolbook>(cases);
    strategy::<Karatsuba>(cases);
    strategy::<GoodNtt>(cases);
    strategy::<MixedRadixNtt>(cases);
    strategy::<ZqNtt>(cases);
}
