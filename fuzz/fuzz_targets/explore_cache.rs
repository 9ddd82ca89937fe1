//! pq-explore's cache reader on any file contents: never a panic; never `Miss` (that
//! means no file); an entry of another key is `Stale`; an entry read under its own key
//! is either `Hit` with figures that belong to it and are ordered, or `Corrupt`; a hit
//! written out again reads back as the same hit.
//!
//! Input: the bytes of a cache file.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pq_explore::cache::{read_entry, Entry, Key, Lookup};

fuzz_target!(|data: &[u8]| {
    let other = Key::new(
        "sources",
        "m4",
        "ml-dsa-65",
        "pqfit::strategy::Balanced",
        "3",
        [1, 1, 1],
    );
    let first = read_entry(data, &other);
    assert!(!matches!(first, Lookup::Miss));
    let Ok(entry) = serde_json::from_slice::<Entry>(data) else {
        assert!(matches!(first, Lookup::Corrupt(_)));
        return;
    };
    if entry.key != other {
        assert!(matches!(first, Lookup::Stale));
    }
    match read_entry(data, &entry.key) {
        Lookup::Hit(hit) => {
            assert_eq!(hit, entry);
            for op in &hit.ops {
                assert_eq!(
                    (&op.target, &op.scheme, &op.strategy),
                    (&hit.key.target, &hit.key.scheme, &hit.key.strategy)
                );
                assert!(
                    0 < op.cycles.min
                        && op.cycles.min <= op.cycles.avg
                        && op.cycles.avg <= op.cycles.max
                );
            }
            let again = serde_json::to_vec(&hit).expect("an entry serialises");
            match read_entry(&again, &hit.key) {
                Lookup::Hit(back) => assert_eq!(back, hit),
                other => panic!("a written hit reads back as {other:?}"),
            }
        }
        Lookup::Corrupt(_) => {}
        other => panic!("an entry under its own key: {other:?}"),
    }
});
