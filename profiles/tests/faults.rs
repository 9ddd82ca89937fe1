//! Fault injection (`pqfit_profiles::faults`) on ML-DSA-44 signing on the M4: each class
//! where a fault is known to give it, a released signature of the plain build found by a
//! seeded search and the same fault detected by `Hardened<FastSign>`, and determinism.

use pqfit_profiles::faults::{Class, Model, Outcome, Site, Spec, Target};
use pqfit_profiles::{measure, scheme, Kind, Op, Profile, Request};

const HARDENED: &str = "pqfit::strategy::Hardened<pqfit::strategy::FastSign>";

/// The signing operation of ML-DSA-44 built with `strategy`, ready for faults.
fn target(strategy: &str) -> Target {
    let req = Request::new("m4", scheme("ml-dsa-44").unwrap(), strategy);
    let fw = measure::build(&req).unwrap();
    let profile = Profile::load("m4").unwrap();
    Target::new(&profile, Kind::Signature, &fw, Op::Sign).unwrap()
}

fn rerun(t: &Target, site: Site) -> Outcome {
    let mut m = t.machine().unwrap();
    t.rerun(&mut m, site).unwrap()
}

fn reg(index: u64, reg: u8, bit: u8) -> Site {
    Site {
        model: Model::Register,
        index,
        reg,
        bit,
    }
}

/// Released signatures of the plain build: a seeded search over loaded words.
fn released(t: &Target) -> Vec<Outcome> {
    let spec = Spec {
        models: vec![Model::Load],
        count: 12,
        seed: 37,
        jobs: 2,
    };
    let r = t.campaign(&spec).unwrap();
    r.models[0]
        .sites
        .iter()
        .filter(|o| o.class == Class::Released)
        .cloned()
        .collect()
}

#[test]
fn each_class_where_a_fault_gives_it() {
    let t = target("fast-sign");
    let last = t.instructions() - 1;
    // Before the return: r12 is dead (same); r0 holds the status (detected: an error
    // code, nothing released).
    assert_eq!(rerun(&t, reg(last, 12, 5)).class, Class::Same);
    assert_eq!(rerun(&t, reg(last, 0, 3)).class, Class::Detected);
    // The stack pointer moved out of RAM mid-signing: an invalid access.
    let crash = rerun(&t, reg(t.instructions() / 2, 13, 28));
    assert_eq!(crash.class, Class::Crashed, "{crash:?}");
    assert!(crash.detail.is_some());
    // A flipped loaded word in the signing path: a wrong signature with status Ok.
    let found = released(&t);
    assert!(
        !found.is_empty(),
        "the seeded search finds a released signature"
    );
    // Every one in pqfit's code (a trait method's symbol starts with `<`).
    let symbols: Vec<&str> = found.iter().map(|o| o.symbol.as_str()).collect();
    let ours = |s: &str| s.trim_start_matches('<').starts_with("pqfit");
    assert!(symbols.iter().all(|s| ours(s)), "{symbols:?}");
}

#[test]
fn a_fault_that_releases_a_wrong_signature_is_detected_by_hardened() {
    let plain = target("fast-sign");
    let hard = target(HARDENED);
    // Both builds sign the same bytes when no fault strikes.
    assert_eq!(plain.outputs(), hard.outputs());
    let mut located = 0;
    for o in released(&plain) {
        // The same instruction of the same function, at the same execution: in the
        // hardened build it falls in the first of the two signature computations.
        let occurrence = plain.occurrence(o.site.index).unwrap();
        let Some(index) = hard.locate(&o.symbol, o.offset, occurrence) else {
            continue;
        };
        // Another instruction at that offset (the function compiled differently): not
        // the same fault.
        let mut m = hard.machine().unwrap();
        let Ok(h) = hard.rerun(&mut m, Site { index, ..o.site }) else {
            continue;
        };
        located += 1;
        assert_eq!((h.symbol.as_str(), h.offset), (o.symbol.as_str(), o.offset));
        assert_eq!(
            h.class,
            Class::Detected,
            "{} released by the plain build at {}+{:#x}: hardened gives {h:?}",
            o.site,
            o.symbol,
            o.offset
        );
    }
    assert!(
        located > 0,
        "no released site of the plain build found in the hardened one"
    );
}

#[test]
fn the_seed_decides_every_outcome_and_a_site_reproduces_it() {
    let t = target("fast-sign");
    let spec = |jobs| Spec {
        models: vec![Model::Skip, Model::Register],
        count: 6,
        seed: 5,
        jobs,
    };
    let (a, b) = (t.campaign(&spec(1)).unwrap(), t.campaign(&spec(2)).unwrap());
    for (x, y) in a.models.iter().zip(&b.models) {
        assert_eq!((x.counts, &x.sites), (y.counts, &y.sites));
        assert_eq!(x.counts.iter().sum::<usize>(), 6);
    }
    let o = &released(&t)[0];
    let site: Site = o.site.to_string().parse().unwrap();
    assert_eq!(&rerun(&t, site), o);
}
