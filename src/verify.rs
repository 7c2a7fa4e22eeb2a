//! Test data checked as a judge's (`cardsharp verify`). Each input is checked
//! strictly, and its answer against what its records give.
//!
//! An answer is compared line by line with the results of `run`, blanks at a
//! line's end aside. A byte-order mark is not: a judge reads it as part of the
//! first token, and fails right solutions on it. Each of these is one report
//! on the answer file's line: a line that differs, a line missing at the end,
//! or a line past the last result. The expected result's reasoning (`explain`) is its help. An input
//! with faults is reported as `check --strict` reports it. Its answer is not
//! compared, as its results would not be the judge's.

use crate::ast::Span;
use crate::diagnostic::{Diagnostic, Kind, Scope, Severity};
use crate::pipeline::{Action, OutputFormat, Settings, Tally, run_bytes};
use crate::render::{self, DiagnosticFormat, Window};
use crate::syntax::{Layout, Mode};

/// A test input, and its answer when it has one.
pub struct TestCase<'a> {
    pub input_name: &'a str,
    pub input: &'a [u8],
    /// The answer file's name and bytes.
    pub answer: Option<(&'a str, &'a [u8])>,
}

/// Verifies one test case. Returns the reports, in `format`, and their counts.
#[must_use]
pub fn verify(case: &TestCase<'_>, mode: Mode, format: DiagnosticFormat) -> (Vec<u8>, Tally) {
    let settings = |action| Settings {
        mode,
        layout: Layout::Strict,
        action,
        output: OutputFormat::Text,
        diagnostics: format,
    };
    let (_, reports, tally) = run_bytes(case.input_name, case.input, &settings(Action::Check));
    let mut out = reports.into_bytes();
    let Some((answer_name, answer)) = case.answer else {
        let mut tally = tally;
        let diagnostic = Diagnostic::new(Scope::Answer, Kind::NoAnswer, Span::new(0, 0));
        tally += written(case.input_name, case.input, &[diagnostic], format, &mut out);
        return (out, tally);
    };
    if tally.errors > 0 {
        return (out, tally);
    }
    let (results, _, _) = run_bytes(case.input_name, case.input, &settings(Action::Run));
    // The reasoning is wanted only for a line that differs. The input is
    // explained then, once.
    let explained = std::cell::OnceCell::new();
    let explanation = |index: usize| {
        let explained = explained
            .get_or_init(|| explanations(case.input_name, case.input, &settings(Action::Explain)));
        explained.get(index).cloned().unwrap_or_default()
    };
    let diagnostics = compare(&results, explanation, answer);
    let mut tally = tally;
    tally += written(answer_name, answer, &diagnostics, format, &mut out);
    (out, tally)
}

/// The reasoning behind each record's result in `input`, as `explain`
/// tells it, a record each; `settings` say how the input is read.
pub(crate) fn explanations(name: &str, input: &[u8], settings: &Settings) -> Vec<String> {
    let explained = run_bytes(name, input, settings).0;
    explained
        .split("\n\n")
        .map(|text| text.trim_end().to_owned())
        .collect()
}

/// An answer file without its input. Returns the report, and its count.
#[must_use]
pub fn orphan_answer(name: &str, text: &[u8], format: DiagnosticFormat) -> (Vec<u8>, Tally) {
    let mut out = Vec::new();
    let diagnostic = Diagnostic::new(Scope::Answer, Kind::NoInput, Span::new(0, 0));
    let tally = written(name, text, &[diagnostic], format, &mut out);
    (out, tally)
}

/// The answer's lines against the results. There is a report for each line that
/// differs, and for the first result it lacks. There is one for the first line
/// past the last result.
fn compare(results: &str, explanation: impl Fn(usize) -> String, answer: &[u8]) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    // A byte-order mark is part of the first line, as a judge's comparison of
    // tokens reads it: that line then differs, and says so with the mark
    // written out.
    let mut offset = 0;
    let mut answer_lines = answer.split_inclusive(|&byte| byte == b'\n').map(|line| {
        let at = offset;
        offset += line.len();
        let text = line.trim_ascii_end();
        let found = String::from_utf8_lossy(text);
        let found = match found.strip_prefix('\u{feff}') {
            Some(rest) if at == 0 => format!("\\u{{feff}}{rest}").into(),
            _ => found,
        };
        (Span::new(at, text.len()), found)
    });
    for (index, expected) in results.lines().enumerate() {
        match answer_lines.next() {
            Some((_, found)) if found == expected => {}
            Some((span, found)) => diagnostics.push(Diagnostic::new(
                Scope::Answer,
                Kind::WrongAnswer {
                    expected: expected.to_owned(),
                    found: found.into_owned(),
                    explanation: explanation(index),
                },
                span,
            )),
            None => {
                diagnostics.push(Diagnostic::new(
                    Scope::Answer,
                    Kind::MissingAnswer {
                        expected: expected.to_owned(),
                        explanation: explanation(index),
                    },
                    Span::new(answer.len(), 0),
                ));
                return diagnostics;
            }
        }
    }
    if let Some((span, found)) = answer_lines.find(|(_, found)| !found.is_empty()) {
        let found = found.into_owned();
        diagnostics.push(Diagnostic::new(
            Scope::Answer,
            Kind::ExtraAnswer { found },
            span,
        ));
    }
    diagnostics
}

/// Writes `diagnostics` of the file `name`, whose bytes are `text`, in
/// `format`. Returns their counts. Their help holds the reasoning of a
/// result, in the lines `explain` lays out: a person's report draws them
/// whole, as a line split at the terminal's width would read as two.
pub(crate) fn written(
    name: &str,
    text: &[u8],
    diagnostics: &[Diagnostic],
    format: DiagnosticFormat,
    out: &mut Vec<u8>,
) -> Tally {
    let format = match format {
        DiagnosticFormat::Human { color, .. } => DiagnosticFormat::Human {
            color,
            width: usize::from(u16::MAX),
        },
        other => other,
    };
    let window = Window {
        name,
        text,
        offset: 0,
        first_line: 1,
        first_column: 0,
    };
    let mut tally = Tally::default();
    for diagnostic in diagnostics {
        match diagnostic.severity() {
            Severity::Error => tally.errors += 1,
            Severity::Warning => tally.warnings += 1,
        }
        render::diagnostic(diagnostic, &window, format, out);
    }
    tally
}
