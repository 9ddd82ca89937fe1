//! Every combination of strategy components produces the same bytes: public and
//! secret keys, deterministic and hedged signatures, signatures from expanded keys,
//! and verification results, for every parameter set.

use pqfit::strategy::*;
use pqfit::{
    ExpandedKey, MlDsa, MlDsa44, MlDsa65, MlDsa87, ParameterSet, Signature, SigningKey,
    VerifyingKey,
};

const SEEDS: [[u8; 32]; 2] = [[0x11; 32], [0xa5; 32]];
const MESSAGES: [&[u8]; 3] = [b"", b"abc", &[0x5a; 300]];

/// The outputs of the reference layout for every seed and message.
struct Expected<P: ParameterSet> {
    keys: Vec<(VerifyingKey<P>, SigningKey<P>)>,
    /// Per key, per message: (deterministic, hedged) signatures.
    sigs: Vec<Vec<(Signature<P>, Signature<P>)>>,
}

fn rnd(m: usize) -> [u8; 32] {
    [m as u8 + 1; 32]
}

fn outputs<P: ParameterSet, S: Strategy<P>>() -> Expected<P> {
    let mut e = Expected {
        keys: Vec::new(),
        sigs: Vec::new(),
    };
    for seed in &SEEDS {
        let (mut vk, mut sk) = (VerifyingKey::default(), SigningKey::blank());
        MlDsa::<P, S>::key_gen_internal(seed, &mut vk, &mut sk);
        let mut per_msg = Vec::new();
        for (m, msg) in MESSAGES.iter().enumerate() {
            let (mut det, mut hedged) = (Signature::default(), Signature::default());
            MlDsa::<P, S>::sign_deterministic(&sk, msg, b"ctx", &mut det).unwrap();
            MlDsa::<P, S>::sign(&sk, msg, b"ctx", &rnd(m), &mut hedged).unwrap();
            per_msg.push((det, hedged));
        }
        e.keys.push((vk, sk));
        e.sigs.push(per_msg);
    }
    e
}

fn check<P: ParameterSet, S: Strategy<P>>(want: &Expected<P>) -> Result<(), String> {
    let got = outputs::<P, S>();
    for (k, ((vk, sk), (wvk, wsk))) in got.keys.iter().zip(&want.keys).enumerate() {
        if vk != wvk || sk.as_bytes() != wsk.as_bytes() {
            return Err(format!("key pair {k} differs"));
        }
        let mut expanded = ExpandedKey::<P, S>::default();
        MlDsa::<P, S>::expand_key(sk, &mut expanded);
        for (m, msg) in MESSAGES.iter().enumerate() {
            let (det, hedged) = &got.sigs[k][m];
            let (wdet, whedged) = &want.sigs[k][m];
            if det != wdet || hedged != whedged {
                return Err(format!("signature of key {k}, message {m} differs"));
            }
            let mut from_expanded = Signature::default();
            MlDsa::<P, S>::sign_expanded(&expanded, msg, b"ctx", &rnd(m), &mut from_expanded)
                .unwrap();
            if &from_expanded != whedged {
                return Err(format!(
                    "expanded-key signature of key {k}, message {m} differs"
                ));
            }
            if MlDsa::<P, S>::verify(vk, msg, b"ctx", det.as_bytes()).is_err() {
                return Err(format!("own signature of key {k}, message {m} rejected"));
            }
            if MlDsa::<P, S>::verify(vk, msg, b"cty", det.as_bytes()).is_ok() {
                return Err(format!(
                    "signature of key {k}, message {m} accepted under another context"
                ));
            }
        }
    }
    Ok(())
}

type Check<P> = (String, fn(&Expected<P>) -> Result<(), String>);

// The cartesian product of the components, one macro level per component.
macro_rules! matrices { ($out:ident; $($m:ident),*) => { $( secrets!($out, $m); )* }; }
macro_rules! secrets { ($out:ident, $m:ident) => { commits!($out, $m; CachedNtt); commits!($out, $m; RecomputeOnDemand); }; }
macro_rules! commits { ($out:ident, $m:ident; $s:ident) => { masks!($out, $m, $s; FullW); masks!($out, $m, $s; RowW); masks!($out, $m, $s; PackedW); masks!($out, $m, $s; StreamedW); }; }
macro_rules! masks { ($out:ident, $m:ident, $s:ident; $w:ident) => { products!($out, $m, $s, $w; StoredY); products!($out, $m, $s, $w; RegeneratedY); products!($out, $m, $s, $w; SignatureY); }; }
macro_rules! products {
    ($out:ident, $m:ident, $s:ident, $w:ident; $y:ident) => {
        products!(@one $out, $m, $s, $w, $y, NttProduct);
        products!(@one $out, $m, $s, $w, $y, SmallModulusProduct);
        products!(@one $out, $m, $s, $w, $y, SparseProduct);
    };
    (@one $out:ident, $m:ident, $s:ident, $w:ident, $y:ident, $c:ident) => {
        $out.push((
            concat!("Custom<", stringify!($m), ", ", stringify!($s), ", ", stringify!($w), ", ", stringify!($y), ", ", stringify!($c), ">").to_string(),
            check::<P, Custom<$m, $s, $w, $y, $c>>,
        ));
    };
}

// The pushes come from the macros above, one per combination.
#[allow(clippy::vec_init_then_push)]
fn all_combinations<P: ParameterSet>() -> Vec<Check<P>> {
    let mut out: Vec<Check<P>> = Vec::with_capacity(144);
    matrices!(out; CachedA, StreamedA);
    out
}

fn every_combination_agrees<P: ParameterSet>() {
    let want = outputs::<P, Reference>();
    let combos = all_combinations::<P>();
    assert_eq!(combos.len(), catalog::COMBINATIONS);
    let failures: Vec<String> = combos
        .iter()
        .filter_map(|(name, f)| f(&want).err().map(|e| format!("{} {name}: {e}", P::NAME)))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The presets are among the combinations; check them by name too.
    check::<P, SmallStack>(&want).unwrap();
    check::<P, Balanced>(&want).unwrap();
    check::<P, FastSign>(&want).unwrap();
}

#[test]
fn every_combination_agrees_ml_dsa_44() {
    every_combination_agrees::<MlDsa44>();
}

#[test]
fn every_combination_agrees_ml_dsa_65() {
    every_combination_agrees::<MlDsa65>();
}

#[test]
fn every_combination_agrees_ml_dsa_87() {
    every_combination_agrees::<MlDsa87>();
}

/// Every Keccak backend (the sixth axis) gives the same bytes, with the memory
/// layouts at both ends of the range.
fn every_keccak_backend_agrees<P: ParameterSet>() {
    let want = outputs::<P, Reference>();
    macro_rules! with_backends {
        ($($k:ident),*) => {$(
            check::<P, Custom<CachedA, CachedNtt, FullW, StoredY, NttProduct, $k>>(&want)
                .unwrap_or_else(|e| panic!("{} Reference with {}: {e}", P::NAME, stringify!($k)));
            check::<P, Custom<StreamedA, RecomputeOnDemand, StreamedW, SignatureY, SparseProduct, $k>>(&want)
                .unwrap_or_else(|e| panic!("{} SmallStack with {}: {e}", P::NAME, stringify!($k)));
        )*};
    }
    with_backends!(Sha3Crate, Interleaved32, Interleaved32Compact);
}

#[test]
fn every_keccak_backend_agrees_all_sets() {
    every_keccak_backend_agrees::<MlDsa44>();
    every_keccak_backend_agrees::<MlDsa65>();
    every_keccak_backend_agrees::<MlDsa87>();
}

#[test]
fn expanded_key_sizes_follow_the_strategy() {
    // FastSign keeps A-hat (k·l) and s1, s2, t0 (l + 2k) polynomials of 1 KiB.
    let p = 1024;
    let fast = ExpandedKey::<MlDsa65, FastSign>::BYTES;
    assert!(
        fast >= (6 * 5 + 5 + 2 * 6) * p + MlDsa65::SK_BYTES,
        "{fast}"
    );
    let small = ExpandedKey::<MlDsa65, SmallStack>::BYTES;
    assert_eq!(
        small,
        MlDsa65::SK_BYTES,
        "SmallStack keeps nothing but the key"
    );
}
