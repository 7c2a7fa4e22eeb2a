//! Output: judge-exact result lines, JSON results, and diagnostics in the
//! three formats (`human`, `short`, `json`).
//!
//! Diagnostics are rendered against a `Window`: only the lines of the
//! record at fault, with the number of its first line. miette then reads a
//! few hundred bytes per report, not the file from its start, so the cost of
//! thousands of errors grows with the errors, not with the file.

pub mod format;
pub(crate) mod position;
pub(crate) mod present;

use std::borrow::Cow;
use std::fmt::{self, Write as _};

use miette::{
    GraphicalReportHandler, GraphicalTheme, JSONReportHandler, LabeledSpan, MietteError,
    MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};
use serde::Serialize;

use crate::ast::{ChokerPair, Game, Record, Span};
use crate::diagnostic::{Description, Diagnostic, Severity};
use crate::interpret::Outcome;
use crate::interpret::bridge::{Bid, BridgeOutcome};
use crate::interpret::choker::{ChokerOutcome, Verdict};
use crate::interpret::whist::WhistOutcome;

/// The judge's line for one record, with its newline.
pub fn judge_line(record: &Record, outcome: &Outcome, out: &mut Vec<u8>) {
    match (record, outcome) {
        (Record::Bridge(_), Outcome::Bridge(outcome)) => bridge_line(outcome, out),
        (Record::Choker(pair), Outcome::Choker(outcome)) => choker_line(pair, outcome, out),
        (Record::Whist(_), Outcome::Whist(outcome)) => whist_line(outcome, out),
        _ => unreachable!("an outcome always comes from its own record's game"),
    }
}

/// The reasoning behind a record's outcome, as `explain` writes it after
/// its `line N: `: a heading, indented lines, then the judge's answer.
#[must_use]
pub fn explanation(record: &Record, outcome: &Outcome) -> String {
    use present::Present as _;
    let mut text = String::new();
    match (record, outcome) {
        (Record::Bridge(hand), Outcome::Bridge(outcome)) => hand.explain(outcome, &mut text),
        (Record::Choker(pair), Outcome::Choker(outcome)) => pair.explain(outcome, &mut text),
        (Record::Whist(deal), Outcome::Whist(outcome)) => deal.explain(outcome, &mut text),
        _ => unreachable!("an outcome always comes from its own record's game"),
    }
    text
}

/// `PASS`, `BID S`, `BID NO-TRUMP`.
#[inline(always)]
pub(crate) fn bridge_line(outcome: &BridgeOutcome, out: &mut Vec<u8>) {
    match outcome.bid {
        Bid::Pass => out.extend_from_slice(b"PASS\n"),
        Bid::NoTrump => out.extend_from_slice(b"BID NO-TRUMP\n"),
        Bid::Suit(suit) => out.extend_from_slice(&[
            b'B',
            b'I',
            b'D',
            b' ',
            Game::Bridge.alphabet().suit_letter(suit),
            b'\n',
        ]),
    }
}

/// `Joey vs Clucky: Joey Wins`, names exactly as written.
#[inline(always)]
pub(crate) fn choker_line(pair: &ChokerPair, outcome: &ChokerOutcome, out: &mut Vec<u8>) {
    let (first, second) = (&pair.first.name, &pair.second.name);
    first.write_to(out);
    out.extend_from_slice(b" vs ");
    second.write_to(out);
    out.extend_from_slice(b": ");
    // Which hand won is as good as random, so the winner's name is picked
    // by index, not by a branch that would be mispredicted half the time.
    if matches!(outcome.verdict, Verdict::FirstWins | Verdict::SecondWins) {
        let winner = [first, second][usize::from(outcome.verdict == Verdict::SecondWins)];
        winner.write_to(out);
        out.extend_from_slice(b" Wins\n");
    } else {
        out.extend_from_slice(b"No Winner\n");
    }
}

/// `EW 1`: the winning team and its score.
#[inline(always)]
pub(crate) fn whist_line(outcome: &WhistOutcome, out: &mut Vec<u8>) {
    let [first, second] = *outcome
        .winner
        .code()
        .as_bytes()
        .first_chunk()
        .expect("a team's code is two letters");
    // A score is 1 to 7: one digit. One copy of a fixed size, which the
    // compiler makes inline.
    out.extend_from_slice(&[first, second, b' ', b'0' + outcome.score, b'\n']);
}

/// One record as a JSON line: the version of the shape, where the record
/// is, and what `extra` holds (the result, the explanation or the syntax
/// tree).
///
/// The version, `"schema": "cardsharp/1"` first in every line, is serde's
/// tag of a struct (its name, renamed here): the pipeline builds the
/// struct and need not know of it. `schema/cardsharp.schema.json`
/// describes this version; a change of shape that could break a reader
/// takes a new one.
#[derive(Serialize)]
#[serde(tag = "schema", rename = "cardsharp/1")]
pub(crate) struct JsonRecord<'a, T: Serialize> {
    pub path: &'a str,
    pub game: Game,
    pub line: usize,
    pub span: Span,
    #[serde(flatten)]
    pub extra: T,
}

/// `{"result": ...}`: the judge's line without its newline.
#[derive(Serialize)]
pub(crate) struct JsonResult<'a> {
    pub result: &'a str,
}

/// `{"result": ..., "explanation": ...}`.
#[derive(Serialize)]
pub(crate) struct JsonExplanation<'a, O: Serialize> {
    pub result: &'a str,
    pub explanation: &'a O,
}

/// `{"record": ...}`: the typed syntax tree.
#[derive(Serialize)]
pub(crate) struct JsonTree<'a, R: Serialize> {
    pub record: &'a R,
}

/// Writes `record` as one JSON line.
pub(crate) fn json_line<T: Serialize>(record: &JsonRecord<'_, T>, out: &mut Vec<u8>) {
    serde_json::to_writer(&mut *out, record).expect("writing to a Vec cannot fail");
    out.push(b'\n');
}

/// The judge's line as text for JSON: without its newline.
#[must_use]
pub(crate) fn judge_text(line: &[u8]) -> &str {
    std::str::from_utf8(line.strip_suffix(b"\n").unwrap_or(line)).expect("judge lines are ASCII")
}

/// How diagnostics are written to stderr.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagnosticFormat {
    /// miette's graphical report.
    Human { color: bool, width: usize },
    /// `path:line:column: severity[code]: message`.
    Short,
    /// One object per line, as miette's `JSONReportHandler` writes it,
    /// with the primary label's `line`, `column`, `end_line` and
    /// `end_column` added at its end.
    Json,
}

/// The lines a diagnostic is shown against: `text` starts at byte `offset`
/// of the input named `name`, on line `first_line` (1-based).
#[derive(Clone, Debug)]
pub(crate) struct Window<'a> {
    pub name: &'a str,
    pub text: &'a [u8],
    pub offset: usize,
    pub first_line: usize,
}

impl Window<'_> {
    /// `span` cut to the bytes the window holds, empty at its nearer edge
    /// when it holds none of them. A secondary label may reach back beyond
    /// the record's lines (the pairs of a Choker section before its
    /// unpaired hand), where the input was read in earlier blocks and is
    /// gone; miette draws what the window holds, and the diagnostic itself
    /// keeps the whole span for JSON.
    fn clip(&self, span: Span) -> Span {
        let end = self.offset + self.text.len();
        let start = span.offset.clamp(self.offset, end);
        Span::new(start, span.end().clamp(start, end) - start)
    }

    /// The 1-based line and column of the input's byte `offset`, counted
    /// as [`position`] says.
    #[must_use]
    pub(crate) fn line_column(&self, offset: usize) -> (usize, usize) {
        position::line_column(
            self.text,
            self.first_line,
            offset.saturating_sub(self.offset),
        )
    }
}

/// A window as miette reads it: the text made valid UTF-8 byte for byte
/// (each invalid byte becomes `?`) so that offsets do not move.
struct WindowSource<'a> {
    window: Window<'a>,
    text: Cow<'a, str>,
}

impl<'a> WindowSource<'a> {
    fn new(window: &Window<'a>) -> Self {
        let text = match std::str::from_utf8(window.text) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => Cow::Owned(window.text.utf8_chunks().fold(
                String::new(),
                |mut text, chunk| {
                    text.push_str(chunk.valid());
                    text.extend(chunk.invalid().iter().map(|_| '?'));
                    text
                },
            )),
        };
        Self {
            window: window.clone(),
            text,
        }
    }
}

impl SourceCode for WindowSource<'_> {
    fn read_span<'b>(
        &'b self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
        let start = span
            .offset()
            .checked_sub(self.window.offset)
            .ok_or(MietteError::OutOfBounds)?;
        let local = SourceSpan::new(start.into(), span.len());
        let contents = <str as SourceCode>::read_span(
            &self.text,
            &local,
            context_lines_before,
            context_lines_after,
        )?;
        let found = contents.span();
        let offset = found.offset() + self.window.offset;
        // miette counts a column in bytes and ends a line at a lone `\r`;
        // the header `[path:line:column]` must agree with `short` and `json`.
        let (line, column) = self.window.line_column(offset);
        Ok(Box::new(MietteSpanContents::new_named(
            self.window.name.to_owned(),
            contents.data(),
            SourceSpan::new(offset.into(), found.len()),
            line - 1,
            column - 1,
            contents.line_count(),
        )))
    }
}

/// A diagnostic with its window, as miette wants it.
struct Report<'a> {
    diagnostic: &'a Diagnostic,
    /// Worded once: miette asks for each part separately.
    description: Description,
    code: String,
    source: WindowSource<'a>,
    /// Whether labels keep their whole spans (JSON, which only names the
    /// bytes) or are cut to the window (drawn, which needs the text).
    whole_spans: bool,
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Report")
            .field("diagnostic", self.diagnostic)
            .finish_non_exhaustive()
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.description.message)
    }
}

impl std::error::Error for Report<'_> {}

fn source_span(span: Span) -> SourceSpan {
    SourceSpan::new(span.offset.into(), span.len)
}

impl miette::Diagnostic for Report<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(&self.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.description.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.description
            .help
            .as_ref()
            .map(|help| Box::new(help) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let primary = LabeledSpan::new_primary_with_span(
            Some(self.description.label.clone()),
            source_span(self.diagnostic.span),
        );
        let window = &self.source.window;
        let secondary = self.description.secondary.iter().filter_map(|label| {
            let span = if self.whole_spans {
                label.span
            } else {
                // Drawn only where the window holds some of it: the
                // message and help name what lies before.
                Some(window.clip(label.span))
                    .filter(|clipped| clipped.len > 0 || label.span.len == 0)?
            };
            Some(LabeledSpan::new_with_span(
                Some(label.text.to_owned()),
                source_span(span),
            ))
        });
        Some(Box::new(std::iter::once(primary).chain(secondary)))
    }
}

/// Writes `diagnostic` in `format`, ending with a newline.
pub(crate) fn diagnostic(
    diagnostic: &Diagnostic,
    window: &Window<'_>,
    format: DiagnosticFormat,
    out: &mut Vec<u8>,
) {
    let description = diagnostic.describe();
    let report = Report {
        diagnostic,
        code: diagnostic.scope.qualified_code(description.code),
        description,
        source: WindowSource::new(window),
        whole_spans: format == DiagnosticFormat::Json,
    };
    let mut text = String::new();
    match format {
        DiagnosticFormat::Human { color, width } => {
            let theme = if color {
                GraphicalTheme::unicode()
            } else {
                GraphicalTheme::unicode_nocolor()
            };
            let handler = GraphicalReportHandler::new_themed(theme)
                .with_width(width)
                .with_links(false);
            if handler.render_report(&mut text, &report).is_err() {
                text = short_line(&report, window);
            }
            text.push('\n');
        }
        DiagnosticFormat::Short => text = short_line(&report, window),
        DiagnosticFormat::Json => {
            if JSONReportHandler::new()
                .render_report(&mut text, &report)
                .is_err()
            {
                text = short_line(&report, window);
            } else {
                json_position(diagnostic, window, &mut text);
            }
            text.push('\n');
        }
    }
    out.extend_from_slice(text.as_bytes());
}

/// Adds the primary label's position to the JSON object in `text`, before
/// its closing brace, in miette's layout: the text is not parsed again, so
/// a file of many errors costs no more than miette's own writing.
///
/// The end is exclusive, as rustc's `column_end` and LSP's `end`: the
/// position just after the label's last character, equal to the start for
/// an empty label.
fn json_position(diagnostic: &Diagnostic, window: &Window<'_>, text: &mut String) {
    let span = diagnostic.span;
    let (line, column) = window.line_column(span.offset);
    let (end_line, end_column) = window.line_column(span.offset + span.len);
    if text.ends_with('}') {
        text.pop();
        write!(
            text,
            r#","line": {line},"column": {column},"end_line": {end_line},"end_column": {end_column}}}"#
        )
        .expect("writing to a String cannot fail");
    }
}

fn short_line(report: &Report<'_>, window: &Window<'_>) -> String {
    let (line, column) = window.line_column(report.diagnostic.span.offset);
    let severity = match report.description.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    format!(
        "{}:{line}:{column}: {severity}[{}]: {}\n",
        window.name, report.code, report.description.message
    )
}
