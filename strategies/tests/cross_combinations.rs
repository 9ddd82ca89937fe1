//! Every CROSS strategy gives the same keys and signatures, and verifies what every
//! other one signs: all mixes of components on the six category-1 sets, the presets
//! on all 18 sets.

use pqfit::cross::{
    Balanced, Cross, CrossParams, Custom, Fast, HashedCmt1, IncrementalMerkle, MinStack,
    RegeneratedSeeds, RegeneratedY, Signature, SigningKey, StoredCmt1, StoredMatrices,
    StoredMerkleTree, StoredSeedTree, StoredY, Strategy, StreamedMatrices, VerifyingKey,
};
use pqfit::Encoding;

/// Key pair and signature of one strategy, for two messages.
fn run<P: CrossParams, S: Strategy<P>>(seed: u8) -> (Vec<u8>, Vec<u8>, Vec<Vec<u8>>) {
    let key_seed = vec![seed; P::KEY_SEED_BYTES];
    let (mut vk, mut sk) = (VerifyingKey::<P>::default(), SigningKey::<P>::blank());
    Cross::<P, S>::key_gen(&key_seed, &mut vk, &mut sk).unwrap();
    let mut sigs = Vec::new();
    for (i, msg) in [&b""[..], &b"every strategy signs the same bytes"[..]]
        .iter()
        .enumerate()
    {
        let randomness: Vec<u8> = (0..Cross::<P, S>::RANDOMNESS_BYTES)
            .map(|j| (j as u8).wrapping_mul(31).wrapping_add(seed ^ i as u8))
            .collect();
        let mut sig = Signature::<P>::default();
        Cross::<P, S>::sign(&sk, msg, &randomness, &mut sig).unwrap();
        sigs.push(sig.as_bytes().to_vec());
    }
    (vk.as_bytes().to_vec(), sk.as_bytes().to_vec(), sigs)
}

/// Verifies `sigs` (made for the messages of [`run`]) with strategy `S`.
fn check_verify<P: CrossParams, S: Strategy<P>>(vk: &[u8], sigs: &[Vec<u8>], who: &str) {
    let vk = VerifyingKey::<P>::from_bytes(vk).unwrap();
    for (msg, sig) in [&b""[..], &b"every strategy signs the same bytes"[..]]
        .iter()
        .zip(sigs)
    {
        assert_eq!(
            Cross::<P, S>::verify(&vk, msg, sig),
            Ok(()),
            "{} {who}: verify",
            P::NAME
        );
        assert!(
            Cross::<P, S>::verify(&vk, b"other", sig).is_err(),
            "{} {who}: wrong message",
            P::NAME
        );
    }
}

macro_rules! same_as_reference {
    ($P:ty, $seed:expr, [$($S:ty),* $(,)?]) => {{
        let (vk, sk, sigs) = run::<$P, Fast>($seed);
        $(
            let who = stringify!($S);
            let (vk2, sk2, sigs2) = run::<$P, $S>($seed);
            assert_eq!(vk, vk2, "{} {who}: public key", <$P>::NAME);
            assert_eq!(sk, sk2, "{} {who}: secret key", <$P>::NAME);
            for (a, b) in sigs.iter().zip(&sigs2) {
                let at = a.iter().zip(b).position(|(x, y)| x != y);
                assert!(at.is_none(), "{} {who}: signature differs at byte {at:?}", <$P>::NAME);
            }
            check_verify::<$P, $S>(&vk, &sigs, who);
        )*
    }};
}

/// Expands to the list of all 32 mixes of the five components.
macro_rules! all_mixes {
    ($test:ident, $P:ident) => {
        #[test]
        fn $test() {
            use pqfit::cross::$P as P;
            all_mixes!(@seeds P);
            same_as_reference!(P, 3, [
                Custom<RegeneratedSeeds, IncrementalMerkle, HashedCmt1, RegeneratedY, StreamedMatrices, pqfit::strategy::Interleaved32Compact>,
            ]);
        }
    };
    (@seeds $P:ident) => {
        all_mixes!(@merkle $P, StoredSeedTree);
        all_mixes!(@merkle $P, RegeneratedSeeds);
    };
    (@merkle $P:ident, $s:ident) => {
        all_mixes!(@cmt1 $P, $s, StoredMerkleTree);
        all_mixes!(@cmt1 $P, $s, IncrementalMerkle);
    };
    (@cmt1 $P:ident, $s:ident, $t:ident) => {
        all_mixes!(@y $P, $s, $t, StoredCmt1);
        all_mixes!(@y $P, $s, $t, HashedCmt1);
    };
    (@y $P:ident, $s:ident, $t:ident, $c:ident) => {
        same_as_reference!($P, 3, [
            Custom<$s, $t, $c, StoredY, StoredMatrices>,
            Custom<$s, $t, $c, StoredY, StreamedMatrices>,
            Custom<$s, $t, $c, RegeneratedY, StoredMatrices>,
            Custom<$s, $t, $c, RegeneratedY, StreamedMatrices>,
        ]);
    };
}

all_mixes!(mixes_rsdp_1_fast, Rsdp1Fast);
all_mixes!(mixes_rsdp_1_balanced, Rsdp1Balanced);
all_mixes!(mixes_rsdp_1_small, Rsdp1Small);
all_mixes!(mixes_rsdpg_1_fast, Rsdpg1Fast);
all_mixes!(mixes_rsdpg_1_balanced, Rsdpg1Balanced);
all_mixes!(mixes_rsdpg_1_small, Rsdpg1Small);

macro_rules! presets {
    ($test:ident, $P:ident) => {
        #[test]
        fn $test() {
            use pqfit::cross::$P as P;
            same_as_reference!(P, 5, [Balanced, MinStack]);
        }
    };
}

presets!(presets_rsdp_3_fast, Rsdp3Fast);
presets!(presets_rsdp_3_balanced, Rsdp3Balanced);
presets!(presets_rsdp_3_small, Rsdp3Small);
presets!(presets_rsdp_5_fast, Rsdp5Fast);
presets!(presets_rsdp_5_balanced, Rsdp5Balanced);
presets!(presets_rsdp_5_small, Rsdp5Small);
presets!(presets_rsdpg_3_fast, Rsdpg3Fast);
presets!(presets_rsdpg_3_balanced, Rsdpg3Balanced);
presets!(presets_rsdpg_3_small, Rsdpg3Small);
presets!(presets_rsdpg_5_fast, Rsdpg5Fast);
presets!(presets_rsdpg_5_balanced, Rsdpg5Balanced);
presets!(presets_rsdpg_5_small, Rsdpg5Small);
