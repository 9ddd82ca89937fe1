//! Fault injection (`pqfit_profiles::faults`): probe.
use pqfit_profiles::faults::{Model, Spec, Target};
use pqfit_profiles::{measure, scheme, Kind, Op, Profile, Request};

#[test]
#[ignore]
fn probe() {
    let set = std::env::var("FSET").unwrap_or("ml-dsa-44".into());
    let strat = std::env::var("FSTRAT").unwrap_or("fast-sign".into());
    let n: usize = std::env::var("FN")
        .map(|s| s.parse().unwrap())
        .unwrap_or(20);
    let req = Request::new("m4", scheme(&set).unwrap(), &strat);
    let fw = measure::build(&req).unwrap();
    let profile = Profile::load("m4").unwrap();
    let t0 = std::time::Instant::now();
    let t = Target::new(&profile, Kind::Signature, &fw, Op::Sign).unwrap();
    eprintln!("prepare {:?} insns {}", t0.elapsed(), t.instructions());
    let mut m = t.machine().unwrap();
    for _ in 0..3 {
        m.restore().unwrap();
        let t1 = std::time::Instant::now();
        let s = m.run_native(0);
        eprintln!("native {:?} {:?}", s, t1.elapsed());
    }
    let r = t
        .campaign(&Spec {
            models: Model::ALL.to_vec(),
            count: n,
            seed: 1,
            jobs: 2,
        })
        .unwrap();
    eprintln!("{}", serde_json::to_string_pretty(&r).unwrap());
}
