//! The harness's vocabulary: a family descriptor ([`Family`]), its parameter sets as
//! [`Scheme`]s, and what to measure ([`Request`]) or check ([`CtRequest`]). The
//! descriptors themselves are in [`crate::families`]; nothing here names a family.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use pqfit::catalog::Catalog;

use crate::firmware::Selection;
use crate::link::Firmware;
use crate::op::Op;
use crate::profile::{Isa, Profile};
use crate::record::{CtOp, Measurement};
use crate::Error;

/// Signature scheme or key-encapsulation mechanism.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Key generation, signing, verification.
    Signature,
    /// Key generation, encapsulation, decapsulation.
    Kem,
}

impl Kind {
    /// The name of the declaration an integrator pastes (`type Signer = ...`).
    pub const fn declaration(self) -> &'static str {
        match self {
            Kind::Signature => "Signer",
            Kind::Kem => "Kem",
        }
    }
}

/// What a preset's name promises of its measurements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promise {
    /// The least mean cycles of every combination measured.
    Fastest,
    /// The least stack of every combination measured.
    Smallest,
}

/// A promise a family makes in a preset's name, for the operations it names: the
/// explorer warns when a sweep breaks it, and the family's docs table is tested
/// against it.
#[derive(Clone, Copy, Debug)]
pub struct Promised {
    /// The preset (`fast-sign`).
    pub preset: &'static str,
    /// What its name promises.
    pub promise: Promise,
    /// The operations the promise is about.
    pub ops: &'static [Op],
}

/// A parameter set of a family.
#[derive(Debug)]
pub struct Set {
    /// The kebab-case name (`ml-dsa-65`, `cross-rsdp-1-small`).
    pub name: &'static str,
    /// The pqfit type of the parameter set (`MlDsa65`, `Rsdp1Small`, `Sntrup761`).
    pub type_name: &'static str,
    /// The pqfit type that takes the strategy, as an integrator names it (`Dilithium3`).
    pub alias: &'static str,
    /// The NIST security category it claims.
    pub category: u8,
    /// Other names accepted on the command line (compared without punctuation or case).
    pub aliases: &'static [&'static str],
}

/// Measures one parameter set's built firmware: `(scheme, profile, request, strategy
/// type path, firmware)`.
pub type RunFn = fn(Scheme, &Profile, &Request, &str, &Firmware) -> Result<Measurement, Error>;

/// The constant-time check of one parameter set's firmware (the ELF at the path).
pub type CtFn = fn(Scheme, &Profile, &CtRequest, &Path) -> Result<Vec<CtOp>, Error>;

/// Everything the harness and the explorer know of a family, in one place.
#[derive(Debug)]
pub struct Family {
    /// The name on the command line (`ml-dsa`).
    pub name: &'static str,
    /// For prose (`ML-DSA (FIPS 204)`).
    pub title: &'static str,
    /// Signature or KEM.
    pub kind: Kind,
    /// The parameter sets, in the order tools list them.
    pub sets: &'static [Set],
    /// The operations measured, in order.
    pub ops: &'static [Op],
    /// The strategies by name (axes, presets, Keccak backends).
    pub catalog: &'static Catalog,
    /// What the presets' names promise (none: no preset claims to be the fastest or
    /// the smallest).
    pub promises: &'static [Promised],
    /// The firmware's module for the family (`PQFIT_FW_FAMILY`, `cfg(pqfit_fw_family)`).
    pub firmware: &'static str,
    /// The items the firmware is built with (`PQFIT_FW_TYPES`), with `{set}` and
    /// `{strategy}` standing for the parameter set's type and the strategy's type path.
    pub firmware_types: &'static str,
    /// The type an integrator names, with `{set}`, `{alias}` and `{strategy}` as above.
    pub rust_type: &'static str,
    /// Measures a firmware.
    pub run: RunFn,
    /// Checks a firmware for constant time.
    pub ct_check: CtFn,
}

impl Family {
    /// A signature family (rather than a KEM).
    pub fn is_signature(&self) -> bool {
        self.kind == Kind::Signature
    }

    /// Its parameter sets as schemes.
    pub fn schemes(&'static self) -> impl Iterator<Item = Scheme> {
        self.sets
            .iter()
            .map(move |set| Scheme { family: self, set })
    }
}

impl PartialEq for Family {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for Family {}

/// A parameter set of a family: what a measurement is of.
#[derive(Clone, Copy)]
pub struct Scheme {
    family: &'static Family,
    set: &'static Set,
}

impl Scheme {
    /// The parameter set `set` of `family` (a descriptor's own constants).
    pub(crate) const fn from_parts(family: &'static Family, set: &'static Set) -> Scheme {
        Scheme { family, set }
    }

    /// The family's parameter set number `index`.
    pub fn of(family: &'static Family, index: usize) -> Option<Scheme> {
        family.sets.get(index).map(|set| Scheme { family, set })
    }

    /// Its family.
    pub fn family(self) -> &'static Family {
        self.family
    }

    /// Its parameter set.
    pub fn set(self) -> &'static Set {
        self.set
    }

    /// The kebab-case name (`ml-dsa-65`).
    pub fn name(self) -> &'static str {
        self.set.name
    }

    /// The NIST security category the parameter set claims.
    pub fn category(self) -> u8 {
        self.set.category
    }

    /// A key-encapsulation mechanism (keygen, encaps, decaps) rather than a signature.
    pub fn is_kem(self) -> bool {
        self.family.kind == Kind::Kem
    }

    /// The operations measured, in order.
    pub fn ops(self) -> &'static [Op] {
        self.family.ops
    }

    /// The names of [`Scheme::ops`] (`keygen`, `sign`, ...), as reports carry them.
    pub fn op_names(self) -> Vec<&'static str> {
        self.family.ops.iter().map(|o| o.name()).collect()
    }

    /// Whether the operation named `op` is one of this scheme's.
    pub fn has_op(self, op: &str) -> bool {
        self.family.ops.iter().any(|o| o.name() == op)
    }

    /// The pqfit type that takes the strategy (`Dilithium3`).
    pub fn alias(self) -> &'static str {
        self.set.alias
    }

    /// The parameter set's pqfit type (`MlDsa65`).
    pub fn type_name(self) -> &'static str {
        self.set.type_name
    }

    /// The declaration to paste for the strategy type path `strategy`:
    /// `type Signer = pqfit::Dilithium3<pqfit::strategy::SmallStack>;`.
    pub fn declaration(self, strategy: &str) -> String {
        format!(
            "type {} = {};",
            self.family.kind.declaration(),
            self.fill(self.family.rust_type, strategy)
        )
    }

    /// Resolves a preset name of the family's catalogue (`small-stack`, `SmallStack`) or a
    /// type path to the type path the firmware is built with.
    pub fn strategy_type(self, s: &str) -> Result<String, Error> {
        let s = s.trim();
        let catalog = self.family.catalog;
        if let Some(p) = catalog.preset(s) {
            return Ok(format!("{}{}", catalog.path, p.type_name));
        }
        let path_like = s.contains("::")
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "_:<>, ".contains(c));
        if path_like {
            return Ok(s.to_string());
        }
        let names: Vec<&str> = catalog.presets.iter().map(|p| p.name).collect();
        Err(Error::Unknown(format!(
            "unknown strategy {s:?} for {}: give a preset ({}) or a type path such as {}{}",
            self.name(),
            names.join(", "),
            catalog.path,
            catalog.presets.first().map_or("", |p| p.type_name)
        )))
    }

    /// The firmware build of the strategy type path `ty` for this parameter set.
    pub fn selection(self, ty: &str) -> Selection {
        Selection {
            scheme: self.name().into(),
            record: ty.into(),
            features: Vec::new(),
            env: vec![
                ("PQFIT_FW_FAMILY", self.family.firmware.into()),
                ("PQFIT_FW_TYPES", self.fill(self.family.firmware_types, ty)),
                ("PQFIT_FW_STRATEGY", ty.into()),
            ],
            rustflags: Vec::new(),
        }
    }

    fn fill(self, template: &str, strategy: &str) -> String {
        template
            .replace("{set}", self.set.type_name)
            .replace("{alias}", self.set.alias)
            .replace("{strategy}", strategy)
    }

    /// Whether `text` names this parameter set (its name, type or an alias; punctuation
    /// and case ignored).
    pub fn is_named(self, text: &str) -> bool {
        let key = |s: &str| -> String {
            s.chars()
                .filter(char::is_ascii_alphanumeric)
                .collect::<String>()
                .to_ascii_lowercase()
        };
        let k = key(text);
        [self.set.name, self.set.type_name]
            .iter()
            .chain(self.set.aliases)
            .any(|n| key(n) == k)
    }
}

impl PartialEq for Scheme {
    fn eq(&self, other: &Self) -> bool {
        self.family == other.family && self.set.name == other.set.name
    }
}

impl Eq for Scheme {}

impl Hash for Scheme {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.set.name.hash(state);
    }
}

impl fmt::Debug for Scheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.set.name)
    }
}

impl fmt::Display for Scheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.set.name)
    }
}

/// What to measure.
#[derive(Clone, Debug)]
pub struct Request {
    /// Profile name (`m4`).
    pub target: String,
    /// Scheme.
    pub scheme: Scheme,
    /// Preset or type path.
    pub strategy: String,
    /// `3`, `2`, `s` or `z`.
    pub opt_level: String,
    /// Key generations (different seeds).
    pub keygen_runs: usize,
    /// Messages signed (or encapsulations).
    pub sign_runs: usize,
    /// Signatures verified (or decapsulations).
    pub verify_runs: usize,
    /// Instructions allowed per call.
    pub instruction_limit: u64,
    /// Cargo target directory of the firmware build (default `profiles/firmware/target`);
    /// parallel sweeps give each worker its own.
    pub target_dir: Option<PathBuf>,
    /// Extra `rustc` flags of the firmware build (for the cost of the value barriers:
    /// `--cfg=pqfit_insecure_no_value_barriers`).
    pub rustflags: Vec<String>,
    /// A board extending the target: its flash wait states are charged, and every
    /// operation gets its time at the board's clock ([`crate::record::OpReport::time`]).
    pub board: Option<crate::board::Board>,
    /// Operations not to run (a sweep measured the same code for another combination,
    /// [`crate::link`]): their reports are left out.
    pub skip: Vec<String>,
}

impl Request {
    /// Whether `op` is left out.
    pub fn skips(&self, op: Op) -> bool {
        self.skip.iter().any(|s| s == op.name())
    }

    /// The defaults: opt-level 3, 3 key generations, 16 signatures, 4 verifications.
    pub fn new(target: &str, scheme: Scheme, strategy: &str) -> Self {
        Request {
            target: target.into(),
            scheme,
            strategy: strategy.into(),
            opt_level: "3".into(),
            keygen_runs: 3,
            sign_runs: 16,
            verify_runs: 4,
            instruction_limit: 4_000_000_000,
            target_dir: None,
            rustflags: Vec::new(),
            board: None,
            skip: Vec::new(),
        }
    }

    /// The profile of an emulated target (not the host), extended by the board if any.
    pub fn emulated_profile(&self) -> Result<Profile, Error> {
        let p = self.profile()?;
        if p.isa == Isa::Host {
            return Err(Error::Unknown(
                "the host target is not emulated: use the benches (cargo bench) for host timings"
                    .into(),
            ));
        }
        Ok(p)
    }

    /// The target's profile, extended by the board if there is one.
    pub fn profile(&self) -> Result<Profile, Error> {
        let mut p = Profile::load(&self.target)?;
        if let Some(b) = &self.board {
            b.apply(&mut p)?;
        }
        Ok(p)
    }
}

/// What to check for constant time.
#[derive(Clone, Debug)]
pub struct CtRequest {
    /// Profile name (`m0`).
    pub target: String,
    /// Scheme.
    pub scheme: Scheme,
    /// Preset or type path.
    pub strategy: String,
    /// `3`, `2`, `s` or `z`.
    pub opt_level: String,
    /// Random secrets per operation (at least 2); the extreme keys run in addition.
    pub runs: usize,
    /// The seed every run's secrets derive from (`ct_check::secrets`).
    pub seed: u64,
    /// Instructions allowed per call.
    pub instruction_limit: u64,
    /// Cargo target directory of the firmware build.
    pub target_dir: Option<PathBuf>,
    /// Extra `rustc` flags for the firmware build (for example
    /// `--cfg=pqfit_insecure_no_value_barriers`, which shows the check failing).
    pub rustflags: Vec<String>,
    /// Only these operations (`None`: every secret-handling operation).
    pub ops: Option<Vec<crate::op::Op>>,
}

impl CtRequest {
    /// Eight random secrets per operation under seed 0 (the caller draws a fresh seed),
    /// opt-level 3.
    pub fn new(target: &str, scheme: Scheme, strategy: &str) -> Self {
        CtRequest {
            target: target.into(),
            scheme,
            strategy: strategy.into(),
            opt_level: "3".into(),
            runs: 8,
            seed: 0,
            instruction_limit: 4_000_000_000,
            target_dir: None,
            rustflags: Vec::new(),
            ops: None,
        }
    }
}
