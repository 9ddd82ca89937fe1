//! Builds the measurement firmware (`profiles/firmware`) for a target: the cargo
//! features and build variables of a [`Selection`], then each operation linked alone
//! ([`crate::link`]).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::elf::Image;
pub use crate::link::firmware_dir;
use crate::link::Firmware;
use crate::profile::Profile;
use crate::Error;

/// What a firmware build measures, besides the target and the opt-level: the cargo features
/// and build variables that select it, and the strategy its ELF must record.
#[derive(Clone, Debug)]
pub struct Selection {
    /// The scheme's name (`ml-dsa-65`), for the ELF's name and the messages.
    pub scheme: String,
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
    let (scheme, strategy_ty) = (sel.scheme.as_str(), sel.record.as_str());
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
            scheme,
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
        profile.name, scheme
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
    Ok(Firmware {
        elf: copy,
        ops,
        charge_unaligned: false,
    })
}
