//! Measuring the NTRU Prime KEMs: key generation, encapsulation and decapsulation on
//! fixed random bytes, every key, ciphertext and session key checked against the host,
//! and a corrupted ciphertext decapsulated to the host's implicit-rejection key.

use pqfit::ntruprime::{Ciphertext, Karatsuba, PublicKey, SecretKey, SharedSecret};
use pqfit::{Ntrulpr761, Sntrup761};

use crate::elf::Image;
use crate::link::Firmware;
use crate::measure::{
    buf, compare, fill, finish, status, Acc, Measurement, OpMachine, OpReport, Request,
};
use crate::profile::Profile;
use crate::Error;

/// Random bytes given to each call: enough for key generation retried a few times
/// (4 bytes per coefficient of g and f, and 191 bytes of rho).
const RAND_BYTES: usize = 16 * 1024;

/// The host side of a KEM, with randomness read from a slice; each call returns the
/// number of random bytes it used.
pub trait HostKem {
    /// Public key bytes.
    const PK: usize;
    /// Secret key bytes.
    const SK: usize;
    /// Ciphertext bytes.
    const CT: usize;
    /// Key generation.
    fn keygen(rand: &[u8]) -> (Vec<u8>, Vec<u8>, usize);
    /// Encapsulation: ciphertext and session key.
    fn encaps(pk: &[u8], rand: &[u8]) -> (Vec<u8>, Vec<u8>, usize);
    /// Decapsulation: the session key.
    fn decaps(sk: &[u8], ct: &[u8]) -> Vec<u8>;
}

/// A reader over `rand` in the shape of the submission's `randombytes`.
fn reader<'a>(
    rand: &'a [u8],
    used: &'a mut usize,
) -> impl FnMut(&mut [u8]) -> Result<(), pqfit::Error> + 'a {
    move |out: &mut [u8]| {
        let end = *used + out.len();
        out.copy_from_slice(rand.get(*used..end).ok_or(pqfit::Error::Rng)?);
        *used = end;
        Ok(())
    }
}

macro_rules! host_kem {
    ($(#[$doc:meta])* $name:ident, $kem:ident, $params:ty) => {
        $(#[$doc])*
        pub struct $name;

        impl HostKem for $name {
            const PK: usize = PublicKey::<$params>::BYTES;
            const SK: usize = SecretKey::<$params>::BYTES;
            const CT: usize = Ciphertext::<$params>::BYTES;

            fn keygen(rand: &[u8]) -> (Vec<u8>, Vec<u8>, usize) {
                let (mut pk, mut sk) = (PublicKey::default(), SecretKey::default());
                let mut used = 0;
                $kem::<Karatsuba>::key_gen_with_randombytes(&mut reader(rand, &mut used), &mut pk, &mut sk)
                    .expect("host key generation");
                (pk.as_bytes().to_vec(), sk.as_bytes().to_vec(), used)
            }

            fn encaps(pk: &[u8], rand: &[u8]) -> (Vec<u8>, Vec<u8>, usize) {
                let pk = PublicKey::<$params>::from_bytes(pk).expect("host public key");
                let (mut ct, mut ss) = (Ciphertext::default(), SharedSecret::default());
                let mut used = 0;
                $kem::<Karatsuba>::encaps_with_randombytes(&mut reader(rand, &mut used), &pk, &mut ct, &mut ss)
                    .expect("host encapsulation");
                (ct.as_bytes().to_vec(), ss.as_bytes().to_vec(), used)
            }

            fn decaps(sk: &[u8], ct: &[u8]) -> Vec<u8> {
                let sk = SecretKey::<$params>::from_bytes(sk).expect("host secret key");
                let ct = Ciphertext::<$params>::from_bytes(ct).expect("host ciphertext");
                let mut ss = SharedSecret::default();
                $kem::<Karatsuba>::decaps(&sk, &ct, &mut ss);
                ss.as_bytes().to_vec()
            }
        }
    };
}

host_kem!(
    /// sntrup761 on the host.
    Sntrup,
    Sntrup761,
    pqfit::ntruprime::Sntrup761Params
);
host_kem!(
    /// ntrulpr761 on the host.
    Lpr,
    Ntrulpr761,
    pqfit::ntruprime::Ntrulpr761Params
);

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
        ("PQFIT_SS", Some(SharedSecret::BYTES)),
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
    let common = OpReport::of_firmware(profile, req, ty, &image, io_bytes);

    let mut keygen = Acc::default();
    if !req.skips("keygen") {
        let mut fw = OpMachine::open(profile, fw, "keygen")?;
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
    if !req.skips("encaps") && req.sign_runs > 0 {
        let mut fw = OpMachine::open(profile, fw, "encaps")?;
        let (rand, pk) = (
            fw.buf("PQFIT_RAND", RAND_BYTES)?,
            fw.buf("PQFIT_PK", K::PK)?,
        );
        let (ct, ss) = (
            fw.buf("PQFIT_CT", K::CT)?,
            fw.buf("PQFIT_SS", SharedSecret::BYTES)?,
        );
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
                &m.read(ss, SharedSecret::BYTES)?,
                &encs[i].1,
            )?;
            encaps.runs.push(run);
        }
    }

    let mut decaps = Acc::default();
    if !req.skips("decaps") && req.verify_runs > 0 {
        let mut fw = OpMachine::open(profile, fw, "decaps")?;
        let (sk, ct) = (fw.buf("PQFIT_SK", K::SK)?, fw.buf("PQFIT_CT", K::CT)?);
        let ss = fw.buf("PQFIT_SS", SharedSecret::BYTES)?;
        let decaps_at = fw.entries[0];
        let mut call = |c: &[u8]| -> Result<(crate::emu::Run, Vec<u8>), Error> {
            let m = &mut fw.m;
            m.reset_statics()?;
            m.write(sk, &keys[0].1)?;
            m.write(ct, c)?;
            let run = m.call(decaps_at, limit)?;
            Ok((run, m.read(ss, SharedSecret::BYTES)?))
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
        vec![(keygen, "keygen"), (encaps, "encaps"), (decaps, "decaps")],
        &req.skip.iter().map(String::as_str).collect::<Vec<_>>(),
        fw,
        &image,
    ))
}
