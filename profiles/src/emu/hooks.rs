//! The emulator's hooks: the block hook that charges the cycle model, the memory hooks
//! (stack overrun, flash wait states, traces), the declassification markers, and the
//! per-instruction hooks of data-dependent instructions.

use unicorn_engine::unicorn_const::MemType;
use unicorn_engine::{RegisterARM, RegisterRISCV, Unicorn};

use super::state::{uc_err, Model, Site, State};
use crate::cost;
use crate::elf::Image;
use crate::trace::{Declassified, Event};
use crate::{thumb, Error};

/// The IT-block state bits of the CPSR (IT\[1:0\] at 26:25, IT\[7:2\] at 15:10).
const CPSR_IT: u64 = (3 << 25) | (0x3f << 10);

/// Records a load or store.
///
/// Unicorn (2.1) restores the CPU state of the accessing instruction before calling a
/// memory hook, IT-block state included; inside an IT block that leaves the state set
/// after the block has ended (unicorn-engine/unicorn#2309), and the next basic block
/// is then translated as conditional: wrong execution, faults. The translated code of
/// the running block never reads that state back, so clearing it here is exact.
pub(super) fn mem_hook(
    uc: &mut Unicorn<'_, State>,
    kind: MemType,
    addr: u64,
    _size: usize,
    _v: i64,
) -> bool {
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
pub(super) fn flash_load_hook(
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

/// Charges an unaligned word or halfword access its extra bus transfers: a halfword-
/// aligned word is two halfwords (+1), a byte-aligned word a byte, a halfword and a byte
/// (+2), a byte-aligned halfword two bytes (+1). LDRD, LDM and the VFP transfers must be
/// word aligned (they fault otherwise), so every unaligned access is a single LDR/STR(H).
pub(super) fn unaligned_hook(
    uc: &mut Unicorn<'_, State>,
    _kind: MemType,
    addr: u64,
    size: usize,
    _v: i64,
) -> bool {
    clear_it_state(uc);
    let transfers = match size {
        4 => [0, 2, 1, 2][(addr & 3) as usize],
        2 => (addr & 1) as u32,
        _ => 0,
    };
    if transfers != 0 {
        let st = uc.get_data_mut();
        if let Model::Thumb(t) = &st.model {
            st.cycles += u64::from(transfers * t.unaligned_access);
        }
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
pub(super) fn marker_hook(uc: &mut Unicorn<'_, State>, pc: u64, bytes: bool) {
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
pub(super) fn rv_div_hook(uc: &mut Unicorn<'_, State>, pc: u64, _size: u32) {
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

fn arm_reg(r: u8) -> i32 {
    use RegisterARM::*;
    let regs = [
        R0, R1, R2, R3, R4, R5, R6, R7, R8, R9, R10, R11, R12, SP, LR, PC,
    ];
    regs[usize::from(r & 15)] as i32
}

/// The block hook: the block's cost (computed once), plus the previous block's transfer
/// penalty now that it is known whether it was taken.
pub(super) fn block_hook(uc: &mut Unicorn<'_, State>, addr: u64, size: u32) {
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
pub(super) fn install_data_dependent_hook(uc: &mut Unicorn<'static, State>) -> Result<(), Error> {
    uc.add_code_hook(1, 0, data_dependent_hook)
        .map_err(uc_err("code hook"))?;
    uc.get_data_mut().hook_installed = true;
    Ok(())
}

/// Whether the image holds an instruction whose cost varies on this core: each function
/// symbol decoded linearly, or every halfword tried when there are no function symbols.
pub(super) fn image_has_data_dependent(image: &Image, t: &crate::profile::ThumbCosts) -> bool {
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
