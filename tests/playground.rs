//! The playground's page in headless Chromium, driven over chromedriver
//! as a person would use it: typing into the editor, reading the panes,
//! applying a fix, hovering the tree, the grammar's diagrams, a copied
//! link, and no script error anywhere. It saves the screenshot the README
//! shows (`docs/src/playground.png`).
//!
//! The same page is driven twice: from `cardsharp serve`, and as the static
//! site `web/build.sh` makes, served by `python3 -m http.server` with no
//! cardsharp process behind it. There the library runs in the browser,
//! compiled to WebAssembly: every example the page offers shows what the
//! command line prints, the module's answer is the endpoint's byte for
//! byte, a mebibyte of mixed input shows its results, and no request
//! goes to `api/`.
//!
//! CI installs Chromium and chromedriver, builds the site and names it in
//! `CARDSHARP_SITE` (`.ci/run`), and sets `CI`; on a machine without them,
//! and without `CI`, each test says what it lacks and passes.

use std::future::Future;
use std::io::{BufRead, BufReader};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

use crate::serve::{Playground, cli, json_lines};
use crate::support::root;

/// The first of `names` found on `PATH`.
fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|directory| directory.join(name))
            .find(|candidate| candidate.is_file())
    })
}

/// chromedriver on a free port, stopped when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    fn start(program: &PathBuf) -> Self {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(program)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver runs");
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Self { child, port }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// chromedriver's own command for the browser's console: every message
/// logged since the last call.
#[derive(Debug)]
struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/se/log", session.unwrap_or_default()))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (
            http::Method::POST,
            Some(json!({ "type": "browser" }).to_string()),
        )
    }
}

/// The rules of `grammar/*.ebnf`, as `tests/grammar.rs` reads them.
fn grammar_rules() -> Vec<String> {
    let mut rules = Vec::new();
    for entry in std::fs::read_dir(root().join("grammar")).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let mut code = String::new();
        let mut rest = text.as_str();
        while let Some(start) = rest.find("(*") {
            code.push_str(&rest[..start]);
            rest = &rest[rest[start..].find("*)").unwrap() + start + 2..];
        }
        code.push_str(rest);
        rules.extend(
            code.split(';')
                .filter_map(|rule| Some(rule.split_once('=')?.0.trim().to_owned())),
        );
    }
    rules.sort();
    rules
}

struct Page {
    client: Client,
}

impl Page {
    async fn js(&self, script: &str) -> Value {
        self.client
            .execute(script, Vec::new())
            .await
            .unwrap_or_else(|e| panic!("{script}: {e}"))
    }

    /// Waits until `script` returns something truthy, and returns it.
    async fn until(&self, what: &str, script: &str) -> Value {
        let started = Instant::now();
        loop {
            let value = self.js(script).await;
            if !matches!(value, Value::Null | Value::Bool(false))
                && value != json!("")
                && value != json!(0)
            {
                return value;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "waited in vain for {what}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn click(&self, selector: &str) {
        self.client
            .find(Locator::Css(selector))
            .await
            .unwrap_or_else(|e| panic!("{selector}: {e}"))
            .click()
            .await
            .unwrap();
    }

    async fn text(&self, selector: &str) -> String {
        self.js(&format!(
            "return document.querySelector({selector:?})?.textContent ?? ''"
        ))
        .await
        .as_str()
        .unwrap()
        .to_owned()
    }

    /// What a person sees of the page's state: the input, the pickers,
    /// the open pane and the results and diagnostics.
    async fn seen(&self) -> Value {
        self.js("return {
                text: document.getElementById('input').value,
                game: document.getElementById('game').value,
                layout: document.getElementById('layout').value,
                pane: document.querySelector('.pane.open').id,
                results: document.getElementById('pane-results').textContent,
                diagnostics: document.getElementById('pane-diagnostics').textContent,
            }")
            .await
    }
}

/// Chromium and chromedriver, or `None` where they are missing and `CI` is
/// not set (under `CI`, their absence fails the test).
fn browser_and_driver() -> Option<(PathBuf, PathBuf)> {
    let browser = on_path(&["chromium", "chromium-browser", "google-chrome"]);
    let driver = on_path(&["chromedriver"]);
    let (Some(browser), Some(driver)) = (browser, driver) else {
        lacking(
            "Chromium or chromedriver is missing: .ci/run installs them (Debian: apt-get install chromium chromium-driver)",
        );
        return None;
    };
    Some((browser, driver))
}

/// What a test does without something it needs: under `CI`, which
/// provides everything, it fails; elsewhere it says what it lacks.
fn lacking(what: &str) {
    assert!(std::env::var_os("CI").is_none(), "CI is set, and {what}");
    eprintln!("skipped: {what}");
}

#[test]
fn the_playground_works_in_headless_chromium() {
    let Some((browser, driver)) = browser_and_driver() else {
        return;
    };
    let playground = Playground::start();
    let driver = Driver::start(&driver);
    let url = playground.url();
    tokio::runtime::Runtime::new().unwrap().block_on(session(
        &driver,
        &browser,
        |page| async move {
            drive(&page, &url).await;
            screenshot(&page).await;
            read_the_console(&page).await;
        },
    ));
}

/// `python3 -m http.server` on a free port of 127.0.0.1, serving a folder,
/// with every request it logged; stopped when dropped.
struct StaticServer {
    child: Child,
    port: u16,
    requests: Arc<Mutex<Vec<String>>>,
}

impl StaticServer {
    fn start(folder: &Path) -> Self {
        let mut child = Command::new("python3")
            .args([
                "-u",
                "-m",
                "http.server",
                "--bind",
                "127.0.0.1",
                "0",
                "--directory",
            ])
            .arg(folder)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("python3 runs");
        // `Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ...`
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout is piped"))
            .read_line(&mut line)
            .expect("http.server says where it listens");
        let port = line
            .split(" port ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("http.server printed {line:?}"));
        let requests = Arc::new(Mutex::new(Vec::new()));
        let log = BufReader::new(child.stderr.take().expect("stderr is piped"));
        let logged = Arc::clone(&requests);
        std::thread::spawn(move || {
            for line in log.lines().map_while(Result::ok) {
                logged.lock().unwrap().push(line);
            }
        });
        Self {
            child,
            port,
            requests,
        }
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    /// The request lines logged so far: `GET /cardsharp.wasm HTTP/1.1" 200`.
    fn requests(&self) -> Vec<String> {
        self.requests
            .lock()
            .unwrap()
            .iter()
            .filter_map(|line| Some(line.split_once("] \"")?.1.trim_end_matches(" -").to_owned()))
            .collect()
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The folder `web/build.sh` wrote, named by `CARDSHARP_SITE`; `None`
/// where it is not named and `CI` is not set.
fn built_site() -> Option<PathBuf> {
    let Some(site) = std::env::var_os("CARDSHARP_SITE") else {
        lacking("CARDSHARP_SITE names no site: `bash web/build.sh DIR` builds it, as .ci/run does");
        return None;
    };
    let site = PathBuf::from(site);
    for file in ["index.html", "cardsharp.wasm", "engine.js", "examples.json"] {
        assert!(
            site.join(file).is_file(),
            "{}: no {file}; web/build.sh writes it",
            site.display()
        );
    }
    Some(site)
}

#[test]
fn the_static_site_works_in_headless_chromium() {
    let Some(site) = built_site() else {
        return;
    };
    let Some((browser, driver)) = browser_and_driver() else {
        return;
    };
    let server = StaticServer::start(&site);
    let driver = Driver::start(&driver);
    let url = server.url();
    tokio::runtime::Runtime::new().unwrap().block_on(session(
        &driver,
        &browser,
        |page| async move {
            drive(&page, &url).await;
            every_example_as_the_command_line_reads_it(&page, &site).await;
            a_mebibyte_of_mixed_input(&page).await;
            read_the_console(&page).await;
        },
    ));
    let requests = server.requests();
    assert!(
        requests
            .iter()
            .any(|request| request.starts_with("GET /cardsharp.wasm ")
                && request.ends_with("\" 200")),
        "the page loads the module: {requests:?}"
    );
    let asked: Vec<&String> = requests
        .iter()
        .filter(|request| request.contains("/api/"))
        .collect();
    assert!(asked.is_empty(), "the page asked the endpoint: {asked:?}");
}

/// Opens a session of headless Chromium, drives the page with `drive`, and
/// ends the session whatever happened, so that a failure leaves no browser
/// behind.
async fn session<Drive, Driven>(driver: &Driver, browser: &PathBuf, drive: Drive)
where
    Drive: FnOnce(Page) -> Driven,
    Driven: Future<Output = ()> + Send + 'static,
{
    let capabilities = json!({
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": browser,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1440,900"],
        },
        "goog:loggingPrefs": { "browser": "ALL" },
    });
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(capabilities.as_object().unwrap().clone())
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a session of headless Chromium");
    let outcome = tokio::spawn(drive(Page {
        client: client.clone(),
    }))
    .await;
    let closed = client.close().await;
    if let Err(failure) = outcome {
        std::panic::resume_unwind(failure.into_panic());
    }
    closed.expect("the session ends");
}

/// What a person does with the page, from either server.
async fn drive(page: &Page, url: &str) {
    page.client.goto(url).await.unwrap();
    page.until(
        "the first analysis",
        "return document.getElementById('status').textContent.includes('results')",
    )
    .await;
    type_and_fix(page).await;
    hover_and_select_in_the_tree(page).await;
    step_through_the_trace(page).await;
    draw_the_grammar(page).await;
    reproduce_from_the_link(page).await;
}

/// Typing: a hand's result appears; a hand with `10C` is underlined
/// in the editor and reported, and its fix button mends it.
async fn type_and_fix(page: &Page) {
    let editor = page.client.find(Locator::Id("input")).await.unwrap();
    editor
        .send_keys(
            "AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H\nKS QS TH 8H 4H AC QC 10C 5C KD QD JD 8D\n",
        )
        .await
        .unwrap();
    page.until("a result", "return document.querySelector('#pane-results .result-text')?.textContent === 'BID NO-TRUMP'").await;
    page.until(
        "the underline",
        "return document.querySelector('#highlights mark.error')?.textContent === '10C'",
    )
    .await;
    page.click("#tabs [data-pane=diagnostics]").await;
    assert!(
        page.text("#pane-diagnostics .diagnostic")
            .await
            .contains("ten_as_digits")
    );
    // The hand with faults is an error node of the tree, with its code and
    // the cards read.
    page.click("#tabs [data-pane=tree]").await;
    let error = page
        .until(
            "the error node",
            "return document.querySelector('#pane-tree .node.error')?.textContent",
        )
        .await;
    let error = error.as_str().unwrap();
    assert!(error.starts_with("ERROR bridge record, line 2"), "{error}");
    assert!(
        error.contains("cardsharp::bridge::ten_as_digits"),
        "{error}"
    );
    assert!(error.contains("\"8H\""), "{error}");
    page.click("#tabs [data-pane=diagnostics]").await;
    page.click("#pane-diagnostics button.fix").await;
    page.until("the fix", "return document.getElementById('input').value.includes(' TC ') && document.querySelectorAll('#pane-results .result').length === 2").await;
    assert_eq!(
        page.js("return document.querySelectorAll('#pane-diagnostics .diagnostic').length")
            .await,
        0
    );
    assert_eq!(
        page.js("return document.querySelectorAll('#highlights mark.error').length")
            .await,
        0
    );
}

/// The tree: hovering a card's node lights its bytes; the caret in
/// the editor selects the innermost node that holds it.
async fn hover_and_select_in_the_tree(page: &Page) {
    let editor = page.client.find(Locator::Id("input")).await.unwrap();
    page.click("#tabs [data-pane=tree]").await;
    let node = page
        .client
        .find(Locator::Css("#pane-tree .label[data-start='3']"))
        .await
        .unwrap();
    page.client
        .perform_actions(
            MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
                element: node.clone(),
                duration: None,
                x: 0.0,
                y: 0.0,
            }),
        )
        .await
        .unwrap();
    page.until(
        "the hovered node's bytes",
        "return document.querySelector('#highlights mark.lit')?.textContent === '3C'",
    )
    .await;
    assert!(node.text().await.unwrap().contains("3C"));
    page.js("const input = document.getElementById('input'); input.focus(); input.setSelectionRange(49, 49)").await;
    editor
        .send_keys(&char::from(fantoccini::key::Key::Right).to_string())
        .await
        .unwrap();
    let selected = page
        .until(
            "the node at the caret",
            "return document.querySelector('#pane-tree .label.selected')?.textContent",
        )
        .await;
    assert!(selected.as_str().unwrap().contains("\"8H\""), "{selected}");
}

/// The trace: stepping through it moves a highlight through the input,
/// over the bytes each rule took.
async fn step_through_the_trace(page: &Page) {
    page.click("#tabs [data-pane=trace]").await;
    page.until(
        "the trace",
        "return document.querySelectorAll('#trace-steps li.matched').length",
    )
    .await;
    let step = "const row = document.querySelector('#trace-steps li.current');
        const [start, end] = row.querySelector('.range').textContent.split('..').map(Number);
        return { rule: row.querySelector('.step-rule').textContent, start, end,
                 lit: [...document.querySelectorAll('#highlights mark.step')].map(mark => mark.textContent).join(''),
                 text: document.getElementById('input').value.slice(start, end) }";
    page.click("#trace-steps li.matched:nth-child(n+2)").await;
    let first = page.js(step).await;
    for _ in 0..3 {
        page.click("#trace-next").await;
    }
    let later = page.js(step).await;
    for shown in [&first, &later] {
        if shown["end"].as_u64() > shown["start"].as_u64() {
            assert_eq!(shown["lit"], shown["text"], "{shown}");
        }
    }
    assert_ne!(first, later, "the highlight moves");
    let card = "[...document.querySelectorAll('#trace-steps li.matched')].find(row => row.querySelector('.step-rule').textContent === 'card')";
    page.js(&format!("{card}.click()")).await;
    let shown = page.js(step).await;
    assert_eq!(shown["rule"], "card");
    assert_eq!(
        shown["lit"], "AC",
        "the first card's bytes are lit: {shown}"
    );
}

/// The grammar: one railroad diagram per rule, each beside its nom
/// function; a rule's name in a diagram leads to its own diagram.
async fn draw_the_grammar(page: &Page) {
    page.click("#tabs [data-pane=grammar]").await;
    page.until(
        "the diagrams",
        "return document.querySelectorAll('svg.railroad').length",
    )
    .await;
    let drawn = page.js("return [...document.querySelectorAll('svg.railroad')].map(svg => svg.dataset.rule).sort()").await;
    assert_eq!(drawn, json!(grammar_rules()));
    let sources = page.js("return [...document.querySelectorAll('.rule')].every(rule => rule.querySelector('pre').textContent.includes('fn ' + rule.id.slice(5)))").await;
    assert_eq!(sources, true, "each diagram has its function beside it");
    assert!(
        page.js("return document.querySelector('svg[data-rule=card_row] rect').getBBox().width")
            .await
            .as_f64()
            .unwrap()
            > 10.0
    );
    page.click("svg[data-rule=card_row] a[data-rule=card]")
        .await;
    page.until(
        "the linked diagram",
        "return document.getElementById('rule-card').classList.contains('flash')",
    )
    .await;
}

/// The URL: a copied link reproduces the page.
async fn reproduce_from_the_link(page: &Page) {
    let editor = page.client.find(Locator::Id("input")).await.unwrap();
    page.click("#tabs [data-pane=diagnostics]").await;
    page.js("const game = document.getElementById('game'); game.value = 'bridge'; game.dispatchEvent(new Event('change'))").await;
    editor.send_keys("AS\n").await.unwrap();
    page.until(
        "the new diagnostic",
        "return document.querySelectorAll('#pane-diagnostics .diagnostic').length === 1",
    )
    .await;
    let before = page.seen().await;
    let link = page.client.current_url().await.unwrap();
    page.client.goto("about:blank").await.unwrap();
    page.client.goto(link.as_str()).await.unwrap();
    page.until(
        "the analysis of the link",
        "return document.querySelectorAll('#pane-diagnostics .diagnostic').length === 1",
    )
    .await;
    assert_eq!(page.seen().await, before);
}

/// The screenshot the README shows: an example with its diagnostics.
async fn screenshot(page: &Page) {
    page.js("const pick = document.getElementById('example'); pick.value = 'fixable.txt'; pick.dispatchEvent(new Event('change'))").await;
    page.until(
        "the example's diagnostics",
        "return document.querySelectorAll('#pane-diagnostics .diagnostic').length > 1",
    )
    .await;
    page.click("#tabs [data-pane=diagnostics]").await;
    let screenshot = page.client.screenshot().await.unwrap();
    std::fs::write(root().join("docs/src/playground.png"), screenshot).unwrap();
}

/// No script error and no warning in the browser's console.
async fn read_the_console(page: &Page) {
    let log = page
        .client
        .issue_cmd(BrowserLog)
        .await
        .expect("the browser's console");
    let problems: Vec<&Value> = log
        .as_array()
        .expect("a list of messages")
        .iter()
        .filter(|entry| entry["level"] == "SEVERE" || entry["level"] == "WARNING")
        .collect();
    assert!(problems.is_empty(), "the console has errors: {problems:?}");
}

/// Every example the page offers, picked as a person picks it: the page
/// shows the results and diagnostics the command line prints for it
/// (`run --output json`, `check --diagnostics json`), codes and spans and
/// all. The module's whole answer is, byte for byte, the library's
/// `playground::answer`, which `cardsharp serve` sends.
async fn every_example_as_the_command_line_reads_it(page: &Page, site: &Path) {
    let examples: serde_json::Map<String, Value> =
        serde_json::from_slice(&std::fs::read(site.join("examples.json")).unwrap()).unwrap();
    assert!(examples.len() > 50, "every game and error code");
    // The module in a worker of its own, as the page runs it, answering
    // with the text it returns.
    page.js("const worker = new Worker('engine.js');
        const waiting = new Map();
        let ready;
        let sent = 0;
        const loaded = new Promise((resolve) => { ready = resolve; });
        worker.onmessage = ({ data }) => 'ready' in data ? ready(data.ready) : waiting.get(data.id)(data.answer);
        window.moduleAnswer = async (request) => {
            if (!await loaded) return 'no module';
            sent += 1;
            return new Promise((done) => { waiting.set(sent, done); worker.postMessage({ id: sent, request }); });
        }")
        .await;
    for (name, example) in &examples {
        let (text, game, layout) = (
            example["text"].as_str().unwrap(),
            example["game"].as_str().unwrap(),
            example["layout"].as_str().unwrap(),
        );
        page.client
            .execute(
                "const pick = document.getElementById('example');
                 pick.value = arguments[0];
                 pick.dispatchEvent(new Event('change'))",
                vec![json!(name)],
            )
            .await
            .unwrap();
        page.until(
            &format!("the analysis of {name}"),
            "return document.getElementById('status').textContent !== 'analysing…'",
        )
        .await;
        // The text analysed: the editor shows a CRLF example with LF.
        let shown = page
            .js("return { text: state.text, status: document.getElementById('status').textContent, results: analysis.results, diagnostics: analysis.diagnostics }")
            .await;
        assert_eq!(shown["text"], text, "{name}");
        let flags = ["--game", game, "--layout", layout];
        let (results, _, _) = cli(
            &[&["run", "--output", "json"], &flags[..]].concat(),
            text.as_bytes(),
        );
        let (_, diagnostics, _) = cli(
            &[&["check", "--diagnostics", "json"], &flags[..]].concat(),
            text.as_bytes(),
        );
        assert_eq!(
            shown["results"],
            Value::from(json_lines(&results)),
            "{name}: {}",
            shown["status"]
        );
        assert_eq!(
            shown["diagnostics"],
            Value::from(json_lines(&diagnostics)),
            "{name}"
        );

        let request = json!({ "text": text, "game": game, "layout": layout }).to_string();
        let answered = page
            .client
            .execute_async(
                "const done = arguments[arguments.length - 1]; moduleAnswer(arguments[0]).then(done)",
                vec![json!(request)],
            )
            .await
            .unwrap();
        let expected = cardsharp::playground::answer(request.as_bytes()).unwrap();
        assert!(
            answered.as_str() == Some(expected.as_str()),
            "{name}: the module's answer is not the endpoint's"
        );
    }
}

/// A mebibyte of mixed input pasted into the editor: the page shows its
/// results and diagnostics, as the command line prints them, and says how
/// long it took, from the paste to the first paint after them. The
/// later views follow, and the trace's pane is drawn once opened.
async fn a_mebibyte_of_mixed_input(page: &Page) {
    let mixed = std::fs::read_to_string(root().join("examples/mixed.txt")).unwrap();
    let mut text = mixed.repeat((1 << 20) / mixed.len() + 1);
    text.truncate(text[..1 << 20].rfind('\n').unwrap() + 1);
    page.client
        .execute(
            "const status = document.getElementById('status');
             window.shownAfter = null;
             const watch = new MutationObserver(() => {
                 if (!/^[0-9]+ results/.test(status.textContent)) return;
                 watch.disconnect();
                 requestAnimationFrame(() => setTimeout(() => { window.shownAfter = performance.now() - started; }));
             });
             watch.observe(status, { childList: true, characterData: true, subtree: true });
             const input = document.getElementById('input');
             const started = performance.now();
             input.value = arguments[0];
             input.dispatchEvent(new Event('input'))",
            vec![json!(text)],
        )
        .await
        .unwrap();
    let shown_after = page
        .until("the results of a mebibyte", "return window.shownAfter")
        .await;
    eprintln!(
        "a mebibyte of mixed input ({} bytes): results and diagnostics shown {:.0} ms after the paste",
        text.len(),
        shown_after.as_f64().unwrap()
    );
    let shown = page
        .js("return { results: analysis.results, diagnostics: analysis.diagnostics }")
        .await;
    let (results, _, _) = cli(&["run", "--output", "json"], text.as_bytes());
    let (_, diagnostics, _) = cli(&["check", "--diagnostics", "json"], text.as_bytes());
    assert_eq!(shown["results"], Value::from(json_lines(&results)));
    assert_eq!(shown["diagnostics"], Value::from(json_lines(&diagnostics)));
    // The pane draws the first thousand results, and the rest when asked.
    let rows = "return document.querySelectorAll('#pane-results .result').length";
    assert_eq!(page.js(rows).await, json!(1000));
    page.js("document.querySelector('#pane-results button.more').click()")
        .await;
    assert_eq!(page.js(rows).await, json!(json_lines(&results).len()));
    page.until(
        "the later views",
        "return analysis.trace && document.querySelector('#tabs [data-pane=tree] .count').textContent !== '…'",
    )
    .await;
    page.click("#tabs [data-pane=trace]").await;
    let steps = page
        .until(
            "the trace's pane",
            "return document.querySelectorAll('#trace-steps li.matched, #trace-steps li.failed').length",
        )
        .await;
    assert_eq!(steps, json!(cardsharp::playground::TRACE_LIMIT));
}
