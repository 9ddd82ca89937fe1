//! The cycle model: a cost per basic block, computed once per block from the classifier and
//! the profile's table, plus the penalty of the control transfer that ends a block (charged
//! when the next block is known) and the data-dependent extras (charged by per-site hooks).

use crate::profile::{Rv32Costs, ThumbCosts};
use crate::{rv, thumb};

/// How the instruction ending a block transfers control.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Term {
    /// Extra cycles when the next block is not the fall-through.
    pub taken: u32,
    /// Extra cycles when it is.
    pub not_taken: u32,
}

/// The static cost of one basic block.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlockCost {
    /// Cycles, with data-dependent instructions at their minimum.
    pub cycles: u32,
    /// Instructions (including any skipped inside an IT block: they still cost).
    pub insns: u32,
    /// The transfer at the end, if the block ends in a branch.
    pub term: Option<Term>,
    /// The first instruction is 32 bits wide (for the unaligned-target penalty).
    pub first_wide: bool,
}

/// Costs a Thumb block.
pub fn thumb_block(code: &[u8], t: &ThumbCosts) -> BlockCost {
    use thumb::{Branch, Class};
    let insns = thumb::decode_block(code);
    let mut cycles = 0u32;
    let mut prev: Option<thumb::Insn> = None;
    for i in &insns {
        let after_load = matches!(prev, Some(p) if p.class == Class::Load);
        let mut c = match i.class {
            Class::Alu | Class::Trap => t.alu,
            Class::Mul => t.mul,
            Class::Mla => t.mla,
            Class::MulLong => t.mull[0],
            Class::MulAccLong => t.mlal[0],
            Class::Div => t.div[0],
            Class::Load => match prev {
                Some(p) if p.class == Class::Load && !p.writeback && p.writes & i.addr == 0 => {
                    t.load_pipelined
                }
                _ => t.load,
            },
            Class::Store if i.reg_offset => {
                if after_load {
                    t.store_reg_after_load
                } else {
                    t.store_reg
                }
            }
            Class::Store => t.store_imm,
            Class::Dual => t.dual,
            Class::Multiple(n) => t.multiple + u32::from(n),
            Class::VfpSingle => t.vfp_single,
            Class::VfpMultiple(n) => t.vfp_multiple + u32::from(n),
            Class::VfpPair => t.vfp_pair,
            Class::Branch => match i.branch {
                Some(Branch::Link) => t.bl,
                Some(Branch::LoadPc) => t.load, // TBB/TBH read the table
                _ => t.branch,
            },
        };
        let memory = matches!(
            i.class,
            Class::Load
                | Class::Store
                | Class::Dual
                | Class::Multiple(_)
                | Class::VfpSingle
                | Class::VfpMultiple(_)
        ) || i.branch == Some(Branch::LoadPc) && i.class == Class::Branch;
        if memory {
            if let Some(p) = prev {
                if p.writes & i.addr & 0x7fff != 0 {
                    c += t.address_dependency;
                }
            }
        }
        cycles += c;
        prev = Some(*i);
    }
    let term = insns.last().and_then(|i| i.branch).map(|b| Term {
        taken: match b {
            Branch::LoadPc => t.load_pc_penalty,
            Branch::Plain | Branch::Link => t.taken_penalty,
            Branch::Execute => t.taken_penalty_execute,
        },
        not_taken: 0,
    });
    BlockCost {
        cycles,
        insns: insns.len() as u32,
        term,
        first_wide: code.len() >= 2 && thumb::is_wide(u16::from_le_bytes([code[0], code[1]])),
    }
}

/// Cycles of a data-dependent Thumb instruction (`accumulate` for UMLAL/SMLAL) from its
/// two source operand values.
pub fn thumb_data_dependent(
    kind: thumb::DataDep,
    accumulate: bool,
    a: u32,
    b: u32,
    t: &ThumbCosts,
) -> u32 {
    use thumb::DataDep;
    match kind {
        DataDep::UMul | DataDep::SMul => {
            // Early termination: each operand that fits in 16 bits (signed for SMULL)
            // saves about half of the [min, max] spread.
            let small = |v: u32| {
                if kind == DataDep::UMul {
                    v >> 16 == 0
                } else {
                    (-32768..32768).contains(&(v as i32))
                }
            };
            let large = u32::from(!small(a)) + u32::from(!small(b));
            let [lo, hi] = if accumulate { t.mlal } else { t.mull };
            lo + (hi - lo) * large / 2
        }
        DataDep::UDiv | DataDep::SDiv => {
            let (n, d) = if kind == DataDep::UDiv {
                (a, b)
            } else {
                ((a as i32).unsigned_abs(), (b as i32).unsigned_abs())
            };
            div_cycles(n, d, t.div)
        }
    }
}

/// UDIV/SDIV: the divider retires about three quotient bits per cycle after a 2-cycle setup,
/// so the time grows with the quotient's length; bounded by the profile's `[min, max]`.
pub fn div_cycles(n: u32, d: u32, [lo, hi]: [u32; 2]) -> u32 {
    if d == 0 || n < d {
        return lo;
    }
    let qbits = d.leading_zeros() - n.leading_zeros() + 1;
    (lo + qbits.div_ceil(3)).clamp(lo, hi)
}

/// The penalties of a RISC-V block's last instruction under static BTFN prediction: a
/// backward branch is predicted taken, a forward one not taken; a jump always pays.
pub fn rv_term(
    last: Option<rv::Class>,
    mispredict_penalty: u32,
    jump_penalty: u32,
) -> Option<Term> {
    match last? {
        rv::Class::Branch { backward: true } => Some(Term {
            taken: 0,
            not_taken: mispredict_penalty,
        }),
        rv::Class::Branch { backward: false } => Some(Term {
            taken: mispredict_penalty,
            not_taken: 0,
        }),
        rv::Class::Jump => Some(Term {
            taken: jump_penalty,
            not_taken: jump_penalty,
        }),
        _ => None,
    }
}

/// Costs an RV32 block: an in-order single-issue scoreboard over the block (every register
/// ready at block entry) with the profile's result latencies.
pub fn rv32_block(code: &[u8], t: &Rv32Costs) -> BlockCost {
    use rv::Class;
    let insns = rv::decode_block(code, rv::Xlen::X32);
    let mut ready = [0u32; 32];
    let mut mul_free = 0u32;
    let mut now = 0u32;
    for i in &insns {
        let mut issue = now;
        for &s in &i.rs {
            if s != 0 {
                issue = issue.max(ready[s as usize]);
            }
        }
        let latency = match i.class {
            Class::LoadWord => t.load_word_latency,
            Class::LoadSub => t.load_sub_latency,
            Class::Mul => {
                issue = issue.max(mul_free);
                mul_free = issue + t.mul_busy;
                t.mul_latency
            }
            Class::Div => {
                issue = issue.max(mul_free);
                mul_free = issue + t.div_latency;
                t.div_latency
            }
            _ => 1,
        };
        if i.rd != 0 {
            ready[i.rd as usize] = issue + latency;
        }
        now = issue + t.alu;
    }
    let term = rv_term(
        insns.last().map(|i| i.class),
        t.mispredict_penalty,
        t.jump_penalty,
    );
    BlockCost {
        cycles: now,
        insns: insns.len() as u32,
        term,
        first_wide: false,
    }
}
