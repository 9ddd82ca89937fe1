//! `pq-explore peers`: the peers of each scheme measured in the same harness, side by side
//! (with `--ours`, next to pqfit's presets).

use super::common::{spec, Res};
use crate::cli::PeersArgs;
use crate::combos::KeccakAxis;
use crate::peers;
use crate::sweep::{self, PeerMode};

/// Measures the peers and prints the comparison.
pub fn run(a: PeersArgs) -> Res<()> {
    let PeersArgs {
        target,
        scheme,
        ours,
        format,
        build,
    } = a;
    let mut spec = spec(target, &scheme, None, &build, PeerMode::Only)?;
    if ours {
        spec.peers = PeerMode::With;
        spec.presets_only = true;
        spec.keccak = KeccakAxis::Default;
    }
    if !spec
        .schemes
        .iter()
        .any(|s| pqfit_profiles::peers::for_scheme(*s).next().is_some())
    {
        let names: Vec<String> = pqfit_profiles::peers::PEERS
            .iter()
            .map(|p| format!("{} ({})", p.name, p.scheme.name()))
            .collect();
        return Err(format!("no peers for {scheme}: the peers are {}", names.join(", ")).into());
    }
    let sweep = sweep::run(&spec)?;
    if super::common::shard_done(&spec, &sweep) {
        return Ok(());
    }
    print!(
        "{}",
        peers::render(format, &sweep, &peers::comparisons(&sweep))
    );
    Ok(())
}
