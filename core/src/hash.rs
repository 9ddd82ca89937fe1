//! Incremental SHAKE128 and SHAKE256: absorb and squeeze as streams.
//!
//! Every scheme hashes through these wrappers, so a different Keccak backend can be
//! put behind them without touching scheme code. The states zeroize on drop (the
//! `sha3` crate's `zeroize` feature): several of them absorb secrets.

use sha3::digest::{ExtendableOutput, Update, XofReader};

macro_rules! shake {
    ($name:ident, $reader:ident, $inner:ty, $inner_reader:ty, $rate:expr, $doc:expr) => {
        #[doc = concat!($doc, " in its absorbing phase.")]
        #[derive(Clone, Default)]
        pub struct $name($inner);

        #[doc = concat!($doc, " in its squeezing phase.")]
        pub struct $reader($inner_reader);

        impl $name {
            /// The rate in bytes: one Keccak-f\[1600\] permutation per this many bytes.
            pub const RATE: usize = $rate;

            /// An empty state.
            pub fn new() -> Self {
                Self::default()
            }

            /// Absorbs `data`; may be called any number of times.
            #[inline]
            pub fn absorb(&mut self, data: &[u8]) {
                self.0.update(data);
            }

            /// Ends absorbing and starts squeezing.
            #[inline]
            pub fn finalize(self) -> $reader {
                $reader(self.0.finalize_xof())
            }
        }

        impl $reader {
            /// Squeezes the next `out.len()` bytes of output.
            #[inline]
            pub fn squeeze(&mut self, out: &mut [u8]) {
                self.0.read(out);
            }
        }

        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(concat!(stringify!($name), " { .. }"))
            }
        }

        impl core::fmt::Debug for $reader {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(concat!(stringify!($reader), " { .. }"))
            }
        }
    };
}

shake!(
    Shake128,
    Shake128Reader,
    sha3::Shake128,
    sha3::Shake128Reader,
    168,
    "SHAKE128 (FIPS 202)"
);
shake!(
    Shake256,
    Shake256Reader,
    sha3::Shake256,
    sha3::Shake256Reader,
    136,
    "SHAKE256 (FIPS 202)"
);

/// SHAKE256 of the concatenation of `parts`, squeezed into `out`: FIPS 204's `H`.
pub fn shake256(parts: &[&[u8]], out: &mut [u8]) {
    let mut h = Shake256::new();
    for p in parts {
        h.absorb(p);
    }
    h.finalize().squeeze(out);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(b: &[u8]) -> [u8; 64] {
        let mut s = [0u8; 64];
        for (i, x) in b.iter().take(32).enumerate() {
            let d = b"0123456789abcdef";
            s[2 * i] = d[(x >> 4) as usize];
            s[2 * i + 1] = d[(x & 15) as usize];
        }
        s
    }

    #[test]
    fn empty_string_digests() {
        // FIPS 202 example values for the empty message.
        let mut out = [0u8; 32];
        Shake128::new().finalize().squeeze(&mut out);
        assert_eq!(
            &hex(&out),
            b"7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26"
        );
        shake256(&[], &mut out);
        assert_eq!(
            &hex(&out),
            b"46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
        );
    }

    #[test]
    fn streaming_equals_one_shot() {
        let data: [u8; 300] = core::array::from_fn(|i| (i * 7 + 3) as u8);
        let mut one = [0u8; 200];
        shake256(&[&data], &mut one);
        let mut h = Shake256::new();
        h.absorb(&data[..1]);
        h.absorb(&data[1..137]);
        h.absorb(&data[137..]);
        let mut r = h.finalize();
        let mut two = [0u8; 200];
        r.squeeze(&mut two[..5]);
        r.squeeze(&mut two[5..140]);
        r.squeeze(&mut two[140..]);
        assert_eq!(one, two);
    }
}
