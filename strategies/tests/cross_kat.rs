//! CROSS v2.2 KATs: the first three entries of all 18 parameter sets byte for byte,
//! and all 100 entries of the six category-1 sets regenerated with the NIST DRBG and
//! checked against the full-file SHA-256 of `nist-kat/cross-v2.2/manifest.json`.
//!
//! The NIST KAT generator calls `randombytes` once for seed_sk in key generation,
//! then once for the root seed and once for the salt in signing; `sm = msg || sig`.

#[macro_use]
mod support;

use pqfit::cross::{
    Cross, CrossParams, Fast, MinStack, Signature, SigningKey, Strategy, VerifyingKey,
};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use support::drbg::{kat_entropy, NistDrbg};
use support::{compare_bytes, hex, rsp, run_case, vector_file};

/// One regenerated KAT entry.
struct Generated {
    pk: Vec<u8>,
    sk: Vec<u8>,
    sm: Vec<u8>,
}

/// Key generation and signing on a DRBG seeded with `seed`, as `PQCgenKAT_sign.c`
/// runs them; also checks that the signature verifies and a modified message does
/// not.
fn generate<P: CrossParams, S: Strategy<P>>(seed: &[u8], msg: &[u8]) -> Result<Generated, String> {
    let mut drbg = NistDrbg::new(seed.try_into().map_err(|_| "seed length")?);
    let seed_sk = drbg.vec(P::KEY_SEED_BYTES);
    let mut vk = VerifyingKey::<P>::default();
    let mut sk = SigningKey::<P>::blank();
    Cross::<P, S>::key_gen(&seed_sk, &mut vk, &mut sk).map_err(|e| format!("key_gen: {e:?}"))?;
    let root_seed = drbg.vec(P::SEED_BYTES);
    let salt = drbg.vec(P::SALT_BYTES);
    let mut sig = Signature::<P>::default();
    Cross::<P, S>::sign_with_seeds(&sk, msg, &root_seed, &salt, &mut sig)
        .map_err(|e| format!("sign: {e:?}"))?;
    Cross::<P, S>::verify(&vk, msg, sig.as_bytes())
        .map_err(|e| format!("verify rejected: {e:?}"))?;
    let mut tampered = msg.to_vec();
    tampered[0] ^= 1;
    if Cross::<P, S>::verify(&vk, &tampered, sig.as_bytes()).is_ok() {
        return Err("verify accepted a modified message".into());
    }
    let mut sm = msg.to_vec();
    sm.extend_from_slice(sig.as_bytes());
    Ok(Generated {
        pk: vk.as_bytes().to_vec(),
        sk: sk.as_bytes().to_vec(),
        sm,
    })
}

/// The manifest entry of a liboqs name.
fn manifest_entry(liboqs_name: &str) -> serde_json::Value {
    let path = vector_file("nist-kat/cross-v2.2/manifest.json");
    let text = std::fs::read_to_string(&path).expect("read manifest");
    let all: Vec<serde_json::Value> = serde_json::from_str(&text).expect("parse manifest");
    all.into_iter()
        .find(|e| e["liboqs_name"] == liboqs_name)
        .unwrap_or_else(|| panic!("{liboqs_name} not in the manifest"))
}

/// The first three entries of a stored file, byte for byte.
fn first_three<P: CrossParams, S: Strategy<P>>(liboqs_name: &str) {
    let entry = manifest_entry(liboqs_name);
    assert_eq!(entry["official_params"], P::NAME);
    let file = vector_file(&format!(
        "nist-kat/cross-v2.2/{}",
        entry["stored_subset"].as_str().unwrap()
    ));
    let entries = rsp::parse(&std::fs::read_to_string(&file).unwrap());
    assert_eq!(entries.len(), 3, "{liboqs_name}: three entries");
    let mut failures = Vec::new();
    for e in &entries {
        let outcome = run_case(|| {
            let g = generate::<P, S>(&e.seed, &e.msg)?;
            let mut problems: Vec<String> = Vec::new();
            problems.extend(compare_bytes("pk", &g.pk, &e.pk));
            problems.extend(compare_bytes("sk", &g.sk, &e.sk));
            problems.extend(compare_bytes("sm", &g.sm, &e.sm));
            if e.smlen != Some(g.sm.len()) {
                problems.push(format!("smlen {:?} vs {}", e.smlen, g.sm.len()));
            }
            if problems.is_empty() {
                Ok(())
            } else {
                Err(problems.join("; "))
            }
        });
        if let Err(p) = outcome {
            failures.push(format!("{liboqs_name} count={}: {p}", e.count));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// All 100 entries regenerated from the NIST DRBG, formatted as the official `.rsp`,
/// must hash to the manifest's full-file SHA-256 (and start with the stored file).
fn full_file<P: CrossParams, S: Strategy<P>>(liboqs_name: &str) {
    let entry = manifest_entry(liboqs_name);
    let stored = std::fs::read_to_string(vector_file(&format!(
        "nist-kat/cross-v2.2/{}",
        entry["stored_subset"].as_str().unwrap()
    )))
    .unwrap();
    let mut text = String::from("# CROSS\n\n");
    let mut main = NistDrbg::new(&kat_entropy());
    for i in 0..100 {
        let seed: [u8; 48] = main.array();
        let msg = main.vec(33 * (i + 1));
        let g = generate::<P, S>(&seed, &msg)
            .unwrap_or_else(|p| panic!("{liboqs_name} count={i}: {p}"));
        write!(
            text,
            "count = {i}\nseed = {}\nmlen = {}\nmsg = {}\npk = {}\nsk = {}\nsmlen = {}\nsm = {}\n\n",
            hex::encode(&seed),
            msg.len(),
            hex::encode(&msg),
            hex::encode(&g.pk),
            hex::encode(&g.sk),
            g.sm.len(),
            hex::encode(&g.sm)
        )
        .unwrap();
        if i == 2 {
            assert_eq!(
                text, stored,
                "{liboqs_name}: the first three entries differ from the stored file"
            );
        }
    }
    assert_eq!(
        text.len() as u64,
        entry["full_rsp_bytes"].as_u64().unwrap(),
        "{liboqs_name}: file length"
    );
    let digest = Sha256::digest(text.as_bytes());
    let got: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(
        got,
        entry["full_rsp_sha256"].as_str().unwrap(),
        "{liboqs_name}: full-file SHA-256"
    );
}

macro_rules! kat {
    ($first3:ident, $P:ident, $name:literal) => {
        #[test]
        fn $first3() {
            first_three::<pqfit::cross::$P, Fast>($name);
            first_three::<pqfit::cross::$P, MinStack>($name);
            first_three::<pqfit::cross::$P, pqfit::cross::Hardened<MinStack>>($name);
        }
    };
    ($first3:ident, $full:ident, $P:ident, $name:literal) => {
        kat!($first3, $P, $name);

        #[test]
        fn $full() {
            full_file::<pqfit::cross::$P, Fast>($name);
        }
    };
}

kat!(
    rsdp_1_fast_first3,
    rsdp_1_fast_full,
    Rsdp1Fast,
    "cross-rsdp-128-fast"
);
kat!(
    rsdp_1_balanced_first3,
    rsdp_1_balanced_full,
    Rsdp1Balanced,
    "cross-rsdp-128-balanced"
);
kat!(
    rsdp_1_small_first3,
    rsdp_1_small_full,
    Rsdp1Small,
    "cross-rsdp-128-small"
);
kat!(rsdp_3_fast_first3, Rsdp3Fast, "cross-rsdp-192-fast");
kat!(
    rsdp_3_balanced_first3,
    Rsdp3Balanced,
    "cross-rsdp-192-balanced"
);
kat!(rsdp_3_small_first3, Rsdp3Small, "cross-rsdp-192-small");
kat!(rsdp_5_fast_first3, Rsdp5Fast, "cross-rsdp-256-fast");
kat!(
    rsdp_5_balanced_first3,
    Rsdp5Balanced,
    "cross-rsdp-256-balanced"
);
kat!(rsdp_5_small_first3, Rsdp5Small, "cross-rsdp-256-small");
kat!(
    rsdpg_1_fast_first3,
    rsdpg_1_fast_full,
    Rsdpg1Fast,
    "cross-rsdpg-128-fast"
);
kat!(
    rsdpg_1_balanced_first3,
    rsdpg_1_balanced_full,
    Rsdpg1Balanced,
    "cross-rsdpg-128-balanced"
);
kat!(
    rsdpg_1_small_first3,
    rsdpg_1_small_full,
    Rsdpg1Small,
    "cross-rsdpg-128-small"
);
kat!(rsdpg_3_fast_first3, Rsdpg3Fast, "cross-rsdpg-192-fast");
kat!(
    rsdpg_3_balanced_first3,
    Rsdpg3Balanced,
    "cross-rsdpg-192-balanced"
);
kat!(rsdpg_3_small_first3, Rsdpg3Small, "cross-rsdpg-192-small");
kat!(rsdpg_5_fast_first3, Rsdpg5Fast, "cross-rsdpg-256-fast");
kat!(
    rsdpg_5_balanced_first3,
    Rsdpg5Balanced,
    "cross-rsdpg-256-balanced"
);
kat!(rsdpg_5_small_first3, Rsdpg5Small, "cross-rsdpg-256-small");
