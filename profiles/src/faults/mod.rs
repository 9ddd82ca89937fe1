//! Fault injection: an operation run many times in the emulator, each run with exactly
//! one fault at a random point (an instruction skipped, one bit of a register flipped,
//! one bit of a loaded word flipped), every outcome classified against the fault-free
//! run (same, detected, crashed, released). See `docs/faults.md`.
//!
//! Fault runs do not use the cycle model: unicorn runs natively ([`crate::emu::Bare`]) to
//! the fault's instruction count, the fault is applied, and the run continues to its end
//! or to a budget of [`BUDGET_FACTOR`] times the fault-free instruction count. Each run
//! starts from a snapshot (CPU context and RAM), and the runs are spread over worker
//! threads, each with its own machine. The sites come from the seed and the run's number
//! alone, so the outcome does not depend on the number of workers.

mod checkpoints;
mod inject;
mod itblock;
mod setup;

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use serde::{Deserialize, Serialize};

pub use inject::{Class, Model, Outcome, Site};
pub use setup::{supported, Subject};

use crate::emu::{Bare, Stop};
use crate::link::Firmware;
use crate::op::Op;
use crate::profile::{Isa, Profile};
use crate::scheme::Kind;
use crate::Error;
use checkpoints::{Checkpoints, CHECKPOINTS};
use inject::{decode_at, position, registers, strike, width, Plan, Reference};

/// A faulted run may take this many times the fault-free instruction count before it
/// counts as crashed (hung).
pub const BUDGET_FACTOR: u64 = 3;

/// What to inject.
#[derive(Clone, Debug)]
pub struct Spec {
    /// The models, each run `count` times.
    pub models: Vec<Model>,
    /// Faults per model.
    pub count: usize,
    /// The seed every site derives from.
    pub seed: u64,
    /// Worker threads.
    pub jobs: usize,
}

/// The outcomes of one model.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelReport {
    /// The model.
    pub model: Model,
    /// Outcomes per class, in [`Class::ALL`]'s order.
    pub counts: [usize; 4],
    /// Every released and crashed outcome, with its site.
    pub sites: Vec<Outcome>,
}

impl ModelReport {
    /// The number of outcomes of `class`.
    pub fn count(&self, class: Class) -> usize {
        self.counts[class as usize]
    }
}

/// A fault campaign's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Instructions of the fault-free call.
    pub fault_free_instructions: u64,
    /// Seconds of one fault-free call, natively.
    pub fault_free_seconds: f64,
    /// Faults per model.
    pub count: usize,
    /// The seed.
    pub seed: u64,
    /// One report per model.
    pub models: Vec<ModelReport>,
    /// Mean seconds of one faulted run (on one worker).
    pub seconds_per_run: f64,
    /// Wall-clock seconds of the campaign.
    pub seconds: f64,
}

/// splitmix64: the site stream of run `i` of model `model`.
struct Rng(u64);

impl Rng {
    fn new(seed: u64, model: Model, i: usize) -> Self {
        Rng(seed ^ ((model as u64 + 1) << 56) ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(n.max(1))) >> 64) as u64
    }
}

/// The operation ready for faults: its subject, the fault-free reference and trace.
pub struct Target {
    profile: Profile,
    subject: Subject,
    reference: Reference,
    /// The address of every instruction of the fault-free call, in order.
    trace: Vec<u32>,
    checkpoints: Checkpoints,
    fault_free_seconds: f64,
}

impl Target {
    /// Prepares `op` of the built firmware `fw` (of a family of `kind`) on `profile` and
    /// runs it fault-free: its trace, instruction count and outputs are the reference.
    pub fn new(profile: &Profile, kind: Kind, fw: &Firmware, op: Op) -> Result<Self, Error> {
        let subject = setup::prepare(profile, kind, fw, op)?;
        let mut m = subject.machine(profile)?;
        let trace = m.trace_call(u64::from(u32::MAX))?;
        let instructions = trace.len() as u64;
        m.restore()?;
        let start = Instant::now();
        let full = m.run_native(0);
        let fault_free_seconds = start.elapsed().as_secs_f64();
        let ret = m.reg(if m.isa() == Isa::Thumb { 0 } else { 10 });
        let outputs = subject.read_outputs(&m)?;
        if full != Stop::Returned || ret != 0 {
            return Err(Error::Emulator(format!(
                "the fault-free {} did not return 0 ({full:?}, returned {ret})",
                op.name()
            )));
        }
        let checkpoints = Checkpoints::new(&trace, CHECKPOINTS, |k| {
            itblock::stoppable(&subject.image, profile.isa, &trace, k)
        });
        let mut t = Target {
            profile: profile.clone(),
            subject,
            reference: Reference {
                instructions,
                outputs,
                budget: instructions * BUDGET_FACTOR,
            },
            checkpoints,
            trace,
            fault_free_seconds,
        };
        // Positioning by address and occurrence must agree with unicorn's count.
        if instructions > 2 {
            // Between two checkpoints, so that positioning runs from one.
            let mut index = instructions / 2 + instructions / (2 * CHECKPOINTS as u64);
            while !t.stoppable(index) {
                index += 1;
            }
            let site = Site {
                model: Model::Register,
                index,
                reg: 0,
                bit: 0,
            };
            let plan = t.plans(&[site])?[0];
            let mut m = t.machine()?;
            let mut regs = Vec::new();
            for counted in [false, true] {
                if counted {
                    m.flush()?;
                    m.restore()?;
                    m.run(site.index);
                } else {
                    position(&mut m, &plan)?;
                }
                regs.push((m.pc(), (0..15).map(|r| m.reg(r)).collect::<Vec<_>>()));
            }
            if regs[0] != regs[1] || regs[0].0 != plan.pc {
                return Err(Error::Emulator(
                    "positioning by address disagrees with unicorn's instruction count".into(),
                ));
            }
        }
        t.fault_free_seconds = t.fault_free_seconds.max(1e-3);
        Ok(t)
    }

    /// Instructions of the fault-free call.
    pub fn instructions(&self) -> u64 {
        self.reference.instructions
    }

    /// The fault-free outputs, in the order of the operation's output buffers.
    pub fn outputs(&self) -> &[Vec<u8>] {
        &self.reference.outputs
    }

    /// Which execution (from 1) of its address instruction `index` is.
    pub fn occurrence(&self, index: u64) -> Option<u64> {
        let pc = *self.trace.get(index as usize)?;
        Some(
            self.trace[..=index as usize]
                .iter()
                .filter(|&&p| p == pc)
                .count() as u64,
        )
    }

    /// The dynamic index of the `occurrence`-th execution (from 1) of `symbol + offset`
    /// (`symbol` demangled without its hash, as outcomes name it): a site that survives
    /// a rebuild where the code of the function is unchanged but its address and the
    /// instruction count before it are not (another strategy around it).
    pub fn locate(&self, symbol: &str, offset: u64, occurrence: u64) -> Option<u64> {
        let pc = self
            .subject
            .image
            .symbols
            .iter()
            .filter(|s| s.kind == "text")
            .find(|s| self.subject.symbol_of(s.addr) == (symbol.to_string(), 0))?
            .addr
            + offset;
        let pc = u32::try_from(pc).ok()?;
        self.trace
            .iter()
            .enumerate()
            .filter(|(_, &p)| p == pc)
            .nth(occurrence.checked_sub(1)? as usize)
            .map(|(i, _)| i as u64)
    }

    /// A new machine at the start of the call, with the checkpoints saved.
    pub fn machine(&self) -> Result<Bare, Error> {
        let mut m = self.subject.machine(&self.profile)?;
        self.checkpoints.save_all(&mut m)?;
        Ok(m)
    }

    /// The wall-clock limit of a faulted run's native part, in microseconds: generous,
    /// since a run past it is run again exactly with the instruction budget.
    fn timeout_us(&self) -> u64 {
        (self.fault_free_seconds * 1e6 * 2.0 * BUDGET_FACTOR as f64) as u64 + 200_000
    }

    /// Where each site strikes: the address, its occurrence and the next address.
    fn plans(&self, sites: &[Site]) -> Result<Vec<Plan>, Error> {
        let n = self.trace.len() as u64;
        for s in sites {
            if s.index >= n {
                return Err(Error::Unknown(format!(
                    "{s}: the fault-free call has only {n} instructions"
                )));
            }
        }
        let mut order: Vec<usize> = (0..sites.len()).collect();
        order.sort_by_key(|&i| sites[i].index);
        let points = self.checkpoints.points();
        // Executions of each address from checkpoint `slot` to instruction `at`.
        let mut seen: HashMap<u32, u64> = HashMap::new();
        let (mut at, mut slot) = (0usize, 0usize);
        let mut plans = vec![None; sites.len()];
        for &i in &order {
            let site = sites[i];
            let k = site.index as usize;
            while at < k {
                *seen.entry(self.trace[at]).or_default() += 1;
                at += 1;
                if points.get(slot + 1).is_some_and(|p| p.index as usize == at) {
                    slot += 1;
                    seen.clear();
                }
            }
            let pc = self.trace[k];
            let occurrence = if points[slot].index as usize == k {
                0
            } else {
                seen.get(&pc).copied().unwrap_or(0) + 1
            };
            let resume = match site.model {
                Model::Register => site.index,
                Model::Skip | Model::Load => site.index + 1,
            };
            plans[i] = Some(Plan {
                site,
                pc: u64::from(pc),
                from: slot,
                occurrence,
                next: self.trace.get(k + 1).map_or(0, |&p| u64::from(p)),
                rejoin: self.checkpoints.rejoin(&self.trace, site.index, resume),
            });
        }
        Ok(plans.into_iter().flatten().collect())
    }

    /// Whether a run can stop before instruction `index` ([`itblock`]).
    fn stoppable(&self, index: u64) -> bool {
        itblock::stoppable(
            &self.subject.image,
            self.profile.isa,
            &self.trace,
            index as usize,
        )
    }

    /// Checks a site's register and bit, and that a load site strikes a load.
    fn check(&self, site: Site) -> Result<(), Error> {
        let isa = self.profile.isa;
        if !self.stoppable(site.index)
            || (site.model == Model::Load && !self.stoppable(site.index + 1))
        {
            return Err(Error::Unknown(format!(
                "{site}: instruction {} is inside an IT block, where the emulator cannot \
                 stop (docs/faults.md)",
                site.index
            )));
        }
        if site.model != Model::Skip
            && (!registers(isa).contains(&site.reg) || site.bit >= width(isa))
        {
            return Err(Error::Unknown(format!(
                "{site}: no such register or bit on this target"
            )));
        }
        Ok(())
    }

    /// Re-runs exactly one fault.
    pub fn rerun(&self, m: &mut Bare, site: Site) -> Result<Outcome, Error> {
        self.check(site)?;
        let plan = self.plans(&[site])?[0];
        strike(
            m,
            &self.subject,
            &self.reference,
            self.checkpoints.points(),
            &plan,
            self.timeout_us(),
        )
    }

    /// Run `i` of `model` from `seed`: a random site. `None` for a load fault whose random
    /// point has no load after it before the call returns.
    fn random_site(
        &self,
        seed: u64,
        model: Model,
        i: usize,
        loads: &mut HashMap<u32, Vec<u8>>,
    ) -> Result<Option<Site>, Error> {
        let mut rng = Rng::new(seed, model, i);
        let isa = self.profile.isa;
        // Uniform over the instructions a run can stop before: drawn again inside an IT
        // block (a few percent of Thumb instructions).
        let index = loop {
            let index = rng.below(self.reference.instructions);
            if self.stoppable(index) {
                break index;
            }
        };
        let regs = registers(isa);
        let (lo, n) = (*regs.start(), u64::from(regs.end() - regs.start() + 1));
        let reg = lo + rng.below(n) as u8;
        let bit = rng.below(u64::from(width(isa))) as u8;
        let pick = rng.next();
        Ok(Some(match model {
            Model::Skip => Site {
                model,
                index,
                reg: 0,
                bit: 0,
            },
            Model::Register => Site {
                model,
                index,
                reg,
                bit,
            },
            Model::Load => {
                // The first load at or after the random point, in the fault-free trace.
                let mut found = None;
                for k in index..self.reference.instructions {
                    let pc = self.trace[k as usize];
                    if let std::collections::hash_map::Entry::Vacant(e) = loads.entry(pc) {
                        e.insert(decode_at(&self.subject, isa, u64::from(pc))?.1);
                    }
                    let dests = &loads[&pc];
                    if !dests.is_empty() && self.stoppable(k) && self.stoppable(k + 1) {
                        found = Some((k, dests[(pick % dests.len() as u64) as usize]));
                        break;
                    }
                }
                let Some((index, reg)) = found else {
                    return Ok(None);
                };
                Site {
                    model,
                    index,
                    reg,
                    bit: bit % 32,
                }
            }
        }))
    }

    /// The random sites of a campaign, model by model: `None` for a load fault with no
    /// load left to strike.
    pub fn sites(&self, spec: &Spec) -> Result<Vec<(Model, Option<Site>)>, Error> {
        let mut loads = HashMap::new();
        let mut v = Vec::new();
        for &model in &spec.models {
            for i in 0..spec.count {
                v.push((model, self.random_site(spec.seed, model, i, &mut loads)?));
            }
        }
        Ok(v)
    }

    /// Runs `spec.count` random faults of each model over `spec.jobs` workers.
    pub fn campaign(&self, spec: &Spec) -> Result<Report, Error> {
        let start = Instant::now();
        let sites = self.sites(spec)?;
        let wanted: Vec<Site> = sites.iter().filter_map(|s| s.1).collect();
        let plans = self.plans(&wanted)?;
        let results: Mutex<Vec<Option<Outcome>>> = Mutex::new(vec![None; plans.len()]);
        let next = AtomicUsize::new(0);
        let busy = Mutex::new(0f64);
        let failure: Mutex<Option<Error>> = Mutex::new(None);
        let timeout = self.timeout_us();
        let lock = |e: &Mutex<Option<Error>>, err: Error| {
            *e.lock().unwrap_or_else(|p| p.into_inner()) = Some(err);
        };
        std::thread::scope(|s| {
            for _ in 0..spec.jobs.clamp(1, plans.len().max(1)) {
                s.spawn(|| {
                    let mut m = match self.machine() {
                        Ok(m) => m,
                        Err(e) => return lock(&failure, e),
                    };
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        if k >= plans.len() {
                            break;
                        }
                        let t = Instant::now();
                        let r = strike(
                            &mut m,
                            &self.subject,
                            &self.reference,
                            self.checkpoints.points(),
                            &plans[k],
                            timeout,
                        );
                        *busy.lock().unwrap_or_else(|p| p.into_inner()) +=
                            t.elapsed().as_secs_f64();
                        match r {
                            Ok(o) => results.lock().unwrap_or_else(|p| p.into_inner())[k] = Some(o),
                            Err(e) => {
                                next.store(plans.len(), Ordering::Relaxed);
                                return lock(&failure, e);
                            }
                        }
                    }
                });
            }
        });
        if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
            return Err(e);
        }
        let mut outcomes = results
            .into_inner()
            .unwrap_or_else(|p| p.into_inner())
            .into_iter();
        let mut models: Vec<ModelReport> = spec
            .models
            .iter()
            .map(|&model| ModelReport {
                model,
                counts: [0; 4],
                sites: Vec::new(),
            })
            .collect();
        for (model, site) in &sites {
            let r = models.iter_mut().find(|r| r.model == *model);
            let (Some(r), true) = (r, site.is_some()) else {
                // A load fault with no load left to strike changed nothing.
                if let Some(r) = models.iter_mut().find(|r| r.model == *model) {
                    r.counts[Class::Same as usize] += 1;
                }
                continue;
            };
            let o = outcomes
                .next()
                .flatten()
                .ok_or_else(|| Error::Emulator("a fault run left no outcome".into()))?;
            r.counts[o.class as usize] += 1;
            if matches!(o.class, Class::Released | Class::Crashed) {
                r.sites.push(o);
            }
        }
        let busy = busy.into_inner().unwrap_or_else(|p| p.into_inner());
        Ok(Report {
            fault_free_instructions: self.reference.instructions,
            fault_free_seconds: self.fault_free_seconds,
            count: spec.count,
            seed: spec.seed,
            models,
            seconds_per_run: busy / plans.len().max(1) as f64,
            seconds: start.elapsed().as_secs_f64(),
        })
    }
}
