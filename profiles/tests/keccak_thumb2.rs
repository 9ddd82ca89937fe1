//! The Thumb-2 Keccak-f\[1600\] assembly (`Interleaved32Thumb2`, the default backend on
//! the Cortex-M3 and M4) against the host: a small firmware (`tests/keccak_fw`) runs
//! random states through `DefaultKeccak` on the emulated M4 and M3 (one, two or three
//! permutations each, through the byte interface), and every output must equal the
//! host's `Sha3Crate`. The host test suite cannot execute Thumb-2 code, so this is
//! where the assembly is checked; the KATs and ACVP vectors then run through it in the
//! firmware tests.
//!
//! Needs the `thumbv7m-none-eabi` and `thumbv7em-none-eabi` targets; builds two small
//! firmwares (pqfit-core only). Set `PQFIT_SKIP_FIRMWARE_TESTS=1` to skip.

use std::path::{Path, PathBuf};
use std::process::Command;

use pqfit_core::keccak::{Keccak, Sha3Crate, STATE_BYTES};
use pqfit_profiles::elf::Image;
use pqfit_profiles::emu::{Machine, StackRegion};
use pqfit_profiles::Profile;

/// Must match `CHECKED` in `tests/keccak_fw/src/main.rs`.
const CHECKED: usize = 24;

fn skip() -> bool {
    std::env::var_os("PQFIT_SKIP_FIRMWARE_TESTS").is_some()
}

/// Builds the Keccak firmware for `profile` (scheduled for its CPU, as the measurement
/// firmware is) and returns its ELF.
fn build(profile: &Profile) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/keccak_fw");
    let target_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/keccak-fw");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(&dir)
        .args(["build", "--release", "--quiet", "--target", &profile.triple])
        .env("CARGO_TARGET_DIR", &target_dir)
        .env_remove("RUSTFLAGS")
        .env(
            "CARGO_ENCODED_RUSTFLAGS",
            format!("-Ctarget-cpu={}", profile.cpu),
        )
        .env_remove("CARGO_BUILD_TARGET")
        .output()
        .expect("running cargo");
    assert!(
        out.status.success(),
        "building the Keccak firmware for {}:\n{}",
        profile.name,
        String::from_utf8_lossy(&out.stderr)
    );
    target_dir
        .join(&profile.triple)
        .join("release")
        .join("pqfit-keccak-fw")
}

/// xorshift64*, enough to draw test states.
fn next(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

fn check_on(target: &str, seed: u64) {
    let profile = Profile::load(target).unwrap();
    let elf = build(&profile);
    let bytes = std::fs::read(&elf).unwrap();
    let image = Image::parse(&bytes).unwrap();
    let addr = |name: &str| {
        Image::address_of(&bytes, name).unwrap_or_else(|| panic!("{target}: no {name}"))
    };
    let stack = StackRegion {
        bottom: addr("_stack_start"),
        top: addr("_stack_top"),
    };
    let mut m = Machine::new(&profile, &image, stack).unwrap();
    m.reset_statics().unwrap();

    let name = m.read(addr("KC_BACKEND"), 32).unwrap();
    let name = String::from_utf8_lossy(&name);
    assert_eq!(
        name.trim_end_matches('\0'),
        "interleaved32-thumb2",
        "{target}: DefaultKeccak"
    );

    let mut rng = seed;
    let mut states = vec![0u8; CHECKED * STATE_BYTES];
    for (i, b) in states.iter_mut().enumerate() {
        // The first state all-zero, the second all-ones, the rest random.
        *b = match i / STATE_BYTES {
            0 => 0,
            1 => 0xFF,
            _ => next(&mut rng) as u8,
        };
    }
    let at = addr("KC_STATES");
    m.write(at, &states).unwrap();
    let run = m.call(addr("kc_check"), 50_000_000).unwrap();
    assert_eq!(run.ret as usize, CHECKED);
    let got = m.read(at, states.len()).unwrap();

    for (i, (input, out)) in states
        .chunks_exact(STATE_BYTES)
        .zip(got.chunks_exact(STATE_BYTES))
        .enumerate()
    {
        let mut s = [0u64; 25];
        Sha3Crate::xor_bytes(&mut s, 0, input);
        for _ in 0..1 + i % 3 {
            Sha3Crate::permute(&mut s);
        }
        let mut want = [0u8; STATE_BYTES];
        Sha3Crate::extract_bytes(&s, 0, &mut want);
        assert_eq!(
            out,
            &want[..],
            "{target}: state {i} ({} permutations)",
            1 + i % 3
        );
    }
}

#[test]
fn thumb2_assembly_matches_the_host_on_the_m4() {
    if skip() {
        return;
    }
    check_on("m4", 0x9E37_79B9_7F4A_7C15);
}

#[test]
fn thumb2_assembly_matches_the_host_on_the_m3() {
    if skip() {
        return;
    }
    check_on("m3", 0xD1B5_4A32_D192_ED03);
}
