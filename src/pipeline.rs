//! The stages joined: read an input in blocks, frame its lines into
//! records, and for each record parse, check, evaluate and render.
//!
//! Framing is sequential and cheap; everything after it works on one record
//! at a time and runs on all threads of the pool, in chunks whose outputs
//! are written in input order. Only one block and its outputs are in memory
//! at once, so memory does not grow with the input.

use std::io::{self, Read, Write};

use rayon::prelude::*;

use crate::check;
use crate::diagnostic::{Diagnostic, Severity};
use crate::interpret;
use crate::render::{self, DiagnosticFormat, Window};
use crate::syntax::{self, BYTE_ORDER_MARK, Block, Frame, Framer, Lines, Mode};

/// What to do with each record, and how to write what comes of it.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub mode: Mode,
    /// `false` for `check`: validate only.
    pub evaluate: bool,
    pub output: OutputFormat,
    pub diagnostics: DiagnosticFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputFormat {
    /// Judge-exact lines.
    Text,
    /// One JSON object per record.
    Json,
}

/// Counts over one or more inputs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub records: u64,
    pub errors: u64,
    pub warnings: u64,
}

impl std::ops::AddAssign for Tally {
    fn add_assign(&mut self, other: Tally) {
        self.records += other.records;
        self.errors += other.errors;
        self.warnings += other.warnings;
    }
}

/// How much input is framed at once. Large enough that framing and the
/// parallel stage see many records per block; small enough for the memory
/// budget.
const BLOCK_SIZE: usize = 1 << 20;

/// Records handed to one task of the pool.
const CHUNK_RECORDS: usize = 2048;

/// Processes one input to the end: results to `out`, diagnostics to `err`.
pub fn process(
    name: &str,
    mut input: impl Read,
    settings: &Settings,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Tally> {
    let mut tally = Tally::default();
    let mut framer = Framer::new(settings.mode);
    let mut buffer: Vec<u8> = Vec::new();
    // Offset in the input of `buffer[0]`.
    let mut base = 0;
    // Where in `buffer` the next line to frame starts, and its number.
    let mut unframed = 0;
    let mut line_number = 1;
    let mut frames = Vec::new();
    loop {
        let at_end = fill(&mut input, &mut buffer, unframed + BLOCK_SIZE)?;
        if base == 0 && unframed == 0 && buffer.starts_with(BYTE_ORDER_MARK) {
            unframed = BYTE_ORDER_MARK.len();
        }
        let framed_end = if at_end {
            buffer.len()
        } else {
            match memchr::memrchr(b'\n', &buffer[unframed..]) {
                Some(newline) => unframed + newline + 1,
                // One line longer than a block: read on until it ends.
                None => continue,
            }
        };
        frames.clear();
        let to_frame = Block {
            bytes: &buffer[unframed..framed_end],
            base: base + unframed,
        };
        let mut lines = Lines::new(to_frame, line_number);
        for line in lines.by_ref() {
            framer.line(&line, &mut |frame| frames.push(frame));
        }
        line_number = lines.next_number();
        if at_end {
            framer.finish(&mut |frame| frames.push(frame));
        }
        let block = Block {
            bytes: &buffer,
            base,
        };
        tally += frames_to_output(name, &frames, &block, settings, out, err)?;
        if at_end {
            return Ok(tally);
        }
        let keep_from = framer
            .holds_from()
            .map_or(framed_end, |offset| offset - base);
        buffer.drain(..keep_from);
        base += keep_from;
        unframed = framed_end - keep_from;
    }
}

/// Reads until `buffer` holds `wanted` bytes or the input ends; `true` at
/// the end. `read_to_end` fills spare capacity without zeroing it first.
fn fill(input: &mut impl Read, buffer: &mut Vec<u8>, wanted: usize) -> io::Result<bool> {
    let missing = wanted.saturating_sub(buffer.len());
    if missing == 0 {
        return Ok(false);
    }
    let read = input.by_ref().take(missing as u64).read_to_end(buffer)?;
    Ok(read < missing)
}

/// What one chunk of records produced.
#[derive(Default)]
struct ChunkOutput {
    results: Vec<u8>,
    reports: Vec<u8>,
    tally: Tally,
}

/// Runs the record stages over `frames` in parallel chunks and writes the
/// outputs in order.
fn frames_to_output(
    name: &str,
    frames: &[Frame],
    block: &Block<'_>,
    settings: &Settings,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Tally> {
    let outputs: Vec<ChunkOutput> = frames
        .par_chunks(CHUNK_RECORDS)
        .map(|chunk| {
            let mut output = ChunkOutput::default();
            let mut diagnostics = Vec::new();
            for frame in chunk {
                one_frame(name, frame, block, settings, &mut diagnostics, &mut output);
            }
            output
        })
        .collect();
    let mut tally = Tally::default();
    for output in outputs {
        out.write_all(&output.results)?;
        err.write_all(&output.reports)?;
        tally += output.tally;
    }
    Ok(tally)
}

/// Parse, check, evaluate and render one framed record.
fn one_frame(
    name: &str,
    frame: &Frame,
    block: &Block<'_>,
    settings: &Settings,
    diagnostics: &mut Vec<Diagnostic>,
    output: &mut ChunkOutput,
) {
    diagnostics.clear();
    let record = syntax::record(frame, block, diagnostics)
        .filter(|record| check::record(record, diagnostics));
    let (first, last) = frame.lines();
    if let Some(record) = record {
        output.tally.records += 1;
        if settings.evaluate {
            let outcome = interpret::evaluate(&record);
            match settings.output {
                OutputFormat::Text => render::judge_line(&record, &outcome, &mut output.results),
                OutputFormat::Json => {
                    render::json_line(name, first.number, &record, &outcome, &mut output.results);
                }
            }
        }
    }
    if diagnostics.is_empty() {
        return;
    }
    let window = Window {
        name,
        text: block.slice(crate::ast::Span::new(
            first.offset,
            last.offset + last.len - first.offset,
        )),
        offset: first.offset,
        first_line: first.number,
    };
    for diagnostic in diagnostics.iter() {
        match diagnostic.severity() {
            Severity::Error => output.tally.errors += 1,
            Severity::Warning => output.tally.warnings += 1,
        }
        render::diagnostic(
            diagnostic,
            &window,
            settings.diagnostics,
            &mut output.reports,
        );
    }
}

/// Runs a whole in-memory input through the pipeline: the library's
/// one-call entry point, for tests and embedding.
///
/// ```
/// use cardsharp::pipeline::{run_bytes, Settings, OutputFormat};
/// use cardsharp::render::DiagnosticFormat;
/// use cardsharp::syntax::Mode;
///
/// let settings = Settings {
///     mode: Mode::Auto,
///     evaluate: true,
///     output: OutputFormat::Text,
///     diagnostics: DiagnosticFormat::Short,
/// };
/// let (results, reports, _) = run_bytes("hands", b"AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H\n", &settings);
/// assert_eq!(results, "BID NO-TRUMP\n");
/// assert!(reports.is_empty());
/// ```
#[must_use]
pub fn run_bytes(name: &str, input: &[u8], settings: &Settings) -> (String, String, Tally) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let tally = process(name, input, settings, &mut out, &mut err)
        .expect("reading bytes in memory cannot fail");
    (
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
        tally,
    )
}
