//! NIST ACVP ML-KEM vectors (FIPS 203): keyGen, encapDecap (revision FIPS203) and
//! encapDecap (revision FIPS203-tr1, decapsulation from seed-format keys too), every
//! group of each file through every preset and a sample of `Custom` mixes.

#[macro_use]
mod support;

use pqfit::mlkem::{
    Balanced, CachedA, CachedSecret, Ciphertext, Custom, DecodedSecret, EagerReduce, FastKem,
    LazyAccumulate, MlKem, MlKem1024Params, MlKem512Params, MlKem768Params, PublicKey, SecretKey,
    SharedSecret, SmallStack, StoredCompare, Strategy, StreamedA, StreamedCompare,
};
use pqfit::strategy::{Interleaved32Compact, Sha3Crate};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use support::acvp::{bool_field, hex_array, hex_field, str_field, Case, Group};
use support::{compare_bytes, read_gz, run_case, vector_file};

/// A strategy usable with every parameter set.
trait AllSets: Strategy<MlKem512Params> + Strategy<MlKem768Params> + Strategy<MlKem1024Params> {}
impl<S: Strategy<MlKem512Params> + Strategy<MlKem768Params> + Strategy<MlKem1024Params>> AllSets
    for S
{
}

/// (folder, mode, revision, number of cases).
const FILES: [(&str, &str, &str, usize); 3] = [
    ("ML-KEM-keyGen-FIPS203", "keyGen", "FIPS203", 75),
    ("ML-KEM-encapDecap-FIPS203", "encapDecap", "FIPS203", 165),
    (
        "ML-KEM-encapDecap-FIPS203-tr1",
        "encapDecap",
        "FIPS203-tr1",
        195,
    ),
];

fn json(relative: &str) -> Value {
    let path = vector_file(relative);
    serde_json::from_str(&read_gz(&path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn groups_of(file: &Value) -> &Vec<Value> {
    file["testGroups"].as_array().expect("testGroups")
}

/// `acvp-ml-kem/<folder>/{prompt,expectedResults}.json.gz` joined on tgId/tcId, after
/// checking that both describe ML-KEM, `mode` and `revision` with the same vsId.
fn load(folder: &str, mode: &str, revision: &str) -> Vec<Group> {
    let prompt = json(&format!("acvp-ml-kem/{folder}/prompt.json.gz"));
    let results = json(&format!("acvp-ml-kem/{folder}/expectedResults.json.gz"));
    for file in [&prompt, &results] {
        assert_eq!(file["algorithm"], "ML-KEM", "{folder}");
        assert_eq!(file["mode"], mode, "{folder}");
        assert_eq!(file["revision"], revision, "{folder}");
    }
    assert_eq!(prompt["vsId"], results["vsId"], "{folder}: vsId");
    let mut by_id = BTreeMap::new();
    for g in groups_of(&results) {
        let tg = g["tgId"].as_u64().expect("tgId");
        for t in g["tests"].as_array().expect("tests") {
            let tc = t["tcId"].as_u64().expect("tcId");
            let object = t.as_object().expect("result").clone();
            assert!(
                by_id.insert((tg, tc), object).is_none(),
                "duplicate {tg}/{tc}"
            );
        }
    }
    let mut out = Vec::new();
    for g in groups_of(&prompt) {
        let tg_id = g["tgId"].as_u64().expect("tgId");
        let mut fields = g.as_object().expect("group").clone();
        fields.remove("tests");
        let cases = g["tests"]
            .as_array()
            .expect("tests")
            .iter()
            .map(|t| {
                let tc_id = t["tcId"].as_u64().expect("tcId");
                let result = by_id.remove(&(tg_id, tc_id)).expect("a result per case");
                let prompt = t.as_object().expect("test").clone();
                Case {
                    tc_id,
                    prompt,
                    result,
                }
            })
            .collect();
        out.push(Group {
            tg_id,
            fields,
            cases,
        });
    }
    assert!(by_id.is_empty(), "{folder}: results without a prompt");
    out
}

/// One case of any function, for the parameter set `P`.
fn run<P, S>(fields: &Map<String, Value>, case: &Case) -> Result<(), String>
where
    P: pqfit::mlkem::ParameterSet,
    S: Strategy<P>,
{
    let (prompt, result) = (&case.prompt, &case.result);
    let function = fields
        .get("function")
        .and_then(Value::as_str)
        .unwrap_or("keyGen");
    match function {
        "keyGen" => {
            let (d, z) = (hex_array::<32>(prompt, "d")?, hex_array::<32>(prompt, "z")?);
            let (mut ek, mut dk) = (PublicKey::<P>::default(), SecretKey::<P>::zeroed());
            MlKem::<P, S>::key_gen_internal(&d, &z, &mut ek, &mut dk);
            let mut seed = [0u8; 64];
            seed[..32].copy_from_slice(&d);
            seed[32..].copy_from_slice(&z);
            let (mut ek2, mut dk2) = (PublicKey::<P>::default(), SecretKey::<P>::zeroed());
            MlKem::<P, S>::from_seed(&seed, &mut ek2, &mut dk2);
            if ek2 != ek || dk2 != dk {
                return Err("from_seed differs from key_gen_internal".into());
            }
            check("ek", ek.as_bytes(), &hex_field(result, "ek")?)?;
            check("dk", dk.as_bytes(), &hex_field(result, "dk")?)
        }
        "encapsulation" => {
            let ek = PublicKey::<P>::from_bytes(&hex_field(prompt, "ek")?)
                .map_err(|e| format!("ek refused: {e}"))?;
            let m = hex_array::<32>(prompt, "m")?;
            let (mut ct, mut k) = (Ciphertext::<P>::default(), SharedSecret::zeroed());
            MlKem::<P, S>::encaps_internal(&ek, &m, &mut ct, &mut k);
            check("c", ct.as_bytes(), &hex_field(result, "c")?)?;
            check("k", k.as_bytes(), &hex_field(result, "k")?)
        }
        "decapsulation" => {
            let seed_format = fields.get("keyFormat").and_then(Value::as_str) == Some("seed");
            let dk = if seed_format {
                let mut seed = [0u8; 64];
                seed[..32].copy_from_slice(&hex_array::<32>(prompt, "d")?);
                seed[32..].copy_from_slice(&hex_array::<32>(prompt, "z")?);
                let (mut ek, mut dk) = (PublicKey::<P>::default(), SecretKey::<P>::zeroed());
                MlKem::<P, S>::from_seed(&seed, &mut ek, &mut dk);
                dk
            } else {
                SecretKey::<P>::from_bytes(&hex_field(prompt, "dk")?)
                    .map_err(|e| format!("dk refused: {e}"))?
            };
            let ct = Ciphertext::<P>::from_bytes(&hex_field(prompt, "c")?)
                .map_err(|e| format!("c refused: {e}"))?;
            let mut k = SharedSecret::zeroed();
            MlKem::<P, S>::decaps(&dk, &ct, &mut k);
            check("k", k.as_bytes(), &hex_field(result, "k")?)
        }
        "encapsulationKeyCheck" => {
            let ek = hex_field(prompt, "ek")?;
            let got = PublicKey::<P>::from_bytes(&ek).is_ok();
            assert_eq!(got, MlKem::<P, S>::check_encapsulation_key(&ek).is_ok());
            expect_passed(got, result)
        }
        "decapsulationKeyCheck" => {
            let dk = hex_field(prompt, "dk")?;
            let got = SecretKey::<P>::from_bytes(&dk).is_ok();
            assert_eq!(got, MlKem::<P, S>::check_decapsulation_key(&dk).is_ok());
            expect_passed(got, result)
        }
        other => Err(format!("unknown function {other:?}")),
    }
}

fn check(what: &str, got: &[u8], want: &[u8]) -> Result<(), String> {
    compare_bytes(what, got, want).map_or(Ok(()), Err)
}

fn expect_passed(got: bool, result: &Map<String, Value>) -> Result<(), String> {
    let want = bool_field(result, "testPassed")?;
    if got == want {
        Ok(())
    } else {
        Err(format!("check gave {got}, expected testPassed = {want}"))
    }
}

/// Runs every case of every file through `S`; returns the passes per file and
/// panics listing the failures.
fn run_all<S: AllSets>(name: &str) -> [usize; 3] {
    let mut passed = [0; 3];
    let mut failures = Vec::new();
    for (f, (folder, mode, revision, total)) in FILES.iter().enumerate() {
        let groups = load(folder, mode, revision);
        let cases: usize = groups.iter().map(|g| g.cases.len()).sum();
        assert_eq!(cases, *total, "{folder}: number of cases");
        for g in &groups {
            let set = str_field(&g.fields, "parameterSet").expect("parameterSet");
            for case in &g.cases {
                let outcome = run_case(|| match set {
                    "ML-KEM-512" => run::<MlKem512Params, S>(&g.fields, case),
                    "ML-KEM-768" => run::<MlKem768Params, S>(&g.fields, case),
                    "ML-KEM-1024" => run::<MlKem1024Params, S>(&g.fields, case),
                    other => Err(format!("unknown parameter set {other}")),
                });
                match outcome {
                    Ok(()) => passed[f] += 1,
                    Err(e) => {
                        failures.push(format!("{folder} tg {} tc {}: {e}", g.tg_id, case.tc_id))
                    }
                }
            }
        }
    }
    println!(
        "{name}: keyGen {}/75, encapDecap {}/165, encapDecap-tr1 {}/195",
        passed[0], passed[1], passed[2]
    );
    assert!(
        failures.is_empty(),
        "{name}: {} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    passed
}

#[test]
fn small_stack() {
    assert_eq!(run_all::<SmallStack>("SmallStack"), [75, 165, 195]);
}

#[test]
fn balanced() {
    assert_eq!(run_all::<Balanced>("Balanced"), [75, 165, 195]);
}

#[test]
fn fast_kem() {
    assert_eq!(run_all::<FastKem>("FastKem"), [75, 165, 195]);
}

#[test]
fn custom_mixes() {
    run_all::<Custom<CachedA, DecodedSecret, StoredCompare, EagerReduce>>(
        "Custom<CachedA, DecodedSecret, StoredCompare, EagerReduce>",
    );
    run_all::<Custom<StreamedA, CachedSecret, StoredCompare, EagerReduce, Sha3Crate>>(
        "Custom<StreamedA, CachedSecret, StoredCompare, EagerReduce, Sha3Crate>",
    );
    run_all::<Custom<CachedA, DecodedSecret, StreamedCompare, LazyAccumulate, Interleaved32Compact>>(
        "Custom<CachedA, DecodedSecret, StreamedCompare, LazyAccumulate, Interleaved32Compact>",
    );
}
