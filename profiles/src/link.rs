//! Each operation linked alone. The firmware holds every operation of a scheme; the
//! harness links it once more per operation, from the same LTO object with an entry list of
//! that operation only, so that `--gc-sections` keeps just the code and data the operation
//! reaches. Each operation is measured in its own ELF, and the ELF's loaded bytes and entry
//! addresses are its *code identity*: two strategy combinations whose keygen is the same
//! code (mixes that differ only in signing components) have the same identity, and the
//! sweep runs that operation for one of them (docs/explorer.md, "Fewer runs").
//!
//! rustc deletes its objects after linking, so the firmware is linked through
//! `firmware/link/kit.sh`, which keeps them with the linker's arguments beside the output
//! (the "kit").

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use sha2::{Digest, Sha256};

use crate::elf::Image;
use crate::op::Op;
use crate::Error;

/// One operation's own firmware.
#[derive(Clone, Debug)]
pub struct OpFirmware {
    /// The operation.
    pub op: Op,
    /// Its ELF.
    pub elf: PathBuf,
    /// Its code identity: SHA-256 (hex, 128 bits) of the loaded segments and the entry
    /// addresses.
    pub code: String,
}

/// A firmware build: the whole ELF and each operation's own.
#[derive(Clone, Debug)]
pub struct Firmware {
    /// Every operation, as an integrator links it (its flash and static RAM are reported).
    pub elf: PathBuf,
    /// The operations linked alone (those the firmware has).
    pub ops: Vec<OpFirmware>,
    /// Charge unaligned accesses ([`crate::emu::Machine::charge_unaligned`]): set for C
    /// and assembly (the C peers, pqm4-layout builds), not for code rustc compiled.
    pub charge_unaligned: bool,
}

impl Firmware {
    /// The ELF an operation is measured in: its own, or the whole firmware's.
    pub fn elf_of(&self, op: &str) -> &Path {
        self.ops
            .iter()
            .find(|o| o.op.name() == op)
            .map_or(&self.elf, |o| &o.elf)
    }

    /// The code identity of an operation, if it was linked alone.
    pub fn code_of(&self, op: &str) -> Option<&str> {
        self.ops
            .iter()
            .find(|o| o.op.name() == op)
            .map(|o| o.code.as_str())
    }
}

/// The firmware crate: `PQFIT_FIRMWARE_DIR` or `profiles/firmware`.
pub fn firmware_dir() -> PathBuf {
    std::env::var_os("PQFIT_FIRMWARE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("firmware"))
}

/// The variable that tells `kit.sh` the real linker.
pub const REAL_LINKER: &str = "PQFIT_REAL_LINKER";

/// The `rustc` flag that links through the kit script, and the real linker (for
/// [`REAL_LINKER`]).
pub fn linker_settings() -> Result<(String, PathBuf), Error> {
    let script = firmware_dir().join("link").join("kit.sh");
    if !script.exists() {
        return Err(Error::Build(format!("missing {}", script.display())));
    }
    Ok((format!("-Clinker={}", script.display()), real_linker()?))
}

/// rust-lld of the firmware's toolchain (the linker rustc uses for every target profile).
fn real_linker() -> Result<PathBuf, Error> {
    static LLD: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    LLD.get_or_init(|| {
        let rustc = |args: &[&str]| -> Result<String, String> {
            let out = Command::new("rustc")
                .current_dir(firmware_dir())
                .args(args)
                .output()
                .map_err(|e| format!("running rustc {args:?}: {e}"))?;
            if !out.status.success() {
                return Err(format!("rustc {args:?} failed"));
            }
            Ok(String::from_utf8_lossy(&out.stdout).into_owned())
        };
        let sysroot = rustc(&["--print", "sysroot"])?;
        let version = rustc(&["-vV"])?;
        let host = version
            .lines()
            .find_map(|l| l.strip_prefix("host: "))
            .ok_or("rustc -vV names no host")?;
        let lld = Path::new(sysroot.trim())
            .join("lib/rustlib")
            .join(host.trim())
            .join("bin/rust-lld");
        if lld.exists() {
            Ok(lld)
        } else {
            Err(format!("no rust-lld at {}", lld.display()))
        }
    })
    .clone()
    .map_err(Error::Build)
}

/// The kit of the ELF cargo just built at `built` (a copy of one of `deps/`'s outputs).
fn kit_of(built: &Path) -> Result<PathBuf, Error> {
    let bytes = std::fs::read(built)?;
    let deps = built.with_file_name("deps");
    for entry in std::fs::read_dir(&deps)? {
        let path = entry?.path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        // The binary's outputs (`pqfit_firmware-<hash>`), not the libraries' files.
        if !name.starts_with("pqfit_firmware-") || name.contains('.') {
            continue;
        }
        let kit = path.with_file_name(format!("{name}.kit"));
        if kit.join("args").exists() && std::fs::read(&path).is_ok_and(|b| b == bytes) {
            return Ok(kit);
        }
    }
    Err(Error::Build(format!(
        "no linker kit in {} for {} (was it linked through firmware/link/kit.sh?)",
        deps.display(),
        built.display()
    )))
}

/// Links each operation `built` has alone, into `<stem>.<op>.elf` beside `copy`.
pub fn link_operations(built: &Path, copy: &Path, image: &Image) -> Result<Vec<OpFirmware>, Error> {
    let kit = kit_of(built)?;
    let args: Vec<String> = std::fs::read_to_string(kit.join("args"))?
        .lines()
        .map(String::from)
        .collect();
    let script = args
        .iter()
        .find_map(|a| a.strip_prefix("-T"))
        .ok_or_else(|| Error::Build("the link has no -T script".into()))?;
    let script_text = std::fs::read_to_string(script)?;
    let stem = copy.with_extension("");
    let mut ops = Vec::new();
    for op in Op::ALL {
        let entries = op.entries();
        if image.symbol(entries[0]).is_none() {
            continue;
        }
        let op_script = kit.join(format!("{op}.x"));
        std::fs::write(&op_script, script_for(&script_text, entries)?)?;
        let elf = PathBuf::from(format!("{}.{op}.elf", stem.display()));
        let mut next_is_out = false;
        let op_args = args.iter().map(|a| {
            let arg = if next_is_out {
                elf.display().to_string()
            } else if a.starts_with("-T") {
                format!("-T{}", op_script.display())
            } else {
                a.clone()
            };
            next_is_out = a == "-o";
            arg
        });
        let out = Command::new(real_linker()?).args(op_args).output()?;
        if !out.status.success() {
            return Err(Error::Build(format!(
                "linking {op} alone: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            )));
        }
        let bytes = std::fs::read(&elf)?;
        let code = code_identity(&Image::parse(&bytes)?, entries)?;
        ops.push(OpFirmware { op, elf, code });
    }
    Ok(ops)
}

/// The linker script with `entries` as the only roots.
fn script_for(script: &str, entries: &[&str]) -> Result<String, Error> {
    let (mut entry, mut externs) = (false, false);
    let text: Vec<String> = script
        .lines()
        .map(|line| {
            if line.starts_with("ENTRY(") {
                entry = true;
                format!("ENTRY({})", entries[0])
            } else if line.starts_with("EXTERN(") {
                externs = true;
                format!("EXTERN({})", entries.join(" "))
            } else {
                line.to_string()
            }
        })
        .collect();
    if entry && externs {
        Ok(text.join("\n") + "\n")
    } else {
        Err(Error::Build(
            "the linker script has no ENTRY(...) and EXTERN(...) lines to replace".into(),
        ))
    }
}

/// What an operation runs: its loaded bytes at their addresses (code, constants, data,
/// the size of .bss) and where its entries are.
fn code_identity(image: &Image, entries: &[&str]) -> Result<String, Error> {
    let mut h = Sha256::new();
    for s in &image.segments {
        h.update(s.vaddr.to_le_bytes());
        h.update(s.mem_size.to_le_bytes());
        h.update((s.data.len() as u64).to_le_bytes());
        h.update(&s.data);
    }
    for name in entries {
        let addr = image
            .symbol(name)
            .ok_or_else(|| Error::Elf(format!("no entry point {name} when linked alone")))?
            .addr;
        h.update(addr.to_le_bytes());
    }
    Ok(h.finalize()[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_keeps_only_the_operation_as_roots() {
        let script = "MEMORY {}\nENTRY(pqfit_fw_keygen)\nEXTERN(pqfit_fw_keygen pqfit_fw_sign PQFIT_STRATEGY)\nSECTIONS {}\n";
        let op = script_for(script, &["pqfit_fw_expand_key", "pqfit_fw_sign_expanded"]).unwrap();
        assert_eq!(
            op,
            "MEMORY {}\nENTRY(pqfit_fw_expand_key)\nEXTERN(pqfit_fw_expand_key pqfit_fw_sign_expanded)\nSECTIONS {}\n"
        );
        assert!(script_for("SECTIONS {}\n", &["pqfit_fw_sign"]).is_err());
    }
}
