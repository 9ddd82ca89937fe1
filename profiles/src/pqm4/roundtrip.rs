//! The round-trip runner for a pqm4-layout implementation of a scheme pqfit does not
//! implement (`profiles/firmware/src/peers/pqm4_roundtrip.rs`): without a host computation
//! to compare with, the outputs must fit together. Keys from key generation; every message
//! signed with the first key must verify, and the first signature with one bit flipped
//! must be rejected; every encapsulation to the first key must decapsulate to its shared
//! secret, and the first ciphertext with one bit flipped to another one. `randombytes`
//! draws from a fixed stream per call (`PQFIT_RAND`).

use crate::elf::Image;
use crate::emu::Run;
use crate::kem::RAND_BYTES;
use crate::link::Firmware;
use crate::op::Op;
use crate::profile::Profile;
use crate::record::{Cycles, Measurement, OpReport};
use crate::runkit::{buf, fill, finish, status, Acc, OpMachine};
use crate::scheme::Request;
use crate::signature::MSG_LEN;
use crate::Error;

use super::layout::{Impl, Kind};

/// The random bytes of call `seed`.
fn stream(seed: u64) -> Vec<u8> {
    let mut v = vec![0u8; RAND_BYTES];
    fill(seed, &mut v);
    v
}

/// A message of [`MSG_LEN`] bytes.
fn message(i: usize) -> Vec<u8> {
    let mut m = vec![0u8; MSG_LEN];
    fill(2000 + i as u64, &mut m);
    m
}

/// Measures an already built round-trip firmware of `imp`.
pub(super) fn run(
    profile: &Profile,
    req: &Request,
    imp: &Impl,
    record: &str,
    fw: &Firmware,
) -> Result<Measurement, Error> {
    let bytes = std::fs::read(&fw.elf)?;
    let image = Image::parse(&bytes)?;
    let size = |name: &str| buf(&image, name, None).map(|b| b.size as usize);
    let (pk_bytes, sk_bytes) = (size("PQFIT_PK")?, size("PQFIT_SK")?);
    let mut io = vec!["PQFIT_RAND", "PQFIT_RAND_USED", "PQFIT_PK", "PQFIT_SK"];
    io.extend(match imp.kind {
        Kind::Sign => ["PQFIT_MSG", "PQFIT_MSG_LEN", "PQFIT_SIG", "PQFIT_SIG_LEN"],
        Kind::Kem => ["PQFIT_CT", "PQFIT_SS", "", ""],
    });
    let mut io_bytes = 0;
    for name in io.into_iter().filter(|n| !n.is_empty()) {
        io_bytes += buf(&image, name, None)?.size;
    }
    let common = OpReport {
        target: profile.name.clone(),
        scheme: imp.scheme.clone(),
        op: String::new(),
        strategy: record.into(),
        cycles: Cycles::default(),
        instructions: 0,
        stack_bytes: 0,
        static_ram_bytes: image.static_ram.saturating_sub(io_bytes),
        flash_bytes: image.flash,
        runs: 0,
        opt_level: "3".into(),
        iterations: None,
        preparation: None,
        time: None,
        code: None,
        same_code_as: None,
    };
    let limit = req.instruction_limit;

    // Key generation: every run from its own stream; the first pair is used on.
    let mut keygen = Acc::default();
    let mut keys = (Vec::new(), Vec::new());
    {
        let mut fw = OpMachine::open(profile, fw, Op::Keygen)?;
        let (rand, pk, sk) = (
            fw.buf("PQFIT_RAND", RAND_BYTES)?,
            fw.buf("PQFIT_PK", pk_bytes)?,
            fw.buf("PQFIT_SK", sk_bytes)?,
        );
        for i in 0..req.keygen_runs.max(1) {
            fw.m.reset_statics()?;
            fw.m.write(rand, &stream(1000 + i as u64))?;
            let run = fw.m.call(fw.entries[0], limit)?;
            status("keygen", &run)?;
            if i == 0 {
                keys = (fw.m.read(pk, pk_bytes)?, fw.m.read(sk, sk_bytes)?);
            }
            keygen.runs.push(run);
        }
    }
    let (first, second) = match imp.kind {
        Kind::Sign => sign_verify(profile, fw, req, &keys)?,
        Kind::Kem => encaps_decaps(profile, fw, req, &keys)?,
    };
    let [_, op1, op2] = imp.ops();
    Ok(finish(
        &common,
        vec![(keygen, Op::Keygen), (first, op1), (second, op2)],
        &[],
        fw,
        &image,
    ))
}

/// Signs `req.sign_runs` messages with the first key and verifies `req.verify_runs` of
/// the signatures; the first with one bit flipped must be rejected.
fn sign_verify(
    profile: &Profile,
    fw: &Firmware,
    req: &Request,
    (pk, sk): &(Vec<u8>, Vec<u8>),
) -> Result<(Acc, Acc), Error> {
    let limit = req.instruction_limit;
    let mut sign = Acc::default();
    let mut sigs = Vec::new();
    {
        let mut fw = OpMachine::open(profile, fw, Op::Sign)?;
        let sig_bytes = buf(&fw.image, "PQFIT_SIG", None)?.size as usize;
        let (rand, sk_at, msg, msg_len, sig, sig_len) = (
            fw.buf("PQFIT_RAND", RAND_BYTES)?,
            fw.buf("PQFIT_SK", sk.len())?,
            fw.msg()?,
            fw.buf("PQFIT_MSG_LEN", 4)?,
            fw.buf("PQFIT_SIG", sig_bytes)?,
            fw.buf("PQFIT_SIG_LEN", 4)?,
        );
        for i in 0..req.sign_runs.max(1) {
            let m = &mut fw.m;
            m.reset_statics()?;
            m.write(sk_at, sk)?;
            m.write(msg, &message(i))?;
            m.write(msg_len, &(MSG_LEN as u32).to_le_bytes())?;
            m.write(rand, &stream(3000 + i as u64))?;
            let run = m.call(fw.entries[0], limit)?;
            status("sign", &run)?;
            let len = u32::from_le_bytes(m.read(sig_len, 4)?.try_into().unwrap()) as usize;
            if len == 0 || len > sig_bytes {
                return Err(Error::Mismatch(format!(
                    "sign {i} gave a signature of {len} bytes (CRYPTO_BYTES is {sig_bytes})"
                )));
            }
            sigs.push(m.read(sig, len)?);
            sign.runs.push(run);
        }
    }
    let mut verify = Acc::default();
    let mut fw = OpMachine::open(profile, fw, Op::Verify)?;
    let sig_bytes = buf(&fw.image, "PQFIT_SIG", None)?.size as usize;
    let (pk_at, msg, msg_len, sig, sig_len) = (
        fw.buf("PQFIT_PK", pk.len())?,
        fw.msg()?,
        fw.buf("PQFIT_MSG_LEN", 4)?,
        fw.buf("PQFIT_SIG", sig_bytes)?,
        fw.buf("PQFIT_SIG_LEN", 4)?,
    );
    let mut call = |i: usize, signature: &[u8]| -> Result<Run, Error> {
        let m = &mut fw.m;
        m.reset_statics()?;
        m.write(pk_at, pk)?;
        m.write(msg, &message(i))?;
        m.write(msg_len, &(MSG_LEN as u32).to_le_bytes())?;
        m.write(sig, signature)?;
        m.write(sig_len, &(signature.len() as u32).to_le_bytes())?;
        m.call(fw.entries[0], limit)
    };
    for (i, s) in sigs.iter().enumerate().take(req.verify_runs.max(1)) {
        let run = call(i, s)?;
        if run.ret != 0 {
            return Err(Error::Mismatch(format!(
                "verify rejected signature {i} (returned {})",
                run.ret
            )));
        }
        verify.runs.push(run);
    }
    let mut bad = sigs[0].clone();
    let at = bad.len() / 2;
    bad[at] ^= 1;
    if call(0, &bad)?.ret == 0 {
        return Err(Error::Mismatch(
            "verify accepted a signature with one bit flipped".into(),
        ));
    }
    Ok((sign, verify))
}

/// Encapsulates `req.sign_runs` times to the first key and decapsulates
/// `req.verify_runs` of the ciphertexts, each to its shared secret; the first ciphertext
/// with one bit flipped must give another.
fn encaps_decaps(
    profile: &Profile,
    fw: &Firmware,
    req: &Request,
    (pk, sk): &(Vec<u8>, Vec<u8>),
) -> Result<(Acc, Acc), Error> {
    let limit = req.instruction_limit;
    let mut encaps = Acc::default();
    let mut pairs = Vec::new();
    {
        let mut fw = OpMachine::open(profile, fw, Op::Encaps)?;
        let ct_bytes = buf(&fw.image, "PQFIT_CT", None)?.size as usize;
        let ss_bytes = buf(&fw.image, "PQFIT_SS", None)?.size as usize;
        let (rand, pk_at, ct, ss) = (
            fw.buf("PQFIT_RAND", RAND_BYTES)?,
            fw.buf("PQFIT_PK", pk.len())?,
            fw.buf("PQFIT_CT", ct_bytes)?,
            fw.buf("PQFIT_SS", ss_bytes)?,
        );
        for i in 0..req.sign_runs.max(1) {
            let m = &mut fw.m;
            m.reset_statics()?;
            m.write(pk_at, pk)?;
            m.write(rand, &stream(3000 + i as u64))?;
            let run = m.call(fw.entries[0], limit)?;
            status("encaps", &run)?;
            pairs.push((m.read(ct, ct_bytes)?, m.read(ss, ss_bytes)?));
            encaps.runs.push(run);
        }
    }
    let mut decaps = Acc::default();
    let mut fw = OpMachine::open(profile, fw, Op::Decaps)?;
    let (ct_bytes, ss_bytes) = (pairs[0].0.len(), pairs[0].1.len());
    let (sk_at, ct, ss) = (
        fw.buf("PQFIT_SK", sk.len())?,
        fw.buf("PQFIT_CT", ct_bytes)?,
        fw.buf("PQFIT_SS", ss_bytes)?,
    );
    let mut call = |ciphertext: &[u8]| -> Result<(Run, Vec<u8>), Error> {
        let m = &mut fw.m;
        m.reset_statics()?;
        m.write(sk_at, sk)?;
        m.write(ct, ciphertext)?;
        let run = m.call(fw.entries[0], limit)?;
        status("decaps", &run)?;
        Ok((run, m.read(ss, ss_bytes)?))
    };
    for (i, (c, s)) in pairs.iter().enumerate().take(req.verify_runs.max(1)) {
        let (run, got) = call(c)?;
        if &got != s {
            return Err(Error::Mismatch(format!(
                "decaps {i} gave another shared secret than encaps"
            )));
        }
        decaps.runs.push(run);
    }
    let mut bad = pairs[0].0.clone();
    let at = bad.len() / 2;
    bad[at] ^= 1;
    if call(&bad)?.1 == pairs[0].1 {
        return Err(Error::Mismatch(
            "decaps gave the same shared secret for a ciphertext with one bit flipped".into(),
        ));
    }
    Ok((encaps, decaps))
}
