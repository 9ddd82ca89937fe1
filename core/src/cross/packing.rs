//! Dense packing of vectors over F_p and F_z (CROSS v2.2, reference
//! `pack_unpack.c`): `bits`-bit values in little-endian bit order, the last byte
//! padded with zero bits. Unpacking checks the padding and the range of every value.

/// Packs `values` (each below 2^bits) into `out` (exactly ceil(n bits / 8) bytes).
pub fn pack(out: &mut [u8], values: impl Iterator<Item = u16>, bits: usize) {
    out.fill(0);
    let mut bit = 0usize;
    for v in values {
        let v = v as u32;
        let mut done = 0;
        while done < bits {
            let byte = (bit + done) / 8;
            let shift = (bit + done) % 8;
            let take = (8 - shift).min(bits - done);
            out[byte] |= (((v >> done) & ((1 << take) - 1)) << shift) as u8;
            done += take;
        }
        bit += bits;
    }
}

/// Unpacks `n` values of `bits` bits from `input` through `sink(i, value)`, without
/// checks: for vectors pqfit packed itself (a secret kept between signing passes,
/// where a range check would be a comparison on a secret and has nothing to catch).
pub fn unpack_unchecked(input: &[u8], n: usize, bits: usize, mut sink: impl FnMut(usize, u16)) {
    for i in 0..n {
        let start = i * bits;
        let mut v = 0u32;
        let mut done = 0;
        while done < bits {
            let byte = (start + done) / 8;
            let shift = (start + done) % 8;
            let take = (8 - shift).min(bits - done);
            v |= ((input[byte] as u32 >> shift) & ((1 << take) - 1)) << done;
            done += take;
        }
        sink(i, v as u16);
    }
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
    for i in 0..n {
        let start = i * bits;
        let mut v = 0u32;
        let mut done = 0;
        while done < bits {
            let byte = (start + done) / 8;
            let shift = (start + done) % 8;
            let take = (8 - shift).min(bits - done);
            v |= ((input[byte] as u32 >> shift) & ((1 << take) - 1)) << done;
            done += take;
        }
        ok &= v < bound;
        sink(i, v as u16);
    }
    let used = n * bits;
    if !used.is_multiple_of(8) {
        ok &= input[used / 8] >> (used % 8) == 0;
    }
    ok
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
