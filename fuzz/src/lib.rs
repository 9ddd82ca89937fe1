//! What the fuzz targets share: the layout of their inputs (the seed generator,
//! `fuzz/make-seeds.py`, writes the same layouts), and independent oracles written from
//! the specifications for the decoders' accept/reject answers.
//!
//! Every target reads its input with [`Input`]: a few selector bytes, then fixed-size
//! fields, then the rest. Short inputs read as zeros, so every byte string is a valid
//! input.

use pqfit::ParameterSet;

/// A cursor over a fuzz input.
pub struct Input<'a>(&'a [u8]);

impl<'a> Input<'a> {
    /// Reads `data` from the start.
    pub fn new(data: &'a [u8]) -> Self {
        Input(data)
    }

    /// The next byte (0 past the end).
    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// The next `n` bytes, or fewer at the end.
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let (head, rest) = self.0.split_at(n.min(self.0.len()));
        self.0 = rest;
        head
    }

    /// Whatever is left.
    pub fn rest(self) -> &'a [u8] {
        self.0
    }
}

/// How `mldsa_verify` calls verification.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerifyMode {
    /// `verify(vk, msg, ctx, sig)`: pure ML-DSA (FIPS 204, Algorithm 3).
    Pure,
    /// `hash_verify(vk, msg, ctx, PreHash::ALL[aux % 12], sig)` (Algorithm 5).
    PreHash,
    /// `verify_internal(vk, msg, sig)`, msg being M' (Algorithm 8).
    Internal,
    /// `verify_mu(vk, mu, sig)` with mu = the first 64 bytes of msg (zero-padded).
    ExternalMu,
}

impl VerifyMode {
    /// The mode for a selector byte.
    pub fn from_byte(b: u8) -> Self {
        match b % 4 {
            0 => VerifyMode::Pure,
            1 => VerifyMode::PreHash,
            2 => VerifyMode::Internal,
            _ => VerifyMode::ExternalMu,
        }
    }
}

/// FIPS 204, Algorithm 25 (skDecode) acceptance, written out from the spec: every
/// packed s1 and s2 value b must give eta - b in [-eta, eta], i.e. b <= 2 eta. `sk` has
/// the parameter set's length.
pub fn mldsa_sk_well_formed<P: ParameterSet>(sk: &[u8]) -> bool {
    let bits = if P::ETA == 2 { 3 } else { 4 };
    let count = (P::L + P::K) * 256;
    let packed = &sk[128..128 + count * bits / 8];
    (0..count).all(|i| bit_field(packed, i * bits, bits) <= 2 * P::ETA as u32)
}

/// FIPS 204, Algorithm 21 (HintBitUnpack) acceptance, as a canonical-encoding check
/// rather than the algorithm's own steps: a hint field is well formed exactly when it
/// is what HintBitPack (Algorithm 20) writes for the hint it denotes. Each row's
/// positions are read as a set (row ends clamped into range) and written back sorted,
/// with the running counts and zero padding; any unsorted or repeated position, bad
/// row end or non-zero padding makes the two differ. `hint` is the last omega + k
/// bytes of a signature.
pub fn mldsa_hint_well_formed<P: ParameterSet>(hint: &[u8]) -> bool {
    let (positions, ends) = hint.split_at(P::OMEGA);
    let mut canonical = vec![0u8; hint.len()];
    let mut start = 0;
    let mut written = 0;
    for (i, &end) in ends.iter().enumerate() {
        let end = (end as usize).clamp(start, P::OMEGA);
        let mut row = [false; 256];
        for &p in &positions[start..end] {
            row[p as usize] = true;
        }
        for j in (0..256).filter(|&j| row[j]) {
            canonical[written] = j as u8;
            written += 1;
        }
        canonical[P::OMEGA + i] = written as u8;
        start = end;
    }
    canonical == hint
}

/// `width` bits at bit offset `at` of a little-endian bit string.
pub fn bit_field(bytes: &[u8], at: usize, width: usize) -> u32 {
    (0..width).fold(0, |v, k| {
        let bit = at + k;
        v | ((((bytes[bit / 8] >> (bit % 8)) & 1) as u32) << k)
    })
}

/// Runs `$f::<P>($args)` for the ML-DSA parameter set chosen by `$sel` (0, 1, 2 for
/// ML-DSA-44, -65, -87, modulo 3).
#[macro_export]
macro_rules! with_mldsa_set {
    ($sel:expr, $f:ident ( $($args:expr),* )) => {
        match $sel % 3 {
            0 => $f::<pqfit::MlDsa44>($($args),*),
            1 => $f::<pqfit::MlDsa65>($($args),*),
            _ => $f::<pqfit::MlDsa87>($($args),*),
        }
    };
}

/// The CROSS parameter sets in selector order (0 to 17), as the spec names them.
pub const CROSS_SETS: [&str; 18] = [
    "CROSS-RSDP-1-fast",
    "CROSS-RSDP-1-balanced",
    "CROSS-RSDP-1-small",
    "CROSS-RSDP-3-fast",
    "CROSS-RSDP-3-balanced",
    "CROSS-RSDP-3-small",
    "CROSS-RSDP-5-fast",
    "CROSS-RSDP-5-balanced",
    "CROSS-RSDP-5-small",
    "CROSS-RSDPG-1-fast",
    "CROSS-RSDPG-1-balanced",
    "CROSS-RSDPG-1-small",
    "CROSS-RSDPG-3-fast",
    "CROSS-RSDPG-3-balanced",
    "CROSS-RSDPG-3-small",
    "CROSS-RSDPG-5-fast",
    "CROSS-RSDPG-5-balanced",
    "CROSS-RSDPG-5-small",
];

/// Runs `$f::<P>($args)` for the CROSS parameter set chosen by `$sel` (the order of
/// [`CROSS_SETS`], modulo 18).
#[macro_export]
macro_rules! with_cross_set {
    ($sel:expr, $f:ident ( $($args:expr),* )) => {{
        use pqfit::cross::*;
        match $sel % 18 {
            0 => $f::<Rsdp1Fast>($($args),*),
            1 => $f::<Rsdp1Balanced>($($args),*),
            2 => $f::<Rsdp1Small>($($args),*),
            3 => $f::<Rsdp3Fast>($($args),*),
            4 => $f::<Rsdp3Balanced>($($args),*),
            5 => $f::<Rsdp3Small>($($args),*),
            6 => $f::<Rsdp5Fast>($($args),*),
            7 => $f::<Rsdp5Balanced>($($args),*),
            8 => $f::<Rsdp5Small>($($args),*),
            9 => $f::<Rsdpg1Fast>($($args),*),
            10 => $f::<Rsdpg1Balanced>($($args),*),
            11 => $f::<Rsdpg1Small>($($args),*),
            12 => $f::<Rsdpg3Fast>($($args),*),
            13 => $f::<Rsdpg3Balanced>($($args),*),
            14 => $f::<Rsdpg3Small>($($args),*),
            15 => $f::<Rsdpg5Fast>($($args),*),
            16 => $f::<Rsdpg5Balanced>($($args),*),
            _ => $f::<Rsdpg5Small>($($args),*),
        }
    }};
}

/// Runs `$f::<P>($args)` for the ML-KEM parameter set chosen by `$sel` (0, 1, 2 for
/// ML-KEM-512, -768, -1024, modulo 3).
#[macro_export]
macro_rules! with_mlkem_set {
    ($sel:expr, $f:ident ( $($args:expr),* )) => {
        match $sel % 3 {
            0 => $f::<pqfit::mlkem::MlKem512Params>($($args),*),
            1 => $f::<pqfit::mlkem::MlKem768Params>($($args),*),
            _ => $f::<pqfit::mlkem::MlKem1024Params>($($args),*),
        }
    };
}

/// FIPS 203 §7.2, the modulus check, written out from the spec: every 12-bit field of
/// the encoded t-hat (`t_hat`, the first 384k bytes of ek) is below q = 3329.
pub fn mlkem_t_hat_canonical(t_hat: &[u8]) -> bool {
    (0..t_hat.len() * 8 / 12).all(|i| bit_field(t_hat, 12 * i, 12) < 3329)
}

/// SHA3-256 of `data`, by the sha3 crate (an oracle independent of pqfit's Keccak).
pub fn sha3_256(data: &[u8]) -> [u8; 32] {
    use sha3::Digest;
    let mut out = [0u8; 32];
    out.copy_from_slice(&sha3::Sha3_256::digest(data));
    out
}

/// FIPS 203, Algorithm 18 line 7: the implicit-rejection key J(z || c) =
/// SHAKE256(z || c, 32), by the sha3 crate.
pub fn mlkem_j(z: &[u8], c: &[u8]) -> [u8; 32] {
    use sha3::digest::{ExtendableOutput, Update, XofReader};
    let mut x = sha3::Shake256::default();
    x.update(z);
    x.update(c);
    let mut out = [0u8; 32];
    x.finalize_xof().read(&mut out);
    out
}

/// The ML-KEM strategies the targets compare: the three presets and two `Custom`
/// mixes with what no preset uses (`StoredCompare`, `DecodedSecret` with `CachedA`,
/// `EagerReduce` with `CachedSecret`, the 32-bit Keccak backends).
pub mod mlkem {
    use pqfit::mlkem::{
        Balanced, CachedA, CachedSecret, Ciphertext, Custom, DecodedSecret, EagerReduce, FastKem,
        LazyAccumulate, ParameterSet, PublicKey, SecretKey, SharedSecret, SmallStack,
        StoredCompare, Strategy, StreamedA,
    };
    use pqfit::strategy::{Interleaved32, Interleaved32Compact};
    use pqfit::MlKem;

    /// A-hat kept, s-hat decoded per use, the stored comparison, `Interleaved32`.
    pub type StoredCached =
        Custom<CachedA, DecodedSecret, StoredCompare, LazyAccumulate, Interleaved32>;
    /// A-hat streamed, s-hat kept, the stored comparison, eager reduction,
    /// `Interleaved32Compact`.
    pub type StoredStreamed =
        Custom<StreamedA, CachedSecret, StoredCompare, EagerReduce, Interleaved32Compact>;

    fn decaps<P: ParameterSet, S: Strategy<P>>(dk: &SecretKey<P>, ct: &Ciphertext<P>) -> [u8; 32] {
        let mut ss = SharedSecret::zeroed();
        MlKem::<P, S>::decaps(dk, ct, &mut ss);
        *ss.as_bytes()
    }

    fn encaps<P: ParameterSet, S: Strategy<P>>(
        ek: &PublicKey<P>,
        m: &[u8; 32],
    ) -> (Ciphertext<P>, [u8; 32]) {
        let (mut ct, mut ss) = (Ciphertext::default(), SharedSecret::zeroed());
        MlKem::<P, S>::encaps_internal(ek, m, &mut ct, &mut ss);
        (ct, *ss.as_bytes())
    }

    /// Decapsulation of `ct` under each strategy, by name.
    pub fn decaps_all<P: ParameterSet>(
        dk: &SecretKey<P>,
        ct: &Ciphertext<P>,
    ) -> [(&'static str, [u8; 32]); 5] {
        [
            ("SmallStack", decaps::<P, SmallStack>(dk, ct)),
            ("Balanced", decaps::<P, Balanced>(dk, ct)),
            ("FastKem", decaps::<P, FastKem>(dk, ct)),
            ("StoredCached", decaps::<P, StoredCached>(dk, ct)),
            ("StoredStreamed", decaps::<P, StoredStreamed>(dk, ct)),
        ]
    }

    /// Encapsulation (FIPS 203, Algorithm 17) to `ek` with `m` under each strategy.
    pub fn encaps_all<P: ParameterSet>(
        ek: &PublicKey<P>,
        m: &[u8; 32],
    ) -> [(&'static str, (Ciphertext<P>, [u8; 32])); 5] {
        [
            ("SmallStack", encaps::<P, SmallStack>(ek, m)),
            ("Balanced", encaps::<P, Balanced>(ek, m)),
            ("FastKem", encaps::<P, FastKem>(ek, m)),
            ("StoredCached", encaps::<P, StoredCached>(ek, m)),
            ("StoredStreamed", encaps::<P, StoredStreamed>(ek, m)),
        ]
    }

    /// `seed` as d || z, zero-padded to 64 bytes.
    pub fn seed64(seed: &[u8]) -> [u8; 64] {
        let mut out = [0u8; 64];
        out[..seed.len().min(64)].copy_from_slice(&seed[..seed.len().min(64)]);
        out
    }

    /// `bytes` zero-padded or cut to 32 bytes.
    pub fn bytes32(bytes: &[u8]) -> [u8; 32] {
        let mut out = [0u8; 32];
        out[..bytes.len().min(32)].copy_from_slice(&bytes[..bytes.len().min(32)]);
        out
    }
}

/// A `randombytes` that serves `bytes` in order, then zeros: encapsulation's
/// randomness taken from the fuzz input.
pub fn randombytes_from(bytes: &[u8]) -> impl FnMut(&mut [u8]) -> Result<(), pqfit::Error> + '_ {
    let mut input = Input::new(bytes);
    move |out: &mut [u8]| {
        let part = input.take(out.len());
        out[..part.len()].copy_from_slice(part);
        out[part.len()..].fill(0);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pqfit::{MlDsa44, MlDsa65, Signature, SigningKey};

    #[test]
    fn oracles_agree_with_valid_and_broken_encodings() {
        let mut sk = vec![0u8; SigningKey::<MlDsa44>::BYTES];
        assert!(mldsa_sk_well_formed::<MlDsa44>(&sk));
        sk[128] = 0b101; // s1[0] = 5 > 2 eta
        assert!(!mldsa_sk_well_formed::<MlDsa44>(&sk));
        let mut sig = vec![0u8; Signature::<MlDsa65>::BYTES];
        let hint_at = sig.len() - MlDsa65::OMEGA - MlDsa65::K;
        assert!(mldsa_hint_well_formed::<MlDsa65>(&sig[hint_at..]));
        sig[hint_at] = 3; // a position byte past every row end
        assert!(!mldsa_hint_well_formed::<MlDsa65>(&sig[hint_at..]));
    }

    #[test]
    fn mlkem_oracles_agree_with_valid_and_broken_encodings() {
        // 3328 and 0 in one 3-byte pair: canonical; 3329 in the second field: not.
        assert!(mlkem_t_hat_canonical(&[0x00, 0x00, 0xd0, 0x00, 0x0d, 0x00]));
        assert!(!mlkem_t_hat_canonical(&[0x00, 0x10, 0xd0]));
        assert!(!mlkem_t_hat_canonical(&[0x01, 0x0d, 0x00]));
        // FIPS 202's SHA3-256 of the empty string.
        assert_eq!(sha3_256(b"")[..4], [0xa7, 0xff, 0xc6, 0xf8]);
    }
}
