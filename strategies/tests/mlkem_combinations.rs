//! Every ML-KEM strategy combination (the 16 memory mixes, and the Keccak backends)
//! gives the same bytes: key generation (from a seed and from an RNG), encapsulation,
//! decapsulation of an honest and of a tampered ciphertext.

mod support;

use pqfit::mlkem::{
    CachedA, CachedSecret, Ciphertext, Custom, DecodedSecret, EagerReduce, LazyAccumulate, MlKem,
    MlKem1024Params, MlKem512Params, MlKem768Params, MlKemParams, ParameterSet, PublicKey,
    SecretKey, SharedSecret, StoredCompare, Strategy, StreamedA, StreamedCompare,
};
use pqfit::strategy::{Interleaved32, Interleaved32Compact, Sha3Crate};
use support::rng::TestRng;

/// Everything one strategy produces for one parameter set.
#[derive(PartialEq, Debug)]
struct Transcript {
    ek: Vec<u8>,
    dk: Vec<u8>,
    ct: Vec<u8>,
    ss: Vec<u8>,
    ss_honest: Vec<u8>,
    ss_rejected: Vec<u8>,
    rng_ek: Vec<u8>,
    rng_ct: Vec<u8>,
    rng_ss: Vec<u8>,
}

fn transcript<P: ParameterSet, S: Strategy<P>>(seed: u8) -> Transcript {
    let d = [seed; 32];
    let z = [seed ^ 0x5a; 32];
    let (mut ek, mut dk) = (PublicKey::<P>::default(), SecretKey::<P>::zeroed());
    MlKem::<P, S>::key_gen_internal(&d, &z, &mut ek, &mut dk);
    let (mut ct, mut ss) = (Ciphertext::<P>::default(), SharedSecret::zeroed());
    MlKem::<P, S>::encaps_internal(&ek, &[seed.wrapping_add(1); 32], &mut ct, &mut ss);
    let mut ss_honest = SharedSecret::zeroed();
    MlKem::<P, S>::decaps(&dk, &ct, &mut ss_honest);
    let mut bad = ct.as_bytes().to_vec();
    bad[<P as MlKemParams>::C_BYTES - 1] ^= 0x10;
    let bad = Ciphertext::<P>::from_bytes(&bad).unwrap();
    let mut ss_rejected = SharedSecret::zeroed();
    MlKem::<P, S>::decaps(&dk, &bad, &mut ss_rejected);
    assert_eq!(ss, ss_honest);
    assert_ne!(ss, ss_rejected);

    let mut rng = TestRng::new(seed);
    let (mut rng_ek, mut rng_dk) = (PublicKey::<P>::default(), SecretKey::<P>::zeroed());
    MlKem::<P, S>::key_gen(&mut rng, &mut rng_ek, &mut rng_dk).unwrap();
    let (mut rng_ct, mut rng_ss) = (Ciphertext::<P>::default(), SharedSecret::zeroed());
    MlKem::<P, S>::encaps(&mut rng, &rng_ek, &mut rng_ct, &mut rng_ss).unwrap();
    let mut back = SharedSecret::zeroed();
    MlKem::<P, S>::decaps(&rng_dk, &rng_ct, &mut back);
    assert_eq!(back, rng_ss);
    Transcript {
        ek: ek.as_bytes().to_vec(),
        dk: dk.as_bytes().to_vec(),
        ct: ct.as_bytes().to_vec(),
        ss: ss.as_bytes().to_vec(),
        ss_honest: ss_honest.as_bytes().to_vec(),
        ss_rejected: ss_rejected.as_bytes().to_vec(),
        rng_ek: rng_ek.as_bytes().to_vec(),
        rng_ct: rng_ct.as_bytes().to_vec(),
        rng_ss: rng_ss.as_bytes().to_vec(),
    }
}

/// The transcripts of every parameter set under `S`.
fn all_sets<S>(seed: u8) -> [Transcript; 3]
where
    S: Strategy<MlKem512Params> + Strategy<MlKem768Params> + Strategy<MlKem1024Params>,
{
    [
        transcript::<MlKem512Params, S>(seed),
        transcript::<MlKem768Params, S>(seed),
        transcript::<MlKem1024Params, S>(seed),
    ]
}

macro_rules! every_combination {
    ($seed:expr, $out:ident) => {
        every_combination!(@m $seed, $out; CachedA StreamedA);
    };
    (@m $seed:expr, $out:ident; $($m:ident)*) => { $(
        every_combination!(@s $seed, $out, $m; CachedSecret DecodedSecret);
    )* };
    (@s $seed:expr, $out:ident, $m:ident; $($s:ident)*) => { $(
        every_combination!(@c $seed, $out, $m, $s; StreamedCompare StoredCompare);
    )* };
    (@c $seed:expr, $out:ident, $m:ident, $s:ident; $($c:ident)*) => { $(
        every_combination!(@a $seed, $out, $m, $s, $c; LazyAccumulate EagerReduce);
    )* };
    (@a $seed:expr, $out:ident, $m:ident, $s:ident, $c:ident; $($a:ident)*) => { $(
        $out.push((
            stringify!(Custom<$m, $s, $c, $a>),
            all_sets::<Custom<$m, $s, $c, $a>>($seed),
        ));
    )* };
}

// The list is built by a macro, one push per combination.
#[allow(clippy::vec_init_then_push)]
#[test]
fn every_combination_gives_the_same_bytes() {
    for seed in [1u8, 200] {
        let mut out = Vec::new();
        every_combination!(seed, out);
        out.push((
            "Custom<CachedA, CachedSecret, StoredCompare, LazyAccumulate, Sha3Crate>",
            all_sets::<Custom<CachedA, CachedSecret, StoredCompare, LazyAccumulate, Sha3Crate>>(
                seed,
            ),
        ));
        out.push((
            "Custom<StreamedA, DecodedSecret, StreamedCompare, EagerReduce, Interleaved32>",
            all_sets::<Custom<StreamedA, DecodedSecret, StreamedCompare, EagerReduce, Interleaved32>>(
                seed,
            ),
        ));
        out.push((
            "Custom<StreamedA, CachedSecret, StreamedCompare, EagerReduce, Interleaved32Compact>",
            all_sets::<
                Custom<StreamedA, CachedSecret, StreamedCompare, EagerReduce, Interleaved32Compact>,
            >(seed),
        ));
        assert_eq!(out.len(), 19);
        let (first, reference) = &out[0];
        for (name, t) in &out[1..] {
            assert!(t == reference, "{name} differs from {first} (seed {seed})");
        }
    }
}

/// The presets are among the combinations, so they agree too; checked directly as well.
#[test]
fn presets_agree() {
    use pqfit::mlkem::{Balanced, FastKem, SmallStack};
    let a = all_sets::<SmallStack>(9);
    assert!(a == all_sets::<Balanced>(9));
    assert!(a == all_sets::<FastKem>(9));
}
