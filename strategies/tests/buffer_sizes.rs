//! The buffer sizes of every strategy component, preset and expanded key, for every
//! parameter set, asserted against formulas in k, l and `SK_BYTES`.
//!
//! `docs/strategies.md` quotes these numbers; run
//! `cargo test -p pqfit --test buffer_sizes -- --nocapture` to print the tables it
//! was written from. A change to a store type that alters its size fails here
//! before the documentation can drift.
//!
//! The test also compiles and runs the example of `docs/strategies.md`.

use core::mem::size_of;
use pqfit::strategy::{
    CachedA, CachedNtt, ChallengeProduct, Commitment, FullW, MaskVector, MatrixA, NttProduct,
    PackedW, RecomputeOnDemand, RegeneratedY, RowW, SecretVectors, SmallModulusProduct,
    SparseProduct, StoredY, Strategy, StreamedA, StreamedW,
};
use pqfit::{
    Balanced, Custom, ExpandedKey, FastSign, MlDsa44, MlDsa65, MlDsa87, ParameterSet, Reference,
    SmallStack,
};
use pqfit_core::hash::Shake256;
use pqfit_core::mldsa::Poly;

/// One polynomial: 256 coefficients of 4 bytes.
const POLY: usize = 1024;

/// The mix the issue names as an example of `Custom`.
type Mix = Custom<StreamedA, CachedNtt, StreamedW, RegeneratedY, SmallModulusProduct>;

/// One line of a table: a label, a formula, and the bytes for ML-DSA-44/65/87.
struct Line {
    label: &'static str,
    formula: &'static str,
    bytes: Vec<usize>,
}

/// Collects the lines of one table, one parameter set at a time, checking each
/// measured size against its formula as it goes.
struct Table {
    lines: Vec<Line>,
}

impl Table {
    fn new() -> Self {
        Self { lines: Vec::new() }
    }

    /// Records `measured` for `label` after checking it equals `expected`.
    fn check<P: ParameterSet>(
        &mut self,
        label: &'static str,
        formula: &'static str,
        measured: usize,
        expected: usize,
    ) {
        assert_eq!(
            measured,
            expected,
            "{}: {label} is {measured} bytes, formula {formula} gives {expected}",
            P::NAME
        );
        match self.lines.iter_mut().find(|l| l.label == label) {
            Some(line) => line.bytes.push(measured),
            None => self.lines.push(Line {
                label,
                formula,
                bytes: vec![measured],
            }),
        }
    }

    fn print(&self, title: &str, first: &str) {
        println!("\n### {title}\n");
        println!("| {first} | formula | ML-DSA-44 | ML-DSA-65 | ML-DSA-87 |");
        println!("|---|---|---:|---:|---:|");
        for line in &self.lines {
            assert_eq!(line.bytes.len(), 3, "{} measured for every set", line.label);
            let cells: Vec<String> = line.bytes.iter().map(|b| b.to_string()).collect();
            println!(
                "| {} | {} | {} |",
                line.label,
                line.formula,
                cells.join(" | ")
            );
        }
    }
}

/// The store of every component, and each product's prepared challenge.
fn components<P: ParameterSet>(t: &mut Table) {
    let (k, l) = (P::K, P::L);

    t.check::<P>(
        "`CachedA`: `MatrixA::Store`",
        "k·l·1024",
        size_of::<<CachedA as MatrixA<P>>::Store>(),
        k * l * POLY,
    );
    t.check::<P>(
        "`StreamedA`: `MatrixA::Store`",
        "0",
        size_of::<<StreamedA as MatrixA<P>>::Store>(),
        0,
    );

    // The secret store does not depend on the product: the operands are always `Poly`.
    let cached = size_of::<<CachedNtt as SecretVectors<P, NttProduct>>::Store>();
    assert_eq!(
        cached,
        size_of::<<CachedNtt as SecretVectors<P, SmallModulusProduct>>::Store>()
    );
    assert_eq!(
        cached,
        size_of::<<CachedNtt as SecretVectors<P, SparseProduct>>::Store>()
    );
    t.check::<P>(
        "`CachedNtt`: `SecretVectors::Store` (any product)",
        "(l+2k)·1024",
        cached,
        (l + 2 * k) * POLY,
    );
    let recomputed = size_of::<<RecomputeOnDemand as SecretVectors<P, NttProduct>>::Store>();
    assert_eq!(
        recomputed,
        size_of::<<RecomputeOnDemand as SecretVectors<P, SmallModulusProduct>>::Store>()
    );
    assert_eq!(
        recomputed,
        size_of::<<RecomputeOnDemand as SecretVectors<P, SparseProduct>>::Store>()
    );
    t.check::<P>(
        "`RecomputeOnDemand`: `SecretVectors::Store` (any product)",
        "0",
        recomputed,
        0,
    );

    t.check::<P>(
        "`FullW`: `Commitment::Store`",
        "k·1024",
        size_of::<<FullW as Commitment<P>>::Store>(),
        k * POLY,
    );
    t.check::<P>(
        "`RowW`: `Commitment::Store` (w and NTT(y))",
        "(k+l)·1024",
        size_of::<<RowW as Commitment<P>>::Store>(),
        (k + l) * POLY,
    );
    t.check::<P>(
        "`PackedW`: `Commitment::Store` (one row of w, 24-bit packed)",
        "768",
        size_of::<<PackedW as Commitment<P>>::Store>(),
        768,
    );
    t.check::<P>(
        "`StreamedW`: `Commitment::Store` (the row being formed or checked)",
        "1024",
        size_of::<<StreamedW as Commitment<P>>::Store>(),
        POLY,
    );

    t.check::<P>(
        "`StoredY`: `MaskVector::Store` (y, signing)",
        "l·1024",
        size_of::<<StoredY as MaskVector<P>>::Store>(),
        l * POLY,
    );
    t.check::<P>(
        "`StoredY`: `MaskVector::VectorStore` (NTT(s1) / NTT(z))",
        "l·1024",
        size_of::<<StoredY as MaskVector<P>>::VectorStore>(),
        l * POLY,
    );
    t.check::<P>(
        "`RegeneratedY`: `MaskVector::Store`",
        "0",
        size_of::<<RegeneratedY as MaskVector<P>>::Store>(),
        0,
    );
    t.check::<P>(
        "`RegeneratedY`: `MaskVector::VectorStore`",
        "0",
        size_of::<<RegeneratedY as MaskVector<P>>::VectorStore>(),
        0,
    );

    t.check::<P>(
        "`NttProduct`: `ChallengeProduct::Challenge`",
        "1024",
        size_of::<<NttProduct as ChallengeProduct<P>>::Challenge>(),
        POLY,
    );
    t.check::<P>(
        "`SmallModulusProduct`: `ChallengeProduct::Challenge` (c prepared mod 769, c-hat mod q)",
        "768 + 1024",
        size_of::<<SmallModulusProduct as ChallengeProduct<P>>::Challenge>(),
        768 + POLY,
    );
    t.check::<P>(
        "`SparseProduct`: `ChallengeProduct::Challenge`",
        "256 (c as `i8`s)",
        size_of::<<SparseProduct as ChallengeProduct<P>>::Challenge>(),
        256,
    );

    t.check::<P>(
        "`NttProduct`: `ChallengeProduct::VerifyChallenge`",
        "1024",
        size_of::<<NttProduct as ChallengeProduct<P>>::VerifyChallenge>(),
        POLY,
    );
    t.check::<P>(
        "`SmallModulusProduct`: `ChallengeProduct::VerifyChallenge`",
        "1024",
        size_of::<<SmallModulusProduct as ChallengeProduct<P>>::VerifyChallenge>(),
        POLY,
    );
    // 64 position bytes, a 64-bit sign mask and a usize count, padded to the
    // alignment of u64 (8 on the host and on the 32-bit embedded targets).
    t.check::<P>(
        "`SparseProduct`: `ChallengeProduct::VerifyChallenge`",
        "80 (tau positions + signs)",
        size_of::<<SparseProduct as ChallengeProduct<P>>::VerifyChallenge>(),
        80,
    );
}

/// What signing holds in component stores: A, the secrets, w, y and the prepared
/// challenge (the challenge is a per-call buffer whose size the product decides).
fn sign_stores<P: ParameterSet, S: Strategy<P>>() -> usize {
    size_of::<<S::Matrix as MatrixA<P>>::Store>()
        + size_of::<<S::Secrets as SecretVectors<P, S::Product>>::Store>()
        + size_of::<<S::Commit as Commitment<P>>::Store>()
        + size_of::<<S::Mask as MaskVector<P>>::Store>()
        + size_of::<<S::Product as ChallengeProduct<P>>::Challenge>()
}

/// What key generation holds in component stores: A and NTT(s1).
fn keygen_stores<P: ParameterSet, S: Strategy<P>>() -> usize {
    size_of::<<S::Matrix as MatrixA<P>>::Store>()
        + size_of::<<S::Mask as MaskVector<P>>::VectorStore>()
}

/// What verification holds in component stores: A, NTT(z) and the prepared challenge.
fn verify_stores<P: ParameterSet, S: Strategy<P>>() -> usize {
    keygen_stores::<P, S>() + size_of::<<S::Product as ChallengeProduct<P>>::VerifyChallenge>()
}

/// Per preset (and the example mix): signing, key generation and verification
/// stores, and the expanded key.
fn presets<P: ParameterSet>(tables: &mut [Table; 4]) {
    let (k, l, sk) = (P::K, P::L, P::SK_BYTES);
    let [sign, keygen, verify, expanded] = tables;
    const MIX: &str =
        "`Custom<StreamedA, CachedNtt, StreamedW, RegeneratedY, SmallModulusProduct>`";

    sign.check::<P>(
        "`Reference`",
        "(k·l+2l+3k+1)·1024",
        sign_stores::<P, Reference>(),
        (k * l + 2 * l + 3 * k + 1) * POLY,
    );
    sign.check::<P>(
        "`FastSign`",
        "(k·l+3l+3k+1)·1024 + 768",
        sign_stores::<P, FastSign>(),
        (k * l + 3 * l + 3 * k + 1) * POLY + 768,
    );
    sign.check::<P>(
        "`Balanced`",
        "(2l+3k+1)·1024 + 768",
        sign_stores::<P, Balanced>(),
        (2 * l + 3 * k + 1) * POLY + 768,
    );
    sign.check::<P>(
        "`SmallStack`",
        "768 + 256",
        sign_stores::<P, SmallStack>(),
        768 + 256,
    );
    sign.check::<P>(
        MIX,
        "(l+2k+2)·1024 + 768",
        sign_stores::<P, Mix>(),
        (l + 2 * k + 2) * POLY + 768,
    );

    keygen.check::<P>(
        "`Reference`, `FastSign`",
        "(k·l+l)·1024",
        keygen_stores::<P, Reference>(),
        (k * l + l) * POLY,
    );
    assert_eq!(
        keygen_stores::<P, FastSign>(),
        keygen_stores::<P, Reference>()
    );
    keygen.check::<P>(
        "`Balanced`",
        "l·1024",
        keygen_stores::<P, Balanced>(),
        l * POLY,
    );
    keygen.check::<P>(
        "`SmallStack`, the mix",
        "0",
        keygen_stores::<P, SmallStack>(),
        0,
    );
    assert_eq!(keygen_stores::<P, Mix>(), 0);

    verify.check::<P>(
        "`Reference`, `FastSign`",
        "(k·l+l+1)·1024",
        verify_stores::<P, Reference>(),
        (k * l + l + 1) * POLY,
    );
    assert_eq!(
        verify_stores::<P, FastSign>(),
        verify_stores::<P, Reference>()
    );
    verify.check::<P>(
        "`Balanced`",
        "(l+1)·1024",
        verify_stores::<P, Balanced>(),
        (l + 1) * POLY,
    );
    verify.check::<P>("`SmallStack`", "80", verify_stores::<P, SmallStack>(), 80);
    verify.check::<P>(MIX, "1024", verify_stores::<P, Mix>(), POLY);

    expanded.check::<P>(
        "`ExpandedKey::<P, Reference>::BYTES`",
        "SK_BYTES + (k·l+l+2k)·1024",
        ExpandedKey::<P, Reference>::BYTES,
        sk + (k * l + l + 2 * k) * POLY,
    );
    expanded.check::<P>(
        "`ExpandedKey::<P, FastSign>::BYTES`",
        "SK_BYTES + (k·l+l+2k)·1024",
        ExpandedKey::<P, FastSign>::BYTES,
        sk + (k * l + l + 2 * k) * POLY,
    );
    expanded.check::<P>(
        "`ExpandedKey::<P, Balanced>::BYTES`",
        "SK_BYTES + (l+2k)·1024",
        ExpandedKey::<P, Balanced>::BYTES,
        sk + (l + 2 * k) * POLY,
    );
    expanded.check::<P>(
        "`ExpandedKey::<P, SmallStack>::BYTES`",
        "SK_BYTES",
        ExpandedKey::<P, SmallStack>::BYTES,
        sk,
    );
    expanded.check::<P>(
        "`ExpandedKey::<P, Custom<StreamedA, CachedNtt, ..>>::BYTES`",
        "SK_BYTES + (l+2k)·1024",
        ExpandedKey::<P, Mix>::BYTES,
        sk + (l + 2 * k) * POLY,
    );
}

#[test]
fn store_sizes_follow_the_formulas() {
    assert_eq!(size_of::<Poly>(), POLY);

    let mut comp = Table::new();
    let mut tables = [Table::new(), Table::new(), Table::new(), Table::new()];
    macro_rules! each_set {
        ($($p:ty),*) => {$(
            components::<$p>(&mut comp);
            presets::<$p>(&mut tables);
        )*};
    }
    each_set!(MlDsa44, MlDsa65, MlDsa87);

    // The sizes the issue quotes for ML-DSA-65.
    assert_eq!(size_of::<<CachedA as MatrixA<MlDsa65>>::Store>(), 30 * 1024);
    assert_eq!(
        size_of::<<CachedNtt as SecretVectors<MlDsa65, NttProduct>>::Store>(),
        17 * 1024
    );

    let [sign, keygen, verify, expanded] = &tables;
    comp.print("Component stores (bytes)", "component: store");
    sign.print("Signing: stores + prepared challenge (bytes)", "strategy");
    keygen.print("Key generation: A + NTT(s1) stores (bytes)", "strategy");
    verify.print(
        "Verification: A + NTT(z) stores + prepared challenge (bytes)",
        "strategy",
    );
    expanded.print("Expanded keys: RAM kept across calls (bytes)", "constant");
    println!(
        "\nFixed per call besides the stores: `Poly` = {} bytes; `Shake256` state = {} bytes.",
        size_of::<Poly>(),
        size_of::<Shake256>()
    );
}

/// The example of `docs/strategies.md`, compiled and run.
#[test]
fn strategies_doc_example() -> Result<(), pqfit::Error> {
    use pqfit::strategy::{
        CachedNtt, Custom, RegeneratedY, SmallModulusProduct, StreamedA, StreamedW,
    };
    use pqfit::{
        Dilithium3, ExpandedKey, FastSign, MlDsa65, Signature, SigningKey, SmallStack, VerifyingKey,
    };

    // A verifier with the smallest stack, and a signer that keeps only the secrets.
    type Verifier = Dilithium3<SmallStack>;
    type Signer =
        Dilithium3<Custom<StreamedA, CachedNtt, StreamedW, RegeneratedY, SmallModulusProduct>>;

    let (mut vk, mut sk) = (VerifyingKey::default(), SigningKey::blank());
    Signer::key_gen_internal(&[7u8; 32], &mut vk, &mut sk);
    let mut sig = Signature::default();
    Signer::sign_deterministic(&sk, b"firmware v1.2", b"", &mut sig)?;
    Verifier::verify(&vk, b"firmware v1.2", b"", sig.as_bytes())?;

    // Repeated signing: expand once, sign many times. The key is RAM you keep.
    type Fast = Dilithium3<FastSign>;
    let mut key = ExpandedKey::<MlDsa65, FastSign>::default();
    Fast::expand_key(&sk, &mut key);
    let mut again = Signature::default();
    Fast::sign_expanded(&key, b"firmware v1.2", b"", &[0; 32], &mut again)?;
    assert!(again == sig, "every strategy produces the same bytes");
    assert_eq!(ExpandedKey::<MlDsa65, FastSign>::BYTES, 4032 + 47 * 1024);
    Ok(())
}
