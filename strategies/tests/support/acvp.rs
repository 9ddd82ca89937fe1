//! Loader for ACVP JSON vector sets: joins `prompt.json.gz` with `expectedResults.json.gz`
//! on `tgId`/`tcId`.

use super::{hex, read_gz, vector_file};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// A test group: the prompt's group fields (without `tests`) and its joined cases.
pub struct Group {
    pub tg_id: u64,
    pub fields: Map<String, Value>,
    pub cases: Vec<Case>,
}

/// A test case: the prompt's test object and the matching expected-results object.
pub struct Case {
    pub tc_id: u64,
    pub prompt: Map<String, Value>,
    pub result: Map<String, Value>,
}

fn object<'a>(value: &'a Value, what: &str) -> &'a Map<String, Value> {
    value
        .as_object()
        .unwrap_or_else(|| panic!("{what} is not a JSON object"))
}

fn array<'a>(value: &'a Map<String, Value>, key: &str, what: &str) -> &'a Vec<Value> {
    value
        .get(key)
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("{what}: missing array `{key}`"))
}

fn id(value: &Map<String, Value>, key: &str, what: &str) -> u64 {
    value
        .get(key)
        .and_then(Value::as_u64)
        .unwrap_or_else(|| panic!("{what}: missing integer `{key}`"))
}

fn load_json(relative: &str) -> Value {
    let path = vector_file(relative);
    serde_json::from_str(&read_gz(&path))
        .unwrap_or_else(|e| panic!("{} is not valid JSON: {e}", path.display()))
}

/// Loads `acvp-ml-dsa/<folder>/{prompt,expectedResults}.json.gz`, checks that both files
/// describe ML-DSA / FIPS204 / `mode` and the same vsId, and joins them. Every prompt case
/// must have exactly one result and vice versa; otherwise this panics.
pub fn load(folder: &str, mode: &str) -> Vec<Group> {
    let prompt = load_json(&format!("acvp-ml-dsa/{folder}/prompt.json.gz"));
    let results = load_json(&format!("acvp-ml-dsa/{folder}/expectedResults.json.gz"));
    let prompt = object(&prompt, "prompt");
    let results = object(&results, "expectedResults");
    for (name, file) in [("prompt", prompt), ("expectedResults", results)] {
        for (key, want) in [
            ("algorithm", "ML-DSA"),
            ("revision", "FIPS204"),
            ("mode", mode),
        ] {
            let got = file.get(key).and_then(Value::as_str);
            assert_eq!(got, Some(want), "{folder}/{name}: unexpected `{key}`");
        }
    }
    assert_eq!(
        prompt.get("vsId"),
        results.get("vsId"),
        "{folder}: prompt and expectedResults have different vsId"
    );

    // (tgId, tcId) -> result object
    let mut by_id: BTreeMap<(u64, u64), &Map<String, Value>> = BTreeMap::new();
    for group in array(results, "testGroups", "expectedResults") {
        let group = object(group, "expectedResults group");
        let tg_id = id(group, "tgId", "expectedResults group");
        for test in array(group, "tests", "expectedResults group") {
            let test = object(test, "expectedResults test");
            let tc_id = id(test, "tcId", "expectedResults test");
            let previous = by_id.insert((tg_id, tc_id), test);
            assert!(
                previous.is_none(),
                "{folder}: duplicate result tgId={tg_id} tcId={tc_id}"
            );
        }
    }

    let mut groups = Vec::new();
    for group in array(prompt, "testGroups", "prompt") {
        let group = object(group, "prompt group");
        let tg_id = id(group, "tgId", "prompt group");
        let mut fields = group.clone();
        fields.remove("tests");
        let mut cases = Vec::new();
        for test in array(group, "tests", "prompt group") {
            let test = object(test, "prompt test");
            let tc_id = id(test, "tcId", "prompt test");
            let result = by_id.remove(&(tg_id, tc_id)).unwrap_or_else(|| {
                panic!("{folder}: no expected result for tgId={tg_id} tcId={tc_id}")
            });
            cases.push(Case {
                tc_id,
                prompt: test.clone(),
                result: result.clone(),
            });
        }
        groups.push(Group {
            tg_id,
            fields,
            cases,
        });
    }
    assert!(
        by_id.is_empty(),
        "{folder}: expected results without a prompt: {:?}",
        by_id.keys().collect::<Vec<_>>()
    );
    groups
}

/// A string field; `Err` names the missing field.
pub fn str_field<'a>(obj: &'a Map<String, Value>, key: &str) -> Result<&'a str, String> {
    obj.get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("missing string field `{key}`"))
}

/// A boolean field.
pub fn bool_field(obj: &Map<String, Value>, key: &str) -> Result<bool, String> {
    obj.get(key)
        .and_then(Value::as_bool)
        .ok_or_else(|| format!("missing boolean field `{key}`"))
}

/// A hex field decoded to bytes.
pub fn hex_field(obj: &Map<String, Value>, key: &str) -> Result<Vec<u8>, String> {
    hex::decode(str_field(obj, key)?).map_err(|e| format!("field `{key}`: {e}"))
}

/// A hex field that must decode to exactly `N` bytes.
pub fn hex_array<const N: usize>(obj: &Map<String, Value>, key: &str) -> Result<[u8; N], String> {
    let bytes = hex_field(obj, key)?;
    let len = bytes.len();
    bytes
        .try_into()
        .map_err(|_| format!("field `{key}` has {len} bytes, expected {N}"))
}
