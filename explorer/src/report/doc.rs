//! The document model the pages are written in, once for both formats: blocks, their
//! Markdown, and the anchors headings get.

use std::fmt::Write as _;

use crate::format::markdown_table;

/// One block of a page, rendered as Markdown ([`markdown`]) or HTML.
pub enum Block {
    /// A heading of the level (1 to 4) and its text.
    Heading(u8, String),
    /// A paragraph of inline Markdown.
    Para(String),
    /// A table: head and rows.
    Table(Vec<String>, Vec<Vec<String>>),
    /// Plot file stem (an SVG and a PNG beside the page) and its caption.
    Plot(String, String),
    /// Preformatted text.
    Code(String),
}

/// The anchor GitHub gives a Markdown heading (and the HTML pages give theirs):
/// lower case, spaces to `-`, other punctuation but `-` and `_` dropped.
pub fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The page in Markdown.
pub fn markdown(doc: &[Block]) -> String {
    let mut s = String::new();
    for b in doc {
        match b {
            Block::Heading(level, text) => {
                let _ = writeln!(s, "{} {text}\n", "#".repeat(*level as usize));
            }
            Block::Para(text) => {
                let _ = writeln!(s, "{text}\n");
            }
            Block::Table(head, rows) => {
                s += &markdown_table(head, rows);
                s.push('\n');
            }
            Block::Plot(stem, caption) => {
                let _ = writeln!(s, "![{caption}]({stem}.svg)\n\n[PNG]({stem}.png)\n");
            }
            Block::Code(text) => {
                let _ = writeln!(s, "```text\n{text}\n```\n");
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_match_githubs_anchors() {
        assert_eq!(slug("ML-DSA-65 on m4"), "ml-dsa-65-on-m4");
        assert_eq!(
            slug("SNTRUP761 key generation on rv32"),
            "sntrup761-key-generation-on-rv32"
        );
        assert_eq!(slug("a (b), c: d"), "a-b-c-d");
    }
}
