//! Peers: other implementations of the standards pqfit implements, built into the same
//! measurement firmware (`profiles/firmware`, a `peer-<name>` feature, `src/peers/`) and
//! measured by the same harness: the same entry points, static buffers, stack painting,
//! flash accounting and cycle model, and every key, signature, ciphertext and shared
//! secret checked byte for byte against the host's pqfit computation for the same seeds,
//! messages and randomness. A peer that computes something else is an error, never a
//! number. ML-DSA-65's peers and ML-KEM-768's (whose operations take their seeds d ‖ z and
//! m through each library's deterministic API).
//!
//! A peer is selected as the strategy `peer:<name>` (`pq-explore measure --strategy
//! peer:fips204`).

use crate::families::mldsa::ML_DSA_65;
use crate::families::mlkem::ML_KEM_768;
use crate::families::ntruprime::SNTRUP761;
use crate::firmware::{build_operations, Selection};
use crate::op::Op;
use crate::record::Measurement;
use crate::scheme::{Request, Scheme};
use crate::Error;

/// The strategy prefix that names a peer.
pub const PREFIX: &str = "peer:";

/// Another implementation, as the firmware builds it.
#[derive(Debug, PartialEq, Eq)]
pub struct Peer {
    /// Short name: the firmware feature is `peer-<name>`, the strategy `peer:<name>`.
    pub name: &'static str,
    /// What users call it.
    pub title: &'static str,
    /// The package it comes from (crates.io).
    pub package: &'static str,
    /// Its version (pinned in the firmware's Cargo.toml).
    pub version: &'static str,
    /// `Rust` or `C`.
    pub language: &'static str,
    /// The scheme it implements.
    pub scheme: Scheme,
    /// How the firmware calls it, in a sentence.
    pub how: &'static str,
    /// The targets it builds for.
    pub targets: &'static [&'static str],
    /// Why it cannot be measured on any target, when it cannot.
    pub unavailable: Option<&'static str>,
}

/// Every peer.
pub const PEERS: [Peer; 9] = [
    Peer {
        name: "rustcrypto-ml-dsa",
        title: "RustCrypto ml-dsa",
        package: "ml-dsa",
        version: "0.1.2",
        language: "Rust",
        scheme: ML_DSA_65,
        how: "RustCrypto, default features off (no alloc): SigningKey::from_seed, the verifying \
              key from Keypair::verifying_key and the expanded key encoding; \
              ExpandedSigningKey::from_expanded and sign_internal on 0 || 0 || M with rnd; \
              VerifyingKey::verify_with_context",
        targets: &["m0", "m3", "m4", "rv32", "rv64"],
        unavailable: None,
    },
    Peer {
        name: "fips204",
        title: "fips204",
        package: "fips204",
        version: "0.5.0",
        language: "Rust",
        scheme: ML_DSA_65,
        how: "default features off (no default RNG): KG::keygen_from_seed, \
              PrivateKey::try_from_bytes and try_sign_with_seed(rnd), PublicKey::verify",
        targets: &["m0", "m3", "m4", "rv32", "rv64"],
        unavailable: None,
    },
    Peer {
        name: "libcrux-ml-dsa",
        title: "libcrux-ml-dsa",
        package: "libcrux-ml-dsa",
        version: "0.0.11",
        language: "Rust",
        scheme: ML_DSA_65,
        how: "portable backend, default features off (no std): generate_key_pair_mut(xi), \
              sign_mut(rnd) into the caller's buffers, verify",
        targets: &["m0", "m3", "m4", "rv32", "rv64"],
        unavailable: None,
    },
    Peer {
        name: "pqclean-ml-dsa",
        title: "PQClean clean C",
        package: "pqcrypto-mldsa",
        version: "0.1.2",
        language: "C",
        scheme: ML_DSA_65,
        how: "PQClean's clean C (with its fips202.c) from the sources pqcrypto-mldsa bundles, \
              compiled by arm-none-eabi-gcc (riscv64-unknown-elf-gcc on rv64) at the \
              firmware's opt-level with -mcpu of the target; randombytes serves xi and rnd; \
              SHAKE states on a static heap",
        // `cc` finds arm-none-eabi-gcc for the Arm targets and riscv64-unknown-elf-gcc for
        // rv64 (both installed by scripts/setup.sh); no RV32 C toolchain is installed.
        targets: &["m0", "m3", "m4", "rv64"],
        unavailable: None,
    },
    Peer {
        name: "rustcrypto-ml-kem",
        title: "RustCrypto ml-kem",
        package: "ml-kem",
        version: "0.3.4",
        language: "Rust",
        scheme: ML_KEM_768,
        how: "RustCrypto, default features off (no alloc, no zeroize): \
              DecapsulationKey::from_seed(d || z), the encapsulation key's encoding and the \
              expanded decapsulation-key encoding; EncapsulationKey::new (modulus check) and \
              encapsulate_deterministic(m); from_expanded_bytes (hash check) and decapsulate",
        targets: &["m0", "m3", "m4", "rv32", "rv64"],
        unavailable: None,
    },
    Peer {
        name: "fips203",
        title: "fips203",
        package: "fips203",
        version: "0.5.0",
        language: "Rust",
        scheme: ML_KEM_768,
        how: "default features off (no default RNG): KG::keygen_from_seed(d, z), \
              EncapsKey::try_from_bytes (modulus check) and encaps_from_seed(m), \
              DecapsKey::try_from_bytes (hash check) and try_decaps",
        targets: &["m0", "m3", "m4", "rv32", "rv64"],
        unavailable: None,
    },
    Peer {
        name: "libcrux-ml-kem",
        title: "libcrux-ml-kem",
        package: "libcrux-ml-kem",
        version: "0.0.11",
        language: "Rust",
        scheme: ML_KEM_768,
        how: "portable backend, default features off (no std, no rand): \
              generate_key_pair(d || z), encapsulate(ek, m) and decapsulate on its key and \
              ciphertext types (the encodings themselves); no input checks, like PQClean and \
              pqfit's measured operations",
        targets: &["m0", "m3", "m4", "rv32", "rv64"],
        unavailable: None,
    },
    Peer {
        name: "pqclean-ml-kem",
        title: "PQClean clean C",
        package: "pqcrypto-mlkem",
        version: "0.1.1",
        language: "C",
        scheme: ML_KEM_768,
        how: "PQClean's clean C (with its fips202.c) from the sources pqcrypto-mlkem bundles, \
              compiled by arm-none-eabi-gcc (riscv64-unknown-elf-gcc on rv64) at the \
              firmware's opt-level with -mcpu of the target: crypto_kem_keypair_derand(d || z), \
              crypto_kem_enc_derand(m), crypto_kem_dec; SHAKE states on a static heap",
        // As for pqclean-ml-dsa: no RV32 C toolchain is installed.
        targets: &["m0", "m3", "m4", "rv64"],
        unavailable: None,
    },
    Peer {
        name: "sntrup761",
        title: "sntrup761",
        package: "sntrup761",
        version: "0.4.0",
        language: "Rust",
        scheme: SNTRUP761,
        how: "generate_key / encapsulate with a caller's RNG, decapsulate",
        targets: &[],
        unavailable: Some(
            "sntrup761 0.4.0 does not build for no_std targets: its manifest turns on the \
             default (std) features of sha2 0.10, rand 0.10 (std, and getrandom's system \
             RNG, which has no backend on thumbv7em-none-eabi) and rand_chacha 0.10",
        ),
    },
];

impl Peer {
    /// The strategy that names it: `peer:<name>`.
    pub fn strategy(&self) -> String {
        format!("{PREFIX}{}", self.name)
    }

    /// What it is with its version: `fips204 0.5.0`, `RustCrypto ml-dsa 0.1.2`,
    /// `PQClean clean C (pqcrypto-mldsa 0.1.2)`.
    pub fn label(&self) -> String {
        if self.title.ends_with(self.package) {
            format!("{} {}", self.title, self.version)
        } else {
            format!("{} ({} {})", self.title, self.package, self.version)
        }
    }

    /// Whether it can be measured on `target`, and if not, why.
    pub fn available(&self, target: &str) -> Result<(), String> {
        if let Some(why) = self.unavailable {
            return Err(why.to_string());
        }
        if self.targets.contains(&target) {
            Ok(())
        } else {
            Err(format!(
                "{} is built for {} only: {target} would need a C cross-compiler the set-up \
                 does not install",
                self.name,
                self.targets.join(", ")
            ))
        }
    }
}

/// The peer a strategy names (`peer:fips204`), if it names one.
pub fn parse(strategy: &str) -> Option<&'static Peer> {
    let name = strategy.trim().strip_prefix(PREFIX)?;
    PEERS.iter().find(|p| p.name == name)
}

/// The peers of `scheme`.
pub fn for_scheme(scheme: Scheme) -> impl Iterator<Item = &'static Peer> {
    PEERS.iter().filter(move |p| p.scheme == scheme)
}

/// The operations measured for `strategy` on `scheme`: the family's, except that a peer
/// has no repeated signing with an expanded key.
pub fn ops_of(scheme: Scheme, strategy: &str) -> Vec<Op> {
    let peer = strategy.trim().starts_with(PREFIX);
    scheme
        .ops()
        .iter()
        .copied()
        .filter(|&op| !(peer && op == Op::SignExpanded))
        .collect()
}

/// An operation whose output a tampered peer firmware corrupts (tests of the checks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tamper {
    /// One byte of the signing (decapsulation) key.
    Keygen,
    /// One byte of the signature.
    Sign,
    /// Verification accepts everything.
    Verify,
    /// One byte of the ciphertext.
    Encaps,
    /// One byte of the decapsulated shared secret.
    Decaps,
}

impl Tamper {
    /// The operation's name (`keygen`, `sign`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Tamper::Keygen => "keygen",
            Tamper::Sign => "sign",
            Tamper::Verify => "verify",
            Tamper::Encaps => "encaps",
            Tamper::Decaps => "decaps",
        }
    }
}

/// Builds `peer` for `req.target` and measures it like pqfit: `req.scheme` must be the
/// peer's, `req.strategy` is not used. With `tamper`, the firmware corrupts that
/// operation's output, which the checks must report.
pub fn measure(req: &Request, peer: &Peer, tamper: Option<Tamper>) -> Result<Measurement, Error> {
    let profile = req.profile()?;
    if req.scheme != peer.scheme {
        return Err(Error::Unknown(format!(
            "{} implements {}, not {}",
            peer.name,
            peer.scheme.name(),
            req.scheme.name()
        )));
    }
    peer.available(&profile.name).map_err(Error::Unknown)?;
    let mut sel = Selection {
        scheme: peer.scheme.name().into(),
        record: peer.strategy(),
        features: vec![format!("peer-{}", peer.name)],
        env: Vec::new(),
        rustflags: Vec::new(),
    };
    if let Some(t) = tamper {
        if !peer.scheme.ops().iter().any(|op| op.name() == t.name()) {
            return Err(Error::Unknown(format!(
                "{} has no operation {} to tamper with",
                peer.name,
                t.name()
            )));
        }
        sel.record = format!("{}:tampered-{}", sel.record, t.name());
        sel.env.push(("PQFIT_FW_TAMPER", t.name().into()));
    }
    let mut fw = build_operations(&profile, &sel, &req.opt_level, req.target_dir.as_deref())?;
    fw.charge_unaligned = peer.language == "C";
    (peer.scheme.family().run)(peer.scheme, &profile, req, &sel.record, &fw)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_strategies_round_trip() {
        for p in &PEERS {
            assert_eq!(parse(&p.strategy()), Some(p));
        }
        assert_eq!(parse("peer:nobody"), None);
        assert_eq!(parse("pqfit::strategy::Reference"), None);
    }

    /// The firmware pins the versions the figures are labelled with, and has one feature
    /// per buildable peer.
    #[test]
    fn the_firmware_pins_the_listed_versions() {
        let dir = crate::firmware::firmware_dir();
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        let build = std::fs::read_to_string(dir.join("build.rs")).unwrap();
        for p in PEERS.iter().filter(|p| p.unavailable.is_none()) {
            let dep = format!("{} = {{ version = \"={}\"", p.package, p.version);
            assert!(manifest.contains(&dep), "{dep}");
            assert!(
                manifest.contains(&format!("peer-{} = [", p.name)),
                "{}",
                p.name
            );
            assert!(build.contains(&format!("\"{}\"", p.name)), "{}", p.name);
        }
    }

    #[test]
    fn labels_name_the_package_and_version() {
        let label = |name: &str| parse(&format!("{PREFIX}{name}")).unwrap().label();
        assert_eq!(label("fips204"), "fips204 0.5.0");
        assert_eq!(label("rustcrypto-ml-dsa"), "RustCrypto ml-dsa 0.1.2");
        assert_eq!(
            label("pqclean-ml-dsa"),
            "PQClean clean C (pqcrypto-mldsa 0.1.2)"
        );
        assert_eq!(label("fips203"), "fips203 0.5.0");
        assert_eq!(label("rustcrypto-ml-kem"), "RustCrypto ml-kem 0.3.4");
        assert_eq!(label("libcrux-ml-kem"), "libcrux-ml-kem 0.0.11");
        assert_eq!(
            label("pqclean-ml-kem"),
            "PQClean clean C (pqcrypto-mlkem 0.1.1)"
        );
    }

    /// Each scheme with peers has one of each kind (RustCrypto, integritychain, libcrux,
    /// PQClean), each measured on the operations of its scheme.
    #[test]
    fn ml_dsa_65_and_ml_kem_768_have_their_peers() {
        let names = |scheme: Scheme| -> Vec<&str> { for_scheme(scheme).map(|p| p.name).collect() };
        assert_eq!(
            names(ML_DSA_65),
            [
                "rustcrypto-ml-dsa",
                "fips204",
                "libcrux-ml-dsa",
                "pqclean-ml-dsa"
            ]
        );
        let kem = crate::scheme("ml-kem-768").unwrap();
        assert_eq!(kem, ML_KEM_768);
        assert_eq!(
            names(kem),
            [
                "rustcrypto-ml-kem",
                "fips203",
                "libcrux-ml-kem",
                "pqclean-ml-kem"
            ]
        );
        assert_eq!(
            ops_of(kem, "peer:fips203"),
            [Op::Keygen, Op::Encaps, Op::Decaps]
        );
        for set in ["ml-kem-512", "ml-kem-1024", "ml-dsa-44"] {
            assert_eq!(for_scheme(crate::scheme(set).unwrap()).count(), 0, "{set}");
        }
    }

    #[test]
    fn unavailable_peers_and_targets_say_why() {
        let sntrup = parse("peer:sntrup761").unwrap();
        assert!(sntrup.available("m4").unwrap_err().contains("no_std"));
        let pqclean = parse("peer:pqclean-ml-dsa").unwrap();
        assert!(pqclean.available("m4").is_ok());
        assert!(pqclean.available("rv32").is_err());
        assert!(pqclean.available("rv64").is_ok());
        let pqclean = parse("peer:pqclean-ml-kem").unwrap();
        assert!(pqclean
            .available("rv32")
            .unwrap_err()
            .contains("m0, m3, m4, rv64"));
        for p in ["rustcrypto-ml-kem", "fips203", "libcrux-ml-kem"] {
            let p = parse(&format!("{PREFIX}{p}")).unwrap();
            for t in ["m0", "m3", "m4", "rv32", "rv64"] {
                assert!(p.available(t).is_ok(), "{} on {t}", p.name);
            }
        }
    }
}
