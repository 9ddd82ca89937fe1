//! Keccak-f\[1600\] for 32-bit cores: bit-interleaved, lane-complemented, in place.
//!
//! Three standard techniques from the Keccak team's implementation overview, written
//! so that the compiler sees only 32-bit operations with constant indices:
//!
//! - **Bit interleaving.** A 64-bit lane is kept as two 32-bit words, one holding its
//!   even-numbered bits and one its odd-numbered bits. A 64-bit rotation by `2k` is
//!   then two 32-bit rotations by `k`, and a rotation by `2k + 1` is two 32-bit
//!   rotations (by `k + 1` and `k`) that swap the words. Bytes are converted only at
//!   the byte interface ([`super::interleave`]).
//! - **Lane complementing.** Six lanes (positions (1,0), (2,0), (3,1), (2,2), (2,3),
//!   (0,4)) are stored complemented. θ, ρ, π and ι are affine, so they carry the
//!   complement through; χ then needs a NOT on only one operand per plane instead of
//!   all 25 (the rest become AND/OR), which matters on cores without an and-not
//!   instruction (RV32IMAC). The per-lane χ forms are derived at compile time from
//!   the pattern ([`CHI_FORMS`]); XOR-ing input bytes needs no change, extracting
//!   output un-complements.
//! - **In-place rounds.** π moves lanes; instead of moving them, the output lanes of
//!   each plane are written over that plane's own input lanes (the lane-level map is
//!   described in [`super::interleaved_compact`]). No second state buffer, and no
//!   index depends on data: the maps are compile-time constants.
//!
//! [`Interleaved32`] runs the 24 rounds fully unrolled (round constants folded in):
//!
//! - each output plane is computed in two passes, one per word parity, so that only
//!   five χ inputs are live at a time; a pass overwrites exactly the words it read, so
//!   words also move between the even and odd slots, and that storage map has period 4
//!   ([`WORD_MAP`], checked at compile time);
//! - the next round's θ column parities are accumulated from the χ outputs while they
//!   are in registers instead of reloading the state;
//! - on Arm with Thumb-2, rotations are lazy ([`pending`]): words are stored not yet
//!   rotated, and every rotation becomes a free shifted operand.
//!
//! [`Interleaved32Compact`](super::Interleaved32Compact) (`interleaved_compact.rs`)
//! loops 12 times over one round pair with the lane-level map of period 2: about a
//! tenth of the flash. Both are straight-line in the data: no branch or index depends
//! on the state.
//!
//! Speed depends on the build as much as on the source: with LLVM's generic
//! scheduling model the unrolled code spills much more than with `-C
//! target-cpu=cortex-m4` (or `cortex-m3`, `sifive-e31`), which lets it schedule for
//! the in-order core (about 15 % fewer cycles on the M4 model, 30 % on RV32).

use super::backend::{Keccak, RHO_OFFSETS};
use super::interleave::{self, source_word, word_rotation, RC_INTERLEAVED};
use zeroize::Zeroize;

/// Keccak-f\[1600\] with bit-interleaved, lane-complemented lanes and in-place rounds,
/// all 24 rounds unrolled: the fast choice on 32-bit cores (Cortex-M0/M3/M4, RV32).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Interleaved32;

/// The lanes (index `x + 5y`) stored complemented.
const COMPLEMENTED: [bool; 25] = {
    let mut c = [false; 25];
    c[1] = true; // (1, 0)
    c[2] = true; // (2, 0)
    c[3 + 5] = true; // (3, 1)
    c[2 + 10] = true; // (2, 2)
    c[2 + 15] = true; // (2, 3)
    c[20] = true; // (0, 4)
    c
};

/// The state of [`Interleaved32`] and [`Interleaved32Compact`](super::Interleaved32Compact): word `2i` holds the
/// even bits and word `2i + 1` the odd bits of lane `i = x + 5y`; the lanes of the
/// complementing pattern are stored inverted. The all-zero Keccak state is therefore
/// not all-zero words; [`Default`] and [`Zeroize`] produce it.
#[derive(Clone)]
pub struct InterleavedState(pub(super) [u32; 50]);

impl InterleavedState {
    fn set_complement_pattern(&mut self) {
        for (lane, &c) in COMPLEMENTED.iter().enumerate() {
            if c {
                self.0[2 * lane] = u32::MAX;
                self.0[2 * lane + 1] = u32::MAX;
            }
        }
    }
}

impl Default for InterleavedState {
    fn default() -> Self {
        let mut s = Self([0; 50]);
        s.set_complement_pattern();
        s
    }
}

impl Zeroize for InterleavedState {
    /// Wipes every word, then rewrites the (public, constant) complementing pattern so
    /// that the state is the all-zero Keccak state again.
    fn zeroize(&mut self) {
        self.0.zeroize();
        self.set_complement_pattern();
    }
}

impl core::fmt::Debug for InterleavedState {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("InterleavedState { .. }")
    }
}

/// How χ computes output lane `x + 5y` from the stored (possibly complemented) inputs
/// `a = B[x]`, `u = B[x+1]`, `v = B[x+2]`: bit 0 and 1 say whether `u` and `v` are
/// stored complemented at χ's input, bit 2 whether the output must be stored
/// complemented relative to `a ^ (true χ term)`.
pub(super) const CHI_FORMS: [u8; 25] = {
    // Complement pattern after θ: a lane flips when its column's D is all-ones, i.e.
    // when the pattern's parities of the two neighbouring columns differ.
    let mut parity = [false; 5];
    let mut i = 0;
    while i < 25 {
        parity[i % 5] ^= COMPLEMENTED[i];
        i += 1;
    }
    // After ρ and π (rotations keep all-ones): B[y][2x + 3y] = A[x][y].
    let mut at_chi = [false; 25];
    let mut x = 0;
    while x < 5 {
        let d = parity[(x + 4) % 5] ^ parity[(x + 1) % 5];
        let mut y = 0;
        while y < 5 {
            at_chi[y + 5 * ((2 * x + 3 * y) % 5)] = COMPLEMENTED[x + 5 * y] ^ d;
            y += 1;
        }
        x += 1;
    }
    let mut forms = [0u8; 25];
    let mut y = 0;
    while y < 5 {
        let mut x = 0;
        while x < 5 {
            let r0 = at_chi[x + 5 * y];
            let r1 = at_chi[(x + 1) % 5 + 5 * y];
            let r2 = at_chi[(x + 2) % 5 + 5 * y];
            let flip = r0 ^ COMPLEMENTED[x + 5 * y];
            forms[x + 5 * y] = (r1 as u8) | ((r2 as u8) << 1) | ((flip as u8) << 2);
            x += 1;
        }
        y += 1;
    }
    forms
};

/// One χ output word in stored form; `form` is a constant from [`CHI_FORMS`], so
/// after inlining this is two or three logic instructions.
#[inline(always)]
pub(super) fn chi(form: u8, a: u32, u: u32, v: u32) -> u32 {
    // True term ~B[x+1] & B[x+2] from the stored u, v, or its complement.
    a ^ match form {
        0b000 => !u & v,
        0b001 => u & v,
        0b010 => !(u | v),
        0b011 => u & !v,
        0b100 => u | !v,
        0b101 => !(u & v),
        0b110 => u | v,
        _ => !u | v,
    }
}

/// The word-level in-place schedule of [`round_split`]: `WORD_MAP[k][2 * (x + 5y) + z]`
/// is where word `z` of logical lane (x, y) is stored after `k` rounds (mod 4).
///
/// [`round_split`] computes each output plane in two passes, one per output word
/// parity, to halve the values live at once. A pass reads one word of each of the
/// plane's five input lanes (the even or the odd one, depending on the ρ offset) and
/// writes its five outputs over exactly those words, so words change parity slot as
/// well as lane; the combined map has period 4, which divides 24.
const WORD_MAP: [[u8; 50]; 4] = {
    let mut maps = [[0u8; 50]; 4];
    let mut i = 0;
    while i < 50 {
        maps[0][i] = i as u8;
        i += 1;
    }
    let mut k = 1;
    while k <= 4 {
        let next = next_word_map(&maps[k - 1]);
        if k < 4 {
            maps[k] = next;
        } else {
            // Back in order after four rounds.
            let mut i = 0;
            while i < 50 {
                assert!(next[i] as usize == i);
                i += 1;
            }
        }
        k += 1;
    }
    maps
};

const fn next_word_map(m: &[u8; 50]) -> [u8; 50] {
    let mut n = [0u8; 50];
    let mut y = 0;
    while y < 5 {
        let mut x = 0;
        while x < 5 {
            // Output (x, y) replaces input lane σ(x, y) = (x' + 3y, x'), x' = 2x + 3y.
            let xp = (2 * x + 3 * y) % 5;
            let lane = (xp + 3 * y) % 5 + 5 * xp;
            let r = RHO_OFFSETS[lane];
            n[2 * (x + 5 * y)] = m[2 * lane + source_word(r, 0)];
            n[2 * (x + 5 * y) + 1] = m[2 * lane + source_word(r, 1)];
            x += 1;
        }
        y += 1;
    }
    n
}

/// The 32-bit ρ rotation that turns the stored word feeding χ input `b[x]` of output
/// plane `y`, word parity `z`, into that input.
const fn b_rotation(x: usize, y: usize, z: usize) -> u32 {
    word_rotation(RHO_OFFSETS[(x + 3 * y) % 5 + 5 * x], z)
}

/// `(a - b) mod 32`, a rotation amount.
const fn rot_diff(a: u32, b: u32) -> u32 {
    (a + 32 - b) % 32
}

/// Lazy rotation: [`Interleaved32`] stores χ output word (x, y, z) rotated right by
/// `pending(x, y, z)` (its true value is the stored one rotated left by that), chosen
/// so that χ needs no separate rotation instruction: one of its two operands in the
/// nonlinear term is then unrotated and the others rotate as shifted operands, which
/// Arm data-processing instructions apply for free. The amount depends only on the
/// lane, so it is the same in every round; it is applied, again as a shifted operand,
/// when the word is next read.
const fn pending(x: usize, y: usize, z: usize) -> u32 {
    let form = CHI_FORMS[x + 5 * y];
    // Forms 0b000 (v & !u) and 0b111 (v | !u) need v unrotated for BIC/ORN; the
    // others u.
    if form == 0b000 || form == 0b111 {
        b_rotation((x + 2) % 5, y, z)
    } else {
        b_rotation((x + 1) % 5, y, z)
    }
}

/// One round in place with the word-level schedule [`WORD_MAP`]: the state is in map
/// `K` on entry and in map `K + 1` (mod 4) on return. `c` holds the column parities
/// (θ's C) of the entry state and receives those of the exit state. `IN_LAZY` and
/// `OUT_LAZY` say whether the entry and exit states carry the [`pending`] rotations
/// (all rounds but the first and the last, respectively).
#[inline(always)]
fn round_split<const K: usize, const IN_LAZY: bool, const OUT_LAZY: bool>(
    s: &mut [u32; 50],
    rc: [u32; 2],
    c: &mut [[u32; 2]; 5],
) {
    // Word z of logical lane (x, y) on entry, with its pending rotation applied.
    macro_rules! word {
        ($x:expr, $y:expr, $z:expr) => {
            s[const { WORD_MAP[K][2 * ($x + 5 * $y) + $z] as usize }].rotate_left(
                const {
                    if IN_LAZY {
                        pending($x, $y, $z)
                    } else {
                        0
                    }
                },
            )
        };
    }

    let mut d = [[0u32; 2]; 5];
    macro_rules! theta_d {
        ($x:literal) => {
            d[$x][0] = c[($x + 4) % 5][0] ^ c[($x + 1) % 5][1].rotate_left(1);
            d[$x][1] = c[($x + 4) % 5][1] ^ c[($x + 1) % 5][0];
        };
    }
    theta_d!(0);
    theta_d!(1);
    theta_d!(2);
    theta_d!(3);
    theta_d!(4);

    // θ of the next round: its column parities, accumulated as outputs are formed
    // (saves reloading the state; dead and removed after the last round).
    *c = [[0u32; 2]; 5];

    // Output plane y, output word parity z.
    macro_rules! pass {
        ($y:literal, $z:literal) => {{
            // θ applied, ρ not yet: b[x] rotated left by b_rotation(x, y, z) is χ's input.
            let mut b = [0u32; 5];
            macro_rules! input {
                ($x:literal) => {
                    b[$x] = word!(
                        ($x + 3 * $y) % 5,
                        $x,
                        source_word(RHO_OFFSETS[($x + 3 * $y) % 5 + 5 * $x], $z)
                    ) ^ d[($x + 3 * $y) % 5]
                        [const { source_word(RHO_OFFSETS[($x + 3 * $y) % 5 + 5 * $x], $z) }];
                };
            }
            input!(0);
            input!(1);
            input!(2);
            input!(3);
            input!(4);
            macro_rules! output {
                ($x:literal) => {
                    // χ commutes with rotation: compute the output rotated right by its
                    // pending amount q.
                    let q = const {
                        if OUT_LAZY {
                            pending($x, $y, $z)
                        } else {
                            0
                        }
                    };
                    let out = chi(
                        const { CHI_FORMS[$x + 5 * $y] },
                        b[$x].rotate_left(
                            const {
                                rot_diff(
                                    b_rotation($x, $y, $z),
                                    if OUT_LAZY { pending($x, $y, $z) } else { 0 },
                                )
                            },
                        ),
                        b[($x + 1) % 5].rotate_left(
                            const {
                                rot_diff(
                                    b_rotation(($x + 1) % 5, $y, $z),
                                    if OUT_LAZY { pending($x, $y, $z) } else { 0 },
                                )
                            },
                        ),
                        b[($x + 2) % 5].rotate_left(
                            const {
                                rot_diff(
                                    b_rotation(($x + 2) % 5, $y, $z),
                                    if OUT_LAZY { pending($x, $y, $z) } else { 0 },
                                )
                            },
                        ),
                    ) ^ if $x == 0 && $y == 0 {
                        rc[$z].rotate_right(q)
                    } else {
                        0
                    };
                    c[$x][$z] ^= out.rotate_left(q);
                    s[const { WORD_MAP[(K + 1) % 4][2 * ($x + 5 * $y) + $z] as usize }] = out;
                };
            }
            output!(0);
            output!(1);
            output!(2);
            output!(3);
            output!(4);
        }};
    }
    // All odd-word passes, then all even-word passes: a pass only overwrites words of
    // its own plane's input lanes that it has read, so any order is in place.
    pass!(0, 1);
    pass!(1, 1);
    pass!(2, 1);
    pass!(3, 1);
    pass!(4, 1);
    pass!(0, 0);
    pass!(1, 0);
    pass!(2, 0);
    pass!(3, 0);
    pass!(4, 0);
}

/// Whether [`Interleaved32`] uses lazy rotation ([`pending`]): only where rotations
/// are free as shifted operands, that is Arm with Thumb-2 (v7-M and up; v6-M has no
/// 32-bit atomics, which is how it is told apart here). On Cortex-M0 and RV32IMAC a
/// rotation is a separate instruction (or three) and lazy rotation costs more than it
/// saves.
const LAZY_ROTATION: bool = cfg!(all(target_arch = "arm", target_has_atomic = "32"));

/// Keccak-f\[1600\], 24 rounds unrolled, with or without lazy rotation.
fn permute_unrolled<const LAZY: bool>(s: &mut [u32; 50]) {
    let mut c = [[0u32; 2]; 5];
    for (x, cx) in c.iter_mut().enumerate() {
        for (z, czx) in cx.iter_mut().enumerate() {
            *czx = s[2 * x + z]
                ^ s[2 * (x + 5) + z]
                ^ s[2 * (x + 10) + z]
                ^ s[2 * (x + 15) + z]
                ^ s[2 * (x + 20) + z];
        }
    }
    let rc = RC_INTERLEAVED;
    round_split::<0, false, LAZY>(s, rc[0], &mut c);
    round_split::<1, LAZY, LAZY>(s, rc[1], &mut c);
    round_split::<2, LAZY, LAZY>(s, rc[2], &mut c);
    round_split::<3, LAZY, LAZY>(s, rc[3], &mut c);
    macro_rules! quad {
        ($i:literal) => {
            round_split::<0, LAZY, LAZY>(s, rc[4 * $i], &mut c);
            round_split::<1, LAZY, LAZY>(s, rc[4 * $i + 1], &mut c);
            round_split::<2, LAZY, LAZY>(s, rc[4 * $i + 2], &mut c);
            round_split::<3, LAZY, LAZY>(s, rc[4 * $i + 3], &mut c);
        };
    }
    quad!(1);
    quad!(2);
    quad!(3);
    quad!(4);
    round_split::<0, LAZY, LAZY>(s, rc[20], &mut c);
    round_split::<1, LAZY, LAZY>(s, rc[21], &mut c);
    round_split::<2, LAZY, LAZY>(s, rc[22], &mut c);
    round_split::<3, LAZY, false>(s, rc[23], &mut c);
}

/// Un-complement masks per lane.
pub(super) const LANE_MASK: [u64; 25] = {
    let mut m = [0u64; 25];
    let mut i = 0;
    while i < 25 {
        if COMPLEMENTED[i] {
            m[i] = u64::MAX;
        }
        i += 1;
    }
    m
};
impl crate::sealed::Sealed for Interleaved32 {}

impl Keccak for Interleaved32 {
    type State = InterleavedState;

    const NAME: &'static str = "interleaved32";

    #[inline]
    fn xor_bytes(state: &mut InterleavedState, offset: usize, bytes: &[u8]) {
        interleave::xor_bytes(&mut state.0, offset, bytes);
    }

    #[inline]
    fn extract_bytes(state: &InterleavedState, offset: usize, out: &mut [u8]) {
        interleave::extract_bytes(&state.0, &LANE_MASK, offset, out);
    }

    #[inline]
    fn extract_words(state: &InterleavedState, offset: usize, out: &mut [u32]) {
        interleave::extract_words(&state.0, &LANE_MASK, offset, out);
    }

    #[inline(never)]
    fn permute(state: &mut InterleavedState) {
        permute_unrolled::<LAZY_ROTATION>(&mut state.0);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::Rng;
    use super::*;
    use crate::keccak::STATE_BYTES;

    #[test]
    fn unrolled_with_and_without_lazy_rotation() {
        // The target decides which one Interleaved32 runs; test both here.
        use crate::keccak::{Keccak as _, Sha3Crate};
        let mut rng = Rng(11);
        for _ in 0..100 {
            let mut bytes = [0u8; STATE_BYTES];
            rng.fill(&mut bytes);
            let mut want = [0u64; 25];
            Sha3Crate::xor_bytes(&mut want, 0, &bytes);
            Sha3Crate::permute(&mut want);
            for lazy in [false, true] {
                let mut s = InterleavedState::default();
                interleave::xor_bytes(&mut s.0, 0, &bytes);
                if lazy {
                    permute_unrolled::<true>(&mut s.0);
                } else {
                    permute_unrolled::<false>(&mut s.0);
                }
                let mut got = [0u8; STATE_BYTES];
                interleave::extract_bytes(&s.0, &LANE_MASK, 0, &mut got);
                let mut w = [0u8; STATE_BYTES];
                Sha3Crate::extract_bytes(&want, 0, &mut w);
                assert_eq!(got, w, "lazy = {lazy}");
            }
        }
    }

    #[test]
    fn complementing_needs_few_nots() {
        // Forms that need a NOT of an operand (as opposed to plain AND/OR): the
        // pattern is chosen so that these are few (they share a NOT per plane).
        let nots = CHI_FORMS
            .iter()
            .filter(|&&f| !matches!(f, 0b001 | 0b110))
            .count();
        assert!(nots <= 8, "{nots}");
    }

    #[test]
    fn debug_hides_state() {
        let s = InterleavedState::default();
        assert_eq!(std::format!("{s:?}"), "InterleavedState { .. }");
    }
}
