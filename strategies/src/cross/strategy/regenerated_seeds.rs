//! [`RegeneratedSeeds`]: no seed tree kept; each seed re-derived on demand.

use super::RoundSeeds;
use pqfit_core::cross::seed_tree::{descend, expand_node, FlatSeeds};
use pqfit_core::cross::tree::{
    is_published, leaf_node, left_child, level_of, parent, seed_path_rank, Flags,
};
use pqfit_core::cross::{CrossParams, MAX_LEVELS, MAX_SEED_BYTES};
use pqfit_core::keccak::Keccak;
use zeroize::Zeroize;

/// Keeps no seed tree: signing derives a seed by walking down from the root (one
/// CSPRNG call per level), remembering only the last root-to-node path (one seed
/// per level, ≤ 11 · λ/8 bytes), so that the next round, whose leaf shares most of
/// that path, costs one or two calls; the fast corner keeps the stream of the last
/// round's group (one Keccak state), so that the next round costs λ/8 squeezed
/// bytes. Verification walks down from the nearest ancestor disclosed in the seed
/// path.
#[derive(Clone, Copy, Debug, Default)]
pub struct RegeneratedSeeds;

impl crate::sealed::Sealed for RegeneratedSeeds {}

/// The last root-to-node path of the seed tree: node indices and seeds by level.
pub struct SeedPath {
    nodes: [u16; MAX_LEVELS],
    seeds: [[u8; MAX_SEED_BYTES]; MAX_LEVELS],
    len: usize,
}

impl Default for SeedPath {
    fn default() -> Self {
        Self {
            nodes: [0; MAX_LEVELS],
            seeds: [[0; MAX_SEED_BYTES]; MAX_LEVELS],
            len: 0,
        }
    }
}

impl Zeroize for SeedPath {
    fn zeroize(&mut self) {
        self.seeds.zeroize();
        self.len = 0;
    }
}

impl SeedPath {
    /// The seed of `node`, reusing the longest cached prefix of its root path.
    fn seed_of<P: CrossParams, K: Keccak>(
        &mut self,
        root: &[u8],
        salt: &[u8],
        node: usize,
        out: &mut [u8],
    ) {
        let s = P::SEED_BYTES;
        // The ancestors of `node` by level (the root at level 0).
        let depth = level_of::<P>(node);
        let mut chain = [0u16; MAX_LEVELS];
        let mut x = node;
        for level in (1..=depth).rev() {
            chain[level] = x as u16;
            x = parent::<P>(x, level);
        }
        if self.len == 0 {
            self.nodes[0] = 0;
            self.seeds[0][..s].copy_from_slice(&root[..s]);
            self.len = 1;
        }
        let mut common = 1;
        while common < self.len && common <= depth && self.nodes[common] == chain[common] {
            common += 1;
        }
        let mut children = [0u8; 2 * MAX_SEED_BYTES];
        for (level, &next) in chain.iter().enumerate().take(depth + 1).skip(common) {
            let at = self.nodes[level - 1] as usize;
            expand_node::<P, K>(&self.seeds[level - 1], salt, at, &mut children);
            let right = next as usize != left_child::<P>(at, level - 1);
            let off = right as usize * s;
            self.seeds[level][..s].copy_from_slice(&children[off..off + s]);
            self.nodes[level] = next;
        }
        children.zeroize();
        self.len = depth + 1;
        out[..s].copy_from_slice(&self.seeds[depth][..s]);
    }
}

/// What [`RegeneratedSeeds`] keeps: the last root-to-node path of the seed tree, or,
/// in the fast corner, the last round's group stream.
// One of the two is ever used, so they share memory (no boxing without a heap).
#[allow(clippy::large_enum_variant)]
pub enum SeedCursor<K: Keccak> {
    /// Parameter sets with a seed tree.
    Path(SeedPath),
    /// The fast corner.
    Flat(FlatSeeds<K>),
}

impl<K: Keccak> Default for SeedCursor<K> {
    fn default() -> Self {
        SeedCursor::Path(SeedPath::default())
    }
}

impl<K: Keccak> Zeroize for SeedCursor<K> {
    fn zeroize(&mut self) {
        if let SeedCursor::Path(path) = self {
            path.zeroize();
        }
        // A stream is wiped when dropped.
        *self = SeedCursor::default();
    }
}

impl<K: Keccak> SeedCursor<K> {
    fn path(&mut self) -> &mut SeedPath {
        if !matches!(self, SeedCursor::Path(_)) {
            *self = SeedCursor::Path(SeedPath::default());
        }
        match self {
            SeedCursor::Path(path) => path,
            SeedCursor::Flat(_) => unreachable!("set to a path above"),
        }
    }

    fn flat(&mut self) -> &mut FlatSeeds<K> {
        if !matches!(self, SeedCursor::Flat(_)) {
            *self = SeedCursor::Flat(FlatSeeds::default());
        }
        match self {
            SeedCursor::Flat(flat) => flat,
            SeedCursor::Path(_) => unreachable!("set to a stream above"),
        }
    }
}

impl<P: CrossParams, K: Keccak> RoundSeeds<P, K> for RegeneratedSeeds {
    type Store = SeedCursor<K>;

    fn generate(store: &mut Self::Store, _root: &[u8], _salt: &[u8]) {
        store.zeroize();
    }

    fn round_seed(store: &mut Self::Store, root: &[u8], salt: &[u8], round: usize, out: &mut [u8]) {
        if P::NO_TREES {
            store.flat().round_seed::<P>(root, salt, round, out);
        } else {
            store
                .path()
                .seed_of::<P, K>(root, salt, leaf_node::<P>(round), out);
        }
    }

    fn node_seed(store: &mut Self::Store, root: &[u8], salt: &[u8], node: usize, out: &mut [u8]) {
        store.path().seed_of::<P, K>(root, salt, node, out);
    }

    fn rebuild(_store: &mut Self::Store, _flags: &Flags, _path: &[u8], _salt: &[u8]) {}

    fn rebuilt_round_seed(
        _store: &Self::Store,
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
        let mut from = [0u8; MAX_SEED_BYTES];
        if let Some(seed) = path.get(rank * s..rank * s + s) {
            from[..s].copy_from_slice(seed);
        }
        descend::<P, K>(node, &from, salt, leaf_node::<P>(round), out);
        from.zeroize();
    }
}
