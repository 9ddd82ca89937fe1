//! Dense packing of vectors over F_p and F_z (CROSS v2.2, reference
//! `pack_unpack.c`): `bits`-bit values in little-endian bit order, the last byte
//! padded with zero bits. Unpacking checks the padding and the range of every value.

/// Packs `values` (each below 2^bits, bits <= 16) into `out` (exactly ceil(n bits /
/// 8) bytes; any byte past them is zeroed).
pub fn pack(out: &mut [u8], values: impl Iterator<Item = u16>, bits: usize) {
    // A little-endian bit accumulator written out a byte at a time: fewer than 8 bits
    // wait before a value is added, so it never holds more than 23.
    let mut acc = 0u32;
    let mut nbits = 0;
    let mut byte = 0;
    for v in values {
        acc |= (v as u32) << nbits;
        nbits += bits;
        while nbits >= 8 {
            out[byte] = acc as u8;
            acc >>= 8;
            nbits -= 8;
            byte += 1;
        }
    }
    if nbits > 0 {
        out[byte] = acc as u8;
        byte += 1;
    }
    out[byte..].fill(0);
}

/// Reads `n` values of `bits` bits (at most 16) from `input` in order, giving each
/// to `sink(i, value)`; returns the bits left over in the last byte read (the
/// padding).
#[inline(always)]
fn read_values(input: &[u8], n: usize, bits: usize, mut sink: impl FnMut(usize, u32)) -> u32 {
    let mut acc = 0u32;
    let mut nbits = 0;
    let mut byte = 0;
    for i in 0..n {
        while nbits < bits {
            acc |= (input[byte] as u32) << nbits;
            byte += 1;
            nbits += 8;
        }
        sink(i, acc & ((1 << bits) - 1));
        acc >>= bits;
        nbits -= bits;
    }
    acc
}

/// Unpacks `n` values of `bits` bits from `input` through `sink(i, value)`, without
/// checks: for vectors pqfit packed itself (a secret kept between signing passes,
/// where a range check would be a comparison on a secret and has nothing to catch).
pub fn unpack_unchecked(input: &[u8], n: usize, bits: usize, mut sink: impl FnMut(usize, u16)) {
    read_values(input, n, bits, |i, v| sink(i, v as u16));
}

/// Unpacks `n` values of `bits` bits from `input` through `sink(i, value)`.
/// Returns `false` when a value is not below `bound` or a padding bit is set (the
/// values are still all delivered: the caller decides, without an early exit).
pub fn unpack(
    input: &[u8],
    n: usize,
    bits: usize,
    bound: u32,
    mut sink: impl FnMut(usize, u16),
) -> bool {
    let mut ok = true;
    let padding = read_values(input, n, bits, |i, v| {
        ok &= v < bound;
        sink(i, v as u16);
    });
    ok & (padding == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_checks() {
        for bits in [3usize, 7, 9] {
            for n in [1usize, 7, 8, 9, 25, 51, 127] {
                let vals: std::vec::Vec<u16> = (0..n)
                    .map(|i| ((i * 37 + 5) % (1 << bits)) as u16)
                    .collect();
                let mut out = std::vec![0u8; (n * bits).div_ceil(8)];
                pack(&mut out, vals.iter().copied(), bits);
                let mut back = std::vec![0u16; n];
                assert!(unpack(&out, n, bits, 1 << bits, |i, v| back[i] = v));
                assert_eq!(back, vals);
                let mut back = std::vec![0u16; n];
                unpack_unchecked(&out, n, bits, |i, v| back[i] = v);
                assert_eq!(back, vals);
                // A value at the bound is rejected.
                assert!(!unpack(&out, n, bits, 0, |_, _| {}));
                // A set padding bit is rejected.
                if (n * bits) % 8 != 0 {
                    let mut bad = out.clone();
                    *bad.last_mut().unwrap() |= 0x80;
                    assert!(!unpack(&bad, n, bits, 1 << bits, |_, _| {}));
                }
            }
        }
        // The 7-bit layout of the reference: out[0] = in0 | in1 << 7.
        let mut out = [0u8; 2];
        pack(&mut out, [0x55u16, 0x03].into_iter(), 7);
        assert_eq!(out, [0x55 | 0x80, 0x01]);
    }
}
