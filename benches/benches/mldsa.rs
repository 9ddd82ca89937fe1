//! Host timings of ML-DSA key generation, deterministic signing and verification
//! for ML-DSA-44/65/87 with the default (`Reference`) strategy.
//!
//! Benchmark ids are `ML-DSA-65/sign/Reference`: one group per parameter set and
//! operation, one entry per strategy, so further strategies slot in beside it.
//! Run one parameter set with `cargo bench -p pqfit-benches --bench mldsa -- ML-DSA-65`.

use criterion::{criterion_group, criterion_main, Criterion};
use pqfit::strategy::Strategy;
use pqfit::{
    MlDsa, MlDsa44, MlDsa65, MlDsa87, ParameterSet, Reference, Signature, SigningKey, VerifyingKey,
};
use std::hint::black_box;

/// How many different inputs each operation cycles through.
const INPUTS: usize = 16;
/// Length of each benchmark message in bytes.
const MSG_BYTES: usize = 64;
/// The context string: empty, as for the `signature` traits.
const CTX: &[u8] = b"";

/// The 16 fixed messages, all of the same length and pairwise different.
fn messages() -> [[u8; MSG_BYTES]; INPUTS] {
    core::array::from_fn(|i| core::array::from_fn(|k| (i * 37 + k * 11 + 5) as u8))
}

/// The 16 fixed key-generation seeds xi.
fn seeds() -> [[u8; 32]; INPUTS] {
    core::array::from_fn(|i| core::array::from_fn(|k| (i * 13 + k * 3 + 1) as u8))
}

/// Hands out the items of `items` in turn, wrapping around.
struct Cycle<'a, T> {
    items: &'a [T],
    next: usize,
}

impl<'a, T> Cycle<'a, T> {
    fn new(items: &'a [T]) -> Self {
        Self { items, next: 0 }
    }

    fn next_item(&mut self) -> &'a T {
        let item = &self.items[self.next];
        self.next = (self.next + 1) % self.items.len();
        item
    }
}

fn bench_parameter_set<P: ParameterSet, S: Strategy<P>>(c: &mut Criterion, strategy: &str) {
    let seeds = seeds();
    let messages = messages();

    // Key generation: the rejection sampling of ExpandA and ExpandS makes its time
    // depend slightly on the seed, so it cycles through 16 seeds.
    {
        let mut group = c.benchmark_group(format!("{}/key_gen_internal", P::NAME));
        let mut vk = VerifyingKey::<P>::default();
        let mut sk = SigningKey::<P>::blank();
        let mut xi = Cycle::new(&seeds);
        group.bench_function(strategy, |b| {
            b.iter(|| {
                MlDsa::<P, S>::key_gen_internal(black_box(xi.next_item()), &mut vk, &mut sk);
                black_box(vk.as_bytes());
            })
        });
        group.finish();
    }

    let mut vk = VerifyingKey::<P>::default();
    let mut sk = SigningKey::<P>::blank();
    MlDsa::<P, S>::key_gen_internal(&seeds[0], &mut vk, &mut sk);

    // Signing: the number of iterations of the rejection loop depends on the message
    // (through mu), so one message would give one lucky or unlucky figure. Cycling
    // through 16 fixed messages makes the figure an average over them.
    {
        let mut group = c.benchmark_group(format!("{}/sign", P::NAME));
        let mut sig = Signature::<P>::default();
        let mut msg = Cycle::new(&messages);
        group.bench_function(strategy, |b| {
            b.iter(|| {
                MlDsa::<P, S>::sign_deterministic(&sk, black_box(msg.next_item()), CTX, &mut sig)
                    .expect("signing with an empty context succeeds");
                black_box(sig.as_bytes());
            })
        });
        group.finish();
    }

    // Verification of the 16 message/signature pairs in turn (SampleInBall's
    // rejection makes its time vary a little with the signature).
    let signed: Vec<([u8; MSG_BYTES], Signature<P>)> = messages
        .iter()
        .map(|m| {
            let mut sig = Signature::<P>::default();
            MlDsa::<P, S>::sign_deterministic(&sk, m, CTX, &mut sig).expect("signing succeeds");
            assert!(MlDsa::<P, S>::verify(&vk, m, CTX, sig.as_bytes()).is_ok());
            (*m, sig)
        })
        .collect();
    {
        let mut group = c.benchmark_group(format!("{}/verify", P::NAME));
        let mut pair = Cycle::new(&signed);
        group.bench_function(strategy, |b| {
            b.iter(|| {
                let (m, sig) = pair.next_item();
                let ok = MlDsa::<P, S>::verify(&vk, black_box(m), CTX, black_box(sig.as_bytes()));
                assert!(ok.is_ok());
            })
        });
        group.finish();
    }
}

fn mldsa(c: &mut Criterion) {
    bench_parameter_set::<MlDsa44, Reference>(c, "Reference");
    bench_parameter_set::<MlDsa65, Reference>(c, "Reference");
    bench_parameter_set::<MlDsa87, Reference>(c, "Reference");
}

criterion_group!(benches, mldsa);
criterion_main!(benches);
