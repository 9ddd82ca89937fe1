//! The RV64 block cost: an in-order scoreboard that issues up to `issue_width` instructions
//! per cycle, for the SiFive U74 class of core (dual issue, a late ALU). As in the RV32
//! model every register is ready at block entry and the transfer at the end of the block is
//! charged when the next block is known; the rules are in docs/measurement.md.

use crate::cost::BlockCost;
use crate::profile::Rv64Costs;
use crate::rv::{self, Class, Insn, Xlen};

/// Stages from AG, where operands are read early, to M2, where the late ALU reads them.
const LATE_STAGES: u32 = 2;

/// The pipe an instruction needs: two instructions pair only on different pipes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pipe {
    /// Pipe A: loads and stores.
    A,
    /// Pipe B: branches, jumps, multiplies, divides (and traps, which end the block).
    B,
    /// Either pipe: integer ALU operations.
    Either,
}

fn pipe(class: Class) -> Pipe {
    match class {
        Class::LoadWord | Class::LoadSub | Class::Store => Pipe::A,
        Class::Mul | Class::Div | Class::Branch { .. } | Class::Jump | Class::Trap => Pipe::B,
        Class::Alu => Pipe::Either,
    }
}

/// Which source operands must be ready when the instruction enters AG (the rest are read
/// in M2): addresses, jump targets and multiplier/divider inputs always; everything when
/// the core has no late ALU.
fn early_operands(class: Class, late_alu: bool) -> [bool; 2] {
    if !late_alu {
        return [true, true];
    }
    match class {
        // rs1 is the address (or target); a store's rs2 is its data, needed in M1.
        Class::LoadWord | Class::LoadSub | Class::Store | Class::Jump => [true, false],
        Class::Mul | Class::Div => [true, true],
        Class::Alu | Class::Branch { .. } | Class::Trap => [false, false],
    }
}

/// Cycle from which a consumer reading in M2 may issue, for a result an early consumer may
/// use from `early` on (`issue` is the producer's issue cycle).
fn late_ready(issue: u32, early: u32, late_alu: bool) -> u32 {
    if late_alu {
        early.saturating_sub(LATE_STAGES).max(issue + 1)
    } else {
        early
    }
}

/// Whether `b` may issue in the same cycle as `a` (issued earlier in the same cycle).
fn pairs_with(a: &Insn, b: &Insn) -> bool {
    let (pa, pb) = (pipe(a.class), pipe(b.class));
    let pipes_differ = pa == Pipe::Either || pb == Pipe::Either || pa != pb;
    // No data hazard inside a pair: b neither reads nor rewrites a's result.
    let hazard = a.rd != 0 && (b.rs.contains(&a.rd) || b.rd == a.rd);
    pipes_differ && !hazard
}

/// Costs an RV64 block (see the module documentation).
pub fn rv64_block(code: &[u8], t: &Rv64Costs) -> BlockCost {
    let insns = rv::decode_block(code, Xlen::X64);
    // Per register: the cycle from which an early (AG) reader and a late (M2) reader may issue.
    let mut early = [0u32; 32];
    let mut late = [0u32; 32];
    let mut mul_free = 0u32;
    let mut div_free = 0u32;
    // The cycle of the last issue and the instructions issued in it.
    let mut cycle = 0u32;
    let mut group: Vec<Insn> = Vec::with_capacity(t.issue_width as usize);
    for i in &insns {
        let needs_early = early_operands(i.class, t.late_alu);
        let mut issue = cycle;
        let mut all_early = true;
        for (&s, &e) in i.rs.iter().zip(&needs_early) {
            if s == 0 {
                continue;
            }
            let s = usize::from(s);
            issue = issue.max(if e { early[s] } else { late[s] });
        }
        match i.class {
            Class::Mul => issue = issue.max(mul_free),
            Class::Div => issue = issue.max(div_free),
            _ => {}
        }
        let fits = group.len() < t.issue_width as usize && group.iter().all(|g| pairs_with(g, i));
        if issue == cycle && !group.is_empty() && !fits {
            issue += 1;
        }
        if issue > cycle || group.is_empty() {
            cycle = issue;
            group.clear();
        }
        group.push(*i);
        for &s in &i.rs {
            if s != 0 && early[usize::from(s)] > issue {
                all_early = false;
            }
        }
        let ready_early = match i.class {
            Class::LoadWord | Class::LoadSub => issue + t.load_latency,
            Class::Mul => {
                mul_free = issue + t.mul_busy;
                issue + t.mul_latency
            }
            Class::Div => {
                div_free = issue + t.div_latency;
                issue + t.div_latency
            }
            // An ALU operation whose operands were not ready in AG runs in M2.
            Class::Alu if !all_early => issue + t.late_alu_latency,
            _ => issue + 1,
        };
        if i.rd != 0 {
            let rd = usize::from(i.rd);
            early[rd] = ready_early;
            late[rd] = late_ready(issue, ready_early, t.late_alu);
        }
    }
    let term = crate::cost::rv_term(
        insns.last().map(|i| i.class),
        t.mispredict_penalty,
        t.jump_penalty,
    );
    BlockCost {
        cycles: if insns.is_empty() { 0 } else { cycle + 1 },
        insns: insns.len() as u32,
        term,
        first_wide: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::Term;
    use crate::profile::Profile;

    fn u74() -> Rv64Costs {
        Profile::load("rv64").unwrap().rv64.unwrap()
    }

    fn words(w: &[u32]) -> Vec<u8> {
        w.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    // addi a0,a0,1 / addi a1,a1,1 / addi a2,a2,1
    const ADDI_A0: u32 = 0x0015_0513;
    const ADDI_A1: u32 = 0x0015_8593;
    const ADDI_A2: u32 = 0x0016_0613;
    // ld a0,0(a1) / ld a2,8(a1) / ld a2,0(a0)
    const LD_A0_A1: u32 = 0x0005_b503;
    const LD_A2_8A1: u32 = 0x0085_b603;
    const LD_A2_A0: u32 = 0x0005_3603;
    // mul a0,a1,a2 / mul a3,a4,a5 / mul a3,a0,a0
    const MUL_A0: u32 = 0x02c5_8533;
    const MUL_A3: u32 = 0x02f7_06b3;
    const MUL_A3_A0: u32 = 0x02a5_06b3;

    fn cycles(code: &[u32], t: &Rv64Costs) -> u32 {
        rv64_block(&words(code), t).cycles
    }

    #[test]
    fn independent_alu_operations_pair() {
        let t = u74();
        // Two pair in cycle 0, the third issues in cycle 1.
        assert_eq!(cycles(&[ADDI_A0, ADDI_A1, ADDI_A2], &t), 2);
        // A dependent chain issues one per cycle.
        assert_eq!(cycles(&[ADDI_A0, ADDI_A0, ADDI_A0], &t), 3);
        // Single issue: one per cycle.
        let single = Rv64Costs {
            issue_width: 1,
            ..t.clone()
        };
        assert_eq!(cycles(&[ADDI_A0, ADDI_A1, ADDI_A2], &single), 3);
    }

    #[test]
    fn pipes_limit_pairing() {
        let t = u74();
        // Two loads need pipe A: one per cycle. Two multiplies need pipe B: likewise.
        assert_eq!(cycles(&[LD_A0_A1, LD_A2_8A1], &t), 2);
        assert_eq!(cycles(&[MUL_A0, MUL_A3], &t), 2);
        // A load and an independent multiply pair; a multiply reading the load's
        // destination (a2) does not, and waits for the load's early result (0 + 3).
        assert_eq!(cycles(&[LD_A0_A1, MUL_A3], &t), 1);
        assert_eq!(cycles(&[LD_A2_8A1, MUL_A0], &t), 4);
    }

    #[test]
    fn late_alu_and_early_operands() {
        let t = u74();
        // ld a0; addi a0,a0,1: the add runs late, so no load-use stall (cycles 0, 1).
        assert_eq!(cycles(&[LD_A0_A1, ADDI_A0], &t), 2);
        // ... then ld a2,0(a0) needs the late add's result in AG: issue 1 + 3 = 4.
        assert_eq!(cycles(&[LD_A0_A1, ADDI_A0, LD_A2_A0], &t), 5);
        // A load feeding an address directly: issue 0 + 3 = 3.
        assert_eq!(cycles(&[LD_A0_A1, LD_A2_A0], &t), 4);
        // A multiply feeding a multiply waits the full latency: 0 + 3.
        assert_eq!(cycles(&[MUL_A0, MUL_A3_A0], &t), 4);
        // Without the late ALU the add waits for the load too: 0 + 3, then + 1 for the
        // address of the second load.
        let no_late = Rv64Costs {
            late_alu: false,
            ..t.clone()
        };
        assert_eq!(cycles(&[LD_A0_A1, ADDI_A0], &no_late), 4);
        assert_eq!(cycles(&[LD_A0_A1, ADDI_A0, LD_A2_A0], &no_late), 5);
    }

    #[test]
    fn branch_terms() {
        let t = u74();
        // bne a0,a1,+8 (forward): mispredicted when taken.
        let c = rv64_block(&words(&[0x00b5_1463]), &t);
        assert_eq!(
            c.term,
            Some(Term {
                taken: 3,
                not_taken: 0
            })
        );
        // beq a0,a1,-4 (backward): mispredicted when it falls through.
        let c = rv64_block(&words(&[0xfeb5_0ee3]), &t);
        assert_eq!(
            c.term,
            Some(Term {
                taken: 0,
                not_taken: 3
            })
        );
    }
}
