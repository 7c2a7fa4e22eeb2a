//! The playground's server, `cardsharp serve`, run as a user runs it: its
//! one endpoint agrees with the command line, its limits hold, it answers
//! many clients at once, and it listens on loopback only.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};

use cardsharp::Game;
use cardsharp::syntax::trace::trace;
use cardsharp::syntax::{Layout, Mode};
use serde_json::{Value, json};

use crate::support::root;

/// A running `cardsharp serve --port 0`, stopped when dropped.
pub(crate) struct Playground {
    child: Child,
    pub(crate) address: SocketAddr,
}

impl Playground {
    /// Starts the real binary on a free port, and waits for it to say
    /// where it listens.
    pub(crate) fn start() -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardsharp"))
            .args(["serve", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the binary runs");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout is piped"))
            .read_line(&mut line)
            .expect("serve says where it listens");
        let url = line
            .trim()
            .strip_prefix("cardsharp playground: http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("serve printed {line:?}"));
        Self {
            child,
            address: url.parse().expect("an address"),
        }
    }

    pub(crate) fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// One request on its own connection: the status and the body.
    pub(crate) fn request(&self, method: &str, path: &str, body: &[u8]) -> (u16, String) {
        let mut stream = TcpStream::connect(self.address).expect("the server accepts");
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            self.address,
            body.len()
        );
        stream.write_all(head.as_bytes()).unwrap();
        // The server may answer (413) before it has read the whole body.
        let _ = stream.write_all(body);
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        let answer = String::from_utf8_lossy(&answer).into_owned();
        let (head, body) = answer
            .split_once("\r\n\r\n")
            .unwrap_or_else(|| panic!("{method} {path}: no HTTP answer: {answer:?}"));
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|status| status.parse().ok())
            .unwrap_or_else(|| panic!("{method} {path}: no status in {head:?}"));
        (status, body.to_owned())
    }

    pub(crate) fn analyze(&self, request: &Value) -> Value {
        let (status, body) = self.request("POST", "/api/analyze", request.to_string().as_bytes());
        assert_eq!(status, 200, "{request}: {body}");
        serde_json::from_str(&body).expect("the answer is JSON")
    }
}

impl Drop for Playground {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The command line on `input`: its stdout, its stderr, and whether it
/// exited 0.
pub(crate) fn cli(args: &[&str], input: &[u8]) -> (String, String, bool) {
    let output = crate::support::with_stdin(crate::support::binary(), args, input);
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.success(),
    )
}

pub(crate) fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not JSON: {line}")))
        .collect()
}

/// Every view of every example is what the command line prints for it:
/// `run`, `check`, `explain` and `parse` in JSON, and `fmt`. The answer is,
/// byte for byte, the library's `playground::answer`, which the static
/// site's WebAssembly module also gives (`tests/playground.rs`).
#[test]
fn analyze_agrees_with_the_command_line_on_every_example() {
    let playground = Playground::start();
    let (status, examples) = playground.request("GET", "/examples.json", b"");
    assert_eq!(status, 200);
    let examples: serde_json::Map<String, Value> = serde_json::from_str(&examples).unwrap();
    assert!(examples.len() > 50, "every example and error code");
    for (name, example) in &examples {
        let on_disk = std::fs::read(root().join("examples").join(name)).unwrap();
        let text = example["text"].as_str().unwrap();
        assert_eq!(text, String::from_utf8_lossy(&on_disk), "{name}");
        let (game, layout) = (
            example["game"].as_str().unwrap(),
            example["layout"].as_str().unwrap(),
        );
        let request = json!({ "text": text, "game": game, "layout": layout }).to_string();
        let (status, body) = playground.request("POST", "/api/analyze", request.as_bytes());
        assert_eq!(status, 200, "{name}");
        assert!(
            body == cardsharp::playground::answer(request.as_bytes()).unwrap(),
            "{name}: the endpoint's answer is not the library's"
        );
        let answer: Value = serde_json::from_str(&body).unwrap();
        let flags = ["--game", game, "--layout", layout];
        let with = |args: &[&'static str]| [args, &flags[..]].concat();
        let (results, diagnostics, _) = cli(
            &with(&["run", "--output", "json", "--diagnostics", "json"]),
            text.as_bytes(),
        );
        assert_eq!(
            answer["results"],
            Value::from(json_lines(&results)),
            "{name}"
        );
        assert_eq!(
            answer["diagnostics"],
            Value::from(json_lines(&diagnostics)),
            "{name}"
        );
        let (_, checked, _) = cli(&with(&["check", "--diagnostics", "json"]), text.as_bytes());
        assert_eq!(
            answer["diagnostics"],
            Value::from(json_lines(&checked)),
            "{name}"
        );
        if let Some(code) = name
            .strip_prefix("malformed/")
            .and_then(|name| name.strip_suffix(".txt"))
        {
            let code = format!("cardsharp::{}", code.replace('.', "::"));
            let codes: Vec<&str> = answer["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|diagnostic| diagnostic["code"].as_str())
                .collect();
            let shown = code.ends_with("invalid_utf8") || codes.contains(&code.as_str());
            assert!(
                shown,
                "{name}: the page's example shows {code}, not only {codes:?}"
            );
        }
        let (explained, _, _) = cli(&with(&["explain", "--output", "json"]), text.as_bytes());
        assert_eq!(
            answer["explanations"],
            Value::from(json_lines(&explained)),
            "{name}"
        );
        let (tree, _, _) = cli(&with(&["parse", "--output", "json"]), text.as_bytes());
        assert_eq!(answer["tree"], Value::from(json_lines(&tree)), "{name}");
        let mode = match game {
            "auto" => Mode::Auto,
            "choker" => Mode::Forced(Game::Choker),
            _ => unreachable!("the examples are read in auto or as Choker"),
        };
        let layout = if layout == "tokens" {
            Layout::Tokens
        } else {
            Layout::Lines
        };
        let steps = trace(text.as_bytes(), mode, layout);
        assert!(!steps.is_empty(), "{name}");
        assert_eq!(
            answer["trace"],
            serde_json::to_value(&steps).unwrap(),
            "{name}"
        );
        assert_eq!(answer["trace_truncated"], false, "{name}");
        let (formatted, _, clean) = cli(&with(&["fmt"]), text.as_bytes());
        let formatted = if clean {
            Value::from(formatted)
        } else {
            Value::Null
        };
        assert_eq!(answer["formatted"], formatted, "{name}");
    }
}

/// Refusals: each with its status and a JSON error, none of them a crash.
#[test]
fn bad_requests_are_refused_with_their_status() {
    let playground = Playground::start();
    let too_large = json!({ "text": "A".repeat(1 << 20) }).to_string();
    let cases: &[(&str, &str, &[u8], u16)] = &[
        ("POST", "/api/analyze", too_large.as_bytes(), 413),
        ("POST", "/api/analyze", b"{\"text\": ", 400),
        ("POST", "/api/analyze", b"not json", 400),
        ("POST", "/api/analyze", b"{}", 400),
        ("POST", "/api/analyze", b"{\"text\": 7}", 400),
        (
            "POST",
            "/api/analyze",
            b"{\"text\": \"\", \"game\": \"poker\"}",
            400,
        ),
        (
            "POST",
            "/api/analyze",
            b"{\"text\": \"\", \"layout\": \"columns\"}",
            400,
        ),
        (
            "POST",
            "/api/analyze",
            b"{\"text\": \"\", \"colour\": true}",
            400,
        ),
        (
            "POST",
            "/api/analyze",
            b"{\"text\": \"\", \"views\": [\"colours\"]}",
            400,
        ),
        ("GET", "/api/analyze", b"", 405),
        ("PUT", "/api/analyze", b"{\"text\": \"\"}", 405),
        ("POST", "/", b"", 405),
        ("DELETE", "/style.css", b"", 405),
        ("GET", "/nothing", b"", 404),
        ("GET", "/api/", b"", 404),
    ];
    for &(method, path, body, expected) in cases {
        let (status, answer) = playground.request(method, path, body);
        assert_eq!(status, expected, "{method} {path}: {answer}");
        let error: Value = serde_json::from_str(&answer)
            .unwrap_or_else(|_| panic!("{method} {path}: not a JSON error: {answer}"));
        assert!(error["error"].is_string(), "{method} {path}: {answer}");
    }
    // The server is well after all that.
    let answer = playground.analyze(&json!({ "text": "AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H\n" }));
    assert_eq!(answer["results"][0]["result"], "BID NO-TRUMP");
}

/// No path reaches a file: only the built-in assets are served.
#[test]
fn no_path_reaches_outside_the_assets() {
    let playground = Playground::start();
    for path in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/%2e%2e%2fCargo.toml",
        "/..%2fCargo.toml",
        "/style.css/../../Cargo.toml",
        "//etc/passwd",
        "/./Cargo.toml",
        "/Cargo.toml",
        "/src/serve/mod.rs",
        "/page/index.html",
        "/..%5c..%5cCargo.toml",
    ] {
        let (status, body) = playground.request("GET", path, b"");
        assert_eq!(status, 404, "{path}: {body}");
        assert!(
            !body.contains("[package]") && !body.contains("root:"),
            "{path}"
        );
    }
    for (path, part) in [
        ("/", "<textarea"),
        ("/style.css", "#editor"),
        ("/playground.js", "api/analyze"),
        ("/engine.js", "cardsharp.wasm"),
        ("/railroad.js", "Railroad"),
        ("/grammar.json", "card_row"),
    ] {
        let (status, body) = playground.request("GET", path, b"");
        assert_eq!(status, 200, "{path}");
        assert!(body.contains(part), "{path}");
    }
}

/// The page looks for the WebAssembly module first; this server has none,
/// and says so with no content, which the browser logs as no error.
#[test]
fn the_module_is_not_here() {
    let playground = Playground::start();
    assert_eq!(playground.request("GET", "/cardsharp.wasm", b"").0, 204);
}

/// The views asked for, and only they, each as it is in the whole answer.
#[test]
fn the_views_asked_for_are_answered() {
    let playground = Playground::start();
    let text = "AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H\n10H\n";
    let whole = playground.analyze(&json!({ "text": text }));
    for views in [
        &["results", "diagnostics"][..],
        &["tree", "explanations", "formatted", "trace"],
        &["formatted"],
        &[],
    ] {
        let answer = playground.analyze(&json!({ "text": text, "views": views }));
        let mut expected: Vec<&str> = views.to_vec();
        if views.contains(&"trace") {
            expected.push("trace_truncated");
        }
        expected.sort_unstable();
        let keys: Vec<&str> = answer
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, expected);
        for key in keys {
            assert_eq!(answer[key], whole[key], "{key}");
        }
    }
}

/// A long text's trace is cut short, and says so; the other views are
/// whole.
#[test]
fn a_long_trace_is_cut_short() {
    let playground = Playground::start();
    let (bridge, _) = crate::support::sample("bridge");
    let text = bridge.repeat(400);
    let answer = playground.analyze(&json!({ "text": text }));
    assert_eq!(
        answer["results"].as_array().unwrap().len(),
        bridge.lines().count() * 400
    );
    assert_eq!(answer["trace_truncated"], true);
    let steps = serde_json::to_value(trace(text.as_bytes(), Mode::Auto, Layout::Lines)).unwrap();
    assert!(steps.as_array().unwrap().len() > 20_000);
    assert_eq!(
        answer["trace"].as_array().unwrap()[..],
        steps.as_array().unwrap()[..20_000]
    );
}

/// 200 requests, 16 at a time: every one answered in full.
#[test]
fn many_clients_are_answered_at_once() {
    let playground = Playground::start();
    let (bridge, _) = crate::support::sample("bridge");
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..16)
            .map(|worker| {
                let (playground, bridge) = (&playground, &bridge);
                scope.spawn(move || {
                    (worker..200).step_by(16).all(|request| {
                        let text = if request % 2 == 0 {
                            bridge.clone()
                        } else {
                            format!("{bridge}10H\n")
                        };
                        let answer = playground.analyze(&json!({ "text": text, "game": "bridge" }));
                        answer["results"]
                            .as_array()
                            .is_some_and(|results| !results.is_empty())
                            && answer["diagnostics"]
                                .as_array()
                                .is_some_and(|d| d.is_empty() == (request % 2 == 0))
                    })
                })
            })
            .collect();
        for worker in workers {
            assert!(worker.join().unwrap());
        }
    });
}

/// The server binds 127.0.0.1, and nothing else: the kernel's table of
/// listening sockets has its port on loopback alone.
#[test]
fn it_listens_on_loopback_only() {
    let playground = Playground::start();
    assert!(playground.address.ip().is_loopback());
    assert_eq!(playground.address.ip().to_string(), "127.0.0.1");
    if cfg!(target_os = "linux") {
        let port = format!(":{:04X}", playground.address.port());
        let mut listening = Vec::new();
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            let Ok(text) = std::fs::read_to_string(table) else {
                continue;
            };
            for line in text.lines().skip(1) {
                let fields: Vec<&str> = line.split_whitespace().collect();
                if fields[1].ends_with(&port) && fields[3] == "0A" {
                    listening.push(fields[1].to_owned());
                }
            }
        }
        assert_eq!(listening, [format!("0100007F{port}")]);
    }
}
