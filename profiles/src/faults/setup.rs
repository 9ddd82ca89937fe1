//! The operation under attack, made ready to run: its own ELF, its inputs (fixed bytes,
//! and the outputs of the fault-free operations before it, such as the signing key of a
//! key generation), and the output buffers a fault may corrupt.

use std::collections::BTreeMap;

use crate::elf::Image;
use crate::emu::{Bare, StackRegion, Stop};
use crate::link::Firmware;
use crate::op::Op;
use crate::profile::{Isa, Profile};
use crate::runkit::fill;
use crate::scheme::Kind;
use crate::signature::MSG_LEN;
use crate::Error;

/// Instructions a fault-free operation may take before it counts as hung.
const FAULT_FREE_LIMIT: u64 = 20_000_000_000;

/// The operations fault injection supports, by kind.
pub fn supported(kind: Kind) -> &'static [Op] {
    match kind {
        Kind::Signature => &[Op::Keygen, Op::Sign],
        Kind::Kem => &[Op::Keygen, Op::Encaps, Op::Decaps],
    }
}

/// The fault-free operations that feed `op` and `op` itself, each with its outputs.
fn chain(kind: Kind, op: Op) -> Result<Vec<(Op, &'static [&'static str])>, Error> {
    const SIG_KEYS: &[&str] = &["PQFIT_VK", "PQFIT_SK"];
    const KEM_KEYS: &[&str] = &["PQFIT_PK", "PQFIT_SK"];
    const ENCAPS: &[&str] = &["PQFIT_CT", "PQFIT_SS"];
    let steps: &[(Op, &[&str])] = match (kind, op) {
        (Kind::Signature, Op::Keygen) => &[(Op::Keygen, SIG_KEYS)],
        (Kind::Signature, Op::Sign) => &[(Op::Keygen, SIG_KEYS), (Op::Sign, &["PQFIT_SIG"])],
        (Kind::Kem, Op::Keygen) => &[(Op::Keygen, KEM_KEYS)],
        (Kind::Kem, Op::Encaps) => &[(Op::Keygen, KEM_KEYS), (Op::Encaps, ENCAPS)],
        (Kind::Kem, Op::Decaps) => &[
            (Op::Keygen, KEM_KEYS),
            (Op::Encaps, ENCAPS),
            (Op::Decaps, &["PQFIT_SS"]),
        ],
        _ => {
            let names: Vec<&str> = supported(kind).iter().map(|o| o.name()).collect();
            return Err(Error::Unknown(format!(
                "fault injection does not support {} of this family: it supports {}",
                op.name(),
                names.join(", ")
            )));
        }
    };
    Ok(steps.to_vec())
}

/// The operation's ELF and everything a worker needs to build its own machine.
pub struct Subject {
    /// The ELF of the operation alone.
    pub image: Image,
    /// Its entry point.
    pub entry: u64,
    /// The stack region.
    pub stack: StackRegion,
    /// What is written to memory before the call.
    pub inputs: Vec<(u64, Vec<u8>)>,
    /// The output buffers: name, address, length.
    pub outputs: Vec<(&'static str, u64, usize)>,
}

impl Subject {
    /// A machine at the start of the call, its snapshot taken.
    pub fn machine(&self, profile: &Profile) -> Result<Bare, Error> {
        let mut m = Bare::new(profile, &self.image, self.stack)?;
        for (addr, bytes) in &self.inputs {
            m.write(*addr, bytes)?;
        }
        m.prepare_call(self.entry)?;
        Ok(m)
    }

    /// The output buffers' contents, in order.
    pub fn read_outputs(&self, m: &Bare) -> Result<Vec<Vec<u8>>, Error> {
        self.outputs
            .iter()
            .map(|&(_, addr, len)| m.read(addr, len))
            .collect()
    }

    /// The function holding `pc` (demangled, without hash) and the offset into it.
    pub fn symbol_of(&self, pc: u64) -> (String, u64) {
        crate::ct_check::symbol_of(&self.image, pc)
    }
}

/// The fixed inputs of every operation: seeds, randomness and the message.
fn fixed_inputs(image: &Image) -> Vec<(u64, Vec<u8>)> {
    let mut v = Vec::new();
    for (i, name) in ["PQFIT_XI", "PQFIT_RND", "PQFIT_RAND"].iter().enumerate() {
        if let Some(s) = image.symbol(name) {
            let mut b = vec![0u8; s.size as usize];
            fill(7000 + i as u64, &mut b);
            v.push((s.addr, b));
        }
    }
    if let (Some(msg), Some(len)) = (image.symbol("PQFIT_MSG"), image.symbol("PQFIT_MSG_LEN")) {
        let mut b = vec![0u8; MSG_LEN.min(msg.size as usize)];
        fill(7100, &mut b);
        v.push((len.addr, (b.len() as u32).to_le_bytes().to_vec()));
        v.push((msg.addr, b));
    }
    v
}

/// Prepares `op` of a firmware of `kind`: runs the operations before it fault-free (each
/// must return 0) and carries their outputs into its inputs.
pub fn prepare(profile: &Profile, kind: Kind, fw: &Firmware, op: Op) -> Result<Subject, Error> {
    if profile.isa == Isa::Host {
        return Err(Error::Unknown(
            "fault injection runs on the emulated targets (m0, m3, m4, rv32, rv64)".into(),
        ));
    }
    let steps = chain(kind, op)?;
    let mut carried: BTreeMap<&'static str, Vec<u8>> = BTreeMap::new();
    for (i, (step, outputs)) in steps.iter().enumerate() {
        let bytes = std::fs::read(fw.elf_of(step.name()))?;
        let image = Image::parse(&bytes)?;
        let entry_name = step.entries()[0];
        let entry = image
            .symbol(entry_name)
            .map(|s| s.addr)
            .ok_or_else(|| Error::Elf(format!("no entry point {entry_name}")))?;
        let mut inputs = fixed_inputs(&image);
        for (name, value) in &carried {
            if let Some(s) = image.symbol(name) {
                if s.size as usize != value.len() {
                    return Err(Error::Elf(format!("{name} changed size between ELFs")));
                }
                inputs.push((s.addr, value.clone()));
            }
        }
        let outs = outputs
            .iter()
            .map(|&name| {
                image
                    .symbol(name)
                    .map(|s| (name, s.addr, s.size as usize))
                    .ok_or_else(|| Error::Elf(format!("no symbol {name}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let subject = Subject {
            stack: crate::runkit::stack_region(profile, &bytes, &image),
            image,
            entry,
            inputs,
            outputs: outs,
        };
        if i + 1 == steps.len() {
            return Ok(subject);
        }
        let mut m = subject.machine(profile)?;
        m.restore()?;
        match m.run(FAULT_FREE_LIMIT) {
            Stop::Returned => {}
            other => {
                return Err(Error::Emulator(format!(
                    "fault-free {} did not return: {other:?}",
                    step.name()
                )))
            }
        }
        let ret = m.reg(if m.isa() == Isa::Thumb { 0 } else { 10 }) as u32;
        if ret != 0 {
            return Err(Error::Mismatch(format!(
                "fault-free {} returned {ret}",
                step.name()
            )));
        }
        for (&(name, _, _), value) in subject.outputs.iter().zip(subject.read_outputs(&m)?) {
            carried.insert(name, value);
        }
    }
    Err(Error::Unknown("no operation to inject faults into".into()))
}
