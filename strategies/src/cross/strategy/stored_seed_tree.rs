//! [`StoredSeedTree`]: the whole seed tree (or, fast corner, all t round seeds) kept.

use super::RoundSeeds;
use generic_array::GenericArray;
use pqfit_core::cross::seed_tree::{expand_node, flat_leaves, gen_seed_tree};
use pqfit_core::cross::tree::{is_internal, is_published, leaf_node, level_start, Flags};
use pqfit_core::cross::CrossParams;
use pqfit_core::keccak::Keccak;

/// Keeps the 2t - 1 seeds of the tree (t seeds in the fast corner), as the
/// reference's `gen_seed_tree` and `rebuild_tree` do.
#[derive(Clone, Copy, Debug, Default)]
pub struct StoredSeedTree;

impl crate::sealed::Sealed for StoredSeedTree {}

impl<P: CrossParams, K: Keccak> RoundSeeds<P, K> for StoredSeedTree {
    type Store = GenericArray<u8, P::SeedTreeLen>;

    fn generate(store: &mut Self::Store, root: &[u8], salt: &[u8]) {
        if P::NO_TREES {
            flat_leaves::<P, K>(store, root, salt);
        } else {
            gen_seed_tree::<P, K>(store, root, salt);
        }
    }

    fn round_seed(
        store: &mut Self::Store,
        _root: &[u8],
        _salt: &[u8],
        round: usize,
        out: &mut [u8],
    ) {
        let s = P::SEED_BYTES;
        let node = if P::NO_TREES {
            round
        } else {
            leaf_node::<P>(round)
        };
        out[..s].copy_from_slice(&store[node * s..node * s + s]);
    }

    fn node_seed(store: &mut Self::Store, _root: &[u8], _salt: &[u8], node: usize, out: &mut [u8]) {
        let s = P::SEED_BYTES;
        out[..s].copy_from_slice(&store[node * s..node * s + s]);
    }

    fn rebuild(store: &mut Self::Store, flags: &Flags, path: &[u8], salt: &[u8]) {
        let s = P::SEED_BYTES;
        if P::NO_TREES {
            // The disclosed round seeds are read in place by `rebuilt_round_seed`.
            return;
        }
        let mut used = 0;
        for level in 1..=P::TREE_DEPTH {
            let start = level_start::<P>(level);
            for node in start..start + P::TREE_NODES_PER_LEVEL[level] as usize {
                if is_published::<P>(flags, node, level) {
                    if let Some(seed) = path.get(used * s..used * s + s) {
                        store[node * s..node * s + s].copy_from_slice(seed);
                    }
                    used += 1;
                }
                if flags.get(node) && is_internal::<P>(node, level) {
                    let child = pqfit_core::cross::tree::left_child::<P>(node, level);
                    let (head, tail) = store.split_at_mut(child * s);
                    expand_node::<P, K>(
                        &head[node * s..node * s + s],
                        salt,
                        node,
                        &mut tail[..2 * s],
                    );
                }
            }
        }
    }

    fn rebuilt_round_seed(
        store: &Self::Store,
        _flags: &Flags,
        chall_2: &[u8],
        path: &[u8],
        _salt: &[u8],
        round: usize,
        out: &mut [u8],
    ) {
        let s = P::SEED_BYTES;
        if P::NO_TREES {
            let rank = chall_2[..round].iter().filter(|&&c| c == 1).count();
            out[..s].copy_from_slice(&path[rank * s..rank * s + s]);
        } else {
            let node = leaf_node::<P>(round);
            out[..s].copy_from_slice(&store[node * s..node * s + s]);
        }
    }
}
