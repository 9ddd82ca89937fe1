//! The report pages in a real browser: headless Chromium loads each HTML page from a
//! loopback HTTP server that adds a probe script at the top of the page. The probe
//! records JavaScript errors, failed loads and console errors from the first line on,
//! and after the load event measures every plot: each inline SVG's rendered box and
//! shapes, each `<img>` and each linked PNG's pixel size, and how much of each plot,
//! rasterised on a canvas, is not background. Chromium prints the DOM with the probe's
//! findings (`--dump-dom`); its console log on stderr is checked too.
//!
//! Chromium is `/usr/bin/chromium` (Debian's package; scripts/setup.sh installs it) or
//! `PQ_EXPLORE_CHROMIUM`. Without it the tests fail, unless `PQFIT_SKIP_BROWSER_TESTS`
//! is set (for machines without it; CI never sets it).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Deserialize;

use super::fixture;
use crate::plot::SIZE;
use crate::workspace;

/// Debian's Chromium.
const DEFAULT_CHROMIUM: &str = "/usr/bin/chromium";
/// Environment variable naming another Chromium binary.
const CHROMIUM_ENV: &str = "PQ_EXPLORE_CHROMIUM";
/// Environment variable that lets a machine without Chromium skip these tests.
const SKIP_ENV: &str = "PQFIT_SKIP_BROWSER_TESTS";
/// Longest a page may take to load and be probed.
const PAGE_TIMEOUT: Duration = Duration::from_secs(180);
/// Window size: wider than the pages' 1,100-pixel column, so plots get their full width.
const WINDOW: (u32, u32) = (1280, 1024);
/// Least share of a plot's pixels that are not background: axes, labels and points
/// cover several percent of every plot; a blank or failed one covers none.
const MIN_INK: f64 = 0.01;
/// Least number of shapes (paths, lines, text, marks) in an inline SVG plot.
const MIN_SHAPES: usize = 20;
/// A rendered size may differ from the plot's by sub-pixel rounding only.
const SIZE_TOLERANCE: f64 = 0.5;

/// Chromium's flags: headless, no sandbox (CI runs as root), and nothing that reaches
/// for the network on a closed machine.
const FLAGS: [&str; 9] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--enable-logging=stderr",
];

/// One plot as the probe saw it.
#[derive(Debug, Deserialize)]
pub struct Plot {
    /// `svg` (inline), `img`, or `png link` (a PNG the page links to).
    pub kind: String,
    /// The SVG's caption or the image's address.
    pub name: String,
    /// Rendered box (absent for a linked PNG, which is not on the page).
    pub width: Option<f64>,
    /// Rendered box.
    pub height: Option<f64>,
    /// The image's own size (for an SVG: of its rasterised copy).
    pub natural_width: u32,
    /// The image's own size.
    pub natural_height: u32,
    /// Share of non-background pixels; absent when it could not be drawn.
    pub ink: Option<f64>,
    /// Shapes in an inline SVG.
    pub shapes: Option<usize>,
    /// Why it could not be measured.
    pub error: Option<String>,
}

/// What the probe reported for a page.
#[derive(Debug, Deserialize)]
pub struct PageCheck {
    /// The page's title.
    pub title: String,
    /// JavaScript errors, failed loads and console errors (and Chromium's console log).
    pub errors: Vec<String>,
    /// Every plot.
    pub plots: Vec<Plot>,
}

impl PageCheck {
    /// Everything wrong with the page: errors, and plots that are missing, of the wrong
    /// size or empty.
    pub fn problems(&self) -> Vec<String> {
        let (w, h) = (f64::from(SIZE.0), f64::from(SIZE.1));
        let mut out = self.errors.clone();
        for p in &self.plots {
            let what = format!("{} {}", p.kind, p.name);
            if let Some(e) = &p.error {
                out.push(format!("{what}: {e}"));
            }
            if let (Some(rw), Some(rh)) = (p.width, p.height) {
                let expected = p.kind != "img" || p.natural_width > 0;
                if expected && ((rw - w).abs() > SIZE_TOLERANCE || (rh - h).abs() > SIZE_TOLERANCE)
                {
                    out.push(format!("{what}: rendered {rw} × {rh}, expected {w} × {h}"));
                }
            }
            if (p.natural_width, p.natural_height) != SIZE {
                out.push(format!(
                    "{what}: image is {} × {}, expected {} × {}",
                    p.natural_width, p.natural_height, SIZE.0, SIZE.1
                ));
            }
            match p.ink {
                Some(ink) if ink >= MIN_INK => {}
                Some(ink) => out.push(format!(
                    "{what}: blank ({:.2} % of the pixels drawn, expected at least {:.0} %)",
                    ink * 100.0,
                    MIN_INK * 100.0
                )),
                None => out.push(format!("{what}: could not be drawn")),
            }
            if let Some(n) = p.shapes {
                if n < MIN_SHAPES {
                    out.push(format!(
                        "{what}: {n} shapes, expected at least {MIN_SHAPES}"
                    ));
                }
            }
        }
        out
    }
}

/// The probe, run first on every page (the expected plot size is filled in).
fn probe() -> String {
    include_str!("browser_probe.js")
        .replace("__WIDTH__", &SIZE.0.to_string())
        .replace("__HEIGHT__", &SIZE.1.to_string())
}

/// Where Chromium is: `explicit` (from [`CHROMIUM_ENV`]) or [`DEFAULT_CHROMIUM`].
/// `Ok(None)`: missing and `skip` allows it.
fn locate(explicit: Option<PathBuf>, skip: bool) -> Result<Option<PathBuf>, String> {
    let path = explicit.unwrap_or_else(|| PathBuf::from(DEFAULT_CHROMIUM));
    if path.is_file() {
        return Ok(Some(path));
    }
    if skip {
        return Ok(None);
    }
    Err(format!(
        "the report's browser test needs Chromium, and {} does not exist: run \
         scripts/setup.sh (it installs Debian's chromium) or set {CHROMIUM_ENV} to a \
         Chromium binary; set {SKIP_ENV}=1 to skip these tests on a machine without one",
        path.display()
    ))
}

/// Chromium for a test, or `None` (with a note) when it is missing and may be skipped.
/// Panics with the reason when it is missing and may not.
fn chromium() -> Option<PathBuf> {
    let found = locate(
        std::env::var_os(CHROMIUM_ENV).map(PathBuf::from),
        std::env::var_os(SKIP_ENV).is_some(),
    );
    match found {
        Ok(Some(p)) => Some(p),
        Ok(None) => {
            eprintln!("skipped: no Chromium, and {SKIP_ENV} is set");
            None
        }
        Err(e) => panic!("{e}"),
    }
}

/// A static file server on a loopback port, for the pages and their PNGs; HTML gets the
/// probe added at the top of its head.
struct Server {
    port: u16,
    stop: Arc<AtomicBool>,
}

impl Server {
    fn start(root: &Path) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let port = listener.local_addr().expect("bound").port();
        let stop = Arc::new(AtomicBool::new(false));
        let (root, flag, probe) = (root.to_path_buf(), stop.clone(), probe());
        std::thread::spawn(move || {
            for conn in listener.incoming() {
                if flag.load(Ordering::SeqCst) {
                    break;
                }
                if let Ok(conn) = conn {
                    let (root, probe) = (root.clone(), probe.clone());
                    std::thread::spawn(move || serve(conn, &root, &probe));
                }
            }
        });
        Server { port, stop }
    }

    fn url(&self, page: &str) -> String {
        format!("http://127.0.0.1:{}/{page}", self.port)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wakes the accept loop so that it sees the flag.
        let _ = TcpStream::connect(("127.0.0.1", self.port));
    }
}

/// Answers one HTTP/1.1 request (GET only; the connection then closes).
fn serve(mut conn: TcpStream, root: &Path, probe: &str) {
    let mut line = String::new();
    let mut reader = BufReader::new(match conn.try_clone() {
        Ok(c) => c,
        Err(_) => return,
    });
    if reader.read_line(&mut line).is_err() {
        return;
    }
    // The headers are not needed; read them so the client is not cut off mid-request.
    let mut header = String::new();
    while reader.read_line(&mut header).is_ok_and(|n| n > 2) {
        header.clear();
    }
    let path = line.split_whitespace().nth(1).unwrap_or("/");
    let path = path.split(['?', '#']).next().unwrap_or("");
    let rel = path.trim_start_matches('/');
    let file = root.join(rel);
    let body = if rel.split('/').any(|part| part == "..") {
        None
    } else {
        std::fs::read(&file).ok()
    };
    let (status, kind, body) = match body {
        None => ("404 Not Found", "text/plain", b"not found".to_vec()),
        Some(bytes) => match file.extension().and_then(|e| e.to_str()) {
            Some("html") => {
                let text = String::from_utf8_lossy(&bytes);
                let script = format!("<script>{probe}</script>");
                let page = match text.find("<head>") {
                    Some(at) => format!("{}{script}{}", &text[..at + 6], &text[at + 6..]),
                    None => format!("{script}{text}"),
                };
                ("200 OK", "text/html; charset=utf-8", page.into_bytes())
            }
            Some("svg") => ("200 OK", "image/svg+xml", bytes),
            Some("png") => ("200 OK", "image/png", bytes),
            _ => ("200 OK", "text/plain; charset=utf-8", bytes),
        },
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = conn.write_all(head.as_bytes());
    let _ = conn.write_all(&body);
}

/// One Chromium at a time: the machine's cores are shared.
static BROWSER: Mutex<()> = Mutex::new(());

/// Loads `page` (relative to `root`) in headless Chromium and returns the probe's
/// findings, with Chromium's own console log lines added to the errors.
pub fn check(chromium: &Path, root: &Path, page: &str) -> Result<PageCheck, String> {
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let server = Server::start(root);
    let scratch = std::env::temp_dir().join(format!(
        "pq-explore-browser-{}-{}",
        std::process::id(),
        page.replace('/', "_")
    ));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(scratch.join("profile")).map_err(|e| e.to_string())?;
    let open = |name: &str| std::fs::File::create(scratch.join(name)).map_err(|e| e.to_string());
    let mut child = Command::new(chromium)
        .args(FLAGS)
        .arg(format!(
            "--user-data-dir={}",
            scratch.join("profile").display()
        ))
        .arg(format!("--window-size={},{}", WINDOW.0, WINDOW.1))
        .arg("--dump-dom")
        .arg(server.url(page))
        .stdin(Stdio::null())
        .stdout(open("dom.html")?)
        .stderr(open("stderr.txt")?)
        .spawn()
        .map_err(|e| format!("{}: {e}", chromium.display()))?;
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if start.elapsed() > PAGE_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("{page}: Chromium took more than {PAGE_TIMEOUT:?}"));
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let read = |name: &str| {
        let mut s = String::new();
        std::fs::File::open(scratch.join(name))
            .and_then(|mut f| f.read_to_string(&mut s))
            .map(|_| s)
            .map_err(|e| e.to_string())
    };
    let (dom, stderr) = (read("dom.html")?, read("stderr.txt")?);
    let _ = std::fs::remove_dir_all(&scratch);
    if !status.success() {
        return Err(format!("{page}: Chromium exited with {status}: {stderr}"));
    }
    let mut found = findings(&dom).map_err(|e| format!("{page}: {e}"))?;
    // Chromium logs every console message of the page as `...:CONSOLE...] "text"`; the
    // pages write none, so any is an error.
    found.errors.extend(
        stderr
            .lines()
            .filter(|l| l.contains(":CONSOLE"))
            .map(|l| format!("console: {}", l.split("] ").nth(1).unwrap_or(l))),
    );
    Ok(found)
}

/// The probe's JSON out of the dumped DOM.
fn findings(dom: &str) -> Result<PageCheck, String> {
    const OPEN: &str = "<pre id=\"pq-probe\">";
    // The last one: the probe appends it to the end of the body.
    let start = dom
        .rfind(OPEN)
        .ok_or("the probe's findings are not in the page: it did not finish loading")?
        + OPEN.len();
    let end = dom[start..]
        .find("</pre>")
        .ok_or("the probe's findings are cut off")?;
    let json = dom[start..start + end]
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&");
    serde_json::from_str(&json).map_err(|e| {
        let excerpt: String = json.chars().take(300).collect();
        format!("the probe's findings: {e} in {excerpt:?}")
    })
}

/// The HTML pages under `dir`, relative to it, sorted.
fn pages(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d)
            .expect("a readable directory")
            .flatten()
        {
            let p = entry.path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|e| e == "html") {
                let rel = p.strip_prefix(dir).expect("under dir");
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("pq-explore-report-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("a scratch directory");
    d
}

/// Writes the fixture's report into a fresh directory.
fn fixture_report(name: &str) -> PathBuf {
    let dir = scratch(name);
    let (sweep, plan) = fixture::sweep();
    super::write(&sweep, &plan, &crate::faults::Index::default(), &[], &dir)
        .expect("the report is written");
    dir
}

/// Asserts that `page` loads cleanly with `plots` inline plots (and as many linked PNGs).
fn assert_clean(chromium: &Path, root: &Path, page: &str) -> PageCheck {
    let c = check(chromium, root, page).unwrap_or_else(|e| panic!("{e}"));
    let problems = c.problems();
    assert!(problems.is_empty(), "{page}: {problems:#?}");
    c
}

#[test]
fn the_generated_pages_load_and_every_plot_renders() {
    let Some(chromium) = chromium() else { return };
    let dir = fixture_report("clean");
    let (sweep, _) = fixture::sweep();
    for target in fixture::TARGETS {
        let page = format!("{target}.html");
        let c = assert_clean(&chromium, &dir, &page);
        assert_eq!(c.title, format!("pqfit on {target}"));
        // Two plots (stack, flash) per operation of every scheme, each inline and linked.
        let groups: usize =
            crate::analysis::groups(&sweep, &crate::analysis::OPS, Default::default())
                .iter()
                .filter(|g| g.target == target)
                .count();
        let inline = c.plots.iter().filter(|p| p.kind == "svg").count();
        let linked = c.plots.iter().filter(|p| p.kind == "png link").count();
        assert_eq!((inline, linked), (2 * groups, 2 * groups), "{page}");
        eprintln!("{page}: {inline} inline plots and {linked} PNGs render, no errors");
    }
    let c = assert_clean(&chromium, &dir, "index.html");
    assert_eq!(c.title, "pqfit: architecture report");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_checked_in_reports_load_and_every_plot_renders() {
    let Some(chromium) = chromium() else { return };
    let dir = workspace::root().join("docs").join("reports");
    let pages = pages(&dir);
    assert!(pages.iter().any(|p| p == "index.html"), "{pages:?}");
    for page in &pages {
        let c = assert_clean(&chromium, &dir, page);
        let target_page = !page.ends_with("index.html");
        assert!(!target_page || !c.plots.is_empty(), "{page} has no plots");
        eprintln!(
            "docs/reports/{page}: {} plots render, no errors",
            c.plots.len()
        );
    }
}

/// A page broken in one way, and what the check must say about it.
struct Breakage {
    name: &'static str,
    edit: fn(&str) -> String,
    expect: &'static str,
}

#[test]
fn broken_pages_fail_the_check() {
    let Some(chromium) = chromium() else { return };
    let dir = fixture_report("broken");
    let page = std::fs::read_to_string(dir.join("m4.html")).expect("the page");
    let first_svg = |p: &str| p.find("<svg").expect("a plot");
    let breakages = [
        Breakage {
            name: "missing-image",
            edit: |p| {
                p.replace(
                    "<body>",
                    "<body><img src=\"no-such-plot.png\" alt=\"plot\">",
                )
            },
            expect: "no-such-plot.png",
        },
        Breakage {
            name: "script-error",
            edit: |p| p.replace("</body>", "<script>undefinedFunction()</script></body>"),
            expect: "undefinedFunction",
        },
        Breakage {
            name: "console-error",
            edit: |p| {
                p.replace(
                    "</body>",
                    "<script>console.error('plot data missing')</script></body>",
                )
            },
            expect: "plot data missing",
        },
        Breakage {
            name: "small-plot",
            edit: |p| {
                p.replacen(
                    "<svg width=\"800\" height=\"560\"",
                    "<svg width=\"400\" height=\"280\"",
                    1,
                )
            },
            expect: "rendered 400 × 280",
        },
        Breakage {
            name: "empty-plot",
            edit: |p| {
                let at = p.find("<svg").expect("a plot");
                let end = at + p[at..].find("</svg>").expect("closed");
                let open = at + p[at..].find('>').expect("a tag") + 1;
                format!("{}{}", &p[..open], &p[end..])
            },
            expect: "blank",
        },
    ];
    assert!(first_svg(&page) > 0);
    for b in &breakages {
        let name = format!("{}.html", b.name);
        std::fs::write(dir.join(&name), (b.edit)(&page)).expect("written");
        assert_ne!(
            (b.edit)(&page),
            page,
            "{}: the edit changed nothing",
            b.name
        );
        let c = check(&chromium, &dir, &name).unwrap_or_else(|e| panic!("{e}"));
        let problems = c.problems();
        assert!(
            problems.iter().any(|p| p.contains(b.expect)),
            "{}: expected a problem with {:?}, got {problems:#?}",
            b.name,
            b.expect
        );
        eprintln!("{}: caught: {}", b.name, problems.join("; "));
    }
    // A blank PNG beside the page: its link is caught.
    let png = std::fs::read_dir(&dir)
        .expect("the report")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "png") && p.to_string_lossy().contains("m4-"))
        .expect("a PNG");
    {
        use plotters::prelude::*;
        let root = BitMapBackend::new(&png, SIZE).into_drawing_area();
        root.fill(&WHITE).expect("filled");
        root.present().expect("written");
    }
    let c = check(&chromium, &dir, "m4.html").unwrap_or_else(|e| panic!("{e}"));
    let name = png
        .file_name()
        .expect("a name")
        .to_string_lossy()
        .to_string();
    let problems = c.problems();
    assert!(
        problems
            .iter()
            .any(|p| p.contains(&name) && p.contains("blank")),
        "expected the blank {name} caught, got {problems:#?}"
    );
    eprintln!("blank PNG: caught: {}", problems.join("; "));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_chromium_is_a_clear_failure_unless_skipping_is_asked() {
    let nowhere = PathBuf::from("/nonexistent/chromium");
    let e = locate(Some(nowhere.clone()), false).unwrap_err();
    assert!(
        e.contains("/nonexistent/chromium") && e.contains("scripts/setup.sh"),
        "{e}"
    );
    assert!(e.contains(SKIP_ENV), "{e}");
    assert_eq!(locate(Some(nowhere), true), Ok(None));
}

#[test]
fn findings_are_read_back_from_the_dumped_dom() {
    let dom = "<html><body><pre id=\"pq-probe\">{\"title\":\"a &amp; b\",\"errors\":[\"x &lt;y&gt;\"],\"plots\":[]}</pre></body></html>";
    let c = findings(dom).unwrap();
    assert_eq!(c.title, "a & b");
    assert_eq!(c.problems(), vec!["x <y>".to_string()]);
    assert!(findings("<html></html>")
        .unwrap_err()
        .contains("did not finish"));
}
