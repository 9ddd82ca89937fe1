//! The signature runner: key generation, signing (and repeated signing with an expanded
//! key, where the firmware has it) and verification on fixed inputs, every key and
//! signature checked against a host oracle ([`HostSig`]) byte for byte.

use crate::elf::Image;
use crate::emu::Run;
use crate::link::Firmware;
use crate::op::Op;
use crate::profile::Profile;
use crate::record::{Iterations, Measurement, Preparation};
use crate::runkit::{buf, compare, fill, finish, firmware_report, status, Acc, OpMachine};
use crate::scheme::Request;
use crate::Error;

/// Message length used (as pqm4's benchmarks: 59 bytes).
pub const MSG_LEN: usize = 59;

/// The fixed inputs: seeds, messages and signing randomness.
pub(crate) struct Inputs {
    xis: Vec<Vec<u8>>,
    msgs: Vec<[u8; MSG_LEN]>,
    rnds: Vec<Vec<u8>>,
}

impl Inputs {
    pub(crate) fn new(keygens: usize, signs: usize, xi_bytes: usize, rnd_bytes: usize) -> Self {
        let stream = |seed: u64, n: usize| {
            let mut v = vec![0u8; n];
            fill(seed, &mut v);
            v
        };
        let xis = (0..keygens.max(1))
            .map(|i| stream(1000 + i as u64, xi_bytes))
            .collect();
        let msgs = (0..signs)
            .map(|i| {
                let mut m = [0u8; MSG_LEN];
                fill(2000 + i as u64, &mut m);
                m
            })
            .collect();
        let rnds = (0..signs)
            .map(|i| stream(3000 + i as u64, rnd_bytes))
            .collect();
        Inputs { xis, msgs, rnds }
    }
}

/// The host side of a signature scheme: seeds and randomness in, encodings out.
pub trait HostSig {
    /// Verifying key bytes.
    const PK: usize;
    /// Signing key bytes.
    const SK: usize;
    /// Signature bytes.
    const SIG: usize;
    /// Key-generation seed bytes.
    const XI: usize;
    /// Signing randomness bytes.
    const RND: usize;
    /// Expected iterations of the signing loop (FIPS 204, Table 1), for a scheme with
    /// a rejection loop.
    const EXPECTED_ITERATIONS: Option<f64> = None;
    /// Key generation from a seed: (verifying key, signing key).
    fn keygen(xi: &[u8]) -> (Vec<u8>, Vec<u8>);
    /// A signature of `msg` (empty context) with the randomness `rnd`, and the number
    /// of iterations of the rejection loop when the scheme has one.
    fn sign(sk: &[u8], msg: &[u8], rnd: &[u8]) -> (Vec<u8>, Option<u32>);
    /// Signing keys whose secrets sit at the bounds the encoding allows, each named,
    /// made from `sk` (a valid key of the set; its public parts are kept): signed with
    /// by the constant-time check after the random keys. None by default (CROSS: the
    /// secret is a seed).
    fn extreme_keys(sk: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
        let _ = sk;
        Vec::new()
    }
}

/// What the host computes for the same inputs.
struct HostRef {
    keys: Vec<(Vec<u8>, Vec<u8>)>,
    sigs: Vec<Vec<u8>>,
    /// Iterations of each signature's rejection loop, when the scheme has one.
    iterations: Vec<Option<u32>>,
}

fn host_ref<H: HostSig>(inp: &Inputs) -> HostRef {
    let keys: Vec<(Vec<u8>, Vec<u8>)> = inp.xis.iter().map(|xi| H::keygen(xi)).collect();
    let (sigs, iterations) = inp
        .msgs
        .iter()
        .zip(&inp.rnds)
        .map(|(m, r)| H::sign(&keys[0].1, m, r))
        .unzip();
    HostRef {
        keys,
        sigs,
        iterations,
    }
}

/// Measures an already built signature firmware (ML-DSA or CROSS) against host `H`, each
/// operation in its own ELF ([`crate::link`]); the operations in `req.skip` are not run.
pub fn run_signature<H: HostSig>(
    profile: &Profile,
    req: &Request,
    ty: &str,
    fw: &Firmware,
) -> Result<Measurement, Error> {
    let bytes = std::fs::read(&fw.elf)?;
    let image = Image::parse(&bytes)?;
    let inputs = Inputs::new(
        req.keygen_runs,
        req.sign_runs.max(req.verify_runs),
        H::XI,
        H::RND,
    );
    let host = host_ref::<H>(&inputs);

    // The harness's buffers, as the whole firmware has them: not counted as its RAM.
    let io = [
        ("PQFIT_XI", Some(H::XI)),
        ("PQFIT_RND", Some(H::RND)),
        ("PQFIT_MSG", None),
        ("PQFIT_MSG_LEN", Some(4)),
        ("PQFIT_VK", Some(H::PK)),
        ("PQFIT_SK", Some(H::SK)),
        ("PQFIT_SIG", Some(H::SIG)),
    ];
    let mut io_bytes = 0;
    for (name, size) in io {
        io_bytes += buf(&image, name, size)?.size;
    }
    if buf(&image, "PQFIT_MSG", None)?.size < MSG_LEN as u64 {
        return Err(Error::Elf("PQFIT_MSG is too small".into()));
    }
    // Repeated signing, when the firmware has it (ML-DSA): its expanded key is a
    // static of the firmware, counted for that operation only.
    let key_bytes = match image.symbol("pqfit_fw_sign_expanded") {
        Some(_) => buf(&image, "PQFIT_EXPANDED_KEY", None)?.size,
        None => 0,
    };
    let limit = req.instruction_limit;
    let common = firmware_report(profile, req, ty, &image, io_bytes + key_bytes);
    let runs = |op: Op, n: usize| if req.skips(op) { 0 } else { n };

    let mut keygen = Acc::default();
    if runs(Op::Keygen, req.keygen_runs.max(1)) > 0 {
        let mut fw = OpMachine::open(profile, fw, Op::Keygen)?;
        let (xi, vk, sk) = (
            fw.buf("PQFIT_XI", H::XI)?,
            fw.buf("PQFIT_VK", H::PK)?,
            fw.buf("PQFIT_SK", H::SK)?,
        );
        for (i, x) in inputs.xis.iter().enumerate() {
            let m = &mut fw.m;
            m.reset_statics()?;
            m.write(xi, x)?;
            let run = m.call(fw.entries[0], limit)?;
            status("keygen", &run)?;
            compare(
                format!("keygen {i} verifying key"),
                &m.read(vk, H::PK)?,
                &host.keys[i].0,
            )?;
            compare(
                format!("keygen {i} signing key"),
                &m.read(sk, H::SK)?,
                &host.keys[i].1,
            )?;
            keygen.runs.push(run);
        }
    }

    // Signs message `i` (with randomness `i`) through the entry `at`, the signature
    // checked against the host's.
    let sign_message = |fw: &mut OpMachine, at: u64, i: usize, op: &str| -> Result<Run, Error> {
        let (msg, msg_len, rnd) = (
            fw.msg()?,
            fw.buf("PQFIT_MSG_LEN", 4)?,
            fw.buf("PQFIT_RND", H::RND)?,
        );
        fw.m.write(msg, &inputs.msgs[i])?;
        fw.m.write(msg_len, &(MSG_LEN as u32).to_le_bytes())?;
        fw.m.write(rnd, &inputs.rnds[i])?;
        let run = fw.m.call(at, limit)?;
        status(op, &run)?;
        let sig = fw.buf("PQFIT_SIG", H::SIG)?;
        compare(
            format!("signature {i} ({op})"),
            &fw.m.read(sig, H::SIG)?,
            &host.sigs[i],
        )?;
        Ok(run)
    };
    let mut sign = Acc::default();
    if runs(Op::Sign, req.sign_runs) > 0 {
        let mut fw = OpMachine::open(profile, fw, Op::Sign)?;
        let (sk, sign_at) = (fw.buf("PQFIT_SK", H::SK)?, fw.entries[0]);
        for i in 0..req.sign_runs {
            fw.m.reset_statics()?;
            fw.m.write(sk, &host.keys[0].1)?;
            let run = sign_message(&mut fw, sign_at, i, "sign")?;
            sign.runs.push(run);
        }
    }
    let sign_cycles: Vec<u64> = sign.runs.iter().map(|r| r.cycles).collect();

    // The key is expanded once; every message is then signed with it, the statics
    // (and so the expanded key) kept between the calls as an application keeps them.
    let mut sign_expanded = Acc::default();
    let mut preparation = None;
    if key_bytes > 0 && runs(Op::SignExpanded, req.sign_runs) > 0 {
        let mut fw = OpMachine::open(profile, fw, Op::SignExpanded)?;
        let sk = fw.buf("PQFIT_SK", H::SK)?;
        let (expand_at, sign_expanded_at) = (fw.entries[0], fw.entries[1]);
        fw.m.reset_statics()?;
        fw.m.write(sk, &host.keys[0].1)?;
        let run = fw.m.call(expand_at, limit)?;
        status("expand_key", &run)?;
        preparation = Some(Preparation {
            call: "expand_key".into(),
            cycles: run.cycles,
            stack_bytes: run.stack_bytes,
        });
        for i in 0..req.sign_runs {
            let run = sign_message(&mut fw, sign_expanded_at, i, "sign_expanded")?;
            sign_expanded.runs.push(run);
        }
    }
    let sign_expanded_cycles: Vec<u64> = sign_expanded.runs.iter().map(|r| r.cycles).collect();

    let mut verify = Acc::default();
    if runs(Op::Verify, req.verify_runs) > 0 {
        let mut fw = OpMachine::open(profile, fw, Op::Verify)?;
        let (vk, sig) = (fw.buf("PQFIT_VK", H::PK)?, fw.buf("PQFIT_SIG", H::SIG)?);
        let (msg, msg_len) = (fw.msg()?, fw.buf("PQFIT_MSG_LEN", 4)?);
        let verify_at = fw.entries[0];
        let mut call = |i: usize, signature: &[u8]| -> Result<Run, Error> {
            let m = &mut fw.m;
            m.reset_statics()?;
            m.write(vk, &host.keys[0].0)?;
            m.write(msg, &inputs.msgs[i])?;
            m.write(msg_len, &(MSG_LEN as u32).to_le_bytes())?;
            m.write(sig, signature)?;
            m.call(verify_at, limit)
        };
        for i in 0..req.verify_runs {
            let run = call(i, &host.sigs[i])?;
            status("verify", &run)?;
            verify.runs.push(run);
        }
        // A corrupted signature must be rejected (not measured).
        let mut bad = host.sigs[0].clone();
        bad[H::SIG / 2] ^= 1;
        if call(0, &bad)?.ret == 0 {
            return Err(Error::Mismatch(
                "verify accepted a corrupted signature".into(),
            ));
        }
    }

    let mut m = finish(
        &common,
        vec![
            (keygen, Op::Keygen),
            (sign, Op::Sign),
            (verify, Op::Verify),
            (sign_expanded, Op::SignExpanded),
        ],
        &req.skip,
        fw,
        &image,
    );
    if let Some(r) = m.ops.iter_mut().find(|r| r.op == Op::SignExpanded.name()) {
        r.static_ram_bytes += key_bytes;
        r.preparation = preparation;
    }
    let counts: Option<Vec<u32>> = host.iterations[..req.sign_runs].iter().copied().collect();
    if let (Some(counts), Some(expected)) = (counts, H::EXPECTED_ITERATIONS) {
        for (op, cycles) in [
            (Op::Sign, &sign_cycles),
            (Op::SignExpanded, &sign_expanded_cycles),
        ] {
            if let Some(r) = m.ops.iter_mut().find(|r| r.op == op.name()) {
                r.iterations = Iterations::fit(&counts, cycles, expected);
            }
        }
    }
    Ok(m)
}
