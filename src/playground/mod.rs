//! The playground's one answer: every view of a text, as the command line
//! writes it. `cardsharp serve` sends it from `POST /api/analyze`, and the
//! WebAssembly module of the static site (`web/`) returns it in the
//! browser. Both call [`answer`], so the page reads the same bytes from
//! either.
//!
//! [`site`] holds what the page is made of: its files and the data it
//! shows (the examples, the grammar with its nom functions).

pub mod site;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::ast::Game;
use crate::pipeline::{Action, OutputFormat, Settings, run_bytes};
use crate::render::{DiagnosticFormat, format};
use crate::syntax::{Layout, Mode};
use crate::syntax::{Step, trace};

/// The request: the text, and how to read it. Both are taken as the command
/// line takes them, `auto` and `lines` when left out. `views` names the
/// views wanted, every one when left out: a page shows the results of a
/// large text first, and its tree and trace when they are looked at.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    text: String,
    #[serde(default)]
    game: GameField,
    #[serde(default)]
    layout: LayoutField,
    #[serde(default = "every_view")]
    views: Vec<View>,
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

/// A view of the text, named as its field of the answer.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum View {
    Results,
    Diagnostics,
    Tree,
    Explanations,
    Formatted,
    Trace,
}

fn every_view() -> Vec<View> {
    vec![
        View::Results,
        View::Diagnostics,
        View::Tree,
        View::Explanations,
        View::Formatted,
        View::Trace,
    ]
}

/// Every view of a text that was asked for; the others are left out. Each
/// list holds the lines the command line writes for standard input:
///
/// - `results`: from `run --output json`.
/// - `diagnostics`: from `check --diagnostics json`.
/// - `explanations`: from `explain --output json`.
/// - `tree`: from `parse --output json`.
///
/// `formatted` is what `fmt` writes. It is null where `fmt` leaves the
/// text alone, because the text has diagnostics. `trace` holds the first
/// [`TRACE_LIMIT`] steps of `parse --trace --output json`.
/// `trace_truncated`, sent with it, says whether there were more.
#[derive(Debug, Serialize)]
struct Views {
    #[serde(skip_serializing_if = "Option::is_none")]
    results: Option<Vec<Box<RawValue>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    diagnostics: Option<Vec<Box<RawValue>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tree: Option<Vec<Box<RawValue>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    explanations: Option<Vec<Box<RawValue>>>,
    // Left out when not asked for; null when `fmt` leaves the text alone.
    #[allow(clippy::option_option)]
    #[serde(skip_serializing_if = "Option::is_none")]
    formatted: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trace: Option<Vec<Step>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trace_truncated: Option<bool>,
}

/// The most steps of a trace the page is sent. That is a few hundred
/// records' worth, more than anyone steps through. A megabyte of hands
/// takes millions of steps.
pub const TRACE_LIMIT: usize = 20_000;

/// The name the command line gives standard input. With it the JSON is the
/// command line's, byte for byte.
const INPUT_NAME: &str = "<stdin>";

/// The answer to a request `{"text", "game", "layout", "views"}`: the JSON
/// object `{"results", "diagnostics", "tree", "explanations", "formatted",
/// "trace", "trace_truncated"}`, or those of `views` alone.
///
/// ```
/// let answer = cardsharp::playground::answer(br#"{"text": "AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H\n"}"#)?;
/// assert!(answer.starts_with(r#"{"results":[{"schema":"cardsharp/1","#));
/// assert!(answer.contains(r#""result":"BID NO-TRUMP""#));
/// let results = cardsharp::playground::answer(br#"{"text": "", "views": ["results"]}"#)?;
/// assert_eq!(results, r#"{"results":[]}"#);
/// # Ok::<(), String>(())
/// ```
///
/// # Errors
///
/// When the request is not that object, with a sentence that says why.
// Never panics: the views are JSON values and strings.
#[allow(clippy::missing_panics_doc)]
pub fn answer(request: &[u8]) -> Result<String, String> {
    let request: Request = serde_json::from_slice(request)
        .map_err(|problem| format!("expected {{\"text\", \"game\", \"layout\"}}: {problem}"))?;
    Ok(serde_json::to_string(&views(&request)).expect("JSON values serialise"))
}

fn views(request: &Request) -> Views {
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
    let wants = |view| request.views.contains(&view);
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
    let checked = [View::Results, View::Diagnostics, View::Formatted]
        .into_iter()
        .any(wants)
        .then(|| run(Action::Run));
    let trace = wants(View::Trace).then(|| trace(text, mode, layout));
    Views {
        results: checked
            .as_ref()
            .filter(|_| wants(View::Results))
            .map(|(results, _, _)| json_lines(results)),
        diagnostics: checked
            .as_ref()
            .filter(|_| wants(View::Diagnostics))
            .map(|(_, diagnostics, _)| json_lines(diagnostics)),
        tree: wants(View::Tree).then(|| json_lines(&run(Action::Parse).0)),
        explanations: wants(View::Explanations).then(|| json_lines(&run(Action::Explain).0)),
        formatted: checked
            .as_ref()
            .filter(|_| wants(View::Formatted))
            .map(|(_, _, tally)| {
                (tally.errors + tally.warnings == 0).then(|| format::source(text, mode, layout))
            }),
        trace_truncated: trace.as_ref().map(|steps| steps.len() > TRACE_LIMIT),
        trace: trace.map(|mut steps| {
            steps.truncate(TRACE_LIMIT);
            steps
        }),
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
