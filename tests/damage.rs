//! Issue #13, item 8: damage a valid mixed document at section level and
//! check the two rules of the error policy (README, "Nothing lost, nothing misread") at once.
//!
//! - Rule A, nothing misread: every printed result is a *vouched* record
//!   (below) with its original game and result, or a diagnostic's label
//!   *touches* the span it was printed for.
//! - Rule B, nothing lost: every original record that is not printed as a
//!   vouched record with its original result is touched by a diagnostic's
//!   label, at its *footprint* in the damaged document.
//!
//! A valid document is generated from a seed, run once to learn every
//! record's lines, game and result (it must give no diagnostic), damaged
//! by exactly one [`Damage`], and run again with JSON results and JSON
//! diagnostics. Damage works on whole lines, and every line of the damaged
//! document remembers where it came from ([`Origin`]), which maps the
//! damaged document back to the original.
//!
//! Definitions:
//!
//! - A line's *span* is its bytes without the line end; a run of lines'
//!   span goes from the start of its first line to the end of its last
//!   line's text (a record's span in the JSON results is such a span).
//! - A printed result is *vouched* for an original record R when its span
//!   is exactly that of a run of damaged lines which are, in order, the
//!   lines of R and nothing else, each the original line or its verbatim
//!   copy (damage kind [`Damage::DoubledRecordLine`]), and its game and
//!   result are R's. The text evaluated is then R's text, whatever the
//!   damage did elsewhere.
//! - R's *footprint* is the span from the first to the last damaged line
//!   that came from one of R's lines (kept, copied, or replaced); lines
//!   inserted between them are inside it. A record with no line left (a
//!   deleted bridge hand) has no footprint: it is not in the damaged
//!   document, which is then a valid document without it, and Rule B asks
//!   nothing for it.
//! - A label with byte range `[o, o + n)` *touches* a span `[s, e)` when
//!   the ranges intersect, `o < e && s < o + n`; an empty label (`n = 0`)
//!   touches it when it is inside or at either end, `s <= o <= e`. Labels
//!   are every `labels[]` of a diagnostic and of the diagnostics in its
//!   `related` list.
//!
//! One damage is left out because no reader could see it: deleting the
//! trump line of the first deal of a whist section that holds more deals.
//! Its four play lines are then four valid bridge hands before a valid
//! whist section, and the damaged document is well formed.
//!
//! Each kind has its own test, named after it, so that each can be run
//! alone: `cargo test damage::junk_line`.

use std::fmt::Write as _;

use cardsharp::generate;
use cardsharp::pipeline::{Action, OutputFormat, Settings, run_bytes};
use cardsharp::render::DiagnosticFormat;
use cardsharp::syntax::{Layout, Mode};
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::Value;

/// One damage, applied at one place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Damage {
    /// (a) A junk line inserted between two lines, or at either end.
    JunkLine,
    /// (b) A whist deal's trump line replaced by a bad one.
    BadTrumpLine,
    /// (c) A terminator line (`#` or `END`) deleted.
    LostTerminator,
    /// (d) A terminator replaced by the other kind: `#` where `END`
    /// belongs, or `END` where `#` belongs.
    SwappedTerminator,
    /// (e) One line of a record deleted: a bridge hand, one hand of a
    /// Choker pair, a line of a whist deal.
    LostRecordLine,
    /// (f) One line of a record doubled: a verbatim copy right after it.
    DoubledRecordLine,
}

/// Junk lines: comments, words, lone characters, a trump written wrong,
/// stray terminators.
const JUNK: [&str; 17] = [
    "x",
    // A record of another game, where it does not belong. (A whole
    // bridge hand is no junk: inserted, it is a record like the others.)
    "Joey-1C3S2G5D4D",
    "S",
    "hello world",
    "???",
    "# comment",
    "// note",
    "1.",
    "NT",
    "h",
    "Hearts",
    "Trump: H",
    "\u{2665}",
    "END",
    "#",
    "end",
    "", // replaced by a random word of printable ASCII
];

/// Trump lines that are not one suit letter; the last two are damaged
/// into something card-like, which right after bridge hands or a Choker
/// section's `END` looks like a bad bridge hand.
const BAD_TRUMPS: [&str; 9] = [
    "NT", "\u{2665}", "Trump: H", "trump H", "h", "x", "Hearts", "SH", "H.",
];

/// Where a line of the damaged document came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    /// Line `l` of the original, as it was.
    Kept(usize),
    /// A verbatim copy of line `l` of the original.
    Copy(usize),
    /// Line `l` of the original, replaced by other text.
    Replaced(usize),
    /// A line that the original does not have.
    Inserted,
}

impl Origin {
    /// The original line whose text this line holds verbatim.
    fn verbatim(self) -> Option<usize> {
        match self {
            Origin::Kept(l) | Origin::Copy(l) => Some(l),
            Origin::Replaced(_) | Origin::Inserted => None,
        }
    }

    /// The original line this line stands for, changed or not.
    fn source(self) -> Option<usize> {
        match self {
            Origin::Kept(l) | Origin::Copy(l) | Origin::Replaced(l) => Some(l),
            Origin::Inserted => None,
        }
    }
}

/// A byte range `[start, end)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    start: usize,
    end: usize,
}

impl Span {
    fn from_json(span: &Value) -> Span {
        let start = span["offset"]
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .expect("an offset");
        let length = span["length"]
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .expect("a length");
        Span {
            start,
            end: start + length,
        }
    }
}

/// See the module's definition of *touches*.
fn touches(label: Span, span: Span) -> bool {
    if label.start == label.end {
        span.start <= label.start && label.start <= span.end
    } else {
        label.start < span.end && span.start < label.end
    }
}

/// A document as lines, each with where it came from.
struct Document {
    lines: Vec<String>,
    origins: Vec<Origin>,
}

impl Document {
    fn text(&self) -> String {
        self.lines
            .iter()
            .flat_map(|line| [line.as_str(), "\n"])
            .collect()
    }

    /// Each line's span.
    fn spans(&self) -> Vec<Span> {
        let mut offset = 0;
        self.lines
            .iter()
            .map(|line| {
                let span = Span {
                    start: offset,
                    end: offset + line.len(),
                };
                offset += line.len() + 1;
                span
            })
            .collect()
    }
}

/// A record of the original document.
#[derive(Clone, Debug)]
struct Record {
    game: String,
    result: String,
    /// Its lines, `first..=last`.
    first: usize,
    last: usize,
}

/// A printed result.
#[derive(Clone, Debug)]
struct Printed {
    game: String,
    result: String,
    span: Span,
}

fn settings() -> Settings {
    Settings {
        mode: Mode::Auto,
        layout: Layout::Lines,
        action: Action::Run,
        output: OutputFormat::Json,
        diagnostics: DiagnosticFormat::Json,
    }
}

fn printed(out: &str) -> Vec<Printed> {
    out.lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("a result line is not JSON ({e}): {line}"));
            Printed {
                game: value["game"].as_str().expect("a game").to_owned(),
                result: value["result"].as_str().expect("a result").to_owned(),
                span: Span::from_json(&value["span"]),
            }
        })
        .collect()
}

/// Every label of every diagnostic, related ones included.
fn labels(err: &str) -> Vec<Span> {
    fn collect(diagnostic: &Value, labels: &mut Vec<Span>) {
        for label in diagnostic["labels"].as_array().into_iter().flatten() {
            labels.push(Span::from_json(&label["span"]));
        }
        for related in diagnostic["related"].as_array().into_iter().flatten() {
            collect(related, labels);
        }
    }
    let mut labels = Vec::new();
    for line in err.lines().filter(|line| !line.trim().is_empty()) {
        let diagnostic: Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("a diagnostic line is not JSON ({e}): {line}"));
        collect(&diagnostic, &mut labels);
    }
    labels
}

/// The original document, its records, and which lines are terminators.
struct Original {
    document: Document,
    records: Vec<Record>,
}

impl Original {
    fn new(text: &str) -> Original {
        let lines: Vec<String> = text.lines().map(str::to_owned).collect();
        let origins = (0..lines.len()).map(Origin::Kept).collect();
        let document = Document { lines, origins };
        let (out, err, _) = run_bytes("original", text.as_bytes(), &settings());
        assert_eq!(err, "", "the undamaged document has diagnostics:\n{text}");
        let spans = document.spans();
        let line_at = |offset: usize| spans.iter().position(|s| s.start == offset);
        let line_ending_at = |offset: usize| spans.iter().position(|s| s.end == offset);
        let records = printed(&out)
            .into_iter()
            .map(|p| Record {
                first: line_at(p.span.start).expect("a record starts a line"),
                last: line_ending_at(p.span.end).expect("a record ends a line"),
                game: p.game,
                result: p.result,
            })
            .collect();
        Original { document, records }
    }

    fn is_terminator(&self, line: usize) -> bool {
        matches!(self.document.lines[line].as_str(), "#" | "END")
    }

    fn record_of_line(&self, line: usize) -> Option<&Record> {
        self.records
            .iter()
            .find(|r| r.first <= line && line <= r.last)
    }

    /// The places where `damage` can be applied: lines, or for
    /// [`Damage::JunkLine`] the gaps before each line and at the end.
    fn places(&self, damage: Damage) -> Vec<usize> {
        let n = self.document.lines.len();
        let whist_first_lines = || {
            self.records
                .iter()
                .filter(|r| r.game == "whist")
                .map(|r| r.first)
        };
        match damage {
            Damage::JunkLine => (0..=n).collect(),
            Damage::BadTrumpLine => whist_first_lines().collect(),
            Damage::LostTerminator | Damage::SwappedTerminator => {
                (0..n).filter(|&l| self.is_terminator(l)).collect()
            }
            Damage::DoubledRecordLine => {
                self.records.iter().flat_map(|r| r.first..=r.last).collect()
            }
            Damage::LostRecordLine => {
                // The undetectable case of the module's comment.
                let hidden: Vec<usize> = self
                    .records
                    .iter()
                    .filter(|r| r.game == "whist")
                    .filter(|r| {
                        let first_of_section = r.first == 0
                            || self
                                .record_of_line(r.first - 1)
                                .is_none_or(|before| before.game != "whist");
                        let more_follow = self
                            .record_of_line(r.last + 1)
                            .is_some_and(|after| after.game == "whist");
                        first_of_section && more_follow
                    })
                    .map(|r| r.first)
                    .collect();
                self.records
                    .iter()
                    .flat_map(|r| r.first..=r.last)
                    .filter(|l| !hidden.contains(l))
                    .collect()
            }
        }
    }

    /// The document with `damage` applied at `place`; `junk` is the line
    /// inserted or put in place, where the damage needs one.
    fn damaged(&self, damage: Damage, place: usize, junk: &str) -> (Document, String) {
        let mut lines = self.document.lines.clone();
        let mut origins = self.document.origins.clone();
        let describe = |l: usize| format!("line {} `{}`", l + 1, self.document.lines[l]);
        let what = match damage {
            Damage::JunkLine => {
                lines.insert(place, junk.to_owned());
                origins.insert(place, Origin::Inserted);
                format!("inserted `{junk}` as line {}", place + 1)
            }
            Damage::BadTrumpLine => {
                junk.clone_into(&mut lines[place]);
                origins[place] = Origin::Replaced(place);
                format!("replaced trump {} by `{junk}`", describe(place))
            }
            Damage::LostTerminator | Damage::LostRecordLine => {
                lines.remove(place);
                origins.remove(place);
                format!("deleted {}", describe(place))
            }
            Damage::SwappedTerminator => {
                let other = if lines[place] == "#" { "END" } else { "#" };
                other.clone_into(&mut lines[place]);
                origins[place] = Origin::Replaced(place);
                format!("replaced {} by `{other}`", describe(place))
            }
            Damage::DoubledRecordLine => {
                lines.insert(place + 1, lines[place].clone());
                origins.insert(place + 1, Origin::Copy(place));
                format!("doubled {}", describe(place))
            }
        };
        (Document { lines, origins }, what)
    }
}

/// The record a printed result is vouched for, if any.
fn vouched<'r>(
    printed: &Printed,
    records: &'r [Record],
    damaged: &Document,
    spans: &[Span],
) -> Option<&'r Record> {
    let first = spans.iter().position(|s| s.start == printed.span.start)?;
    let last = spans.iter().position(|s| s.end == printed.span.end)?;
    if last < first {
        return None;
    }
    let sources: Option<Vec<usize>> = damaged.origins[first..=last]
        .iter()
        .map(|origin| origin.verbatim())
        .collect();
    let sources = sources?;
    records.iter().find(|r| {
        sources.iter().copied().eq(r.first..=r.last)
            && r.game == printed.game
            && r.result == printed.result
    })
}

/// A record's footprint in the damaged document, if any line of it is left.
fn footprint(record: &Record, damaged: &Document, spans: &[Span]) -> Option<Span> {
    let mine: Vec<usize> = (0..damaged.lines.len())
        .filter(|&k| {
            damaged.origins[k]
                .source()
                .is_some_and(|l| record.first <= l && l <= record.last)
        })
        .collect();
    let (&first, &last) = (mine.first()?, mine.last()?);
    Some(Span {
        start: spans[first].start,
        end: spans[last].end,
    })
}

/// The damaged document with line numbers and spans, for a failure's
/// message.
fn listing(document: &Document) -> String {
    let mut text = String::new();
    for ((line, span), origin) in document
        .lines
        .iter()
        .zip(document.spans())
        .zip(&document.origins)
    {
        let origin = match origin {
            Origin::Kept(_) => String::new(),
            other => format!("   <- {other:?}"),
        };
        let _ = writeln!(text, "{:>5}..{:<5}| {line}{origin}", span.start, span.end);
    }
    text
}

/// Generates, damages, runs and checks; `Err` holds the whole story.
// The seeds are searched until one fits, which the first few do.
#[allow(clippy::maybe_infinite_iter)]
fn check(
    damage: Damage,
    sections: usize,
    seed: u64,
    place: Index,
    junk: usize,
    word: &str,
) -> Result<(), String> {
    // The first seed from `seed` on whose document has a place for this
    // damage (a terminator, a whist deal).
    let (original, places) = (0..)
        .map(|k| {
            let text = generate::mixed_document(sections, seed.wrapping_add(k), false);
            let original = Original::new(&text);
            let places = original.places(damage);
            (original, places)
        })
        .find(|(_, places)| !places.is_empty())
        .expect("some document has a place");
    let place = places[place.index(places.len())];
    check_at(damage, &original, place, junk, word)
}

/// Damages `original` at `place` and checks both rules; `junk` picks the
/// line inserted or put in place, `word` stands for the random word.
fn check_at(
    damage: Damage,
    original: &Original,
    place: usize,
    junk: usize,
    word: &str,
) -> Result<(), String> {
    let junk = match damage {
        Damage::BadTrumpLine => BAD_TRUMPS[junk % BAD_TRUMPS.len()],
        _ if JUNK[junk % JUNK.len()].is_empty() => word,
        _ => JUNK[junk % JUNK.len()],
    };
    let (damaged, what) = original.damaged(damage, place, junk);
    let text = damaged.text();
    let (out, err, _) = run_bytes("damaged", text.as_bytes(), &settings());
    let results = printed(&out);
    let labels = labels(&err);
    let spans = damaged.spans();
    let touched = |span: Span| labels.iter().any(|&label| touches(label, span));

    let mut broken = Vec::new();
    for p in &results {
        if vouched(p, &original.records, &damaged, &spans).is_none() && !touched(p.span) {
            broken.push(format!(
                "rule A (nothing misread): {} `{}` printed for {}..{}, which is no original \
                 record with that result, and no label touches it",
                p.game, p.result, p.span.start, p.span.end
            ));
        }
    }
    for record in &original.records {
        let evaluated = results.iter().any(|p| {
            vouched(p, &original.records, &damaged, &spans)
                .is_some_and(|r| r.first == record.first && r.last == record.last)
        });
        if evaluated {
            continue;
        }
        if let Some(span) = footprint(record, &damaged, &spans)
            && !touched(span)
        {
            broken.push(format!(
                "rule B (nothing lost): the {} record of original lines {}..={} (`{}`), now at \
                 {}..{}, is not printed with its result, and no label touches it",
                record.game,
                record.first + 1,
                record.last + 1,
                record.result,
                span.start,
                span.end
            ));
        }
    }
    if broken.is_empty() {
        return Ok(());
    }
    Err(format!(
        "damage {damage:?}: {what}\n\
         {}\n\
         --- damaged document (byte span | line   <- origin)\n{}\
         --- results\n{out}\
         --- diagnostics\n{err}",
        broken.join("\n"),
        listing(&damaged)
    ))
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 1000,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A random word of printable ASCII, for [`Damage::JunkLine`].
fn word() -> impl Strategy<Value = String> {
    "[!-~]{1,12}"
}

macro_rules! damage_test {
    ($($(#[$doc:meta])* $name:ident => $damage:expr;)*) => {
        proptest! {
            #![proptest_config(config())]
            $(
                $(#[$doc])*
                #[test]
                fn $name(
                    sections in 2usize..=6,
                    seed in any::<u64>(),
                    place in any::<Index>(),
                    junk in 0usize..JUNK.len() * BAD_TRUMPS.len(),
                    word in word(),
                ) {
                    if let Err(story) = check($damage, sections, seed, place, junk, &word) {
                        prop_assert!(false, "{}", story);
                    }
                }
            )*
        }
    };
}

damage_test! {
    /// (a) A junk line anywhere.
    junk_line => Damage::JunkLine;
    /// (b) A bad trump line.
    bad_trump_line => Damage::BadTrumpLine;
    /// (c) A lost terminator.
    lost_terminator => Damage::LostTerminator;
    /// (d) A terminator of the other kind.
    swapped_terminator => Damage::SwappedTerminator;
    /// (e) A lost line of a record.
    lost_record_line => Damage::LostRecordLine;
    /// (f) A doubled line of a record.
    doubled_record_line => Damage::DoubledRecordLine;
}

/// The definition of *touches*, on its edges.
#[test]
fn touching_is_intersection_and_empty_labels_touch_inside_or_at_the_ends() {
    let span = Span { start: 10, end: 20 };
    let label = |start, end| Span { start, end };
    assert!(touches(label(19, 25), span));
    assert!(touches(label(0, 11), span));
    assert!(!touches(label(20, 25), span));
    assert!(!touches(label(5, 10), span));
    assert!(touches(label(10, 10), span));
    assert!(touches(label(20, 20), span));
    assert!(!touches(label(21, 21), span));
    assert!(!touches(label(9, 9), span));
}
