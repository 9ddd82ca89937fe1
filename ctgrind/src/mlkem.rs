//! ML-KEM: key generation, encapsulation and decapsulation of ML-KEM-512, -768 and
//! -1024 under every preset and two `Custom` mixes that bring in what no preset uses
//! (`StoredCompare`, the 32-bit Keccak backends), so that every component runs.

use crate::case::Case;
use crate::grind::{public, secret, secret_in_place, tainted, Bytes};
use pqfit::mlkem::{
    Balanced, CachedA, Ciphertext, Custom, DecodedSecret, EagerReduce, FastKem, LazyAccumulate,
    MlKem1024Params, MlKem512Params, MlKem768Params, MlKemParams, ParameterSet, PublicKey,
    SecretKey, SharedSecret, SmallStack, StoredCompare, Strategy, StreamedA,
};
use pqfit::strategy::{Interleaved32, Interleaved32Compact};
use pqfit::MlKem;

/// A-hat kept, s-hat decoded per use, the re-encryption stored then compared, lazy
/// sums, the 32-bit interleaved Keccak (the embedded targets' default).
type StoredCached = Custom<CachedA, DecodedSecret, StoredCompare, LazyAccumulate, Interleaved32>;
/// A-hat streamed, s-hat kept, stored comparison, eager reduction, the compact
/// interleaved Keccak.
type StoredStreamed =
    Custom<StreamedA, pqfit::mlkem::CachedSecret, StoredCompare, EagerReduce, Interleaved32Compact>;

/// A key pair from public seeds: the starting point of encapsulation and
/// decapsulation, whose own secrets are marked afterwards.
fn key_pair<P: ParameterSet, S: Strategy<P>>(seed: u64) -> (PublicKey<P>, SecretKey<P>) {
    let mut bytes = Bytes::new(seed);
    let (d, z): ([u8; 32], [u8; 32]) = (bytes.array(), bytes.array());
    let (mut ek, mut dk) = (PublicKey::<P>::default(), SecretKey::<P>::zeroed());
    MlKem::<P, S>::key_gen_internal(&d, &z, &mut ek, &mut dk);
    (ek, dk)
}

/// FIPS 203, Algorithm 16 from secret d and z.
fn keygen<P: ParameterSet, S: Strategy<P>>() {
    let mut bytes = Bytes::new(1);
    let (mut d, mut z): ([u8; 32], [u8; 32]) = (bytes.array(), bytes.array());
    secret(&mut d);
    secret(&mut z);
    let (mut ek, mut dk) = (PublicKey::<P>::default(), SecretKey::<P>::zeroed());
    MlKem::<P, S>::key_gen_internal(&d, &z, &mut ek, &mut dk);
    assert_ne!(tainted(dk.as_bytes()), Some(false), "dk depends on d, z");
}

/// FIPS 203, Algorithm 17 with a secret m; ek is public.
fn encaps<P: ParameterSet, S: Strategy<P>>() {
    let (ek, _) = key_pair::<P, S>(2);
    let mut m: [u8; 32] = Bytes::new(3).array();
    secret(&mut m);
    let (mut ct, mut ss) = (Ciphertext::<P>::default(), SharedSecret::zeroed());
    MlKem::<P, S>::encaps_internal(&ek, &m, &mut ct, &mut ss);
    assert_ne!(tainted(ss.as_bytes()), Some(false), "K depends on m");
    assert_ne!(tainted(ct.as_bytes()), Some(false), "c depends on m");
}

/// FIPS 203, Algorithm 18 with the key's secrets marked (dk_PKE and z; its copy of ek
/// and H(ek) are public): imported through the §7.3 check, then decapsulating a valid
/// ciphertext, one whose last byte changed in its lowest bit (a near miss: decryption
/// still gives m, the re-encryption differs in that byte only) and one changed in c1
/// (a far miss). Whether a ciphertext was accepted stays secret; the harness makes the
/// shared secrets public only afterwards, to check them.
fn decaps<P: ParameterSet, S: Strategy<P>>() {
    let (ek, dk) = key_pair::<P, S>(4);
    let mut m: [u8; 32] = Bytes::new(5).array();
    let (mut ct, mut sent) = (Ciphertext::<P>::default(), SharedSecret::zeroed());
    MlKem::<P, S>::encaps_internal(&ek, &m, &mut ct, &mut sent);
    m.fill(0);

    let mut dk_bytes = dk.as_bytes().to_vec();
    secret(&mut dk_bytes[..<P as MlKemParams>::DK_PKE_BYTES]);
    secret(&mut dk_bytes[<P as MlKemParams>::DK_BYTES - 32..]);
    let dk = SecretKey::<P>::from_bytes(&dk_bytes).expect("a valid decapsulation key");
    secret_in_place(&dk.as_bytes()[..<P as MlKemParams>::DK_PKE_BYTES]);
    secret_in_place(&dk.as_bytes()[<P as MlKemParams>::DK_BYTES - 32..]);

    let mut received = SharedSecret::zeroed();
    MlKem::<P, S>::decaps(&dk, &ct, &mut received);
    let mut keys = vec![received.as_bytes().to_vec()];
    for (at, bit) in [(<P as MlKemParams>::C_BYTES - 1, 0x01u8), (7, 0x10)] {
        let mut bytes = ct.as_bytes().to_vec();
        bytes[at] ^= bit;
        let bad = Ciphertext::<P>::from_bytes(&bytes).expect("same length");
        MlKem::<P, S>::decaps(&dk, &bad, &mut received);
        keys.push(received.as_bytes().to_vec());
    }
    for k in &mut keys {
        assert_ne!(tainted(k), Some(false), "the shared secret depends on dk");
        public(k);
    }
    assert_eq!(
        keys[0],
        sent.as_bytes(),
        "{}: a valid ciphertext",
        <P as MlKemParams>::SET_NAME
    );
    assert!(
        keys[1] != keys[0] && keys[2] != keys[0] && keys[1] != keys[2],
        "{}: tampered ciphertexts give their implicit-rejection keys",
        <P as MlKemParams>::SET_NAME
    );
}

fn strategy<P: ParameterSet, S: Strategy<P>>(cases: &mut Vec<Case>, strategy: &str) {
    let name = |op: &str| {
        format!(
            "{}/{strategy}/{op}",
            <P as MlKemParams>::SET_NAME.to_ascii_lowercase()
        )
    };
    cases.push(Case::new(name("keygen"), keygen::<P, S>));
    cases.push(Case::new(name("encaps"), encaps::<P, S>));
    cases.push(Case::new(name("decaps"), decaps::<P, S>));
}

fn parameter_set<P: ParameterSet>(cases: &mut Vec<Case>)
where
    SmallStack: Strategy<P>,
    Balanced: Strategy<P>,
    FastKem: Strategy<P>,
    StoredCached: Strategy<P>,
    StoredStreamed: Strategy<P>,
{
    strategy::<P, SmallStack>(cases, "small-stack");
    strategy::<P, Balanced>(cases, "balanced");
    strategy::<P, FastKem>(cases, "fast-kem");
    strategy::<P, StoredCached>(cases, "stored-cached");
    strategy::<P, StoredStreamed>(cases, "stored-streamed");
}

/// Every ML-KEM case.
pub fn cases(cases: &mut Vec<Case>) {
    parameter_set::<MlKem512Params>(cases);
    parameter_set::<MlKem768Params>(cases);
    parameter_set::<MlKem1024Params>(cases);
}
