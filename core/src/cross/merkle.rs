//! The Merkle tree of the first commitments (reference `merkle.c`), in two forms
//! giving identical roots and proofs:
//!
//! * whole: every node of the tree kept ([`tree_root`], [`tree_proof`]), as the
//!   reference does;
//! * incremental ([`MerkleBuilder`]): the leaves arrive in round order and only one
//!   pending node per level is kept. The same builder writes the proof while it
//!   rebuilds the tree (signing) and consumes it (verification).
//!
//! The fast corner (`NO_TREES`) replaces the tree by four hashed groups of
//! commitments, its proof being the commitments of the rounds disclosed by seed.

use super::csprng::{hash, Xof, HASH_DSC};
use super::params::{CrossParams, MAX_HASH_BYTES, MAX_LEVELS};
use super::tree::{
    flat_group_of, flat_group_sizes, is_proof_node, leaf_node, level_of, level_start, parent,
    proof_rank, sibling, Flags,
};
use crate::keccak::Keccak;

/// What the builder does with the Merkle proof. `flags` (from
/// [`Flags::computed_by_verifier`]) marks the nodes the verifier computes; the proof
/// nodes are the others whose sibling it computes.
pub enum ProofIo<'a> {
    /// Only the root is wanted: every leaf is given.
    Ignore,
    /// Signing: write each proof digest into the signature's proof field.
    Write {
        /// The nodes the verifier computes.
        flags: &'a Flags,
        /// The proof field.
        proof: &'a mut [u8],
    },
    /// Verification: read the digests the verifier cannot compute.
    Read {
        /// The nodes the verifier computes.
        flags: &'a Flags,
        /// The proof field.
        proof: &'a [u8],
    },
}

impl<'a> ProofIo<'a> {
    fn flags(&self) -> Option<&'a Flags> {
        match self {
            ProofIo::Ignore => None,
            ProofIo::Write { flags, .. } | ProofIo::Read { flags, .. } => Some(*flags),
        }
    }
}

/// The whole tree (or, fast corner, all t commitments) in `tree`, from the leaves
/// `leaves` (t digests in round order); returns the root in `root`
/// (`tree_root`).
pub fn tree_root<P: CrossParams, K: Keccak>(tree: &mut [u8], leaves: &[u8], root: &mut [u8]) {
    let h = P::HASH_BYTES;
    if P::NO_TREES {
        tree[..P::T * h].copy_from_slice(&leaves[..P::T * h]);
        let mut groups = [0u8; 4 * MAX_HASH_BYTES];
        let mut first = 0;
        for (g, size) in flat_group_sizes::<P>().into_iter().enumerate() {
            hash::<P, K>(
                &[&leaves[first * h..(first + size) * h]],
                HASH_DSC,
                &mut groups[g * h..],
            );
            first += size;
        }
        hash::<P, K>(&[&groups[..4 * h]], HASH_DSC, root);
        return;
    }
    for round in 0..P::T {
        let node = leaf_node::<P>(round);
        tree[node * h..node * h + h].copy_from_slice(&leaves[round * h..round * h + h]);
    }
    for level in (1..=P::TREE_DEPTH).rev() {
        let start = level_start::<P>(level);
        let npl = P::TREE_NODES_PER_LEVEL[level] as usize;
        for i in (0..npl).step_by(2).rev() {
            let left = start + i;
            let p = parent::<P>(left, level);
            let (head, tail) = tree.split_at_mut(left * h);
            hash::<P, K>(&[&tail[..2 * h]], HASH_DSC, &mut head[p * h..]);
        }
    }
    root[..h].copy_from_slice(&tree[..h]);
}

/// `tree_proof` from a whole tree built by [`tree_root`]: the digests the verifier
/// cannot compute, into `proof` (its unused tail left zero).
pub fn tree_proof<P: CrossParams>(tree: &[u8], chall_2: &[u8], proof: &mut [u8]) {
    let h = P::HASH_BYTES;
    let mut out = 0;
    if P::NO_TREES {
        for (round, &c) in chall_2[..P::T].iter().enumerate() {
            if c == 1 {
                proof[out * h..out * h + h].copy_from_slice(&tree[round * h..round * h + h]);
                out += 1;
            }
        }
        return;
    }
    let f = Flags::computed_by_verifier::<P>(chall_2);
    for level in (1..=P::TREE_DEPTH).rev() {
        let start = level_start::<P>(level);
        for x in (start..start + P::TREE_NODES_PER_LEVEL[level] as usize).rev() {
            if is_proof_node(&f, x) {
                proof[out * h..out * h + h].copy_from_slice(&tree[x * h..x * h + h]);
                out += 1;
            }
        }
    }
}

#[derive(Clone, Copy)]
struct Pending {
    node: u16,
    /// The verifier computes this node.
    computed: bool,
    /// The digest is known here (always in signing).
    known: bool,
    digest: [u8; MAX_HASH_BYTES],
}

/// The Merkle tree built from its leaves in round order, with one pending node per
/// level (or, fast corner, one running group hash).
pub struct MerkleBuilder<K: Keccak> {
    stack: [Pending; MAX_LEVELS + 1],
    len: usize,
    group: Option<Xof<K>>,
    groups: [u8; 4 * MAX_HASH_BYTES],
    proof_used: usize,
    ok: bool,
    root: [u8; MAX_HASH_BYTES],
}

impl<K: Keccak> Default for MerkleBuilder<K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: Keccak> MerkleBuilder<K> {
    /// An empty tree.
    pub fn new() -> Self {
        Self {
            stack: [Pending {
                node: 0,
                computed: false,
                known: false,
                digest: [0; MAX_HASH_BYTES],
            }; MAX_LEVELS + 1],
            len: 0,
            group: None,
            groups: [0; 4 * MAX_HASH_BYTES],
            proof_used: 0,
            ok: true,
            root: [0; MAX_HASH_BYTES],
        }
    }

    fn computed(flags: Option<&Flags>, node: usize) -> bool {
        flags.is_none_or(|f| f.get(node))
    }

    /// Reads proof digest number `rank` (verification); a rank beyond the proof
    /// marks the proof invalid instead of panicking.
    fn read_proof<P: CrossParams>(&mut self, proof: &[u8], rank: usize, out: &mut [u8]) {
        let h = P::HASH_BYTES;
        match proof.get(rank * h..rank * h + h) {
            Some(d) if rank < P::PROOF_DIGESTS => out[..h].copy_from_slice(d),
            _ => self.ok = false,
        }
        self.proof_used = self.proof_used.max(rank + 1);
    }

    /// Adds round `round`'s leaf: its digest, or `None` where it is not needed: in
    /// verification, a round the verifier cannot compute; in signing (writing the
    /// proof), a round it computes, which no proof node covers. Nodes above such a
    /// leaf are not hashed.
    pub fn push_leaf<P: CrossParams>(
        &mut self,
        round: usize,
        digest: Option<&[u8]>,
        proof: &mut ProofIo,
    ) {
        let h = P::HASH_BYTES;
        if P::NO_TREES {
            self.push_flat::<P>(round, digest, proof);
            return;
        }
        let flags = proof.flags();
        let node = leaf_node::<P>(round);
        let mut cur = Pending {
            node: node as u16,
            computed: Self::computed(flags, node),
            known: digest.is_some(),
            digest: [0; MAX_HASH_BYTES],
        };
        if let Some(d) = digest {
            cur.digest[..h].copy_from_slice(&d[..h]);
        }
        let mut level = level_of::<P>(node);
        while level > 0
            && self.len > 0
            && self.stack[self.len - 1].node as usize == sibling(cur.node as usize)
            && cur.node.is_multiple_of(2)
        {
            self.len -= 1;
            let mut left = self.stack[self.len];
            let right_node = cur.node as usize;
            // Exactly one child computed: the other is a proof node.
            if left.computed != cur.computed {
                let (missing, missing_digest, missing_known) = if left.computed {
                    (right_node, &mut cur.digest, &mut cur.known)
                } else {
                    (left.node as usize, &mut left.digest, &mut left.known)
                };
                if let Some(f) = flags {
                    let rank = proof_rank::<P>(f, Some(missing));
                    match proof {
                        ProofIo::Write { proof: out, .. } => {
                            out[rank * h..rank * h + h].copy_from_slice(&missing_digest[..h]);
                        }
                        ProofIo::Read { proof: input, .. } => {
                            let input: &[u8] = input;
                            let mut d = [0u8; MAX_HASH_BYTES];
                            self.read_proof::<P>(input, rank, &mut d);
                            missing_digest[..h].copy_from_slice(&d[..h]);
                            *missing_known = true;
                        }
                        ProofIo::Ignore => {}
                    }
                }
            }
            let p = parent::<P>(left.node as usize, level);
            let computed = left.computed || cur.computed;
            let known = left.known && cur.known;
            let mut d = [0u8; MAX_HASH_BYTES];
            if known {
                hash::<P, K>(&[&left.digest[..h], &cur.digest[..h]], HASH_DSC, &mut d);
            }
            cur = Pending {
                node: p as u16,
                computed,
                known,
                digest: d,
            };
            level -= 1;
        }
        if level == 0 {
            self.root[..h].copy_from_slice(&cur.digest[..h]);
        } else {
            self.stack[self.len] = cur;
            self.len += 1;
        }
    }

    fn push_flat<P: CrossParams>(
        &mut self,
        round: usize,
        digest: Option<&[u8]>,
        proof: &mut ProofIo,
    ) {
        let h = P::HASH_BYTES;
        let (g, pos) = flat_group_of::<P>(round);
        let flags = proof.flags();
        let computed = Self::computed(flags, leaf_node::<P>(round));
        let mut leaf = [0u8; MAX_HASH_BYTES];
        if let Some(d) = digest {
            leaf[..h].copy_from_slice(&d[..h]);
        }
        if flags.is_some() && !computed {
            let rank = self.proof_used;
            match proof {
                ProofIo::Write { proof: out, .. } => {
                    out[rank * h..rank * h + h].copy_from_slice(&leaf[..h])
                }
                ProofIo::Read { proof: input, .. } => {
                    let input: &[u8] = input;
                    self.read_proof::<P>(input, rank, &mut leaf);
                }
                ProofIo::Ignore => {}
            }
            self.proof_used = rank + 1;
        }
        if pos == 0 {
            self.group = Some(Xof::new::<P>());
        }
        if let Some(x) = self.group.as_mut() {
            x.absorb(&leaf[..h]);
        }
        if pos + 1 == flat_group_sizes::<P>()[g] {
            if let Some(x) = self.group.take() {
                x.finish(HASH_DSC, &mut self.groups[g * h..g * h + h]);
            }
            if g == 3 {
                hash::<P, K>(&[&self.groups[..4 * h]], HASH_DSC, &mut self.root);
            }
        }
    }

    /// The root, after all t leaves.
    pub fn root(&self) -> &[u8] {
        &self.root
    }

    /// Verification: whether every proof digest read was inside the proof and the
    /// unused tail of the proof field is zero (`recompute_root`'s padding check);
    /// `flags` as given to [`ProofIo::Read`].
    pub fn proof_is_well_formed<P: CrossParams>(&self, flags: &Flags, proof: &[u8]) -> bool {
        let h = P::HASH_BYTES;
        let used = if P::NO_TREES {
            self.proof_used
        } else {
            proof_rank::<P>(flags, None)
        };
        if !self.ok || used > P::PROOF_DIGESTS {
            return false;
        }
        let tail = &proof[used * h..P::PROOF_DIGESTS * h];
        tail.iter().fold(0u8, |a, &b| a | b) == 0
    }
}
