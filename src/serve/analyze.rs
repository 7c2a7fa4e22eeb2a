//! `POST /api/analyze`: a text in, every view of it out, each as the
//! command line's JSON gives it.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::ast::Game;
use crate::pipeline::{Action, OutputFormat, Settings, run_bytes};
use crate::render::{DiagnosticFormat, format};
use crate::syntax::{Layout, Mode};
use crate::syntax::{Step, trace};

use super::error;

/// The request: the text, and how to read it. Both are taken as the command
/// line takes them, `auto` and `lines` when left out.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    text: String,
    #[serde(default)]
    game: GameField,
    #[serde(default)]
    layout: LayoutField,
}

#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum GameField {
    #[default]
    Auto,
    Bridge,
    Choker,
    Whist,
}

#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum LayoutField {
    #[default]
    Lines,
    Tokens,
    Strict,
}

/// Every view of a text. Each list holds the lines the command line writes
/// for standard input:
///
/// - `results`: from `run --output json`.
/// - `diagnostics`: from `check --diagnostics json`.
/// - `explanations`: from `explain --output json`.
/// - `tree`: from `parse --output json`.
///
/// `formatted` is what `fmt` writes. It is `None` where `fmt` leaves the
/// text alone, because the text has diagnostics. `trace` holds the first
/// [`TRACE_LIMIT`] steps of `parse --trace --output json`.
/// `trace_truncated` says whether there were more.
#[derive(Debug, Serialize)]
struct Analysis {
    results: Vec<Box<RawValue>>,
    diagnostics: Vec<Box<RawValue>>,
    tree: Vec<Box<RawValue>>,
    explanations: Vec<Box<RawValue>>,
    formatted: Option<String>,
    trace: Vec<Step>,
    trace_truncated: bool,
}

/// The most steps of a trace the page is sent. That is a few hundred
/// records' worth, more than anyone steps through. A megabyte of hands
/// takes millions of steps.
const TRACE_LIMIT: usize = 20_000;

/// The name the command line gives standard input. With it the JSON is the
/// command line's, byte for byte.
const INPUT_NAME: &str = "<stdin>";

pub(super) async fn analyze(body: Result<Bytes, BytesRejection>) -> Response {
    let body = match body {
        Ok(body) => body,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return error(
                StatusCode::PAYLOAD_TOO_LARGE,
                "the playground reads texts up to 1 MiB",
            );
        }
        Err(rejection) => return error(rejection.status(), &rejection.body_text()),
    };
    let request: Request = match serde_json::from_slice(&body) {
        Ok(request) => request,
        Err(problem) => {
            return error(
                StatusCode::BAD_REQUEST,
                &format!("expected {{\"text\", \"game\", \"layout\"}}: {problem}"),
            );
        }
    };
    // The pipeline runs on rayon's pool, off the runtime's threads. So a
    // large text holds up no other client.
    match tokio::task::spawn_blocking(move || views(&request)).await {
        Ok(analysis) => (
            [(header::CONTENT_TYPE, "application/json")],
            serde_json::to_string(&analysis).expect("JSON values serialise"),
        )
            .into_response(),
        Err(_) => error(StatusCode::INTERNAL_SERVER_ERROR, "the analysis failed"),
    }
}

fn views(request: &Request) -> Analysis {
    let mode = match request.game {
        GameField::Auto => Mode::Auto,
        GameField::Bridge => Mode::Forced(Game::Bridge),
        GameField::Choker => Mode::Forced(Game::Choker),
        GameField::Whist => Mode::Forced(Game::Whist),
    };
    let layout = match request.layout {
        LayoutField::Lines => Layout::Lines,
        LayoutField::Tokens => Layout::Tokens,
        LayoutField::Strict => Layout::Strict,
    };
    let text = request.text.as_bytes();
    let run = |action| {
        let settings = Settings {
            mode,
            layout,
            action,
            output: OutputFormat::Json,
            diagnostics: DiagnosticFormat::Json,
        };
        run_bytes(INPUT_NAME, text, &settings)
    };
    let (results, diagnostics, tally) = run(Action::Run);
    let (explanations, _, _) = run(Action::Explain);
    let (tree, _, _) = run(Action::Parse);
    let mut steps = trace(text, mode, layout);
    let trace_truncated = steps.len() > TRACE_LIMIT;
    steps.truncate(TRACE_LIMIT);
    Analysis {
        results: json_lines(&results),
        diagnostics: json_lines(&diagnostics),
        tree: json_lines(&tree),
        explanations: json_lines(&explanations),
        formatted: (tally.errors + tally.warnings == 0).then(|| format::source(text, mode, layout)),
        trace: steps,
        trace_truncated,
    }
}

/// Each line of `text` as it is written, keys in the command line's order.
/// A line that is not JSON becomes a string. Such a line is a report miette
/// could not write as JSON, so it is told in the short format instead.
fn json_lines(text: &str) -> Vec<Box<RawValue>> {
    text.lines()
        .map(|line| {
            RawValue::from_string(line.to_owned()).unwrap_or_else(|_| {
                serde_json::value::to_raw_value(line).expect("a string is JSON")
            })
        })
        .collect()
}
