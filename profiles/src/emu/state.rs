//! What the emulator's hooks share with the machine: the cost model in use, the blocks
//! seen, the counters, and the markers and traces of the constant-time check.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use unicorn_engine::unicorn_const::uc_error;

use crate::cost::{self, BlockCost};
use crate::fetch::Fetch;
use crate::thumb;
use crate::trace::Tracer;
use crate::Error;

/// Multiplicative hasher for block addresses.
#[derive(Default)]
pub(super) struct AddrHasher(u64);

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

pub(super) type Blocks = HashMap<u64, (u32, BlockCost), BuildHasherDefault<AddrHasher>>;

/// The cost tables in use.
#[derive(Clone, Debug)]
pub(super) enum Model {
    Thumb(crate::profile::ThumbCosts),
    Rv32(crate::profile::Rv32Costs),
    Rv64(crate::profile::Rv64Costs),
}

impl Model {
    /// The RISC-V register width, or `None` for Thumb.
    pub(super) fn xlen(&self) -> Option<crate::rv::Xlen> {
        match self {
            Model::Thumb(_) => None,
            Model::Rv32(_) => Some(crate::rv::Xlen::X32),
            Model::Rv64(_) => Some(crate::rv::Xlen::X64),
        }
    }
}

/// State shared with the hooks.
pub(super) struct State {
    pub(super) model: Model,
    pub(super) blocks: Blocks,
    /// End address and terminator of the previous block.
    pub(super) prev: Option<(u64, cost::Term)>,
    pub(super) cycles: u64,
    pub(super) insns: u64,
    pub(super) limit: u64,
    pub(super) limit_hit: bool,
    /// The data-dependent hook is installed.
    pub(super) hook_installed: bool,
    /// A data-dependent instruction was met without the hook.
    pub(super) missed: bool,
    /// Data-dependent instructions met so far, by address.
    pub(super) sites: HashMap<u64, Site, BuildHasherDefault<AddrHasher>>,
    /// Cycles and executions per block address, when profiling (see [`crate::attribution`]).
    pub(super) block_profile: Option<HashMap<u64, (u64, u64), BuildHasherDefault<AddrHasher>>>,
    /// The execution trace, when checking constant time (see [`crate::ct_check`]).
    pub(super) trace: Option<Box<Tracer>>,
    /// RV32 divide instructions met so far (address, source registers), when tracing.
    pub(super) rv_divs: HashMap<u64, [u8; 2], BuildHasherDefault<AddrHasher>>,
    /// A board's flash wait states (`None`: the zero-wait-state reference model).
    pub(super) fetch: Option<Fetch>,
}

/// A data-dependent instruction to hook.
#[derive(Clone, Copy, Debug)]
pub(super) struct Site {
    pub(super) addr: u64,
    pub(super) kind: thumb::DataDep,
    pub(super) accumulate: bool,
    pub(super) min: u32,
    pub(super) rn: u8,
    pub(super) rm: u8,
}

/// Entry addresses of the declassification markers of an image.
#[derive(Clone, Debug, Default)]
pub struct Markers {
    /// `declassify_u32(x) -> x`: the word in the first argument register.
    pub word: Vec<u64>,
    /// `declassify_bytes(&mut [u8])`: pointer and length in the first two.
    pub bytes: Vec<u64>,
}

impl State {
    pub(super) fn new(model: Model) -> Self {
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

/// An emulator error, said with what failed.
pub(super) fn uc_err(what: &str) -> impl Fn(uc_error) -> Error + '_ {
    move |e| Error::Emulator(format!("{what}: {e:?}"))
}
