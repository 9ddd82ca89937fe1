//! [`RegeneratedSeeds`]: no seed tree kept; each seed re-derived on demand.

use super::RoundSeeds;
use pqfit_core::cross::seed_tree::{descend, flat_round_seed};
use pqfit_core::cross::tree::{is_published, leaf_node, level_of, parent, seed_path_rank, Flags};
use pqfit_core::cross::CrossParams;
use pqfit_core::keccak::Keccak;

/// Keeps no seed: signing walks from the root seed down to the wanted node (one
/// CSPRNG call per level; the fast corner re-derives the round's group stream);
/// verification walks down from the nearest ancestor disclosed in the seed path.
#[derive(Clone, Copy, Debug, Default)]
pub struct RegeneratedSeeds;

impl<P: CrossParams> RoundSeeds<P> for RegeneratedSeeds {
    type Store = ();

    fn generate<K: Keccak>(_store: &mut (), _root: &[u8], _salt: &[u8]) {}

    fn round_seed<K: Keccak>(_store: &(), root: &[u8], salt: &[u8], round: usize, out: &mut [u8]) {
        if P::NO_TREES {
            flat_round_seed::<P, K>(root, salt, round, out);
        } else {
            descend::<P, K>(0, root, salt, leaf_node::<P>(round), out);
        }
    }

    fn node_seed<K: Keccak>(_store: &(), root: &[u8], salt: &[u8], node: usize, out: &mut [u8]) {
        descend::<P, K>(0, root, salt, node, out);
    }

    fn rebuild<K: Keccak>(_store: &mut (), _flags: &Flags, _path: &[u8], _salt: &[u8]) {}

    fn rebuilt_round_seed<K: Keccak>(
        _store: &(),
        flags: &Flags,
        chall_2: &[u8],
        path: &[u8],
        salt: &[u8],
        round: usize,
        out: &mut [u8],
    ) {
        let s = P::SEED_BYTES;
        if P::NO_TREES {
            let rank = chall_2[..round].iter().filter(|&&c| c == 1).count();
            out[..s].copy_from_slice(&path[rank * s..rank * s + s]);
            return;
        }
        // The nearest disclosed ancestor (the leaf itself when its parent is not
        // flagged).
        let mut node = leaf_node::<P>(round);
        let mut level = level_of::<P>(node);
        while level > 1 && !is_published::<P>(flags, node, level) {
            node = parent::<P>(node, level);
            level -= 1;
        }
        let rank = seed_path_rank::<P>(flags, Some(node));
        let mut from = [0u8; pqfit_core::cross::MAX_SEED_BYTES];
        if let Some(seed) = path.get(rank * s..rank * s + s) {
            from[..s].copy_from_slice(seed);
        }
        descend::<P, K>(node, &from, salt, leaf_node::<P>(round), out);
    }
}
