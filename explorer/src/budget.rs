//! Byte budgets as users write them: `12k`, `12K`, `12kB`, `12KiB` and `12288` all mean
//! 12,288 bytes (firmware engineers' kilobytes are 1,024 bytes, as linker scripts count).

use std::fmt;

/// Upper bound a budget may take: far above any microcontroller's memory, low enough that
/// no sum of budgets and sizes can overflow.
const MAX_BYTES: u64 = 1 << 40;

/// Why a budget did not parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BudgetError(String);

impl fmt::Display for BudgetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BudgetError {}

/// Parses a budget in bytes. Accepted: a whole or decimal number (`12`, `12.5`) followed by
/// nothing or `B` (bytes), `k`/`K`/`kB`/`KB`/`KiB` (1,024 bytes) or `M`/`MB`/`MiB`
/// (1,048,576 bytes), spaces allowed between them; underscores and commas group digits.
pub fn parse_bytes(text: &str) -> Result<u64, BudgetError> {
    let err = |why: &str| {
        BudgetError(format!(
            "invalid budget {text:?}: {why} (examples: 12k, 12KiB, 12288, 1.5M)"
        ))
    };
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '_' || c == ','))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let number: String = number.chars().filter(|c| *c != '_' && *c != ',').collect();
    if number.is_empty() {
        return Err(err("no number"));
    }
    let scale: u64 = match unit.trim() {
        "" | "B" | "b" => 1,
        "k" | "K" | "kB" | "KB" | "kb" | "KiB" | "kiB" | "Kib" => 1 << 10,
        "M" | "MB" | "MiB" | "m" => 1 << 20,
        other => return Err(err(&format!("unknown unit {other:?}"))),
    };
    let bytes = match number.split_once('.') {
        None => number
            .parse::<u64>()
            .ok()
            .and_then(|n| n.checked_mul(scale))
            .ok_or_else(|| err("number too large"))?,
        Some((whole, frac)) => {
            if frac.is_empty() || frac.contains('.') || frac.len() > 6 {
                return Err(err("malformed decimal"));
            }
            let whole: u64 = if whole.is_empty() {
                0
            } else {
                whole.parse().map_err(|_| err("number too large"))?
            };
            let digits: u64 = frac.parse().map_err(|_| err("malformed decimal"))?;
            let denom = 10u64.pow(frac.len() as u32);
            let total = whole
                .checked_mul(scale)
                .and_then(|w| w.checked_add(digits * scale / denom))
                .ok_or_else(|| err("number too large"))?;
            if !(digits * scale).is_multiple_of(denom) {
                return Err(err("not a whole number of bytes"));
            }
            total
        }
    };
    if bytes == 0 {
        return Err(err("a budget must be at least one byte"));
    }
    if bytes > MAX_BYTES {
        return Err(err("larger than 1 TiB"));
    }
    Ok(bytes)
}

/// Formats bytes for people: `12,288 B`.
pub fn show_bytes(n: u64) -> String {
    format!("{} B", group(n))
}

/// Digits grouped by thousands: `12,288`.
pub fn group(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Cycles for people: `15.17 M`.
pub fn show_cycles(n: u64) -> String {
    if n >= 1_000_000 {
        format!("{:.2} M", n as f64 / 1e6)
    } else {
        format!("{:.1} k", n as f64 / 1e3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spellings_of_twelve_kibibytes_agree() {
        for s in [
            "12k", "12K", "12kB", "12KB", "12KiB", "12288", "12 KiB", "12_288", "12,288", "12288B",
        ] {
            assert_eq!(parse_bytes(s), Ok(12_288), "{s}");
        }
        assert_eq!(parse_bytes("1.5k"), Ok(1_536));
        assert_eq!(parse_bytes("2M"), Ok(2 * 1_048_576));
        assert_eq!(parse_bytes("0.5MiB"), Ok(524_288));
    }

    #[test]
    fn anything_else_is_a_clear_error() {
        for s in [
            "",
            "k",
            "12 kg",
            "twelve",
            "-12k",
            "12..5k",
            "0",
            "0k",
            "1.0001",
            "99999999999999M",
            "1e3",
            "12k12",
        ] {
            let e = parse_bytes(s).expect_err(s);
            assert!(e.to_string().contains("invalid budget"), "{s}: {e}");
        }
    }

    #[test]
    fn grouping() {
        assert_eq!(group(0), "0");
        assert_eq!(group(999), "999");
        assert_eq!(group(12_288), "12,288");
        assert_eq!(group(1_234_567), "1,234,567");
        assert_eq!(show_cycles(15_170_000), "15.17 M");
        assert_eq!(show_cycles(11_336), "11.3 k");
    }
}
