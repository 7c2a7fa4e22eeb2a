//! A solution judged as judges judge it (`cardsharp judge`). Test inputs,
//! generated or given, are each run through the program. Its output is
//! compared with the evaluator's. The comparison is token by token, as
//! Kattis' default output validator does, or byte by byte, as the
//! Valladolid judge does. A failing input is cut down to a smallest one
//! that still fails, for a person to read.
//!
//! The program's output has one line a record, as the statements ask. So
//! the first line that differs names the record at fault.

use std::io;
use std::ops::AddAssign;

use rayon::prelude::*;

use crate::ast::{Game, Span};
use crate::diagnostic::{Diagnostic, Kind, OutputLength, Scope};
use crate::generate::{self, Generator};
use crate::pipeline::{Action, OutputFormat, Settings, analyze, run_bytes};
use crate::render::{DiagnosticFormat, format};
use crate::syntax::{Layout, Mode};

mod program;
mod shrink;

pub use program::{CPU_TIME, Ending, Limit, Program, Run, end_every_run};
pub use shrink::shrink;

/// A judge's verdict on one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    PresentationError,
    RuntimeError,
    TimeLimitExceeded,
}

impl Verdict {
    pub const ALL: [Verdict; 5] = [
        Verdict::Accepted,
        Verdict::WrongAnswer,
        Verdict::PresentationError,
        Verdict::RuntimeError,
        Verdict::TimeLimitExceeded,
    ];

    /// The judges' short name: `AC`, `WA`, `PE`, `RE`, `TLE`.
    #[must_use]
    pub const fn short(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::PresentationError => "PE",
            Verdict::RuntimeError => "RE",
            Verdict::TimeLimitExceeded => "TLE",
        }
    }

    #[must_use]
    pub const fn long(self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::WrongAnswer => "wrong answer",
            Verdict::PresentationError => "presentation error",
            Verdict::RuntimeError => "run-time error",
            Verdict::TimeLimitExceeded => "time limit exceeded",
        }
    }
}

/// How output is compared with the expected output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// Token by token: blanks and line breaks only separate tokens.
    Tokens,
    /// Byte by byte. Output that differs in blanks alone is a presentation
    /// error.
    Exact,
}

/// One test input: its bytes, and its records. Each record is its lines,
/// canonical and strict. Smaller inputs are made from the records.
#[derive(Clone, Debug)]
pub struct Case {
    /// What the case tests: `edge-…`, `typical`, `rare`, or a file's name.
    pub kind: String,
    pub game: Game,
    /// How `input` is laid out: the lines layout, or the judges' tokens
    /// for a given file that only they read whole. Smaller inputs are
    /// always written one record a line.
    pub layout: Layout,
    pub input: Vec<u8>,
    pub records: Vec<String>,
}

impl Case {
    /// A case of `records`, written strictly, with their game's terminator.
    #[must_use]
    pub fn of_records(kind: String, game: Game, records: Vec<String>) -> Self {
        let input = input_of(game, &records).into_bytes();
        Case {
            kind,
            game,
            layout: Layout::Lines,
            input,
            records,
        }
    }

    /// A case of a test file's `bytes`. It is `None` unless they are
    /// records of one game with no fault, in the lines layout or else in
    /// the judges' tokens (`mode`'s game). A test whose expected output is
    /// not the judge's judges nothing.
    #[must_use]
    pub fn of_file(kind: String, bytes: Vec<u8>, mode: Mode) -> Option<Self> {
        let clean = |layout| {
            let analysis = analyze(&bytes, mode, layout);
            let game = analysis.records.first()?.game;
            (analysis.diagnostics.is_empty()
                && analysis.records.iter().all(|record| record.game == game))
            .then_some(game)
        };
        let (game, layout) = match clean(Layout::Lines) {
            Some(game) => (game, Layout::Lines),
            None => (clean(Layout::Tokens)?, Layout::Tokens),
        };
        // One record a line, as `fmt` writes it: the pieces of smaller inputs.
        let canonical = format::source(&bytes, Mode::Forced(game), layout);
        let records = analyze(canonical.as_bytes(), Mode::Forced(game), Layout::Lines)
            .records
            .iter()
            .map(|record| {
                let (first, last) = record.lines;
                let mut text = canonical[first.offset..last.offset + last.len].to_owned();
                text.push('\n');
                text
            })
            .collect();
        Some(Case {
            kind,
            game,
            layout,
            input: bytes,
            records,
        })
    }
}

/// `records` of `game` as one strict input.
#[must_use]
pub fn input_of(game: Game, records: &[String]) -> String {
    let mut input = records.concat();
    generate::terminator(game, &mut input);
    input
}

/// `count` cases of `game` from `seed`. First comes one case for each
/// outcome the evaluator distinguishes, as far as `count` allows. Then come
/// cases of one to ten records, typical or rare. About a quarter of them
/// are rare, or half with `more_rare`.
#[must_use]
pub fn generated_cases(game: Game, count: usize, seed: u64, more_rare: bool) -> Vec<Case> {
    let mut cases: Vec<Case> = crate::package::edges(game)
        .into_iter()
        .take(count)
        .map(|(name, record)| Case::of_records(format!("edge-{name}"), game, vec![record]))
        .collect();
    let mut picker = fastrand::Rng::with_seed(seed);
    let mut typical = Generator::new(seed, false);
    let mut rare = Generator::new(seed.wrapping_add(1), true);
    let rare_in = if more_rare { 2 } else { 4 };
    while cases.len() < count {
        let is_rare = picker.usize(0..rare_in) == 0;
        let (kind, generator) = if is_rare {
            ("rare", &mut rare)
        } else {
            ("typical", &mut typical)
        };
        let records = (0..picker.usize(1..=10))
            .map(|_| {
                let mut record = String::new();
                generator.record(game, &mut record);
                record
            })
            .collect();
        cases.push(Case::of_records(kind.to_owned(), game, records));
    }
    cases
}

/// What the evaluator writes for `input`, one line a record.
#[must_use]
pub fn expected_output(game: Game, layout: Layout, input: &[u8]) -> String {
    let settings = Settings {
        layout,
        ..settings(game, Action::Run)
    };
    run_bytes("input", input, &settings).0
}

/// The reasoning behind each record's result in `input`, as `explain` tells
/// it.
#[must_use]
pub fn explanations(game: Game, input: &[u8]) -> Vec<String> {
    crate::verify::explanations("input", input, &settings(game, Action::Explain))
}

fn settings(game: Game, action: Action) -> Settings {
    crate::package::settings(game, action, OutputFormat::Text)
}

/// Whether `text` is a strict input of `game`, as `validate` holds it.
#[must_use]
pub fn is_strict(game: Game, text: &[u8]) -> bool {
    analyze(text, Mode::Forced(game), Layout::Strict)
        .diagnostics
        .is_empty()
}

/// A run judged: the verdict, and where the output first differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    pub verdict: Verdict,
    /// The record whose line differs first (WA, PE), counted from 0.
    pub record: Option<usize>,
    /// The program's line there; `None` where its output ended before.
    pub found: Option<String>,
    /// Where the output ends early, or runs past the last answer.
    pub length: Option<OutputLength>,
}

/// Judges a run against the expected output.
#[must_use]
pub fn judge(run: &Run, expected: &str, comparison: Comparison) -> Judged {
    let verdict = |verdict| Judged {
        verdict,
        record: None,
        found: None,
        length: None,
    };
    match run.ending {
        Ending::TimedOut(_) => verdict(Verdict::TimeLimitExceeded),
        Ending::Exited(0) => compare(expected, &run.stdout, comparison),
        Ending::Exited(_) | Ending::Signalled(_) => verdict(Verdict::RuntimeError),
    }
}

/// The program's output against the expected output.
#[must_use]
pub fn compare(expected: &str, found: &[u8], comparison: Comparison) -> Judged {
    if let Some(difference) = first_differing_token(expected, found) {
        return Judged {
            verdict: Verdict::WrongAnswer,
            record: Some(difference.record),
            found: difference.found,
            length: difference.length,
        };
    }
    if comparison == Comparison::Exact && expected.as_bytes() != found {
        let found_lines: Vec<&[u8]> = found.split(|&byte| byte == b'\n').collect();
        let record = expected
            .split('\n')
            .zip(found_lines.iter().chain(std::iter::repeat(&&b""[..])))
            .position(|(expected, found)| expected.as_bytes() != *found)
            .unwrap_or(0);
        return Judged {
            verdict: Verdict::PresentationError,
            record: Some(record.min(expected.lines().count().saturating_sub(1))),
            // Whole, its blanks kept: they are where it differs. A CR or a
            // tab is written `\r` or `\t`.
            found: found_lines
                .get(record)
                .map(|line| String::from_utf8_lossy(line).escape_debug().to_string()),
            length: None,
        };
    }
    Judged {
        verdict: Verdict::Accepted,
        record: None,
        found: None,
        length: None,
    }
}

/// Where the tokens of a program's output first differ from the expected.
struct Difference {
    /// The expected line's index there: the last when the output runs on.
    record: usize,
    /// The program's line holding the token that differs; `None` where its
    /// output ended first.
    found: Option<String>,
    length: Option<OutputLength>,
}

/// Where the tokens of `found` first differ from those of `expected`. Output
/// that ends early, or goes on with lines of its own after the last answer,
/// is told by its length.
fn first_differing_token(expected: &str, found: &[u8]) -> Option<Difference> {
    let answers = expected.lines().count();
    let expected_tokens = expected.lines().enumerate().flat_map(|(line, text)| {
        text.split_ascii_whitespace()
            .map(move |token| (line, token))
    });
    let found_lines: Vec<&[u8]> = found.split(|&byte| byte == b'\n').collect();
    let mut found_tokens = found_lines.iter().enumerate().flat_map(|(line, text)| {
        text.split(u8::is_ascii_whitespace)
            .filter(|token| !token.is_empty())
            .map(move |token| (line, token))
    });
    let (mut last_line, mut last_found_line) = (0, None);
    for (line, token) in expected_tokens {
        last_line = line;
        match found_tokens.next() {
            Some((at, found)) if found == token.as_bytes() => last_found_line = Some(at),
            Some((at, _)) => {
                return Some(Difference {
                    record: line,
                    found: Some(lossy(found_lines[at])),
                    length: None,
                });
            }
            None => {
                return Some(Difference {
                    record: line,
                    found: None,
                    length: Some(OutputLength::Short {
                        answers: line,
                        expected: answers,
                    }),
                });
            }
        }
    }
    let (at, _) = found_tokens.next()?;
    let found = Some(lossy(found_lines[at]));
    // More on the last answer's own line is a line that differs.
    if last_found_line == Some(at) {
        return Some(Difference {
            record: last_line,
            found,
            length: None,
        });
    }
    let lines = found_lines[at..]
        .iter()
        .filter(|line| !line.trim_ascii().is_empty())
        .count();
    Some(Difference {
        record: last_line,
        length: Some(OutputLength::Long {
            lines,
            first: lossy(found_lines[at]),
        }),
        found,
    })
}

fn lossy(line: &[u8]) -> String {
    String::from_utf8_lossy(line.trim_ascii()).into_owned()
}

/// One case judged: the verdict, where the output differs, and the run.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub judged: Judged,
    pub run: Run,
}

/// Runs `program` on every case, `jobs` at a time, and judges each run.
/// `done` is called as each case ends. A time limit exceeded is confirmed
/// by a second run of its case, alone, once the others are done: a busy
/// machine's hiccup is no verdict. An error is the program's not starting.
///
/// # Errors
/// When the program cannot be started.
///
/// # Panics
/// When `jobs` threads cannot be started.
pub fn run_cases(
    program: &Program,
    cases: &[Case],
    comparison: Comparison,
    jobs: usize,
    done: impl Fn() + Sync,
) -> io::Result<Vec<Outcome>> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .expect("the judge's threads start");
    let judged = |case: &Case| -> io::Result<Outcome> {
        let run = program.run(&case.input)?;
        let expected = expected_output(case.game, case.layout, &case.input);
        let judged = judge(&run, &expected, comparison);
        Ok(Outcome { judged, run })
    };
    let mut outcomes: Vec<Outcome> = pool.install(|| {
        cases
            .par_iter()
            .map(|case| {
                let outcome = judged(case);
                done();
                outcome
            })
            .collect::<io::Result<_>>()
    })?;
    for (case, outcome) in cases.iter().zip(&mut outcomes) {
        if outcome.judged.verdict == Verdict::TimeLimitExceeded {
            *outcome = judged(case)?;
        }
    }
    Ok(outcomes)
}

/// A failing case cut down and explained: what a person reads.
#[derive(Clone, Debug)]
pub struct Failure {
    pub verdict: Verdict,
    /// The smallest input found that still fails.
    pub input: String,
    /// How many records the case had, and how many are left.
    pub records_before: usize,
    pub records_after: usize,
    /// The record at fault in `input`, counted from 0, and its bytes.
    pub record: usize,
    pub span: Span,
    pub expected: String,
    pub found: Option<String>,
    pub length: Option<OutputLength>,
    pub explanation: String,
    /// How the program's last run on `input` ended, and the end of its
    /// standard error.
    pub ending: Ending,
    pub stderr_tail: String,
}

/// Shrinks the failing `case`, whose verdict was `verdict`, to a smallest
/// input that fails the same way. Then it explains that input. A time limit
/// exceeded is not shrunk: each try would cost the limit.
///
/// # Errors
/// When the program cannot be started.
pub fn shrink_failure(
    program: &Program,
    case: &Case,
    first: &Judged,
    comparison: Comparison,
) -> io::Result<Failure> {
    let verdict = first.verdict;
    let mut error = None;
    let records = if verdict == Verdict::TimeLimitExceeded {
        case.records.clone()
    } else {
        shrink(case.game, &case.records, first.record, |tried| {
            let input = input_of(case.game, tried);
            match program.run(input.as_bytes()) {
                Ok(run) => {
                    let expected = expected_output(case.game, Layout::Lines, input.as_bytes());
                    judge(&run, &expected, comparison).verdict == verdict
                }
                Err(failed) => {
                    error.get_or_insert(failed);
                    false
                }
            }
        })
    };
    if let Some(error) = error {
        return Err(error);
    }
    let input = input_of(case.game, &records);
    let run = program.run(input.as_bytes())?;
    let expected = expected_output(case.game, Layout::Lines, input.as_bytes());
    let judged = compare(&expected, &run.stdout, comparison);
    let record = judged.record.unwrap_or(0).min(records.len() - 1);
    let start: usize = records[..record].iter().map(String::len).sum();
    Ok(Failure {
        verdict,
        records_before: case.records.len(),
        records_after: records.len(),
        record,
        span: Span::new(start, records[record].trim_end().len()),
        expected: expected.lines().nth(record).unwrap_or_default().to_owned(),
        found: judged.found,
        length: judged.length,
        explanation: explanations(case.game, input.as_bytes())
            .into_iter()
            .nth(record)
            .unwrap_or_default(),
        ending: run.ending,
        stderr_tail: tail(&run.stderr),
        input,
    })
}

/// The last lines of a program's standard error, at most 10 lines and 1000
/// bytes. That is where a crash says why.
fn tail(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text.lines().collect();
    let last = lines[lines.len().saturating_sub(10)..].join("\n");
    let cut = last.len().saturating_sub(1000);
    let cut = (cut..last.len())
        .find(|&at| last.is_char_boundary(at))
        .unwrap_or(last.len());
    last[cut..].to_owned()
}

impl Failure {
    /// The failure as a diagnostic, in `format`. It sits on its record of
    /// the file `name` that holds `input`.
    #[must_use]
    pub fn report(&self, name: &str, format: DiagnosticFormat) -> Vec<u8> {
        let diagnostic = Diagnostic::new(
            Scope::Judge,
            Kind::FailingRecord {
                verdict: self.verdict.long(),
                expected: self.expected.clone(),
                found: self.found.clone(),
                length: self.length.clone(),
                explanation: self.explanation.clone(),
            },
            self.span,
        );
        let mut out = Vec::new();
        crate::verify::written(name, self.input.as_bytes(), &[diagnostic], format, &mut out);
        out
    }
}

/// Cases judged, by verdict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts(pub [usize; 5]);

impl Counts {
    #[must_use]
    pub fn of(&self, verdict: Verdict) -> usize {
        self.0[verdict as usize]
    }

    #[must_use]
    pub fn total(&self) -> usize {
        self.0.iter().sum()
    }

    pub fn add(&mut self, verdict: Verdict) {
        self.0[verdict as usize] += 1;
    }
}

impl AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        for (count, more) in self.0.iter_mut().zip(other.0) {
            *count += more;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "PASS\nBID S\n";

    #[test]
    fn blanks_alone_differ_only_when_exact() {
        let spaced = b"PASS \n\nBID   S\n";
        assert_eq!(
            compare(TWO, spaced, Comparison::Tokens).verdict,
            Verdict::Accepted
        );
        let exact = compare(TWO, spaced, Comparison::Exact);
        assert_eq!(exact.verdict, Verdict::PresentationError);
        assert_eq!(exact.record, Some(0));
        // The line is shown with the blanks where it differs.
        assert_eq!(exact.found.as_deref(), Some("PASS "));
        let crlf = compare(TWO, b"PASS\r\nBID S\r\n", Comparison::Exact);
        assert_eq!(crlf.found.as_deref(), Some("PASS\\r"));
    }

    #[test]
    fn the_first_token_that_differs_names_its_record() {
        let judged = compare(TWO, b"PASS\nBID H\n", Comparison::Tokens);
        assert_eq!(judged.verdict, Verdict::WrongAnswer);
        assert_eq!(judged.record, Some(1));
        assert_eq!(judged.found.as_deref(), Some("BID H"));
    }

    #[test]
    fn output_cut_short_or_too_long_is_wrong() {
        let short = compare(TWO, b"PASS\n", Comparison::Tokens);
        assert_eq!((short.record, short.found), (Some(1), None));
        assert_eq!(
            short.length.unwrap().to_string(),
            "output ends after 1 of 2 answers"
        );
        let extra = compare(TWO, b"PASS\nBID S\nEXTRA\n", Comparison::Tokens);
        assert_eq!(extra.verdict, Verdict::WrongAnswer);
        assert_eq!(extra.record, Some(1));
        assert_eq!(
            extra.length.unwrap().to_string(),
            "1 extra line after the last answer: `EXTRA`"
        );
        // More on the last answer's line is that line wrong.
        let longer = compare(TWO, b"PASS\nBID S S\n", Comparison::Tokens);
        assert_eq!(longer.found.as_deref(), Some("BID S S"));
        assert_eq!(longer.length, None);
        let long = compare(TWO, b"PASS\nBID S\nPASS\n", Comparison::Exact);
        assert_eq!(long.verdict, Verdict::WrongAnswer);
        assert_eq!(long.found.as_deref(), Some("PASS"));
        let silent = compare(TWO, b"", Comparison::Tokens);
        assert_eq!(silent.verdict, Verdict::WrongAnswer);
        assert_eq!(silent.record, Some(0));
    }

    /// A case of a file keeps the file's bytes, and its records are
    /// strict: each of them alone is a valid input.
    #[test]
    fn a_file_case_has_strict_records() {
        let file = b"  KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D\r\n\nAC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H\n";
        let case = Case::of_file("file".to_owned(), file.to_vec(), Mode::Auto).unwrap();
        assert_eq!(case.input, file);
        assert_eq!(case.records.len(), 2);
        for record in &case.records {
            assert!(is_strict(Game::Bridge, record.as_bytes()), "{record:?}");
        }
        assert!(Case::of_file("bad".to_owned(), b"KS QS\n".to_vec(), Mode::Auto).is_none());
        // The judges' tokens: two hands on one line, read as they read them.
        let tokens =
            b"KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H\n";
        let case = Case::of_file("tokens".to_owned(), tokens.to_vec(), Mode::Auto).unwrap();
        assert_eq!(case.layout, Layout::Tokens);
        assert_eq!(case.records.len(), 2);
        assert_eq!(
            expected_output(Game::Bridge, case.layout, &case.input),
            "BID D\nBID NO-TRUMP\n"
        );
    }

    #[test]
    fn generated_cases_are_strict_and_begin_with_the_edges() {
        for game in [Game::Bridge, Game::Choker, Game::Whist] {
            let cases = generated_cases(game, 60, 7, false);
            assert_eq!(cases.len(), 60);
            assert!(cases[0].kind.starts_with("edge-"));
            assert!(cases.iter().any(|case| case.kind == "typical"));
            assert!(cases.iter().any(|case| case.kind == "rare"));
            for case in &cases {
                assert!(is_strict(game, &case.input), "{}", case.kind);
            }
        }
    }
}
