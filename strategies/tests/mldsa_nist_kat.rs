//! NIST-format ML-DSA KATs regenerated with the NIST PQC CTR_DRBG, as `PQCgenKAT_sign.c`
//! does: pure ML-DSA, empty context, hedged signing with rnd drawn from the DRBG.

#[macro_use]
mod support;

use pqfit::{MlDsa, Signature, SigningKey, VerifyingKey};
use support::drbg::{kat_entropy, NistDrbg};
use support::{compare_bytes, hex, read_gz, rsp, run_case, vector_file};

const ENTRIES: usize = 100;

/// The seed of count 0 in every NIST signature `.req`/`.rsp` file.
const COUNT0_SEED: &str = "061550234D158C5EC95595FE04EF7A25767F2E24CC2BC479D09D86DC9ABCFDE7\
                           056A8C266F9EF97ED08541DBD2E1FFA1";

fn load(relative: &str) -> Vec<rsp::Entry> {
    let entries = rsp::parse(&read_gz(&vector_file(relative)));
    assert_eq!(
        entries.len(),
        ENTRIES,
        "{relative}: expected exactly {ENTRIES} entries"
    );
    for (i, entry) in entries.iter().enumerate() {
        assert_eq!(entry.count, i, "{relative}: entries out of order");
    }
    entries
}

#[test]
fn drbg_first_seed_matches_nist() {
    let mut drbg = NistDrbg::new(&kat_entropy());
    let seed: [u8; 48] = drbg.array();
    assert_eq!(hex::encode(&seed), COUNT0_SEED);
}

/// The DRBG regenerates every seed and message of the standard `.req` file.
#[test]
fn drbg_reproduces_req_file() {
    let entries = load("nist-kat/PQCsignKAT_NIST-DRBG_sign.req.gz");
    let mut drbg = NistDrbg::new(&kat_entropy());
    for (i, entry) in entries.iter().enumerate() {
        let seed: [u8; 48] = drbg.array();
        let msg = drbg.vec(33 * (i + 1));
        assert_eq!(entry.seed, seed, "count {i}: seed");
        assert_eq!(entry.mlen, msg.len(), "count {i}: mlen");
        assert_eq!(entry.msg, msg, "count {i}: msg");
        assert!(
            entry.pk.is_empty() && entry.sk.is_empty() && entry.sm.is_empty(),
            "count {i}: a .req entry has results"
        );
        assert_eq!(entry.smlen, None, "count {i}: smlen");
    }
}

/// Regenerates one `ML-DSA-*.rsp.gz` file and checks it entry by entry.
macro_rules! kat_test {
    ($test:ident, $P:ty, $name:literal) => {
        #[test]
        fn $test() {
            type P = $P;
            let entries = load(concat!("nist-kat/ml-dsa/", $name, ".rsp.gz"));
            let mut main_drbg = NistDrbg::new(&kat_entropy());
            let mut passed = 0;
            for (i, entry) in entries.iter().enumerate() {
                // The .req part: seed and message come from the main DRBG stream.
                let seed: [u8; 48] = main_drbg.array();
                let msg = main_drbg.vec(33 * (i + 1));
                let outcome = run_case(|| {
                    let mut problems: Vec<String> = Vec::new();
                    problems.extend(compare_bytes("seed", &seed, &entry.seed));
                    if entry.mlen != msg.len() {
                        problems.push(format!("mlen {} instead of {}", entry.mlen, msg.len()));
                    }
                    problems.extend(compare_bytes("msg", &msg, &entry.msg));

                    // keypair and sign run on a DRBG re-seeded with this count's seed:
                    // one randombytes(32) for xi, then one randombytes(32) for rnd.
                    let mut drbg = NistDrbg::new(&seed);
                    let xi: [u8; 32] = drbg.array();
                    let mut vk = VerifyingKey::<P>::default();
                    let mut sk = SigningKey::<P>::blank();
                    MlDsa::<P, pqfit::Balanced>::key_gen_internal(&xi, &mut vk, &mut sk);
                    problems.extend(compare_bytes("pk", vk.as_bytes(), &entry.pk));
                    problems.extend(compare_bytes("sk", sk.as_bytes(), &entry.sk));

                    let rnd: [u8; 32] = drbg.array();
                    let mut sig = Signature::<P>::default();
                    MlDsa::<P, pqfit::Balanced>::sign(&sk, &msg, &[], &rnd, &mut sig)
                        .map_err(|e| format!("sign returned {e:?}"))?;
                    let mut sm = sig.as_bytes().to_vec();
                    sm.extend_from_slice(&msg);
                    if entry.smlen != Some(sm.len()) {
                        problems.push(format!("smlen {:?} instead of {}", entry.smlen, sm.len()));
                    }
                    problems.extend(compare_bytes("sm", &sm, &entry.sm));

                    if let Err(e) =
                        MlDsa::<P, pqfit::Balanced>::verify(&vk, &msg, &[], sig.as_bytes())
                    {
                        problems.push(format!("verify rejected the signature: {e:?}"));
                    }
                    let mut tampered = msg.clone();
                    tampered[i % msg.len()] ^= 1;
                    if MlDsa::<P, pqfit::Balanced>::verify(&vk, &tampered, &[], sig.as_bytes())
                        .is_ok()
                    {
                        problems.push("verify accepted a modified message".to_string());
                    }

                    if problems.is_empty() {
                        Ok(())
                    } else {
                        Err(problems.join("; "))
                    }
                });
                match outcome {
                    Ok(()) => passed += 1,
                    Err(problem) => eprintln!("FAIL {} count={i}: {problem}", $name),
                }
            }
            println!("nist kat {}: {passed}/{}", $name, entries.len());
            assert_eq!(
                passed, ENTRIES,
                "{}: KAT failures; the failing entries are listed on stderr",
                $name
            );
        }
    };
}

kat_test!(nist_kat_ml_dsa_44, pqfit::MlDsa44, "ML-DSA-44");
kat_test!(nist_kat_ml_dsa_65, pqfit::MlDsa65, "ML-DSA-65");
kat_test!(nist_kat_ml_dsa_87, pqfit::MlDsa87, "ML-DSA-87");
