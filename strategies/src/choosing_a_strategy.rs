//! # Choosing a strategy
//!
//! Every scheme in pqfit takes its memory/speed trade-off as a type parameter, and
//! every choice gives the same bytes (tests check each combination against every
//! other). Pick by the stack you can give the call, then by time and flash; the
//! numbers below are **model cycles** of pqfit's calibrated Cortex-M4 profile (not
//! silicon), measured with `pq-explore measure` (docs/measurement.md in the
//! repository); the reports in the repository's `docs/reports/` (index.md, one page per
//! target: m0, m3, m4, rv32, rv64) give every combination with its Pareto front, and
//! `pq-explore --target m4 --budget 12k` answers "the fastest within 12 kB" for your
//! target directly.
//!
//! ## ML-DSA (FIPS 204): `Dilithium2/3/5<S>`, `MlDsa<P, S>`
//!
//! ML-DSA-65 signing on the M4 model (16 messages; in brackets the mean normalised to
//! FIPS 204's expected 5.1 iterations; stack of keygen / sign / verify):
//!
//! | `S` | sign, mean cycles | stack K / S / V | flash |
//! |---|---:|---|---:|
//! | [`FastSign`](crate::FastSign) | 8.4 M (7.9 M) | 38.8 / 70.1 / 40.0 kB | 93 kB |
//! | [`Balanced`](crate::Balanced) (default) | 17.8 M (16.5 M) | 8.0 / 34.5 / 9.3 kB | 94 kB |
//! | [`SmallStack`](crate::SmallStack) | 25.2 M (23.4 M) | 2.9 / 4.9 / 3.0 kB | 92 kB |
//!
//! Between the presets, name any mix of the five components with
//! [`Custom`](crate::Custom) (for example `Custom<StreamedA, CachedNtt, FullW,
//! RegeneratedY, SmallModulusProduct>`); the
//! components and what each keeps are described in [`crate::strategy`]. A signing key
//! expanded once ([`crate::ExpandedKey`]) trades RAM for a faster sign.
//!
//! ## CROSS v2.2: `cross::Cross<P, S>`, `cross::KeyPair<P, S>`
//!
//! The parameter set `P` chooses signature size against speed (`*Small`, `*Balanced`,
//! `*Fast`); the strategy `S` chooses memory: [`cross::Fast`](crate::cross::Fast)
//! keeps every per-round vector, [`cross::MinStack`](crate::cross::MinStack)
//! regenerates them and signs in the least stack, [`cross::Balanced`](crate::cross::Balanced)
//! sits between; see [`crate::cross::strategy`]. On the M4 model,
//! CROSS-RSDP-1-small signs in 209.7 M cycles with `Balanced` (11.8 kB of stack) and
//! in 856 M with `MinStack` (7.7 kB); CROSS-RSDP-1-fast signs in 46.2 M with
//! `Balanced` (11.5 kB), 2.0 times `Fast` (23.3 M in 51.3 kB).
//!
//! ## NTRU Prime (round 3): `Sntrup761<M>`, `Ntrulpr761<M>`
//!
//! `M` is the multiplication in R/q. On the M4 model (sntrup761, encaps / decaps
//! cycles, their stack): [`ZqNtt`](crate::ntruprime::ZqNtt) (the default) 1.23 M /
//! 1.71 M in 10.3 / 10.8 kB (the fastest on every 32-bit core, and within 12 kB:
//! 16-bit products modulo q only); [`Schoolbook`](crate::ntruprime::Schoolbook) 10.7 M
//! / 30.2 M in 5.1 / 6.1 kB; [`Karatsuba`](crate::ntruprime::Karatsuba) (only 32-bit
//! products) 2.9 M / 6.6 M in 23.4 / 24.4 kB; [`GoodNtt`](crate::ntruprime::GoodNtt)
//! 1.6 M / 3.0 M in 17.4 / 18.5 kB; [`MixedRadixNtt`](crate::ntruprime::MixedRadixNtt)
//! 1.9 M / 3.8 M. Key generation (two inversions) takes about 248 M with any of them.
//! The repository's docs/ntruprime.md has the method, the profile and what remains.
//!
//! ## Keys, traits and formats
//!
//! One set of buffers serves both signature families ([`crate::SigningKey`],
//! [`crate::VerifyingKey`], [`crate::Signature`], sized by the parameter set); the
//! RustCrypto `signature` traits are on the key pairs (with their strategy) and on
//! bare keys (with the family's `Balanced`). sntrup761 implements the `kem` traits
//! ([`crate::ntruprime::DecapsulationKey`]); the KEMs' native keys, ciphertexts and
//! shared secrets are in [`crate::ntruprime`]. ML-DSA keys come from their 32-byte
//! seed ([`crate::SigningKey::from_seed`]) and, with the feature `pkcs8`, from and to
//! PKCS#8 and SPKI. Secret buffers are zeroized on drop and print no key material.
