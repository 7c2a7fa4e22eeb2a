//! The playground's page in headless Chromium, driven over chromedriver
//! as a person would use it: typing into the editor, reading the panes,
//! applying a fix, hovering the tree, the grammar's diagrams, a copied
//! link, and no script error anywhere. It saves the screenshot the README
//! shows (`docs/src/playground.png`).
//!
//! CI installs Chromium and chromedriver (`.ci/run`) and sets `CI`; on a
//! machine without them, and without `CI`, the test says so and passes.

use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

use crate::serve::Playground;
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

#[test]
fn the_playground_works_in_headless_chromium() {
    let browser = on_path(&["chromium", "chromium-browser", "google-chrome"]);
    let driver = on_path(&["chromedriver"]);
    let (Some(browser), Some(driver)) = (browser, driver) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set, and Chromium or chromedriver is missing: .ci/run installs them"
        );
        eprintln!(
            "skipped: the playground's browser test needs `chromium` and `chromedriver` on PATH (Debian: apt-get install chromium chromium-driver)"
        );
        return;
    };
    let playground = Playground::start();
    let driver = Driver::start(&driver);
    tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(session(&playground, &driver, &browser));
}

/// Opens a session of headless Chromium, drives the page, and ends the
/// session whatever happened, so that a failure leaves no browser behind.
async fn session(playground: &Playground, driver: &Driver, browser: &PathBuf) {
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
    let outcome = tokio::spawn(drive(
        Page {
            client: client.clone(),
        },
        playground.url(),
    ))
    .await;
    let closed = client.close().await;
    if let Err(failure) = outcome {
        std::panic::resume_unwind(failure.into_panic());
    }
    closed.expect("the session ends");
}

async fn drive(page: Page, url: String) {
    page.client.goto(&url).await.unwrap();
    page.until(
        "the first analysis",
        "return document.getElementById('status').textContent.includes('results')",
    )
    .await;
    type_and_fix(&page).await;
    hover_and_select_in_the_tree(&page).await;
    step_through_the_trace(&page).await;
    draw_the_grammar(&page).await;
    reproduce_from_the_link(&page).await;
    screenshot_and_read_the_console(&page).await;
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
        "return document.querySelector('#highlights mark.error')?.textContent",
    )
    .await;
    assert_eq!(page.text("#highlights mark.error").await, "10C");
    page.click("#tabs [data-pane=diagnostics]").await;
    assert!(
        page.text("#pane-diagnostics .diagnostic")
            .await
            .contains("ten_as_digits")
    );
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
async fn screenshot_and_read_the_console(page: &Page) {
    page.js("const pick = document.getElementById('example'); pick.value = 'fixable.txt'; pick.dispatchEvent(new Event('change'))").await;
    page.until(
        "the example's diagnostics",
        "return document.querySelectorAll('#pane-diagnostics .diagnostic').length > 1",
    )
    .await;
    page.click("#tabs [data-pane=diagnostics]").await;
    let screenshot = page.client.screenshot().await.unwrap();
    std::fs::write(root().join("docs/src/playground.png"), screenshot).unwrap();

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
