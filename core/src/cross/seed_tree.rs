//! The seed tree of CROSS v2.2 (reference `seedtree.c`): the t round seeds derived
//! from one root seed, either the whole tree at once (`gen_seed_tree`) or one node
//! at a time by walking down from the root; and, for the fast corner (`NO_TREES`),
//! the four flat CSPRNG streams (`seed_leaves`).

use super::csprng::{csprng, XofReader, CSPRNG_DSC};
use super::params::{CrossParams, MAX_LEVELS, MAX_SEED_BYTES};
use super::tree::{flat_group_of, flat_group_sizes, left_child, level_of, parent};
use crate::keccak::Keccak;
use zeroize::Zeroize;

/// Expands `seed` (node `node`) into its two children: CSPRNG(seed || salt,
/// node) -> 2 lambda/8 bytes.
pub fn expand_node<P: CrossParams, K: Keccak>(
    seed: &[u8],
    salt: &[u8],
    node: usize,
    children: &mut [u8],
) {
    let mut x = csprng::<P, K>(
        &[&seed[..P::SEED_BYTES], &salt[..P::SALT_BYTES]],
        CSPRNG_DSC + node as u16,
    );
    x.squeeze(&mut children[..2 * P::SEED_BYTES]);
}

/// `gen_seed_tree`: every node of the seed tree into `tree` (2t - 1 seeds).
pub fn gen_seed_tree<P: CrossParams, K: Keccak>(tree: &mut [u8], root: &[u8], salt: &[u8]) {
    let s = P::SEED_BYTES;
    tree[..s].copy_from_slice(&root[..s]);
    let mut start = 0;
    for level in 0..P::TREE_DEPTH {
        let internal = (P::TREE_NODES_PER_LEVEL[level] - P::TREE_LEAVES_PER_LEVEL[level]) as usize;
        for node in start..start + internal {
            let child = left_child::<P>(node, level);
            let (head, tail) = tree.split_at_mut(child * s);
            expand_node::<P, K>(
                &head[node * s..node * s + s],
                salt,
                node,
                &mut tail[..2 * s],
            );
        }
        start += P::TREE_NODES_PER_LEVEL[level] as usize;
    }
}

/// The seed of `node`, recomputed from the seed of its ancestor `from` (the root, or
/// a node disclosed in a seed path) by walking down: one CSPRNG call per level.
pub fn descend<P: CrossParams, K: Keccak>(
    from: usize,
    from_seed: &[u8],
    salt: &[u8],
    node: usize,
    out: &mut [u8],
) {
    // The path from `node` up to `from`.
    let mut path = [0u16; MAX_LEVELS + 1];
    let mut len = 0;
    let mut x = node;
    while x != from {
        path[len] = x as u16;
        len += 1;
        x = parent::<P>(x, level_of::<P>(x));
    }
    let s = P::SEED_BYTES;
    let mut seed = [0u8; MAX_SEED_BYTES];
    seed[..s].copy_from_slice(&from_seed[..s]);
    let mut children = [0u8; 2 * MAX_SEED_BYTES];
    let mut at = from;
    for i in (0..len).rev() {
        let next = path[i] as usize;
        expand_node::<P, K>(&seed, salt, at, &mut children);
        let right = next != left_child::<P>(at, level_of::<P>(at));
        let off = right as usize * s;
        seed[..s].copy_from_slice(&children[off..off + s]);
        at = next;
    }
    out[..s].copy_from_slice(&seed[..s]);
    seed.zeroize();
    children.zeroize();
}

/// Fast corner, `seed_leaves`: the stream of group `group`'s round seeds,
/// CSPRNG(group seed || salt, group + 1), the group seeds being CSPRNG(root || salt, 0).
fn flat_group_stream<P: CrossParams, K: Keccak>(
    root: &[u8],
    salt: &[u8],
    group: usize,
) -> XofReader<K> {
    let s = P::SEED_BYTES;
    let mut quad = [0u8; 4 * MAX_SEED_BYTES];
    let mut x = csprng::<P, K>(&[&root[..s], &salt[..P::SALT_BYTES]], CSPRNG_DSC);
    x.squeeze(&mut quad[..4 * s]);
    let stream = csprng::<P, K>(
        &[&quad[group * s..group * s + s], &salt[..P::SALT_BYTES]],
        CSPRNG_DSC + group as u16 + 1,
    );
    quad.zeroize();
    stream
}

/// Fast corner, `seed_leaves`: all t round seeds into `leaves`.
pub fn flat_leaves<P: CrossParams, K: Keccak>(leaves: &mut [u8], root: &[u8], salt: &[u8]) {
    let s = P::SEED_BYTES;
    let mut first = 0;
    for (g, size) in flat_group_sizes::<P>().into_iter().enumerate() {
        flat_group_stream::<P, K>(root, salt, g)
            .squeeze(&mut leaves[first * s..(first + size) * s]);
        first += size;
    }
}

/// Fast corner: the round seeds of `seed_leaves` one at a time, without keeping
/// them. The stream of the last round's group is kept, so that rounds asked for in
/// order (as every pass of signing asks) cost λ/8 squeezed bytes each; any other
/// round re-derives its group's stream and skips to it.
pub struct FlatSeeds<K: Keccak> {
    stream: Option<XofReader<K>>,
    /// The round whose seed `stream` gives next.
    next: usize,
}

impl<K: Keccak> Default for FlatSeeds<K> {
    fn default() -> Self {
        Self {
            stream: None,
            next: 0,
        }
    }
}

impl<K: Keccak> FlatSeeds<K> {
    /// Round `round`'s seed into `out`.
    pub fn round_seed<P: CrossParams>(
        &mut self,
        root: &[u8],
        salt: &[u8],
        round: usize,
        out: &mut [u8],
    ) {
        let s = P::SEED_BYTES;
        let (g, pos) = flat_group_of::<P>(round);
        let stream = match self.stream.as_mut() {
            Some(stream) if self.next == round && pos != 0 => stream,
            _ => {
                let mut stream = flat_group_stream::<P, K>(root, salt, g);
                let mut skip = [0u8; MAX_SEED_BYTES];
                for _ in 0..pos {
                    stream.squeeze(&mut skip[..s]);
                }
                skip.zeroize();
                self.stream.insert(stream)
            }
        };
        stream.squeeze(&mut out[..s]);
        self.next = round + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cross::params::{Rsdp3Fast, Rsdpg1Fast, MAX_T};
    use crate::keccak::DefaultKeccak;

    /// [`FlatSeeds`] gives `seed_leaves`'s seeds in round order (twice, as signing's
    /// passes ask), backwards, and after jumps within and across groups.
    fn flat_seeds_match_the_leaves<P: CrossParams>() {
        let (root, salt) = ([7u8; MAX_SEED_BYTES], [9u8; 2 * MAX_SEED_BYTES]);
        let s = P::SEED_BYTES;
        let mut leaves = [0u8; MAX_T * MAX_SEED_BYTES];
        flat_leaves::<P, DefaultKeccak>(&mut leaves, &root, &salt);
        let mut order: std::vec::Vec<usize> = (0..P::T).chain(0..P::T).collect();
        order.extend((0..P::T).rev());
        order.extend([5, 6, 3, P::T - 1, 0, P::T / 2, P::T / 2 + 1, 1]);
        let mut seeds = FlatSeeds::<DefaultKeccak>::default();
        for round in order {
            let mut out = [0u8; MAX_SEED_BYTES];
            seeds.round_seed::<P>(&root, &salt, round, &mut out);
            assert_eq!(out[..s], leaves[round * s..round * s + s], "round {round}");
        }
    }

    #[test]
    fn flat_seeds_match_seed_leaves() {
        flat_seeds_match_the_leaves::<Rsdpg1Fast>();
        flat_seeds_match_the_leaves::<Rsdp3Fast>();
    }
}
