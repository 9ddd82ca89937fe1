//! `ct-grind`: pqfit's constant-time check. Runs key generation, signing,
//! encapsulation and decapsulation of every scheme and strategy with the secret
//! inputs marked *undefined* for valgrind's memcheck (the ctgrind method), so that
//! every conditional branch, memory index or division depending on a secret is
//! reported. pqfit's declassification markers (`pqfit_core::ct::declassify_*`, with the
//! `ct-check` feature) mark defined again only what the standards make public; the
//! list and the reasons are in `docs/constant-time.md`.
//!
//! ```text
//! cargo build --release -p pqfit-ctgrind --features grind
//! valgrind -q target/release/ct-grind --require-valgrind [FILTER...]
//! ```
//!
//! (`scripts/ct-grind.sh` does both.) Each case passes when memcheck reports no new
//! error while it runs. A canary case, a deliberate branch on a secret byte in this
//! harness, runs first and must be reported: otherwise the check would pass
//! vacuously (not under valgrind, or the markers compiled out).

mod case;
mod cross;
mod grind;
mod mldsa;
mod mlkem;
mod ntruprime;

use std::process::ExitCode;

use case::Case;

/// The deliberate secret-dependent branch that memcheck must report.
fn canary() {
    let mut x = [0x5au8];
    grind::secret(&mut x);
    if x[0] & 1 == 1 {
        std::hint::black_box(1);
    }
}

fn all_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    mldsa::cases(&mut cases);
    ntruprime::cases(&mut cases);
    mlkem::cases(&mut cases);
    cross::cases(&mut cases);
    cases
}

/// Runs `case` and returns the errors memcheck reported meanwhile.
fn run(case: &Case) -> usize {
    let before = grind::errors();
    (case.run)();
    grind::errors() - before
}

/// `K/N` with `K < N`.
fn parse_shard(s: &str) -> Option<(usize, usize)> {
    let (k, n) = s.split_once('/')?;
    let (k, n) = (k.parse().ok()?, n.parse().ok()?);
    (k < n).then_some((k, n))
}

fn main() -> ExitCode {
    let mut list = false;
    let mut require_valgrind = false;
    let mut filters = Vec::new();
    let mut shard = (0, 1);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--list" => list = true,
            "--require-valgrind" => require_valgrind = true,
            "--shard" => match args.next().as_deref().and_then(parse_shard) {
                Some(s) => shard = s,
                None => {
                    eprintln!("ct-grind: --shard K/N with 0 <= K < N");
                    return ExitCode::FAILURE;
                }
            },
            "-h" | "--help" => {
                println!(
                    "usage: valgrind -q ct-grind [--require-valgrind] [--list] [--shard K/N] [FILTER...]"
                );
                println!("runs the cases whose name contains any FILTER (all without one);");
                println!("--shard K/N: of those, the ones whose position is K modulo N");
                return ExitCode::SUCCESS;
            }
            _ => filters.push(arg),
        }
    }
    let cases: Vec<Case> = all_cases()
        .into_iter()
        .filter(|c| filters.is_empty() || filters.iter().any(|f| c.name.contains(f.as_str())))
        .enumerate()
        .filter(|(i, _)| i % shard.1 == shard.0)
        .map(|(_, c)| c)
        .collect();
    if list {
        for c in &cases {
            println!("{}", c.name);
        }
        return ExitCode::SUCCESS;
    }
    let grinding = grind::under_valgrind();
    if !grinding {
        if require_valgrind {
            eprintln!("ct-grind: not running under valgrind: nothing would be checked");
            return ExitCode::FAILURE;
        }
        println!("ct-grind: not under valgrind: the cases run, nothing is checked");
    } else if !cfg!(feature = "grind") {
        eprintln!(
            "ct-grind: built without the `grind` feature: pqfit's declassification \
             markers are compiled out, so public values would be reported"
        );
        return ExitCode::FAILURE;
    }

    let canary_errors = run(&Case::new("canary".into(), canary));
    if grinding {
        if canary_errors == 0 {
            eprintln!("ct-grind: the canary's secret branch was not reported: the check is broken");
            return ExitCode::FAILURE;
        }
        println!(
            "ct-grind: canary: the deliberate secret branch above was reported, as it must be"
        );
    }

    let (mut passed, mut failed) = (0, Vec::new());
    for case in &cases {
        let errors = run(case);
        if errors == 0 {
            println!("ct-grind: {} ... ok", case.name);
            passed += 1;
        } else {
            println!(
                "ct-grind: {} ... FAILED: {errors} secret-dependent operations",
                case.name
            );
            failed.push(case.name.as_str());
        }
    }
    if !failed.is_empty() {
        println!("ct-grind: failed: {}", failed.join(", "));
    }
    println!("ct-grind: {passed} passed, {} failed", failed.len());
    if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_cases_cover_every_scheme_strategy_and_operation() {
        let cases = all_cases();
        let names: HashSet<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names.len(), cases.len(), "case names are unique");
        // ML-DSA: 3 sets x 4 presets x (keygen, sign, sign-expanded); NTRU Prime: 2 KEMs
        // x 5 multiplications x (keygen, encaps, decaps, decaps with a wrong confirmation
        // hash); CROSS: 18 sets x 3 presets x (keygen, sign); ML-KEM: 3 sets x (3
        // presets, 2 mixes) x (keygen, encaps, decaps).
        assert_eq!(cases.len(), 3 * 4 * 3 + 2 * 5 * 4 + 18 * 3 * 2 + 3 * 5 * 3);
        for preset in ["reference", "fast-sign", "balanced", "small-stack"] {
            for op in ["keygen", "sign", "sign-expanded"] {
                assert!(names.contains(format!("ml-dsa-87/{preset}/{op}").as_str()));
            }
        }
        for mul in [
            "schoolbook",
            "karatsuba",
            "good-ntt",
            "mixed-radix-ntt",
            "zq-ntt",
        ] {
            for op in ["keygen", "encaps", "decaps"] {
                assert!(names.contains(format!("ntrulpr761/{mul}/{op}").as_str()));
            }
        }
        for strategy in [
            "small-stack",
            "balanced",
            "fast-kem",
            "stored-cached",
            "stored-streamed",
        ] {
            for op in ["keygen", "encaps", "decaps"] {
                assert!(names.contains(format!("ml-kem-512/{strategy}/{op}").as_str()));
            }
        }
        for preset in ["min-stack", "balanced", "fast"] {
            assert!(names.contains(format!("cross-rsdpg-5-small/{preset}/sign").as_str()));
        }
    }

    #[test]
    fn a_shard_is_k_of_n_and_rejects_the_rest() {
        assert_eq!(parse_shard("0/2"), Some((0, 2)));
        assert_eq!(parse_shard("1/2"), Some((1, 2)));
        for bad in ["2/2", "1/0", "1", "a/2", "-1/2"] {
            assert_eq!(parse_shard(bad), None, "{bad}");
        }
    }

    #[test]
    fn cases_run_outside_valgrind() {
        // Outside valgrind the requests do nothing and count no error: the cases must
        // still run to the end (their `expect`s hold).
        let cases = all_cases();
        for name in [
            "ml-dsa-44/small-stack/sign",
            "sntrup761/karatsuba/decaps",
            "ml-kem-768/stored-cached/decaps",
            "cross-rsdp-1-fast/fast/sign",
        ] {
            let case = cases.iter().find(|c| c.name == name).expect(name);
            assert_eq!(run(case), 0, "{name}");
        }
    }
}
