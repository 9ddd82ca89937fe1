//! Builds the measurement firmware for a (target, scheme, strategy, opt-level), runs keygen,
//! sign and verify in the emulator on fixed inputs, and checks every output against the host
//! computation byte for byte.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use pqfit::{MlDsa, ParameterSet, Reference, Signature, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};

use crate::elf::{Flash, Image};
use crate::emu::{Machine, Run, StackRegion};
use crate::link::Firmware;
use crate::profile::{Isa, Profile};
use crate::Error;

/// A scheme and parameter set: the ML-DSA signatures and the NTRU Prime KEMs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// ML-DSA-44 (Dilithium2).
    MlDsa44,
    /// ML-DSA-65 (Dilithium3).
    MlDsa65,
    /// ML-DSA-87 (Dilithium5).
    MlDsa87,
    /// Streamlined NTRU Prime sntrup761 (round 3).
    Sntrup761,
    /// NTRU LPRime ntrulpr761 (round 3).
    Ntrulpr761,
    /// CROSS v2.2: the parameter set with this index in [`crate::cross::SETS`].
    Cross(u8),
}

/// A family of parameter sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// ML-DSA (FIPS 204) signatures.
    MlDsa,
    /// CROSS v2.2 signatures.
    Cross,
    /// NTRU Prime round-3 KEMs.
    NtruPrime,
}

impl Family {
    /// Every family, signatures first.
    pub const ALL: [Family; 3] = [Family::MlDsa, Family::Cross, Family::NtruPrime];

    /// The name on the command line (`ml-dsa`, `cross`, `ntru-prime`).
    pub fn name(self) -> &'static str {
        match self {
            Family::MlDsa => "ml-dsa",
            Family::Cross => "cross",
            Family::NtruPrime => "ntru-prime",
        }
    }

    /// Signatures (rather than KEMs).
    pub fn is_signature(self) -> bool {
        self != Family::NtruPrime
    }
}

/// The operations of a signature scheme, in the order they are measured.
pub const SIGNATURE_OPS: [&str; 3] = ["keygen", "sign", "verify"];
/// The operations of ML-DSA: those of [`SIGNATURE_OPS`], then repeated signing with a
/// key expanded once into static RAM (`MlDsa::sign_expanded`, [`SIGN_EXPANDED`]).
pub const MLDSA_OPS: [&str; 4] = ["keygen", "sign", "verify", SIGN_EXPANDED];
/// The operations of a KEM, in the order they are measured.
pub const KEM_OPS: [&str; 3] = ["keygen", "encaps", "decaps"];
/// The operation name of signing with an expanded key: the firmware keeps the
/// `ExpandedKey` in a static (counted as the operation's static RAM), fills it once
/// with `MlDsa::expand_key` (reported as its [`Preparation`]) and then signs every
/// message with `MlDsa::sign_expanded`.
pub const SIGN_EXPANDED: &str = "sign-expanded";

/// Which of the harness's run counts (key generations, signatures, verifications) an
/// operation is measured with: signing-like operations (sign, sign-expanded, encaps)
/// take the signature count, verify and decaps the verification count.
pub fn runs_of(op: &str, [keygens, signs, verifies]: [usize; 3]) -> usize {
    match op {
        "keygen" => keygens,
        "verify" | "decaps" => verifies,
        _ => signs,
    }
}

impl Scheme {
    /// Every scheme: ML-DSA by security category, the KEMs, then the 18 CROSS sets.
    pub fn all() -> Vec<Scheme> {
        let mut v = vec![
            Scheme::MlDsa44,
            Scheme::MlDsa65,
            Scheme::MlDsa87,
            Scheme::Sntrup761,
            Scheme::Ntrulpr761,
        ];
        v.extend((0..crate::cross::SETS.len() as u8).map(Scheme::Cross));
        v
    }

    /// Parses `ml-dsa-65`, `mldsa65`, `dilithium3`, `sntrup761` and the like.
    pub fn parse(s: &str) -> Result<Self, Error> {
        let k: String = s
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        match k.as_str() {
            "mldsa44" | "dilithium2" => Ok(Scheme::MlDsa44),
            "mldsa65" | "dilithium3" => Ok(Scheme::MlDsa65),
            "mldsa87" | "dilithium5" => Ok(Scheme::MlDsa87),
            "sntrup761" => Ok(Scheme::Sntrup761),
            "ntrulpr761" => Ok(Scheme::Ntrulpr761),
            _ => crate::cross::SETS
                .iter()
                .position(|(name, _)| name.replace('-', "") == k)
                .map(|i| Scheme::Cross(i as u8))
                .ok_or_else(|| {
                    Error::Unknown(format!(
                        "unknown scheme {s:?}: expected ml-dsa-44, ml-dsa-65, ml-dsa-87, \
                         sntrup761, ntrulpr761 or a CROSS set such as cross-rsdp-1-small"
                    ))
                }),
        }
    }

    /// The kebab-case name (`ml-dsa-65`).
    pub fn name(self) -> &'static str {
        match self {
            Scheme::MlDsa44 => "ml-dsa-44",
            Scheme::MlDsa65 => "ml-dsa-65",
            Scheme::MlDsa87 => "ml-dsa-87",
            Scheme::Sntrup761 => "sntrup761",
            Scheme::Ntrulpr761 => "ntrulpr761",
            Scheme::Cross(i) => crate::cross::SETS[i as usize].0,
        }
    }

    /// The NIST security category the parameter set claims: FIPS 204 Table 1 for ML-DSA,
    /// the CROSS v2.2 specification (the digit in the set's name), and the NTRU Prime
    /// round-3 submission for sntrup761 and ntrulpr761 (category 3).
    pub fn category(self) -> u8 {
        match self {
            Scheme::MlDsa44 => 2,
            Scheme::MlDsa65 | Scheme::Sntrup761 | Scheme::Ntrulpr761 => 3,
            Scheme::MlDsa87 => 5,
            // `cross-rsdp-1-small`, `cross-rsdpg-5-fast`: the category is the third field.
            Scheme::Cross(i) => crate::cross::SETS[i as usize]
                .0
                .split('-')
                .nth(2)
                .and_then(|c| c.parse().ok())
                .unwrap_or(0),
        }
    }

    /// The family the parameter set belongs to.
    pub fn family(self) -> Family {
        match self {
            Scheme::MlDsa44 | Scheme::MlDsa65 | Scheme::MlDsa87 => Family::MlDsa,
            Scheme::Cross(_) => Family::Cross,
            Scheme::Sntrup761 | Scheme::Ntrulpr761 => Family::NtruPrime,
        }
    }

    /// A key-encapsulation mechanism (keygen, encaps, decaps) rather than a signature.
    pub fn is_kem(self) -> bool {
        matches!(self, Scheme::Sntrup761 | Scheme::Ntrulpr761)
    }

    /// The operations measured, in order.
    pub fn ops(self) -> &'static [&'static str] {
        match self {
            Scheme::Sntrup761 | Scheme::Ntrulpr761 => &KEM_OPS,
            Scheme::MlDsa44 | Scheme::MlDsa65 | Scheme::MlDsa87 => &MLDSA_OPS,
            Scheme::Cross(_) => &SIGNATURE_OPS,
        }
    }

    /// The operations measured for `strategy`: [`Scheme::ops`], except that a peer
    /// (`peer:<name>`) has no repeated signing with an expanded key.
    pub fn ops_of(self, strategy: &str) -> &'static [&'static str] {
        if strategy.trim().starts_with(crate::peers::PREFIX) && !self.is_kem() {
            &SIGNATURE_OPS
        } else {
            self.ops()
        }
    }

    /// The pqfit type that takes the strategy as a parameter (`Dilithium3`, `Sntrup761`,
    /// `cross::Cross`, which takes the parameter set first).
    pub fn alias(self) -> &'static str {
        match self {
            Scheme::Cross(_) => "cross::Cross",
            Scheme::MlDsa44 => "Dilithium2",
            Scheme::MlDsa65 => "Dilithium3",
            Scheme::MlDsa87 => "Dilithium5",
            Scheme::Sntrup761 => "Sntrup761",
            Scheme::Ntrulpr761 => "Ntrulpr761",
        }
    }

    /// The name the firmware's build script takes (`PQFIT_FW_SCHEME`).
    pub fn type_name(self) -> &'static str {
        match self {
            Scheme::MlDsa44 => "MlDsa44",
            Scheme::MlDsa65 => "MlDsa65",
            Scheme::MlDsa87 => "MlDsa87",
            Scheme::Sntrup761 => "Sntrup761",
            Scheme::Ntrulpr761 => "Ntrulpr761",
            Scheme::Cross(i) => crate::cross::SETS[i as usize].1,
        }
    }
}

/// The presets the tool knows by kebab-case name.
pub const PRESETS: [(&str, &str); 4] = [
    ("reference", "pqfit::strategy::Reference"),
    ("small-stack", "pqfit::strategy::SmallStack"),
    ("balanced", "pqfit::strategy::Balanced"),
    ("fast-sign", "pqfit::strategy::FastSign"),
];

/// Resolves a preset name or a type path to the type path the firmware is built with.
pub fn strategy_type(s: &str) -> Result<String, Error> {
    let s = s.trim();
    if let Some((_, ty)) = PRESETS.iter().find(|(name, _)| *name == s) {
        return Ok((*ty).to_string());
    }
    let path_like = s.contains("::")
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_:<>, ".contains(c));
    if path_like {
        return Ok(s.to_string());
    }
    let names: Vec<&str> = PRESETS.iter().map(|p| p.0).collect();
    Err(Error::Unknown(format!(
        "unknown strategy {s:?}: give a preset ({}) or a type path such as pqfit::strategy::Reference",
        names.join(", ")
    )))
}

/// What to measure.
#[derive(Clone, Debug)]
pub struct Request {
    /// Profile name (`m4`).
    pub target: String,
    /// Scheme.
    pub scheme: Scheme,
    /// Preset or type path.
    pub strategy: String,
    /// `3`, `2`, `s` or `z`.
    pub opt_level: String,
    /// Key generations (different seeds).
    pub keygen_runs: usize,
    /// Messages signed.
    pub sign_runs: usize,
    /// Signatures verified.
    pub verify_runs: usize,
    /// Instructions allowed per call.
    pub instruction_limit: u64,
    /// Cargo target directory of the firmware build (default `profiles/firmware/target`);
    /// parallel sweeps give each worker its own.
    pub target_dir: Option<PathBuf>,
    /// Extra `rustc` flags of the firmware build (for the cost of the value barriers:
    /// `--cfg=pqfit_insecure_no_value_barriers`).
    pub rustflags: Vec<String>,
    /// A board extending the target: its flash wait states are charged, and every
    /// operation gets its time at the board's clock ([`OpReport::time`]).
    pub board: Option<crate::board::Board>,
    /// Operations not to run (a sweep measured the same code for another combination,
    /// [`crate::link`]): their reports are left out.
    pub skip: Vec<String>,
}

impl Request {
    /// Whether `op` is left out.
    pub fn skips(&self, op: &str) -> bool {
        self.skip.iter().any(|s| s == op)
    }

    /// The defaults: opt-level 3, 3 key generations, 16 signatures, 4 verifications.
    pub fn new(target: &str, scheme: Scheme, strategy: &str) -> Self {
        Request {
            target: target.into(),
            scheme,
            strategy: strategy.into(),
            opt_level: "3".into(),
            keygen_runs: 3,
            sign_runs: 16,
            verify_runs: 4,
            instruction_limit: 4_000_000_000,
            target_dir: None,
            rustflags: Vec::new(),
            board: None,
            skip: Vec::new(),
        }
    }

    /// The profile of an emulated target (not the host), extended by the board if any.
    pub fn emulated_profile(&self) -> Result<Profile, Error> {
        let p = self.profile()?;
        if p.isa == Isa::Host {
            return Err(Error::Unknown(
                "the host target is not emulated: use the benches (cargo bench) for host timings"
                    .into(),
            ));
        }
        Ok(p)
    }

    /// The target's profile, extended by the board if there is one.
    pub fn profile(&self) -> Result<Profile, Error> {
        let mut p = Profile::load(&self.target)?;
        if let Some(b) = &self.board {
            b.apply(&mut p)?;
        }
        Ok(p)
    }
}

/// Cycle statistics over the runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cycles {
    /// Fewest.
    pub min: u64,
    /// Mean (rounded).
    pub avg: u64,
    /// Most.
    pub max: u64,
}

/// One operation's figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpReport {
    /// Profile name.
    pub target: String,
    /// Scheme (`ml-dsa-65`), or the ELF file for `measure_elf`.
    pub scheme: String,
    /// `keygen`, `sign`, `verify`, or the entry name.
    pub op: String,
    /// The strategy type path (accepted back by `--strategy`).
    pub strategy: String,
    /// Modelled cycles.
    pub cycles: Cycles,
    /// Instructions executed (mean over the runs).
    pub instructions: u64,
    /// Stack high-water mark (maximum over the runs), excluding the caller's buffers.
    pub stack_bytes: u64,
    /// .data + .bss, without the harness's input/output buffers.
    pub static_ram_bytes: u64,
    /// Flash of the whole firmware.
    pub flash_bytes: Flash,
    /// Runs measured.
    pub runs: usize,
    /// Optimisation level of the build.
    pub opt_level: String,
    /// For signing with a rejection loop (ML-DSA): the iteration counts behind the
    /// cycles, and the cycles normalised to the parameter set's expected count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iterations: Option<Iterations>,
    /// For an operation that works on state prepared once (sign-expanded: the expanded
    /// key), the one-off call that prepared it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preparation: Option<Preparation>,
    /// With a board: the cycles as milliseconds at its clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<crate::board::Time>,
    /// The operation's code identity ([`crate::link`]): equal for combinations whose
    /// operation is the same code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// In a sweep: the strategy this operation was run for, when it is the same code and
    /// its figures are that run's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_code_as: Option<String>,
}

impl OpReport {
    /// What every operation of one firmware shares (the figures come per operation):
    /// its flash, and its static RAM without the harness's `io_bytes` of buffers.
    pub(crate) fn of_firmware(
        profile: &Profile,
        req: &Request,
        strategy: &str,
        image: &Image,
        io_bytes: u64,
    ) -> Self {
        OpReport {
            target: profile.name.clone(),
            scheme: req.scheme.name().into(),
            op: String::new(),
            strategy: strategy.into(),
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
            code: None,
            same_code_as: None,
        }
    }
}

/// The one-off call behind an operation on kept state (`MlDsa::expand_key` before
/// repeated `sign_expanded` calls): not part of the operation's cycles or stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preparation {
    /// The call (`expand_key`).
    pub call: String,
    /// Model cycles of the call.
    pub cycles: u64,
    /// Its stack high-water mark.
    pub stack_bytes: u64,
}

/// Signing time against the number of rejection-loop iterations of each message.
///
/// The mean over a few messages swings with how many iterations they happened to
/// need; pqm4-style means over thousands of messages do not. A least-squares line
/// `cycles = fixed + n * per_iteration` over the messages gives the cost of one
/// iteration (averaged over the iterations that stop at the z check and those that go
/// on), and `normalised_avg = fixed + expected * per_iteration` is the mean at the
/// parameter set's expected count (FIPS 204: 4.25, 5.1, 3.85), the figure to
/// compare with a long-run mean.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Iterations {
    /// Mean iterations over the messages measured.
    pub mean: f64,
    /// The parameter set's expected iterations (FIPS 204, Table 1).
    pub expected: f64,
    /// Model cycles per iteration (slope of the fit); `None` when every message took
    /// the same number of iterations.
    pub cycles_per_iteration: Option<u64>,
    /// Mean model cycles at the expected count; `None` as above.
    pub normalised_avg: Option<u64>,
}

impl Iterations {
    /// Fits cycles against iterations, one pair per message.
    pub fn fit(counts: &[u32], cycles: &[u64], expected: f64) -> Option<Self> {
        if counts.is_empty() || counts.len() != cycles.len() {
            return None;
        }
        let n = counts.len() as f64;
        let mean_n = counts.iter().map(|&c| f64::from(c)).sum::<f64>() / n;
        let mean_c = cycles.iter().map(|&c| c as f64).sum::<f64>() / n;
        let (mut sxy, mut sxx) = (0.0, 0.0);
        for (&k, &c) in counts.iter().zip(cycles) {
            let dx = f64::from(k) - mean_n;
            sxy += dx * (c as f64 - mean_c);
            sxx += dx * dx;
        }
        let slope = (sxx > 0.0).then(|| sxy / sxx);
        Some(Iterations {
            mean: mean_n,
            expected,
            cycles_per_iteration: slope.map(|b| b.max(0.0).round() as u64),
            normalised_avg: slope
                .map(|b| (mean_c + (expected - mean_n) * b).max(0.0).round() as u64),
        })
    }
}

/// The result of one measurement.
#[derive(Clone, Debug, Serialize)]
pub struct Measurement {
    /// Per operation.
    pub ops: Vec<OpReport>,
    /// Instructions emulated in total.
    pub emulated_instructions: u64,
    /// Wall-clock seconds inside the emulator.
    pub emulation_seconds: f64,
    /// The ELF measured.
    pub elf: PathBuf,
    /// Flash per crate (bytes), largest first.
    pub flash_by_crate: Vec<(String, u64)>,
}

impl Measurement {
    /// Emulation speed in instructions per second.
    pub fn instructions_per_second(&self) -> f64 {
        self.emulated_instructions as f64 / self.emulation_seconds.max(1e-9)
    }
}

/// The firmware crate: `PQFIT_FIRMWARE_DIR` or `profiles/firmware`.
pub fn firmware_dir() -> PathBuf {
    std::env::var_os("PQFIT_FIRMWARE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("firmware"))
}

/// Builds the firmware and returns the path of a copy of its ELF named after the build.
pub fn build_firmware(
    profile: &Profile,
    scheme: Scheme,
    strategy_ty: &str,
    opt_level: &str,
    target_dir: Option<&Path>,
) -> Result<PathBuf, Error> {
    build_selection(
        profile,
        &Selection::pqfit(scheme, strategy_ty),
        opt_level,
        target_dir,
    )
}

/// What a firmware build measures, besides the target and the opt-level: the cargo features
/// and build variables that select it, and the strategy its ELF must record.
#[derive(Clone, Debug)]
pub struct Selection {
    /// The scheme (for the ELF's name and the messages).
    pub scheme: Scheme,
    /// What the ELF records in `PQFIT_STRATEGY`: a pqfit type path, or `peer:<name>`.
    pub record: String,
    /// Cargo features of the firmware crate (a peer's `peer-<name>`).
    pub features: Vec<String>,
    /// Variables for the firmware's build script.
    pub env: Vec<(&'static str, String)>,
    /// Extra `rustc` flags, each one argument (such as
    /// `--cfg=pqfit_insecure_no_value_barriers`); the ELF's name records them.
    pub rustflags: Vec<String>,
}

impl Selection {
    /// pqfit's `scheme` with the strategy type `strategy_ty`.
    pub fn pqfit(scheme: Scheme, strategy_ty: &str) -> Self {
        Selection {
            scheme,
            record: strategy_ty.into(),
            features: Vec::new(),
            env: vec![
                ("PQFIT_FW_SCHEME", scheme.type_name().into()),
                ("PQFIT_FW_STRATEGY", strategy_ty.into()),
            ],
            rustflags: Vec::new(),
        }
    }
}

/// Builds the firmware `sel` and returns the path of a copy of its ELF named after it.
pub fn build_selection(
    profile: &Profile,
    sel: &Selection,
    opt_level: &str,
    target_dir: Option<&Path>,
) -> Result<PathBuf, Error> {
    build_operations(profile, sel, opt_level, target_dir).map(|f| f.elf)
}

/// Builds the firmware `sel`: a copy of its ELF named after it, and each operation linked
/// alone beside it ([`crate::link`]).
pub fn build_operations(
    profile: &Profile,
    sel: &Selection,
    opt_level: &str,
    target_dir: Option<&Path>,
) -> Result<Firmware, Error> {
    let (scheme, strategy_ty) = (sel.scheme, sel.record.as_str());
    let rustflags = &sel.rustflags;
    if !matches!(opt_level, "0" | "1" | "2" | "3" | "s" | "z") {
        return Err(Error::Unknown(format!(
            "opt-level {opt_level:?}: expected 0-3, s or z"
        )));
    }
    let dir = firmware_dir();
    let target_dir = target_dir.map_or_else(|| dir.join("target"), Path::to_path_buf);
    std::fs::create_dir_all(&target_dir)?;
    // One build (and copy of its ELF) at a time: builds share the firmware's target dir.
    let lock = std::fs::File::create(target_dir.join("pqfit-build.lock"))?;
    lock.lock()?;
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let (linker, real_linker) = crate::link::linker_settings()?;
    let out = Command::new(cargo)
        .current_dir(&dir)
        .args([
            "build",
            "--release",
            "--quiet",
            "--target",
            &profile.triple,
            "--manifest-path",
        ])
        .arg(dir.join("Cargo.toml"))
        .args(sel.features.iter().flat_map(|f| ["--features", f]))
        .env("CARGO_TARGET_DIR", &target_dir)
        .env_remove("PQFIT_FW_TAMPER")
        .envs(sel.env.iter().map(|(k, v)| (k, v)))
        .env("PQFIT_FW_TARGET", &profile.name)
        .env(crate::link::REAL_LINKER, real_linker)
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", opt_level)
        .env_remove("RUSTFLAGS")
        // Schedule for the profile's core, as firmware builds do (pqm4: -mcpu=cortex-m4):
        // on the M4 it takes Keccak-f[1600] from 13.3 k to 11.3 k model cycles.
        .env(
            "CARGO_ENCODED_RUSTFLAGS",
            [format!("-Ctarget-cpu={}", profile.cpu), linker]
                .into_iter()
                .chain(rustflags.iter().map(|f| f.to_string()))
                .collect::<Vec<_>>()
                .join("\u{1f}"),
        )
        .env_remove("CARGO_BUILD_TARGET")
        .output()?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let lines: Vec<&str> = err
            .lines()
            .filter(|l| !l.trim().is_empty())
            .take(30)
            .collect();
        return Err(Error::Build(format!(
            "{} {} {strategy_ty} (opt-level {opt_level}) for {}:\n{}",
            scheme.name(),
            profile.name,
            profile.triple,
            lines.join("\n")
        )));
    }
    let built = target_dir
        .join(&profile.triple)
        .join("release")
        .join("pqfit-firmware");
    let tag: String = strategy_ty
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect::<String>()
        .replace("pqfit__strategy__", "");
    let mut tag: String = tag.chars().take(120).collect();
    for f in rustflags {
        tag.push('-');
        tag.extend(f.chars().filter(char::is_ascii_alphanumeric));
    }
    let elves = target_dir.join("elves");
    std::fs::create_dir_all(&elves)?;
    let copy = elves.join(format!(
        "{}-{}-{tag}-O{opt_level}.elf",
        profile.name,
        scheme.name()
    ));
    std::fs::copy(&built, &copy)?;
    let image = Image::parse(&std::fs::read(&copy)?)?;
    let ops = crate::link::link_operations(&built, &copy, &image)?;
    drop(lock);
    // The ELF must be the build asked for: it records its strategy.
    let recorded = image
        .symbol("PQFIT_STRATEGY")
        .and_then(|s| image.read(s.addr, s.size as usize));
    let want: Vec<u8> = strategy_ty.bytes().chain([0]).collect();
    if recorded.as_deref() != Some(&want[..]) {
        return Err(Error::Build(format!(
            "{} does not record the strategy {strategy_ty}",
            copy.display()
        )));
    }
    Ok(Firmware { elf: copy, ops })
}

/// A deterministic byte stream for the fixed inputs (splitmix64).
pub(crate) fn fill(seed: u64, out: &mut [u8]) {
    let mut s = seed;
    for chunk in out.chunks_mut(8) {
        s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        chunk.copy_from_slice(&z.to_le_bytes()[..chunk.len()]);
    }
}

/// Message length used (as pqm4's benchmarks: 59 bytes).
pub const MSG_LEN: usize = 59;

/// The fixed inputs: seeds, messages and signing randomness.
struct Inputs {
    xis: Vec<Vec<u8>>,
    msgs: Vec<[u8; MSG_LEN]>,
    rnds: Vec<Vec<u8>>,
}

impl Inputs {
    fn new(keygens: usize, signs: usize, xi_bytes: usize, rnd_bytes: usize) -> Self {
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
}

/// ML-DSA on the host (the `Reference` strategy).
pub struct MlDsaHost<P>(std::marker::PhantomData<P>);

impl<P: ParameterSet> HostSig for MlDsaHost<P> {
    const PK: usize = P::PK_BYTES;
    const SK: usize = P::SK_BYTES;
    const SIG: usize = P::SIG_BYTES;
    const XI: usize = 32;
    const RND: usize = 32;
    const EXPECTED_ITERATIONS: Option<f64> = Some(expected_iterations(P::K, P::L));

    fn keygen(xi: &[u8]) -> (Vec<u8>, Vec<u8>) {
        let xi: &[u8; 32] = xi.try_into().expect("a 32-byte seed");
        let mut vk = VerifyingKey::<P>::default();
        let mut sk = SigningKey::<P>::default();
        MlDsa::<P, Reference>::key_gen_internal(xi, &mut vk, &mut sk);
        (vk.as_bytes().to_vec(), sk.as_bytes().to_vec())
    }

    fn sign(sk: &[u8], msg: &[u8], rnd: &[u8]) -> (Vec<u8>, Option<u32>) {
        let sk = SigningKey::<P>::from_bytes(sk).expect("host key");
        let rnd: &[u8; 32] = rnd.try_into().expect("32 bytes of randomness");
        let mut sig = Signature::<P>::default();
        let n = MlDsa::<P, Reference>::sign_with_iteration_count(&sk, msg, &[], rnd, &mut sig)
            .expect("host sign");
        (sig.as_bytes().to_vec(), Some(n))
    }
}

/// CROSS on the host (the `Balanced` strategy).
pub struct CrossHost<P>(std::marker::PhantomData<P>);

impl<P: pqfit::cross::CrossParams> HostSig for CrossHost<P> {
    const PK: usize = P::PK_BYTES;
    const SK: usize = P::SK_BYTES;
    const SIG: usize = P::SIG_BYTES;
    const XI: usize = P::KEY_SEED_BYTES;
    const RND: usize = P::SEED_BYTES + P::SALT_BYTES;

    fn keygen(xi: &[u8]) -> (Vec<u8>, Vec<u8>) {
        let mut vk = pqfit::cross::VerifyingKey::<P>::default();
        let mut sk = pqfit::cross::SigningKey::<P>::default();
        pqfit::cross::Cross::<P>::key_gen(xi, &mut vk, &mut sk).expect("host key generation");
        (vk.as_bytes().to_vec(), sk.as_bytes().to_vec())
    }

    fn sign(sk: &[u8], msg: &[u8], rnd: &[u8]) -> (Vec<u8>, Option<u32>) {
        let sk = pqfit::cross::SigningKey::<P>::from_bytes(sk).expect("host key");
        let mut sig = pqfit::cross::Signature::<P>::default();
        pqfit::cross::Cross::<P>::sign(&sk, msg, rnd, &mut sig).expect("host sign");
        (sig.as_bytes().to_vec(), None)
    }
}

/// FIPS 204, Table 1: the expected number of signing iterations of ML-DSA-44, 65 and
/// 87, by their (k, l).
pub const fn expected_iterations(k: usize, l: usize) -> f64 {
    match (k, l) {
        (4, 4) => 4.25,
        (6, 5) => 5.1,
        _ => 3.85,
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

/// A buffer of the firmware: address and size from its symbol.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Buf {
    pub(crate) addr: u64,
    pub(crate) size: u64,
}

pub(crate) fn buf(image: &Image, name: &str, size: Option<usize>) -> Result<Buf, Error> {
    let s = image
        .symbol(name)
        .ok_or_else(|| Error::Elf(format!("no symbol {name}")))?;
    if let Some(n) = size {
        if s.size != n as u64 {
            return Err(Error::Elf(format!(
                "{name} is {} bytes, expected {n}",
                s.size
            )));
        }
    }
    Ok(Buf {
        addr: s.addr,
        size: s.size,
    })
}

pub(crate) fn entry(image: &Image, name: &str) -> Result<u64, Error> {
    image
        .symbol(name)
        .map(|s| s.addr)
        .ok_or_else(|| Error::Elf(format!("no entry point {name}")))
}

/// Collects per-run figures for one operation.
#[derive(Default)]
pub(crate) struct Acc {
    pub(crate) runs: Vec<Run>,
}

impl Acc {
    pub(crate) fn report(&self, common: &OpReport, op: &str) -> OpReport {
        let cyc: Vec<u64> = self.runs.iter().map(|r| r.cycles).collect();
        let n = cyc.len().max(1) as u64;
        let mut r = common.clone();
        r.op = op.into();
        r.cycles = Cycles {
            min: cyc.iter().copied().min().unwrap_or(0),
            avg: (cyc.iter().sum::<u64>() + n / 2) / n,
            max: cyc.iter().copied().max().unwrap_or(0),
        };
        r.instructions = (self.runs.iter().map(|r| r.instructions).sum::<u64>() + n / 2) / n;
        r.stack_bytes = self.runs.iter().map(|r| r.stack_bytes).max().unwrap_or(0);
        r.runs = self.runs.len();
        r
    }
}

/// Opens the machine for an image: the stack is `_stack_start.._stack_top` when the ELF
/// defines them, else from the end of the loaded RAM contents to the end of RAM.
pub(crate) fn open(profile: &Profile, bytes: &[u8], image: &Image) -> Result<Machine, Error> {
    let m = profile.memory;
    let ram = m.ram_origin..m.ram_origin + m.ram_bytes;
    let stack = match (
        Image::address_of(bytes, "_stack_start"),
        Image::address_of(bytes, "_stack_top"),
    ) {
        (Some(bottom), Some(top)) => StackRegion { bottom, top },
        _ => {
            let used = image
                .segments
                .iter()
                .filter(|s| ram.contains(&s.vaddr))
                .map(|s| s.vaddr + s.mem_size)
                .max()
                .unwrap_or(m.ram_origin);
            StackRegion {
                bottom: (used + 7) & !7,
                top: ram.end,
            }
        }
    };
    let mut machine = Machine::new(profile, image, stack)?;
    machine.panic_range = image
        .symbol("pqfit_fw_panic")
        .map(|s| (s.addr, s.addr + s.size.max(2)));
    Ok(machine)
}

/// An output of the target must equal the host's.
pub(crate) fn compare(what: String, got: &[u8], want: &[u8]) -> Result<(), Error> {
    if got == want {
        return Ok(());
    }
    let at = got.iter().zip(want).position(|(a, b)| a != b).unwrap_or(0);
    let show = |v: &[u8]| {
        v.iter()
            .skip(at)
            .take(8)
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    };
    Err(Error::Mismatch(format!(
        "{what}: first difference at byte {at} of {} (target {}.., host {}..)",
        want.len(),
        show(got),
        show(want)
    )))
}

/// An entry point must return 0, as the host call succeeded.
pub(crate) fn status(op: &str, run: &Run) -> Result<(), Error> {
    if run.ret == 0 {
        Ok(())
    } else {
        Err(Error::Mismatch(format!(
            "{op} returned {} on the target, 0 on the host",
            run.ret
        )))
    }
}

/// Builds and measures one (target, scheme, strategy, opt-level); a strategy `peer:<name>`
/// measures that peer ([`crate::peers`]). With a board, each operation has its time.
pub fn measure(req: &Request) -> Result<Measurement, Error> {
    req.emulated_profile()?;
    if req.strategy.trim().starts_with(crate::peers::PREFIX) {
        let peer = crate::peers::parse(&req.strategy).ok_or_else(|| {
            let names: Vec<String> = crate::peers::PEERS.iter().map(|p| p.strategy()).collect();
            Error::Unknown(format!(
                "unknown peer {:?}: expected {}",
                req.strategy,
                names.join(", ")
            ))
        })?;
        let mut m = crate::peers::measure(req, peer, None)?;
        if let Some(b) = &req.board {
            b.stamp(&mut m.ops);
        }
        return Ok(m);
    }
    let fw = build(req)?;
    run(req, &fw)
}

/// Builds pqfit's firmware for `req` (not a peer's), each operation also linked alone.
pub fn build(req: &Request) -> Result<Firmware, Error> {
    let profile = req.emulated_profile()?;
    let ty = strategy_type(&req.strategy)?;
    let mut sel = Selection::pqfit(req.scheme, &ty);
    sel.rustflags = req.rustflags.clone();
    build_operations(&profile, &sel, &req.opt_level, req.target_dir.as_deref())
}

/// Measures pqfit's firmware `fw`, built for `req` by [`build`]; with a board, each
/// operation has its time.
pub fn run(req: &Request, fw: &Firmware) -> Result<Measurement, Error> {
    let profile = req.profile()?;
    let ty = strategy_type(&req.strategy)?;
    let mut m = match req.scheme {
        Scheme::MlDsa44 => run_signature::<MlDsaHost<pqfit::MlDsa44>>(&profile, req, &ty, fw),
        Scheme::MlDsa65 => run_signature::<MlDsaHost<pqfit::MlDsa65>>(&profile, req, &ty, fw),
        Scheme::MlDsa87 => run_signature::<MlDsaHost<pqfit::MlDsa87>>(&profile, req, &ty, fw),
        Scheme::Cross(set) => crate::cross::run(set, &profile, req, &ty, fw),
        Scheme::Sntrup761 => crate::kem::run_kem::<crate::kem::Sntrup>(&profile, req, &ty, fw),
        Scheme::Ntrulpr761 => crate::kem::run_kem::<crate::kem::Lpr>(&profile, req, &ty, fw),
    }?;
    if let Some(b) = &req.board {
        b.stamp(&mut m.ops);
    }
    Ok(m)
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
    let common = OpReport::of_firmware(profile, req, ty, &image, io_bytes + key_bytes);
    let runs = |op: &str, n: usize| if req.skips(op) { 0 } else { n };

    let mut keygen = Acc::default();
    if runs("keygen", req.keygen_runs.max(1)) > 0 {
        let mut fw = OpMachine::open(profile, fw, "keygen")?;
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
    if runs("sign", req.sign_runs) > 0 {
        let mut fw = OpMachine::open(profile, fw, "sign")?;
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
    if key_bytes > 0 && runs(SIGN_EXPANDED, req.sign_runs) > 0 {
        let mut fw = OpMachine::open(profile, fw, SIGN_EXPANDED)?;
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
    if runs("verify", req.verify_runs) > 0 {
        let mut fw = OpMachine::open(profile, fw, "verify")?;
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
            (keygen, "keygen"),
            (sign, "sign"),
            (verify, "verify"),
            (sign_expanded, SIGN_EXPANDED),
        ],
        &req.skip.iter().map(String::as_str).collect::<Vec<_>>(),
        fw,
        &image,
    );
    if let Some(r) = m.ops.iter_mut().find(|r| r.op == SIGN_EXPANDED) {
        r.static_ram_bytes += key_bytes;
        r.preparation = preparation;
    }
    let counts: Option<Vec<u32>> = host.iterations[..req.sign_runs].iter().copied().collect();
    if let (Some(counts), Some(expected)) = (counts, H::EXPECTED_ITERATIONS) {
        for (op, cycles) in [
            ("sign", &sign_cycles),
            (SIGN_EXPANDED, &sign_expanded_cycles),
        ] {
            if let Some(r) = m.ops.iter_mut().find(|r| r.op == op) {
                r.iterations = Iterations::fit(&counts, cycles, expected);
            }
        }
    }
    Ok(m)
}

/// One operation's own ELF ([`crate::link`]) on a machine of its own.
pub(crate) struct OpMachine {
    pub(crate) image: Image,
    pub(crate) m: Machine,
    /// The operation's entry points, in [`crate::link::OPERATIONS`]' order.
    pub(crate) entries: Vec<u64>,
}

impl OpMachine {
    pub(crate) fn open(profile: &Profile, fw: &Firmware, op: &str) -> Result<Self, Error> {
        let bytes = std::fs::read(fw.elf_of(op))?;
        let image = Image::parse(&bytes)?;
        let names = crate::link::OPERATIONS
            .iter()
            .find(|(name, _)| *name == op)
            .map_or(&[][..], |(_, entries)| *entries);
        let entries = names
            .iter()
            .map(|name| entry(&image, name))
            .collect::<Result<_, _>>()?;
        let m = open(profile, &bytes, &image)?;
        Ok(OpMachine { image, m, entries })
    }

    /// The address of the harness buffer `name`, which must be `size` bytes.
    pub(crate) fn buf(&self, name: &str, size: usize) -> Result<u64, Error> {
        buf(&self.image, name, Some(size)).map(|b| b.addr)
    }

    /// The address of the message buffer (its size is checked on the whole firmware).
    pub(crate) fn msg(&self) -> Result<u64, Error> {
        buf(&self.image, "PQFIT_MSG", None).map(|b| b.addr)
    }
}

/// The measurement of the operations: a report for each that ran, one without runs for
/// each left out (`skip`, to be filled from the run of the same code), and the emulator
/// totals.
pub(crate) fn finish(
    common: &OpReport,
    ops: Vec<(Acc, &str)>,
    skip: &[&str],
    fw: &Firmware,
    image: &Image,
) -> Measurement {
    let all: Vec<&Run> = ops.iter().flat_map(|(acc, _)| &acc.runs).collect();
    let reports = ops
        .iter()
        .filter(|(acc, op)| !acc.runs.is_empty() || (skip.contains(op) && fw.code_of(op).is_some()))
        .map(|(acc, op)| {
            let mut r = acc.report(common, op);
            r.code = fw.code_of(op).map(String::from);
            r
        })
        .collect();
    Measurement {
        ops: reports,
        emulated_instructions: all.iter().map(|r| r.instructions).sum(),
        emulation_seconds: all.iter().map(|r| r.wall).sum::<Duration>().as_secs_f64(),
        elf: fw.elf.clone(),
        flash_by_crate: image.flash_by_crate(),
    }
}

/// Measures named `extern "C"` entry points of any ELF (no arguments, outputs unchecked):
/// cycles, instructions and stack per entry, and the ELF's flash and static RAM. The
/// entries run in the order given on one machine, sharing static state (so a keygen entry
/// can feed a sign entry).
pub fn measure_elf(
    target: &str,
    elf: &Path,
    entries: &[String],
    instruction_limit: u64,
) -> Result<Measurement, Error> {
    measure_elf_on(&Profile::load(target)?, elf, entries, instruction_limit)
}

/// [`measure_elf`] on a given profile (a board's: [`crate::board::Board::profile`]).
pub fn measure_elf_on(
    profile: &Profile,
    elf: &Path,
    entries: &[String],
    instruction_limit: u64,
) -> Result<Measurement, Error> {
    let profile = profile.clone();
    let bytes = std::fs::read(elf)?;
    let image = Image::parse(&bytes)?;
    let mut m = open(&profile, &bytes, &image)?;
    m.reset_statics()?;
    let mut ops = Vec::new();
    let mut total = (0u64, Duration::ZERO);
    for name in entries {
        let at = Image::address_of(&bytes, name)
            .ok_or_else(|| Error::Elf(format!("no entry point {name}")))?;
        let run = m.call(at, instruction_limit)?;
        total.0 += run.instructions;
        total.1 += run.wall;
        let common = OpReport {
            target: profile.name.clone(),
            scheme: elf.display().to_string(),
            op: name.clone(),
            strategy: String::new(),
            cycles: Cycles::default(),
            instructions: 0,
            stack_bytes: 0,
            static_ram_bytes: image.static_ram,
            flash_bytes: image.flash,
            runs: 0,
            opt_level: String::new(),
            iterations: None,
            preparation: None,
            time: None,
            code: None,
            same_code_as: None,
        };
        ops.push(Acc { runs: vec![run] }.report(&common, name));
    }
    Ok(Measurement {
        ops,
        emulated_instructions: total.0,
        emulation_seconds: total.1.as_secs_f64(),
        elf: elf.to_path_buf(),
        flash_by_crate: image.flash_by_crate(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_and_families() {
        let cat = |s: &str| Scheme::parse(s).unwrap().category();
        assert_eq!(
            [cat("ml-dsa-44"), cat("ml-dsa-65"), cat("ml-dsa-87")],
            [2, 3, 5]
        );
        assert_eq!([cat("sntrup761"), cat("ntrulpr761")], [3, 3]);
        assert_eq!(cat("cross-rsdp-1-small"), 1);
        assert_eq!(cat("cross-rsdpg-5-fast"), 5);
        // Every CROSS set has a category from its name (none falls back to 0).
        for s in Scheme::all() {
            assert!(matches!(s.category(), 1..=5), "{}", s.name());
        }
        let fam = |s: &str| Scheme::parse(s).unwrap().family();
        assert_eq!(fam("dilithium3"), Family::MlDsa);
        assert_eq!(fam("cross-rsdp-3-fast"), Family::Cross);
        assert_eq!(fam("ntrulpr761"), Family::NtruPrime);
        assert!(!Family::NtruPrime.is_signature() && Family::Cross.is_signature());
    }
}
