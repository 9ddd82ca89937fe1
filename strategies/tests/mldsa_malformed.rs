//! Bad input gets a clear `Err`, never a panic: wrong lengths, malformed keys and
//! signatures, out-of-range z, oversize contexts, and random garbage.

use pqfit::{
    Error, MlDsa, MlDsa44, MlDsa65, MlDsa87, ParameterSet, PreHash, Signature, SigningKey,
    VerifyingKey,
};

struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 11
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

struct Fixture<P: ParameterSet> {
    vk: VerifyingKey<P>,
    sk: SigningKey<P>,
    sig: Signature<P>,
}

const MSG: &[u8] = b"attack at dawn";

fn fixture<P: ParameterSet>() -> Fixture<P> {
    let mut f = Fixture {
        vk: VerifyingKey::default(),
        sk: SigningKey::blank(),
        sig: Signature::default(),
    };
    MlDsa::<P>::key_gen_internal(&[42; 32], &mut f.vk, &mut f.sk);
    MlDsa::<P>::sign_deterministic(&f.sk, MSG, b"ctx", &mut f.sig).unwrap();
    MlDsa::<P>::verify(&f.vk, MSG, b"ctx", f.sig.as_bytes()).unwrap();
    f
}

fn lengths<P: ParameterSet>() {
    let f = fixture::<P>();
    let sig = f.sig.as_bytes();
    for bad in [0, 1, P::SIG_BYTES - 1, P::SIG_BYTES + 1, 2 * P::SIG_BYTES] {
        let mut v = sig.to_vec();
        v.resize(bad, 0);
        let err = Error::InvalidLength {
            expected: P::SIG_BYTES,
            actual: bad,
        };
        let want = Err(err);
        assert_eq!(MlDsa::<P>::verify(&f.vk, MSG, b"ctx", &v), want);
        assert_eq!(MlDsa::<P>::verify_internal(&f.vk, MSG, &v), want);
        assert_eq!(MlDsa::<P>::verify_mu(&f.vk, &[0; 64], &v), want);
        assert_eq!(
            MlDsa::<P>::hash_verify(&f.vk, MSG, b"", PreHash::Sha2_256, &v),
            want
        );
        assert_eq!(Signature::<P>::from_bytes(&v).unwrap_err(), err);
    }
    for bad in [0, P::PK_BYTES - 1, P::PK_BYTES + 1] {
        let v = vec![0u8; bad];
        assert!(matches!(
            VerifyingKey::<P>::from_bytes(&v),
            Err(Error::InvalidLength { .. })
        ));
    }
    for bad in [0, P::SK_BYTES - 1, P::SK_BYTES + 1] {
        let mut v = f.sk.as_bytes().to_vec();
        v.resize(bad, 0);
        assert!(matches!(
            SigningKey::<P>::from_bytes(&v),
            Err(Error::InvalidLength { .. })
        ));
    }
    // The right lengths parse back to the same values.
    assert_eq!(
        VerifyingKey::<P>::from_bytes(f.vk.as_bytes()).unwrap(),
        f.vk
    );
    assert_eq!(Signature::<P>::from_bytes(sig).unwrap(), f.sig);
    assert_eq!(
        SigningKey::<P>::from_bytes(f.sk.as_bytes())
            .unwrap()
            .as_bytes(),
        f.sk.as_bytes()
    );
}

fn malformed_secret_key<P: ParameterSet>() {
    let f = fixture::<P>();
    // s1[0] coefficient 0 packed as 2 eta + 1 or more: all ones in the first bits.
    for offset in [P::SK_S1_OFFSET, P::SK_S2_OFFSET, P::SK_T0_OFFSET - 1] {
        let mut v = f.sk.as_bytes().to_vec();
        v[offset] = 0xff;
        assert_eq!(
            SigningKey::<P>::from_bytes(&v).unwrap_err(),
            Error::MalformedKey,
            "offset {offset}"
        );
    }
}

fn bad_hints<P: ParameterSet>() {
    let f = fixture::<P>();
    let h = P::SIG_H_OFFSET;
    let ends = h + P::OMEGA;
    let mut cases: Vec<Vec<u8>> = Vec::new();
    // A count above omega.
    let mut v = f.sig.as_bytes().to_vec();
    v[ends + P::K - 1] = P::OMEGA as u8 + 1;
    cases.push(v);
    // Decreasing counts.
    let mut v = f.sig.as_bytes().to_vec();
    let total = v[ends + P::K - 1];
    v[ends] = total.saturating_add(1).min(P::OMEGA as u8);
    v[ends + 1] = 0;
    cases.push(v);
    // A non-zero unused position (past the last count).
    let mut v = f.sig.as_bytes().to_vec();
    let total = v[ends + P::K - 1] as usize;
    if total < P::OMEGA {
        v[h + P::OMEGA - 1] = 1;
        cases.push(v);
    }
    // Positions not strictly increasing within a row: duplicate a position.
    let sig = f.sig.as_bytes();
    let first_row_len = sig[ends] as usize;
    if first_row_len >= 2 {
        let mut v = sig.to_vec();
        v[h + 1] = v[h];
        cases.push(v);
    }
    assert!(cases.len() >= 3);
    for (n, v) in cases.iter().enumerate() {
        assert_eq!(
            Signature::<P>::from_bytes(v).unwrap_err(),
            Error::MalformedSignature,
            "case {n}"
        );
        assert_eq!(
            MlDsa::<P>::verify(&f.vk, MSG, b"ctx", v),
            Err(Error::MalformedSignature),
            "case {n}"
        );
    }
}

fn z_out_of_range<P: ParameterSet>() {
    let f = fixture::<P>();
    // A packed value of 0 decodes to z = gamma1, outside gamma1 - beta.
    let mut v = f.sig.as_bytes().to_vec();
    let z0 = P::C_TILDE_BYTES;
    v[z0] = 0;
    v[z0 + 1] = 0;
    v[z0 + 2] &= if P::GAMMA1_BITS == 18 { 0xfc } else { 0xf0 };
    assert_eq!(
        MlDsa::<P>::verify(&f.vk, MSG, b"ctx", &v),
        Err(Error::VerificationFailed)
    );
    // Every single-bit flip anywhere is rejected.
    let mut rng = Lcg(P::K as u64);
    for _ in 0..64 {
        let mut v = f.sig.as_bytes().to_vec();
        let bit = rng.next() as usize % (8 * v.len());
        v[bit / 8] ^= 1 << (bit % 8);
        assert!(
            MlDsa::<P>::verify(&f.vk, MSG, b"ctx", &v).is_err(),
            "bit {bit}"
        );
    }
}

fn contexts<P: ParameterSet>() {
    let f = fixture::<P>();
    let long = [7u8; 256];
    let max = [7u8; 255];
    let mut sig = Signature::<P>::default();
    assert_eq!(
        MlDsa::<P>::sign(&f.sk, MSG, &long, &[0; 32], &mut sig),
        Err(Error::ContextTooLong)
    );
    assert_eq!(
        MlDsa::<P>::sign_deterministic(&f.sk, MSG, &long, &mut sig),
        Err(Error::ContextTooLong)
    );
    assert_eq!(
        MlDsa::<P>::hash_sign(&f.sk, MSG, &long, PreHash::Sha3_256, &[0; 32], &mut sig),
        Err(Error::ContextTooLong)
    );
    assert_eq!(
        MlDsa::<P>::verify(&f.vk, MSG, &long, f.sig.as_bytes()),
        Err(Error::ContextTooLong)
    );
    assert_eq!(
        MlDsa::<P>::hash_verify(&f.vk, MSG, &long, PreHash::Sha3_256, f.sig.as_bytes()),
        Err(Error::ContextTooLong)
    );
    let mut mu = [0u8; 64];
    assert_eq!(
        MlDsa::<P>::external_mu(&f.vk, MSG, &long, &mut mu),
        Err(Error::ContextTooLong)
    );
    // 255 bytes is allowed, and the context is bound to the signature.
    MlDsa::<P>::sign_deterministic(&f.sk, MSG, &max, &mut sig).unwrap();
    MlDsa::<P>::verify(&f.vk, MSG, &max, sig.as_bytes()).unwrap();
    assert_eq!(
        MlDsa::<P>::verify(&f.vk, MSG, &max[1..], sig.as_bytes()),
        Err(Error::VerificationFailed)
    );
    assert_eq!(
        MlDsa::<P>::verify(&f.vk, MSG, b"ctx", sig.as_bytes()),
        Err(Error::VerificationFailed)
    );
}

fn garbage<P: ParameterSet>() {
    let f = fixture::<P>();
    let mut rng = Lcg(0x5eed + P::L as u64);
    for _ in 0..100 {
        let n = if rng.next().is_multiple_of(4) {
            rng.next() as usize % (2 * P::SIG_BYTES)
        } else {
            P::SIG_BYTES
        };
        let v = rng.bytes(n);
        assert!(MlDsa::<P>::verify(&f.vk, MSG, b"ctx", &v).is_err());
        let _ = Signature::<P>::from_bytes(&v);
        let k = rng.bytes(P::SK_BYTES);
        let _ = SigningKey::<P>::from_bytes(&k);
        let pk = rng.bytes(P::PK_BYTES);
        let vk = VerifyingKey::<P>::from_bytes(&pk).unwrap();
        assert!(MlDsa::<P>::verify(&vk, MSG, b"ctx", f.sig.as_bytes()).is_err());
    }
}

macro_rules! per_set {
    ($($name:ident => $f:ident),* $(,)?) => {$(
        #[test]
        fn $name() {
            $f::<MlDsa44>();
            $f::<MlDsa65>();
            $f::<MlDsa87>();
        }
    )*};
}

per_set!(
    wrong_lengths_are_errors => lengths,
    out_of_range_secret_keys_are_errors => malformed_secret_key,
    malformed_hints_are_errors => bad_hints,
    z_out_of_range_and_bit_flips_are_rejected => z_out_of_range,
    contexts_longer_than_255_bytes_are_errors => contexts,
    random_input_never_panics => garbage,
);

#[test]
fn debug_prints_no_secret() {
    let f = fixture::<MlDsa65>();
    let s = format!("{:?}", f.sk);
    assert_eq!(s, "SigningKey<ML-DSA-65> { .. }");
    let kp = pqfit::KeyPair::<MlDsa65>::from_seed(&[42; 32]);
    let s = format!("{kp:?}");
    assert!(s.contains("SigningKey<ML-DSA-65> { .. }"));
    let hex: String = f.sk.as_bytes()[64..72]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert!(!s.contains(&hex), "no secret-key bytes in Debug");
}
