//! Output: judge-exact result lines, JSON results, and diagnostics in the
//! five formats (`human`, `short`, `json`, `github`, `sarif`).
//!
//! Diagnostics are rendered against a `Window`: only the lines of the
//! record at fault, with the number of its first line. miette then reads a
//! few hundred bytes per report, not the file from its start, so the cost of
//! thousands of errors grows with the errors, not with the file.

pub mod format;
pub(crate) mod github;
pub(crate) mod position;
pub(crate) mod present;
pub mod sarif;
pub(crate) use present::ErrorNode;

use std::borrow::Cow;
use std::fmt::{self, Write as _};
use std::path::{Component, Path};

use miette::{
    GraphicalReportHandler, GraphicalTheme, JSONReportHandler, LabeledSpan, MietteError,
    MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};
use serde::Serialize;

use crate::ast::{ChokerPair, Game, Record, Span};
use crate::diagnostic::{Applicability, Description, Diagnostic, Fix, Severity};
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

/// `{"error": ...}`: a faulty record as `parse` keeps it.
#[derive(Serialize)]
pub(crate) struct JsonError<'a, 'b> {
    pub error: &'a ErrorNode<'b>,
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
    /// `end_column`, and the `fixes` (each a message, an applicability
    /// and byte edits), added at its end.
    Json,
    /// GitHub Actions workflow commands, one a line.
    Github,
    /// Results of a SARIF log, one a line, for [`sarif::Log`] to join.
    Sarif,
}

/// The name [`crate::batch`] gives standard input.
pub const STDIN_NAME: &str = "<stdin>";

/// Where a span lies as people count: the 1-based line and column of its
/// start, and of the position just after its end (exclusive, as the
/// `end_column` of JSON diagnostics).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Region {
    pub start: (usize, usize),
    pub end: (usize, usize),
}

/// `name` as a path relative to the working directory, `/`-separated
/// (`./` left out), as CI services resolve paths from the repository's
/// root; an absolute path outside the working directory stays absolute.
/// `None` for standard input, which has no path.
pub(crate) fn relative_path(name: &str) -> Option<String> {
    if name == STDIN_NAME {
        return None;
    }
    let path = Path::new(name);
    let inside = if path.is_absolute() {
        std::env::current_dir()
            .ok()
            .and_then(|directory| path.strip_prefix(directory).ok())
    } else {
        Some(path)
    };
    let Some(relative) = inside else {
        return Some(name.replace('\\', "/"));
    };
    let parts: Vec<_> = relative
        .components()
        .filter(|component| *component != Component::CurDir)
        .map(|component| component.as_os_str().to_string_lossy())
        .collect();
    Some(parts.join("/"))
}

/// A message with its help on a second line, for the formats that have
/// one text a diagnostic (`github`, `sarif`).
fn with_help(message: &str, help: &str) -> String {
    format!("{message}\nhelp: {help}")
}

/// The lines a diagnostic is shown against: `text` starts at byte `offset`
/// of the input named `name`, on line `first_line` (1-based), after
/// `first_column` columns of that line that it does not hold (0 when it
/// starts the line: a line longer than a block is held only in part).
#[derive(Clone, Debug)]
pub(crate) struct Window<'a> {
    pub name: &'a str,
    pub text: &'a [u8],
    pub offset: usize,
    pub first_line: usize,
    pub first_column: usize,
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

    /// Where `span` lies, counted as [`position`] says.
    pub(crate) fn region(&self, span: Span) -> Region {
        Region {
            start: self.line_column(span.offset),
            end: self.line_column(span.end()),
        }
    }

    /// The 1-based line and column of the input's byte `offset`, counted
    /// as [`position`] says.
    #[must_use]
    pub(crate) fn line_column(&self, offset: usize) -> (usize, usize) {
        let (line, column) = position::line_column(
            self.text,
            self.first_line,
            offset.saturating_sub(self.offset),
        );
        if line == self.first_line {
            (line, self.first_column + column)
        } else {
            (line, column)
        }
    }
}

/// A window as miette reads it: the text made valid UTF-8 and safe to print,
/// byte for byte, so that offsets do not move. Each invalid byte becomes `?`,
/// and so does each control byte a terminal would act on: a CR inside a line
/// would draw the rest of the line over its start, an escape would change the
/// terminal.
struct WindowSource<'a> {
    window: Window<'a>,
    text: Cow<'a, str>,
}

impl<'a> WindowSource<'a> {
    fn new(window: &Window<'a>) -> Self {
        let bytes = window.text;
        let text = match std::str::from_utf8(bytes) {
            Ok(text) if (0..bytes.len()).all(|at| prints_as_itself(bytes, at)) => {
                Cow::Borrowed(text)
            }
            _ => {
                let printable: Vec<u8> = (0..bytes.len())
                    .map(|at| {
                        if prints_as_itself(bytes, at) {
                            bytes[at]
                        } else {
                            b'?'
                        }
                    })
                    .collect();
                Cow::Owned(
                    printable
                        .utf8_chunks()
                        .fold(String::new(), |mut text, chunk| {
                            text.push_str(chunk.valid());
                            text.extend(chunk.invalid().iter().map(|_| '?'));
                            text
                        }),
                )
            }
        };
        Self {
            window: window.clone(),
            text,
        }
    }
}

/// miette's JSON with each control character escaped, as JSON requires:
/// miette escapes only a line feed, a CR and a tab, and writes the others as
/// they are (an escape, a NUL quoted from the input). Outside its strings it
/// writes none.
fn escape_controls(json: &mut String) {
    if json.contains(|character: char| character < ' ') {
        *json = json.chars().fold(String::new(), |mut escaped, character| {
            if character < ' ' {
                write!(escaped, "\\u{:04x}", u32::from(character))
                    .expect("writing to a String cannot fail");
            } else {
                escaped.push(character);
            }
            escaped
        });
    }
}

/// `text` with each control character but a line feed or a tab made `?`. A
/// message quotes the input's tokens, and a terminal would act on an escape or
/// a CR in one.
fn printable(text: &mut String) {
    let shown = |character: char| {
        if character.is_control() && !matches!(character, '\n' | '\t') {
            '?'
        } else {
            character
        }
    };
    if text.chars().any(|character| shown(character) != character) {
        *text = text.chars().map(shown).collect();
    }
}

/// Whether byte `at` of `text` prints as itself: any but a control byte, and
/// of those a tab, a line feed, and a CR that ends its line or the text.
fn prints_as_itself(text: &[u8], at: usize) -> bool {
    match text[at] {
        b'\t' | b'\n' => true,
        b'\r' => text.get(at + 1).is_none_or(|&next| next == b'\n'),
        byte => !byte.is_ascii_control(),
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
    /// The help as shown: in `human`, with each fix and its applicability.
    help: Option<String>,
    code: String,
    source: WindowSource<'a>,
    /// Whether labels keep their whole spans (JSON, which only names the
    /// bytes) or are cut to the window (drawn, which needs the text).
    whole_spans: bool,
}

impl<'a> Report<'a> {
    fn new(
        diagnostic: &'a Diagnostic,
        (description, help): (Description, Option<String>),
        code: String,
        window: &Window<'a>,
        whole_spans: bool,
    ) -> Self {
        Self {
            diagnostic,
            description,
            help,
            code,
            source: WindowSource::new(window),
            whole_spans,
        }
    }
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

    /// Where to read more: the command that prints the code's page. A
    /// drawn report shows it after the code; JSON has the code alone.
    fn url<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        if self.whole_spans {
            return None;
        }
        let code = self.code.strip_prefix("cardsharp::")?;
        Some(Box::new(format!("cardsharp rule {code}")))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.description.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.help
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

/// How many columns miette draws a tab as.
const TAB_WIDTH: usize = 4;

/// The widest line of `text` as miette draws it, or wider: a column a
/// byte (a character is as wide as its bytes or narrower), a tab
/// [`TAB_WIDTH`].
fn drawn_width_at_most(text: &[u8]) -> usize {
    text.split(|&byte| byte == b'\n')
        .map(|line| line.len() + (TAB_WIDTH - 1) * memchr::memchr_iter(b'\t', line).count())
        .max()
        .unwrap_or(0)
}

/// Writes `diagnostic` in `format`, ending with a newline.
pub(crate) fn diagnostic(
    diagnostic: &Diagnostic,
    window: &Window<'_>,
    format: DiagnosticFormat,
    out: &mut Vec<u8>,
) {
    let mut description = diagnostic.describe();
    let code = diagnostic.scope.qualified_code(description.code);
    let mut fixes = diagnostic.fixes();
    // JSON and SARIF escape what they quote; the formats read as text do not.
    if !matches!(format, DiagnosticFormat::Json | DiagnosticFormat::Sarif) {
        let texts = [&mut description.message, &mut description.label];
        let helps = description.help.iter_mut();
        let messages = fixes.iter_mut().map(|fix| &mut fix.message);
        texts
            .into_iter()
            .chain(helps)
            .chain(messages)
            .for_each(printable);
    }
    let mut text = String::new();
    match format {
        DiagnosticFormat::Github => {
            let message = match &description.help {
                Some(help) => with_help(&description.message, help),
                None => description.message.clone(),
            };
            github::Annotation {
                severity: description.severity,
                file: relative_path(window.name).as_deref(),
                region: Some(window.region(diagnostic.span)),
                title: &code,
                message: &message,
            }
            .write(&mut text);
        }
        DiagnosticFormat::Sarif => {
            sarif::result(diagnostic, &description, &code, window, &mut text);
        }
        DiagnosticFormat::Short => {
            text = short_line(&code, &description, diagnostic, window, &fixes);
        }
        DiagnosticFormat::Human { color, width } => {
            let theme = if color {
                GraphicalTheme::unicode()
            } else {
                GraphicalTheme::unicode_nocolor()
            };
            let handler = GraphicalReportHandler::new_themed(theme)
                .with_width(width)
                .tab_width(TAB_WIDTH)
                .with_links(false);
            let help = help_with_fixes(description.help.clone(), &fixes);
            let report = Report::new(diagnostic, (description, help), code, window, false);
            // miette pads a label to its column with a width that formatting
            // caps at 65535, and panics past it: a line that wide (a line of
            // the tokens layout may be any length) is reported in one line.
            if drawn_width_at_most(window.text) > usize::from(u16::MAX)
                || handler.render_report(&mut text, &report).is_err()
            {
                text = short_line(
                    &report.code,
                    &report.description,
                    diagnostic,
                    window,
                    &fixes,
                );
            }
            text.push('\n');
        }
        DiagnosticFormat::Json => {
            let help = description.help.clone();
            let report = Report::new(diagnostic, (description, help), code, window, true);
            if JSONReportHandler::new()
                .render_report(&mut text, &report)
                .is_err()
            {
                text = short_line(
                    &report.code,
                    &report.description,
                    diagnostic,
                    window,
                    &fixes,
                );
            } else {
                escape_controls(&mut text);
                json_position(diagnostic, window, &fixes, &mut text);
            }
            text.push('\n');
        }
    }
    out.extend_from_slice(text.as_bytes());
}

/// The help as `human` shows it: each fix after it, with whether it is
/// safe, so that the replacement is in sight; a fix that says just what
/// the help says is marked on the help's own line.
fn help_with_fixes(help: Option<String>, fixes: &[Fix]) -> Option<String> {
    fixes.iter().fold(help, |help, fix| {
        let applicability = match fix.applicability {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        };
        Some(match help {
            Some(help) if help == fix.message => format!("{help} ({applicability} fix)"),
            Some(help) => format!("{help}\n{applicability} fix: {}", fix.message),
            None => format!("{applicability} fix: {}", fix.message),
        })
    })
}

/// Adds the primary label's position to the JSON object in `text`, before
/// its closing brace, in miette's layout: the text is not parsed again, so
/// a file of many errors costs no more than miette's own writing.
///
/// The end is exclusive, as rustc's `column_end` and LSP's `end`: the
/// position just after the label's last character, equal to the start for
/// an empty label.
fn json_position(diagnostic: &Diagnostic, window: &Window<'_>, fixes: &[Fix], text: &mut String) {
    let span = diagnostic.span;
    let (line, column) = window.line_column(span.offset);
    let (end_line, end_column) = window.line_column(span.offset + span.len);
    if text.ends_with('}') {
        text.pop();
        let fixes = serde_json::to_string(fixes).expect("fixes are plain data");
        write!(
            text,
            r#","line": {line},"column": {column},"end_line": {end_line},"end_column": {end_column},"fixes": {fixes}}}"#
        )
        .expect("writing to a String cannot fail");
    }
}

/// `path:line:column: severity[code]: message`, with `[*]` before the
/// message when a safe fix repairs it, as ruff marks what its fixer
/// repairs unasked.
fn short_line(
    code: &str,
    description: &Description,
    diagnostic: &Diagnostic,
    window: &Window<'_>,
    fixes: &[Fix],
) -> String {
    let (line, column) = window.line_column(diagnostic.span.offset);
    let severity = match description.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let fixable = if fixes
        .iter()
        .any(|fix| fix.applicability == Applicability::Safe)
    {
        "[*] "
    } else {
        ""
    };
    format!(
        "{}:{line}:{column}: {severity}[{code}]: {fixable}{}\n",
        window.name, description.message
    )
}
