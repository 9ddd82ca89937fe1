//! The memory each CROSS strategy component keeps, from its store type, checked
//! against the sizes the parameter set implies; prints the table of docs/cross.md
//! (`cargo test -p pqfit --test cross_memory -- --nocapture`).

use pqfit::cross::strategy::{FirstResponses, Matrices, MerkleTree, RoundSeeds, SecondCommitments};
use pqfit::cross::{
    CrossParams, HashedCmt1, IncrementalMerkle, RegeneratedSeeds, RegeneratedY, StoredCmt1,
    StoredMatrices, StoredMerkleTree, StoredSeedTree, StoredY, StreamedMatrices,
};
use pqfit::strategy::DefaultKeccak;
use std::mem::size_of;

fn row<P: CrossParams>() -> String {
    let seed_tree = size_of::<<StoredSeedTree as RoundSeeds<P, DefaultKeccak>>::Store>();
    let merkle = size_of::<<StoredMerkleTree as MerkleTree<P, DefaultKeccak>>::Store>();
    let cmt_1 = size_of::<<StoredCmt1 as SecondCommitments<P, DefaultKeccak>>::Store>();
    let ys = size_of::<<StoredY as FirstResponses<P>>::Store>();
    let matrices = size_of::<<StoredMatrices as Matrices<P>>::Store>();
    assert_eq!(seed_tree, P::SEED_TREE_BYTES, "{}", P::NAME);
    assert_eq!(
        merkle,
        P::T * P::HASH_BYTES + P::MERKLE_TREE_BYTES,
        "{}",
        P::NAME
    );
    assert_eq!(cmt_1, P::T * P::HASH_BYTES, "{}", P::NAME);
    assert_eq!(
        ys,
        P::T * (P::PACKED_Y_BYTES + P::PACKED_V_BYTES),
        "{}",
        P::NAME
    );
    assert_eq!(size_of::<<RegeneratedY as FirstResponses<P>>::Store>(), 0);
    let v_entry = if P::RSDPG { 2 } else { 1 };
    assert_eq!(
        matrices,
        v_entry * P::K * (P::N - P::K) + P::M * (P::N - P::M),
        "{}",
        P::NAME
    );
    // The last root-to-leaf path (one seed and one node index per level, plus the
    // length and alignment padding) or, fast corner, one group stream; and which of
    // the two it is.
    let regenerated = size_of::<<RegeneratedSeeds as RoundSeeds<P, DefaultKeccak>>::Store>();
    let levels = pqfit_core::cross::MAX_LEVELS;
    let path = levels * (pqfit_core::cross::MAX_SEED_BYTES + 2) + 2 * size_of::<usize>();
    let stream = size_of::<pqfit_core::cross::seed_tree::FlatSeeds<DefaultKeccak>>();
    assert!(regenerated <= path.max(stream) + size_of::<usize>());
    assert_eq!(size_of::<<StreamedMatrices as Matrices<P>>::Store>(), 0);
    let incremental = size_of::<<IncrementalMerkle as MerkleTree<P, DefaultKeccak>>::Store>();
    let hashed = size_of::<<HashedCmt1 as SecondCommitments<P, DefaultKeccak>>::Store>();
    format!(
        "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
        P::NAME,
        P::PK_BYTES,
        P::SIG_BYTES,
        seed_tree,
        regenerated,
        merkle,
        incremental,
        cmt_1,
        hashed,
        ys,
        matrices
    )
}

#[test]
fn store_sizes() {
    use pqfit::cross::*;
    let rows = [
        row::<Rsdp1Fast>(),
        row::<Rsdp1Balanced>(),
        row::<Rsdp1Small>(),
        row::<Rsdp3Fast>(),
        row::<Rsdp3Balanced>(),
        row::<Rsdp3Small>(),
        row::<Rsdp5Fast>(),
        row::<Rsdp5Balanced>(),
        row::<Rsdp5Small>(),
        row::<Rsdpg1Fast>(),
        row::<Rsdpg1Balanced>(),
        row::<Rsdpg1Small>(),
        row::<Rsdpg3Fast>(),
        row::<Rsdpg3Balanced>(),
        row::<Rsdpg3Small>(),
        row::<Rsdpg5Fast>(),
        row::<Rsdpg5Balanced>(),
        row::<Rsdpg5Small>(),
    ];
    println!(
        "| parameter set | pk | signature | StoredSeedTree | RegeneratedSeeds | StoredMerkleTree | IncrementalMerkle \
         | StoredCmt1 | HashedCmt1 | StoredY | StoredMatrices |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for r in rows {
        println!("{r}");
    }
}
