//! The KEM runner: key generation, encapsulation and decapsulation on fixed random bytes,
//! every key, ciphertext and session key checked against a host oracle ([`HostKem`]), and
//! a corrupted ciphertext decapsulated to the host's implicit-rejection key.

use crate::elf::Image;
use crate::link::Firmware;
use crate::op::Op;
use crate::profile::Profile;
use crate::record::Measurement;
use crate::runkit::{buf, compare, fill, finish, firmware_report, status, Acc, OpMachine};
use crate::scheme::Request;
use crate::Error;

/// Random bytes given to each call (`PQFIT_RAND`): enough for NTRU Prime's key
/// generation retried a few times (4 bytes per coefficient of g and f, and 191 bytes of
/// rho).
pub const RAND_BYTES: usize = 16 * 1024;

/// The host side of a KEM, with randomness read from a slice; each call returns the
/// number of random bytes it used.
pub trait HostKem {
    /// Public key bytes.
    const PK: usize;
    /// Secret key bytes.
    const SK: usize;
    /// Ciphertext bytes.
    const CT: usize;
    /// Shared-secret bytes.
    const SS: usize;
    /// Key generation.
    fn keygen(rand: &[u8]) -> (Vec<u8>, Vec<u8>, usize);
    /// Encapsulation: ciphertext and session key.
    fn encaps(pk: &[u8], rand: &[u8]) -> (Vec<u8>, Vec<u8>, usize);
    /// Decapsulation: the session key.
    fn decaps(sk: &[u8], ct: &[u8]) -> Vec<u8>;
    /// Bytes of the confirmation hash that ends a ciphertext (NTRU Prime), 0 when there
    /// is none (ML-KEM): the constant-time check then also decapsulates ciphertexts of
    /// the right weight with a wrong hash.
    const CONFIRM: usize = 0;
    /// Decapsulation keys whose secrets sit at the bounds the format allows, each named,
    /// made from the valid pair `(pk, sk)` (whose public parts they embed): decapsulated
    /// with by the constant-time check after the random keys. None by default.
    fn extreme_keys(pk: &[u8], sk: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
        let _ = (pk, sk);
        Vec::new()
    }
}

fn stream(seed: u64) -> Vec<u8> {
    let mut v = vec![0u8; RAND_BYTES];
    fill(seed, &mut v);
    v
}

/// Measures an already built KEM firmware: `keygen_runs` key generations, `sign_runs`
/// encapsulations and `verify_runs` decapsulations, each operation in its own ELF
/// ([`crate::link`]); the operations in `req.skip` are not run.
pub fn run_kem<K: HostKem>(
    profile: &Profile,
    req: &Request,
    ty: &str,
    fw: &Firmware,
) -> Result<Measurement, Error> {
    let image = Image::parse(&std::fs::read(&fw.elf)?)?;
    // Buffers of the harness, not of the KEM (the signature inputs are linked in too).
    let mut io_bytes = 0;
    for (name, size) in [
        ("PQFIT_RAND", Some(RAND_BYTES)),
        ("PQFIT_RAND_USED", Some(4)),
        ("PQFIT_PK", Some(K::PK)),
        ("PQFIT_SK", Some(K::SK)),
        ("PQFIT_CT", Some(K::CT)),
        ("PQFIT_SS", Some(K::SS)),
    ] {
        io_bytes += buf(&image, name, size)?.size;
    }
    for name in ["PQFIT_XI", "PQFIT_RND", "PQFIT_MSG", "PQFIT_MSG_LEN"] {
        io_bytes += image.symbol(name).map_or(0, |s| s.size);
    }

    // The host's results for the same random bytes.
    let keygen_rand: Vec<Vec<u8>> = (0..req.keygen_runs.max(1))
        .map(|i| stream(4000 + i as u64))
        .collect();
    let keys: Vec<(Vec<u8>, Vec<u8>, usize)> = keygen_rand.iter().map(|r| K::keygen(r)).collect();
    let n_enc = req.sign_runs.max(req.verify_runs);
    let encaps_rand: Vec<Vec<u8>> = (0..n_enc).map(|i| stream(5000 + i as u64)).collect();
    let encs: Vec<(Vec<u8>, Vec<u8>, usize)> = encaps_rand
        .iter()
        .map(|r| K::encaps(&keys[0].0, r))
        .collect();

    let limit = req.instruction_limit;
    let common = firmware_report(profile, req, ty, &image, io_bytes);

    let mut keygen = Acc::default();
    if !req.skips(Op::Keygen) {
        let mut fw = OpMachine::open(profile, fw, Op::Keygen)?;
        let (rand, used) = (
            fw.buf("PQFIT_RAND", RAND_BYTES)?,
            fw.buf("PQFIT_RAND_USED", 4)?,
        );
        let (pk, sk) = (fw.buf("PQFIT_PK", K::PK)?, fw.buf("PQFIT_SK", K::SK)?);
        for (i, r) in keygen_rand.iter().enumerate() {
            let m = &mut fw.m;
            m.reset_statics()?;
            m.write(rand, r)?;
            let run = m.call(fw.entries[0], limit)?;
            status("keygen", &run)?;
            compare(
                format!("keygen {i} public key"),
                &m.read(pk, K::PK)?,
                &keys[i].0,
            )?;
            compare(
                format!("keygen {i} secret key"),
                &m.read(sk, K::SK)?,
                &keys[i].1,
            )?;
            let b = m.read(used, 4)?;
            if u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize != keys[i].2 {
                return Err(Error::Mismatch(format!(
                    "keygen {i} drew a different number of random bytes than the host"
                )));
            }
            keygen.runs.push(run);
        }
    }

    let mut encaps = Acc::default();
    if !req.skips(Op::Encaps) && req.sign_runs > 0 {
        let mut fw = OpMachine::open(profile, fw, Op::Encaps)?;
        let (rand, pk) = (
            fw.buf("PQFIT_RAND", RAND_BYTES)?,
            fw.buf("PQFIT_PK", K::PK)?,
        );
        let (ct, ss) = (fw.buf("PQFIT_CT", K::CT)?, fw.buf("PQFIT_SS", K::SS)?);
        for i in 0..req.sign_runs {
            let m = &mut fw.m;
            m.reset_statics()?;
            m.write(pk, &keys[0].0)?;
            m.write(rand, &encaps_rand[i])?;
            let run = m.call(fw.entries[0], limit)?;
            status("encaps", &run)?;
            compare(format!("ciphertext {i}"), &m.read(ct, K::CT)?, &encs[i].0)?;
            compare(
                format!("encapsulated key {i}"),
                &m.read(ss, K::SS)?,
                &encs[i].1,
            )?;
            encaps.runs.push(run);
        }
    }

    let mut decaps = Acc::default();
    if !req.skips(Op::Decaps) && req.verify_runs > 0 {
        let mut fw = OpMachine::open(profile, fw, Op::Decaps)?;
        let (sk, ct) = (fw.buf("PQFIT_SK", K::SK)?, fw.buf("PQFIT_CT", K::CT)?);
        let ss = fw.buf("PQFIT_SS", K::SS)?;
        let decaps_at = fw.entries[0];
        let mut call = |c: &[u8]| -> Result<(crate::emu::Run, Vec<u8>), Error> {
            let m = &mut fw.m;
            m.reset_statics()?;
            m.write(sk, &keys[0].1)?;
            m.write(ct, c)?;
            let run = m.call(decaps_at, limit)?;
            Ok((run, m.read(ss, K::SS)?))
        };
        for (i, (c, key, _)) in encs.iter().enumerate().take(req.verify_runs) {
            let (run, got) = call(c)?;
            status("decaps", &run)?;
            compare(format!("decapsulated key {i}"), &got, key)?;
            decaps.runs.push(run);
        }
        // A corrupted ciphertext gives the implicit-rejection key, as on the host (not
        // measured).
        let (c, key, _) = &encs[0];
        let mut bad = c.clone();
        bad[K::CT / 2] ^= 1;
        let (_, got) = call(&bad)?;
        compare(
            "implicit rejection of a corrupted ciphertext".into(),
            &got,
            &K::decaps(&keys[0].1, &bad),
        )?;
        if &got == key {
            return Err(Error::Mismatch(
                "a corrupted ciphertext decapsulated to the session key".into(),
            ));
        }
    }

    Ok(finish(
        &common,
        vec![
            (keygen, Op::Keygen),
            (encaps, Op::Encaps),
            (decaps, Op::Decaps),
        ],
        &req.skip,
        fw,
        &image,
    ))
}
