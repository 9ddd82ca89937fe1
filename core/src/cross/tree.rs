//! The shape of CROSS's unbalanced binary trees (seed tree and Merkle tree share it;
//! reference `seedtree.c`, `merkle.c`): 2t - 1 nodes linearised level by level,
//! `TREE_NODES_PER_LEVEL` nodes per level, the last `TREE_LEAVES_PER_LEVEL` of a
//! level being leaves, and `TREE_OFFSETS` compensating for the missing subtrees.
//! Also the per-node flag bitmaps that decide which nodes a signature discloses.
//! Everything here depends on public data only (t and the second challenge).

use super::params::{CrossParams, MAX_T};

/// `PARENT(i)` before the level offset.
#[inline]
const fn parent_raw(i: usize) -> usize {
    if i % 2 == 1 {
        (i - 1) / 2
    } else {
        (i - 2) / 2
    }
}

/// `SIBLING(i)`.
#[inline]
pub const fn sibling(i: usize) -> usize {
    if i % 2 == 1 {
        i + 1
    } else {
        i - 1
    }
}

/// Index of the first node of `level`.
pub fn level_start<P: CrossParams>(level: usize) -> usize {
    P::TREE_NODES_PER_LEVEL[..level]
        .iter()
        .map(|&n| n as usize)
        .sum()
}

/// The level of `node`.
pub fn level_of<P: CrossParams>(node: usize) -> usize {
    let mut start = 0;
    for (level, &n) in P::TREE_NODES_PER_LEVEL.iter().enumerate() {
        start += n as usize;
        if node < start {
            return level;
        }
    }
    P::TREE_DEPTH
}

/// The parent of `node`, which lies on `level` (at least 1).
pub fn parent<P: CrossParams>(node: usize, level: usize) -> usize {
    parent_raw(node) + (P::TREE_OFFSETS[level - 1] as usize >> 1)
}

/// The left child of the internal `node` on `level` (its right child follows it).
pub fn left_child<P: CrossParams>(node: usize, level: usize) -> usize {
    2 * node + 1 - P::TREE_OFFSETS[level] as usize
}

/// Whether `node` (on `level`) is internal: leaves are the last
/// `TREE_LEAVES_PER_LEVEL[level]` nodes of their level.
pub fn is_internal<P: CrossParams>(node: usize, level: usize) -> bool {
    node - level_start::<P>(level)
        < (P::TREE_NODES_PER_LEVEL[level] - P::TREE_LEAVES_PER_LEVEL[level]) as usize
}

/// The node holding round `round`'s leaf (`TREE_LEAVES_START_INDICES`,
/// `TREE_CONSECUTIVE_LEAVES`).
pub fn leaf_node<P: CrossParams>(round: usize) -> usize {
    let mut first = 0;
    for (i, &count) in P::TREE_CONSECUTIVE_LEAVES.iter().enumerate() {
        if round < first + count as usize {
            return P::TREE_LEAVES_START_INDICES[i] as usize + round - first;
        }
        first += count as usize;
    }
    unreachable!("round index beyond t")
}

/// Bytes of a bitmap over the nodes of the largest tree.
pub const FLAG_BYTES: usize = (2 * MAX_T - 1).div_ceil(8);

/// One bit per tree node.
#[derive(Clone)]
pub struct Flags([u8; FLAG_BYTES]);

impl Default for Flags {
    fn default() -> Self {
        Self([0; FLAG_BYTES])
    }
}

impl Flags {
    /// The flag of `node`.
    #[inline]
    pub fn get(&self, node: usize) -> bool {
        self.0[node / 8] >> (node % 8) & 1 == 1
    }

    /// Sets the flag of `node` to `v`.
    #[inline]
    pub fn set(&mut self, node: usize, v: bool) {
        let bit = 1 << (node % 8);
        if v {
            self.0[node / 8] |= bit;
        } else {
            self.0[node / 8] &= !bit;
        }
    }

    /// Labels the leaves with `leaf_flag(chall_2[round])` and every internal node
    /// with `combine(left, right)`, from the deepest level up (the reference's
    /// `label_leaves` followed by its bottom-up pass).
    fn label<P: CrossParams>(
        chall_2: &[u8],
        leaf_flag: impl Fn(u8) -> bool,
        combine: impl Fn(bool, bool) -> bool,
    ) -> Self {
        let mut f = Self::default();
        for (round, &c) in chall_2[..P::T].iter().enumerate() {
            f.set(leaf_node::<P>(round), leaf_flag(c));
        }
        for level in (1..=P::TREE_DEPTH).rev() {
            let start = level_start::<P>(level);
            let npl = P::TREE_NODES_PER_LEVEL[level] as usize;
            for i in (0..npl).step_by(2) {
                let left = start + i;
                let p = parent::<P>(left, level);
                f.set(p, combine(f.get(left), f.get(left + 1)));
            }
        }
        f
    }

    /// Seed tree: a node is flagged when every leaf below it is a round whose seed
    /// is disclosed (`chall_2 = 1`) (`compute_seeds_to_publish`).
    pub fn seeds_to_publish<P: CrossParams>(chall_2: &[u8]) -> Self {
        Self::label::<P>(chall_2, |c| c == 1, |a, b| a && b)
    }

    /// Merkle tree: a node is flagged when the verifier recomputes it, i.e. some leaf
    /// below it is a round answered with a response (`chall_2 = 0`).
    pub fn computed_by_verifier<P: CrossParams>(chall_2: &[u8]) -> Self {
        Self::label::<P>(chall_2, |c| c == 0, |a, b| a || b)
    }
}

/// Seed path order (`seed_path`): the published nodes, level 1 downwards, left to
/// right. A node is published when it is flagged and its parent is not.
pub fn is_published<P: CrossParams>(f: &Flags, node: usize, level: usize) -> bool {
    level >= 1 && f.get(node) && !f.get(parent::<P>(node, level))
}

/// The position of the published `node` in the seed path, and the total number of
/// published nodes when `node` is `None`.
pub fn seed_path_rank<P: CrossParams>(f: &Flags, node: Option<usize>) -> usize {
    let mut count = 0;
    for level in 1..=P::TREE_DEPTH {
        let start = level_start::<P>(level);
        for x in start..start + P::TREE_NODES_PER_LEVEL[level] as usize {
            if Some(x) == node {
                return count;
            }
            count += is_published::<P>(f, x, level) as usize;
        }
    }
    count
}

/// Merkle proof membership (`tree_proof`): a node the verifier cannot compute whose
/// sibling it does compute.
pub fn is_proof_node(f: &Flags, node: usize) -> bool {
    node != 0 && !f.get(node) && f.get(sibling(node))
}

/// The position of the proof `node` in the Merkle proof (deepest level first, right
/// to left), and the total number of proof nodes when `node` is `None`.
pub fn proof_rank<P: CrossParams>(f: &Flags, node: Option<usize>) -> usize {
    let mut count = 0;
    for level in (1..=P::TREE_DEPTH).rev() {
        let start = level_start::<P>(level);
        for x in (start..start + P::TREE_NODES_PER_LEVEL[level] as usize).rev() {
            if Some(x) == node {
                return count;
            }
            count += is_proof_node(f, x) as usize;
        }
    }
    count
}

/// Fast corner: sizes of the four flat groups of rounds (t/4, plus one for the
/// first t mod 4 groups).
pub fn flat_group_sizes<P: CrossParams>() -> [usize; 4] {
    core::array::from_fn(|i| P::T / 4 + (i < P::T % 4) as usize)
}

/// Fast corner: the group of `round` and its position in the group.
pub fn flat_group_of<P: CrossParams>(round: usize) -> (usize, usize) {
    let mut first = 0;
    for (g, size) in flat_group_sizes::<P>().into_iter().enumerate() {
        if round < first + size {
            return (g, round - first);
        }
        first += size;
    }
    unreachable!("round index beyond t")
}
