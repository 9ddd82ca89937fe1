//! Keccak-f\[1600\] for 32-bit cores: bit-interleaved, lane-complemented, in place.
//!
//! Three standard techniques from the Keccak team's implementation overview, written
//! so that the compiler sees only 32-bit operations with constant indices:
//!
//! - **Bit interleaving.** A 64-bit lane is kept as two 32-bit words, one holding its
//!   even-numbered bits and one its odd-numbered bits. A 64-bit rotation by `2k` is
//!   then two 32-bit rotations by `k`, and a rotation by `2k + 1` is two 32-bit
//!   rotations (by `k + 1` and `k`) that swap the words. Bytes are converted only at
//!   the byte interface ([`interleave`], [`deinterleave`]).
//! - **Lane complementing.** Six lanes (positions (1,0), (2,0), (3,1), (2,2), (2,3),
//!   (0,4)) are stored complemented. θ, ρ, π and ι are affine, so they carry the
//!   complement through; χ then needs a NOT on only one operand per plane instead of
//!   all 25 (the rest become AND/OR), which matters on cores without an and-not
//!   instruction (RV32IMAC). The per-lane χ forms are derived at compile time from
//!   the pattern ([`CHI_FORMS`]); XOR-ing input bytes needs no change, extracting
//!   output un-complements.
//! - **In-place rounds.** π moves lanes; instead of moving them, the output lanes of
//!   each plane are written over that plane's own input lanes. Output plane y reads the
//!   lanes (x + 3y, x); writing output (x, y) over input lane σ(x, y) = (2x + y,
//!   2x + 3y) makes the storage map after r rounds σ^r, and σ∘σ is the identity (mod 5).
//!   No second state buffer, and no index depends on data: the maps are compile-time
//!   constants.
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
//! [`Interleaved32Compact`] loops 12 times over one round pair with the lane-level map
//! of period 2 (both words of a plane's inputs are read before its outputs are
//! written): about a tenth of the flash. Both are straight-line in the data: no
//! branch or index depends on the state.
//!
//! Speed depends on the build as much as on the source: with LLVM's generic
//! scheduling model the unrolled code spills much more than with `-C
//! target-cpu=cortex-m4` (or `cortex-m3`, `sifive-e31`), which lets it schedule for
//! the in-order core (about 15 % fewer cycles on the M4 model, 30 % on RV32).

use super::backend::{Keccak, RHO_OFFSETS, ROUND_CONSTANTS, STATE_BYTES};
use zeroize::Zeroize;

/// Keccak-f\[1600\] with bit-interleaved, lane-complemented lanes and in-place rounds,
/// all 24 rounds unrolled: the fast choice on 32-bit cores (Cortex-M0/M3/M4, RV32).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Interleaved32;

/// The same state, byte interface and round logic as [`Interleaved32`], as one
/// in-place round pair looped 12 times: about a tenth of the flash of the unrolled
/// permutation, for 2-22 % more cycles per permutation on the M0, M4 and RV32 models
/// (more spills, no folded round constants).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Interleaved32Compact;

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

/// The state of [`Interleaved32`] and [`Interleaved32Compact`]: word `2i` holds the
/// even bits and word `2i + 1` the odd bits of lane `i = x + 5y`; the lanes of the
/// complementing pattern are stored inverted. The all-zero Keccak state is therefore
/// not all-zero words; [`Default`] and [`Zeroize`] produce it.
#[derive(Clone)]
pub struct InterleavedState([u32; 50]);

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

/// Moves the even bits of `x` to its low half and the odd bits to its high half,
/// keeping their order (four delta swaps).
const fn unshuffle(mut x: u32) -> u32 {
    let mut t = (x ^ (x >> 1)) & 0x2222_2222;
    x ^= t ^ (t << 1);
    t = (x ^ (x >> 2)) & 0x0C0C_0C0C;
    x ^= t ^ (t << 2);
    t = (x ^ (x >> 4)) & 0x00F0_00F0;
    x ^= t ^ (t << 4);
    t = (x ^ (x >> 8)) & 0x0000_FF00;
    x ^= t ^ (t << 8);
    x
}

/// The inverse of [`unshuffle`].
const fn shuffle(mut x: u32) -> u32 {
    let mut t = (x ^ (x >> 8)) & 0x0000_FF00;
    x ^= t ^ (t << 8);
    t = (x ^ (x >> 4)) & 0x00F0_00F0;
    x ^= t ^ (t << 4);
    t = (x ^ (x >> 2)) & 0x0C0C_0C0C;
    x ^= t ^ (t << 2);
    t = (x ^ (x >> 1)) & 0x2222_2222;
    x ^= t ^ (t << 1);
    x
}

/// Splits a 64-bit lane into (even bits, odd bits): bit `2i` of `lane` is bit `i` of
/// the first word, bit `2i + 1` is bit `i` of the second.
pub const fn interleave(lane: u64) -> [u32; 2] {
    let lo = unshuffle(lane as u32);
    let hi = unshuffle((lane >> 32) as u32);
    [(lo & 0xFFFF) | (hi << 16), (lo >> 16) | (hi & 0xFFFF_0000)]
}

/// The inverse of [`interleave`].
pub const fn deinterleave(words: [u32; 2]) -> u64 {
    let [even, odd] = words;
    let lo = shuffle((even & 0xFFFF) | (odd << 16));
    let hi = shuffle((even >> 16) | (odd & 0xFFFF_0000));
    (lo as u64) | ((hi as u64) << 32)
}

/// The round constants, interleaved.
static RC_INTERLEAVED: [[u32; 2]; 24] = {
    let mut rc = [[0u32; 2]; 24];
    let mut i = 0;
    while i < 24 {
        rc[i] = interleave(ROUND_CONSTANTS[i]);
        i += 1;
    }
    rc
};

/// The round constants of each round pair, for the looped permutation.
static RC_PAIRS: [[[u32; 2]; 2]; 12] = {
    let mut rc = [[[0u32; 2]; 2]; 12];
    let mut i = 0;
    while i < 12 {
        rc[i] = [RC_INTERLEAVED[2 * i], RC_INTERLEAVED[2 * i + 1]];
        i += 1;
    }
    rc
};

/// Where logical lane (x, y) is stored: at (x, y) after an even number of rounds and
/// at σ(x, y) = (2x + y, 2x + 3y) after an odd number.
const fn storage_lane(odd: bool, x: usize, y: usize) -> usize {
    if odd {
        (2 * x + y) % 5 + 5 * ((2 * x + 3 * y) % 5)
    } else {
        x + 5 * y
    }
}

/// For a 64-bit rotation by `r` in interleaved form: output word `z` (0 even, 1 odd)
/// is input word `source_word(r, z)` rotated left by `word_rotation(r, z)`.
const fn source_word(r: u32, z: usize) -> usize {
    if r.is_multiple_of(2) {
        z
    } else {
        1 - z
    }
}

const fn word_rotation(r: u32, z: usize) -> u32 {
    if r.is_multiple_of(2) {
        r / 2
    } else if z == 0 {
        r.div_ceil(2) % 32
    } else {
        (r - 1) / 2
    }
}

/// How χ computes output lane `x + 5y` from the stored (possibly complemented) inputs
/// `a = B[x]`, `u = B[x+1]`, `v = B[x+2]`: bit 0 and 1 say whether `u` and `v` are
/// stored complemented at χ's input, bit 2 whether the output must be stored
/// complemented relative to `a ^ (true χ term)`.
const CHI_FORMS: [u8; 25] = {
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
fn chi(form: u8, a: u32, u: u32, v: u32) -> u32 {
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

/// One round in place. `ODD` says whether the state is in the odd-round storage map on
/// entry; on return it is in the other one.
#[inline(always)]
fn round<const ODD: bool>(s: &mut [u32; 50], rc: [u32; 2]) {
    // Word z of logical lane (x, y) in the entry storage map.
    macro_rules! word {
        ($x:expr, $y:expr, $z:expr) => {
            s[const { 2 * storage_lane(ODD, $x, $y) + $z }]
        };
    }

    // θ: column parities and the D values.
    let mut c = [[0u32; 2]; 5];
    macro_rules! column {
        ($x:literal) => {
            c[$x][0] = word!($x, 0, 0)
                ^ word!($x, 1, 0)
                ^ word!($x, 2, 0)
                ^ word!($x, 3, 0)
                ^ word!($x, 4, 0);
            c[$x][1] = word!($x, 0, 1)
                ^ word!($x, 1, 1)
                ^ word!($x, 2, 1)
                ^ word!($x, 3, 1)
                ^ word!($x, 4, 1);
        };
    }
    column!(0);
    column!(1);
    column!(2);
    column!(3);
    column!(4);

    let mut d = [[0u32; 2]; 5];
    macro_rules! theta_d {
        ($x:literal) => {
            // D[x] = C[x-1] ^ rot64(C[x+1], 1): the rotation by 1 swaps the words.
            d[$x][0] = c[($x + 4) % 5][0] ^ c[($x + 1) % 5][1].rotate_left(1);
            d[$x][1] = c[($x + 4) % 5][1] ^ c[($x + 1) % 5][0];
        };
    }
    theta_d!(0);
    theta_d!(1);
    theta_d!(2);
    theta_d!(3);
    theta_d!(4);

    // ρ, π, χ, ι, one output plane at a time, written over its own input lanes.
    macro_rules! plane {
        ($y:literal) => {{
            let mut b = [[0u32; 2]; 5];
            macro_rules! input {
                // B[x][y] = rot64(A[x + 3y][x] ^ D[x + 3y], r[x + 3y][x]).
                ($x:literal) => {
                    b[$x][0] = (word!(
                        ($x + 3 * $y) % 5,
                        $x,
                        source_word(RHO_OFFSETS[($x + 3 * $y) % 5 + 5 * $x], 0)
                    ) ^ d[($x + 3 * $y) % 5]
                        [const { source_word(RHO_OFFSETS[($x + 3 * $y) % 5 + 5 * $x], 0) }])
                    .rotate_left(
                        const { word_rotation(RHO_OFFSETS[($x + 3 * $y) % 5 + 5 * $x], 0) },
                    );
                    b[$x][1] = (word!(
                        ($x + 3 * $y) % 5,
                        $x,
                        source_word(RHO_OFFSETS[($x + 3 * $y) % 5 + 5 * $x], 1)
                    ) ^ d[($x + 3 * $y) % 5]
                        [const { source_word(RHO_OFFSETS[($x + 3 * $y) % 5 + 5 * $x], 1) }])
                    .rotate_left(
                        const { word_rotation(RHO_OFFSETS[($x + 3 * $y) % 5 + 5 * $x], 1) },
                    );
                };
            }
            input!(0);
            input!(1);
            input!(2);
            input!(3);
            input!(4);
            macro_rules! output {
                // Output lane (x, y) goes where input lane σ(x, y) was: its place in
                // the storage map of the next round.
                ($x:literal, $z:literal) => {
                    s[const { 2 * storage_lane(!ODD, $x, $y) + $z }] =
                        chi(
                            const { CHI_FORMS[$x + 5 * $y] },
                            b[$x][$z],
                            b[($x + 1) % 5][$z],
                            b[($x + 2) % 5][$z],
                        ) ^ if $x == 0 && $y == 0 { rc[$z] } else { 0 };
                };
            }
            output!(0, 0);
            output!(0, 1);
            output!(1, 0);
            output!(1, 1);
            output!(2, 0);
            output!(2, 1);
            output!(3, 0);
            output!(3, 1);
            output!(4, 0);
            output!(4, 1);
        }};
    }
    plane!(0);
    plane!(1);
    plane!(2);
    plane!(3);
    plane!(4);
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

/// Keccak-f\[1600\], one round pair looped 12 times.
fn permute_looped(s: &mut [u32; 50]) {
    for [even, odd] in RC_PAIRS {
        round::<false>(s, even);
        round::<true>(s, odd);
    }
}

fn xor_bytes(state: &mut InterleavedState, offset: usize, bytes: &[u8]) {
    assert!(offset + bytes.len() <= STATE_BYTES);
    let mut pos = offset;
    let mut data = bytes;
    while !data.is_empty() {
        let lane = pos / 8;
        let start = pos % 8;
        let n;
        let value = match data.split_first_chunk::<8>() {
            Some((chunk, _)) if start == 0 => {
                n = 8;
                u64::from_le_bytes(*chunk)
            }
            _ => {
                n = core::cmp::min(8 - start, data.len());
                let mut buf = [0u8; 8];
                for (b, d) in buf[start..].iter_mut().zip(&data[..n]) {
                    *b = *d;
                }
                u64::from_le_bytes(buf)
            }
        };
        let [even, odd] = interleave(value);
        state.0[2 * lane] ^= even;
        state.0[2 * lane + 1] ^= odd;
        pos += n;
        data = &data[n..];
    }
}

/// Un-complement masks per lane.
const LANE_MASK: [u64; 25] = {
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

fn extract_bytes(state: &InterleavedState, offset: usize, out: &mut [u8]) {
    assert!(offset + out.len() <= STATE_BYTES);
    let mut pos = offset;
    let mut rest = out;
    while !rest.is_empty() {
        let lane = pos / 8;
        let start = pos % 8;
        let value = deinterleave([state.0[2 * lane], state.0[2 * lane + 1]]) ^ LANE_MASK[lane];
        let bytes = value.to_le_bytes();
        if start == 0 && rest.len() >= 8 {
            // Whole lanes as one 8-byte store (a variable-length copy would call memcpy).
            let (now, tail) = rest.split_at_mut(8);
            now.copy_from_slice(&bytes);
            pos += 8;
            rest = tail;
            continue;
        }
        let n = core::cmp::min(8 - start, rest.len());
        let (now, tail) = rest.split_at_mut(n);
        for (o, b) in now.iter_mut().zip(&bytes[start..]) {
            *o = *b;
        }
        pos += n;
        rest = tail;
    }
}

fn extract_words(state: &InterleavedState, offset: usize, out: &mut [u32]) {
    assert!(offset.is_multiple_of(4) && offset + 4 * out.len() <= STATE_BYTES);
    let mut lane = offset / 8;
    let rest = if offset % 8 == 4 && !out.is_empty() {
        // The upper half of a lane first.
        let (w, tail) = out.split_at_mut(1);
        let v = deinterleave([state.0[2 * lane], state.0[2 * lane + 1]]) ^ LANE_MASK[lane];
        w[0] = (v >> 32) as u32;
        lane += 1;
        tail
    } else {
        out
    };
    let mut pairs = rest.chunks_exact_mut(2);
    for (pair, (words, mask)) in
        (&mut pairs).zip(state.0[2 * lane..].chunks_exact(2).zip(&LANE_MASK[lane..]))
    {
        let v = deinterleave([words[0], words[1]]) ^ mask;
        pair[0] = v as u32;
        pair[1] = (v >> 32) as u32;
        lane += 1;
    }
    if let [w] = pairs.into_remainder() {
        let v = deinterleave([state.0[2 * lane], state.0[2 * lane + 1]]) ^ LANE_MASK[lane];
        *w = v as u32;
    }
}

impl crate::sealed::Sealed for Interleaved32 {}

impl Keccak for Interleaved32 {
    type State = InterleavedState;

    const NAME: &'static str = "interleaved32";

    #[inline]
    fn xor_bytes(state: &mut InterleavedState, offset: usize, bytes: &[u8]) {
        xor_bytes(state, offset, bytes);
    }

    #[inline]
    fn extract_bytes(state: &InterleavedState, offset: usize, out: &mut [u8]) {
        extract_bytes(state, offset, out);
    }

    #[inline]
    fn extract_words(state: &InterleavedState, offset: usize, out: &mut [u32]) {
        extract_words(state, offset, out);
    }

    #[inline(never)]
    fn permute(state: &mut InterleavedState) {
        permute_unrolled::<LAZY_ROTATION>(&mut state.0);
    }
}

impl crate::sealed::Sealed for Interleaved32Compact {}

impl Keccak for Interleaved32Compact {
    type State = InterleavedState;

    const NAME: &'static str = "interleaved32-compact";

    #[inline]
    fn xor_bytes(state: &mut InterleavedState, offset: usize, bytes: &[u8]) {
        xor_bytes(state, offset, bytes);
    }

    #[inline]
    fn extract_bytes(state: &InterleavedState, offset: usize, out: &mut [u8]) {
        extract_bytes(state, offset, out);
    }

    #[inline]
    fn extract_words(state: &InterleavedState, offset: usize, out: &mut [u32]) {
        extract_words(state, offset, out);
    }

    #[inline(never)]
    fn permute(state: &mut InterleavedState) {
        permute_looped(&mut state.0);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::Rng;
    use super::*;

    fn interleave_naive(lane: u64) -> [u32; 2] {
        let mut w = [0u32; 2];
        for i in 0..64 {
            w[i % 2] |= (((lane >> i) & 1) as u32) << (i / 2);
        }
        w
    }

    #[test]
    fn interleave_round_trip() {
        let mut rng = Rng(0xDEAD_BEEF);
        let special = [
            0,
            1,
            2,
            u64::MAX,
            0x8000_0000_0000_0000,
            0x5555_5555_5555_5555,
        ];
        for i in 0..10_000 {
            let v = if i < special.len() {
                special[i]
            } else {
                rng.next_u64()
            };
            let w = interleave(v);
            assert_eq!(w, interleave_naive(v), "{v:#x}");
            assert_eq!(deinterleave(w), v);
        }
    }

    #[test]
    fn rotation_in_interleaved_form() {
        let mut rng = Rng(3);
        for _ in 0..100 {
            let v = rng.next_u64();
            let w = interleave(v);
            for r in 0..64 {
                let z0 = w[source_word(r, 0)].rotate_left(word_rotation(r, 0));
                let z1 = w[source_word(r, 1)].rotate_left(word_rotation(r, 1));
                assert_eq!(deinterleave([z0, z1]), v.rotate_left(r));
            }
        }
    }

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
                xor_bytes(&mut s, 0, &bytes);
                if lazy {
                    permute_unrolled::<true>(&mut s.0);
                } else {
                    permute_unrolled::<false>(&mut s.0);
                }
                let mut got = [0u8; STATE_BYTES];
                extract_bytes(&s, 0, &mut got);
                let mut w = [0u8; STATE_BYTES];
                Sha3Crate::extract_bytes(&want, 0, &mut w);
                assert_eq!(got, w, "lazy = {lazy}");
            }
        }
    }

    #[test]
    fn in_place_map_has_period_two() {
        for x in 0..5 {
            for y in 0..5 {
                let l = storage_lane(true, x, y);
                assert_eq!(storage_lane(true, l % 5, l / 5), x + 5 * y);
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
