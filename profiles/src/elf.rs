//! ELF reading: loadable segments, flash and static RAM accounting, symbols.

use object::elf;
use object::read::elf::{ElfFile, ElfFile32, ElfFile64, FileHeader, ProgramHeader, SectionHeader};
use object::{Endianness, Object, ObjectSymbol, SymbolKind};
use serde::{Deserialize, Serialize};

use crate::Error;

/// A loadable segment.
#[derive(Clone, Debug)]
pub struct Segment {
    /// Run-time address.
    pub vaddr: u64,
    /// Bytes in the file (copied to memory, and to flash).
    pub data: Vec<u8>,
    /// Bytes in memory (the rest is zero).
    pub mem_size: u64,
    /// Executable.
    pub exec: bool,
}

/// Flash use: the sum of the PT_LOAD file sizes, split by section kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flash {
    /// Executable sections.
    pub text: u64,
    /// Read-only data (including .ARM.exidx).
    pub rodata: u64,
    /// Initial values of .data (copied to RAM at start-up).
    pub data: u64,
    /// The sum of the PT_LOAD file sizes (includes alignment padding between sections).
    pub total: u64,
    /// `total` split by what the bytes are, per symbol ([`Part`]): the scheme's own code
    /// and tables, the shared Keccak (permutation, sponge, SHAKE/SHA-3), and the rest.
    #[serde(default)]
    pub split: FlashSplit,
}

/// Flash by part, per symbol: pqm4's code-size column counts the scheme without the
/// shared Keccak and the benchmark scaffold, and so does `scheme` here.
///
/// Symbols are classified by name ([`part_of`]); bytes no symbol covers (alignment,
/// unwind tables) count as scaffold. With LTO, code is attributed to the symbol it was
/// inlined into: the firmware's one-call wrappers (`pqfit_firmware::mldsa::sign`) hold
/// the inlined scheme and count as scheme, and sponge code inlined into a sampler counts
/// as scheme too, so `keccak` is a lower bound (the permutation and the sponge
/// functions LLVM kept out of line).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlashSplit {
    /// The scheme: pqfit code and tables other than Keccak.
    pub scheme: u64,
    /// Keccak-f\[1600\], the sponge and the SHAKE/SHA-3 wrappers.
    pub keccak: u64,
    /// The measurement scaffold and runtime: entry points, I/O buffers' initial
    /// values, the strategy string, panic handling, `memcpy`/`memset` and other
    /// compiler built-ins, and bytes outside any symbol.
    pub scaffold: u64,
}

/// What a flash symbol belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The scheme's own code and tables.
    Scheme,
    /// Keccak and the hash functions built on it.
    Keccak,
    /// Everything a pqm4-style code size leaves out.
    Scaffold,
}

/// Classifies a symbol by its (mangled) name and crate.
pub fn part_of(name: &str, krate: Option<&str>) -> Part {
    let keccak_paths = ["6keccak", "4hash", "4sha3", "keccak"];
    match krate {
        Some("pqfit_core") if keccak_paths.iter().any(|p| name.contains(p)) => Part::Keccak,
        Some("keccak" | "sha3") => Part::Keccak,
        Some("pqfit" | "pqfit_core") => Part::Scheme,
        // The wrappers hold the scheme LTO inlined into them.
        Some("pqfit_firmware") => Part::Scheme,
        _ if name.contains("Keccak") || name.contains("keccak") => Part::Keccak,
        _ => Part::Scaffold,
    }
}

/// A symbol with a size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Symbol {
    /// Name as in the ELF (mangled).
    pub name: String,
    /// Address (the Thumb bit cleared).
    pub addr: u64,
    /// Size in bytes.
    pub size: u64,
    /// Where it lives: "text", "rodata", "data" or "bss".
    pub kind: &'static str,
    /// The crate it comes from, when the mangled name says so.
    pub krate: Option<String>,
}

/// What the harness needs from an ELF.
#[derive(Clone, Debug)]
pub struct Image {
    /// Loadable segments.
    pub segments: Vec<Segment>,
    /// Flash use.
    pub flash: Flash,
    /// Static RAM: .data + .bss (the sizes of writable allocated sections, minus the stack).
    pub static_ram: u64,
    /// Every sized function and object symbol.
    pub symbols: Vec<Symbol>,
    /// Executable ranges (address, bytes), for the data-dependent instruction scan.
    pub text: Vec<(u64, Vec<u8>)>,
    /// `e_machine`.
    pub machine: u16,
    /// An ELF64 file (RV64): selects the RISC-V compressed encodings.
    pub class64: bool,
}

impl Image {
    /// Parses a 32-bit or 64-bit little-endian ELF executable.
    pub fn parse(bytes: &[u8]) -> Result<Self, Error> {
        const EI_CLASS: usize = 4;
        match bytes.get(EI_CLASS) {
            Some(&elf::ELFCLASS64) => {
                let file = ElfFile64::<Endianness>::parse(bytes).map_err(bad_elf)?;
                Self::parse_file(&file, bytes, true)
            }
            _ => {
                let file = ElfFile32::<Endianness>::parse(bytes).map_err(bad_elf)?;
                Self::parse_file(&file, bytes, false)
            }
        }
    }

    fn parse_file<H: FileHeader<Endian = Endianness>>(
        file: &ElfFile<'_, H>,
        bytes: &[u8],
        class64: bool,
    ) -> Result<Self, Error> {
        let bad = bad_elf;
        let endian = file.endian();
        let header = file.elf_header();
        let machine = header.e_machine(endian);
        let mut segments = Vec::new();
        let mut total = 0u64;
        for ph in header.program_headers(endian, bytes).map_err(bad)? {
            if ph.p_type(endian) != elf::PT_LOAD {
                continue;
            }
            let data = ph
                .data(endian, bytes)
                .map_err(|()| Error::Elf("segment outside the file".into()))?;
            let filesz: u64 = ph.p_filesz(endian).into();
            total += filesz;
            segments.push(Segment {
                vaddr: ph.p_vaddr(endian).into(),
                data: data.to_vec(),
                mem_size: ph.p_memsz(endian).into(),
                exec: ph.p_flags(endian) & elf::PF_X != 0,
            });
        }
        let mut flash = Flash {
            total,
            ..Flash::default()
        };
        let mut static_ram = 0;
        let mut text = Vec::new();
        let mut kinds: Vec<(u64, u64, &'static str)> = Vec::new();
        let sections = header.sections(endian, bytes).map_err(bad)?;
        for sh in sections.iter() {
            let flags: u64 = sh.sh_flags(endian).into();
            let size: u64 = sh.sh_size(endian).into();
            if flags & u64::from(elf::SHF_ALLOC) == 0 || size == 0 {
                continue;
            }
            let name = sections.section_name(endian, sh).unwrap_or(b"");
            let addr: u64 = sh.sh_addr(endian).into();
            let nobits = sh.sh_type(endian) == elf::SHT_NOBITS;
            let write = flags & u64::from(elf::SHF_WRITE) != 0;
            let exec = flags & u64::from(elf::SHF_EXECINSTR) != 0;
            if name == b".stack" {
                continue;
            }
            let kind = if exec {
                flash.text += size;
                if let Ok(d) = sh.data(endian, bytes) {
                    text.push((addr, d.to_vec()));
                }
                "text"
            } else if nobits {
                static_ram += size;
                "bss"
            } else if write {
                flash.data += size;
                static_ram += size;
                "data"
            } else {
                flash.rodata += size;
                "rodata"
            };
            kinds.push((addr, addr + size, kind));
        }
        let mut symbols = Vec::new();
        for s in file.symbols() {
            if !matches!(s.kind(), SymbolKind::Text | SymbolKind::Data) || s.size() == 0 {
                continue;
            }
            let Ok(name) = s.name() else { continue };
            // Thumb function symbols carry the Thumb bit; data symbols may be odd.
            let thumb_bit = machine == elf::EM_ARM && s.kind() == SymbolKind::Text;
            let addr = if thumb_bit {
                s.address() & !1
            } else {
                s.address()
            };
            let kind = kinds
                .iter()
                .find(|(lo, hi, _)| (*lo..*hi).contains(&addr))
                .map_or("other", |k| k.2);
            symbols.push(Symbol {
                name: name.to_string(),
                addr,
                size: s.size(),
                kind,
                krate: crate_of(name),
            });
        }
        symbols.sort_by(|a, b| b.size.cmp(&a.size).then(a.name.cmp(&b.name)));
        flash.split = flash_split(&symbols, flash.total);
        Ok(Image {
            segments,
            flash,
            static_ram,
            symbols,
            text,
            machine,
            class64,
        })
    }

    /// An image of raw code at `addr` (for hand-assembled kernels): one executable segment,
    /// no symbols.
    pub fn from_code(addr: u64, code: &[u8]) -> Self {
        Image {
            segments: vec![Segment {
                vaddr: addr,
                data: code.to_vec(),
                mem_size: code.len() as u64,
                exec: true,
            }],
            flash: Flash {
                text: code.len() as u64,
                rodata: 0,
                data: 0,
                total: code.len() as u64,
                split: FlashSplit {
                    scaffold: code.len() as u64,
                    ..FlashSplit::default()
                },
            },
            static_ram: 0,
            symbols: Vec::new(),
            text: vec![(addr, code.to_vec())],
            machine: 0,
            class64: false,
        }
    }

    /// Reads initial contents (from the loadable segments) at a run-time address.
    pub fn read(&self, addr: u64, len: usize) -> Option<Vec<u8>> {
        let s = self
            .segments
            .iter()
            .find(|s| addr >= s.vaddr && addr + len as u64 <= s.vaddr + s.data.len() as u64)?;
        let at = (addr - s.vaddr) as usize;
        Some(s.data[at..at + len].to_vec())
    }

    /// The first symbol with this exact name.
    pub fn symbol(&self, name: &str) -> Option<&Symbol> {
        self.symbols.iter().find(|s| s.name == name)
    }

    /// The address of a symbol of any size (including size-0 linker symbols).
    pub fn address_of(bytes: &[u8], name: &str) -> Option<u64> {
        let file = object::File::parse(bytes).ok()?;
        let arm = file.architecture() == object::Architecture::Arm;
        file.symbols().find(|s| s.name() == Ok(name)).map(|s| {
            if arm && s.kind() == SymbolKind::Text {
                s.address() & !1
            } else {
                s.address()
            }
        })
    }

    /// Flash bytes per crate (text, rodata and data symbols), largest first.
    pub fn flash_by_crate(&self) -> Vec<(String, u64)> {
        let mut map = std::collections::BTreeMap::<String, u64>::new();
        for s in self
            .symbols
            .iter()
            .filter(|s| matches!(s.kind, "text" | "rodata" | "data"))
        {
            *map.entry(s.krate.clone().unwrap_or_else(|| "(other)".into()))
                .or_default() += s.size;
        }
        let mut v: Vec<_> = map.into_iter().collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        v
    }
}

fn bad_elf(e: object::Error) -> Error {
    Error::Elf(e.to_string())
}

/// Flash symbols summed by [`Part`]; what no symbol covers is scaffold.
fn flash_split(symbols: &[Symbol], total: u64) -> FlashSplit {
    let mut split = FlashSplit::default();
    for s in symbols
        .iter()
        .filter(|s| matches!(s.kind, "text" | "rodata" | "data"))
    {
        match part_of(&s.name, s.krate.as_deref()) {
            Part::Scheme => split.scheme += s.size,
            Part::Keccak => split.keccak += s.size,
            Part::Scaffold => split.scaffold += s.size,
        }
    }
    split.scaffold = total.saturating_sub(split.scheme + split.keccak);
    split
}

/// The crate of a Rust symbol, from its legacy (`_ZN5pqfit...`) or v0 (`_RNv...Cs..._5pqfit`)
/// mangling; `None` for other names.
pub fn crate_of(name: &str) -> Option<String> {
    if let Some(rest) = name.strip_prefix("_ZN") {
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let n: usize = digits.parse().ok()?;
        let s = rest.get(digits.len()..digits.len() + n)?;
        return Some(s.trim_start_matches('_').to_string());
    }
    if name.starts_with("_R") {
        // The crate root is the first `C` path element: C [s<disambiguator>_] <len><name>.
        let at = name.find('C')?;
        let mut rest = &name[at + 1..];
        if let Some(r) = rest.strip_prefix('s') {
            rest = &r[r.find('_')? + 1..];
        }
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let n: usize = digits.parse().ok()?;
        let s = rest.get(digits.len()..digits.len() + n)?;
        return Some(s.trim_start_matches('_').to_string());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crate_names_from_mangling() {
        assert_eq!(
            crate_of("_ZN10pqfit_core4hash8shake25617hbb709780a138ce52E").as_deref(),
            Some("pqfit_core")
        );
        assert_eq!(
            crate_of("_ZN5pqfit5mldsa22message_representative17hE").as_deref(),
            Some("pqfit")
        );
        assert_eq!(
            crate_of("_RNvNtCs1TB6rWNpcUQ_17compiler_builtins3mem6memcpy").as_deref(),
            Some("compiler_builtins")
        );
        assert_eq!(crate_of("memcpy"), None);
    }

    #[test]
    fn flash_parts_by_symbol() {
        let part = |n: &str| part_of(n, crate_of(n).as_deref());
        assert_eq!(
            part("_ZN10pqfit_core6keccak11interleaved16permute_unrolled17h23b66f3b21d908dfE"),
            Part::Keccak
        );
        assert_eq!(
            part("_ZN10pqfit_core4hash13shake256_with17h9ce87046998640d7E"),
            Part::Keccak
        );
        assert_eq!(
            part("_ZN10pqfit_core5mldsa4poly4Poly3ntt17h2e1996f333039000E"),
            Part::Scheme
        );
        assert_eq!(
            part("_ZN14pqfit_firmware5mldsa4sign17he11be308ed559ed9E"),
            Part::Scheme
        );
        assert_eq!(part("__aeabi_memcpy4"), Part::Scaffold);
        assert_eq!(part("pqfit_fw_sign"), Part::Scaffold);
        assert_eq!(
            part("_RNvNtCs1TB6rWNpcUQ_17compiler_builtins3mem6memcpy"),
            Part::Scaffold
        );
    }
}
