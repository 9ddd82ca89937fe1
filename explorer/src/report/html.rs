//! The pages in HTML: self-contained, each plot inlined as SVG with a link to its PNG.

use std::fmt::Write as _;
use std::path::Path;

use super::doc::{slug, Block};

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Inline Markdown the pages use: `code`, **bold** and [links](x.md) (to the .html page).
fn inline(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        if c == '`' {
            if let Some(end) = rest[1..].find('`') {
                let _ = write!(out, "<code>{}</code>", escape(&rest[1..1 + end]));
                rest = &rest[end + 2..];
                continue;
            }
        }
        if rest.starts_with("**") {
            if let Some(end) = rest[2..].find("**") {
                let _ = write!(out, "<strong>{}</strong>", escape(&rest[2..2 + end]));
                rest = &rest[end + 4..];
                continue;
            }
        }
        if c == '[' {
            if let Some(close) = rest.find("](") {
                if let Some(end) = rest[close..].find(')') {
                    let text = &rest[1..close];
                    let target = rest[close + 2..close + end].replace(".md", ".html");
                    let _ = write!(out, "<a href=\"{}\">{}</a>", escape(&target), escape(text));
                    rest = &rest[close + end + 1..];
                    continue;
                }
            }
        }
        out += &escape(&c.to_string());
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The page in HTML, the SVG plots of `dir` inlined.
pub fn html(dir: &Path, title: &str, doc: &[Block]) -> Result<String, String> {
    let mut s = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>\
         body{{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}}\
         table{{border-collapse:collapse;margin:1em 0;font-size:0.9em}}\
         td,th{{border:1px solid #ccc;padding:0.25em 0.6em;text-align:right}}\
         td:first-child,th:first-child{{text-align:left}}\
         th{{background:#f0f0f0}} code{{font-size:0.95em}} pre{{background:#f6f6f6;padding:0.6em}}\
         figure{{margin:1em 0}} figure svg{{max-width:100%;height:auto}}\
         </style></head><body>\n",
        escape(title)
    );
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for b in doc {
        match b {
            Block::Heading(level, text) => {
                // As GitHub does: a repeated anchor gets `-1`, `-2`, ...
                let base = slug(text);
                let n = seen.entry(base.clone()).or_insert(0);
                let id = if *n == 0 { base } else { format!("{base}-{n}") };
                *n += 1;
                let _ = writeln!(
                    s,
                    "<h{level} id=\"{}\">{}</h{level}>",
                    escape(&id),
                    inline(text)
                );
            }
            Block::Para(text) => {
                let _ = writeln!(s, "<p>{}</p>", inline(text));
            }
            Block::Table(head, rows) => {
                s += "<table><thead><tr>";
                for h in head {
                    let _ = write!(s, "<th>{}</th>", inline(h));
                }
                s += "</tr></thead><tbody>\n";
                for r in rows {
                    s += "<tr>";
                    for c in r {
                        let _ = write!(s, "<td>{}</td>", inline(c));
                    }
                    s += "</tr>\n";
                }
                s += "</tbody></table>\n";
            }
            Block::Plot(stem, caption) => {
                let path = dir.join(format!("{stem}.svg"));
                let svg = std::fs::read_to_string(&path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                let svg = match svg.find("<svg") {
                    Some(at) => &svg[at..],
                    None => return Err(format!("{}: not an SVG", path.display())),
                };
                let _ = writeln!(
                    s,
                    "<figure>{svg}<figcaption>{} (<a href=\"{}.png\">PNG</a>)</figcaption></figure>",
                    escape(caption),
                    escape(stem)
                );
            }
            Block::Code(text) => {
                let _ = writeln!(s, "<pre>{}</pre>", escape(text));
            }
        }
    }
    s += "</body></html>\n";
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_markdown_to_html() {
        assert_eq!(
            inline("`Custom<A, B>` and **model** [m4](m4.md) & more"),
            "<code>Custom&lt;A, B&gt;</code> and <strong>model</strong> <a href=\"m4.html\">m4</a> &amp; more"
        );
        assert_eq!(inline("a ` lone tick"), "a ` lone tick");
    }
}
