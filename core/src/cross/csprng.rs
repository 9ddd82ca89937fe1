//! The SHAKE-based CSPRNG and hash of CROSS v2.2 (spec section "CSPRNG and hash";
//! reference `csprng_hash.h`): SHAKE128 for category 1, SHAKE256 otherwise, with a
//! 16-bit little-endian domain separator after the input. The samplers draw a fixed
//! byte budget per call (the spec's `BITS_*_CT_RNG`) and read it as a little-endian
//! bit stream; past the budget the stream reads as zero bits, exactly as the
//! reference does.

use super::params::CrossParams;
use crate::hash::{Shake128, Shake128Reader, Shake256, Shake256Reader};
use crate::keccak::Keccak;

/// `CSPRNG_DOMAIN_SEP_CONST`.
pub const CSPRNG_DSC: u16 = 0;
/// `HASH_DOMAIN_SEP_CONST`.
pub const HASH_DSC: u16 = 32768;

/// Domain separator of the expansion of seed_sk (3t + 1).
pub const fn dsc_seed_sk<P: CrossParams>() -> u16 {
    CSPRNG_DSC + (3 * P::T + 1) as u16
}
/// Domain separator of the expansion of seed_pk (3t + 2).
pub const fn dsc_seed_pk<P: CrossParams>() -> u16 {
    CSPRNG_DSC + (3 * P::T + 2) as u16
}
/// Domain separator of the expansion of seed_e (3t + 3).
pub const fn dsc_seed_e<P: CrossParams>() -> u16 {
    CSPRNG_DSC + (3 * P::T + 3) as u16
}
/// Domain separator of the first challenge (3t - 1).
pub const fn dsc_chall_1<P: CrossParams>() -> u16 {
    CSPRNG_DSC + (3 * P::T - 1) as u16
}
/// Domain separator of the second challenge (3t).
pub const fn dsc_chall_2<P: CrossParams>() -> u16 {
    CSPRNG_DSC + (3 * P::T) as u16
}
/// Domain separator of round `i`'s CSPRNG (i + 2t - 1).
pub const fn dsc_round<P: CrossParams>(i: usize) -> u16 {
    CSPRNG_DSC + (i + 2 * P::T - 1) as u16
}
/// Domain separator of round `i`'s commitments (2^15 + i + 2t - 1).
pub const fn dsc_round_hash<P: CrossParams>(i: usize) -> u16 {
    HASH_DSC + (i + 2 * P::T - 1) as u16
}

/// SHAKE128 or SHAKE256 (by category) in its absorbing phase.
pub enum Xof<K: Keccak> {
    /// Category 1.
    S128(Shake128<K>),
    /// Categories 3 and 5.
    S256(Shake256<K>),
}

/// SHAKE128 or SHAKE256 in its squeezing phase.
pub enum XofReader<K: Keccak> {
    /// Category 1.
    S128(Shake128Reader<K>),
    /// Categories 3 and 5.
    S256(Shake256Reader<K>),
}

impl<K: Keccak> Xof<K> {
    /// An empty state of the XOF of the parameter set `P`.
    pub fn new<P: CrossParams>() -> Self {
        if P::CATEGORY == 1 {
            Xof::S128(Shake128::with_backend())
        } else {
            Xof::S256(Shake256::with_backend())
        }
    }

    /// Absorbs `data`.
    pub fn absorb(&mut self, data: &[u8]) {
        match self {
            Xof::S128(h) => h.absorb(data),
            Xof::S256(h) => h.absorb(data),
        }
    }

    /// Absorbs the domain separator and starts squeezing.
    pub fn finalize(mut self, dsc: u16) -> XofReader<K> {
        self.absorb(&dsc.to_le_bytes());
        match self {
            Xof::S128(h) => XofReader::S128(h.finalize()),
            Xof::S256(h) => XofReader::S256(h.finalize()),
        }
    }

    /// Absorbs the domain separator and writes the digest (`out.len()` bytes).
    pub fn finish(self, dsc: u16, out: &mut [u8]) {
        self.finalize(dsc).squeeze(out);
    }
}

impl<K: Keccak> XofReader<K> {
    /// Squeezes the next `out.len()` bytes.
    pub fn squeeze(&mut self, out: &mut [u8]) {
        match self {
            XofReader::S128(r) => r.squeeze(out),
            XofReader::S256(r) => r.squeeze(out),
        }
    }
}

impl<K: Keccak> core::fmt::Debug for Xof<K> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Xof { .. }")
    }
}

impl<K: Keccak> core::fmt::Debug for XofReader<K> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("XofReader { .. }")
    }
}

/// `csprng_initialize`: the XOF of `P` over the concatenation of `parts` and `dsc`.
pub fn csprng<P: CrossParams, K: Keccak>(parts: &[&[u8]], dsc: u16) -> XofReader<K> {
    let mut x = Xof::<K>::new::<P>();
    for p in parts {
        x.absorb(p);
    }
    x.finalize(dsc)
}

/// `hash`: the 2 lambda-bit digest of the concatenation of `parts` and `dsc`.
pub fn hash<P: CrossParams, K: Keccak>(parts: &[&[u8]], dsc: u16, out: &mut [u8]) {
    let mut x = Xof::<K>::new::<P>();
    for p in parts {
        x.absorb(p);
    }
    x.finish(dsc, &mut out[..P::HASH_BYTES]);
}

/// A little-endian bit stream over a fixed budget of XOF bytes, zero past the budget
/// (the reference's `CSPRNG_buffer` consumed through a 64-bit sub-buffer).
pub struct BitStream<K: Keccak> {
    xof: XofReader<K>,
    budget: usize,
    buf: [u8; 32],
    pos: usize,
    len: usize,
    /// The unread bits, least significant first: at most 31 (a draw of at most 16
    /// bits tops up at most 15 bits with one or two whole bytes), so 32-bit shifts suffice
    /// (a 64-bit shift by a variable amount is a sequence of predicated instructions
    /// on 32-bit cores).
    acc: u32,
    nbits: u32,
}

impl<K: Keccak> BitStream<K> {
    /// A stream over the next `budget_bits` (rounded up to bytes) of `xof`.
    pub fn new(xof: XofReader<K>, budget_bits: usize) -> Self {
        Self {
            xof,
            budget: budget_bits.div_ceil(8),
            buf: [0; 32],
            pos: 0,
            len: 0,
            acc: 0,
            nbits: 0,
        }
    }

    fn next_byte(&mut self) -> u8 {
        if self.pos == self.len {
            if self.budget == 0 {
                return 0;
            }
            let n = self.budget.min(self.buf.len());
            self.xof.squeeze(&mut self.buf[..n]);
            self.budget -= n;
            self.pos = 0;
            self.len = n;
        }
        let b = self.buf[self.pos];
        self.pos += 1;
        b
    }

    /// The next `bits` (at most 16) bits as an integer.
    #[inline(always)]
    pub fn take(&mut self, bits: u32) -> u32 {
        debug_assert!(bits <= 16);
        if self.nbits < bits {
            if self.pos + 2 <= self.len {
                // Two buffered bytes at once: at most 15 + 16 bits are then held, and
                // at least `bits`.
                let two = u16::from_le_bytes([self.buf[self.pos], self.buf[self.pos + 1]]);
                self.acc |= (two as u32) << self.nbits;
                self.nbits += 16;
                self.pos += 2;
            } else {
                self.top_up(bits);
            }
        }
        let v = self.acc & ((1 << bits) - 1);
        self.acc >>= bits;
        self.nbits -= bits;
        v
    }

    /// [`BitStream::take`]'s slow path, out of line: byte by byte, squeezing the next
    /// buffer when this one is used up.
    #[inline(never)]
    #[cold]
    fn top_up(&mut self, bits: u32) {
        while self.nbits < bits {
            self.acc |= (self.next_byte() as u32) << self.nbits;
            self.nbits += 8;
        }
    }

    /// Discards what is left of the budget and starts a new budget of `budget_bits`
    /// on the same XOF (the reference squeezes every buffer whole).
    pub fn rebudget(&mut self, budget_bits: usize) {
        while self.budget > 0 {
            let n = self.budget.min(self.buf.len());
            self.xof.squeeze(&mut self.buf[..n]);
            self.budget -= n;
        }
        self.buf = [0; 32];
        self.budget = budget_bits.div_ceil(8);
        self.pos = 0;
        self.len = 0;
        self.acc = 0;
        self.nbits = 0;
    }
}

impl<K: Keccak> Drop for BitStream<K> {
    fn drop(&mut self) {
        // The buffered bytes may expand a secret (a round seed, seed_e).
        zeroize::Zeroize::zeroize(&mut self.buf);
        self.acc = 0;
    }
}

/// A rejection sampler: draws `bits`-bit candidates, adds `offset` and keeps those
/// below `bound`.
pub struct Sampler<K: Keccak> {
    /// The underlying bit stream.
    pub stream: BitStream<K>,
    bits: u32,
    bound: u32,
    offset: u32,
}

impl<K: Keccak> Sampler<K> {
    /// Uniform elements of [0, bound) from `bits`-bit candidates.
    pub fn new(stream: BitStream<K>, bits: usize, bound: u32, offset: u32) -> Self {
        Self {
            stream,
            bits: bits as u32,
            bound,
            offset,
        }
    }

    /// Changes the candidate size and the bound (for the next vector drawn from the
    /// same XOF).
    pub fn reshape(&mut self, budget_bits: usize, bits: usize, bound: u32, offset: u32) {
        self.stream.rebudget(budget_bits);
        self.bits = bits as u32;
        self.bound = bound;
        self.offset = offset;
    }

    /// The next accepted value. Which candidates are rejected is declassified: it
    /// depends only on the rejected candidates themselves, never on accepted ones
    /// (as FIPS 204's RejBoundedPoly, docs/constant-time.md).
    #[inline(always)]
    pub fn sample(&mut self) -> u16 {
        loop {
            let v = self.stream.take(self.bits) + self.offset;
            if crate::ct::declassify_u32(crate::ct::lt_bit_u32(v, self.bound)) == 1 {
                return v as u16;
            }
        }
    }
}

impl<K: Keccak> Sampler<K> {
    /// The next `count` accepted values, `put(index, value)` for each in order: the
    /// values and the stream position of `count` calls of [`Sampler::sample`], with one
    /// declassification per batch of candidates instead of one per candidate. A batch
    /// is at most 32 candidates and never more than the values still missing, so no
    /// candidate past the last value is drawn. The batch's acceptance word is what
    /// `sample` declassifies bit by bit (which candidates are rejected, public as
    /// there); the candidates themselves stay secret, read at public positions.
    pub fn fill(&mut self, count: usize, mut put: impl FnMut(usize, u16)) {
        let mut cand = [0u16; 32];
        let mut done = 0;
        while done < count {
            let batch = (count - done).min(cand.len());
            let mut accept = 0u32;
            for (b, c) in cand[..batch].iter_mut().enumerate() {
                let v = self.stream.take(self.bits) + self.offset;
                *c = v as u16;
                accept |= crate::ct::lt_bit_u32(v, self.bound) << b;
            }
            let mut accept = crate::ct::declassify_u32(accept);
            while accept != 0 {
                put(done, cand[accept.trailing_zeros() as usize]);
                done += 1;
                accept &= accept - 1;
            }
        }
        zeroize::Zeroize::zeroize(&mut cand);
    }
}

/// A sampler of uniform elements of F_p (`csprng_fp_vec`, `csprng_fp_mat`).
pub fn fp_sampler<P: CrossParams, K: Keccak>(xof: XofReader<K>, budget_bits: usize) -> Sampler<K> {
    Sampler::new(BitStream::new(xof, budget_bits), P::BITS_P, P::P as u32, 0)
}

/// A sampler of uniform elements of F_z (`csprng_fz_vec`, `csprng_fz_inf_w`,
/// `csprng_fz_mat`).
pub fn fz_sampler<P: CrossParams, K: Keccak>(xof: XofReader<K>, budget_bits: usize) -> Sampler<K> {
    Sampler::new(BitStream::new(xof, budget_bits), P::BITS_Z, P::Z as u32, 0)
}

/// The sampler of the first challenge (`csprng_fp_vec_chall_1`): t elements of
/// F_p^* from digest_chall_1, in round order.
pub fn chall_1_sampler<P: CrossParams, K: Keccak>(digest_chall_1: &[u8]) -> Sampler<K> {
    let xof = csprng::<P, K>(&[&digest_chall_1[..P::HASH_BYTES]], dsc_chall_1::<P>());
    Sampler::new(
        BitStream::new(xof, P::BITS_CHALL_1_FPSTAR_CT_RNG),
        P::BITS_P_STAR,
        P::P as u32,
        1,
    )
}

/// `expand_digest_to_fixed_weight`: the second challenge, t bytes with exactly w
/// ones (a Fisher-Yates shuffle of 1^w 0^(t-w)). The challenge is public.
pub fn expand_digest_to_fixed_weight<P: CrossParams, K: Keccak>(
    chall_2: &mut [u8],
    digest_chall_2: &[u8],
) {
    let chall_2 = &mut chall_2[..P::T];
    let xof = csprng::<P, K>(&[&digest_chall_2[..P::HASH_BYTES]], dsc_chall_2::<P>());
    let mut stream = BitStream::new(xof, P::BITS_CWSTR_RNG);
    for (i, c) in chall_2.iter_mut().enumerate() {
        *c = (i < P::W) as u8;
    }
    let mut curr = 0;
    while curr < P::T {
        let bits = super::params::bits_to_represent(P::T - 1 - curr) as u32;
        let pos = stream.take(bits) as usize;
        if pos < P::T - curr {
            chall_2.swap(curr, curr + pos);
            curr += 1;
        }
    }
}
