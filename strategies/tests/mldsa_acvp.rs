//! NIST ACVP ML-DSA vectors (FIPS 204): keyGen, sigGen and sigVer for ML-DSA-44/65/87.

#[macro_use]
mod support;

use pqfit::strategy::{
    Balanced, CachedA, CachedNtt, Custom, FastSign, FullW, Interleaved32, Interleaved32Compact,
    NttProduct, RecomputeOnDemand, Reference, RegeneratedY, SmallStack, SparseProduct, StoredY,
    Strategy, StreamedA, StreamedW,
};
use pqfit::{MlDsa, MlDsa44, MlDsa65, MlDsa87, PreHash, Signature, SigningKey, VerifyingKey};

/// A strategy usable with every parameter set.
trait AllSets: Strategy<MlDsa44> + Strategy<MlDsa65> + Strategy<MlDsa87> {}
impl<S: Strategy<MlDsa44> + Strategy<MlDsa65> + Strategy<MlDsa87>> AllSets for S {}
use serde_json::{Map, Value};
use support::acvp::{self, bool_field, hex_array, hex_field, str_field, Case, Group};
use support::{compare_bytes, run_case};

/// Expected number of test cases in each vector set.
const KEY_GEN_CASES: usize = 75;
const SIG_GEN_CASES: usize = 360;
const SIG_VER_CASES: usize = 180;

/// Which ML-DSA entry point a sigGen/sigVer group exercises.
#[derive(Clone, Copy, Debug)]
enum Interface {
    /// `signatureInterface: external`, `preHash: pure`: ML-DSA.Sign / ML-DSA.Verify.
    Pure,
    /// `signatureInterface: external`, `preHash: preHash`: HashML-DSA.
    PreHash,
    /// `signatureInterface: internal`, `externalMu: false`: Sign_internal on M'.
    Internal,
    /// `signatureInterface: internal`, `externalMu: true`: Sign_internal from mu.
    ExternalMu,
}

impl Interface {
    fn of(fields: &Map<String, Value>) -> Result<Self, String> {
        match str_field(fields, "signatureInterface")? {
            "external" => match str_field(fields, "preHash")? {
                "pure" => Ok(Interface::Pure),
                "preHash" => Ok(Interface::PreHash),
                other => Err(format!("unknown preHash value {other:?}")),
            },
            "internal" => Ok(if bool_field(fields, "externalMu")? {
                Interface::ExternalMu
            } else {
                Interface::Internal
            }),
            other => Err(format!("unknown signatureInterface {other:?}")),
        }
    }
}

fn pre_hash(prompt: &Map<String, Value>) -> Result<PreHash, String> {
    let name = str_field(prompt, "hashAlg")?;
    PreHash::from_acvp_name(name)
        .ok_or_else(|| format!("PreHash::from_acvp_name({name:?}) returned None"))
}

/// A short description of a group (and case) for failure reports.
fn describe(group: &Group, case: &Case) -> String {
    let f = &group.fields;
    let mut parts = vec![str_field(f, "parameterSet").unwrap_or("?").to_string()];
    if let Ok(interface) = str_field(f, "signatureInterface") {
        parts.push(interface.to_string());
    }
    if let Ok(pre_hash) = str_field(f, "preHash") {
        parts.push(pre_hash.to_string());
    }
    if let Ok(hash_alg) = str_field(&case.prompt, "hashAlg") {
        parts.push(hash_alg.to_string());
    }
    if let Ok(external_mu) = bool_field(f, "externalMu") {
        parts.push(format!("externalMu={external_mu}"));
    }
    if let Ok(deterministic) = bool_field(f, "deterministic") {
        parts.push(
            if deterministic {
                "deterministic"
            } else {
                "hedged"
            }
            .to_string(),
        );
    }
    parts.join(" ")
}

fn key_gen_case<S: AllSets>(group: &Group, case: &Case) -> Result<(), String> {
    let xi = hex_array::<32>(&case.prompt, "seed")?;
    let want_pk = hex_field(&case.result, "pk")?;
    let want_sk = hex_field(&case.result, "sk")?;
    with_parameter_set!(str_field(&group.fields, "parameterSet")?, |P| {
        let mut vk = VerifyingKey::<P>::default();
        let mut sk = SigningKey::<P>::blank();
        MlDsa::<P, S>::key_gen_internal(&xi, &mut vk, &mut sk);
        let problems: Vec<String> = [
            compare_bytes("pk", vk.as_bytes(), &want_pk),
            compare_bytes("sk", sk.as_bytes(), &want_sk),
        ]
        .into_iter()
        .flatten()
        .collect();
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("; "))
        }
    })
}

fn sig_gen_case<S: AllSets>(group: &Group, case: &Case) -> Result<(), String> {
    let interface = Interface::of(&group.fields)?;
    let deterministic = bool_field(&group.fields, "deterministic")?;
    let prompt = &case.prompt;
    let rnd: [u8; 32] = if deterministic {
        [0; 32]
    } else {
        hex_array(prompt, "rnd")?
    };
    let want = hex_field(&case.result, "signature")?;
    with_parameter_set!(str_field(&group.fields, "parameterSet")?, |P| {
        let sk = SigningKey::<P>::from_bytes(&hex_field(prompt, "sk")?)
            .map_err(|e| format!("SigningKey::from_bytes failed: {e:?}"))?;
        let mut sig = Signature::<P>::default();
        match interface {
            Interface::Pure => {
                let msg = hex_field(prompt, "message")?;
                let ctx = hex_field(prompt, "context")?;
                let result = if deterministic {
                    MlDsa::<P, S>::sign_deterministic(&sk, &msg, &ctx, &mut sig)
                } else {
                    MlDsa::<P, S>::sign(&sk, &msg, &ctx, &rnd, &mut sig)
                };
                result.map_err(|e| format!("sign returned {e:?}"))?;
            }
            Interface::PreHash => {
                let msg = hex_field(prompt, "message")?;
                let ctx = hex_field(prompt, "context")?;
                let ph = pre_hash(prompt)?;
                MlDsa::<P, S>::hash_sign(&sk, &msg, &ctx, ph, &rnd, &mut sig)
                    .map_err(|e| format!("hash_sign returned {e:?}"))?;
            }
            Interface::Internal => {
                let m_prime = hex_field(prompt, "message")?;
                MlDsa::<P, S>::sign_internal(&sk, &m_prime, &rnd, &mut sig)
                    .map_err(|e| format!("sign_internal returned {e:?}"))?;
            }
            Interface::ExternalMu => {
                let mu = hex_array::<64>(prompt, "mu")?;
                MlDsa::<P, S>::sign_mu(&sk, &mu, &rnd, &mut sig)
                    .map_err(|e| format!("sign_mu returned {e:?}"))?;
            }
        }
        compare_bytes("signature", sig.as_bytes(), &want).map_or(Ok(()), Err)
    })
}

fn sig_ver_case<S: AllSets>(group: &Group, case: &Case) -> Result<(), String> {
    let interface = Interface::of(&group.fields)?;
    let prompt = &case.prompt;
    let expected_valid = bool_field(&case.result, "testPassed")?;
    let sig = hex_field(prompt, "signature")?;
    let outcome = with_parameter_set!(str_field(&group.fields, "parameterSet")?, |P| {
        let vk = VerifyingKey::<P>::from_bytes(&hex_field(prompt, "pk")?)
            .map_err(|e| format!("VerifyingKey::from_bytes failed: {e:?}"))?;
        Ok(match interface {
            Interface::Pure => {
                let msg = hex_field(prompt, "message")?;
                let ctx = hex_field(prompt, "context")?;
                MlDsa::<P, S>::verify(&vk, &msg, &ctx, &sig)
            }
            Interface::PreHash => {
                let msg = hex_field(prompt, "message")?;
                let ctx = hex_field(prompt, "context")?;
                MlDsa::<P, S>::hash_verify(&vk, &msg, &ctx, pre_hash(prompt)?, &sig)
            }
            Interface::Internal => {
                let m_prime = hex_field(prompt, "message")?;
                MlDsa::<P, S>::verify_internal(&vk, &m_prime, &sig)
            }
            Interface::ExternalMu => {
                let mu = hex_array::<64>(prompt, "mu")?;
                MlDsa::<P, S>::verify_mu(&vk, &mu, &sig)
            }
        })
    })?;
    match (expected_valid, outcome) {
        (true, Ok(())) | (false, Err(_)) => Ok(()),
        (true, Err(e)) => Err(format!("valid signature rejected with {e:?}")),
        (false, Ok(())) => Err("invalid signature accepted".to_string()),
    }
}

/// Passed and total case counts of one vector set.
struct Tally {
    passed: usize,
    total: usize,
}

fn run(mode: &str, folder: &str, check: fn(&Group, &Case) -> Result<(), String>) -> Tally {
    let groups = acvp::load(folder, mode);
    let mut tally = Tally {
        passed: 0,
        total: 0,
    };
    for group in &groups {
        for case in &group.cases {
            tally.total += 1;
            match run_case(|| check(group, case)) {
                Ok(()) => tally.passed += 1,
                Err(problem) => eprintln!(
                    "FAIL {mode} tgId={} tcId={} [{}]: {problem}",
                    group.tg_id,
                    case.tc_id,
                    describe(group, case)
                ),
            }
        }
    }
    tally
}

/// The three vector sets run with the strategy `S`.
fn run_all<S: AllSets>() -> [Tally; 3] {
    [
        run("keyGen", "ML-DSA-keyGen-FIPS204", key_gen_case::<S>),
        run("sigGen", "ML-DSA-sigGen-FIPS204", sig_gen_case::<S>),
        run("sigVer", "ML-DSA-sigVer-FIPS204", sig_ver_case::<S>),
    ]
}

fn all_passed(tallies: &[Tally; 3]) -> bool {
    tallies.iter().all(|t| t.passed == t.total)
        && tallies
            .iter()
            .map(|t| t.total)
            .eq([KEY_GEN_CASES, SIG_GEN_CASES, SIG_VER_CASES])
}

#[test]
fn acvp_ml_dsa() {
    // The default strategy (what `MlDsa<P>` and `Dilithium3` use).
    let [key_gen, sig_gen, sig_ver] = run_all::<Balanced>();
    println!(
        "acvp ml-dsa: keyGen {}/{} sigGen {}/{} sigVer {}/{}",
        key_gen.passed, key_gen.total, sig_gen.passed, sig_gen.total, sig_ver.passed, sig_ver.total
    );
    assert_eq!(
        (key_gen.total, sig_gen.total, sig_ver.total),
        (KEY_GEN_CASES, SIG_GEN_CASES, SIG_VER_CASES),
        "unexpected number of ACVP cases (keyGen, sigGen, sigVer)"
    );
    assert!(
        key_gen.passed == key_gen.total
            && sig_gen.passed == sig_gen.total
            && sig_ver.passed == sig_ver.total,
        "ACVP ML-DSA failures; the failing cases are listed on stderr"
    );
}

#[test]
fn acvp_ml_dsa_through_every_preset() {
    let results = [
        ("Reference", all_passed(&run_all::<Reference>())),
        ("SmallStack", all_passed(&run_all::<SmallStack>())),
        ("FastSign", all_passed(&run_all::<FastSign>())),
        (
            "Hardened<SmallStack>",
            all_passed(&run_all::<pqfit::strategy::Hardened<SmallStack>>()),
        ),
        (
            "Reference with Interleaved32",
            all_passed(&run_all::<
                Custom<CachedA, CachedNtt, FullW, StoredY, NttProduct, Interleaved32>,
            >()),
        ),
        (
            "SmallStack with Interleaved32Compact",
            all_passed(&run_all::<
                Custom<
                    StreamedA,
                    RecomputeOnDemand,
                    StreamedW,
                    RegeneratedY,
                    SparseProduct,
                    Interleaved32Compact,
                >,
            >()),
        ),
    ];
    for (name, ok) in results {
        println!(
            "acvp ml-dsa through {name}: {}",
            if ok { "all passed" } else { "FAILED" }
        );
    }
    assert!(
        results.iter().all(|(_, ok)| *ok),
        "a preset fails ACVP; the failing cases are listed on stderr"
    );
}
