//! The constant-time check on the firmware that ships: each secret-handling operation
//! runs in the emulator several times with different secret keys and secret
//! randomness but the same public inputs, and the traces of the runs (blocks entered,
//! so every branch outcome; every load and store address; the operand-dependent cycles
//! of variable-time instructions) must be identical.
//!
//! Declassification: the library marks each value it may make public with
//! `pqfit_core::ct::declassify_u32` / `declassify_bytes` (an ML-DSA iteration's
//! rejection decision, the public seed, an accepted signature's hint, ...; the list and
//! the reasons are in docs/constant-time.md). The first run records the values passed;
//! every later run has the first run's values substituted at the same markers, so it
//! takes the same public decisions. Whatever then still differs between the traces
//! depends on a secret: the check reports the first such event with its function and
//! offset (symbol + offset of the instruction).
//!
//! What runs: ML-DSA and CROSS key generation and signing (verification handles public
//! data only); for the KEMs (NTRU Prime, ML-KEM) key generation, encapsulation (same
//! public key, different randomness) and decapsulation twice, each time with different
//! secret keys and one ciphertext for every run: `decaps` with run 0's valid
//! ciphertext (run 0 accepts, the others take the implicit rejection), `decaps
//! (tampered)` with that ciphertext's last byte changed (every run rejects, run 0 by a
//! near miss: its re-encryption differs from the input in that byte only), and for
//! NTRU Prime `decaps (wrong hash)`, each run with its own key's ciphertext whose
//! confirmation hash is changed (every run decrypts to the right weight and rejects on
//! the hash). Equal traces are transitive: acceptance and near and far misses look alike.
//!
//! The secrets are drawn per run from one printed seed ([`secrets`]); signing and
//! decapsulation also run with extreme keys ([`extremes`]).

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::elf::Image;
use crate::emu::{Machine, Markers};
use crate::kem::HostKem;
use crate::op::Op;
use crate::profile::Profile;
use crate::record::{CtOp, Leak};
use crate::runkit::{buf, compare, entry, open};
use crate::scheme::CtRequest;
use crate::signature::{HostSig, MSG_LEN};
use crate::trace::{first_different_chunk, Event, Tracer, CHUNK};
use crate::Error;

/// Symbols of the declassification markers (exported C functions of `pqfit_core::ct`,
/// named with pqfit-core's version, the firmware's as the host's: one workspace).
const WORD_MARKER: &str = pqfit_core::ct::DECLASSIFY_U32_SYMBOL;
const BYTES_MARKER: &str = pqfit_core::ct::DECLASSIFY_BYTES_SYMBOL;

/// The check of one firmware.
#[derive(Clone, Debug, Serialize)]
pub struct CtReport {
    /// Profile name.
    pub target: String,
    /// Scheme name.
    pub scheme: String,
    /// Strategy type path.
    pub strategy: String,
    /// Optimisation level.
    pub opt_level: String,
    /// Per operation.
    pub ops: Vec<CtOp>,
    /// The ELF checked.
    pub elf: PathBuf,
    /// Wall-clock seconds of the emulation.
    pub seconds: f64,
}

impl CtReport {
    /// No operation leaked.
    pub fn is_clean(&self) -> bool {
        self.ops.iter().all(|o| o.leak.is_none())
    }
}

/// Writes run `i`'s inputs into the machine.
type Setup<'a> = Box<dyn Fn(&mut Machine, usize) -> Result<(), Error> + 'a>;
/// Checks run 0's outputs against the host.
type CheckFirst<'a> = Box<dyn Fn(&Machine) -> Result<(), Error> + 'a>;

/// One operation to check: its entry, its runs, how run `i` sets up its inputs, and how
/// run 0's outputs are checked against the host (so the firmware under check is known
/// to work).
struct Plan<'a> {
    op: Op,
    /// What each run's secret is (`random secret 3`, `extreme key: ...`).
    runs: Vec<String>,
    /// The name the report gives the check (`decaps (tampered)`); `op`'s by default.
    name: &'static str,
    entry: u64,
    setup: Setup<'a>,
    check_first: CheckFirst<'a>,
}

mod ciphertexts;
pub mod extremes;
pub mod secrets;

use ciphertexts::tamper;
pub use ciphertexts::{wrong_confirmation, TAMPERED, WRONG_HASH};

use secrets::Purpose;

/// The names of the runs of an operation: `req.runs` random secrets, then the extreme
/// keys by name.
fn run_names(req: &CtRequest, extremes: &[(&'static str, Vec<u8>)]) -> Vec<String> {
    (0..req.runs)
        .map(|i| format!("random secret {i}"))
        .chain(
            extremes
                .iter()
                .map(|(name, _)| format!("extreme key: {name}")),
        )
        .collect()
}

/// Key generation and signing of ML-DSA or CROSS: other seeds, keys and signing
/// randomness per run, the same message.
pub fn signature<H: HostSig>(
    profile: &Profile,
    req: &CtRequest,
    elf: &Path,
) -> Result<Vec<CtOp>, Error> {
    let bytes = std::fs::read(elf)?;
    let image = Image::parse(&bytes)?;
    let seed = req.seed;
    let xis: Vec<Vec<u8>> = (0..req.runs)
        .map(|i| secrets::bytes(seed, Purpose::KeygenSeed, i, H::XI))
        .collect();
    let msg = secrets::bytes(seed, Purpose::Message, 0, MSG_LEN);
    let mut keys: Vec<(Vec<u8>, Vec<u8>)> = xis.iter().map(|x| H::keygen(x)).collect();
    let (sig0, _) = H::sign(
        &keys[0].1,
        &msg,
        &secrets::bytes(seed, Purpose::SignRandomness, 0, H::RND),
    );
    // The extreme keys sign after the random ones, with randomness of their own.
    let extremes = H::extreme_keys(&keys[0].1);
    keys.extend(extremes.iter().map(|(_, sk)| (Vec::new(), sk.clone())));
    let rnds: Vec<Vec<u8>> = (0..keys.len())
        .map(|i| secrets::bytes(seed, Purpose::SignRandomness, i, H::RND))
        .collect();

    let xi = buf(&image, "PQFIT_XI", Some(H::XI))?;
    let rnd = buf(&image, "PQFIT_RND", Some(H::RND))?;
    let msg_buf = buf(&image, "PQFIT_MSG", None)?;
    let msg_len = buf(&image, "PQFIT_MSG_LEN", Some(4))?;
    let vk = buf(&image, "PQFIT_VK", Some(H::PK))?;
    let sk = buf(&image, "PQFIT_SK", Some(H::SK))?;
    let sig = buf(&image, "PQFIT_SIG", Some(H::SIG))?;
    let plans = [
        Plan {
            op: Op::Keygen,
            runs: run_names(req, &[]),
            name: Op::Keygen.name(),
            entry: entry(&image, Op::Keygen.entries()[0])?,
            setup: Box::new(|m, i| m.write(xi.addr, &xis[i])),
            check_first: Box::new(|m| {
                compare("verifying key".into(), &m.read(vk.addr, H::PK)?, &keys[0].0)?;
                compare("signing key".into(), &m.read(sk.addr, H::SK)?, &keys[0].1)
            }),
        },
        Plan {
            op: Op::Sign,
            runs: run_names(req, &extremes),
            name: Op::Sign.name(),
            entry: entry(&image, Op::Sign.entries()[0])?,
            setup: Box::new(|m, i| {
                m.write(sk.addr, &keys[i].1)?;
                m.write(msg_buf.addr, &msg)?;
                m.write(msg_len.addr, &(MSG_LEN as u32).to_le_bytes())?;
                m.write(rnd.addr, &rnds[i])
            }),
            check_first: Box::new(|m| {
                compare("signature".into(), &m.read(sig.addr, H::SIG)?, &sig0)
            }),
        },
    ];
    run_plans(profile, req, &bytes, &image, &plans)
}

/// Key generation, encapsulation and decapsulation (of a valid and of a tampered
/// ciphertext, and for NTRU Prime of a ciphertext with the right weight and a wrong
/// confirmation hash) of a KEM: NTRU Prime or ML-KEM.
pub fn kem<K: HostKem>(profile: &Profile, req: &CtRequest, elf: &Path) -> Result<Vec<CtOp>, Error> {
    use crate::kem::RAND_BYTES;
    let bytes = std::fs::read(elf)?;
    let image = Image::parse(&bytes)?;
    let seed = req.seed;
    let keygen_rand: Vec<Vec<u8>> = (0..req.runs)
        .map(|i| secrets::bytes(seed, Purpose::KemKeygen, i, RAND_BYTES))
        .collect();
    let encaps_rand: Vec<Vec<u8>> = (0..req.runs)
        .map(|i| secrets::bytes(seed, Purpose::KemEncaps, i, RAND_BYTES))
        .collect();
    let keys: Vec<(Vec<u8>, Vec<u8>, usize)> = keygen_rand.iter().map(|r| K::keygen(r)).collect();
    let (ct0, ss0, _) = K::encaps(&keys[0].0, &encaps_rand[0]);
    let tampered = tamper(&ct0);
    let rejected0 = K::decaps(&keys[0].1, &tampered);
    if rejected0 == ss0 {
        return Err(Error::Mismatch(
            "the tampered ciphertext decapsulates to the valid one's key on the host".into(),
        ));
    }
    // Decapsulation keys: the random ones, then the extreme ones.
    let extremes = K::extreme_keys(&keys[0].0, &keys[0].1);
    let dks: Vec<&[u8]> = keys
        .iter()
        .map(|k| k.1.as_slice())
        .chain(extremes.iter().map(|(_, dk)| dk.as_slice()))
        .collect();
    // Right weight, wrong confirmation hash: each run's own key's ciphertext (the same
    // encapsulation randomness) with its hash changed, so that every run decrypts to a
    // vector of the right weight and rejects on the hash alone.
    let wrong_hash: Vec<Vec<u8>> = if K::CONFIRM > 0 {
        keys.iter()
            .map(|k| wrong_confirmation(&K::encaps(&k.0, &encaps_rand[0]).0, K::CONFIRM))
            .collect()
    } else {
        Vec::new()
    };
    let wrong_hash0 = wrong_hash.first().map(|c| K::decaps(&keys[0].1, c));

    let rand = buf(&image, "PQFIT_RAND", Some(RAND_BYTES))?;
    let pk = buf(&image, "PQFIT_PK", Some(K::PK))?;
    let sk = buf(&image, "PQFIT_SK", Some(K::SK))?;
    let ct = buf(&image, "PQFIT_CT", Some(K::CT))?;
    let ss = buf(&image, "PQFIT_SS", None)?;
    let decaps = entry(&image, Op::Decaps.entries()[0])?;
    let mut plans = vec![
        Plan {
            op: Op::Keygen,
            runs: run_names(req, &[]),
            name: Op::Keygen.name(),
            entry: entry(&image, Op::Keygen.entries()[0])?,
            setup: Box::new(|m, i| m.write(rand.addr, &keygen_rand[i])),
            check_first: Box::new(|m| {
                compare("public key".into(), &m.read(pk.addr, K::PK)?, &keys[0].0)?;
                compare("secret key".into(), &m.read(sk.addr, K::SK)?, &keys[0].1)
            }),
        },
        Plan {
            op: Op::Encaps,
            runs: run_names(req, &[]),
            name: Op::Encaps.name(),
            entry: entry(&image, Op::Encaps.entries()[0])?,
            setup: Box::new(|m, i| {
                m.write(pk.addr, &keys[0].0)?;
                m.write(rand.addr, &encaps_rand[i])
            }),
            check_first: Box::new(|m| {
                compare("ciphertext".into(), &m.read(ct.addr, K::CT)?, &ct0)?;
                compare(
                    "session key".into(),
                    &m.read(ss.addr, ss.size as usize)?,
                    &ss0,
                )
            }),
        },
        Plan {
            op: Op::Decaps,
            runs: run_names(req, &extremes),
            name: Op::Decaps.name(),
            entry: decaps,
            setup: Box::new(|m, i| {
                m.write(sk.addr, dks[i])?;
                m.write(ct.addr, &ct0)
            }),
            check_first: Box::new(|m| {
                compare(
                    "decapsulated key".into(),
                    &m.read(ss.addr, ss.size as usize)?,
                    &ss0,
                )
            }),
        },
        Plan {
            op: Op::Decaps,
            runs: run_names(req, &extremes),
            name: TAMPERED,
            entry: decaps,
            setup: Box::new(|m, i| {
                m.write(sk.addr, dks[i])?;
                m.write(ct.addr, &tampered)
            }),
            check_first: Box::new(|m| {
                compare(
                    "implicit-rejection key".into(),
                    &m.read(ss.addr, ss.size as usize)?,
                    &rejected0,
                )
            }),
        },
    ];
    if let Some(expected) = &wrong_hash0 {
        plans.push(Plan {
            op: Op::Decaps,
            runs: run_names(req, &[]),
            name: WRONG_HASH,
            entry: decaps,
            setup: Box::new(|m, i| {
                m.write(sk.addr, &keys[i].1)?;
                m.write(ct.addr, &wrong_hash[i])
            }),
            check_first: Box::new(move |m| {
                compare(
                    "implicit-rejection key (wrong confirmation hash)".into(),
                    &m.read(ss.addr, ss.size as usize)?,
                    expected,
                )
            }),
        });
    }
    run_plans(profile, req, &bytes, &image, &plans)
}

/// The markers linked into the firmware.
fn markers(image: &Image) -> Markers {
    let mut m = Markers::default();
    for s in image.symbols.iter().filter(|s| s.kind == "text") {
        match s.name.as_str() {
            WORD_MARKER => m.word.push(s.addr),
            BYTES_MARKER => m.bytes.push(s.addr),
            _ => {}
        }
    }
    m
}

fn demangled(name: &str) -> String {
    format!("{:#}", rustc_demangle::demangle(name))
}

fn run_plans(
    profile: &Profile,
    req: &CtRequest,
    bytes: &[u8],
    image: &Image,
    plans: &[Plan<'_>],
) -> Result<Vec<CtOp>, Error> {
    let mut m = open(profile, bytes, image)?;
    m.enable_tracing(&markers(image))?;
    let chosen: Vec<&Plan<'_>> = plans
        .iter()
        .filter(|p| req.ops.as_ref().is_none_or(|ops| ops.contains(&p.op)))
        .collect();
    if chosen.is_empty() {
        return Err(Error::Unknown(format!(
            "{}: none of the operations asked is one it has",
            req.scheme.name()
        )));
    }
    chosen
        .into_iter()
        .map(|p| check_op(&mut m, image, p, req))
        .collect()
}

/// Runs `plan` for run `i` under `tracer`; a run that stops on a declassification the
/// first run did not make returns its trace all the same.
fn traced(
    m: &mut Machine,
    plan: &Plan<'_>,
    i: usize,
    tracer: Tracer,
    limit: u64,
) -> Result<Tracer, Error> {
    m.reset_statics()?;
    (plan.setup)(m, i)?;
    m.set_tracer(Some(tracer));
    let run = m.call(plan.entry, limit);
    let t = m
        .take_tracer()
        .ok_or_else(|| Error::Emulator("the trace went missing".into()))?;
    match run {
        Err(_) if t.divergence.is_some() => Ok(t),
        Err(e) => Err(e),
        Ok(_) => Ok(t),
    }
}

fn check_op(
    m: &mut Machine,
    image: &Image,
    plan: &Plan<'_>,
    req: &CtRequest,
) -> Result<CtOp, Error> {
    let limit = req.instruction_limit;
    let first = traced(m, plan, 0, Tracer::record(None), limit)?;
    (plan.check_first)(m).map_err(|e| {
        Error::Mismatch(format!(
            "{} (run 0 of the constant-time check): {e}",
            plan.op
        ))
    })?;
    let mut op = CtOp {
        op: plan.name.into(),
        runs: plan.runs.len(),
        events: first.len(),
        declassifications: first.values.len(),
        leak: None,
    };
    for i in 1..plan.runs.len() {
        let other = traced(
            m,
            plan,
            i,
            Tracer::replay(first.values.clone(), None),
            limit,
        )?;
        let Some(chunk) = first_different_chunk(&first.chunks, &other.chunks) else {
            continue;
        };
        // Replay the chunk (and a little before it, for the branch that led there) with
        // every event kept.
        let lo = (chunk as u64 * CHUNK).saturating_sub(1024);
        let window = lo..(chunk as u64 + 1) * CHUNK;
        let a = traced(m, plan, 0, Tracer::record(Some(window.clone())), limit)?;
        let b = traced(
            m,
            plan,
            i,
            Tracer::replay(first.values.clone(), Some(window)),
            limit,
        )?;
        let mut leak = locate(image, i, &a, &b);
        // Enough to reproduce it: `--seed` and the run.
        leak.detail = format!(
            "{} (seed {}, run {i}: {}; run 0: {})",
            leak.detail,
            secrets::show(req.seed),
            plan.runs[i],
            plan.runs[0]
        );
        op.leak = Some(leak);
        break;
    }
    Ok(op)
}

/// Names the first event where two windowed traces differ.
fn locate(image: &Image, run: usize, a: &Tracer, b: &Tracer) -> Leak {
    let at = a
        .events
        .iter()
        .zip(&b.events)
        .position(|((_, x), (_, y))| !x.same(y))
        .unwrap_or(a.events.len().min(b.events.len()));
    let ea = a.events.get(at).map(|e| e.1);
    let eb = b.events.get(at).map(|e| e.1);
    let event = a.events.get(at).or(b.events.get(at)).map_or(0, |e| e.0);
    let last_block = a.events[..at.min(a.events.len())]
        .iter()
        .rev()
        .find_map(|(_, e)| match *e {
            Event::Block { addr, size } => Some((addr, size)),
            _ => None,
        });
    let (kind, pc, detail) = match (ea, eb) {
        (Some(Event::Block { addr: x, .. }), Some(Event::Block { addr: y, .. })) => {
            let pc = last_block.map_or(0, |(addr, size)| last_instruction(image, addr, size));
            (
                "branch",
                pc,
                format!(
                    "run 0 continued at {}, run {run} at {}",
                    name_at(image, x),
                    name_at(image, y)
                ),
            )
        }
        (Some(Event::Mem { pc, addr: x, .. }), Some(Event::Mem { addr: y, .. })) => (
            "memory address",
            pc,
            format!("run 0 accessed {x:#010x}, run {run} {y:#010x}"),
        ),
        (Some(Event::Timing { pc, cost: x }), Some(Event::Timing { cost: y, .. })) => (
            "variable-time instruction",
            pc,
            format!("operand-dependent cost {x} in run 0, {y} in run {run}"),
        ),
        (x, y) => {
            let pc = [x, y]
                .iter()
                .flatten()
                .find_map(|e| match *e {
                    Event::Mem { pc, .. } | Event::Timing { pc, .. } => Some(pc),
                    Event::Declassify { pc, .. } => Some(pc),
                    Event::Block { .. } => None,
                })
                .or(last_block.map(|(addr, _)| addr))
                .unwrap_or(0);
            let kind = if b.divergence.is_some()
                || [x, y]
                    .iter()
                    .flatten()
                    .any(|e| matches!(e, Event::Declassify { .. }))
            {
                "declassification"
            } else {
                "conditional execution"
            };
            let show = |e: Option<Event>| {
                e.map_or("the end of the call".to_string(), |e| format!("{e:?}"))
            };
            let mut detail = format!("run 0: {}, run {run}: {}", show(x), show(y));
            if let Some(d) = &b.divergence {
                detail.push_str(&format!(" ({d})"));
            }
            (kind, pc, detail)
        }
    };
    let (function, offset) = symbol_of(image, pc);
    Leak {
        run,
        event,
        kind: kind.into(),
        function,
        offset,
        pc,
        detail,
    }
}

/// The address of the last instruction of the block at `addr` (`size` bytes).
fn last_instruction(image: &Image, addr: u64, size: u32) -> u64 {
    let Some(code) = image.read(addr, size as usize) else {
        return addr;
    };
    let rv = image.machine == object_elf_riscv();
    let xlen = if image.class64 {
        crate::rv::Xlen::X64
    } else {
        crate::rv::Xlen::X32
    };
    let mut at = 0usize;
    let mut last = 0usize;
    while at < code.len() {
        let len = if rv {
            crate::rv::decode(&code[at..], xlen).map(|i| usize::from(i.len))
        } else {
            crate::thumb::decode(&code[at..]).map(|i| usize::from(i.len))
        };
        let Some(len) = len else { break };
        last = at;
        at += len;
    }
    addr + last as u64
}

fn object_elf_riscv() -> u16 {
    243 // EM_RISCV
}

/// `function+offset` of an address.
fn name_at(image: &Image, pc: u64) -> String {
    let (f, o) = symbol_of(image, pc);
    format!("{f}+{o:#x}")
}

/// The function holding `pc` (demangled, without hash) and the offset into it.
pub(crate) fn symbol_of(image: &Image, pc: u64) -> (String, u64) {
    image
        .symbols
        .iter()
        .filter(|s| s.kind == "text" && s.addr <= pc && pc < s.addr + s.size.max(1))
        .min_by_key(|s| s.size)
        .map_or_else(
            || (format!("{pc:#010x}"), 0),
            |s| (demangled(&s.name), pc - s.addr),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn functions_are_named_without_hash() {
        assert_eq!(
            demangled("_ZN10pqfit_core2ct8neg_mask17h0123456789abcdefE"),
            "pqfit_core::ct::neg_mask"
        );
    }
}
