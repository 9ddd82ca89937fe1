//! [`Interleaved32Compact`]: the state, byte interface and round logic of
//! [`Interleaved32`](super::Interleaved32) (bit-interleaved, lane-complemented, in
//! place), as one in-place round pair looped 12 times.
//!
//! π moves lanes; instead of moving them, the output lanes of each plane are written
//! over that plane's own input lanes. Output plane y reads the lanes (x + 3y, x);
//! writing output (x, y) over input lane σ(x, y) = (2x + y, 2x + 3y) makes the storage
//! map after r rounds σ^r, and σ∘σ is the identity (mod 5): a round pair returns every
//! lane to its place. Both words of a plane's inputs are read before its outputs are
//! written. No index depends on data: the maps are compile-time constants.

use super::backend::{Keccak, RHO_OFFSETS};
use super::interleave::{self, source_word, word_rotation, RC_INTERLEAVED};
use super::interleaved::{chi, InterleavedState, CHI_FORMS, LANE_MASK};

/// The same state, byte interface and round logic as [`Interleaved32`](super::Interleaved32), as one
/// in-place round pair looped 12 times: about a tenth of the flash of the unrolled
/// permutation, for 2-22 % more cycles per permutation on the M0, M4 and RV32 models
/// (more spills, no folded round constants).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Interleaved32Compact;

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

/// Keccak-f\[1600\], one round pair looped 12 times.
fn permute_looped(s: &mut [u32; 50]) {
    for [even, odd] in RC_PAIRS {
        round::<false>(s, even);
        round::<true>(s, odd);
    }
}

impl crate::sealed::Sealed for Interleaved32Compact {}

impl Keccak for Interleaved32Compact {
    type State = InterleavedState;

    const NAME: &'static str = "interleaved32-compact";

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
        permute_looped(&mut state.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_place_map_has_period_two() {
        for x in 0..5 {
            for y in 0..5 {
                let l = storage_lane(true, x, y);
                assert_eq!(storage_lane(true, l % 5, l / 5), x + 5 * y);
            }
        }
    }
}
