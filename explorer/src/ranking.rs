//! Across schemes: for every (target, operation) swept with several parameter sets, each
//! set's answer (its fastest combination within the budgets), ranked; the first one that
//! fits is the overall answer. `output::across` puts it in words, Markdown and JSON.

use crate::analysis::{Answer, Budgets, Group, Row};

/// One (target, operation) across the parameter sets swept.
#[derive(Clone, Debug)]
pub struct Ranking {
    /// Profile name.
    pub target: String,
    /// The operation.
    pub op: &'static str,
    /// The budgets every group was answered within.
    pub budgets: Budgets,
    /// Indices into the groups: those with an answer that fits, fastest first (mean
    /// cycles, then stack, then flash); then those where nothing fits, smallest stack
    /// first; then those where nothing built.
    pub order: Vec<usize>,
}

impl Ranking {
    /// The overall answer: the first group and its answer's row, when that fits.
    pub fn best<'g>(&self, groups: &'g [Group]) -> Option<(&'g Group, &'g Row)> {
        let g = &groups[*self.order.first()?];
        match g.answer {
            Answer::Best(i) => Some((g, &g.rows[i])),
            _ => None,
        }
    }

    /// The category every ranked set shares, if they share one.
    pub fn category(&self, groups: &[Group]) -> Option<u8> {
        let mut cats = self.order.iter().map(|&i| groups[i].scheme.category());
        let first = cats.next()?;
        cats.all(|c| c == first).then_some(first)
    }
}

/// The rank of a group's answer: fits first by speed, then the smallest of the rest.
fn key(g: &Group) -> (u8, u64, u64, u64) {
    match &g.answer {
        Answer::Best(i) => {
            let r = g.rows[*i].ok().expect("an answer has figures");
            (0, r.cycles.avg, r.stack_bytes, r.flash_bytes.total)
        }
        Answer::NothingFits { smallest, .. } => {
            let r = g.rows[*smallest].ok().expect("an answer has figures");
            (1, r.stack_bytes, r.flash_bytes.total, r.cycles.avg)
        }
        Answer::NoResults => (2, 0, 0, 0),
    }
}

/// A ranking for every (target, operation) that more than one parameter set has, in the
/// order the groups come.
pub fn rankings(groups: &[Group]) -> Vec<Ranking> {
    let mut out: Vec<Ranking> = Vec::new();
    for (i, g) in groups.iter().enumerate() {
        match out
            .iter_mut()
            .find(|r| r.target == g.target && r.op == g.op)
        {
            Some(r) => r.order.push(i),
            None => out.push(Ranking {
                target: g.target.clone(),
                op: g.op,
                budgets: g.budgets,
                order: vec![i],
            }),
        }
    }
    out.retain(|r| r.order.len() > 1);
    for r in &mut out {
        r.order.sort_by_key(|&i| key(&groups[i]));
    }
    out
}
