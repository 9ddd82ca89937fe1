//! A bare machine for fault injection: the same CPU models and memory map as
//! [`super::Machine`], but no cycle model and no hooks, so that unicorn runs natively;
//! runs are cut by an instruction count (`emu_start(.., count)`), and the machine returns
//! to a snapshot (CPU context and all of RAM) instead of loading the image again. Further
//! snapshots ([`Checkpoint`]s) taken inside the call let a fault run start near its fault,
//! and stop early when its state has become the fault-free state again.

use unicorn_engine::unicorn_const::{uc_error, Arch, Mode, Prot};
use unicorn_engine::{
    Context, RegisterARM, RegisterRISCV, Riscv32CpuModel, Riscv64CpuModel, Unicorn,
};

use super::{StackRegion, EXIT_ADDR, EXIT_PAGE};
use crate::elf::Image;
use crate::profile::{Isa, Profile};
use crate::Error;

/// How a stretch of execution ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The call returned (the PC reached the exit address).
    Returned,
    /// The instruction count ran out; the PC is the next instruction's address.
    Count,
    /// The emulator raised an exception (invalid memory access, undefined instruction).
    Exception(String),
}

/// The whole state of the machine at one point of a call: the CPU context, the
/// registers [`Bare::is_at`] compares, and all of RAM (flash is read-only).
pub struct Checkpoint {
    ctx: Context,
    regs: Vec<u64>,
    ram: Vec<u8>,
}

/// A machine without hooks, with snapshots to return to: `checkpoints[0]` is the start
/// of the call ([`Bare::prepare_call`]), the others are pushed by [`Bare::push_checkpoint`].
pub struct Bare {
    uc: Unicorn<'static, ()>,
    isa: Isa,
    stack: StackRegion,
    ram: (u64, usize),
    checkpoints: Vec<Checkpoint>,
}

fn err(what: &'static str) -> impl Fn(uc_error) -> Error {
    move |e| Error::Emulator(format!("{what}: {e:?}"))
}

impl Bare {
    /// Creates the machine for `profile` and loads `image`; the stack spans `stack`.
    pub fn new(profile: &Profile, image: &Image, stack: StackRegion) -> Result<Self, Error> {
        let (arch, mode, cpu) = match profile.isa {
            Isa::Thumb => {
                let cpu = super::arm_cpu(profile)?;
                (Arch::ARM, Mode::THUMB, cpu as i32)
            }
            Isa::Rv32 => (
                Arch::RISCV,
                Mode::RISCV32,
                Riscv32CpuModel::SIFIVE_E31 as i32,
            ),
            Isa::Rv64 => (
                Arch::RISCV,
                Mode::RISCV64,
                Riscv64CpuModel::SIFIVE_U54 as i32,
            ),
            Isa::Host => return Err(Error::Profile("the host profile is not emulated".into())),
        };
        let mut uc = Unicorn::new(arch, mode).map_err(err("open"))?;
        uc.ctl_set_cpu_model(cpu).map_err(err("cpu model"))?;
        let m = profile.memory;
        uc.mem_map(m.flash_origin, m.flash_bytes, Prot::READ | Prot::EXEC)
            .map_err(err("map flash"))?;
        uc.mem_map(m.ram_origin, m.ram_bytes, Prot::ALL)
            .map_err(err("map ram"))?;
        uc.mem_map(EXIT_ADDR, EXIT_PAGE, Prot::READ | Prot::EXEC)
            .map_err(err("map exit"))?;
        let spin: &[u8] = if profile.isa == Isa::Thumb {
            &[0xfe, 0xe7]
        } else {
            &[0x6f, 0x00, 0x00, 0x00]
        };
        uc.mem_write(EXIT_ADDR, spin).map_err(err("write exit"))?;
        for s in image.segments.iter().filter(|s| s.mem_size > 0) {
            let mut v = s.data.clone();
            v.resize(s.mem_size as usize, 0);
            uc.mem_write(s.vaddr, &v).map_err(|e| {
                Error::Elf(format!("segment at {:#x} does not load: {e:?}", s.vaddr))
            })?;
        }
        Ok(Bare {
            uc,
            isa: profile.isa,
            stack,
            ram: (m.ram_origin, m.ram_bytes as usize),
            checkpoints: Vec::new(),
        })
    }

    /// The instruction set.
    pub fn isa(&self) -> Isa {
        self.isa
    }

    /// Writes bytes to memory.
    pub fn write(&mut self, addr: u64, bytes: &[u8]) -> Result<(), Error> {
        self.uc.mem_write(addr, bytes).map_err(err("write"))
    }

    /// Reads bytes from memory.
    pub fn read(&self, addr: u64, len: usize) -> Result<Vec<u8>, Error> {
        self.uc.mem_read_as_vec(addr, len).map_err(err("read"))
    }

    /// Prepares a call of `entry` (stack pointer, return address, PC) and takes the
    /// snapshot every [`Bare::restore`] returns to: the CPU context and all of RAM.
    pub fn prepare_call(&mut self, entry: u64) -> Result<(), Error> {
        let (sp, ret, pc, start) = match self.isa {
            Isa::Thumb => (
                RegisterARM::SP as i32,
                RegisterARM::LR as i32,
                RegisterARM::PC as i32,
                entry | 1,
            ),
            _ => (
                RegisterRISCV::SP as i32,
                RegisterRISCV::RA as i32,
                RegisterRISCV::PC as i32,
                entry,
            ),
        };
        let exit = if self.isa == Isa::Thumb {
            EXIT_ADDR | 1
        } else {
            EXIT_ADDR
        };
        self.uc.reg_write(sp, self.stack.top).map_err(err("sp"))?;
        self.uc.reg_write(ret, exit).map_err(err("return"))?;
        self.uc.reg_write(pc, start).map_err(err("pc"))?;
        self.checkpoints.clear();
        self.push_checkpoint()
    }

    /// Returns to the snapshot of [`Bare::prepare_call`].
    pub fn restore(&mut self) -> Result<(), Error> {
        self.load(0)
    }

    /// Saves the current state as the next checkpoint.
    pub fn push_checkpoint(&mut self) -> Result<(), Error> {
        let c = Checkpoint {
            ctx: self.uc.context_init().map_err(err("context"))?,
            regs: self.state_regs(),
            ram: self.read(self.ram.0, self.ram.1)?,
        };
        self.checkpoints.push(c);
        Ok(())
    }

    /// Returns to checkpoint `k`.
    pub fn load(&mut self, k: usize) -> Result<(), Error> {
        let c = self
            .checkpoints
            .get(k)
            .ok_or_else(|| Error::Emulator(format!("no checkpoint {k} to return to")))?;
        self.uc.context_restore(&c.ctx).map_err(err("restore"))?;
        self.uc
            .mem_write(self.ram.0, &c.ram)
            .map_err(err("restore ram"))
    }

    /// Whether the machine's state is exactly checkpoint `k`'s: every general register,
    /// the PC, the status register (flags, GE, IT state) and every byte of RAM. The
    /// machine is deterministic, so from an equal state the rest of the call is the
    /// checkpoint's.
    pub fn is_at(&self, k: usize) -> Result<bool, Error> {
        let c = self
            .checkpoints
            .get(k)
            .ok_or_else(|| Error::Emulator(format!("no checkpoint {k}")))?;
        Ok(self.state_regs() == c.regs && self.read(self.ram.0, self.ram.1)? == c.ram)
    }

    /// The registers that, with RAM, make the state a program can observe.
    fn state_regs(&self) -> Vec<u64> {
        let ids: Vec<i32> = match self.isa {
            Isa::Thumb => (0..16)
                .map(|n| self.reg_id(n))
                .chain([RegisterARM::CPSR as i32, RegisterARM::XPSR as i32])
                .collect(),
            _ => (0..32)
                .map(|n| self.reg_id(n))
                .chain([RegisterRISCV::PC as i32])
                .collect(),
        };
        ids.into_iter()
            .map(|r| self.uc.reg_read(r).unwrap_or(u64::MAX))
            .collect()
    }

    /// The program counter (the Thumb bit cleared).
    pub fn pc(&self) -> u64 {
        let r = match self.isa {
            Isa::Thumb => RegisterARM::PC as i32,
            _ => RegisterRISCV::PC as i32,
        };
        self.uc.reg_read(r).unwrap_or(0) & !1
    }

    /// Sets the program counter (for Thumb, with the Thumb bit set).
    pub fn set_pc(&mut self, pc: u64) -> Result<(), Error> {
        let (r, v) = match self.isa {
            Isa::Thumb => (RegisterARM::PC as i32, pc | 1),
            _ => (RegisterRISCV::PC as i32, pc),
        };
        self.uc.reg_write(r, v).map_err(err("pc"))
    }

    /// The unicorn id of general register `n` (Thumb r0..r15, RISC-V x0..x31).
    fn reg_id(&self, n: u8) -> i32 {
        match self.isa {
            Isa::Thumb => match n {
                0..=12 => RegisterARM::R0 as i32 + i32::from(n),
                13 => RegisterARM::SP as i32,
                14 => RegisterARM::LR as i32,
                _ => RegisterARM::PC as i32,
            },
            _ => RegisterRISCV::X0 as i32 + i32::from(n),
        }
    }

    /// General register `n`.
    pub fn reg(&self, n: u8) -> u64 {
        self.uc.reg_read(self.reg_id(n)).unwrap_or(0)
    }

    /// Sets general register `n`.
    pub fn set_reg(&mut self, n: u8, v: u64) -> Result<(), Error> {
        self.uc
            .reg_write(self.reg_id(n), v)
            .map_err(err("register"))
    }

    /// Runs from the current PC for at most `count` instructions (at least 1): unicorn's
    /// counting hook on every instruction. Blocks translated by a [`Bare::run_native`]
    /// before do not count: [`Bare::flush`] first.
    pub fn run(&mut self, count: u64) -> Stop {
        let pc = self.pc();
        if pc == EXIT_ADDR {
            return Stop::Returned;
        }
        let begin = if self.isa == Isa::Thumb { pc | 1 } else { pc };
        match self
            .uc
            .emu_start(begin, EXIT_ADDR, 0, count.max(1) as usize)
        {
            Err(e) => Stop::Exception(format!("{e:?}")),
            Ok(()) if self.pc() == EXIT_ADDR => Stop::Returned,
            Ok(()) => Stop::Count,
        }
    }

    /// Runs from the current PC natively (no instruction count, no hook) until the call
    /// returns, an exception, or `timeout_us` microseconds of wall-clock time (then
    /// [`Stop::Count`]).
    pub fn run_native(&mut self, timeout_us: u64) -> Stop {
        let pc = self.pc();
        if pc == EXIT_ADDR {
            return Stop::Returned;
        }
        let begin = if self.isa == Isa::Thumb { pc | 1 } else { pc };
        match self.uc.emu_start(begin, EXIT_ADDR, timeout_us, 0) {
            Err(e) => Stop::Exception(format!("{e:?}")),
            Ok(()) if self.pc() == EXIT_ADDR => Stop::Returned,
            Ok(()) => Stop::Count,
        }
    }

    /// Runs from the current PC natively until just before the `occurrence`-th (from 1)
    /// execution of the instruction at `at`: a hook on that one address only.
    pub fn run_to(&mut self, at: u64, occurrence: u64) -> Result<Stop, Error> {
        Ok(match self.run_until(at, occurrence, 0)? {
            (Stop::Count, true) => Stop::Count,
            (Stop::Count, false) => Stop::Exception(format!(
                "stopped at {:#x}, not at occurrence {occurrence} of {at:#x}",
                self.pc()
            )),
            (other, _) => other,
        })
    }

    /// [`Bare::run_to`] under a wall-clock limit of `timeout_us` microseconds (0: none):
    /// how the run stopped, and whether it stopped at the asked execution of `at`.
    pub fn run_until(
        &mut self,
        at: u64,
        occurrence: u64,
        timeout_us: u64,
    ) -> Result<(Stop, bool), Error> {
        let hits = std::rc::Rc::new(std::cell::Cell::new(0u64));
        let h = hits.clone();
        let hook = self
            .uc
            .add_code_hook(at, at, move |uc, _, _| {
                h.set(h.get() + 1);
                if h.get() == occurrence {
                    let _ = uc.emu_stop();
                }
            })
            .map_err(err("position hook"))?;
        // Blocks translated before the hook existed do not call it.
        self.uc
            .ctl_remove_cache(at & !1, (at & !1) + 4)
            .map_err(err("invalidate"))?;
        let stop = self.run_native(timeout_us);
        self.uc.remove_hook(hook).map_err(err("remove hook"))?;
        self.uc
            .ctl_remove_cache(at & !1, (at & !1) + 4)
            .map_err(err("invalidate"))?;
        let reached = hits.get() == occurrence && self.pc() == at & !1;
        Ok((stop, reached))
    }

    /// Drops every translated block (after hooks changed).
    pub fn flush(&mut self) -> Result<(), Error> {
        self.uc.ctl_flush_tb().map_err(err("flush"))
    }

    /// Runs the prepared call from the snapshot to its end and returns the address of
    /// every instruction executed, in order (a hook on every instruction: once per
    /// operation, not per fault); an exception or more than `limit` instructions is an
    /// error.
    pub fn trace_call(&mut self, limit: u64) -> Result<Vec<u32>, Error> {
        self.restore()?;
        let trace = std::rc::Rc::new(std::cell::RefCell::new(Vec::<u32>::new()));
        let t = trace.clone();
        let hook = self
            .uc
            .add_code_hook(1, 0, move |uc, pc, _| {
                let mut t = t.borrow_mut();
                t.push(pc as u32);
                if t.len() as u64 > limit {
                    let _ = uc.emu_stop();
                }
            })
            .map_err(err("trace hook"))?;
        self.flush()?;
        let r = self.run_native(0);
        self.uc.remove_hook(hook).map_err(err("remove hook"))?;
        self.flush()?;
        let pc = self.pc();
        match r {
            Stop::Returned => Ok(std::rc::Rc::try_unwrap(trace)
                .map(|c| c.into_inner())
                .unwrap_or_else(|rc| rc.borrow().clone())),
            Stop::Exception(e) => Err(Error::Emulator(format!("fault-free run: {e} at {pc:#x}"))),
            Stop::Count => Err(Error::InstructionLimit { limit, pc }),
        }
    }
}
