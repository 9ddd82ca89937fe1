//! NTRU Prime: key generation, encapsulation and decapsulation of sntrup761 and
//! ntrulpr761 under every multiplication strategy.

use crate::grind::{secret, secret_in_place, Bytes};
use crate::Case;
use core::ops::Range;
use pqfit::ntruprime::{
    Ciphertext, GoodNtt, Karatsuba, MixedRadixNtt, Ntrulpr761Params, PublicKey, RqMul, Schoolbook,
    SecretKey, SharedSecret, Sntrup761Params,
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
        let mut ss = SharedSecret::default();
        $decaps($sk, $ct, &mut ss);
        let mut bytes = $ct.as_bytes().to_vec();
        bytes[7] ^= 0x10;
        let bad = Ciphertext::<$params>::from_bytes(&bytes).expect("same length");
        $decaps($sk, &bad, &mut ss);
    }};
}

fn sntrup761<M: RqMul + 'static>(cases: &mut Vec<Case>) {
    type S = Sntrup761Params;
    let name = |op: &str| format!("sntrup761/{}/{op}", M::NAME);
    // sk = f || 1/g || pk || rho || Hash(pk): f, 1/g and rho are secret.
    let pk_end = 2 * SMALL_BYTES + PublicKey::<S>::BYTES;
    let ranges = [0..2 * SMALL_BYTES, pk_end..pk_end + SMALL_BYTES];
    cases.push(Case::new(name("keygen"), || {
        let (mut pk, mut sk) = (PublicKey::<S>::default(), SecretKey::<S>::default());
        Sntrup761::<M>::key_gen_with_randombytes(&mut randombytes(1, true), &mut pk, &mut sk)
            .expect("no RNG failure");
    }));
    cases.push(Case::new(name("encaps"), || {
        let (mut pk, mut sk) = (PublicKey::<S>::default(), SecretKey::<S>::default());
        Sntrup761::<M>::key_gen_with_randombytes(&mut randombytes(2, false), &mut pk, &mut sk)
            .expect("no RNG failure");
        let (mut ct, mut ss) = (Ciphertext::<S>::default(), SharedSecret::default());
        Sntrup761::<M>::encaps_with_randombytes(&mut randombytes(3, true), &pk, &mut ct, &mut ss)
            .expect("no RNG failure");
    }));
    cases.push(Case::new(name("decaps"), move || {
        let (mut pk, mut sk) = (PublicKey::<S>::default(), SecretKey::<S>::default());
        Sntrup761::<M>::key_gen_with_randombytes(&mut randombytes(4, false), &mut pk, &mut sk)
            .expect("no RNG failure");
        let (mut ct, mut ss) = (Ciphertext::<S>::default(), SharedSecret::default());
        Sntrup761::<M>::encaps_with_randombytes(&mut randombytes(5, false), &pk, &mut ct, &mut ss)
            .expect("no RNG failure");
        secret_ranges(sk.as_bytes(), &ranges);
        decaps_both!(Sntrup761::<M>::decaps, &sk, &ct, S);
    }));
}

fn ntrulpr761<M: RqMul + 'static>(cases: &mut Vec<Case>) {
    type S = Ntrulpr761Params;
    let name = |op: &str| format!("ntrulpr761/{}/{op}", M::NAME);
    // sk = a || pk || rho || Hash(pk): a and rho are secret.
    let pk_end = SMALL_BYTES + PublicKey::<S>::BYTES;
    let ranges = [0..SMALL_BYTES, pk_end..pk_end + LPR_RHO_BYTES];
    cases.push(Case::new(name("keygen"), || {
        let (mut pk, mut sk) = (PublicKey::<S>::default(), SecretKey::<S>::default());
        Ntrulpr761::<M>::key_gen_with_randombytes(&mut randombytes(1, true), &mut pk, &mut sk)
            .expect("no RNG failure");
    }));
    cases.push(Case::new(name("encaps"), || {
        let (mut pk, mut sk) = (PublicKey::<S>::default(), SecretKey::<S>::default());
        Ntrulpr761::<M>::key_gen_with_randombytes(&mut randombytes(2, false), &mut pk, &mut sk)
            .expect("no RNG failure");
        let (mut ct, mut ss) = (Ciphertext::<S>::default(), SharedSecret::default());
        Ntrulpr761::<M>::encaps_with_randombytes(&mut randombytes(3, true), &pk, &mut ct, &mut ss)
            .expect("no RNG failure");
    }));
    cases.push(Case::new(name("decaps"), move || {
        let (mut pk, mut sk) = (PublicKey::<S>::default(), SecretKey::<S>::default());
        Ntrulpr761::<M>::key_gen_with_randombytes(&mut randombytes(4, false), &mut pk, &mut sk)
            .expect("no RNG failure");
        let (mut ct, mut ss) = (Ciphertext::<S>::default(), SharedSecret::default());
        Ntrulpr761::<M>::encaps_with_randombytes(&mut randombytes(5, false), &pk, &mut ct, &mut ss)
            .expect("no RNG failure");
        secret_ranges(sk.as_bytes(), &ranges);
        decaps_both!(Ntrulpr761::<M>::decaps, &sk, &ct, S);
    }));
}

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
}
