//! Measuring the NTRU Prime KEMs: key generation, encapsulation and decapsulation on
//! fixed random bytes, every key, ciphertext and session key checked against the host,
//! and a corrupted ciphertext decapsulated to the host's implicit-rejection key.

use std::path::Path;

use pqfit::ntruprime::{Ciphertext, Karatsuba, PublicKey, SecretKey, SharedSecret};
use pqfit::{Ntrulpr761, Sntrup761};

use crate::elf::Image;
use crate::measure::{
    buf, compare, entry, fill, finish, open, status, Acc, Cycles, Measurement, OpReport, Request,
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
/// encapsulations and `verify_runs` decapsulations.
pub fn run_kem<K: HostKem>(
    profile: &Profile,
    req: &Request,
    ty: &str,
    elf: &Path,
) -> Result<Measurement, Error> {
    let bytes = std::fs::read(elf)?;
    let image = Image::parse(&bytes)?;
    let rand = buf(&image, "PQFIT_RAND", Some(RAND_BYTES))?;
    let used = buf(&image, "PQFIT_RAND_USED", Some(4))?;
    let pk = buf(&image, "PQFIT_PK", Some(K::PK))?;
    let sk = buf(&image, "PQFIT_SK", Some(K::SK))?;
    let ct = buf(&image, "PQFIT_CT", Some(K::CT))?;
    let ss = buf(&image, "PQFIT_SS", Some(SharedSecret::BYTES))?;
    // Buffers of the harness, not of the KEM (the signature inputs are linked in too).
    let mut io_bytes = [rand, used, pk, sk, ct, ss]
        .iter()
        .map(|b| b.size)
        .sum::<u64>();
    for name in ["PQFIT_XI", "PQFIT_RND", "PQFIT_MSG", "PQFIT_MSG_LEN"] {
        io_bytes += image.symbol(name).map_or(0, |s| s.size);
    }
    let (keygen_at, encaps_at, decaps_at) = (
        entry(&image, "pqfit_fw_keygen")?,
        entry(&image, "pqfit_fw_encaps")?,
        entry(&image, "pqfit_fw_decaps")?,
    );

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

    let mut m = open(profile, &bytes, &image)?;
    let limit = req.instruction_limit;
    let common = OpReport {
        target: profile.name.clone(),
        scheme: req.scheme.name().into(),
        op: String::new(),
        strategy: ty.into(),
        cycles: Cycles::default(),
        instructions: 0,
        stack_bytes: 0,
        static_ram_bytes: image.static_ram.saturating_sub(io_bytes),
        flash_bytes: image.flash,
        runs: 0,
        opt_level: req.opt_level.clone(),
        iterations: None,
        preparation: None,
        time: None,
    };
    let used_bytes = |m: &mut crate::emu::Machine| -> Result<usize, Error> {
        let b = m.read(used.addr, 4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    };

    let mut keygen = Acc::default();
    for (i, r) in keygen_rand.iter().enumerate() {
        m.reset_statics()?;
        m.write(rand.addr, r)?;
        let run = m.call(keygen_at, limit)?;
        status("keygen", &run)?;
        compare(
            format!("keygen {i} public key"),
            &m.read(pk.addr, K::PK)?,
            &keys[i].0,
        )?;
        compare(
            format!("keygen {i} secret key"),
            &m.read(sk.addr, K::SK)?,
            &keys[i].1,
        )?;
        if used_bytes(&mut m)? != keys[i].2 {
            return Err(Error::Mismatch(format!(
                "keygen {i} drew a different number of random bytes than the host"
            )));
        }
        keygen.runs.push(run);
    }

    let mut encaps = Acc::default();
    for i in 0..req.sign_runs {
        m.reset_statics()?;
        m.write(pk.addr, &keys[0].0)?;
        m.write(rand.addr, &encaps_rand[i])?;
        let run = m.call(encaps_at, limit)?;
        status("encaps", &run)?;
        compare(
            format!("ciphertext {i}"),
            &m.read(ct.addr, K::CT)?,
            &encs[i].0,
        )?;
        compare(
            format!("encapsulated key {i}"),
            &m.read(ss.addr, SharedSecret::BYTES)?,
            &encs[i].1,
        )?;
        encaps.runs.push(run);
    }

    let mut decaps = Acc::default();
    for (i, (c, key, _)) in encs.iter().enumerate().take(req.verify_runs) {
        m.reset_statics()?;
        m.write(sk.addr, &keys[0].1)?;
        m.write(ct.addr, c)?;
        let run = m.call(decaps_at, limit)?;
        status("decaps", &run)?;
        compare(
            format!("decapsulated key {i}"),
            &m.read(ss.addr, SharedSecret::BYTES)?,
            key,
        )?;
        decaps.runs.push(run);
    }
    // A corrupted ciphertext gives the implicit-rejection key, as on the host (not measured).
    if let Some((c, key, _)) = encs.first().filter(|_| req.verify_runs > 0) {
        let mut bad = c.clone();
        bad[K::CT / 2] ^= 1;
        m.reset_statics()?;
        m.write(sk.addr, &keys[0].1)?;
        m.write(ct.addr, &bad)?;
        m.call(decaps_at, limit)?;
        let got = m.read(ss.addr, SharedSecret::BYTES)?;
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
        elf,
        &image,
    ))
}
