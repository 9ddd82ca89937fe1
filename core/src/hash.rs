//! Incremental SHAKE128 and SHAKE256 (absorb and squeeze as streams) and SHA3-224/256/
//! 384/512, over any Keccak backend.
//!
//! Every scheme hashes through these types. Each is generic over the permutation
//! backend ([`Keccak`]) with [`DefaultKeccak`] as the default, so `Shake256::new()`,
//! `Shake128::RATE` and `h: &mut Shake256` mean the default backend, and a strategy
//! picks another with `Shake256::<K>::with_backend()` (or [`shake256_with`]). All
//! backends give identical output. The states zeroize on drop (several of them absorb
//! secrets), and `Debug` shows no state.

use crate::keccak::Sponge;
pub use crate::keccak::{DefaultKeccak, Keccak};

/// The SHAKE128 rate in bytes (for code generic over the backend).
pub const SHAKE128_RATE: usize = 168;
/// The SHAKE256 rate in bytes (for code generic over the backend).
pub const SHAKE256_RATE: usize = 136;

/// FIPS 202 domain separation for SHAKE (suffix `1111`, then the first padding bit).
const SHAKE_DS: u8 = 0x1F;
/// FIPS 202 domain separation for SHA-3 (suffix `01`, then the first padding bit).
const SHA3_DS: u8 = 0x06;

macro_rules! shake {
    ($name:ident, $reader:ident, $rate:expr, $doc:expr) => {
        #[doc = concat!($doc, " in its absorbing phase, over the backend `K`.")]
        pub struct $name<K: Keccak = DefaultKeccak>(Sponge<K, { $rate }, SHAKE_DS>);

        #[doc = concat!($doc, " in its squeezing phase, over the backend `K`.")]
        pub struct $reader<K: Keccak = DefaultKeccak>(Sponge<K, { $rate }, SHAKE_DS>);

        impl $name<DefaultKeccak> {
            /// The rate in bytes: one Keccak-f\[1600\] permutation per this many bytes.
            pub const RATE: usize = $rate;

            /// An empty state over [`DefaultKeccak`].
            #[inline]
            pub fn new() -> Self {
                Self::with_backend()
            }
        }

        impl<K: Keccak> $name<K> {
            /// An empty state over the backend `K`.
            #[inline]
            pub fn with_backend() -> Self {
                Self(Sponge::new())
            }

            /// Absorbs `data`; may be called any number of times.
            #[inline]
            pub fn absorb(&mut self, data: &[u8]) {
                self.0.absorb(data);
            }

            /// Ends absorbing and starts squeezing.
            #[inline]
            pub fn finalize(mut self) -> $reader<K> {
                self.0.pad();
                $reader(self.0)
            }

            /// Ends absorbing, squeezes `out.len()` bytes and leaves an empty state (as
            /// [`Self::with_backend`] makes): [`Self::finalize`] for a single output,
            /// through a reference. A state moved into a call by value can leave a
            /// second copy of it in the caller's frame.
            #[inline]
            pub fn finalize_squeeze_reset(&mut self, out: &mut [u8]) {
                self.0.pad();
                self.0.squeeze(out);
                self.0 = Sponge::new();
            }
        }

        impl<K: Keccak> $reader<K> {
            /// Runs `f` on the squeezing state of the concatenation of `pieces`,
            /// built where it stays. A reader returned by value would be built in one
            /// place and moved into the caller's variable, and LLVM does not always
            /// merge the two: a second 200-byte state in the frame.
            #[inline(always)]
            pub fn with_pieces<R>(pieces: &[&[u8]], f: impl FnOnce(&mut Self) -> R) -> R {
                let mut r = Self(Sponge::new());
                for p in pieces {
                    r.0.absorb(p);
                }
                r.0.pad();
                f(&mut r)
            }
        }

        impl<K: Keccak> $reader<K> {
            /// Squeezes the next `out.len()` bytes of output.
            #[inline]
            pub fn squeeze(&mut self, out: &mut [u8]) {
                self.0.squeeze(out);
            }

            /// Squeezes the next `4 * out.len()` bytes as little-endian 32-bit words.
            ///
            /// # Panics
            /// If the bytes squeezed so far are not a multiple of 4.
            #[inline]
            pub fn squeeze_words(&mut self, out: &mut [u32]) {
                self.0.squeeze_words(out);
            }
        }

        impl<K: Keccak> Default for $name<K> {
            #[inline]
            fn default() -> Self {
                Self::with_backend()
            }
        }

        impl<K: Keccak> Clone for $name<K> {
            fn clone(&self) -> Self {
                Self(self.0.clone())
            }
        }

        impl<K: Keccak> Clone for $reader<K> {
            fn clone(&self) -> Self {
                Self(self.0.clone())
            }
        }

        impl<K: Keccak> core::fmt::Debug for $name<K> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!(stringify!($name), "<{}> {{ .. }}"), K::NAME)
            }
        }

        impl<K: Keccak> core::fmt::Debug for $reader<K> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!(stringify!($reader), "<{}> {{ .. }}"), K::NAME)
            }
        }
    };
}

shake!(
    Shake128,
    Shake128Reader,
    SHAKE128_RATE,
    "SHAKE128 (FIPS 202)"
);
shake!(
    Shake256,
    Shake256Reader,
    SHAKE256_RATE,
    "SHAKE256 (FIPS 202)"
);

/// SHAKE256 of the concatenation of `parts`, squeezed into `out`: FIPS 204's `H`.
pub fn shake256(parts: &[&[u8]], out: &mut [u8]) {
    shake256_with::<DefaultKeccak>(parts, out);
}

/// [`shake256`] over the backend `K`. Out of line: a caller's frame does not hold
/// its sponge.
#[inline(never)]
pub fn shake256_with<K: Keccak>(parts: &[&[u8]], out: &mut [u8]) {
    Shake256Reader::<K>::with_pieces(parts, |r| r.squeeze(out));
}

/// SHAKE128 of the concatenation of `parts`, squeezed into `out`.
pub fn shake128(parts: &[&[u8]], out: &mut [u8]) {
    shake128_with::<DefaultKeccak>(parts, out);
}

/// [`shake128`] over the backend `K`.
#[inline(never)]
pub fn shake128_with<K: Keccak>(parts: &[&[u8]], out: &mut [u8]) {
    Shake128Reader::<K>::with_pieces(parts, |r| r.squeeze(out));
}

macro_rules! sha3 {
    ($name:ident, $one_shot:ident, $one_shot_with:ident, $bytes:expr, $doc:expr) => {
        #[doc = concat!($doc, " (FIPS 202), incremental, over the backend `K`.")]
        pub struct $name<K: Keccak = DefaultKeccak>(Sponge<K, { 200 - 2 * $bytes }, SHA3_DS>);

        impl $name<DefaultKeccak> {
            /// The digest length in bytes.
            pub const OUTPUT_BYTES: usize = $bytes;
            /// The rate in bytes.
            pub const RATE: usize = 200 - 2 * $bytes;

            /// An empty state over [`DefaultKeccak`].
            #[inline]
            pub fn new() -> Self {
                Self::with_backend()
            }
        }

        impl<K: Keccak> $name<K> {
            /// An empty state over the backend `K`.
            #[inline]
            pub fn with_backend() -> Self {
                Self(Sponge::new())
            }

            /// Absorbs `data`; may be called any number of times.
            #[inline]
            pub fn absorb(&mut self, data: &[u8]) {
                self.0.absorb(data);
            }

            /// Writes the digest of everything absorbed.
            pub fn finalize(self, out: &mut [u8; $bytes]) {
                let mut sponge = self.0;
                sponge.pad();
                sponge.squeeze(out);
            }
        }

        impl<K: Keccak> Default for $name<K> {
            #[inline]
            fn default() -> Self {
                Self::with_backend()
            }
        }

        impl<K: Keccak> Clone for $name<K> {
            fn clone(&self) -> Self {
                Self(self.0.clone())
            }
        }

        impl<K: Keccak> core::fmt::Debug for $name<K> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!(stringify!($name), "<{}> {{ .. }}"), K::NAME)
            }
        }

        #[doc = concat!($doc, " of the concatenation of `parts`.")]
        pub fn $one_shot(parts: &[&[u8]], out: &mut [u8; $bytes]) {
            $one_shot_with::<DefaultKeccak>(parts, out);
        }

        #[doc = concat!("[`", stringify!($one_shot), "`] over the backend `K`.")]
        pub fn $one_shot_with<K: Keccak>(parts: &[&[u8]], out: &mut [u8; $bytes]) {
            let mut h = $name::<K>::with_backend();
            for p in parts {
                h.absorb(p);
            }
            h.finalize(out);
        }
    };
}

sha3!(Sha3_224, sha3_224, sha3_224_with, 28, "SHA3-224");
sha3!(Sha3_256, sha3_256, sha3_256_with, 32, "SHA3-256");
sha3!(Sha3_384, sha3_384, sha3_384_with, 48, "SHA3-384");
sha3!(Sha3_512, sha3_512, sha3_512_with, 64, "SHA3-512");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keccak::testutil::Rng;
    use crate::keccak::{Interleaved32, Interleaved32Compact, Sha3Crate};
    use sha3::digest::{Digest, ExtendableOutput, Update, XofReader};

    fn hex(b: &[u8]) -> std::string::String {
        b.iter().map(|x| std::format!("{x:02x}")).collect()
    }

    #[test]
    fn empty_string_digests() {
        // FIPS 202 example values for the empty message (NIST CSRC examples).
        fn check<K: Keccak>() {
            let mut out = [0u8; 32];
            Shake128::<K>::with_backend().finalize().squeeze(&mut out);
            assert_eq!(
                hex(&out),
                "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26"
            );
            shake256_with::<K>(&[], &mut out);
            assert_eq!(
                hex(&out),
                "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
            );
            let mut d224 = [0u8; 28];
            sha3_224_with::<K>(&[], &mut d224);
            assert_eq!(
                hex(&d224),
                "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7"
            );
            let mut d256 = [0u8; 32];
            sha3_256_with::<K>(&[], &mut d256);
            assert_eq!(
                hex(&d256),
                "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"
            );
            let mut d384 = [0u8; 48];
            sha3_384_with::<K>(&[], &mut d384);
            assert_eq!(
                hex(&d384),
                "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2a\
                 c3713831264adb47fb6bd1e058d5f004"
            );
            let mut d512 = [0u8; 64];
            sha3_512_with::<K>(&[], &mut d512);
            assert_eq!(
                hex(&d512),
                "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6\
                 15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26"
            );
        }
        check::<DefaultKeccak>();
        check::<Sha3Crate>();
        check::<Interleaved32>();
        check::<Interleaved32Compact>();
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

    /// Absorbs `msg` in random pieces (empty pieces included).
    fn absorb_split(rng: &mut Rng, msg: &[u8], mut absorb: impl FnMut(&[u8])) {
        let mut rest = msg;
        while !rest.is_empty() {
            let n = if rng.below(4) == 0 {
                0
            } else {
                rng.below(rest.len() + 1)
            };
            let (now, tail) = rest.split_at(n);
            absorb(now);
            rest = tail;
        }
        if rng.below(2) == 0 {
            absorb(&[]);
        }
    }

    /// Fills `out` in random pieces.
    fn squeeze_split(rng: &mut Rng, out: &mut [u8], mut squeeze: impl FnMut(&mut [u8])) {
        let mut rest = out;
        while !rest.is_empty() {
            let n = rng.below(rest.len() + 1);
            let (now, tail) = rest.split_at_mut(n);
            squeeze(now);
            rest = tail;
        }
    }

    /// Random message lengths (biased to rate boundaries), random absorb and squeeze
    /// split points: output equals the `sha3` crate's.
    fn shake_property<K: Keccak>(seed: u64) {
        let mut rng = Rng(seed);
        let mut msg = [0u8; 700];
        let mut want = [0u8; 600];
        let mut got = [0u8; 600];
        for case in 0..300 {
            let len = match case % 4 {
                0 => rng.below(msg.len() + 1),
                1 => (rng.below(4) + 1) * [SHAKE128_RATE, SHAKE256_RATE][rng.below(2)],
                2 => (rng.below(4) + 1) * [SHAKE128_RATE, SHAKE256_RATE][rng.below(2)] - 1,
                _ => rng.below(10),
            };
            let out_len = rng.below(want.len() + 1);
            rng.fill(&mut msg[..len]);
            let msg = &msg[..len];

            let mut x = sha3::Shake128::default();
            x.update(msg);
            x.finalize_xof().read(&mut want[..out_len]);
            let mut h = Shake128::<K>::with_backend();
            absorb_split(&mut rng, msg, |p| h.absorb(p));
            let mut r = h.finalize();
            squeeze_split(&mut rng, &mut got[..out_len], |o| r.squeeze(o));
            assert_eq!(
                &got[..out_len],
                &want[..out_len],
                "{} SHAKE128 len {len}",
                K::NAME
            );

            let mut x = sha3::Shake256::default();
            x.update(msg);
            x.finalize_xof().read(&mut want[..out_len]);
            let mut h = Shake256::<K>::with_backend();
            absorb_split(&mut rng, msg, |p| h.absorb(p));
            let mut r = h.finalize();
            squeeze_split(&mut rng, &mut got[..out_len], |o| r.squeeze(o));
            assert_eq!(
                &got[..out_len],
                &want[..out_len],
                "{} SHAKE256 len {len}",
                K::NAME
            );
        }
    }

    #[test]
    fn shake_matches_sha3_crate() {
        shake_property::<DefaultKeccak>(1);
        shake_property::<Sha3Crate>(2);
        shake_property::<Interleaved32>(3);
        shake_property::<Interleaved32Compact>(4);
    }

    fn sha3_property<K: Keccak>(seed: u64) {
        let mut rng = Rng(seed);
        let mut msg = [0u8; 600];
        for case in 0..200 {
            let len = match case % 3 {
                0 => rng.below(msg.len() + 1),
                1 => (rng.below(4) + 1) * [144, 136, 104, 72][rng.below(4)],
                _ => (rng.below(4) + 1) * [144, 136, 104, 72][rng.below(4)] - 1,
            };
            rng.fill(&mut msg[..len]);
            let msg = &msg[..len];

            macro_rules! check {
                ($ours:ident, $theirs:ty, $bytes:expr) => {{
                    let want = <$theirs>::digest(msg);
                    let mut h = $ours::<K>::with_backend();
                    absorb_split(&mut rng, msg, |p| h.absorb(p));
                    let mut got = [0u8; $bytes];
                    h.finalize(&mut got);
                    assert_eq!(
                        &got[..],
                        &want[..],
                        "{} {} len {len}",
                        K::NAME,
                        stringify!($ours)
                    );
                }};
            }
            check!(Sha3_224, sha3::Sha3_224, 28);
            check!(Sha3_256, sha3::Sha3_256, 32);
            check!(Sha3_384, sha3::Sha3_384, 48);
            check!(Sha3_512, sha3::Sha3_512, 64);
        }
    }

    #[test]
    fn sha3_matches_sha3_crate() {
        sha3_property::<DefaultKeccak>(5);
        sha3_property::<Sha3Crate>(6);
        sha3_property::<Interleaved32>(7);
        sha3_property::<Interleaved32Compact>(8);
    }

    /// Word squeezing (any backend, any word count, mixed with byte squeezing at
    /// multiples of 4) gives the bytes of byte squeezing.
    fn words_property<K: Keccak>(seed: u64) {
        let mut rng = Rng(seed);
        for _ in 0..100 {
            let mut msg = [0u8; 40];
            rng.fill(&mut msg);
            let mut want = [0u8; 1000];
            let mut h = Shake128::<K>::with_backend();
            h.absorb(&msg);
            h.clone().finalize().squeeze(&mut want);
            let mut r = h.finalize();
            let mut got = [0u8; 1000];
            let mut at = 0;
            while at < 700 {
                let n = rng.below(60);
                if rng.below(3) == 0 {
                    r.squeeze(&mut got[at..at + 4 * n]);
                } else {
                    let mut w = [0u32; 60];
                    r.squeeze_words(&mut w[..n]);
                    for (k, x) in w[..n].iter().enumerate() {
                        got[at + 4 * k..at + 4 * k + 4].copy_from_slice(&x.to_le_bytes());
                    }
                }
                at += 4 * n;
            }
            assert_eq!(&got[..at], &want[..at], "{}", K::NAME);

            let mut h = Shake256::<K>::with_backend();
            h.absorb(&msg);
            h.clone().finalize().squeeze(&mut want[..136 * 3]);
            let mut w = [0u32; 34 * 3];
            h.finalize().squeeze_words(&mut w);
            for (k, x) in w.iter().enumerate() {
                assert_eq!(x.to_le_bytes(), want[4 * k..4 * k + 4], "{}", K::NAME);
            }
        }
    }

    #[test]
    fn squeeze_words_matches_squeeze() {
        words_property::<Sha3Crate>(11);
        words_property::<Interleaved32>(12);
        words_property::<Interleaved32Compact>(13);
    }

    #[test]
    #[should_panic]
    fn squeeze_words_needs_word_position() {
        let mut r = Shake128::new().finalize();
        r.squeeze(&mut [0u8; 3]);
        r.squeeze_words(&mut [0u32; 1]);
    }

    #[test]
    fn default_call_sites_compile() {
        // The forms scheme code uses, with the default backend implied.
        let mut block = [0u8; Shake128::RATE];
        let mut h = Shake128::new();
        h.absorb(b"abc");
        let mut r: Shake128Reader = h.finalize();
        r.squeeze(&mut block);
        let mut block2 = [0u8; Shake256::RATE];
        let h: Shake256 = Shake256::new();
        let mut r: Shake256Reader = h.clone().finalize();
        r.squeeze(&mut block2);
        assert_eq!(Shake128::RATE, SHAKE128_RATE);
        assert_eq!(Sha3_256::RATE, 136);
        assert_eq!(Sha3_512::OUTPUT_BYTES, 64);
        let mut d = [0u8; 32];
        sha3_256(&[b"a", b"bc"], &mut d);
        let mut e = [0u8; 32];
        let mut s = Sha3_256::new();
        s.absorb(b"abc");
        s.finalize(&mut e);
        assert_eq!(d, e);
    }

    #[test]
    fn debug_hides_state() {
        let mut h = Shake256::<Interleaved32>::with_backend();
        h.absorb(b"secret");
        assert_eq!(std::format!("{h:?}"), "Shake256<interleaved32> { .. }");
        let r = h.finalize();
        assert_eq!(
            std::format!("{r:?}"),
            "Shake256Reader<interleaved32> { .. }"
        );
        let s = Sha3_256::<Sha3Crate>::default();
        assert_eq!(std::format!("{s:?}"), "Sha3_256<sha3-crate> { .. }");
    }
}
