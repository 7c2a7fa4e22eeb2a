//! `cardsharp lsp` driven over its standard input and output as an editor
//! drives it: initialize, open, change, every request it answers,
//! malformed messages, shutdown and exit.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use serde_json::{Value, json};

/// How long any one answer may take before the test fails rather than
/// hangs: room for a debug build on a machine whose cores are all busy.
const PATIENCE: Duration = Duration::from_secs(60);

struct Client {
    child: Child,
    input: ChildStdin,
    messages: Receiver<Value>,
    /// Notifications read while waiting for something else.
    held: VecDeque<Value>,
    next_id: i64,
}

impl Client {
    fn start() -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardsharp"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let input = child.stdin.take().unwrap();
        let mut output = BufReader::new(child.stdout.take().unwrap());
        let (sender, messages) = mpsc::channel();
        std::thread::spawn(move || {
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if output.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(value) = line.strip_prefix("Content-Length: ") {
                        length = Some(value.parse::<usize>().unwrap());
                    }
                }
                let mut body = vec![0; length.expect("every message has a length")];
                output.read_exact(&mut body).unwrap();
                if sender.send(serde_json::from_slice(&body).unwrap()).is_err() {
                    return;
                }
            }
        });
        Self {
            child,
            input,
            messages,
            held: VecDeque::new(),
            next_id: 0,
        }
    }

    fn send_raw(&mut self, body: &[u8]) {
        write!(self.input, "Content-Length: {}\r\n\r\n", body.len()).unwrap();
        self.input.write_all(body).unwrap();
        self.input.flush().unwrap();
    }

    fn send(&mut self, message: &Value) {
        self.send_raw(message.to_string().as_bytes());
    }

    fn notify(&mut self, method: &str, params: Value) {
        let mut message = json!({"jsonrpc": "2.0", "method": method});
        message["params"] = params;
        self.send(&message);
    }

    fn receive(&mut self) -> Value {
        self.messages
            .recv_timeout(PATIENCE)
            .expect("the server answers in time")
    }

    /// The reply to a request whose id is `id`, holding the notifications
    /// read before it.
    fn reply(&mut self, id: &Value) -> Value {
        loop {
            let message = self.receive();
            if message.get("method").is_none() && message["id"] == *id {
                return message;
            }
            self.held.push_back(message);
        }
    }

    /// Sends a request and returns the whole reply (`result` or `error`).
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = json!(self.next_id);
        let mut message = json!({"jsonrpc": "2.0", "id": id, "method": method});
        message["params"] = params;
        self.send(&message);
        self.reply(&id)
    }

    /// The `result` of a request that must succeed.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let reply = self.call(method, params);
        assert!(reply.get("error").is_none(), "{method}: {reply}");
        reply["result"].clone()
    }

    /// The error code of a request that must fail.
    fn error_code(&mut self, method: &str, params: Value) -> i64 {
        let reply = self.call(method, params);
        reply["error"]["code"]
            .as_i64()
            .unwrap_or_else(|| panic!("{method}: no error in {reply}"))
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Value {
        let is_wanted = |message: &Value| {
            message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["uri"] == uri
        };
        if let Some(at) = self.held.iter().position(is_wanted) {
            return self.held.remove(at).unwrap()["params"].clone();
        }
        loop {
            let message = self.receive();
            if is_wanted(&message) {
                return message["params"].clone();
            }
            self.held.push_back(message);
        }
    }

    fn initialize(options: Value) -> Self {
        Self::initialize_with(options, json!({})).0
    }

    /// A client with `capabilities`, and the server's capabilities.
    fn initialize_with(options: Value, capabilities: Value) -> (Self, Value) {
        let mut client = Self::start();
        let mut params = json!({"processId": null, "rootUri": null});
        params["capabilities"] = capabilities;
        params["initializationOptions"] = options;
        let result = client.request("initialize", params);
        assert_eq!(result["capabilities"]["textDocumentSync"], 2, "incremental");
        client.notify("initialized", json!({}));
        (client, result["capabilities"].clone())
    }

    fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "cardsharp", "version": 1, "text": text}}),
        );
    }

    fn change(&mut self, uri: &str, version: i64, changes: Value) {
        let mut params = json!({"textDocument": {"uri": uri, "version": version}});
        params["contentChanges"] = changes;
        self.notify("textDocument/didChange", params);
    }

    /// Shuts down and exits as the protocol says, and returns the exit
    /// status.
    fn shut_down(mut self) -> Option<i32> {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        self.child.wait().unwrap().code()
    }
}

fn document(uri: &str) -> Value {
    json!({"textDocument": {"uri": uri}})
}

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

fn range(start: (u32, u32), end: (u32, u32)) -> Value {
    json!({"start": {"line": start.0, "character": start.1}, "end": {"line": end.0, "character": end.1}})
}

/// A hand with a suit symbol pasted for `S` and a bad suit after it, a ten
/// in digits, and a card twice.
const FAULTY: &str = "AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H\n\
K♠ QS TH 8H 4H AC QC TC 5C KD QD JD 9Z\n\
KS QS 10H 8H 4H AC QC TC 5C KD QD JD 8D\n\
KS QS TH 8H 4H AC QC TC 5C KD QD JD KS\n";

#[test]
fn diagnostics_land_on_their_utf16_columns_and_a_repair_clears_them() {
    let mut client = Client::initialize(Value::Null);
    let uri = "file:///hands/faulty.txt";
    client.open(uri, FAULTY);
    let published = client.diagnostics(uri);
    assert_eq!(published["version"], 1);
    let diagnostics = published["diagnostics"].as_array().unwrap();
    let codes: Vec<&str> = diagnostics
        .iter()
        .map(|diagnostic| diagnostic["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        [
            "cardsharp::bridge::look_alike",
            "cardsharp::bridge::bad_suit",
            "cardsharp::bridge::ten_as_digits",
            "cardsharp::bridge::duplicate_card",
        ]
    );
    // `♠` is three bytes and one UTF-16 unit: the `Z` after it is at
    // column 37, not 39.
    assert_eq!(diagnostics[0]["range"], range((1, 1), (1, 2)));
    assert_eq!(diagnostics[1]["range"], range((1, 37), (1, 38)));
    assert_eq!(diagnostics[2]["range"], range((2, 6), (2, 9)));
    assert_eq!(diagnostics[2]["severity"], 1);
    assert_eq!(diagnostics[2]["source"], "cardsharp");
    let message = diagnostics[2]["message"].as_str().unwrap();
    assert!(message.contains("the ten is written `T`") && message.contains("help: write `TH`"));
    // The first `KS` of the hand as related information.
    let related = &diagnostics[3]["relatedInformation"][0];
    assert_eq!(related["location"]["uri"], uri);
    assert_eq!(related["location"]["range"], range((3, 0), (3, 2)));

    // Repair each fault with an incremental change, the last line first so
    // that earlier columns stay put, in one notification.
    client.change(
        uri,
        2,
        json!([
            {"range": range((3, 36), (3, 38)), "text": "9D"},
            {"range": range((2, 6), (2, 9)), "text": "TH"},
            {"range": range((1, 36), (1, 38)), "text": "9D"},
            {"range": range((1, 1), (1, 2)), "text": "S"},
        ]),
    );
    let published = client.diagnostics(uri);
    assert_eq!(published["version"], 2);
    assert_eq!(published["diagnostics"], json!([]));
    let hints = client.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": uri}, "range": range((0, 0), (4, 0))}),
    );
    assert_eq!(hints.as_array().unwrap().len(), 4, "{hints}");
    assert_eq!(client.shut_down(), Some(0));
}

#[test]
fn hover_hints_symbols_tokens_and_formatting() {
    let mut client = Client::initialize(Value::Null);
    let uri = "file:///hands/mixed.txt";
    let text = std::fs::read_to_string(crate::support::root().join("examples/mixed.txt")).unwrap();
    client.open(uri, &text);
    assert_eq!(client.diagnostics(uri)["diagnostics"], json!([]));

    // Hover on the second Choker pair's second line.
    let hover = client.request("textDocument/hover", at(uri, 3, 2));
    let markdown = hover["contents"]["value"].as_str().unwrap();
    assert_eq!(hover["contents"]["kind"], "markdown");
    assert!(markdown.starts_with("**Bill vs Sally: "), "{markdown}");
    assert!(markdown.contains("choker pair Bill vs Sally"), "{markdown}");
    assert_eq!(hover["range"], range((2, 0), (3, 16)));
    // Hover on a whist card: its trick, and who won it.
    let whist_line = text.lines().position(|line| line == "H").unwrap();
    let hover = client.request("textDocument/hover", at(uri, to_u32(whist_line + 1), 10));
    let markdown = hover["contents"]["value"].as_str().unwrap();
    assert!(markdown.starts_with("**EW 1**"), "{markdown}");
    assert!(markdown.contains("Trick 4: "), "{markdown}");
    assert!(markdown.contains("whist deal, hearts trumps"), "{markdown}");
    // Nothing to say between records.
    assert_eq!(
        client.request("textDocument/hover", at(uri, 9, 0)),
        Value::Null
    );

    // A result after each record's last line.
    let hints = client.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": uri}, "range": range((0, 0), (99, 0))}),
    );
    let labels: Vec<&str> = hints
        .as_array()
        .unwrap()
        .iter()
        .map(|hint| hint["label"].as_str().unwrap())
        .collect();
    let run = crate::support::sample("mixed").1;
    assert_eq!(labels, run.lines().collect::<Vec<_>>());
    assert_eq!(hints[0]["position"], json!({"line": 1, "character": 17}));

    let symbols = client.request("textDocument/documentSymbol", document(uri));
    let sections: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|section| section["name"].as_str().unwrap())
        .collect();
    assert!(
        sections.starts_with(&["Choker section", "whist section", "bridge section"]),
        "{sections:?}"
    );
    assert_eq!(symbols[0]["children"][0]["name"], "Joey vs Clucky");
    assert_eq!(
        symbols[0]["children"][0]["detail"],
        "Joey vs Clucky: Joey Wins"
    );
    // The Choker section runs to its `END`.
    assert_eq!(symbols[0]["range"], range((0, 0), (8, 3)));

    let tokens = client.request("textDocument/semanticTokens/full", document(uri));
    let data: Vec<u64> = tokens["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|number| number.as_u64().unwrap())
        .collect();
    // `Joey` (a name), then `1` (a rank) and `C` (a suit) of chickens,
    // `3` and `S` of spades.
    assert_eq!(
        data[..25],
        [
            0, 0, 4, 2, 0, 0, 5, 1, 0, 32, 0, 1, 1, 1, 32, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1
        ]
    );
    // `END` ends the section: a keyword.
    let types = tokens_of_type(&data, 3);
    assert_eq!(types[0], (8, 0, 3));

    // The text is in the canonical layout already.
    let options = json!({"tabSize": 4, "insertSpaces": true});
    let edits = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": options}),
    );
    assert_eq!(edits, json!([]));
    assert_eq!(client.shut_down(), Some(0));
}

/// The (line, column, length) of each token of type `wanted`.
fn tokens_of_type(data: &[u64], wanted: u64) -> Vec<(u64, u64, u64)> {
    let (mut line, mut column) = (0, 0);
    let mut found = Vec::new();
    for token in data.chunks(5) {
        if token[0] > 0 {
            column = 0;
        }
        line += token[0];
        column += token[1];
        if token[3] == wanted {
            found.push((line, column, token[2]));
        }
    }
    found
}

fn to_u32(value: usize) -> u32 {
    u32::try_from(value).unwrap()
}

#[test]
fn formatting_gives_fmt_s_layout_and_nothing_for_a_text_with_errors() {
    let mut client = Client::initialize(Value::Null);
    let uri = "file:///hands/messy.choker";
    let messy = " Joey - 1C3S2G5D4D\r\nClucky-QDKDQSKSJS\n\nEND\n";
    client.open(uri, messy);
    assert_eq!(client.diagnostics(uri)["diagnostics"], json!([]));
    let options = json!({"tabSize": 4, "insertSpaces": true});
    let format = json!({"textDocument": {"uri": uri}, "options": options});
    let edits = client.request("textDocument/formatting", format.clone());
    let fmt = std::process::Command::new(env!("CARGO_BIN_EXE_cardsharp"))
        .args(["fmt", "--game", "choker"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(messy.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    assert_eq!(
        edits,
        json!([{"range": range((0, 0), (4, 0)), "newText": String::from_utf8(fmt.stdout).unwrap()}])
    );
    // A card too many: no edit.
    client.change(
        uri,
        2,
        json!([{"text": "Joey-1C3S2G5D4D4S\nClucky-QDKDQSKSJS\nEND\n"}]),
    );
    assert_eq!(client.diagnostics(uri)["diagnostics"][0]["severity"], 1);
    assert_eq!(client.request("textDocument/formatting", format), json!([]));
    assert_eq!(client.shut_down(), Some(0));
}

#[test]
fn the_game_comes_from_the_extension_or_the_settings() {
    // `H` alone opens a whist deal in auto; read as bridge it is one card.
    let text = "H\n";
    let mut client = Client::initialize(json!({"game": "bridge"}));
    client.open("file:///a.txt", text);
    client.open("file:///a.whist", text);
    let code = |published: &Value| {
        published["diagnostics"][0]["code"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert!(code(&client.diagnostics("file:///a.txt")).starts_with("cardsharp::bridge::"));
    assert!(code(&client.diagnostics("file:///a.whist")).starts_with("cardsharp::whist::"));
    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"cardsharp": {"game": "choker"}}}),
    );
    assert!(code(&client.diagnostics("file:///a.txt")).starts_with("cardsharp::choker::"));
    assert!(code(&client.diagnostics("file:///a.whist")).starts_with("cardsharp::whist::"));
    assert_eq!(client.shut_down(), Some(0));
}

#[test]
fn a_burst_of_changes_is_checked_at_its_latest_text() {
    let mut client = Client::initialize(Value::Null);
    let uri = "file:///hands/typed.txt";
    client.open(uri, "");
    assert_eq!(client.diagnostics(uri)["version"], 1);
    // A hand typed a character at a time, each in its own notification.
    let hand = "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D\n";
    for (typed, character) in hand.chars().enumerate() {
        let column = to_u32(typed);
        client.change(
            uri,
            i64::from(column) + 2,
            json!([{"range": range((0, column), (0, column)), "text": character.to_string()}]),
        );
    }
    let last = i64::try_from(hand.len()).unwrap() + 1;
    // However many were published on the way (the unit test of the server
    // holds a burst waiting together to one check), the last is of the
    // whole hand.
    let mut published = client.diagnostics(uri);
    while published["version"] != last {
        published = client.diagnostics(uri);
    }
    assert_eq!(published["diagnostics"], json!([]));
    let hints = client.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": uri}, "range": range((0, 0), (1, 0))}),
    );
    assert_eq!(hints[0]["label"], "BID D");
    assert_eq!(client.shut_down(), Some(0));
}

#[test]
fn bad_messages_get_error_replies_and_the_server_keeps_serving() {
    let mut client = Client::start();
    // Before `initialize`.
    assert_eq!(
        client.error_code("textDocument/hover", at("file:///x", 0, 0)),
        -32002
    );
    let mut client = {
        client.request("initialize", json!({"capabilities": {}}));
        client.notify("initialized", json!({}));
        client
    };
    // Not JSON: a parse error, with a null id.
    client.send_raw(b"{\"jsonrpc\": \"2.0\", \"id\": 1, ");
    let reply = client.reply(&Value::Null);
    assert_eq!(reply["error"]["code"], -32700);
    // JSON, but not a message.
    client.send_raw(b"[1, 2, 3]");
    assert_eq!(client.reply(&Value::Null)["error"]["code"], -32600);
    // A header without a length.
    client.input.write_all(b"Content-Type: x\r\n\r\n").unwrap();
    assert_eq!(client.reply(&Value::Null)["error"]["code"], -32700);
    assert_eq!(
        client.error_code("textDocument/definition", at("file:///x", 0, 0)),
        -32601
    );
    assert_eq!(
        client.error_code("textDocument/hover", at("file:///closed.txt", 0, 0)),
        -32602
    );
    assert_eq!(
        client.error_code("textDocument/hover", json!({"textDocument": 3})),
        -32602
    );
    let uri = "file:///open.txt";
    client.open(uri, "AS KS\n");
    let code = &client.diagnostics(uri)["diagnostics"][0]["code"];
    assert_eq!(code, "cardsharp::bridge::card_count");
    assert_eq!(
        client.error_code("textDocument/hover", at(uri, 7, 0)),
        -32602
    );
    // A column past the line's end is its end, as the protocol says.
    let hover = client.request("textDocument/hover", at(uri, 0, 400));
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("not evaluated")
    );
    client.notify("textDocument/didClose", document(uri));
    assert_eq!(client.diagnostics(uri)["diagnostics"], json!([]));
    assert_eq!(
        client.error_code("textDocument/documentSymbol", document(uri)),
        -32602
    );
    // Notifications nobody answers, known or not, with bad parameters.
    client.notify("textDocument/didOpen", json!({"oops": true}));
    client.notify("$/whatever", json!(null));
    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"game": "poker"}}),
    );
    assert_eq!(client.request("shutdown", Value::Null), Value::Null);
    assert_eq!(
        client.error_code("textDocument/hover", at(uri, 0, 0)),
        -32600
    );
    client.notify("exit", Value::Null);
    assert_eq!(client.child.wait().unwrap().code(), Some(0));
}

#[test]
fn exit_without_shutdown_is_a_failure() {
    let mut client = Client::initialize(Value::Null);
    client.notify("exit", Value::Null);
    assert_eq!(client.child.wait().unwrap().code(), Some(1));
}

/// Each fix is a quick fix on its diagnostic, a safe one preferred; the
/// fix-all action applies every safe fix, and with `layout: tokens` a
/// hand spread over lines is read as the judges read it.
#[test]
fn quick_fixes_fix_all_and_the_tokens_layout() {
    let mut client = Client::initialize(Value::Null);
    let uri = "file:///hands/typo.bridge";
    let text = "KS QS 10H 8H 4H AC QC TC 5C KD QD JD 8D\nac 3c 4c as 7s 4s ad td 7d 5d ah 7h 5h\n";
    client.open(uri, text);
    let diagnostics = client.diagnostics(uri)["diagnostics"].clone();
    assert_eq!(diagnostics.as_array().unwrap().len(), 2);
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": range((0, 7), (0, 7)),
            "context": {"diagnostics": []},
        }),
    );
    let quick = &actions[0];
    assert_eq!(quick["kind"], "quickfix");
    assert_eq!(quick["isPreferred"], true);
    assert_eq!(
        quick["diagnostics"][0]["code"],
        "cardsharp::bridge::ten_as_digits"
    );
    assert_eq!(
        quick["edit"]["changes"][uri],
        json!([{"range": range((0, 6), (0, 9)), "newText": "TH"}])
    );
    let fix_all = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|action| action["kind"] == "source.fixAll")
        .expect("a fix-all action");
    assert_eq!(fix_all["edit"]["changes"][uri].as_array().unwrap().len(), 2);
    // Applying the quick fix clears its diagnostic.
    client.change(
        uri,
        2,
        json!([{"range": range((0, 6), (0, 9)), "text": "TH"}]),
    );
    assert_eq!(
        client.diagnostics(uri)["diagnostics"]
            .as_array()
            .unwrap()
            .len(),
        1
    );

    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"cardsharp": {"layout": "tokens"}}}),
    );
    let spread = "spread.bridge";
    let uri = format!("file:///hands/{spread}");
    client.open(&uri, "KS QS TH 8H 4H AC QC\nTC 5C KD QD JD 8D\n");
    assert_eq!(client.diagnostics(&uri)["diagnostics"], json!([]));
    assert_eq!(client.shut_down(), Some(0));
}

fn numbers(value: &Value) -> Vec<u64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|number| number.as_u64().unwrap())
        .collect()
}

/// The `invalid` modifier's bit: the last of the legend's modifiers.
const INVALID: u64 = 1 << 6;

/// A hand still being typed keeps its colour, and so does a line with one
/// bad token, which alone is marked invalid.
#[test]
fn colour_survives_typing() {
    let (mut client, capabilities) = Client::initialize_with(Value::Null, json!({}));
    let legend = &capabilities["semanticTokensProvider"]["legend"]["tokenModifiers"];
    assert_eq!(legend[6], "invalid");
    let uri = "file:///hands/typing.bridge";
    client.open(uri, "KS QS TH 8H 4H AC QC TC 5C KD QD\n");
    let data = numbers(&client.request("textDocument/semanticTokens/full", document(uri))["data"]);
    assert_eq!(data.len(), 22 * 5, "11 cards, a rank and a suit each");
    assert!(data.chunks(5).all(|token| token[4] & INVALID == 0));
    client.change(
        uri,
        2,
        json!([{"range": range((0, 6), (0, 8)), "text": "10H"}]),
    );
    let data = numbers(&client.request("textDocument/semanticTokens/full", document(uri))["data"]);
    let invalid: Vec<&[u64]> = data
        .chunks(5)
        .filter(|token| token[4] & INVALID != 0)
        .collect();
    assert_eq!(
        invalid,
        [&[0, 2, 3, 0, INVALID][..]],
        "`10H` alone is marked"
    );
    assert_eq!(data.len(), (20 + 1) * 5);
    assert_eq!(client.shut_down(), Some(0));
}

/// `range` gives the tokens of the lines asked; `full/delta` the tokens
/// that changed since the result named, or all of them for a result it
/// no longer holds.
#[test]
fn tokens_by_range_and_by_delta() {
    let (mut client, capabilities) = Client::initialize_with(Value::Null, json!({}));
    assert_eq!(capabilities["semanticTokensProvider"]["range"], true);
    assert_eq!(
        capabilities["semanticTokensProvider"]["full"]["delta"],
        true
    );
    let uri = "file:///hands/three.bridge";
    let hand = "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D\n";
    client.open(uri, &hand.repeat(3));
    let full = client.request("textDocument/semanticTokens/full", document(uri));
    let all = numbers(&full["data"]);
    assert_eq!(all.len(), 3 * 26 * 5);
    let mut params = document(uri);
    params["range"] = range((1, 0), (2, 0));
    let second = numbers(&client.request("textDocument/semanticTokens/range", params)["data"]);
    // The second line's tokens, the first of them counted from the start.
    let mut expected = all[26 * 5..52 * 5].to_vec();
    expected[0] = 1;
    assert_eq!(second, expected);

    // `8H` of the second hand becomes `8D`: one card's two tokens change.
    client.change(
        uri,
        2,
        json!([{"range": range((1, 9), (1, 11)), "text": "8D"}]),
    );
    let mut params = document(uri);
    params["previousResultId"] = full["resultId"].clone();
    let delta = client.request("textDocument/semanticTokens/full/delta", params.clone());
    let edits = delta["edits"].as_array().unwrap();
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0]["start"], (26 + 6) * 5);
    assert_eq!(edits[0]["deleteCount"], 2 * 5);
    assert_eq!(numbers(&edits[0]["data"]).len(), 2 * 5);
    assert_ne!(delta["resultId"], full["resultId"]);
    // The first result is no longer the last sent: all the tokens.
    let again = client.request("textDocument/semanticTokens/full/delta", params);
    assert_eq!(numbers(&again["data"]).len(), all.len());
    assert_eq!(client.shut_down(), Some(0));
}

/// A client that lists only plain text gets hovers without markup; a
/// record with faults tells its faults and fixes.
#[test]
fn hover_fits_the_client_and_tells_faults() {
    let plain_text = json!({"textDocument": {"hover": {"contentFormat": ["plaintext"]}}});
    let (mut client, _) = Client::initialize_with(Value::Null, plain_text);
    let uri = "file:///hands/faulty.bridge";
    client.open(uri, FAULTY);
    let hover = client.request("textDocument/hover", at(uri, 0, 3));
    assert_eq!(hover["contents"]["kind"], "plaintext");
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(text.starts_with("BID NO-TRUMP\n"), "{text}");
    assert!(!text.contains("**") && !text.contains("```"), "{text}");
    let hover = client.request("textDocument/hover", at(uri, 2, 7));
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(
        text.starts_with("not evaluated: this bridge record has 1 fault\n"),
        "{text}"
    );
    assert!(
        text.contains("\n- the ten is written `T`, not `10`"),
        "{text}"
    );
    assert!(text.contains("fixes (code actions):\n- "), "{text}");
    assert_eq!(client.shut_down(), Some(0));
}

/// `only` filters code actions by kind; a kind covers those below it.
#[test]
fn code_actions_honour_only() {
    let mut client = Client::initialize(Value::Null);
    let uri = "file:///hands/typo.bridge";
    client.open(uri, "KS QS 10H 8H 4H AC QC TC 5C KD QD JD 8D\n");
    let mut kinds = |only: Value| -> Vec<String> {
        let actions = client.request(
            "textDocument/codeAction",
            json!({
                "textDocument": {"uri": uri},
                "range": range((0, 7), (0, 7)),
                "context": {"diagnostics": [], "only": only},
            }),
        );
        actions
            .as_array()
            .unwrap()
            .iter()
            .map(|action| action["kind"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(kinds(json!(["quickfix"])), ["quickfix"]);
    assert_eq!(kinds(json!(["source.fixAll"])), ["source.fixAll"]);
    assert_eq!(kinds(json!(["source"])), ["source.fixAll"]);
    assert_eq!(kinds(json!(["refactor"])), Vec::<String>::new());
    assert_eq!(kinds(Value::Null), ["quickfix", "source.fixAll"]);
    assert_eq!(client.shut_down(), Some(0));
}
