//! ML-KEM key import: `PublicKey::from_bytes` (FIPS 203 §7.2: length, then the modulus
//! check) and `SecretKey::from_bytes` (§7.3: length, then the hash check) on any bytes,
//! for ML-KEM-512, -768 and -1024. Each answer is compared with an oracle written from
//! the spec (every 12-bit field of t-hat below q; SHA3-256 of dk's ek by the sha3 crate
//! equal to dk's H(ek), and dk's ek passing the modulus check, which pqfit's import adds
//! to §7.3); a rejection is `Err` of the right kind, never a panic; an
//! accepted key re-encodes to its input. Accepted keys are then used: encapsulation to
//! the ek and decapsulation under the dk (whose s-hat may hold any 12-bit values) give
//! the same bytes under every strategy (`pqfit_fuzz::mlkem`).
//!
//! Input: `set (0, 1, 2 mod 3: ML-KEM-512, -768, -1024), flags, m (32), ek (EK_BYTES),
//! dk (the rest)`. Flag bit 0 writes the oracle's SHA3-256 of dk's ek into dk's H(ek)
//! field (when dk has the right length), so that the fuzzer reaches accepted
//! decapsulation keys; bit 1 first copies ek into dk's ek field.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pqfit::mlkem::{Ciphertext, MlKemParams, ParameterSet, PublicKey, SecretKey};
use pqfit::{Error, MlKem};
use pqfit_fuzz::mlkem::{bytes32, decaps_all, encaps_all};
use pqfit_fuzz::{mlkem_t_hat_canonical, sha3_256, with_mlkem_set, Input};

fn check<P: ParameterSet>(flags: u8, m: &[u8], ek: &[u8], dk: &[u8]) {
    let (ek_len, dk_len) = (<P as MlKemParams>::EK_BYTES, <P as MlKemParams>::DK_BYTES);
    let dk_pke = <P as MlKemParams>::DK_PKE_BYTES;
    let mut dk = dk.to_vec();
    if dk.len() == dk_len {
        if flags & 2 != 0 && ek.len() == ek_len {
            dk[dk_pke..dk_pke + ek_len].copy_from_slice(ek);
        }
        if flags & 1 != 0 {
            let h = sha3_256(&dk[dk_pke..dk_pke + ek_len]);
            dk[dk_pke + ek_len..dk_pke + ek_len + 32].copy_from_slice(&h);
        }
    }

    // §7.2 on ek.
    let ek_ok = ek.len() == ek_len && mlkem_t_hat_canonical(&ek[..dk_pke]);
    let pk = PublicKey::<P>::from_bytes(ek);
    match &pk {
        Ok(k) => assert_eq!(k.as_bytes(), ek, "an accepted ek re-encodes to itself"),
        Err(Error::InvalidLength { expected, actual }) => {
            assert_eq!((*expected, *actual), (ek_len, ek.len()));
        }
        Err(Error::MalformedKey) => assert_eq!(ek.len(), ek_len, "MalformedKey for a bad length"),
        Err(e) => panic!("ek: unexpected error {e:?}"),
    }
    assert_eq!(pk.is_ok(), ek_ok, "ek: §7.2 check against the oracle");
    assert_eq!(<MlKem<P>>::check_encapsulation_key(ek).is_ok(), ek_ok);
    assert_eq!(PublicKey::<P>::try_from(ek).is_ok(), ek_ok);

    // §7.3 on dk (the length and the hash check), and, as pqfit's import adds, the §7.2
    // modulus check on the ek that dk embeds.
    let dk_ok = dk.len() == dk_len
        && sha3_256(&dk[dk_pke..dk_pke + ek_len])[..] == dk[dk_pke + ek_len..dk_pke + ek_len + 32]
        && mlkem_t_hat_canonical(&dk[dk_pke..2 * dk_pke]);
    let sk = SecretKey::<P>::from_bytes(&dk);
    match &sk {
        Ok(k) => assert_eq!(k.as_bytes(), &dk[..], "an accepted dk re-encodes to itself"),
        Err(Error::InvalidLength { expected, actual }) => {
            assert_eq!((*expected, *actual), (dk_len, dk.len()));
        }
        Err(Error::MalformedKey) => assert_eq!(dk.len(), dk_len, "MalformedKey for a bad length"),
        Err(e) => panic!("dk: unexpected error {e:?}"),
    }
    assert_eq!(sk.is_ok(), dk_ok, "dk: §7.3 check against the oracle");
    assert_eq!(<MlKem<P>>::check_decapsulation_key(&dk).is_ok(), dk_ok);

    // Accepted keys in use: every strategy gives the same bytes.
    let mut ct = Ciphertext::<P>::default();
    if let Ok(pk) = &pk {
        let all = encaps_all(pk, &bytes32(m));
        for (name, (c, ss)) in &all[1..] {
            assert_eq!(c.as_bytes(), all[0].1 .0.as_bytes(), "{name}: ciphertext");
            assert_eq!(ss, &all[0].1 .1, "{name}: shared secret");
        }
        ct = all[0].1 .0.clone();
    }
    if let Ok(sk) = &sk {
        let all = decaps_all(sk, &ct);
        for (name, ss) in &all[1..] {
            assert_eq!(ss, &all[0].1, "{name}: decapsulated key");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let set = input.byte();
    let flags = input.byte();
    let m = input.take(32);
    macro_rules! split {
        ($p:ty) => {{
            let ek = input.take(<$p as MlKemParams>::EK_BYTES);
            (ek, input.rest())
        }};
    }
    let (ek, dk) = match set % 3 {
        0 => split!(pqfit::mlkem::MlKem512Params),
        1 => split!(pqfit::mlkem::MlKem768Params),
        _ => split!(pqfit::mlkem::MlKem1024Params),
    };
    with_mlkem_set!(set, check(flags, m, ek, dk));
});
