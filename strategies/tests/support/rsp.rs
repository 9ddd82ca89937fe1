//! Parser for NIST-format signature KAT files (`.rsp`, and `.req` whose result fields
//! are empty).

use super::hex;

/// One `count = i` block of a NIST signature KAT file.
#[derive(Debug, Clone)]
pub struct Entry {
    pub count: usize,
    pub seed: Vec<u8>,
    pub mlen: usize,
    pub msg: Vec<u8>,
    pub pk: Vec<u8>,
    pub sk: Vec<u8>,
    /// `None` when the field is empty (as in a `.req` file).
    pub smlen: Option<usize>,
    pub sm: Vec<u8>,
}

const FIELDS: [&str; 8] = ["count", "seed", "mlen", "msg", "pk", "sk", "smlen", "sm"];

/// The raw `key = value` lines of one entry, in file order, with the line number of `count`.
struct RawEntry {
    line: usize,
    values: [Option<String>; 8],
}

impl RawEntry {
    fn value(&self, key: &str) -> &str {
        let index = FIELDS.iter().position(|f| *f == key).expect("known field");
        self.values[index].as_deref().unwrap_or_else(|| {
            panic!(
                "entry starting at line {}: field `{key}` is missing",
                self.line
            )
        })
    }

    fn number(&self, key: &str) -> Option<usize> {
        let text = self.value(key);
        if text.is_empty() {
            return None;
        }
        Some(text.parse().unwrap_or_else(|e| {
            panic!(
                "entry starting at line {}: field `{key}` = {text:?} is not a number: {e}",
                self.line
            )
        }))
    }

    fn bytes(&self, key: &str) -> Vec<u8> {
        hex::decode(self.value(key))
            .unwrap_or_else(|e| panic!("entry starting at line {}: field `{key}`: {e}", self.line))
    }

    fn into_entry(self) -> Entry {
        let count = self
            .number("count")
            .unwrap_or_else(|| panic!("entry starting at line {}: empty `count`", self.line));
        let mlen = self
            .number("mlen")
            .unwrap_or_else(|| panic!("entry starting at line {}: empty `mlen`", self.line));
        Entry {
            count,
            seed: self.bytes("seed"),
            mlen,
            msg: self.bytes("msg"),
            pk: self.bytes("pk"),
            sk: self.bytes("sk"),
            smlen: self.number("smlen"),
            sm: self.bytes("sm"),
        }
    }
}

/// Parses the text of a `.rsp`/`.req` file. Lines starting with `#` and empty lines are
/// skipped; each entry starts with `count = ` and must contain every field of [`Entry`]
/// exactly once. Any malformed line panics with its line number.
pub fn parse(text: &str) -> Vec<Entry> {
    let mut entries = Vec::new();
    let mut current: Option<RawEntry> = None;
    for (index, raw_line) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw_line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once('=')
            .unwrap_or_else(|| panic!("line {line_no}: expected `key = value`, got {line:?}"));
        let key = key.trim();
        let value = value.trim();
        let field = FIELDS
            .iter()
            .position(|f| *f == key)
            .unwrap_or_else(|| panic!("line {line_no}: unknown field {key:?}"));
        if field == 0 {
            if let Some(done) = current.take() {
                entries.push(done.into_entry());
            }
            current = Some(RawEntry {
                line: line_no,
                values: Default::default(),
            });
        }
        let entry = current
            .as_mut()
            .unwrap_or_else(|| panic!("line {line_no}: field {key:?} before the first `count`"));
        assert!(
            entry.values[field].is_none(),
            "line {line_no}: field {key:?} repeated within one entry"
        );
        entry.values[field] = Some(value.to_string());
    }
    if let Some(done) = current {
        entries.push(done.into_entry());
    }
    entries
}
