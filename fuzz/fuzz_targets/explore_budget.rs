//! pq-explore's budget parser (`--budget`, `--flash-budget`, `--ram-budget`) on any
//! text: never a panic; a budget is between 1 byte and 1 TiB; the tool's own ways of
//! printing a number of bytes (`12288`, `12,288 B`) parse back to it.
//!
//! Input: the text (bytes that are not UTF-8 are skipped, as the command line would
//! refuse them).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pq_explore::budget::{parse_bytes, show_bytes};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_bytes(text) {
        Ok(n) => {
            assert!((1..=1 << 40).contains(&n), "{text:?} -> {n}");
            assert_eq!(parse_bytes(&n.to_string()), Ok(n));
            assert_eq!(parse_bytes(&show_bytes(n)), Ok(n), "{}", show_bytes(n));
        }
        Err(e) => assert!(e.to_string().starts_with("invalid budget")),
    }
});
