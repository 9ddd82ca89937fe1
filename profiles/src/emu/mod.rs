//! The emulator: unicorn-engine running Thumb (Cortex-M0/M3/M4 CPU models) or RV32
//! (SiFive E31 CPU model) code, with the block-cost cycle model, stack painting and error
//! handling (faults, traps, stack overrun and an instruction limit: never a hang).

use std::time::{Duration, Instant};

use unicorn_engine::unicorn_const::{uc_error, Arch, HookType, Mode, Prot};
use unicorn_engine::{
    ArmCpuModel, RegisterARM, RegisterRISCV, Riscv32CpuModel, Riscv64CpuModel, Unicorn,
};

mod bare;
mod hooks;
mod state;

pub use bare::{Bare, Stop};

pub use state::Markers;

use crate::elf::Image;
use crate::fetch::Fetch;
use crate::profile::{Isa, Profile};
use crate::trace::Tracer;
use crate::Error;
use hooks::{
    block_hook, flash_load_hook, image_has_data_dependent, install_data_dependent_hook,
    marker_hook, mem_hook, rv_div_hook, unaligned_hook,
};
use state::{uc_err, Model, State};

/// Where a called function returns to: a mapped page holding a branch-to-self, which the
/// emulator stops at before executing.
pub const EXIT_ADDR: u64 = 0x00f0_0000;
const EXIT_PAGE: u64 = 0x1000;
/// The byte pattern painted over the stack.
pub const PAINT: [u8; 4] = [0xa5, 0x5a, 0xc3, 0x3c];

/// The outcome of one call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// Modelled cycles.
    pub cycles: u64,
    /// Instructions executed.
    pub instructions: u64,
    /// Stack high-water mark in bytes.
    pub stack_bytes: u64,
    /// The returned value (r0 / a0).
    pub ret: u32,
    /// Of the cycles, the flash wait states a board charged (0 without a board).
    pub wait_cycles: u64,
    /// Wall-clock time of the emulation.
    pub wall: Duration,
}

/// A memory region the harness knows about.
#[derive(Clone, Copy, Debug)]
pub struct StackRegion {
    /// Lowest stack address (overrunning it faults).
    pub bottom: u64,
    /// Initial stack pointer.
    pub top: u64,
}

/// An emulated machine with a loaded image.
pub struct Machine {
    uc: Unicorn<'static, State>,
    isa: Isa,
    stack: StackRegion,
    segments: Vec<(u64, Vec<u8>, u64)>,
    ram: (u64, usize),
    /// Address range of the firmware's panic routine, to name the fault.
    pub panic_range: Option<(u64, u64)>,
}

impl Machine {
    /// Creates the machine for `profile` and loads `image`; the stack spans `stack`.
    pub fn new(profile: &Profile, image: &Image, stack: StackRegion) -> Result<Self, Error> {
        let (isa, mut uc) = match profile.isa {
            Isa::Thumb => {
                let cpu = arm_cpu(profile)?;
                let costs = profile
                    .thumb
                    .clone()
                    .ok_or_else(|| Error::Profile("no [thumb] table".into()))?;
                let state = State::new(Model::Thumb(costs));
                // Mode::THUMB plus an explicit CPU model: Mode::MCLASS would force a Cortex-M33.
                let mut uc = Unicorn::new_with_data(Arch::ARM, Mode::THUMB, state)
                    .map_err(uc_err("open"))?;
                uc.ctl_set_cpu_model(cpu as i32)
                    .map_err(uc_err("cpu model"))?;
                (Isa::Thumb, uc)
            }
            Isa::Rv32 => {
                let costs = profile
                    .rv32
                    .clone()
                    .ok_or_else(|| Error::Profile("no [rv32] table".into()))?;
                let state = State::new(Model::Rv32(costs));
                let mut uc = Unicorn::new_with_data(Arch::RISCV, Mode::RISCV32, state)
                    .map_err(uc_err("open"))?;
                uc.ctl_set_cpu_model(Riscv32CpuModel::SIFIVE_E31 as i32)
                    .map_err(uc_err("cpu model"))?;
                (Isa::Rv32, uc)
            }
            Isa::Rv64 => {
                let costs = profile
                    .rv64
                    .clone()
                    .ok_or_else(|| Error::Profile("no [rv64] table".into()))?;
                let state = State::new(Model::Rv64(costs));
                let mut uc = Unicorn::new_with_data(Arch::RISCV, Mode::RISCV64, state)
                    .map_err(uc_err("open"))?;
                uc.ctl_set_cpu_model(Riscv64CpuModel::SIFIVE_U54 as i32)
                    .map_err(uc_err("cpu model"))?;
                (Isa::Rv64, uc)
            }
            Isa::Host => return Err(Error::Profile("the host profile is not emulated".into())),
        };
        let m = profile.memory;
        uc.mem_map(m.flash_origin, m.flash_bytes, Prot::READ | Prot::EXEC)
            .map_err(uc_err("map flash"))?;
        uc.mem_map(m.ram_origin, m.ram_bytes, Prot::ALL)
            .map_err(uc_err("map ram"))?;
        uc.mem_map(EXIT_ADDR, EXIT_PAGE, Prot::READ | Prot::EXEC)
            .map_err(uc_err("map exit"))?;
        let spin: &[u8] = if isa == Isa::Thumb {
            &[0xfe, 0xe7]
        } else {
            &[0x6f, 0x00, 0x00, 0x00]
        };
        uc.mem_write(EXIT_ADDR, spin)
            .map_err(uc_err("write exit"))?;
        let inside = |a: u64, len: u64| {
            (a >= m.flash_origin && a + len <= m.flash_origin + m.flash_bytes)
                || (a >= m.ram_origin && a + len <= m.ram_origin + m.ram_bytes)
        };
        let mut segments = Vec::new();
        for s in &image.segments {
            if s.mem_size == 0 {
                continue;
            }
            if !inside(s.vaddr, s.mem_size) {
                return Err(Error::Elf(format!(
                    "segment at {:#x} (+{:#x}) is outside the {} memory map",
                    s.vaddr, s.mem_size, profile.name
                )));
            }
            uc.mem_write(s.vaddr, &s.data).map_err(uc_err("load"))?;
            segments.push((s.vaddr, s.data.clone(), s.mem_size));
        }
        if !(stack.bottom < stack.top && inside(stack.bottom, stack.top - stack.bottom)) {
            return Err(Error::Elf(format!(
                "stack {:#x}..{:#x} is outside RAM",
                stack.bottom, stack.top
            )));
        }
        uc.add_block_hook(1, 0, block_hook)
            .map_err(uc_err("block hook"))?;
        if let Some(t) = profile.fetch {
            uc.get_data_mut().fetch = Some(Fetch::new(t, m.flash_origin, m.flash_bytes));
            // Loads from flash only: RAM accesses run without a hook.
            uc.add_mem_hook(
                HookType::MEM_READ,
                m.flash_origin,
                m.flash_origin + m.flash_bytes - 1,
                flash_load_hook,
            )
            .map_err(uc_err("flash load hook"))?;
        }
        // The shared data-dependent hook only when the code holds an instruction whose
        // cost varies on this core: a linear decode of each function symbol, or of every
        // halfword when there are no symbols. Should the scan miss one (data inside a
        // function can misalign the decode), the block hook notices and `call` installs the
        // hook and runs again.
        let data_dependent = match &uc.get_data().model {
            Model::Thumb(t) => image_has_data_dependent(image, t),
            Model::Rv32(_) | Model::Rv64(_) => false,
        };
        if data_dependent {
            install_data_dependent_hook(&mut uc)?;
        }
        let ram = (m.ram_origin, m.ram_bytes as usize);
        Ok(Machine {
            uc,
            isa,
            stack,
            segments,
            ram,
            panic_range: None,
        })
    }

    /// Writes bytes to memory.
    pub fn write(&mut self, addr: u64, bytes: &[u8]) -> Result<(), Error> {
        self.uc.mem_write(addr, bytes).map_err(uc_err("write"))
    }

    /// Charges unaligned LDR/STR/LDRH/STRH/LDRSH their extra bus transfers (the profile's
    /// `unaligned_access`; nothing where it is 0). The address is known only when the access
    /// runs, so this is a memory hook over all of memory, which takes every access off
    /// unicorn's fast path: about 20x slower emulation. `measure --elf`, the C peers and
    /// pqm4-layout builds (C and assembly, where unaligned word loads are written on
    /// purpose) turn it on; code rustc compiled (pqfit, the Rust peers) runs without it
    /// (docs/measurement.md gives what it moves there).
    pub fn charge_unaligned(&mut self) -> Result<(), Error> {
        let on = match &self.uc.get_data().model {
            Model::Thumb(t) => t.unaligned_access > 0,
            Model::Rv32(_) | Model::Rv64(_) => false,
        };
        if on {
            self.uc
                .add_mem_hook(
                    HookType::MEM_READ | HookType::MEM_WRITE,
                    1,
                    0,
                    unaligned_hook,
                )
                .map_err(uc_err("unaligned-access hook"))?;
        }
        Ok(())
    }

    /// Reads bytes from memory.
    pub fn read(&self, addr: u64, len: usize) -> Result<Vec<u8>, Error> {
        self.uc.mem_read_as_vec(addr, len).map_err(uc_err("read"))
    }

    /// Restores the initial contents of every loaded segment (statics back to their
    /// initial values, .bss to zero).
    pub fn reset_statics(&mut self) -> Result<(), Error> {
        for (addr, data, mem) in self.segments.clone() {
            let mut v = data;
            v.resize(mem as usize, 0);
            self.uc.mem_write(addr, &v).map_err(uc_err("reset"))?;
        }
        Ok(())
    }

    /// Calls the function at `entry` with no arguments, the stack painted, until it
    /// returns, faults or exceeds `limit` instructions.
    pub fn call(&mut self, entry: u64, limit: u64) -> Result<Run, Error> {
        if self.uc.get_data().hook_installed
            || !matches!(&self.uc.get_data().model, Model::Thumb(_))
        {
            return self.call_once(entry, limit);
        }
        // No data-dependent hook yet: keep RAM so that the call can be run again with the
        // hook should it meet a data-dependent instruction the scan missed.
        let ram = self.read(self.ram.0, self.ram.1)?;
        self.uc.get_data_mut().missed = false;
        let run = self.call_once(entry, limit);
        if !self.uc.get_data().missed {
            return run;
        }
        install_data_dependent_hook(&mut self.uc)?;
        self.uc.ctl_flush_tb().map_err(uc_err("flush"))?;
        self.write(self.ram.0, &ram)?;
        self.call_once(entry, limit)
    }

    fn call_once(&mut self, entry: u64, limit: u64) -> Result<Run, Error> {
        let size = (self.stack.top - self.stack.bottom) as usize;
        let paint: Vec<u8> = PAINT.iter().copied().cycle().take(size).collect();
        self.write(self.stack.bottom, &paint)?;
        {
            let st = self.uc.get_data_mut();
            st.prev = None;
            st.cycles = 0;
            st.insns = 0;
            st.limit = limit;
            st.limit_hit = false;
            if let Some(f) = &mut st.fetch {
                f.reset();
            }
        }
        let start = Instant::now();
        let result = match self.isa {
            Isa::Thumb => {
                self.uc
                    .reg_write(RegisterARM::SP, self.stack.top)
                    .map_err(uc_err("sp"))?;
                self.uc
                    .reg_write(RegisterARM::LR, EXIT_ADDR | 1)
                    .map_err(uc_err("lr"))?;
                self.uc.emu_start(entry | 1, EXIT_ADDR, 0, 0)
            }
            _ => {
                self.uc
                    .reg_write(RegisterRISCV::SP, self.stack.top)
                    .map_err(uc_err("sp"))?;
                self.uc
                    .reg_write(RegisterRISCV::RA, EXIT_ADDR)
                    .map_err(uc_err("ra"))?;
                self.uc.emu_start(entry, EXIT_ADDR, 0, 0)
            }
        };
        let wall = start.elapsed();
        let (pc, sp, ret) = self.regs();
        let st = self.uc.get_data();
        if st.limit_hit {
            return Err(Error::InstructionLimit { limit, pc });
        }
        if let Err(e) = result {
            let in_panic = self
                .panic_range
                .is_some_and(|(lo, hi)| (lo..hi).contains(&pc));
            let reason = if in_panic {
                "the firmware panicked".to_string()
            } else if sp < self.stack.bottom
                && matches!(
                    e,
                    uc_error::WRITE_UNMAPPED | uc_error::READ_UNMAPPED | uc_error::FETCH_UNMAPPED
                )
            {
                return Err(Error::StackOverrun {
                    stack_bytes: self.stack.top - self.stack.bottom,
                });
            } else {
                format!("{e:?}")
            };
            return Err(Error::Fault { reason, pc, sp });
        }
        if pc != EXIT_ADDR {
            return Err(Error::Fault {
                reason: "stopped before returning".into(),
                pc,
                sp,
            });
        }
        // The return itself is a taken branch whose refill the exit block does not see.
        let cycles = st.cycles + st.prev.map_or(0, |(_, t)| u64::from(t.taken));
        let insns = st.insns;
        let wait_cycles = st.fetch.as_ref().map_or(0, |f| f.wait_cycles);
        let stack_bytes = self.stack_high_water()?;
        if stack_bytes >= self.stack.top - self.stack.bottom {
            return Err(Error::StackOverrun { stack_bytes });
        }
        Ok(Run {
            cycles,
            instructions: insns,
            stack_bytes,
            ret,
            wait_cycles,
            wall,
        })
    }

    fn regs(&self) -> (u64, u64, u32) {
        // PC from its register (not pc_read()).
        let (pc, sp, r0) = match self.isa {
            Isa::Thumb => (
                RegisterARM::PC as i32,
                RegisterARM::SP as i32,
                RegisterARM::R0 as i32,
            ),
            _ => (
                RegisterRISCV::PC as i32,
                RegisterRISCV::SP as i32,
                RegisterRISCV::A0 as i32,
            ),
        };
        let rd = |r: i32| self.uc.reg_read(r).unwrap_or(0);
        (rd(pc) & !1, rd(sp), rd(r0) as u32)
    }

    /// Bytes of the stack region touched since it was painted (from the top down).
    pub fn stack_high_water(&self) -> Result<u64, Error> {
        let size = (self.stack.top - self.stack.bottom) as usize;
        let mem = self.read(self.stack.bottom, size)?;
        let untouched = mem
            .iter()
            .enumerate()
            .take_while(|(i, b)| **b == PAINT[i % 4])
            .count();
        Ok((size - untouched) as u64)
    }

    /// Starts (or, with `false`, stops and clears) accumulating cycles per basic block.
    /// Operand-dependent cycles (M3 long multiplies, divides) are not attributed.
    pub fn set_block_profile(&mut self, on: bool) {
        self.uc.get_data_mut().block_profile = on.then(Default::default);
    }

    /// The profile so far: (block address, cycles, executions), unordered.
    pub fn block_profile(&self) -> Vec<(u64, u64, u64)> {
        self.uc
            .get_data()
            .block_profile
            .iter()
            .flatten()
            .map(|(&a, &(c, n))| (a, c, n))
            .collect()
    }

    /// The stack region.
    pub fn stack(&self) -> StackRegion {
        self.stack
    }

    /// Makes every later call traceable (see [`Machine::set_tracer`]): memory accesses,
    /// operand-dependent instructions and the declassification markers at `markers` are
    /// hooked from now on. Tracing slows emulation several times over.
    pub fn enable_tracing(&mut self, markers: &Markers) -> Result<(), Error> {
        self.uc
            .add_mem_hook(HookType::MEM_READ | HookType::MEM_WRITE, 1, 0, mem_hook)
            .map_err(uc_err("memory hook"))?;
        let word = markers.word.iter().map(|&a| (a, false));
        for (addr, bytes) in word.chain(markers.bytes.iter().map(|&a| (a, true))) {
            self.uc
                .add_code_hook(addr, addr, move |uc, pc, _| marker_hook(uc, pc, bytes))
                .map_err(uc_err("marker hook"))?;
        }
        match self.isa {
            Isa::Thumb if !self.uc.get_data().hook_installed => {
                install_data_dependent_hook(&mut self.uc)?;
            }
            Isa::Rv32 | Isa::Rv64 => {
                self.uc
                    .add_code_hook(1, 0, rv_div_hook)
                    .map_err(uc_err("divide hook"))?;
            }
            _ => {}
        }
        self.uc.ctl_flush_tb().map_err(uc_err("flush"))
    }

    /// Traces the following calls into `tracer` (needs [`Machine::enable_tracing`]).
    pub fn set_tracer(&mut self, tracer: Option<Tracer>) {
        self.uc.get_data_mut().trace = tracer.map(Box::new);
    }

    /// The trace of the calls since [`Machine::set_tracer`], closed.
    pub fn take_tracer(&mut self) -> Option<Tracer> {
        let mut t = *self.uc.get_data_mut().trace.take()?;
        t.finish();
        Some(t)
    }
}

/// Unicorn's model of the profile's Arm core.
fn arm_cpu(profile: &Profile) -> Result<ArmCpuModel, Error> {
    Ok(match profile.cpu.as_str() {
        "cortex-m0" => ArmCpuModel::CORTEX_M0,
        "cortex-m3" => ArmCpuModel::CORTEX_M3,
        "cortex-m4" => ArmCpuModel::CORTEX_M4,
        "cortex-m7" => ArmCpuModel::CORTEX_M7,
        other => return Err(Error::Profile(format!("unknown Arm CPU model {other}"))),
    })
}
