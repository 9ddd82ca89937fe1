//! The 18 CROSS v2.2 parameter sets as types (CROSS specification v2.2, Table 1 and
//! the derived constants of the reference `parameters.h`).
//!
//! Each set fixes the restricted problem (R-SDP: p = 127, z = 7; R-SDP(G): p = 509,
//! z = 127), the security category (lambda = 128, 192, 256) and the corner (fast,
//! balanced, small). The tree shapes (`TREE_*`) and the CSPRNG byte budgets (`BITS_*`)
//! are the spec's derived parameters; every size of a key, a signature or a
//! strategy's store follows from them, as a `const` and as a typenum type.

use crate::encoding::Encoding;
use generic_array::ArrayLength;

/// A typenum number of any size below 1 024 000, as 1000 * hi + lo.
macro_rules! size {
    ($n:expr) => {
        typenum::Sum<
            typenum::Prod<typenum::U<{ ($n) / 1000 }>, typenum::U1000>,
            typenum::U<{ ($n) % 1000 }>,
        >
    };
}

/// The number of bits of `x` (`BITS_TO_REPRESENT` of the spec; 1 for 0).
pub const fn bits_to_represent(x: usize) -> usize {
    if x == 0 {
        1
    } else {
        (usize::BITS - x.leading_zeros()) as usize
    }
}

/// Bytes of `n` values of `bits` bits packed densely (little-endian bit order).
pub const fn packed_bytes(n: usize, bits: usize) -> usize {
    (n * bits).div_ceil(8)
}

/// The largest seed (lambda / 8) over all parameter sets.
pub const MAX_SEED_BYTES: usize = 32;
/// The largest digest and salt (2 lambda / 8) over all parameter sets.
pub const MAX_HASH_BYTES: usize = 64;
/// The largest key-pair seed (2 lambda / 8).
pub const MAX_KEY_SEED_BYTES: usize = 64;
/// The largest n over all parameter sets.
pub const MAX_N: usize = 251;
/// The largest n - k over all parameter sets.
pub const MAX_N_K: usize = 101;
/// The largest m (R-SDP(G)) over all parameter sets.
pub const MAX_M: usize = 48;
/// The largest t over all parameter sets.
pub const MAX_T: usize = 832;
/// The largest number of tree levels (log2 t rounded up, plus the root).
pub const MAX_LEVELS: usize = 11;
/// The largest packed syndrome (R-SDP-5: 101 values of 7 bits).
pub const MAX_PACKED_SYN_BYTES: usize = 89;
/// The largest packed y (R-SDP-5: 251 values of 7 bits).
pub const MAX_PACKED_Y_BYTES: usize = 220;
/// The largest packed v (R-SDP-5: 251 values of 3 bits).
pub const MAX_PACKED_V_BYTES: usize = 95;

/// A CROSS v2.2 parameter set. Implemented by the 18 unit types of this module.
pub trait CrossParams: Encoding + Sized {
    /// R-SDP(G) (true) or R-SDP (false).
    const RSDPG: bool;
    /// NIST security category: 1, 3 or 5.
    const CATEGORY: u8;
    /// The fast corner: no seed tree and no Merkle tree (the spec's `NO_TREES`): the
    /// round seeds come from four flat CSPRNG streams and the commitments are hashed
    /// in four groups.
    const NO_TREES: bool;
    /// lambda, the security parameter in bits.
    const LAMBDA: usize;
    /// The prime p.
    const P: u16;
    /// The prime z (the order of the restricted group E).
    const Z: u8;
    /// The generator g of E in F_p^*.
    const G: u16;
    /// Code length n.
    const N: usize;
    /// Code dimension k.
    const K: usize;
    /// Dimension m of the subgroup G (R-SDP(G); 0 for R-SDP).
    const M: usize;
    /// Number of rounds t.
    const T: usize;
    /// Weight w of the second challenge (rounds answered with a seed).
    const W: usize;
    /// `TREE_OFFSETS`.
    const TREE_OFFSETS: &'static [u16];
    /// `TREE_NODES_PER_LEVEL`.
    const TREE_NODES_PER_LEVEL: &'static [u16];
    /// `TREE_LEAVES_PER_LEVEL`.
    const TREE_LEAVES_PER_LEVEL: &'static [u16];
    /// `TREE_LEAVES_START_INDICES`.
    const TREE_LEAVES_START_INDICES: &'static [u16];
    /// `TREE_CONSECUTIVE_LEAVES`.
    const TREE_CONSECUTIVE_LEAVES: &'static [u16];
    /// `TREE_NODES_TO_STORE`: the slots of the seed path and of the Merkle proof.
    const TREE_NODES_TO_STORE: usize;
    /// `BITS_N_FP_CT_RNG`: CSPRNG bits drawn for a vector of F_p^n.
    const BITS_N_FP_CT_RNG: usize;
    /// `BITS_CHALL_1_FPSTAR_CT_RNG`: bits drawn for the first challenge.
    const BITS_CHALL_1_FPSTAR_CT_RNG: usize;
    /// `BITS_V_CT_RNG`: bits drawn for the matrix V.
    const BITS_V_CT_RNG: usize;
    /// `BITS_W_CT_RNG`: bits drawn for the matrix W (R-SDP(G); 0 for R-SDP).
    const BITS_W_CT_RNG: usize;
    /// `BITS_N_FZ_CT_RNG` (R-SDP) or `BITS_M_FZ_CT_RNG` (R-SDP(G)): bits drawn for a
    /// restricted vector.
    const BITS_FZ_CT_RNG: usize;
    /// `BITS_CWSTR_RNG`: bits drawn for the fixed-weight second challenge.
    const BITS_CWSTR_RNG: usize;

    /// Length of a seed, lambda / 8.
    const SEED_BYTES: usize = Self::LAMBDA / 8;
    /// Length of the key-pair seeds, 2 lambda / 8.
    const KEY_SEED_BYTES: usize = 2 * Self::LAMBDA / 8;
    /// Length of a digest, 2 lambda / 8.
    const HASH_BYTES: usize = 2 * Self::LAMBDA / 8;
    /// Length of the salt, 2 lambda / 8.
    const SALT_BYTES: usize = 2 * Self::LAMBDA / 8;
    /// Bits of an element of F_p.
    const BITS_P: usize = bits_to_represent(Self::P as usize - 1);
    /// Bits of an element of F_z.
    const BITS_Z: usize = bits_to_represent(Self::Z as usize - 1);
    /// Bits drawn per candidate of the first challenge (F_p^*).
    const BITS_P_STAR: usize = bits_to_represent(Self::P as usize - 2);
    /// Length of the restricted vector a round carries: n (R-SDP) or m (R-SDP(G)).
    const RESTRICTED_LEN: usize = if Self::RSDPG { Self::M } else { Self::N };
    /// Packed syndrome in F_p^(n-k).
    const PACKED_SYN_BYTES: usize = packed_bytes(Self::N - Self::K, Self::BITS_P);
    /// Packed vector of F_p^n (a response y).
    const PACKED_Y_BYTES: usize = packed_bytes(Self::N, Self::BITS_P);
    /// Packed restricted vector (a response v-bar or v_G-bar).
    const PACKED_V_BYTES: usize = packed_bytes(Self::RESTRICTED_LEN, Self::BITS_Z);
    /// Number of levels below the root: ceil(log2 t).
    const TREE_DEPTH: usize = Self::TREE_NODES_PER_LEVEL.len() - 1;
    /// Nodes of the seed tree and of the Merkle tree (2t - 1).
    const TREE_NODES: usize = 2 * Self::T - 1;
    /// Seed slots in the signature's seed path.
    const PATH_SEEDS: usize = if Self::NO_TREES {
        Self::W
    } else {
        Self::TREE_NODES_TO_STORE
    };
    /// Digest slots in the signature's Merkle proof.
    const PROOF_DIGESTS: usize = Self::PATH_SEEDS;
    /// Rounds answered with a response (t - w).
    const RESPONSES: usize = Self::T - Self::W;

    /// Public key: seed_pk || packed s.
    const PK_BYTES: usize = Self::KEY_SEED_BYTES + Self::PACKED_SYN_BYTES;
    /// Secret key: seed_sk.
    const SK_BYTES: usize = Self::KEY_SEED_BYTES;
    /// Offset of digest_cmt in the signature.
    const SIG_DIGEST_CMT: usize = Self::SALT_BYTES;
    /// Offset of digest_chall_2 in the signature.
    const SIG_DIGEST_CHALL_2: usize = Self::SIG_DIGEST_CMT + Self::HASH_BYTES;
    /// Offset of the seed path.
    const SIG_PATH: usize = Self::SIG_DIGEST_CHALL_2 + Self::HASH_BYTES;
    /// Offset of the Merkle proof.
    const SIG_PROOF: usize = Self::SIG_PATH + Self::PATH_SEEDS * Self::SEED_BYTES;
    /// Offset of resp_1 (t - w digests).
    const SIG_RESP_1: usize = Self::SIG_PROOF + Self::PROOF_DIGESTS * Self::HASH_BYTES;
    /// Offset of resp_0 (t - w pairs y || v).
    const SIG_RESP_0: usize = Self::SIG_RESP_1 + Self::RESPONSES * Self::HASH_BYTES;
    /// Signature bytes.
    const SIG_BYTES: usize =
        Self::SIG_RESP_0 + Self::RESPONSES * (Self::PACKED_Y_BYTES + Self::PACKED_V_BYTES);

    /// Bytes of the whole seed tree (or, fast corner, of the t round seeds).
    const SEED_TREE_BYTES: usize = if Self::NO_TREES {
        Self::T * Self::SEED_BYTES
    } else {
        Self::TREE_NODES * Self::SEED_BYTES
    };
    /// Bytes of the whole Merkle tree (or, fast corner, of the t commitments).
    const MERKLE_TREE_BYTES: usize = if Self::NO_TREES {
        Self::T * Self::HASH_BYTES
    } else {
        Self::TREE_NODES * Self::HASH_BYTES
    };

    /// n as a type.
    type NLen: ArrayLength;
    /// n - k, the syndrome's length, as a type.
    type NkLen: ArrayLength;
    /// m (0 for R-SDP) as a type.
    type MLen: ArrayLength;
    /// t as a type.
    type TLen: ArrayLength;
    /// [`Self::SEED_TREE_BYTES`] as a type.
    type SeedTreeLen: ArrayLength;
    /// [`Self::MERKLE_TREE_BYTES`] as a type.
    type MerkleTreeLen: ArrayLength;
    /// t digests (all first-commitment or all second-commitment digests) as a type.
    type DigestsLen: ArrayLength;
    /// Bytes of V kept whole: k (n - k) entries of one byte (p = 127) or two bytes
    /// (p = 509), as a type.
    type VLen: ArrayLength;
    /// Entries of W, m (n - m) (0 for R-SDP), as a type.
    type WLen: ArrayLength;
    /// t packed responses y, t ceil(n log2 p / 8) bytes, as a type.
    type PackedYsLen: ArrayLength;
    /// t packed restricted vectors (v, or e'), t `PACKED_V_BYTES` bytes, as a type.
    type PackedVsLen: ArrayLength;
}

/// Whether a packed syndrome has values in [0, p) and zero padding.
pub fn syndrome_is_well_formed<P: CrossParams>(packed: &[u8]) -> bool {
    super::packing::unpack(packed, P::N - P::K, P::BITS_P, P::P as u32, |_, _| {})
}

/// Expands to `$m!(Rsdp1Fast, Rsdp1Balanced, ..., Rsdpg5Small)` (with `$args;` first
/// when given): the 18 parameter sets, for code that has to name each one (trait
/// impls, instantiation, tests). The names must be in scope where it is used.
#[macro_export]
macro_rules! for_each_cross_parameter_set {
    ($m:ident $(, $($args:tt)*)?) => {
        $m! {$($($args)*;)?
            Rsdp1Fast, Rsdp1Balanced, Rsdp1Small, Rsdp3Fast, Rsdp3Balanced, Rsdp3Small,
            Rsdp5Fast, Rsdp5Balanced, Rsdp5Small, Rsdpg1Fast, Rsdpg1Balanced, Rsdpg1Small,
            Rsdpg3Fast, Rsdpg3Balanced, Rsdpg3Small, Rsdpg5Fast, Rsdpg5Balanced, Rsdpg5Small
        }
    };
}

macro_rules! parameter_set {
    (
        $(#[$doc:meta])*
        $ty:ident, $name:literal, rsdpg: $rsdpg:literal, cat: $cat:literal, fast: $fast:literal,
        n: $n:literal, k: $k:literal, m: $m:literal, t: $t:literal, w: $w:literal,
        offsets: [$($off:literal),*], npl: [$($npl:literal),*], lpl: [$($lpl:literal),*],
        starts: [$($st:literal),*], cons: [$($cons:literal),*], store: $nts:literal,
        bits: [$b_fp:literal, $b_ch1:literal, $b_v:literal, $b_w:literal, $b_fz:literal, $b_cw:literal]
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $ty;

        impl Encoding for $ty {
            const NAME: &'static str = $name;
            type PkLen = size!(<$ty as CrossParams>::PK_BYTES);
            type SkLen = size!(<$ty as CrossParams>::SK_BYTES);
            type SigLen = size!(<$ty as CrossParams>::SIG_BYTES);

            /// Every seed_sk is a key.
            fn signing_key_is_well_formed(_sk: &[u8]) -> bool {
                true
            }

            /// Every syndrome value in [0, p), zero padding bits.
            fn verifying_key_is_well_formed(pk: &[u8]) -> bool {
                syndrome_is_well_formed::<Self>(&pk[Self::KEY_SEED_BYTES..])
            }

            /// Verification checks the encoding as it decodes it.
            fn signature_is_well_formed(_sig: &[u8]) -> bool {
                true
            }
        }

        impl CrossParams for $ty {
            const RSDPG: bool = $rsdpg;
            const CATEGORY: u8 = $cat;
            const NO_TREES: bool = $fast;
            const LAMBDA: usize = match $cat { 1 => 128, 3 => 192, _ => 256 };
            const P: u16 = if $rsdpg { 509 } else { 127 };
            const Z: u8 = if $rsdpg { 127 } else { 7 };
            const G: u16 = if $rsdpg { 16 } else { 2 };
            const N: usize = $n;
            const K: usize = $k;
            const M: usize = $m;
            const T: usize = $t;
            const W: usize = $w;
            const TREE_OFFSETS: &'static [u16] = &[$($off),*];
            const TREE_NODES_PER_LEVEL: &'static [u16] = &[$($npl),*];
            const TREE_LEAVES_PER_LEVEL: &'static [u16] = &[$($lpl),*];
            const TREE_LEAVES_START_INDICES: &'static [u16] = &[$($st),*];
            const TREE_CONSECUTIVE_LEAVES: &'static [u16] = &[$($cons),*];
            const TREE_NODES_TO_STORE: usize = $nts;
            const BITS_N_FP_CT_RNG: usize = $b_fp;
            const BITS_CHALL_1_FPSTAR_CT_RNG: usize = $b_ch1;
            const BITS_V_CT_RNG: usize = $b_v;
            const BITS_W_CT_RNG: usize = $b_w;
            const BITS_FZ_CT_RNG: usize = $b_fz;
            const BITS_CWSTR_RNG: usize = $b_cw;
            type NLen = size!($n);
            type NkLen = size!($n - $k);
            type MLen = size!($m);
            type TLen = size!($t);
            type SeedTreeLen = size!(<$ty as CrossParams>::SEED_TREE_BYTES);
            type MerkleTreeLen = size!(<$ty as CrossParams>::MERKLE_TREE_BYTES);
            type DigestsLen = size!($t * <$ty as CrossParams>::HASH_BYTES);
            type VLen = size!($k * ($n - $k) * if $rsdpg { 2 } else { 1 });
            type WLen = size!($m * ($n - $m));
            type PackedYsLen = size!($t * <$ty as CrossParams>::PACKED_Y_BYTES);
            type PackedVsLen = size!($t * <$ty as CrossParams>::PACKED_V_BYTES);
        }
    };
}

parameter_set!(
    /// CROSS-RSDP-1-fast.
    Rsdp1Fast, "CROSS-RSDP-1-fast", rsdpg: false, cat: 1, fast: true,
    n: 127, k: 76, m: 0, t: 157, w: 82,
    offsets: [0, 0, 0, 0, 0, 2, 2, 58, 58], npl: [1, 2, 4, 8, 16, 30, 60, 64, 128],
    lpl: [0, 0, 0, 0, 1, 0, 28, 0, 128], starts: [185, 93, 30], cons: [128, 28, 1], store: 82,
    bits: [1127, 1421, 28028, 0, 717, 3656]
);
parameter_set!(
    /// CROSS-RSDP-1-balanced.
    Rsdp1Balanced, "CROSS-RSDP-1-balanced", rsdpg: false, cat: 1, fast: false,
    n: 127, k: 76, m: 0, t: 256, w: 215,
    offsets: [0, 0, 0, 0, 0, 0, 0, 0, 0], npl: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    lpl: [0, 0, 0, 0, 0, 0, 0, 0, 256], starts: [255], cons: [256], store: 108,
    bits: [1127, 2170, 28028, 0, 717, 4776]
);
parameter_set!(
    /// CROSS-RSDP-1-small.
    Rsdp1Small, "CROSS-RSDP-1-small", rsdpg: false, cat: 1, fast: false,
    n: 127, k: 76, m: 0, t: 520, w: 488,
    offsets: [0, 0, 0, 0, 0, 16, 16, 16, 16, 16, 16],
    npl: [1, 2, 4, 8, 16, 16, 32, 64, 128, 256, 512],
    lpl: [0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 512], starts: [527, 23], cons: [512, 8], store: 129,
    bits: [1127, 4130, 28028, 0, 717, 10390]
);
parameter_set!(
    /// CROSS-RSDP-3-fast.
    Rsdp3Fast, "CROSS-RSDP-3-fast", rsdpg: false, cat: 3, fast: true,
    n: 187, k: 111, m: 0, t: 239, w: 125,
    offsets: [0, 0, 0, 0, 0, 0, 0, 2, 30], npl: [1, 2, 4, 8, 16, 32, 64, 126, 224],
    lpl: [0, 0, 0, 0, 0, 0, 1, 14, 224], starts: [253, 239, 126], cons: [224, 14, 1], store: 125,
    bits: [1673, 2163, 60711, 0, 1065, 5264]
);
parameter_set!(
    /// CROSS-RSDP-3-balanced.
    Rsdp3Balanced, "CROSS-RSDP-3-balanced", rsdpg: false, cat: 3, fast: false,
    n: 187, k: 111, m: 0, t: 384, w: 321,
    offsets: [0, 0, 0, 0, 0, 0, 0, 0, 0, 256], npl: [1, 2, 4, 8, 16, 32, 64, 128, 256, 256],
    lpl: [0, 0, 0, 0, 0, 0, 0, 0, 128, 256], starts: [511, 383], cons: [256, 128], store: 165,
    bits: [1673, 3255, 60711, 0, 1065, 8586]
);
parameter_set!(
    /// CROSS-RSDP-3-small.
    Rsdp3Small, "CROSS-RSDP-3-small", rsdpg: false, cat: 3, fast: false,
    n: 187, k: 111, m: 0, t: 580, w: 527,
    offsets: [0, 0, 0, 0, 0, 8, 8, 8, 8, 136, 136],
    npl: [1, 2, 4, 8, 16, 24, 48, 96, 192, 256, 512],
    lpl: [0, 0, 0, 0, 4, 0, 0, 0, 64, 0, 512], starts: [647, 327, 27], cons: [512, 64, 4],
    store: 184,
    bits: [1673, 4718, 60711, 0, 1065, 12880]
);
parameter_set!(
    /// CROSS-RSDP-5-fast.
    Rsdp5Fast, "CROSS-RSDP-5-fast", rsdpg: false, cat: 5, fast: true,
    n: 251, k: 150, m: 0, t: 321, w: 167,
    offsets: [0, 0, 0, 2, 2, 2, 2, 2, 2, 130], npl: [1, 2, 4, 6, 12, 24, 48, 96, 192, 256],
    lpl: [0, 0, 1, 0, 0, 0, 0, 0, 64, 256], starts: [385, 321, 6], cons: [256, 64, 1], store: 167,
    bits: [2247, 2905, 108689, 0, 1431, 8343]
);
parameter_set!(
    /// CROSS-RSDP-5-balanced.
    Rsdp5Balanced, "CROSS-RSDP-5-balanced", rsdpg: false, cat: 5, fast: false,
    n: 251, k: 150, m: 0, t: 512, w: 427,
    offsets: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], npl: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512],
    lpl: [0, 0, 0, 0, 0, 0, 0, 0, 0, 512], starts: [511], cons: [512], store: 220,
    bits: [2247, 4347, 108689, 0, 1431, 10746]
);
parameter_set!(
    /// CROSS-RSDP-5-small.
    Rsdp5Small, "CROSS-RSDP-5-small", rsdpg: false, cat: 5, fast: false,
    n: 251, k: 150, m: 0, t: 832, w: 762,
    offsets: [0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 128],
    npl: [1, 2, 4, 8, 16, 32, 64, 128, 256, 384, 768],
    lpl: [0, 0, 0, 0, 0, 0, 0, 0, 64, 0, 768], starts: [895, 447], cons: [768, 64], store: 251,
    bits: [2247, 6734, 108689, 0, 1431, 18150]
);
parameter_set!(
    /// CROSS-RSDPG-1-fast.
    Rsdpg1Fast, "CROSS-RSDPG-1-fast", rsdpg: true, cat: 1, fast: true,
    n: 55, k: 36, m: 25, t: 147, w: 76,
    offsets: [0, 0, 0, 0, 2, 6, 6, 38, 38], npl: [1, 2, 4, 8, 14, 24, 48, 64, 128],
    lpl: [0, 0, 0, 1, 2, 0, 16, 0, 128], starts: [165, 85, 27, 14], cons: [128, 16, 2, 1],
    store: 76,
    bits: [729, 1647, 6624, 5677, 343, 3472]
);
parameter_set!(
    /// CROSS-RSDPG-1-balanced.
    Rsdpg1Balanced, "CROSS-RSDPG-1-balanced", rsdpg: true, cat: 1, fast: false,
    n: 55, k: 36, m: 25, t: 256, w: 220,
    offsets: [0, 0, 0, 0, 0, 0, 0, 0, 0], npl: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    lpl: [0, 0, 0, 0, 0, 0, 0, 0, 256], starts: [255], cons: [256], store: 101,
    bits: [729, 2682, 6624, 5677, 343, 4776]
);
parameter_set!(
    /// CROSS-RSDPG-1-small.
    Rsdpg1Small, "CROSS-RSDPG-1-small", rsdpg: true, cat: 1, fast: false,
    n: 55, k: 36, m: 25, t: 512, w: 484,
    offsets: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], npl: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512],
    lpl: [0, 0, 0, 0, 0, 0, 0, 0, 0, 512], starts: [511], cons: [512], store: 117,
    bits: [729, 5085, 6624, 5677, 343, 9153]
);
parameter_set!(
    /// CROSS-RSDPG-3-fast.
    Rsdpg3Fast, "CROSS-RSDPG-3-fast", rsdpg: true, cat: 3, fast: true,
    n: 79, k: 48, m: 40, t: 224, w: 119,
    offsets: [0, 0, 0, 0, 0, 0, 0, 0, 64], npl: [1, 2, 4, 8, 16, 32, 64, 128, 192],
    lpl: [0, 0, 0, 0, 0, 0, 0, 32, 192], starts: [255, 223], cons: [192, 32], store: 119,
    bits: [1071, 2502, 14211, 11655, 539, 5128]
);
parameter_set!(
    /// CROSS-RSDPG-3-balanced.
    Rsdpg3Balanced, "CROSS-RSDPG-3-balanced", rsdpg: true, cat: 3, fast: false,
    n: 79, k: 48, m: 40, t: 268, w: 196,
    offsets: [0, 0, 0, 0, 0, 8, 24, 24, 24, 24], npl: [1, 2, 4, 8, 16, 24, 32, 64, 128, 256],
    lpl: [0, 0, 0, 0, 4, 8, 0, 0, 0, 256], starts: [279, 47, 27], cons: [256, 8, 4], store: 138,
    bits: [1071, 2925, 14211, 11655, 539, 6444]
);
parameter_set!(
    /// CROSS-RSDPG-3-small.
    Rsdpg3Small, "CROSS-RSDPG-3-small", rsdpg: true, cat: 3, fast: false,
    n: 79, k: 48, m: 40, t: 512, w: 463,
    offsets: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], npl: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512],
    lpl: [0, 0, 0, 0, 0, 0, 0, 0, 0, 512], starts: [511], cons: [512], store: 165,
    bits: [1071, 5238, 14211, 11655, 539, 9981]
);
parameter_set!(
    /// CROSS-RSDPG-5-fast.
    Rsdpg5Fast, "CROSS-RSDPG-5-fast", rsdpg: true, cat: 5, fast: true,
    n: 106, k: 69, m: 48, t: 300, w: 153,
    offsets: [0, 0, 0, 0, 0, 0, 8, 24, 88, 88], npl: [1, 2, 4, 8, 16, 32, 56, 96, 128, 256],
    lpl: [0, 0, 0, 0, 0, 4, 8, 32, 0, 256], starts: [343, 183, 111, 59], cons: [256, 32, 8, 4],
    store: 153,
    bits: [1431, 3357, 24192, 20594, 679, 7929]
);
parameter_set!(
    /// CROSS-RSDPG-5-balanced.
    Rsdpg5Balanced, "CROSS-RSDPG-5-balanced", rsdpg: true, cat: 5, fast: false,
    n: 106, k: 69, m: 48, t: 356, w: 258,
    offsets: [0, 0, 0, 0, 0, 0, 8, 8, 8, 200], npl: [1, 2, 4, 8, 16, 32, 56, 112, 224, 256],
    lpl: [0, 0, 0, 0, 0, 4, 0, 0, 96, 256], starts: [455, 359, 59], cons: [256, 96, 4], store: 185,
    bits: [1431, 3897, 24192, 20594, 679, 8937]
);
parameter_set!(
    /// CROSS-RSDPG-5-small.
    Rsdpg5Small, "CROSS-RSDPG-5-small", rsdpg: true, cat: 5, fast: false,
    n: 106, k: 69, m: 48, t: 642, w: 575,
    offsets: [0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 260],
    npl: [1, 2, 4, 8, 12, 24, 48, 96, 192, 384, 512],
    lpl: [0, 0, 0, 2, 0, 0, 0, 0, 0, 128, 512], starts: [771, 643, 13], cons: [512, 128, 2],
    store: 220,
    bits: [1431, 6597, 24192, 20594, 679, 15140]
);

#[cfg(test)]
mod tests {
    use super::*;

    fn check<P: CrossParams>(pk: usize, sig: usize) {
        assert_eq!(P::PK_BYTES, pk, "{} pk", P::NAME);
        assert_eq!(P::SIG_BYTES, sig, "{} sig", P::NAME);
        assert_eq!(<P::PkLen as typenum::Unsigned>::USIZE, pk);
        assert_eq!(<P::SigLen as typenum::Unsigned>::USIZE, sig);
        assert_eq!(<P::SkLen as typenum::Unsigned>::USIZE, P::SK_BYTES);
        assert_eq!(<P::NLen as typenum::Unsigned>::USIZE, P::N);
        assert_eq!(<P::NkLen as typenum::Unsigned>::USIZE, P::N - P::K);
        assert_eq!(<P::MLen as typenum::Unsigned>::USIZE, P::M);
        assert_eq!(<P::TLen as typenum::Unsigned>::USIZE, P::T);
        assert!(P::N <= MAX_N && P::N - P::K <= MAX_N_K && P::M <= MAX_M && P::T <= MAX_T);
        assert!(P::TREE_NODES_PER_LEVEL.len() <= MAX_LEVELS);
        assert!(P::PACKED_SYN_BYTES <= MAX_PACKED_SYN_BYTES);
        assert!(P::PACKED_Y_BYTES <= MAX_PACKED_Y_BYTES);
        assert!(P::PACKED_V_BYTES <= MAX_PACKED_V_BYTES);
        assert!(P::SEED_BYTES <= MAX_SEED_BYTES && P::HASH_BYTES <= MAX_HASH_BYTES);
        assert!(P::KEY_SEED_BYTES <= MAX_KEY_SEED_BYTES);
        assert_eq!(
            P::TREE_CONSECUTIVE_LEAVES
                .iter()
                .map(|&c| c as usize)
                .sum::<usize>(),
            P::T
        );
        assert_eq!(
            P::TREE_NODES_PER_LEVEL
                .iter()
                .map(|&c| c as usize)
                .sum::<usize>(),
            2 * P::T - 1
        );
    }

    /// The spec's key and signature sizes (the KAT file names).
    #[test]
    fn sizes_match_the_spec() {
        check::<Rsdp1Fast>(77, 18432);
        check::<Rsdp1Balanced>(77, 13152);
        check::<Rsdp1Small>(77, 12432);
        check::<Rsdp3Fast>(115, 41406);
        check::<Rsdp3Balanced>(115, 29853);
        check::<Rsdp3Small>(115, 28391);
        check::<Rsdp5Fast>(153, 74590);
        check::<Rsdp5Balanced>(153, 53527);
        check::<Rsdp5Small>(153, 50818);
        check::<Rsdpg1Fast>(54, 11980);
        check::<Rsdpg1Balanced>(54, 9120);
        check::<Rsdpg1Small>(54, 8960);
        check::<Rsdpg3Fast>(83, 26772);
        check::<Rsdpg3Balanced>(83, 22464);
        check::<Rsdpg3Small>(83, 20452);
        check::<Rsdpg5Fast>(106, 48102);
        check::<Rsdpg5Balanced>(106, 40100);
        check::<Rsdpg5Small>(106, 36454);
    }
}
