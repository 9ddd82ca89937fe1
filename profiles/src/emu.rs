//! The emulator: unicorn-engine running Thumb (Cortex-M0/M3/M4 CPU models) or RV32
//! (SiFive E31 CPU model) code, with the block-cost cycle model, stack painting and error
//! handling (faults, traps, stack overrun and an instruction limit: never a hang).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::{Duration, Instant};

use unicorn_engine::unicorn_const::{uc_error, Arch, HookType, MemType, Mode, Prot};
use unicorn_engine::{
    ArmCpuModel, RegisterARM, RegisterRISCV, Riscv32CpuModel, Riscv64CpuModel, Unicorn,
};

use crate::cost::{self, BlockCost};
use crate::elf::Image;
use crate::fetch::Fetch;
use crate::profile::{Isa, Profile};
use crate::trace::{Declassified, Event, Tracer};
use crate::{thumb, Error};

/// Where a called function returns to: a mapped page holding a branch-to-self, which the
/// emulator stops at before executing.
pub const EXIT_ADDR: u64 = 0x00f0_0000;
const EXIT_PAGE: u64 = 0x1000;
/// The byte pattern painted over the stack.
pub const PAINT: [u8; 4] = [0xa5, 0x5a, 0xc3, 0x3c];

/// Multiplicative hasher for block addresses.
#[derive(Default)]
struct AddrHasher(u64);

impl Hasher for AddrHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (v ^ (v >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

type Blocks = HashMap<u64, (u32, BlockCost), BuildHasherDefault<AddrHasher>>;

/// The cost tables in use.
#[derive(Clone, Debug)]
enum Model {
    Thumb(crate::profile::ThumbCosts),
    Rv32(crate::profile::Rv32Costs),
    Rv64(crate::profile::Rv64Costs),
}

impl Model {
    /// The RISC-V register width, or `None` for Thumb.
    fn xlen(&self) -> Option<crate::rv::Xlen> {
        match self {
            Model::Thumb(_) => None,
            Model::Rv32(_) => Some(crate::rv::Xlen::X32),
            Model::Rv64(_) => Some(crate::rv::Xlen::X64),
        }
    }
}

/// State shared with the hooks.
struct State {
    model: Model,
    blocks: Blocks,
    /// End address and terminator of the previous block.
    prev: Option<(u64, cost::Term)>,
    cycles: u64,
    insns: u64,
    limit: u64,
    limit_hit: bool,
    /// The data-dependent hook is installed.
    hook_installed: bool,
    /// A data-dependent instruction was met without the hook.
    missed: bool,
    /// Data-dependent instructions met so far, by address.
    sites: HashMap<u64, Site, BuildHasherDefault<AddrHasher>>,
    /// Cycles and executions per block address, when profiling (see [`crate::attribution`]).
    block_profile: Option<HashMap<u64, (u64, u64), BuildHasherDefault<AddrHasher>>>,
    /// The execution trace, when checking constant time (see [`crate::ct_check`]).
    trace: Option<Box<Tracer>>,
    /// RV32 divide instructions met so far (address, source registers), when tracing.
    rv_divs: HashMap<u64, [u8; 2], BuildHasherDefault<AddrHasher>>,
    /// A board's flash wait states (`None`: the zero-wait-state reference model).
    fetch: Option<Fetch>,
}

/// A data-dependent instruction to hook.
#[derive(Clone, Copy, Debug)]
struct Site {
    addr: u64,
    kind: thumb::DataDep,
    accumulate: bool,
    min: u32,
    rn: u8,
    rm: u8,
}

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

fn uc_err(what: &str) -> impl Fn(uc_error) -> Error + '_ {
    move |e| Error::Emulator(format!("{what}: {e:?}"))
}

impl Machine {
    /// Creates the machine for `profile` and loads `image`; the stack spans `stack`.
    pub fn new(profile: &Profile, image: &Image, stack: StackRegion) -> Result<Self, Error> {
        let (isa, mut uc) = match profile.isa {
            Isa::Thumb => {
                let cpu = match profile.cpu.as_str() {
                    "cortex-m0" => ArmCpuModel::CORTEX_M0,
                    "cortex-m3" => ArmCpuModel::CORTEX_M3,
                    "cortex-m4" => ArmCpuModel::CORTEX_M4,
                    "cortex-m7" => ArmCpuModel::CORTEX_M7,
                    other => return Err(Error::Profile(format!("unknown Arm CPU model {other}"))),
                };
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

/// Entry addresses of the declassification markers of an image.
#[derive(Clone, Debug, Default)]
pub struct Markers {
    /// `declassify_u32(x) -> x`: the word in the first argument register.
    pub word: Vec<u64>,
    /// `declassify_bytes(&mut [u8])`: pointer and length in the first two.
    pub bytes: Vec<u64>,
}

/// The IT-block state bits of the CPSR (IT\[1:0\] at 26:25, IT\[7:2\] at 15:10).
const CPSR_IT: u64 = (3 << 25) | (0x3f << 10);

/// Records a load or store.
///
/// Unicorn (2.1) restores the CPU state of the accessing instruction before calling a
/// memory hook, IT-block state included; inside an IT block that leaves the state set
/// after the block has ended (unicorn-engine/unicorn#2309), and the next basic block
/// is then translated as conditional: wrong execution, faults. The translated code of
/// the running block never reads that state back, so clearing it here is exact.
fn mem_hook(uc: &mut Unicorn<'_, State>, kind: MemType, addr: u64, _size: usize, _v: i64) -> bool {
    clear_it_state(uc);
    let Some(in_window) = uc.get_data().trace.as_ref().map(|t| t.in_window()) else {
        return true;
    };
    let pc = if in_window { pc_of(uc) } else { 0 };
    if let Some(t) = &mut uc.get_data_mut().trace {
        t.push(Event::Mem {
            pc,
            addr,
            write: kind == MemType::WRITE,
        });
    }
    true
}

/// Clears the IT-block state a memory hook leaves behind (see [`mem_hook`]): every memory
/// hook must.
fn clear_it_state(uc: &mut Unicorn<'_, State>) {
    if matches!(uc.get_data().model, Model::Thumb(_)) {
        let cpsr = uc.reg_read(RegisterARM::CPSR as i32).unwrap_or(0);
        if cpsr & CPSR_IT != 0 {
            let _ = uc.reg_write(RegisterARM::CPSR as i32, cpsr & !CPSR_IT);
        }
    }
}

/// Charges a board's wait states for a load from flash (literal pools, constant tables).
fn flash_load_hook(
    uc: &mut Unicorn<'_, State>,
    _kind: MemType,
    addr: u64,
    _size: usize,
    _v: i64,
) -> bool {
    clear_it_state(uc);
    let st = uc.get_data_mut();
    if let Some(f) = &mut st.fetch {
        st.cycles += u64::from(f.load(addr));
    }
    true
}

fn pc_of(uc: &Unicorn<'_, State>) -> u64 {
    let reg = match uc.get_data().model {
        Model::Thumb(_) => RegisterARM::PC as i32,
        Model::Rv32(_) | Model::Rv64(_) => RegisterRISCV::PC as i32,
    };
    uc.reg_read(reg).unwrap_or(0) & !1
}

/// The argument registers 0 and 1 of the calling convention.
fn arg_regs(uc: &Unicorn<'_, State>) -> [i32; 2] {
    match uc.get_data().model {
        Model::Thumb(_) => [RegisterARM::R0 as i32, RegisterARM::R1 as i32],
        Model::Rv32(_) | Model::Rv64(_) => [RegisterRISCV::A0 as i32, RegisterRISCV::A1 as i32],
    }
}

/// At the entry of a declassification marker: records its value (first run) or puts the
/// first run's value in its place (second run).
fn marker_hook(uc: &mut Unicorn<'_, State>, pc: u64, bytes: bool) {
    if uc.get_data().trace.is_none() {
        return;
    }
    let [r0, r1] = arg_regs(uc);
    let a0 = uc.reg_read(r0).unwrap_or(0);
    let value = if bytes {
        let len = uc.reg_read(r1).unwrap_or(0) as usize;
        Declassified::Bytes(uc.mem_read_as_vec(a0, len).unwrap_or_default())
    } else {
        Declassified::Word(a0 as u32)
    };
    let Some(t) = uc.get_data_mut().trace.as_mut() else {
        return;
    };
    match t.declassify(pc, value) {
        Some(Declassified::Word(w)) => {
            let _ = uc.reg_write(r0, u64::from(w));
        }
        Some(Declassified::Bytes(b)) => {
            let _ = uc.mem_write(a0, &b);
        }
        None => {
            let _ = uc.emu_stop();
        }
    }
}

/// Records the operand class of an RV32 divide (its latency depends on the operands on
/// real cores, though the cycle model charges the worst case).
fn rv_div_hook(uc: &mut Unicorn<'_, State>, pc: u64, _size: u32) {
    let Some(&[rs1, rs2]) = uc.get_data().rv_divs.get(&pc) else {
        return;
    };
    let reg = |r: u8| {
        if r == 0 {
            0
        } else {
            uc.reg_read(RegisterRISCV::X0 as i32 + i32::from(r))
                .unwrap_or(0)
        }
    };
    // Register values are zero-extended on RV32, so one formula serves both widths.
    let bits = |v: u64| 64 - v.leading_zeros();
    let cost = bits(reg(rs1)) << 8 | bits(reg(rs2));
    if let Some(t) = &mut uc.get_data_mut().trace {
        t.push(Event::Timing { pc, cost });
    }
}

impl State {
    fn new(model: Model) -> Self {
        State {
            model,
            blocks: Blocks::default(),
            prev: None,
            cycles: 0,
            insns: 0,
            limit: u64::MAX,
            limit_hit: false,
            sites: Default::default(),
            hook_installed: false,
            missed: false,
            block_profile: None,
            trace: None,
            rv_divs: Default::default(),
            fetch: None,
        }
    }
}

fn arm_reg(r: u8) -> i32 {
    use RegisterARM::*;
    let regs = [
        R0, R1, R2, R3, R4, R5, R6, R7, R8, R9, R10, R11, R12, SP, LR, PC,
    ];
    regs[usize::from(r & 15)] as i32
}

/// The block hook: the block's cost (computed once), plus the previous block's transfer
/// penalty now that it is known whether it was taken.
fn block_hook(uc: &mut Unicorn<'_, State>, addr: u64, size: u32) {
    let cached = uc.get_data().blocks.get(&addr).copied();
    let cost = match cached {
        Some((s, c)) if s == size => c,
        _ => {
            let code = uc.mem_read_as_vec(addr, size as usize).unwrap_or_default();
            let st = uc.get_data_mut();
            let c = match &st.model {
                Model::Thumb(t) => {
                    let sites = data_dependent_sites(&code, addr, t);
                    st.missed |= !sites.is_empty() && !st.hook_installed;
                    for s in sites {
                        st.sites.insert(s.addr, s);
                    }
                    cost::thumb_block(&code, t)
                }
                Model::Rv32(_) | Model::Rv64(_) => {
                    if st.trace.is_some() {
                        let xlen = st.model.xlen().unwrap_or(crate::rv::Xlen::X32);
                        let mut at = 0usize;
                        while let Some(i) = crate::rv::decode(&code[at..], xlen) {
                            if i.class == crate::rv::Class::Div {
                                st.rv_divs.insert(addr + at as u64, i.rs);
                            }
                            at += usize::from(i.len);
                        }
                    }
                    match &st.model {
                        Model::Rv64(t) => crate::cost_rv64::rv64_block(&code, t),
                        Model::Rv32(t) => cost::rv32_block(&code, t),
                        Model::Thumb(t) => cost::thumb_block(&code, t),
                    }
                }
            };
            st.blocks.insert(addr, (size, c));
            c
        }
    };
    let st = uc.get_data_mut();
    let before = st.cycles;
    if let Some(f) = &mut st.fetch {
        st.cycles += u64::from(f.block(addr, size));
    }
    if let Some((end, term)) = st.prev {
        if addr == end {
            st.cycles += u64::from(term.not_taken);
        } else {
            st.cycles += u64::from(term.taken);
            if let Model::Thumb(t) = &st.model {
                if cost.first_wide && addr % 4 == 2 {
                    st.cycles += u64::from(t.unaligned_target_penalty);
                }
            }
        }
    }
    st.cycles += u64::from(cost.cycles);
    st.insns += u64::from(cost.insns);
    st.prev = cost.term.map(|t| (addr + u64::from(size), t));
    if let Some(p) = &mut st.block_profile {
        // The entry penalty (taken or not) goes to the block entered.
        let e = p.entry(addr).or_default();
        e.0 += st.cycles - before;
        e.1 += 1;
    }
    if let Some(t) = &mut st.trace {
        t.push(Event::Block { addr, size });
    }
    if st.insns > st.limit {
        st.limit_hit = true;
        let _ = uc.emu_stop();
    }
}

/// Installs the shared data-dependent hook: one code hook over all code that looks the
/// instruction up among the data-dependent sites the block hook has met (the block hook
/// runs first, so a block's sites are known before its instructions execute). A hook per
/// site would be slower: unicorn walks its whole hook list at every hooked instruction.
fn install_data_dependent_hook(uc: &mut Unicorn<'static, State>) -> Result<(), Error> {
    uc.add_code_hook(1, 0, data_dependent_hook)
        .map_err(uc_err("code hook"))?;
    uc.get_data_mut().hook_installed = true;
    Ok(())
}

/// Whether the image holds an instruction whose cost varies on this core: each function
/// symbol decoded linearly, or every halfword tried when there are no function symbols.
fn image_has_data_dependent(image: &Image, t: &crate::profile::ThumbCosts) -> bool {
    let functions: Vec<(u64, u64)> = image
        .symbols
        .iter()
        .filter(|s| s.kind == "text")
        .map(|s| (s.addr, s.size))
        .collect();
    image.text.iter().any(|(base, code)| {
        if functions.is_empty() {
            return (0..code.len().saturating_sub(3))
                .step_by(2)
                .any(|at| !data_dependent_sites(&code[at..at + 4], 0, t).is_empty());
        }
        functions.iter().any(|&(addr, size)| {
            let end = base + code.len() as u64;
            if addr < *base || addr >= end {
                return false;
            }
            let lo = (addr - base) as usize;
            let hi = ((addr + size).min(end) - base) as usize;
            !data_dependent_sites(&code[lo..hi], addr, t).is_empty()
        })
    })
}

/// Charges the operand-dependent part of a data-dependent instruction.
fn data_dependent_hook(uc: &mut Unicorn<'_, State>, addr: u64, _size: u32) {
    let st = uc.get_data();
    let Some(site) = st.sites.get(&addr).copied() else {
        return;
    };
    let Model::Thumb(t) = &st.model else { return };
    let a = uc.reg_read(arm_reg(site.rn)).unwrap_or(0) as u32;
    let b = uc.reg_read(arm_reg(site.rm)).unwrap_or(0) as u32;
    let c = cost::thumb_data_dependent(site.kind, site.accumulate, a, b, t);
    let st = uc.get_data_mut();
    st.cycles += u64::from(c.saturating_sub(site.min));
    if let Some(t) = &mut st.trace {
        t.push(Event::Timing { pc: addr, cost: c });
    }
}

/// The data-dependent instructions of a Thumb block whose cost varies on this core.
fn data_dependent_sites(code: &[u8], base: u64, t: &crate::profile::ThumbCosts) -> Vec<Site> {
    let mut out = Vec::new();
    let mut at = 0usize;
    while let Some(i) = thumb::decode(&code[at..]) {
        if let Some((kind, rn, rm)) = i.data_dep {
            let (accumulate, [lo, hi]) = match i.class {
                thumb::Class::MulLong => (false, t.mull),
                thumb::Class::MulAccLong => (true, t.mlal),
                _ => (false, t.div),
            };
            if lo != hi {
                out.push(Site {
                    addr: base + at as u64,
                    kind,
                    accumulate,
                    min: lo,
                    rn,
                    rm,
                });
            }
        }
        at += usize::from(i.len);
    }
    out
}
