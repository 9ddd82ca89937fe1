//! Selects the scheme, the strategy and the linker script at build time.
//!
//! - `PQFIT_FW_FAMILY`: the firmware module of the scheme's family (`mldsa`, `cross`,
//!   `ntruprime`: `src/<name>.rs`, compiled under `cfg(pqfit_fw_family = "<name>")`), and
//!   `PQFIT_FW_TYPES`: the type aliases that module uses (the parameter set and the
//!   strategy), both from the harness's family descriptor (`pqfit_profiles::families`).
//! - `PQFIT_FW_STRATEGY`: the strategy's type path, recorded in the ELF (default
//!   `pqfit::strategy::Reference`), for example
//!   `pqfit::strategy::Custom<pqfit::strategy::StreamedA, ...>`.
//! - `PQFIT_FW_TARGET`: the profile name (`m0`, `m3`, `m4`, `rv32`, `rv64`) whose fixed linker script
//!   `link/<name>.x` is used; derived from the target triple when unset.
//! - A `peer-*` feature (at most one) builds a peer instead of pqfit (`cfg(pqfit_fw_peer)`,
//!   and `cfg(pqfit_fw_peer_scheme = "ml-dsa-65")` or `"ml-kem-768"`, `src/peers/`): the firmware records `peer:<name>` as its strategy, and for
//!   `peer-pqclean-ml-dsa` and `peer-pqclean-ml-kem` this script compiles PQClean's C for
//!   the target.
//! - `PQFIT_FW_TAMPER`: one of the peer's operations (`keygen`, `sign` or `verify` for
//!   ML-DSA, `keygen`, `encaps` or `decaps` for ML-KEM) makes a peer firmware corrupt that
//!   operation's output (the harness's tests check that it is reported as an error).
//! - `peer-pqm4` with `PQFIT_PQM4_IMPL=<dir>`: a pqm4-layout C/assembly implementation,
//!   compiled as pqm4 compiles it (`build_pqm4.rs`); recorded as `pqm4:<scheme>/<impl>`.

use std::env;
use std::fs;
use std::path::PathBuf;

#[cfg(feature = "peer-pqm4")]
#[path = "build_pqm4.rs"]
mod pqm4;

/// The peers, by the name their `peer-<name>` feature carries, with their scheme.
const PEERS: [(&str, &str); 8] = [
    ("rustcrypto-ml-dsa", "ml-dsa-65"),
    ("fips204", "ml-dsa-65"),
    ("libcrux-ml-dsa", "ml-dsa-65"),
    ("pqclean-ml-dsa", "ml-dsa-65"),
    ("rustcrypto-ml-kem", "ml-kem-768"),
    ("fips203", "ml-kem-768"),
    ("libcrux-ml-kem", "ml-kem-768"),
    ("pqclean-ml-kem", "ml-kem-768"),
];

fn main() {
    for var in [
        "PQFIT_FW_FAMILY",
        "PQFIT_FW_TYPES",
        "PQFIT_FW_STRATEGY",
        "PQFIT_FW_TARGET",
        "PQFIT_FW_TAMPER",
    ] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    let target = target_name();
    link(&target);
    let selected = match peer() {
        Some(peer) => peer_selection(peer),
        None if env::var_os("CARGO_FEATURE_PEER_PQM4").is_some() => pqm4_selection(&target),
        None => pqfit_selection(),
    };
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    fs::write(out.join("selected.rs"), selected).unwrap();
}

/// `selected.rs` for a pqfit firmware. The harness's family descriptor
/// (`pqfit_profiles::families`) names the family's module (`PQFIT_FW_FAMILY`, which sets
/// `cfg(pqfit_fw_family = "...")`) and the items that module uses (`PQFIT_FW_TYPES`: the
/// parameter set and the strategy); this script knows no family. Built by hand without
/// them, the firmware is ML-DSA-44 with the reference strategy.
fn pqfit_selection() -> String {
    let family = env::var("PQFIT_FW_FAMILY").unwrap_or_else(|_| "mldsa".into());
    if family.is_empty() || !family.chars().all(|c| c.is_ascii_lowercase()) {
        panic!("PQFIT_FW_FAMILY={family:?} is not a firmware module name");
    }
    let module = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap())
        .join("src")
        .join(format!("{family}.rs"));
    if !module.exists() {
        panic!(
            "PQFIT_FW_FAMILY={family}: no firmware module {}",
            module.display()
        );
    }
    let strategy =
        env::var("PQFIT_FW_STRATEGY").unwrap_or_else(|_| "pqfit::strategy::Reference".into());
    let path_like = |s: &str| {
        s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_:<>, ".contains(c))
    };
    if strategy.is_empty() || !path_like(&strategy) {
        panic!("PQFIT_FW_STRATEGY={strategy:?} is not a type path");
    }
    let types = env::var("PQFIT_FW_TYPES").unwrap_or_else(|_| {
        format!(
            "/// The parameter set chosen at build time.\npub type P = pqfit::MlDsa44;\n\
             /// The strategy chosen at build time.\npub type S = {strategy};\n"
        )
    });
    // Type aliases and their doc comments only: the variable comes from the harness, but
    // a build script that pastes anything into the firmware is one typo from a puzzle.
    let item = |l: &str| {
        l.starts_with("///")
            || (l.starts_with("pub type ")
                && l.ends_with(';')
                && path_like(&l["pub type ".len()..l.len() - 1].replace('=', "")))
    };
    if let Some(bad) = types.lines().find(|l| !item(l.trim())) {
        panic!("PQFIT_FW_TYPES: {bad:?} is not a `pub type` alias or its doc comment");
    }
    println!("cargo:rustc-cfg=pqfit_fw_family=\"{family}\"");
    format!("{types}/// The strategy as given, for the record.\npub const STRATEGY: &str = {strategy:?};\n")
}

/// `selected.rs` for a pqm4-layout implementation (`peer-pqm4`, `build_pqm4.rs`).
#[cfg(feature = "peer-pqm4")]
fn pqm4_selection(target: &str) -> String {
    let (scheme, record) = pqm4::compile(target);
    peer_record(&record, &scheme)
}

#[cfg(not(feature = "peer-pqm4"))]
fn pqm4_selection(_target: &str) -> String {
    unreachable!("the peer-pqm4 feature is off")
}

/// The record of a peer (`peer:<name>`, `pqm4:<scheme>/<impl>`) with the operation it
/// corrupts when `PQFIT_FW_TAMPER` is set, and the cfgs of its scheme.
fn peer_record(name: &str, scheme: &str) -> String {
    let ops = if scheme.starts_with("ml-kem") || scheme == "pqm4-kem" {
        ["keygen", "encaps", "decaps"]
    } else {
        ["keygen", "sign", "verify"]
    };
    let strategy = match env::var("PQFIT_FW_TAMPER") {
        Ok(op) if ops.contains(&op.as_str()) => {
            println!("cargo:rustc-cfg=pqfit_fw_tamper=\"{op}\"");
            format!("{name}:tampered-{op}")
        }
        Ok(op) => panic!("PQFIT_FW_TAMPER={op:?}: {name} has the operations {ops:?}"),
        Err(_) => name.to_string(),
    };
    println!("cargo:rustc-cfg=pqfit_fw_peer");
    println!("cargo:rustc-cfg=pqfit_fw_peer_scheme=\"{scheme}\"");
    format!("/// The peer, for the record.\npub const STRATEGY: &str = {strategy:?};\n")
}

/// `selected.rs` for a peer firmware: its name for the record (`peer:<name>`, with the
/// operation it corrupts when `PQFIT_FW_TAMPER` is set). Compiles PQClean's C for it.
fn peer_selection((peer, scheme): (&str, &str)) -> String {
    let selected = peer_record(&format!("peer:{peer}"), scheme);
    // The feature of this peer is on, so its build dependencies are there.
    #[cfg(feature = "peer-pqclean-ml-dsa")]
    if peer == "pqclean-ml-dsa" {
        compile_pqclean(&PQCLEAN_ML_DSA);
    }
    #[cfg(feature = "peer-pqclean-ml-kem")]
    if peer == "pqclean-ml-kem" {
        compile_pqclean(&PQCLEAN_ML_KEM);
    }
    selected
}

/// The profile name: `PQFIT_FW_TARGET`, else derived from the target triple.
fn target_name() -> String {
    let triple = env::var("TARGET").unwrap();
    env::var("PQFIT_FW_TARGET").unwrap_or_else(|_| {
        let name = if triple.starts_with("thumbv6m") {
            "m0"
        } else if triple.starts_with("thumbv7m") {
            "m3"
        } else if triple.starts_with("thumbv7em") {
            "m4"
        } else if triple.starts_with("riscv32") {
            "rv32"
        } else if triple.starts_with("riscv64") {
            "rv64"
        } else {
            panic!("no linker script for target {triple}")
        };
        name.to_string()
    })
}

/// Links with the fixed script `link/<target>.x`, and declares the cfgs this script sets.
fn link(target: &str) {
    println!("cargo::rustc-check-cfg=cfg(pqfit_fw_family, values(any()))");
    println!("cargo::rustc-check-cfg=cfg(pqfit_fw_peer)");
    println!(
        "cargo::rustc-check-cfg=cfg(pqfit_fw_peer_scheme, values(\"ml-dsa-44\", \"ml-dsa-65\", \"ml-dsa-87\", \"ml-kem-512\", \"ml-kem-768\", \"ml-kem-1024\", \"pqm4-sign\", \"pqm4-kem\"))"
    );
    println!(
        "cargo::rustc-check-cfg=cfg(pqfit_fw_tamper, values(\"keygen\", \"sign\", \"verify\", \"encaps\", \"decaps\"))"
    );
    let dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("link");
    let script = dir.join(format!("{target}.x"));
    assert!(
        script.exists(),
        "missing linker script {}",
        script.display()
    );
    println!("cargo:rerun-if-changed={}", script.display());
    println!("cargo:rustc-link-arg=-T{}", script.display());
    println!("cargo:rustc-link-arg=--nmagic");
}

/// The peer whose `peer-<name>` feature is on, if any (at most one).
fn peer() -> Option<(&'static str, &'static str)> {
    let on: Vec<(&str, &str)> = PEERS
        .iter()
        .copied()
        .filter(|(p, _)| {
            let var = format!("CARGO_FEATURE_PEER_{}", p.to_uppercase().replace('-', "_"));
            env::var_os(var).is_some()
        })
        .collect();
    match on[..] {
        [] => None,
        [one] => Some(one),
        _ => panic!("one peer per firmware: features {on:?} are all on"),
    }
}

/// Where a PQClean peer's C comes from.
#[cfg(any(feature = "peer-pqclean-ml-dsa", feature = "peer-pqclean-ml-kem"))]
struct PqClean {
    /// The firmware feature that brings the package in.
    feature: &'static str,
    /// The package that bundles PQClean's sources.
    package: &'static str,
    /// The implementation's directory under `pqclean/`.
    dir: [&'static str; 3],
    /// The static library's name.
    lib: &'static str,
}

#[cfg(feature = "peer-pqclean-ml-dsa")]
const PQCLEAN_ML_DSA: PqClean = PqClean {
    feature: "peer-pqclean-ml-dsa",
    package: "pqcrypto-mldsa",
    dir: ["crypto_sign", "ml-dsa-65", "clean"],
    lib: "pqclean_mldsa65_clean",
};

#[cfg(feature = "peer-pqclean-ml-kem")]
const PQCLEAN_ML_KEM: PqClean = PqClean {
    feature: "peer-pqclean-ml-kem",
    package: "pqcrypto-mlkem",
    dir: ["crypto_kem", "ml-kem-768", "clean"],
    lib: "pqclean_mlkem768_clean",
};

/// PQClean's clean C of one scheme (ML-DSA-65, ML-KEM-768) and its `fips202.c`, from the
/// sources the package bundles, compiled for the target with the C compiler `cc` picks for
/// it (`arm-none-eabi-gcc` for the Arm targets, `riscv64-unknown-elf-gcc` for RV64), at the
/// firmware's opt-level and for the profile's core (`-mcpu`, as pqm4 builds). Nothing of
/// PQClean is kept in this repository.
#[cfg(any(feature = "peer-pqclean-ml-dsa", feature = "peer-pqclean-ml-kem"))]
fn compile_pqclean(src: &PqClean) {
    let root = package_dir(src.package, src.feature).join("pqclean");
    let clean: PathBuf = src.dir.iter().fold(root.clone(), |p, d| p.join(d));
    let common = root.join("common");
    let mut files: Vec<PathBuf> = fs::read_dir(&clean)
        .unwrap_or_else(|e| panic!("{}: {e}", clean.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    files.push(common.join("fips202.c"));
    let mut build = cc::Build::new();
    build
        .include(&common)
        .include(&clean)
        .files(&files)
        .warnings(false);
    // ML-KEM's verify.c includes common/compat.h, which includes glibc's <features.h>
    // under GCC for `__GNUC_PREREQ` alone; newlib has no such header. A two-line stand-in,
    // searched after the C library's own headers (`-idirafter`).
    let shim = PathBuf::from(env::var("OUT_DIR").unwrap()).join("pqclean-shim");
    fs::create_dir_all(&shim).unwrap();
    fs::write(
        shim.join("features.h"),
        "/* pqfit: __GNUC_PREREQ, all that PQClean's compat.h takes from <features.h> */\n\
         #define __GNUC_PREREQ(maj, min) \
         ((__GNUC__ << 16) + __GNUC_MINOR__ >= ((maj) << 16) + (min))\n",
    )
    .unwrap();
    build.flag("-idirafter").flag(shim.to_str().unwrap());
    if let Some(cpu) = target_cpu() {
        build.flag(format!("-mcpu={cpu}"));
    }
    if env::var("TARGET").unwrap().starts_with("riscv64") {
        // riscv64-unknown-elf-gcc finds its C library headers (Debian's picolibc) through
        // picolibc's specs; RAM at 0x8000_0000 is out of the default medlow model's reach.
        build.flag("--specs=picolibc.specs");
        build.flag("-mcmodel=medany");
    }
    build.compile(src.lib);
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
    }
}

/// `-C target-cpu=...` from the flags the harness passes (`CARGO_ENCODED_RUSTFLAGS`).
#[cfg(any(feature = "peer-pqclean-ml-dsa", feature = "peer-pqclean-ml-kem"))]
fn target_cpu() -> Option<String> {
    let flags = env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    let mut prev = "";
    for f in flags.split('\x1f') {
        if let Some(cpu) = f.strip_prefix("-Ctarget-cpu=") {
            return Some(cpu.to_string());
        }
        if prev == "-C" {
            if let Some(cpu) = f.strip_prefix("target-cpu=") {
                return Some(cpu.to_string());
            }
        }
        prev = f;
    }
    None
}

/// The directory of a package in this crate's dependency graph (with `feature` on), from
/// `cargo metadata`.
#[cfg(any(feature = "peer-pqclean-ml-dsa", feature = "peer-pqclean-ml-kem"))]
fn package_dir(name: &str, feature: &str) -> PathBuf {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("Cargo.toml");
    let cargo = env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    // The build dependencies are built for the host: resolving for it alone needs no
    // package that is not already downloaded.
    let out = std::process::Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--offline"])
        .args(["--features", feature, "--filter-platform"])
        .arg(env::var("HOST").unwrap())
        .arg("--manifest-path")
        .arg(&manifest)
        .output()
        .expect("cargo metadata");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json = String::from_utf8_lossy(&out.stdout);
    // Each package object starts with its name and version and has its manifest path
    // further on (dependency entries have a name but no version).
    let at = json
        .find(&format!("{{\"name\":\"{name}\",\"version\":"))
        .unwrap_or_else(|| panic!("{name} is not in the dependency graph"));
    let key = "\"manifest_path\":\"";
    let start = at + json[at..].find(key).expect("a manifest path") + key.len();
    let end = start + json[start..].find('"').expect("a closing quote");
    PathBuf::from(&json[start..end])
        .parent()
        .expect("a package directory")
        .to_path_buf()
}
