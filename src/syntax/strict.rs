//! The strict layout (`check --strict`, `validate`). It is the lines layout,
//! plus the statement's bytes exactly, as a judge's input validator holds them.
//!
//! The [`StrictFramer`] frames as the line framer does. It also reports each
//! breach of the bytes as a problem of its own. Each report's fix writes the
//! canonical bytes. The breaches are:
//! - a byte-order mark;
//! - CR line ends, one report for the file;
//! - blank lines;
//! - blanks at a line's edges;
//! - blanks between tokens other than one space (none inside a Choker hand);
//! - no line end after the last line;
//! - no record;
//! - records of more than one game.

use super::document::Framer;
use super::frame::{line_by_line, problem, problem_over};
use super::{Block, Frame, FrameSink, Framing, Layout, Line, LineRef, Mode};
use crate::ast::{Game, Span};
use crate::cpu::Isa;
use crate::diagnostic::{Kind, Scope};

/// The line framer, with the strict layout's rules of the bytes.
#[derive(Debug)]
pub(crate) struct StrictFramer {
    framer: Framer,
    mode: Mode,
    /// The CRs before an LF in the block being framed, in order. Also how many
    /// of them its lines have passed.
    block_crs: Vec<usize>,
    next_cr: usize,
    /// Every CR line end of the input. They are reported once, at the end, at
    /// the line of the first.
    crs: Vec<usize>,
    first_cr_line: Option<LineRef>,
    /// The run of blank lines being read. It holds its first line, its last,
    /// and where it ends, line ends included.
    blanks: Option<(LineRef, LineRef, usize)>,
    /// Where the block being framed ends, and whether its last byte is an LF. A
    /// line that ends there without an LF is the input's last.
    block_end: usize,
    ends_with_newline: bool,
    /// The last line read that is not blank, and whether a line end
    /// follows it.
    last_line: Option<LineRef>,
    last_line_ended: bool,
    /// The game of the first record, and whether a record of another was
    /// reported.
    first_game: Option<Game>,
    mixed: bool,
}

impl StrictFramer {
    /// The breaches of `line`'s bytes, each a problem of its own.
    fn line_breaches(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        let reference = line.reference();
        let end = line.offset + line.text.len();
        // CRs inside lines too long to read are not this line's.
        while self.block_crs.get(self.next_cr).is_some_and(|&cr| cr < end) {
            self.next_cr += 1;
        }
        let cr = self.block_crs.get(self.next_cr) == Some(&end);
        if cr {
            self.next_cr += 1;
            self.crs.push(end);
            self.first_cr_line.get_or_insert(reference);
        }
        let ending = if end + usize::from(cr) < self.block_end || self.ends_with_newline {
            1 + usize::from(cr)
        } else {
            0
        };
        if line.trimmed().is_empty() {
            let (first, _, _) = self.blanks.unwrap_or((reference, reference, 0));
            self.blanks = Some((first, reference, end + ending));
            return;
        }
        self.end_blank_run(emit);
        self.last_line = Some(reference);
        self.last_line_ended = ending > 0;
        let breach = |kind, span| problem(Scope::Document, kind, span, reference);
        let trimmed = line.trimmed();
        let before = line.text.len() - line.text.trim_ascii_start().len();
        let after = line.text.len() - line.text.trim_ascii_end().len();
        if before + after > 0 {
            let edges = [
                Span::new(line.offset, before),
                Span::new(end - after, after),
            ];
            let edges: Vec<Span> = edges.into_iter().filter(|edge| edge.len > 0).collect();
            emit.frame(breach(
                Kind::BlanksAtLineEdges {
                    edges: edges.clone(),
                },
                edges[0],
            ));
        }
        // One Choker hand, written without blanks. Two hands on a line are
        // records on one line, which the line framer reports.
        let joined = memchr::memchr_iter(b'-', trimmed).count() == 1;
        let gaps: Vec<Span> = blank_runs(trimmed)
            .filter(|&(at, len)| joined || len != 1 || trimmed[at] != b' ')
            .map(|(at, len)| Span::new(line.span_of(trimmed).offset + at, len))
            .collect();
        if let Some(&first) = gaps.first() {
            emit.frame(breach(Kind::BlanksBetweenTokens { gaps, joined }, first));
        }
    }

    /// Reports the run of blank lines read, if any: one report per run.
    fn end_blank_run(&mut self, emit: &mut impl FrameSink) {
        let Some((first, last, end)) = self.blanks.take() else {
            return;
        };
        let lines = last.number - first.number + 1;
        let removed = Span::new(first.offset, end - first.offset);
        let kind = Kind::BlankLines { lines, removed };
        emit.frame(problem_over(Scope::Document, kind, first, last));
    }

    /// A report of the whole input, shown at `line`. When no line is given, it
    /// is shown at the first line.
    fn input_problem(kind: Kind, span: Span, line: Option<LineRef>) -> Frame {
        let line = line.unwrap_or(LineRef {
            offset: span.offset,
            len: 0,
            number: 1,
        });
        problem(Scope::Document, kind, span, line)
    }
}

/// The runs of blanks inside `trimmed`: where each starts, and how long
/// it is.
fn blank_runs(trimmed: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        let start = at
            + trimmed
                .get(at..)?
                .iter()
                .position(u8::is_ascii_whitespace)?;
        let len = trimmed[start..]
            .iter()
            .take_while(|byte| byte.is_ascii_whitespace())
            .count();
        at = start + len;
        Some((start, len))
    })
}

/// A sink that passes every frame on. It also tells the strict framer the game
/// of each record.
struct Games<'a, S> {
    emit: &'a mut S,
    first_game: &'a mut Option<Game>,
    mixed: &'a mut bool,
    mode: Mode,
}

impl<S: FrameSink> Games<'_, S> {
    fn record(&mut self, game: Game, first_line: LineRef) {
        let first = *self.first_game.get_or_insert(game);
        if first != game && !*self.mixed && self.mode == Mode::Auto {
            *self.mixed = true;
            self.emit.frame(StrictFramer::input_problem(
                Kind::MixedGames { first, found: game },
                first_line.span(),
                Some(first_line),
            ));
        }
    }
}

impl<S: FrameSink> FrameSink for Games<'_, S> {
    fn frame(&mut self, frame: Frame) {
        self.emit.frame(frame);
    }

    fn bridge(&mut self, line: LineRef) {
        self.record(Game::Bridge, line);
        self.emit.bridge(line);
    }

    fn choker(&mut self, lines: [LineRef; 2]) {
        self.record(Game::Choker, lines[0]);
        self.emit.choker(lines);
    }

    fn whist(&mut self, lines: &[LineRef; 5]) {
        self.record(Game::Whist, lines[0]);
        self.emit.whist(lines);
    }
}

impl StrictFramer {
    /// `emit`, telling this framer each record's game.
    fn games<'a, S: FrameSink>(&'a mut self, emit: &'a mut S) -> (&'a mut Framer, Games<'a, S>) {
        (
            &mut self.framer,
            Games {
                emit,
                first_game: &mut self.first_game,
                mixed: &mut self.mixed,
                mode: self.mode,
            },
        )
    }
}

impl Framing for StrictFramer {
    const LAYOUT: Layout = Layout::Strict;
    const READS_LONG_LINES: bool = false;

    fn new(mode: Mode) -> Self {
        Self {
            framer: Framer::new(mode),
            mode,
            block_crs: Vec::new(),
            next_cr: 0,
            crs: Vec::new(),
            first_cr_line: None,
            blanks: None,
            block_end: 0,
            ends_with_newline: false,
            last_line: None,
            last_line_ended: true,
            first_game: None,
            mixed: false,
        }
    }

    fn line(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        self.line_breaches(line, emit);
        let (framer, mut games) = self.games(emit);
        framer.line(line, &mut games);
    }

    fn overlong_line(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        self.end_blank_run(emit);
        self.last_line = Some(line.reference());
        let (framer, mut games) = self.games(emit);
        framer.overlong_line(line, &mut games);
    }

    fn finish(&mut self, emit: &mut impl FrameSink) {
        let (framer, mut games) = self.games(emit);
        framer.finish(&mut games);
        self.end_blank_run(emit);
        if let Some(&first) = self.crs.first() {
            let crs = std::mem::take(&mut self.crs);
            emit.frame(Self::input_problem(
                Kind::CrLineEnds { crs },
                Span::new(first, 1),
                self.first_cr_line,
            ));
        }
        if let Some(last) = self.last_line
            && !self.last_line_ended
        {
            emit.frame(Self::input_problem(
                Kind::NoFinalNewline,
                last.span(),
                Some(last),
            ));
        }
        if self.first_game.is_none() {
            emit.frame(Self::input_problem(
                Kind::NoRecord,
                Span::new(self.block_end, 0),
                None,
            ));
        }
    }

    fn holds_from(&self) -> Option<usize> {
        let blanks = self.blanks.map(|(first, _, _)| first.offset);
        match (self.framer.holds_from(), blanks) {
            (Some(record), Some(blank)) => Some(record.min(blank)),
            (record, blank) => record.or(blank),
        }
    }

    fn take_needs_blanks(&mut self) -> bool {
        false
    }

    fn section_game(&self) -> Option<Game> {
        self.framer.section_game()
    }

    fn whole_lines(
        &mut self,
        _isa: Isa,
        block: Block<'_>,
        first_line: usize,
        emit: &mut impl FrameSink,
    ) -> usize {
        if first_line == 1 && block.base == super::BYTE_ORDER_MARK.len() {
            emit.frame(Self::input_problem(
                Kind::ByteOrderMark,
                Span::new(block.base, 0),
                None,
            ));
        }
        self.block_crs = memchr::memchr_iter(b'\n', block.bytes)
            .filter(|&lf| lf > 0 && block.bytes[lf - 1] == b'\r')
            .map(|lf| block.base + lf - 1)
            .collect();
        // A CR that ends the input, with no LF after it. The lines leave it out
        // of the last line, as they would a CR before an LF.
        if block.bytes.ends_with(b"\r") {
            self.block_crs.push(block.base + block.bytes.len() - 1);
        }
        self.next_cr = 0;
        self.block_end = block.base + block.bytes.len();
        self.ends_with_newline = block.bytes.last() == Some(&b'\n');
        line_by_line(self, block, first_line, emit)
    }
}
