//! The `peer-pqm4` feature: a pqm4-layout implementation (`.../crypto_sign/<scheme>/<impl>`
//! or `.../crypto_kem/<scheme>/<impl>`, with its `api.h`) inside a pqm4 or mupq checkout,
//! named by `PQFIT_PQM4_IMPL`, compiled for the target as pqm4 compiles it, with the
//! checkout's common code (`mupq/common/fips202.c` and friends; on the M4 pqm4's
//! assembly Keccak `common/keccakf1600.S`, elsewhere mupq's portable `keccakf1600.c`).
//! Nothing of the checkout is kept in this repository.
//!
//! It writes `pqm4_api.rs` (the sizes from `api.h`, evaluated by the C preprocessor) and a C
//! glue file (`pqfit_pqm4_*`: the NIST API under the implementation's namespace), and
//! sets `cfg(pqfit_fw_peer_scheme = ...)`: the scheme when pqfit implements it and the
//! firmware checks it byte for byte, else `pqm4-sign` or `pqm4-kem` (round trip).
//!
//! An implementation whose assembly does not assemble for the core is not buildable
//! there: the build stops with a line starting `pqfit-pqm4:` that says so.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Schemes whose outputs the harness checks against pqfit byte for byte.
const CHECKED: [&str; 6] = [
    "ml-dsa-44",
    "ml-dsa-65",
    "ml-dsa-87",
    "ml-kem-512",
    "ml-kem-768",
    "ml-kem-1024",
];

/// A build failure the harness shows as it is.
fn fail(msg: String) -> ! {
    panic!("\npqfit-pqm4: {msg}\n")
}

/// The implementation: (directory, checkout root, `sign` or `kem`, scheme, name).
fn locate(dir: &Path) -> (PathBuf, PathBuf, &'static str, String, String) {
    // Absolute, symlinks kept: a pqm4 checkout's mupq/ may be a link to a mupq checkout,
    // and the checkout root is found above the path as given.
    let dir = std::path::absolute(dir).unwrap_or_else(|e| fail(format!("{}: {e}", dir.display())));
    if !dir.join("api.h").exists() {
        fail(format!("{} has no api.h", dir.display()));
    }
    let name = |p: Option<&Path>| {
        p.and_then(Path::file_name)
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let imp = name(Some(&dir));
    let scheme = name(dir.parent());
    let kind = match name(dir.parent().and_then(Path::parent)).as_str() {
        "crypto_sign" => "sign",
        "crypto_kem" => "kem",
        other => fail(format!(
            "{}: expected .../crypto_sign/<scheme>/<impl> or .../crypto_kem/<scheme>/<impl>, \
             found {other:?} above the scheme",
            dir.display()
        )),
    };
    // A pqm4 checkout (with mupq/common) first: PQClean's tree inside it has a common/ too.
    let root = dir
        .ancestors()
        .find(|a| a.join("mupq/common").is_dir())
        .or_else(|| dir.ancestors().find(|a| mupq_root(a)))
        .unwrap_or_else(|| {
            fail(format!(
                "{}: no pqm4 checkout above it (a folder with common/ or mupq/common/)",
                dir.display()
            ))
        })
        .to_path_buf();
    (dir, root, kind, scheme, imp)
}

/// A mupq checkout's root: mupq's common/ (fips202.h, no randombytes.c, which PQClean's
/// common/ has).
fn mupq_root(a: &Path) -> bool {
    a.join("common/fips202.h").exists() && !a.join("common/randombytes.c").exists()
}

/// The namespace mupq gives PQClean's implementations (`PQCLEAN_MLDSA65_CLEAN_`), empty
/// for pqm4's own (mupq/mk/schemes.mk, `namespace`).
fn namespace(dir: &Path, scheme: &str, imp: &str) -> String {
    let in_pqclean = dir
        .ancestors()
        .nth(3)
        .and_then(Path::file_name)
        .is_some_and(|n| n == "pqclean");
    if in_pqclean {
        format!("PQCLEAN_{scheme}_{imp}_")
            .to_uppercase()
            .replace('-', "")
    } else {
        String::new()
    }
}

/// The C flags pqm4 compiles with for the profile's core (mupq/mk/config.mk,
/// mk/opencm3.mk), and the compiler; `-ffunction-sections -fdata-sections` are the
/// harness's (each operation is linked alone with `--gc-sections`), not pqm4's.
pub fn flags(target: &str) -> (&'static str, Vec<&'static str>) {
    let mut f = vec![
        "-O3",
        "-std=gnu99",
        "-ffreestanding",
        "-fno-common",
        "-ffunction-sections",
        "-fdata-sections",
    ];
    let cc = match target {
        "m0" => {
            f.extend(["-mthumb", "-mcpu=cortex-m0"]);
            "arm-none-eabi-gcc"
        }
        "m3" => {
            f.extend(["-mthumb", "-mcpu=cortex-m3"]);
            "arm-none-eabi-gcc"
        }
        "m4" => {
            f.extend([
                "-mthumb",
                "-mcpu=cortex-m4",
                "-mfloat-abi=hard",
                "-mfpu=fpv4-sp-d16",
            ]);
            "arm-none-eabi-gcc"
        }
        "rv32" => {
            f.extend([
                "-march=rv32imac",
                "-mabi=ilp32",
                "-mcmodel=medany",
                "--specs=picolibc.specs",
            ]);
            "riscv64-unknown-elf-gcc"
        }
        "rv64" => {
            f.extend([
                "-march=rv64imac",
                "-mabi=lp64",
                "-mcmodel=medany",
                "--specs=picolibc.specs",
            ]);
            "riscv64-unknown-elf-gcc"
        }
        other => fail(format!("no C flags for the target {other}")),
    };
    (cc, f)
}

/// The common sources pqm4 links (mk/crypto.mk) that the checkout has, for the target: the
/// M4 takes pqm4's assembly (`common/*.S`, `*.s`), the other cores mupq's portable C.
fn common_sources(root: &Path, target: &str) -> Vec<PathBuf> {
    let mut list = vec![
        "mupq/common/fips202.c",
        "mupq/common/sp800-185.c",
        "mupq/common/nistseedexpander.c",
        "mupq/common/sha2.c",
    ];
    if target == "m4" {
        list.extend([
            "common/keccakf1600.S",
            "common/aes.c",
            "common/aes-encrypt.S",
            "common/aes-keyschedule.S",
            "common/aes-publicinputs.c",
            "common/aes-publicinputs.S",
            "common/crypto_hashblocks_sha512_inner32.s",
            "common/crypto_hashblocks_sha512.c",
        ]);
    } else {
        list.extend(["mupq/common/keccakf1600.c", "mupq/common/aes.c"]);
    }
    // A mupq checkout has mupq's common/ at its root.
    let mupq = if root.join("mupq/common").is_dir() {
        "mupq/common/"
    } else {
        "common/"
    };
    list.into_iter()
        .map(|f| root.join(f.replace("mupq/common/", mupq)))
        .filter(|p| p.exists())
        .collect()
}

fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| fail(format!("{}: {e}", dir.display())))
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension()
                .is_some_and(|x| x == "c" || x == "S" || x == "s")
        })
        .collect();
    files.sort();
    files
}

/// Compiles the implementation named by `PQFIT_PQM4_IMPL` for `target` and returns the
/// scheme cfg (`ml-dsa-65`, or `pqm4-sign` / `pqm4-kem`) and the record (`pqm4:<scheme>/<impl>`).
pub fn compile(target: &str) -> (String, String) {
    println!("cargo:rerun-if-env-changed=PQFIT_PQM4_IMPL");
    let Some(dir) = env::var_os("PQFIT_PQM4_IMPL") else {
        fail("peer-pqm4 needs PQFIT_PQM4_IMPL=<pqm4 implementation folder>".into())
    };
    let (dir, root, kind, scheme, imp) = locate(Path::new(&dir));
    let ns = namespace(&dir, &scheme, &imp);
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    let (cc, cflags) = flags(target);
    let includes: Vec<PathBuf> = [root.join("common"), root.join("mupq/common"), dir.clone()]
        .into_iter()
        .filter(|d| d.is_dir())
        .collect();
    let impl_files = sources(&dir);
    let common = common_sources(&root, target);
    // Folders, not files: cargo scans them, and a failing build's output (which the
    // harness shows in part) keeps its reason near the top.
    for d in &includes {
        println!("cargo:rerun-if-changed={}", d.display());
    }
    let cpu = cflags
        .iter()
        .find(|f| f.starts_with("-mcpu=") || f.starts_with("-march="))
        .copied()
        .unwrap_or_default();
    // Assembly that is not for this core: not buildable here, said plainly.
    for asm in impl_files
        .iter()
        .filter(|p| p.extension().is_some_and(|x| x == "S" || x == "s"))
    {
        let o = out.join("pqm4-asm-check.o");
        let res = Command::new(cc)
            .args(&cflags)
            .args(includes.iter().map(|d| format!("-I{}", d.display())))
            .arg(format!("-DMUPQ_NAMESPACE={ns}"))
            .arg("-c")
            .arg(asm)
            .arg("-o")
            .arg(&o)
            .output()
            .unwrap_or_else(|e| fail(format!("running {cc}: {e}")));
        if !res.status.success() {
            let err = String::from_utf8_lossy(&res.stderr);
            let first = err
                .lines()
                .find(|l| l.contains("rror"))
                .unwrap_or("")
                .trim();
            fail(format!(
                "{scheme}/{imp} is not buildable for {target}: its assembly {} does not \
                 assemble for {cpu} ({first})",
                asm.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    let (sizes, glue) = api(&dir, &ns, kind, cc, &cflags, &includes, &out);
    fs::write(out.join("pqm4_api.rs"), sizes).unwrap();
    let glue_c = out.join("pqfit_pqm4_glue.c");
    fs::write(&glue_c, glue).unwrap();

    let mut build = cc::Build::new();
    build
        .no_default_flags(true)
        .compiler(cc)
        .warnings(false)
        .define("MUPQ_NAMESPACE", Some(ns.as_str()))
        .files(&impl_files)
        .files(&common)
        .file(&glue_c);
    for f in &cflags {
        build.flag(f);
    }
    for d in &includes {
        build.include(d);
    }
    build
        .try_compile("pqfit_pqm4")
        .unwrap_or_else(|e| fail(format!("{scheme}/{imp} does not compile for {target}: {e}")));
    let cfg = if CHECKED.contains(&scheme.as_str()) {
        scheme.clone()
    } else {
        format!("pqm4-{kind}")
    };
    (cfg, format!("pqm4:{scheme}/{imp}"))
}

/// `pqm4_api.rs` (the sizes of `api.h`, as Rust constants) and the C glue that calls the
/// implementation's NIST API under its namespace (a wrapper of a few instructions).
fn api(
    dir: &Path,
    ns: &str,
    kind: &str,
    cc: &str,
    cflags: &[&str],
    includes: &[PathBuf],
    out: &Path,
) -> (String, String) {
    let sizes: &[(&str, &str)] = if kind == "sign" {
        &[
            ("PK", "CRYPTO_PUBLICKEYBYTES"),
            ("SK", "CRYPTO_SECRETKEYBYTES"),
            ("SIG", "CRYPTO_BYTES"),
        ]
    } else {
        &[
            ("PK", "CRYPTO_PUBLICKEYBYTES"),
            ("SK", "CRYPTO_SECRETKEYBYTES"),
            ("CT", "CRYPTO_CIPHERTEXTBYTES"),
            ("SS", "CRYPTO_BYTES"),
        ]
    };
    let head = "#include \"api.h\"\n#define PQFIT_CAT2(a, b) a##b\n\
                #define PQFIT_CAT(a, b) PQFIT_CAT2(a, b)\n\
                #define PQFIT_NS(x) PQFIT_CAT(MUPQ_NAMESPACE, x)\n";
    let mut probe = head.to_string();
    for (name, define) in sizes {
        probe += &format!("pqfit_size_{name} = PQFIT_NS({define});\n");
    }
    let probe_c = out.join("pqfit_pqm4_probe.c");
    fs::write(&probe_c, probe).unwrap();
    let res = Command::new(cc)
        .args(cflags)
        .args(includes.iter().map(|d| format!("-I{}", d.display())))
        .arg(format!("-DMUPQ_NAMESPACE={ns}"))
        .args(["-E", "-P"])
        .arg(&probe_c)
        .output()
        .unwrap_or_else(|e| fail(format!("running {cc} -E: {e}")));
    if !res.status.success() {
        fail(format!(
            "{}/api.h: {}",
            dir.display(),
            String::from_utf8_lossy(&res.stderr).trim()
        ));
    }
    let text = String::from_utf8_lossy(&res.stdout);
    let mut rs = String::from("// The sizes of the implementation's api.h.\n");
    for (name, define) in sizes {
        let key = format!("pqfit_size_{name} = ");
        let expr = text
            .lines()
            .find_map(|l| l.trim().strip_prefix(&key))
            .and_then(|e| e.strip_suffix(';'))
            .unwrap_or_else(|| fail(format!("api.h: no {define}")));
        rs += &format!(
            "/// `{define}` of api.h.\n#[allow(unused_parens, clippy::double_parens)]\npub(crate) const {name}: usize = {};\n",
            rust_expr(expr).unwrap_or_else(|| fail(format!(
                "api.h: {define} is `{expr}`, not an integer expression"
            )))
        );
    }
    let glue = if kind == "sign" {
        "#include <stddef.h>\n#include <stdint.h>\n\
         int pqfit_pqm4_keypair(uint8_t *pk, uint8_t *sk) {\n\
           return PQFIT_NS(crypto_sign_keypair)(pk, sk);\n}\n\
         int pqfit_pqm4_signature(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,\n\
                                  const uint8_t *sk) {\n\
           return PQFIT_NS(crypto_sign_signature)(sig, siglen, m, mlen, sk);\n}\n\
         int pqfit_pqm4_verify(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,\n\
                               const uint8_t *pk) {\n\
           return PQFIT_NS(crypto_sign_verify)(sig, siglen, m, mlen, pk);\n}\n"
    } else {
        "int pqfit_pqm4_keypair(unsigned char *pk, unsigned char *sk) {\n\
           return PQFIT_NS(crypto_kem_keypair)(pk, sk);\n}\n\
         int pqfit_pqm4_enc(unsigned char *ct, unsigned char *ss, const unsigned char *pk) {\n\
           return PQFIT_NS(crypto_kem_enc)(ct, ss, pk);\n}\n\
         int pqfit_pqm4_dec(unsigned char *ss, const unsigned char *ct, const unsigned char *sk) {\n\
           return PQFIT_NS(crypto_kem_dec)(ss, ct, sk);\n}\n"
    };
    (
        rs,
        format!("/* pqfit: the NIST API of {ns}*/\n{head}{glue}"),
    )
}

/// A preprocessed C integer expression as Rust: digits, `+ - * / ( )` and spaces only
/// (integer suffixes dropped), else none.
fn rust_expr(c: &str) -> Option<String> {
    let mut out = String::new();
    let mut prev_digit = false;
    for ch in c.chars() {
        match ch {
            '0'..='9' => {
                out.push(ch);
                prev_digit = true;
                continue;
            }
            'u' | 'U' | 'l' | 'L' if prev_digit => continue,
            '+' | '-' | '*' | '/' | '(' | ')' | ' ' => out.push(ch),
            _ => return None,
        }
        prev_digit = false;
    }
    (!out.trim().is_empty()).then_some(out)
}
