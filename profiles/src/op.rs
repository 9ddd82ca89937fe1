//! The operations the harness measures, and the firmware entry points behind each.

use std::fmt;

/// An operation of a signature scheme or a KEM.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    /// Key generation.
    Keygen,
    /// Signing.
    Sign,
    /// Verification.
    Verify,
    /// Repeated signing with a key expanded once into static RAM (ML-DSA's
    /// `expand_key` then `sign_expanded`; the expansion is the report's preparation).
    SignExpanded,
    /// Encapsulation.
    Encaps,
    /// Decapsulation.
    Decaps,
}

impl Op {
    /// Every operation, in the order reports list them.
    pub const ALL: [Op; 6] = [
        Op::Keygen,
        Op::Sign,
        Op::Verify,
        Op::SignExpanded,
        Op::Encaps,
        Op::Decaps,
    ];

    /// The name in reports, caches and on the command line (`keygen`, `sign-expanded`).
    pub const fn name(self) -> &'static str {
        match self {
            Op::Keygen => "keygen",
            Op::Sign => "sign",
            Op::Verify => "verify",
            Op::SignExpanded => "sign-expanded",
            Op::Encaps => "encaps",
            Op::Decaps => "decaps",
        }
    }

    /// The operation named `name` ([`Op::name`]).
    pub fn parse(name: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|op| op.name() == name.trim())
    }

    /// The noun for prose: `key generation`, `signing`, `verification`.
    pub const fn verb(self) -> &'static str {
        match self {
            Op::Keygen => "key generation",
            Op::Sign => "signing",
            Op::Verify => "verification",
            Op::SignExpanded => "repeated signing with an expanded key",
            Op::Encaps => "encapsulation",
            Op::Decaps => "decapsulation",
        }
    }

    /// What a user asks for: `generate keys`, `sign`, `encapsulate`.
    pub const fn action(self) -> &'static str {
        match self {
            Op::Keygen => "generate keys",
            Op::Sign => "sign",
            Op::Verify => "verify",
            Op::SignExpanded => "sign repeatedly with an expanded key",
            Op::Encaps => "encapsulate",
            Op::Decaps => "decapsulate",
        }
    }

    /// The firmware's entry points of the operation, the first being its ELF's entry.
    pub const fn entries(self) -> &'static [&'static str] {
        match self {
            Op::Keygen => &["pqfit_fw_keygen"],
            Op::Sign => &["pqfit_fw_sign"],
            Op::Verify => &["pqfit_fw_verify"],
            Op::SignExpanded => &["pqfit_fw_expand_key", "pqfit_fw_sign_expanded"],
            Op::Encaps => &["pqfit_fw_encaps"],
            Op::Decaps => &["pqfit_fw_decaps"],
        }
    }

    /// Which of the harness's run counts (key generations, signatures, verifications)
    /// the operation is measured with: signing-like operations (sign, sign-expanded,
    /// encaps) take the signature count, verify and decaps the verification count.
    pub const fn runs(self, [keygens, signs, verifies]: [usize; 3]) -> usize {
        match self {
            Op::Keygen => keygens,
            Op::Verify | Op::Decaps => verifies,
            Op::Sign | Op::SignExpanded | Op::Encaps => signs,
        }
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// [`Op::runs`] of the operation named `op`; an unknown name takes the signature count.
pub fn runs_of(op: &str, counts: [usize; 3]) -> usize {
    Op::parse(op).map_or(counts[1], |o| o.runs(counts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_distinct() {
        for op in Op::ALL {
            assert_eq!(Op::parse(op.name()), Some(op));
            assert_eq!(op.to_string(), op.name());
        }
        assert_eq!(Op::parse("verification"), None);
        let mut entries: Vec<&str> = Op::ALL.iter().map(|o| o.entries()[0]).collect();
        entries.sort_unstable();
        entries.dedup();
        assert_eq!(entries.len(), Op::ALL.len());
    }

    #[test]
    fn run_counts() {
        let c = [1, 2, 3];
        assert_eq!(
            Op::ALL.map(|o| o.runs(c)),
            [1, 2, 3, 2, 2, 3],
            "keygen, sign, verify, sign-expanded, encaps, decaps"
        );
    }
}
