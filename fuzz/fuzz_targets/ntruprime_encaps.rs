//! NTRU Prime public-key decoding and encapsulation: `PublicKey::from_bytes` accepts
//! exactly the right length (any contents, as the spec); encapsulation to any public
//! key with randomness from the input never fails or panics and gives the same
//! ciphertext and session key under every multiplication strategy.
//!
//! Input: `scheme (even: sntrup761, odd: ntrulpr761), pk (PK_BYTES), randomness`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pqfit::ntruprime::{
    Ciphertext, GoodNtt, Karatsuba, MixedRadixNtt, Ntrulpr761Params, PublicKey, RqMul, Scheme,
    Schoolbook, SharedSecret, Sntrup761Params, ZqNtt,
};
use pqfit::{Ntrulpr761, Sntrup761};
use pqfit_fuzz::{randombytes_from, Input};

macro_rules! scheme {
    ($check:ident, $kem:ident, $params:ty) => {
        fn $check(pk: &[u8], random: &[u8]) {
            fn encaps<M: RqMul>(
                pk: &PublicKey<$params>,
                random: &[u8],
            ) -> (Ciphertext<$params>, SharedSecret) {
                let (mut ct, mut ss) = (Ciphertext::default(), SharedSecret::zeroed());
                $kem::<M>::encaps_with_randombytes(
                    &mut randombytes_from(random),
                    pk,
                    &mut ct,
                    &mut ss,
                )
                .expect("no RNG failure");
                (ct, ss)
            }
            let Ok(pk) = PublicKey::<$params>::from_bytes(pk) else {
                assert_ne!(pk.len(), <$params>::PK_BYTES);
                return;
            };
            let (ct, ss) = encaps::<Schoolbook>(&pk, random);
            for (name, other) in [
                ("Karatsuba", encaps::<Karatsuba>(&pk, random)),
                ("GoodNtt", encaps::<GoodNtt>(&pk, random)),
                ("MixedRadixNtt", encaps::<MixedRadixNtt>(&pk, random)),
                ("ZqNtt", encaps::<ZqNtt>(&pk, random)),
            ] {
                assert_eq!(other.0, ct, "{name}: ciphertext");
                assert_eq!(other.1, ss, "{name}: session key");
            }
        }
    };
}

scheme!(sntrup761, Sntrup761, Sntrup761Params);
scheme!(ntrulpr761, Ntrulpr761, Ntrulpr761Params);

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    if input.byte().is_multiple_of(2) {
        let pk = input.take(Sntrup761Params::PK_BYTES);
        sntrup761(pk, input.rest());
    } else {
        let pk = input.take(Ntrulpr761Params::PK_BYTES);
        ntrulpr761(pk, input.rest());
    }
});
