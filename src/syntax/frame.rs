//! The frame vocabulary: what a framer hands the stages after it (frames
//! and their sinks), the modes and layouts it reads in, and the words that
//! open and close sections. Both framers speak it; it names only what
//! stands below it: lines, cards and the games' records.

use super::source::{
    Block, Line, LineRef, Lines, MAX_LINE_LENGTH, PlacedRow, SHOWN_OF_OVERLONG_LINE,
};
use crate::ast::{Game, Span};
use crate::cpu::Isa;
use crate::diagnostic::{Diagnostic, Kind, Mispaired, Scope};

/// How sections are recognised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Each section's game from its first line, as `--game auto`.
    Auto,
    /// The whole input is one game, as a judge reads it.
    Forced(Game),
}

/// The lines of one record, or a problem found while grouping lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    Bridge(LineRef),
    Choker([LineRef; 2]),
    /// The trump line, then north, east, south, west.
    Whist([LineRef; 5]),
    /// Boxed: problems are rare, and a small frame keeps framing cheap.
    Problem {
        diagnostic: Box<Diagnostic>,
        /// The lines to show around the problem.
        lines: (LineRef, LineRef),
    },
}

impl Frame {
    /// The first and last line of the frame. A report shows them, and a
    /// record's line number comes from them.
    #[must_use]
    pub fn lines(&self) -> (LineRef, LineRef) {
        match self {
            Frame::Bridge(line) => (*line, *line),
            Frame::Choker([first, second]) => (*first, *second),
            Frame::Whist(lines) => (lines[0], lines[4]),
            Frame::Problem { lines, .. } => *lines,
        }
    }

    /// This problem with a second label, `note` over `span`, and shown from
    /// the lines `lines`. A report covers so what a guess of the framer read
    /// otherwise. A record's frame is returned as it is.
    #[must_use]
    pub(crate) fn covering(
        self,
        span: Span,
        note: &'static str,
        lines: (LineRef, LineRef),
    ) -> Frame {
        match self {
            Frame::Problem { diagnostic, .. } => Frame::Problem {
                diagnostic: Box::new((*diagnostic).covering(span, note)),
                lines,
            },
            record => record,
        }
    }
}

/// Where the `Framer` puts the frames it finds, in order. Any `FnMut(Frame)` is
/// one. A sink of its own may also take the usual frames by their lines: a
/// bridge hand, a Choker pair, a whist deal. Then no `Frame` is built only to
/// be taken apart again. The pipeline's sink does this, as framing is the one
/// stage that runs on a single thread.
pub trait FrameSink {
    fn frame(&mut self, frame: Frame);

    fn bridge(&mut self, line: LineRef) {
        self.frame(Frame::Bridge(line));
    }

    fn choker(&mut self, lines: [LineRef; 2]) {
        self.frame(Frame::Choker(lines));
    }

    fn whist(&mut self, lines: &[LineRef; 5]) {
        self.frame(Frame::Whist(*lines));
    }

    /// A bridge hand of the tokens layout whose every token the framer found to
    /// be a plain pair: two bytes, no dash. A sink may take it as such. The
    /// hand is then read as thirteen pairs rather than by the grammar.
    fn bridge_placed(&mut self, hand: PlacedRow) {
        self.bridge(hand.line);
    }

    /// A whist deal of the tokens layout, placed as
    /// [`FrameSink::bridge_placed`] places a hand. The framer found its cards,
    /// from its first row to its last, to be plain pairs. `rows` holds its
    /// trump's line (no starts kept), then its rows.
    fn whist_placed(&mut self, rows: &[PlacedRow; 5]) {
        self.whist(&rows.map(|row| row.line));
    }
}

impl<F: FnMut(Frame)> FrameSink for F {
    fn frame(&mut self, frame: Frame) {
        self(frame);
    }
}

/// Which grammar of documents frames the input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// The statements' line layout: the line structure is the grammar.
    #[default]
    Lines,
    /// The judges' reading: tokens, wherever the line breaks fall.
    Tokens,
    /// The statements' line layout, byte for byte, as a judge's input validator
    /// holds it. That is one space between tokens, LF line ends, and no blank
    /// line (the `strict` module).
    Strict,
}

pub(crate) const END: &str = "END";

pub(crate) const HASH: &str = "#";

/// The warning of text after the terminator of an input read as one game
/// (`mode`). It stands at `span` of `line`, and says the text is ignored.
pub(crate) fn after_terminator(mode: Mode, span: Span, line: LineRef) -> Frame {
    let terminator = match mode {
        Mode::Forced(Game::Choker) => END,
        _ => HASH,
    };
    problem(
        Scope::Document,
        Kind::AfterTerminator { terminator },
        span,
        line,
    )
}

/// A whist deal opens with its trump suit alone on a line. Any single character
/// other than `#` counts, and so does a suit's name. So a mistyped trump (`h`,
/// `X`, `Hearts`) is reported as a bad trump line of its deal. It is not read
/// as a stray line followed by four bridge hands.
pub(crate) fn opens_whist(trimmed: &[u8]) -> bool {
    matches!(trimmed, [byte] if *byte != b'#') || super::whist::trump_meant(trimmed).is_some()
}

/// A Choker section opens with `name-cards`. The other languages have no dash,
/// so a dash after the first word is enough. A line without one may still be a
/// Choker hand whose dash was left out. It has at most two tokens: letters,
/// then ten card characters. A run of glued standard cards does not count.
pub(crate) fn opens_choker(trimmed: &[u8]) -> bool {
    if has_name_dash(trimmed) {
        return true;
    }
    if has_more_tokens_than(trimmed, 2) {
        return false;
    }
    let compact: Vec<u8> = trimmed
        .iter()
        .copied()
        .filter(|&b| !super::card::is_blank(b))
        .collect();
    let Some(cards_start) = compact.len().checked_sub(10) else {
        return false;
    };
    let standard = Game::Bridge.alphabet();
    let glued_standard_cards = compact.len().is_multiple_of(2)
        && compact
            .chunks(2)
            .all(|pair| standard.rank(pair[0]).is_some() && standard.suit(pair[1]).is_some());
    let choker_suit = |byte: u8| b"SGDCH".contains(&byte.to_ascii_uppercase());
    cards_start > 0
        && compact[0].is_ascii_alphabetic()
        && compact[cards_start..]
            .chunks(2)
            .all(|pair| pair[0].is_ascii_alphanumeric() && choker_suit(pair[1]))
        && !glued_standard_cards
}

/// `name-` or `name -`: a dash in the first token or opening the second.
/// Reads two or three bytes of a line of cards.
pub(crate) fn has_name_dash(trimmed: &[u8]) -> bool {
    let first_end = trimmed
        .iter()
        .position(|&b| super::card::is_blank(b))
        .unwrap_or(trimmed.len());
    trimmed[..first_end].contains(&b'-')
        || trimmed[first_end..].trim_ascii_start().first() == Some(&b'-')
}

/// Whether a line without surrounding blanks has more than `count`
/// blank-separated tokens. Reads only as far as it must.
pub(crate) fn has_more_tokens_than(trimmed: &[u8], count: usize) -> bool {
    let mut tokens = usize::from(!trimmed.is_empty());
    let mut previous_blank = false;
    for &byte in trimmed {
        let blank = super::card::is_blank(byte);
        if previous_blank && !blank {
            tokens += 1;
            if tokens > count {
                return true;
            }
        }
        previous_blank = blank;
    }
    tokens > count
}

/// The terminator of the game that `mode` does not force, when `trimmed` is it.
/// That is `#` in a Choker document, `END` in a whist one.
pub(crate) fn other_games_terminator(mode: Mode, trimmed: &[u8]) -> Option<&'static str> {
    match (mode, trimmed) {
        (Mode::Forced(Game::Choker), b"#") => Some(HASH),
        (Mode::Forced(Game::Whist), b"END") => Some(END),
        _ => None,
    }
}

pub(crate) fn terminator(trimmed: &[u8]) -> Option<&'static str> {
    match trimmed {
        b"END" => Some(END),
        b"#" => Some(HASH),
        _ => None,
    }
}

/// A problem at `span`, its report shown on `line`.
pub(crate) fn problem(scope: Scope, kind: Kind, span: Span, line: LineRef) -> Frame {
    problem_showing(scope, kind, span, (line, line))
}

/// A problem whose report spans the pieces from `first` to the end of `last`.
pub(crate) fn problem_over(scope: Scope, kind: Kind, first: LineRef, last: LineRef) -> Frame {
    problem_showing(scope, kind, first.through(last), (first, last))
}

/// A problem at `span`, its report shown from the first of `lines` to the
/// last.
pub(crate) fn problem_showing(
    scope: Scope,
    kind: Kind,
    span: Span,
    lines: (LineRef, LineRef),
) -> Frame {
    Frame::Problem {
        diagnostic: Box::new(Diagnostic::new(scope, kind, span)),
        lines,
    }
}

/// A terminator with no section open to end, labelled at `label`. `line` is
/// its line without the ending, which the framer does not see:
/// [`super::problem`] adds it.
pub(crate) fn stray(terminator: &'static str, line: Span, label: Span, at: LineRef) -> Frame {
    let after_a_deck = false;
    let kind = Kind::StrayTerminator {
        terminator,
        line,
        after_a_deck,
    };
    problem(Scope::Document, kind, label, at)
}

/// A section's terminator, `expected`, written as `found`.
pub(crate) fn wrong_terminator(
    expected: &'static str,
    found: &[u8],
    span: Span,
    at: LineRef,
) -> Frame {
    let found = String::from_utf8_lossy(found).into_owned();
    let kind = Kind::WrongTerminator { expected, found };
    problem(Scope::Document, kind, span, at)
}

/// The other game's terminator between the records of a section of the game
/// forced: `#` among Choker hands, `END` between deals. In auto, also a `#`
/// between a Choker pair's hands. Its report waits for what comes next, while
/// the framer holds it with the section's state. At the end of the input it
/// is the section's terminator written wrong. Before more input it is a stray
/// terminator, and the section goes on.
#[derive(Debug)]
pub(crate) struct OtherTerminator<S> {
    pub(crate) at: LineRef,
    /// The report of the section's terminator written wrong.
    pub(crate) wrong: Frame,
    /// The report of a stray terminator.
    pub(crate) stray: Frame,
    /// The section's state, in which reading goes on after a stray.
    pub(crate) section: S,
}

impl<S> OtherTerminator<S> {
    /// `terminator`, written as `found` at `label` of the unit `at`, whose
    /// bytes are `line`, in a section of a document read in `mode`.
    pub(crate) fn new(
        mode: Mode,
        terminator: &'static str,
        (found, line, label): (&[u8], Span, Span),
        at: LineRef,
        section: S,
    ) -> Box<Self> {
        // The section's own terminator, which the unit stands for at the end:
        // a whist document's `#`, else a Choker section's `END` (in a Choker
        // document, or between a pair's hands in auto).
        let expected = if mode == Mode::Forced(Game::Whist) {
            HASH
        } else {
            END
        };
        Box::new(Self {
            at,
            wrong: wrong_terminator(expected, found, label, at),
            stray: stray(terminator, line, label, at),
            section,
        })
    }
}

/// The hands of a Choker section, paired in the order they come.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Pairs {
    /// The first hand of a pair, waiting for its opponent.
    pub(crate) waiting: Option<LineRef>,
    /// The section's first hand. A section may end with a hand unpaired. Then a
    /// hand is missing or extra somewhere after this one. Every pair from there
    /// may have been read with the wrong opponent, and the report says so.
    first: Option<LineRef>,
}

impl Pairs {
    /// A whole hand: the first of a pair, or its opponent. The pair is then
    /// framed.
    #[inline(always)]
    pub(crate) fn hand(&mut self, hand: LineRef, emit: &mut impl FrameSink) {
        match self.waiting.take() {
            Some(opponent) => emit.choker([opponent, hand]),
            None => {
                self.waiting = Some(hand);
                self.first.get_or_insert(hand);
            }
        }
    }

    /// The report of the hand left waiting, if one is, as the section ends. The
    /// pairs from the section's first hand to the line `to_line(hand)` may
    /// pair the wrong two.
    pub(crate) fn unpaired(&mut self, to_line: impl FnOnce(LineRef) -> usize) -> Option<Frame> {
        let hand = self.waiting.take()?;
        Some(unpaired(self.first.take(), hand, to_line(hand)))
    }
}

/// The last hand of a Choker section, left without an opponent. The pairs from
/// the section's `first` hand to the line `to_line` may pair the wrong two.
fn unpaired(first: Option<LineRef>, hand: LineRef, to_line: usize) -> Frame {
    let mispaired = first
        .filter(|first| first.offset < hand.offset)
        .map(|first| Mispaired {
            span: Span::new(first.offset, hand.offset - first.offset),
            from_line: first.number,
            to_line,
        });
    let span = hand.span();
    problem(
        Scope::Game(Game::Choker),
        Kind::UnpairedHand { mispaired },
        span,
        hand,
    )
}

/// The most bytes a run of lines holding no card spans. Then it is reported,
/// and a new run starts. The run's lines are held for the report.
pub(crate) const MAX_JUNK_BYTES: usize = 1 << 15;

/// Points at the last line of the input, since a label after the end
/// cannot be drawn. The line ending its fix writes is found by
/// [`super::problem`].
pub(crate) fn missing_terminator(game: Game, last: LineRef) -> Frame {
    let terminator = if game == Game::Choker { END } else { HASH };
    problem(
        Scope::Game(game),
        Kind::MissingTerminator {
            terminator,
            read_as_bridge: None,
            line_ending: None,
            blanks_after: 0,
            splits_line: false,
        },
        last.span(),
        last,
    )
}

/// The report of a line too long to read, whose first bytes are `line`, and
/// the bytes it shows.
pub(crate) fn line_too_long(line: &Line<'_>) -> (LineRef, Frame) {
    let shown = LineRef {
        len: line.text.len().min(SHOWN_OF_OVERLONG_LINE),
        ..line.reference()
    };
    let span = shown.span();
    (
        shown,
        problem(Scope::Document, Kind::LineTooLong, span, shown),
    )
}

/// The report of a NUL byte at `offset` of `line`: the input is binary.
/// The report shows the line up to the byte when that is short, else the
/// byte alone.
pub(crate) fn binary_input(offset: usize, line: &Line<'_>) -> Frame {
    let shown = if offset - line.offset < SHOWN_OF_OVERLONG_LINE {
        LineRef {
            len: offset - line.offset + 1,
            ..line.reference()
        }
    } else {
        LineRef {
            offset,
            len: 1,
            number: line.number,
        }
    };
    problem(
        Scope::Document,
        Kind::BinaryInput,
        Span::new(offset, 1),
        shown,
    )
}

/// What the reader asks of a framer. The line framer ([`document::Framer`]) and
/// the token framer ([`tokens::TokenFramer`]) are fed alike. There is one for
/// each [`Layout`].
pub(crate) trait Framing: Send {
    /// The layout the framer reads.
    const LAYOUT: Layout;

    /// Whether lines of any length are read, cut between blocks after a blank.
    /// The tokens layout does so, since a whole input may stand on one line.
    /// The lines layout reports a line longer than any record.
    const READS_LONG_LINES: bool;

    fn new(mode: Mode) -> Self;
    fn line(&mut self, line: &Line<'_>, emit: &mut impl FrameSink);
    fn overlong_line(&mut self, line: &Line<'_>, emit: &mut impl FrameSink);
    fn finish(&mut self, emit: &mut impl FrameSink);
    /// The offset of the first byte the framer still holds. The input from
    /// there on must stay available until the next call.
    fn holds_from(&self) -> Option<usize>;
    /// Whether the records framed since the last call must be read with their
    /// line ends as blanks. Never so in the lines layout.
    fn take_needs_blanks(&mut self) -> bool;
    /// The game of the Choker or whist section the framer is in, for the
    /// trace's notes. The tokens framer also names its bridge section.
    fn section_game(&self) -> Option<Game>;

    /// Frames the whole lines of `block`, line by line; the first is numbered
    /// `first_line`. A framer that reads a block at once uses the instructions
    /// of `isa`. The reader hands over no line from the input's first NUL byte
    /// on: it reports binary input itself. Returns the number of the line
    /// after the last.
    #[inline(always)]
    fn whole_lines(
        &mut self,
        _isa: Isa,
        block: Block<'_>,
        first_line: usize,
        emit: &mut impl FrameSink,
    ) -> usize
    where
        Self: Sized,
    {
        line_by_line(self, block, first_line, emit)
    }
}

/// [`Framing::whole_lines`], a line at a time: the grammar's reading.
#[inline(always)]
pub(crate) fn line_by_line<F: Framing>(
    framer: &mut F,
    block: Block<'_>,
    first_line: usize,
    emit: &mut impl FrameSink,
) -> usize {
    let mut lines = Lines::new(block, first_line);
    for line in lines.by_ref() {
        if !F::READS_LONG_LINES && line.text.len() > MAX_LINE_LENGTH {
            framer.overlong_line(&line, emit);
        } else {
            framer.line(&line, emit);
        }
    }
    lines.next_number()
}
