//! Where the cycles go: profiles the measurement firmware's keygen, sign and verify.
//!
//! ```sh
//! CARGO_PROFILE_RELEASE_DEBUG=line-tables-only \
//!   cargo run --release -p pq-explore -- measure --target m4 --scheme ml-dsa-65 --strategy fast-sign
//! cargo run --release -p pqfit-profiles --example profile -- m4 \
//!   profiles/firmware/target/elves/m4-ml-dsa-65-FastSign-O3.elf [entry...]
//! ```
//!
//! Prints, per entry, the cycles per function symbol and, when the ELF has line tables and
//! `addr2line` (binutils) is on the PATH, per inlined function (exclusive: the innermost
//! frame; inclusive: every frame of the inline chain) and per source line (`PROFILE_TOP`
//! rows each, default 25). Inputs are fixed
//! (seed bytes 0..32, an empty message): the outputs are not checked.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::process::Command;

use pqfit_profiles::attribution::{by_symbol, profile_entries, BlockCycles};
use pqfit_profiles::elf::Image;

fn main() {
    // How many rows per table (environment `PROFILE_TOP`, default 25).
    let top: usize = std::env::var("PROFILE_TOP")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(25);
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: profile <target> <elf> [entry...]");
        std::process::exit(2);
    }
    let (target, elf) = (&args[0], Path::new(&args[1]));
    let entries: Vec<&str> = if args.len() > 2 {
        args[2..].iter().map(String::as_str).collect()
    } else {
        vec!["pqfit_fw_keygen", "pqfit_fw_sign", "pqfit_fw_verify"]
    };
    let image = Image::parse(&std::fs::read(elf).expect("read ELF")).expect("parse ELF");
    let profiles = profile_entries(target, elf, &entries, 4_000_000_000, |m, img| {
        if let Some(s) = img.symbol("PQFIT_XI") {
            let xi: Vec<u8> = (0..32).collect();
            m.write(s.addr, &xi)?;
        }
        Ok(())
    })
    .unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    for p in &profiles {
        println!("== {}: {} cycles", p.entry, p.cycles);
        println!("-- per function symbol");
        for (name, c) in by_symbol(&image, &p.blocks).iter().take(top) {
            println!("{c:>11} {:5.1}%  {}", pct(*c, p.cycles), short(name));
        }
        let Some(frames) = inline_frames(elf, &p.blocks) else {
            continue;
        };
        let mut excl: HashMap<&str, u64> = HashMap::new();
        let mut incl: HashMap<&str, u64> = HashMap::new();
        let mut lines: HashMap<&str, u64> = HashMap::new();
        for (b, fr) in p.blocks.iter().zip(&frames) {
            if let Some((f, l)) = fr.first() {
                *excl.entry(f).or_default() += b.cycles;
                *lines.entry(l).or_default() += b.cycles;
            }
            let mut seen = HashSet::new();
            for (f, _) in fr {
                if seen.insert(f.as_str()) {
                    *incl.entry(f).or_default() += b.cycles;
                }
            }
        }
        for (title, map) in [
            ("inlined function, exclusive", &excl),
            ("inlined function, inclusive", &incl),
            ("source line", &lines),
        ] {
            println!("-- per {title}");
            let mut v: Vec<(&str, u64)> = map.iter().map(|(k, v)| (*k, *v)).collect();
            v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
            for (name, c) in v.iter().take(top) {
                let name = if title == "source line" {
                    name.to_string()
                } else {
                    short(name)
                };
                println!("{c:>11} {:5.1}%  {name}", pct(*c, p.cycles));
            }
        }
        println!("-- hottest blocks (address, cycles, entries)");
        for (b, fr) in p.blocks.iter().zip(&frames).take(top) {
            let at = fr.first().map_or("", |(_, l)| l.as_str());
            println!("{:#010x} {:>10} {:>8}  {at}", b.addr, b.cycles, b.count);
        }
    }
}

fn pct(c: u64, total: u64) -> f64 {
    100.0 * c as f64 / total.max(1) as f64
}

/// Drops the generic arguments and hash of a demangled name, keeping its last segments.
fn short(name: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for ch in name.chars() {
        match ch {
            '<' => depth += 1,
            '>' => depth -= 1,
            _ if depth == 0 => out.push(ch),
            _ => {}
        }
    }
    // Legacy mangling demangled by binutils keeps the `::h<16 hex digits>` hash.
    let out = match out.rfind("::h") {
        Some(i) if out.len() - i == 19 => &out[..i],
        _ => &out[..],
    };
    let parts: Vec<&str> = out.split("::").filter(|s| !s.is_empty()).collect();
    parts[parts.len().saturating_sub(3)..].join("::")
}

/// For each block, the inline chain at its address (innermost first): (function, file:line).
fn inline_frames(elf: &Path, blocks: &[BlockCycles]) -> Option<Vec<Vec<(String, String)>>> {
    let addrs: Vec<String> = blocks.iter().map(|b| format!("{:#x}", b.addr)).collect();
    let out = Command::new("addr2line")
        .args(["-a", "-f", "-i", "-C", "-e"])
        .arg(elf)
        .args(&addrs)
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut res: Vec<Vec<(String, String)>> = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(l) = lines.next() {
        if l.starts_with("0x") {
            res.push(Vec::new());
            continue;
        }
        let loc = lines.next().unwrap_or("??");
        let loc = loc.rsplit('/').next().unwrap_or(loc);
        let loc = loc.split(" (").next().unwrap_or(loc);
        if let Some(v) = res.last_mut() {
            v.push((l.to_string(), loc.to_string()));
        }
    }
    (res.len() == blocks.len()
        && res
            .iter()
            .any(|v| v.iter().any(|(_, l)| !l.starts_with("??"))))
    .then_some(res)
}
