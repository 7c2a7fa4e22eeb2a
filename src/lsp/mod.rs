//! `cardsharp lsp`: a language server on standard input and output. It lets
//! an editor show what `check`, `run`, `explain` and `fmt` would say while
//! the file is typed. The server runs the library's front end
//! (`cardsharp::analyze`) and render functions on the editor's text. Only
//! this module knows about the protocol.
//!
//! One thread reads messages (`transport`), and the main thread answers
//! them in order. Changes are applied as they come. The text is checked
//! when a request needs it. It is checked once more when the diagnostics
//! are published, after all waiting messages are handled. So changes that
//! arrive faster than they are checked are checked once, at their latest
//! text.

mod colour;
mod document;
mod features;
mod position;
mod transport;

use std::collections::HashMap;
use std::io;
use std::process::ExitCode;
use std::sync::mpsc;

use lsp_server::{ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeConfiguration, DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument,
    Notification as _, PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, DocumentSymbolRequest, Formatting, HoverRequest, InlayHintRequest,
    Request as _, SemanticTokensFullDeltaRequest, SemanticTokensFullRequest,
    SemanticTokensRangeRequest,
};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, DocumentSymbolResponse,
    HoverProviderCapability, InitializeResult, OneOf, PublishDiagnosticsParams,
    SemanticTokensFullDeltaResult, SemanticTokensFullOptions, SemanticTokensOptions,
    SemanticTokensRangeResult, SemanticTokensResult, SemanticTokensServerCapabilities,
    ServerCapabilities, ServerInfo, TextDocumentIdentifier, TextDocumentSyncCapability,
    TextDocumentSyncKind, Uri,
};
use serde::Deserialize;
use serde_json::Value;

use cardsharp::Layout;
use cardsharp::ast::Game;
use document::{Document, Tokens, View};
use transport::Outgoing;

/// Serves the editor on standard input and output until it says `exit`. As
/// the protocol says, that is success when it asked for a shutdown first.
pub(crate) fn serve() -> ExitCode {
    let (sender, messages) = mpsc::channel();
    std::thread::spawn(move || transport::read(&mut io::stdin().lock(), &sender));
    let (outbox, outgoing) = mpsc::channel::<Outgoing>();
    let writer = std::thread::spawn(move || {
        // A client gone away is seen as the end of the input.
        outgoing
            .iter()
            .try_for_each(|message| transport::write(&message))
    });
    let status = run(&messages, outbox);
    let _ = writer.join();
    status
}

/// Answers `messages` in order, sending what the server says on
/// `outbox`, until `exit` or the end of the messages.
fn run(messages: &mpsc::Receiver<Message>, outbox: mpsc::Sender<Outgoing>) -> ExitCode {
    let mut server = Server::new(outbox);
    while let Ok(first) = messages.recv() {
        let mut next = Some(first);
        while let Some(message) = next {
            if let Some(status) = server.handle(message) {
                return status;
            }
            next = messages.try_recv().ok();
        }
        server.publish();
    }
    // The input ended without `exit`.
    ExitCode::FAILURE
}

struct Server {
    state: State,
    documents: HashMap<Uri, Document>,
    /// The documents changed since their diagnostics were last published.
    changed: Vec<Uri>,
    /// The game of a document whose extension names none; `None` is auto.
    game: Option<Game>,
    /// How every document is laid out: the `layout` setting.
    layout: Layout,
    /// Whether hovers are markdown. They are unless the client lists only
    /// other formats (eglot without markdown-mode asks for plain text).
    markdown: bool,
    outbox: mpsc::Sender<Outgoing>,
}

#[derive(Default, PartialEq)]
enum State {
    #[default]
    Uninitialized,
    Running,
    ShutDown,
}

/// The `game` setting: `auto` or a game's name.
#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum GameSetting {
    Auto,
    Bridge,
    Choker,
    Whist,
}

/// The `layout` setting: `lines` or `tokens`.
#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum LayoutSetting {
    Lines,
    Tokens,
}

impl GameSetting {
    const fn game(self) -> Option<Game> {
        match self {
            GameSetting::Auto => None,
            GameSetting::Bridge => Some(Game::Bridge),
            GameSetting::Choker => Some(Game::Choker),
            GameSetting::Whist => Some(Game::Whist),
        }
    }
}

/// A request's failure, as the reply carries it.
struct Failure {
    code: ErrorCode,
    message: String,
}

impl Failure {
    fn invalid_params(message: String) -> Self {
        Self {
            code: ErrorCode::InvalidParams,
            message,
        }
    }
}

impl Server {
    fn new(outbox: mpsc::Sender<Outgoing>) -> Self {
        Self {
            state: State::Uninitialized,
            documents: HashMap::new(),
            changed: Vec::new(),
            game: None,
            layout: Layout::Lines,
            markdown: true,
            outbox,
        }
    }

    /// Handles one message; the exit status once the client says `exit`.
    fn handle(&mut self, message: Message) -> Option<ExitCode> {
        match message {
            Message::Request(request) => {
                let reply = self.request(request);
                self.send(reply);
            }
            Message::Notification(notification) if notification.method == "exit" => {
                return Some(if self.state == State::ShutDown {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::FAILURE
                });
            }
            Message::Notification(notification) => {
                if self.state == State::Running {
                    self.notification(notification);
                }
            }
            // The server sends no requests, so a response answers nothing.
            Message::Response(_) => {}
        }
        None
    }

    fn request(&mut self, request: Request) -> Outgoing {
        let id = request.id.clone();
        let answer = match (&self.state, request.method.as_str()) {
            (State::Uninitialized, "initialize") => Ok(self.initialize(&request.params)),
            (State::Uninitialized, _) => Err(Failure {
                code: ErrorCode::ServerNotInitialized,
                message: "the first request must be `initialize`".to_owned(),
            }),
            (State::ShutDown, _) => Err(Failure {
                code: ErrorCode::InvalidRequest,
                message: "the server is shut down: only `exit` is left".to_owned(),
            }),
            (State::Running, "initialize") => Err(Failure {
                code: ErrorCode::InvalidRequest,
                message: "the server is already initialized".to_owned(),
            }),
            (State::Running, "shutdown") => {
                self.state = State::ShutDown;
                Ok("null".to_owned())
            }
            (State::Running, HoverRequest::METHOD) => {
                let markdown = self.markdown;
                self.answer::<HoverRequest>(request, |view, params| {
                    let position = params.text_document_position_params.position;
                    Ok(features::hover(view, at(view, position)?, markdown))
                })
            }
            (State::Running, InlayHintRequest::METHOD) => self
                .answer::<InlayHintRequest>(request, |view, params| {
                    Ok(Some(features::inlay_hints(view, params.range)))
                }),
            (State::Running, DocumentSymbolRequest::METHOD) => self
                .answer::<DocumentSymbolRequest>(request, |view, _| {
                    Ok(Some(DocumentSymbolResponse::Nested(features::symbols(
                        view,
                    ))))
                }),
            (State::Running, SemanticTokensFullRequest::METHOD) => self
                .answer_document::<SemanticTokensFullRequest>(request, |document, view, _| {
                    let data = colour::tokens(view, None);
                    let id = document.tokens_sent(&data);
                    Ok(Some(SemanticTokensResult::Tokens(colour::full(&id, data))))
                }),
            (State::Running, SemanticTokensFullDeltaRequest::METHOD) => {
                self.answer_document::<SemanticTokensFullDeltaRequest>(
                    request,
                    |document, view, params| {
                        let data = colour::tokens(view, None);
                        let previous = document.tokens_before(&params.previous_result_id);
                        let id = document.tokens_sent(&data);
                        Ok(Some(match previous {
                            Some(before) => SemanticTokensFullDeltaResult::TokensDelta(
                                colour::delta(&id, &before, &data),
                            ),
                            None => SemanticTokensFullDeltaResult::Tokens(colour::full(&id, data)),
                        }))
                    },
                )
            }
            (State::Running, SemanticTokensRangeRequest::METHOD) => self
                .answer::<SemanticTokensRangeRequest>(request, |view, params| {
                    let start = at(view, params.range.start)?;
                    let end = view.offset(params.range.end).unwrap_or(view.text.len());
                    let within = cardsharp::ast::Span::new(start, end.saturating_sub(start));
                    Ok(Some(SemanticTokensRangeResult::Tokens(
                        lsp_types::SemanticTokens {
                            result_id: None,
                            data: colour::tokens(view, Some(within)),
                        },
                    )))
                }),
            (State::Running, CodeActionRequest::METHOD) => {
                self.answer::<CodeActionRequest>(request, |view, params| {
                    Ok(Some(features::code_actions(
                        &params.text_document.uri,
                        view,
                        params.range,
                        params.context.only.as_deref(),
                    )))
                })
            }
            (State::Running, Formatting::METHOD) => {
                self.answer::<Formatting>(request, |view, _| Ok(Some(features::formatting(view))))
            }
            (State::Running, method) => Err(Failure {
                code: ErrorCode::MethodNotFound,
                message: format!("cardsharp does not answer `{method}`"),
            }),
        };
        match answer {
            Ok(result) => Outgoing::Reply { id, result },
            Err(failure) => {
                Message::from(Response::new_err(id, failure.code as i32, failure.message)).into()
            }
        }
    }

    fn initialize(&mut self, params: &Value) -> String {
        if let Some(options) = params.get("initializationOptions") {
            self.take_settings(options);
        }
        if let Some(formats) = params
            .pointer("/capabilities/textDocument/hover/contentFormat")
            .and_then(Value::as_array)
        {
            self.markdown = formats.iter().any(|format| format == "markdown");
        }
        self.state = State::Running;
        serde_json::to_string(&InitializeResult {
            capabilities: capabilities(),
            server_info: Some(ServerInfo {
                name: "cardsharp".to_owned(),
                version: Some(env!("CARGO_PKG_VERSION").to_owned()),
            }),
        })
        .expect("capabilities are JSON")
    }

    /// Answers request `R` on the document its parameters name, with
    /// `respond`. An unknown document, or parameters of another shape, get
    /// `InvalidParams`.
    fn answer<R>(
        &mut self,
        request: Request,
        respond: impl FnOnce(&View<'_>, R::Params) -> Result<R::Result, Failure>,
    ) -> Result<String, Failure>
    where
        R: lsp_types::request::Request,
        R::Params: Named,
    {
        self.answer_document::<R>(request, |_, view, params| respond(view, params))
    }

    /// [`Self::answer`], for an answer that the document remembers. That is
    /// the semantic tokens sent, which a delta is counted from.
    fn answer_document<R>(
        &mut self,
        request: Request,
        respond: impl FnOnce(&mut Tokens, &View<'_>, R::Params) -> Result<R::Result, Failure>,
    ) -> Result<String, Failure>
    where
        R: lsp_types::request::Request,
        R::Params: Named,
    {
        let params = serde_json::from_value::<R::Params>(request.params)
            .map_err(|error| Failure::invalid_params(format!("{}: {error}", R::METHOD)))?;
        let uri = params.document().uri.clone();
        let document = self
            .documents
            .get_mut(&uri)
            .ok_or_else(|| Failure::invalid_params(format!("{} is not open", uri.as_str())))?;
        let (view, tokens) = document.view_and_tokens(self.game, self.layout);
        let result = respond(tokens, &view, params)?;
        Ok(serde_json::to_string(&result).expect("results are JSON"))
    }

    fn notification(&mut self, notification: Notification) {
        let method = notification.method.clone();
        let read =
            match method.as_str() {
                DidOpenTextDocument::METHOD => notification.extract(&method).map(
                    |params: lsp_types::DidOpenTextDocumentParams| {
                        let document = params.text_document;
                        self.documents.insert(
                            document.uri.clone(),
                            Document::new(&document.uri, document.text, document.version),
                        );
                        self.changed.push(document.uri);
                    },
                ),
                DidChangeTextDocument::METHOD => notification.extract(&method).map(
                    |params: lsp_types::DidChangeTextDocumentParams| {
                        let uri = params.text_document.uri;
                        if let Some(document) = self.documents.get_mut(&uri) {
                            document.change(params.text_document.version, params.content_changes);
                            self.changed.push(uri);
                        }
                    },
                ),
                DidCloseTextDocument::METHOD => notification.extract(&method).map(
                    |params: lsp_types::DidCloseTextDocumentParams| {
                        let uri = params.text_document.uri;
                        self.documents.remove(&uri);
                        self.changed.retain(|changed| *changed != uri);
                        // Its diagnostics go with it.
                        self.notify::<PublishDiagnostics>(PublishDiagnosticsParams::new(
                            uri,
                            Vec::new(),
                            None,
                        ));
                    },
                ),
                DidChangeConfiguration::METHOD => notification.extract(&method).map(
                    |params: lsp_types::DidChangeConfigurationParams| {
                        self.configure(&params.settings);
                    },
                ),
                // Others (`initialized`, `$/cancelRequest`, saves) change nothing.
                _ => Ok(()),
            };
        if let Err(error) = read {
            self.log(&format!("cardsharp: ignored `{method}`: {error}"));
        }
    }

    /// Takes the settings of `workspace/didChangeConfiguration`. When they
    /// name a game or a layout, every open document is checked again.
    fn configure(&mut self, settings: &Value) {
        if self.take_settings(settings) {
            for (uri, document) in &mut self.documents {
                document.forget();
                self.changed.push(uri.clone());
            }
        }
    }

    /// Takes the `game` and `layout` settings from `settings`, at their top
    /// or under `cardsharp`. Other keys are the editor's. Returns whether
    /// they named either.
    fn take_settings(&mut self, settings: &Value) -> bool {
        let settings = settings.get("cardsharp").unwrap_or(settings);
        let mut changed = false;
        if let Some(game) = settings.get("game") {
            match GameSetting::deserialize(game) {
                Ok(game) => {
                    self.game = game.game();
                    changed = true;
                }
                Err(error) => self.log(&format!(
                    "cardsharp: the game setting is left as it was: {error}"
                )),
            }
        }
        if let Some(layout) = settings.get("layout") {
            match LayoutSetting::deserialize(layout) {
                Ok(layout) => {
                    self.layout = match layout {
                        LayoutSetting::Lines => Layout::Lines,
                        LayoutSetting::Tokens => Layout::Tokens,
                    };
                    changed = true;
                }
                Err(error) => self.log(&format!(
                    "cardsharp: the layout setting is left as it was: {error}"
                )),
            }
        }
        changed
    }

    /// Publishes the diagnostics of every document changed since the last
    /// time, each checked at its latest text.
    fn publish(&mut self) {
        let mut changed = std::mem::take(&mut self.changed);
        changed.sort_unstable();
        changed.dedup();
        for uri in changed {
            let Some(document) = self.documents.get_mut(&uri) else {
                continue;
            };
            let version = document.version;
            let diagnostics = features::diagnostics(&uri, &document.view(self.game, self.layout));
            self.notify::<PublishDiagnostics>(PublishDiagnosticsParams::new(
                uri,
                diagnostics,
                Some(version),
            ));
        }
    }

    fn notify<N: lsp_types::notification::Notification>(&self, params: N::Params) {
        self.send(Message::from(Notification::new(N::METHOD.to_owned(), params)).into());
    }

    /// A line for the editor's log of this server.
    fn log(&self, message: &str) {
        self.notify::<lsp_types::notification::LogMessage>(lsp_types::LogMessageParams {
            typ: lsp_types::MessageType::WARNING,
            message: message.to_owned(),
        });
    }

    fn send(&self, outgoing: Outgoing) {
        // The writer stops only when the client is gone.
        let _ = self.outbox.send(outgoing);
    }
}

/// The byte offset of `position`, or `InvalidParams` past the last line.
fn at(view: &View<'_>, position: lsp_types::Position) -> Result<usize, Failure> {
    view.offset(position).ok_or_else(|| {
        Failure::invalid_params(format!(
            "line {} is past the end of the document",
            position.line
        ))
    })
}

/// Request parameters that name one document.
trait Named {
    fn document(&self) -> &TextDocumentIdentifier;
}

impl Named for lsp_types::HoverParams {
    fn document(&self) -> &TextDocumentIdentifier {
        &self.text_document_position_params.text_document
    }
}

impl Named for lsp_types::InlayHintParams {
    fn document(&self) -> &TextDocumentIdentifier {
        &self.text_document
    }
}

impl Named for lsp_types::DocumentSymbolParams {
    fn document(&self) -> &TextDocumentIdentifier {
        &self.text_document
    }
}

impl Named for lsp_types::SemanticTokensParams {
    fn document(&self) -> &TextDocumentIdentifier {
        &self.text_document
    }
}

impl Named for lsp_types::SemanticTokensDeltaParams {
    fn document(&self) -> &TextDocumentIdentifier {
        &self.text_document
    }
}

impl Named for lsp_types::SemanticTokensRangeParams {
    fn document(&self) -> &TextDocumentIdentifier {
        &self.text_document
    }
}

impl Named for lsp_types::CodeActionParams {
    fn document(&self) -> &TextDocumentIdentifier {
        &self.text_document
    }
}

impl Named for lsp_types::DocumentFormattingParams {
    fn document(&self) -> &TextDocumentIdentifier {
        &self.text_document
    }
}

fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        inlay_hint_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![
                CodeActionKind::QUICKFIX,
                CodeActionKind::SOURCE_FIX_ALL,
            ]),
            ..CodeActionOptions::default()
        })),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: colour::legend(),
                full: Some(SemanticTokensFullOptions::Delta { delta: Some(true) }),
                range: Some(true),
                ..SemanticTokensOptions::default()
            },
        )),
        ..ServerCapabilities::default()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use lsp_server::{Message, Notification, Request};
    use serde_json::json;

    use super::{Outgoing, run};

    fn notification(method: &str, params: serde_json::Value) -> Message {
        Notification::new(method.to_owned(), params).into()
    }

    #[test]
    fn changes_waiting_together_are_checked_once_at_their_latest_text() {
        let uri = "file:///typed.txt";
        let (sender, messages) = mpsc::channel();
        let initialize = Request::new(
            1.into(),
            "initialize".to_owned(),
            json!({"capabilities": {}}),
        );
        sender.send(initialize.into()).unwrap();
        sender.send(notification("initialized", json!({}))).unwrap();
        let open = json!({"textDocument": {"uri": uri, "languageId": "cardsharp", "version": 1, "text": ""}});
        sender
            .send(notification("textDocument/didOpen", open))
            .unwrap();
        let hand = "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D";
        for (typed, card) in hand.split(' ').enumerate() {
            let text = if typed == 0 {
                card.to_owned()
            } else {
                format!(" {card}")
            };
            let change = json!({
                "textDocument": {"uri": uri, "version": typed + 2},
                "contentChanges": [{"range": {"start": {"line": 0, "character": 100}, "end": {"line": 0, "character": 100}}, "text": text}],
            });
            sender
                .send(notification("textDocument/didChange", change))
                .unwrap();
        }
        drop(sender);
        let (outbox, outgoing) = mpsc::channel();
        run(&messages, outbox);
        let published: Vec<_> = outgoing
            .iter()
            .filter_map(|outgoing| match outgoing {
                Outgoing::Message(Message::Notification(notification))
                    if notification.method == "textDocument/publishDiagnostics" =>
                {
                    Some(notification.params)
                }
                _ => None,
            })
            .collect();
        assert_eq!(published.len(), 1, "{published:?}");
        assert_eq!(published[0]["version"], 14);
        assert_eq!(published[0]["diagnostics"], json!([]));
    }
}
