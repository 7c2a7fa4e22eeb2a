//! The front end: bytes in, typed records and diagnostics out.
//!
//! It reads as the grammar (`grammar/`) is written:
//! - The framers group the input into records and sections. [`document`] frames
//!   by lines, the statements' layout. [`tokens`] frames by tokens, the judges'
//!   layout. Neither fails: what it cannot place becomes a diagnostic, and
//!   reading goes on after it.
//! - [`card`], [`bridge`], [`choker`] and [`whist`] parse one record with nom,
//!   one function per grammar rule. The happy path is the grammar itself. When
//!   it fails, a diagnosis of the same bytes says why.
//! - [`trace`] runs both while recording which rule matched which bytes.

pub mod bridge;
pub mod card;
pub mod choker;
pub mod document;
pub(crate) mod fast;
pub(crate) mod strict;
pub mod tokens;
pub mod trace;
pub mod whist;

use nom::{Offset, Parser};

use crate::ast::{Card, Game, Record, Span};
use crate::cpu::Isa;
use crate::diagnostic::{Diagnostic, Kind, LineEnding, Scope};
pub(crate) use document::Framer;
pub use document::{Frame, FrameSink, Mode};
use fast::token_index::TokenIndex;
pub(crate) use strict::StrictFramer;
pub use tokens::Layout;
pub(crate) use tokens::TokenFramer;
pub use trace::{Step, trace};

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

    /// Gives the token index of the block just framed to `index`, if the framer
    /// made one. See [`TokenFramer::swap_index`].
    fn swap_index(&mut self, _index: &mut TokenIndex) {}

    /// Frames the whole lines of `block`, line by line; the first is numbered
    /// `first_line`. A framer that reads a block at once uses the instructions
    /// of `isa`. The input's first NUL byte, at offset `first_nul`, makes the
    /// input binary. At the line holding it, that is reported, after what the
    /// framer held. Framing stops there, with `None`. Otherwise returns the
    /// number of the line after the last.
    #[inline(always)]
    fn whole_lines(
        &mut self,
        _isa: Isa,
        block: Block<'_>,
        first_line: usize,
        first_nul: Option<usize>,
        emit: &mut impl FrameSink,
    ) -> Option<usize>
    where
        Self: Sized,
    {
        line_by_line(self, block, first_line, first_nul, emit)
    }
}

/// [`Framing::whole_lines`], a line at a time: the grammar's reading.
#[inline(always)]
fn line_by_line<F: Framing>(
    framer: &mut F,
    block: Block<'_>,
    first_line: usize,
    first_nul: Option<usize>,
    emit: &mut impl FrameSink,
) -> Option<usize> {
    let mut lines = Lines::new(block, first_line);
    for line in lines.by_ref() {
        if let Some(nul) = first_nul.filter(|&nul| nul < line.offset + line.text.len() + 1) {
            // Binary input: said once, and nothing after it is read. What the
            // framer held is reported first.
            framer.finish(emit);
            emit.frame(binary_input(nul, &line));
            return None;
        }
        if !F::READS_LONG_LINES && line.text.len() > MAX_LINE_LENGTH {
            framer.overlong_line(&line, emit);
        } else {
            framer.line(&line, emit);
        }
    }
    Some(lines.next_number())
}

/// How much of an overlong line a report shows.
pub(crate) const SHOWN_OF_OVERLONG_LINE: usize = 80;

/// The cards of `text`, tokens of two bytes between blanks, added to `deck`.
/// The deck has one bit per card of the standard deck. `None` once a token is
/// no such card, or a card comes twice. The framers use this to judge rows of
/// cards where a whist deal's trump belongs. A deal's 52 cards are a whole
/// deck; bridge hands dealt apart almost never are.
pub(crate) fn into_deck(deck: Option<u64>, text: &[u8]) -> Option<u64> {
    let alphabet = Game::Whist.alphabet();
    text.split(|&byte| tokens::is_space(byte))
        .filter(|token| !token.is_empty())
        .try_fold(deck?, |deck, token| {
            let [rank, suit] = *token else { return None };
            let code = alphabet.card_code(rank, suit);
            let card = 1u64 << (code & 63);
            (code & 0x80 == 0 && deck & card == 0).then_some(deck | card)
        })
}

/// Where the last 52 tokens of `rows` begin, and whether they are a whist
/// deal's 52 cards, each once. The rows are cards read as bridge hands. Such a
/// deal's trump was lost, or stands before them (`H`, `Hearts`). Or it is glued
/// to the first card (`H4C`), whose last two bytes are read.
fn last_deal(rows: &[u8]) -> (usize, bool) {
    let read = tokens::tokens(rows)
        .map(|(_, read)| read)
        .unwrap_or_default();
    let Some(first) = read.len().checked_sub(52).map(|at| read[at]) else {
        return (0, false);
    };
    let start = rows.offset(first);
    let card = start + first.len().saturating_sub(2);
    (start, is_whole_deck(into_deck(Some(0), &rows[card..])))
}

/// Whether `deck` ([`into_deck`]) is all 52 cards.
pub(crate) fn is_whole_deck(deck: Option<u64>) -> bool {
    deck.is_some_and(|deck| deck.count_ones() == 52)
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
    Frame::Problem {
        diagnostic: Box::new(Diagnostic::new(
            Scope::Document,
            Kind::BinaryInput,
            Span::new(offset, 1),
        )),
        lines: (shown, shown),
    }
}

impl Framing for Framer {
    const LAYOUT: Layout = Layout::Lines;
    const READS_LONG_LINES: bool = false;

    fn new(mode: Mode) -> Self {
        Framer::new(mode)
    }

    #[inline(always)]
    fn line(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        Framer::line(self, line, emit);
    }

    fn overlong_line(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        Framer::overlong_line(self, line, emit);
    }

    fn finish(&mut self, emit: &mut impl FrameSink) {
        Framer::finish(self, emit);
    }

    fn holds_from(&self) -> Option<usize> {
        Framer::holds_from(self)
    }

    fn take_needs_blanks(&mut self) -> bool {
        false
    }

    fn section_game(&self) -> Option<Game> {
        Framer::section_game(self)
    }
}

impl Framing for TokenFramer {
    const LAYOUT: Layout = Layout::Tokens;
    const READS_LONG_LINES: bool = true;

    fn new(mode: Mode) -> Self {
        TokenFramer::new(mode)
    }

    #[inline(always)]
    fn line(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        TokenFramer::line(self, line, emit);
    }

    fn overlong_line(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        TokenFramer::overlong_line(self, line, emit);
    }

    fn finish(&mut self, emit: &mut impl FrameSink) {
        TokenFramer::finish(self, emit);
    }

    fn holds_from(&self) -> Option<usize> {
        TokenFramer::holds_from(self)
    }

    fn take_needs_blanks(&mut self) -> bool {
        TokenFramer::take_needs_blanks(self)
    }

    fn section_game(&self) -> Option<Game> {
        TokenFramer::section_game(self)
    }

    fn swap_index(&mut self, index: &mut TokenIndex) {
        TokenFramer::swap_index(self, index);
    }

    /// Frames through the token index (`fast::token_index`) and the scan of
    /// Choker hands. Two cases go line by line instead. One is a block in the
    /// canonical layout of bridge or whist. The framer takes its lines whole,
    /// quicker than the index finds their tokens. The other is while a trace is
    /// recorded, since the trace shows the grammar's rules line by line. Both
    /// ways give the same frames; a property test in `tokens` holds them equal.
    /// So the choice is only of speed.
    #[inline(always)]
    fn whole_lines(
        &mut self,
        isa: Isa,
        block: Block<'_>,
        first_line: usize,
        first_nul: Option<usize>,
        emit: &mut impl FrameSink,
    ) -> Option<usize> {
        if trace::recording() || tokens::lines_are_units(block.bytes) {
            return line_by_line(self, block, first_line, first_nul, emit);
        }
        let Some(nul) = first_nul else {
            return Some(self.block(isa, block, first_line, emit));
        };
        // The lines before the NUL's line are framed at once. Its own line is
        // read line by line, which reports it.
        let nul_line = memchr::memrchr(b'\n', &block.bytes[..nul - block.base])
            .map_or(0, |newline| newline + 1);
        let (before, from_nul) = block.bytes.split_at(nul_line);
        let next_line = self.block(
            isa,
            Block {
                bytes: before,
                base: block.base,
            },
            first_line,
            emit,
        );
        line_by_line(
            self,
            Block {
                bytes: from_nul,
                base: block.base + nul_line,
            },
            next_line,
            first_nul,
            emit,
        )
    }
}

/// One line of input without its line ending, and where it stands.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    pub text: &'a [u8],
    /// The offset of `text`'s first byte in the input.
    pub offset: usize,
    /// 1-based, as editors count.
    pub number: usize,
}

impl<'a> Line<'a> {
    /// The span of `piece`, which must be a sub-slice of this line's text.
    #[must_use]
    pub fn span_of(&self, piece: &[u8]) -> Span {
        Span::new(self.offset + self.text.offset(piece), piece.len())
    }

    /// The line without the blanks around it.
    #[must_use]
    pub fn trimmed(&self) -> &'a [u8] {
        self.text.trim_ascii()
    }

    /// The span of the line's content without surrounding blanks; the whole
    /// line where it is blank.
    #[must_use]
    pub fn content_span(&self) -> Span {
        let trimmed = self.trimmed();
        if trimmed.is_empty() {
            Span::new(self.offset, self.text.len())
        } else {
            self.span_of(trimmed)
        }
    }

    #[must_use]
    pub fn is_blank(&self) -> bool {
        self.text.iter().all(|&b| card::is_blank(b))
    }

    #[must_use]
    pub fn reference(&self) -> LineRef {
        LineRef {
            offset: self.offset,
            len: self.text.len(),
            number: self.number,
        }
    }
}

/// A line remembered by position. So the framer can hold lines across blocks of
/// input without borrowing them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineRef {
    pub offset: usize,
    pub len: usize,
    pub number: usize,
}

/// A row of cards of the tokens layout whose every token the framer found to be
/// a plain pair. It also holds where the tokens start, if the framer kept that.
/// Bit `i` of `starts` marks a token at `line.offset + i`. `starts` is 0 where
/// the row spans 64 bytes or more, or came in more than one run. The reader
/// then finds the starts itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlacedRow {
    pub line: LineRef,
    pub starts: u64,
}

/// Whole bridge hands of the tokens layout in a row, every token a plain pair,
/// framed at once. `line` runs from the first hand's first token to the end of
/// the last hand's last. Its number is that of the first hand's line. Where
/// each hand begins is found where the cards are read
/// (`fast::placed::placed_bridge_hands`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlacedHands {
    pub line: LineRef,
    pub hands: usize,
}

/// A whist deal of the tokens layout, framed whole at once. Its trump is a
/// suit's letter. Then come 52 plain pairs, from `cards`'s first byte to its
/// last. The line number of its first card is found where it is wanted, not at
/// every deal. Where each row begins is found where the cards are read. On the
/// pool, `fast::placed::indexed_whist_dealt` finds it from the block's token
/// index. For a sink without one, `fast::placed::placed_whist_dealt` finds it
/// from the bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlacedDeal {
    pub trump: LineRef,
    pub cards: Span,
}

/// A piece of the input in memory: `bytes` start at offset `base`.
#[derive(Clone, Copy, Debug)]
pub struct Block<'a> {
    pub bytes: &'a [u8],
    pub base: usize,
}

impl<'a> Block<'a> {
    /// The line `line` refers to; it must lie inside this block.
    #[must_use]
    pub fn line(&self, line: LineRef) -> Line<'a> {
        let start = line.offset - self.base;
        Line {
            text: &self.bytes[start..start + line.len],
            offset: line.offset,
            number: line.number,
        }
    }

    /// The bytes of `span`, which must lie inside this block.
    #[must_use]
    pub fn slice(&self, span: Span) -> &'a [u8] {
        let start = span.offset - self.base;
        &self.bytes[start..start + span.len]
    }

    /// The bytes of `span` when this block still holds them. A report may name
    /// a line the reader has let go. An example is the last line of a section
    /// before a long run of blank lines. That line is then shown without its
    /// text. Otherwise the reader would have to keep every blank line after it.
    #[must_use]
    pub fn held(&self, span: Span) -> Option<&'a [u8]> {
        let start = span.offset.checked_sub(self.base)?;
        self.bytes.get(start..start + span.len)
    }
}

/// Splits bytes into lines at LF, dropping a CR before it. The last line
/// needs no line ending. Each line's end is found eight bytes at a time
/// (`fast::newline`).
#[derive(Clone, Debug)]
pub(crate) struct Lines<'a> {
    bytes: &'a [u8],
    position: usize,
    base: usize,
    number: usize,
}

impl<'a> Lines<'a> {
    /// Lines of `block`, the first numbered `first_number`.
    #[must_use]
    pub(crate) fn new(block: Block<'a>, first_number: usize) -> Self {
        Self {
            bytes: block.bytes,
            position: 0,
            base: block.base,
            number: first_number,
        }
    }

    /// The number the next line read after these would have.
    #[must_use]
    pub(crate) fn next_number(&self) -> usize {
        self.number
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    #[inline(always)]
    fn next(&mut self) -> Option<Line<'a>> {
        let start = self.position;
        if start >= self.bytes.len() {
            return None;
        }
        let end = fast::newline::find_newline(self.bytes, start).unwrap_or(self.bytes.len());
        let mut text = &self.bytes[start..end];
        if let [before @ .., b'\r'] = text {
            text = before;
        }
        self.position = end + 1;
        let line = Line {
            text,
            offset: self.base + start,
            number: self.number,
        };
        self.number += 1;
        Some(line)
    }
}

/// A record read by `read` into a fresh default, as an `Option`. This form is
/// for callers that keep no record to read into.
fn read_fresh<T: Default>(read: impl FnOnce(&mut T) -> bool) -> Option<T> {
    let mut record = T::default();
    read(&mut record).then_some(record)
}

/// The UTF-8 byte-order mark, skipped at the start of an input.
pub(crate) const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// The longest line read; longer ones are reported and skipped. It is ten times
/// the longest valid line of any game, and then some. It is a rule of reading
/// the input, so it lives in `syntax`. The report of a longer line, in
/// `diagnostic` below, states it in words. `tests/cli.rs` holds the two equal.
pub const MAX_LINE_LENGTH: usize = 64 * 1024;

/// Parses the lines of one framed record into its typed form, pushing a
/// diagnostic for each fault. `None` for a problem frame or a record with
/// faults.
pub fn record(
    frame: &Frame,
    block: &Block<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Record> {
    match frame {
        Frame::Bridge(line) => bridge::hand(&block.line(*line), diagnostics).map(Record::Bridge),
        Frame::Choker(lines) => {
            choker::pair(&lines.map(|line| block.line(line)), diagnostics).map(Record::Choker)
        }
        Frame::Whist(lines) => whist::deal(&lines.map(|line| block.line(line)), diagnostics)
            .map(|deal| Record::Whist(Box::new(deal))),
        Frame::Problem { diagnostic, .. } => {
            diagnostics.push(problem(diagnostic, block));
            None
        }
    }
}

/// The cards of a record whose lines have faults, as far as they were read.
/// Each token that is a card as written stands in its place. The checks that
/// span cards need these: a card twice, a card in both Choker hands, a deal's
/// one lacking card. So a bad token does not hide a duplicate in the same
/// record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardsRead {
    Bridge(Vec<Card>),
    Choker([Vec<Card>; 2]),
    Whist {
        plays: [Vec<Card>; 4],
        /// From the first play line to the end of the last. The diagnostics
        /// there are those of the deal's cards.
        span: Span,
    },
}

/// The cards read of the record `frame` frames, for a record whose syntax has
/// faults. `None` for a problem frame.
#[must_use]
pub fn cards_read(frame: &Frame, block: &Block<'_>) -> Option<CardsRead> {
    match frame {
        Frame::Bridge(line) => Some(CardsRead::Bridge(row_cards(
            &block.line(*line),
            Game::Bridge,
        ))),
        Frame::Choker(lines) => Some(CardsRead::Choker(
            lines.map(|line| choker::cards_read(&block.line(line))),
        )),
        Frame::Whist(lines) => {
            let [_, plays @ ..] = lines;
            let span = Span::new(
                plays[0].offset,
                plays[3].offset + plays[3].len - plays[0].offset,
            );
            Some(CardsRead::Whist {
                plays: plays.map(|line| row_cards(&block.line(line), Game::Whist)),
                span,
            })
        }
        Frame::Problem { .. } => None,
    }
}

/// The tokens of a row of 13 cards that are cards as written. A line that is
/// mostly no cards (prose) gives none; it is one report. Nor does a line of
/// more than 13 tokens, whose cards may be of several hands.
fn row_cards(line: &Line<'_>, game: Game) -> Vec<Card> {
    let tokens = || {
        line.text
            .split(|&byte| card::is_blank(byte))
            .filter(|token| !token.is_empty())
    };
    if tokens().nth(13).is_some() || !card::mostly_card_like(line, game) {
        return Vec::new();
    }
    tokens()
        .filter_map(|token| {
            let (_, (rank, suit)) = nom::combinator::all_consuming(card::card(game.alphabet()))
                .parse_complete(token)
                .ok()?;
            Some(Card::new(rank, suit, line.span_of(token).offset))
        })
        .collect()
}

/// A problem's diagnostic as the framer made it, with what only the bytes tell.
/// The framer sees lines without their endings, and two fixes need them. A
/// stray terminator's line gets its ending, so its fix removes the whole line.
/// A missing terminator gets the line ending its fix writes. That is the one
/// after the line it follows, past blanks that end that line. Else it is the
/// block's first, else LF at the end of a one-line input. It is none where the
/// line is no longer held. A stray terminator on the input's last line has no
/// ending after it. It takes the ending before it instead.
#[must_use]
pub fn problem(diagnostic: &Diagnostic, block: &Block<'_>) -> Diagnostic {
    let mut diagnostic = diagnostic.clone();
    match &mut diagnostic.kind {
        Kind::StrayTerminator {
            line, after_a_deck, ..
        } => {
            // The rows before it, which the tokens layout gives up to the
            // terminator. Their blanks after the last card belong to no row.
            if let Some(rows) = &mut diagnostic.cover
                && let Some(bytes) = block.held(rows.span)
            {
                let (start, deal) = last_deal(bytes);
                rows.span = Span::new(
                    rows.span.offset + start,
                    bytes[start..].trim_ascii_end().len(),
                );
                *after_a_deck = deal;
            }
            stray_line_with_its_ending(line, block);
        }
        Kind::MissingTerminator {
            line_ending,
            blanks_after,
            splits_line,
            ..
        } => {
            let blanks = block
                .bytes
                .get(diagnostic.span.end().saturating_sub(block.base)..)
                .unwrap_or_default()
                .iter()
                .take_while(|&&byte| card::is_blank(byte))
                .count();
            let end = diagnostic.span.end() + blanks;
            *line_ending = match ending_after(block, end) {
                Some(b"\r\n") => Some(LineEnding::CrLf),
                Some(b"\n") => Some(LineEnding::Lf),
                _ if end == block.base + block.bytes.len() => Some(first_line_ending(block)),
                // The next section's first token, on this line.
                Some(_) | None if block.held(Span::new(end, 1)).is_some() => {
                    *splits_line = true;
                    Some(line_ending_from(block, end))
                }
                _ => None,
            };
            *blanks_after = blanks;
        }
        _ => with_line_ending(&mut diagnostic, block),
    }
    diagnostic
}

/// A stray terminator's line with its ending, which its fix removes. The
/// input's last line has no ending; there the span takes the ending before it
/// instead. So the input still ends as it did.
///
/// In the tokens layout, a terminator may share its line with other tokens. It
/// then goes with the blanks before it, after a token. Else it goes with the
/// blanks after it, unless another terminator follows, which may take them. The
/// tokens about it stay apart as they were, and the line keeps its ending.
fn stray_line_with_its_ending(line: &mut Span, block: &Block<'_>) {
    let byte = |offset: usize| block.held(Span::new(offset, 1)).map(|byte| byte[0]);
    let is_blank = |offset: usize| matches!(byte(offset), Some(b' ' | b'\t'));
    let mut start = line.offset;
    while start > 0 && is_blank(start - 1) {
        start -= 1;
    }
    if start < line.offset && start > 0 && !matches!(byte(start - 1), Some(b'\n' | b'\r') | None) {
        *line = Span::new(start, line.end() - start);
        return;
    }
    let mut end = line.end();
    while is_blank(end) {
        end += 1;
    }
    // A terminator next may be stray too, and take these blanks as its own. The
    // two edits must not overlap.
    let terminator_next = byte(end) == Some(b'#') || block.held(Span::new(end, 3)) == Some(b"END");
    if end > line.end() && !matches!(byte(end), Some(b'\n' | b'\r') | None) {
        if !terminator_next {
            line.len = end - line.offset;
        }
        return;
    }
    // Alone on its line, whose blanks after it go too.
    line.len = end - line.offset;
    match ending_after(block, end) {
        Some(ending) => line.len += ending.len(),
        None => {
            let before = [&b"\r\n"[..], b"\n"].into_iter().find(|ending| {
                line.offset >= ending.len()
                    && block.held(Span::new(line.offset - ending.len(), ending.len()))
                        == Some(*ending)
            });
            if let Some(before) = before {
                line.offset -= before.len();
                line.len += before.len();
            }
        }
    }
}

/// A diagnostic as a record's reader made it from its lines, with what only the
/// bytes after them tell. Records written on one line get a fix that puts a
/// line ending between them. That ending is the line's own, else the block's
/// first.
pub fn with_line_ending(diagnostic: &mut Diagnostic, block: &Block<'_>) {
    if let Kind::RecordsOnOneLine { line_ending, .. } = &mut diagnostic.kind {
        *line_ending = line_ending_from(block, diagnostic.span.end());
    }
}

/// The ending of the line that `offset` of the input is on. The last line has
/// none; then it is the block's first.
fn line_ending_from(block: &Block<'_>, offset: usize) -> LineEnding {
    let after = block
        .bytes
        .get(offset.saturating_sub(block.base)..)
        .unwrap_or_default();
    match memchr::memchr(b'\n', after) {
        Some(at) if at > 0 && after[at - 1] == b'\r' => LineEnding::CrLf,
        Some(_) => LineEnding::Lf,
        None => first_line_ending(block),
    }
}

/// The ending of `block`'s first line: LF where it has none.
fn first_line_ending(block: &Block<'_>) -> LineEnding {
    match memchr::memchr(b'\n', block.bytes) {
        Some(at) if at > 0 && block.bytes[at - 1] == b'\r' => LineEnding::CrLf,
        _ => LineEnding::Lf,
    }
}

/// The line ending at `offset` of the input, where a line's text ends. It is
/// `\r\n`, `\n`, or a lone `\r` at the end of the input. `None` at the end, or
/// where the block does not hold the bytes.
fn ending_after(block: &Block<'_>, offset: usize) -> Option<&'static [u8]> {
    [&b"\r\n"[..], b"\n", b"\r"]
        .into_iter()
        .find(|ending| block.held(Span::new(offset, ending.len())) == Some(*ending))
}
