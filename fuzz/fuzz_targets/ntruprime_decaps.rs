//! NTRU Prime secret-key and ciphertext decoding and decapsulation: `from_bytes`
//! accepts exactly the right lengths (any contents); decapsulation of any well-sized
//! ciphertext under any well-sized secret key never fails or panics (implicit
//! rejection: there is no error case) and gives the same session key under every
//! multiplication strategy.
//!
//! Input: `scheme (even: sntrup761, odd: ntrulpr761), sk (SK_BYTES), ct (CT_BYTES)`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pqfit::ntruprime::{
    Ciphertext, GoodNtt, Karatsuba, MixedRadixNtt, Ntrulpr761Params, RqMul, Scheme, Schoolbook,
    SecretKey, SharedSecret, Sntrup761Params, ZqNtt,
};
use pqfit::{Ntrulpr761, Sntrup761};
use pqfit_fuzz::Input;

macro_rules! scheme {
    ($check:ident, $kem:ident, $params:ty) => {
        fn $check(sk: &[u8], ct: &[u8]) {
            fn decaps<M: RqMul>(sk: &SecretKey<$params>, ct: &Ciphertext<$params>) -> SharedSecret {
                let mut ss = SharedSecret::zeroed();
                $kem::<M>::decaps(sk, ct, &mut ss);
                ss
            }
            let sk_ok = SecretKey::<$params>::from_bytes(sk);
            let ct_ok = Ciphertext::<$params>::from_bytes(ct);
            assert_eq!(sk_ok.is_ok(), sk.len() == <$params>::SK_BYTES);
            assert_eq!(ct_ok.is_ok(), ct.len() == <$params>::CT_BYTES);
            let (Ok(sk), Ok(ct)) = (sk_ok, ct_ok) else {
                return;
            };
            let ss = decaps::<Schoolbook>(&sk, &ct);
            assert_eq!(decaps::<Karatsuba>(&sk, &ct), ss, "Karatsuba");
            assert_eq!(decaps::<GoodNtt>(&sk, &ct), ss, "GoodNtt");
            assert_eq!(decaps::<MixedRadixNtt>(&sk, &ct), ss, "MixedRadixNtt");
            assert_eq!(decaps::<ZqNtt>(&sk, &ct), ss, "ZqNtt");
        }
    };
}

scheme!(sntrup761, Sntrup761, Sntrup761Params);
scheme!(ntrulpr761, Ntrulpr761, Ntrulpr761Params);

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    if input.byte().is_multiple_of(2) {
        let sk = input.take(Sntrup761Params::SK_BYTES);
        sntrup761(sk, input.rest());
    } else {
        let sk = input.take(Ntrulpr761Params::SK_BYTES);
        ntrulpr761(sk, input.rest());
    }
});
