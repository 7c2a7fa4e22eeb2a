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
//!
//! The files are layered, lowest first, and each names only those below it
//! (`tests/layers.rs` checks this):
//! 1. `source`: lines and blocks. `traced`: the trace's recording.
//! 2. [`card`], then the games' records: [`bridge`], [`choker`], [`whist`].
//! 3. [`frame`]: frames, sinks, modes, layouts, terminators, and the
//!    framer's interface.
//! 4. The framers: [`tokens`], [`document`], `strict`.
//! 5. This file: records read from frames, problems told. Then [`trace`].
//!
//! One question goes up a layer: whether a line the grammar rejects holds
//! whole records as the judges read tokens. `card` and `choker` ask the
//! token framer (`tokens::records_on_one_line`), which reads each record
//! with [`record`].

pub mod bridge;
pub mod card;
pub mod choker;
pub mod document;
pub(crate) mod fast;
pub mod frame;
pub(crate) mod source;
pub(crate) mod strict;
pub mod tokens;
pub mod trace;
pub(crate) mod traced;
pub mod whist;

use nom::{Offset, Parser};

use crate::ast::{Card, Game, Record, Span};
use crate::diagnostic::{Diagnostic, Kind, LineEnding};
pub(crate) use document::Framer;
pub(crate) use frame::Framing;
pub use frame::{Frame, FrameSink, Layout, Mode};
pub(crate) use source::{BYTE_ORDER_MARK, Lines, SHOWN_OF_OVERLONG_LINE, read_fresh};
pub use source::{Block, Line, LineRef, MAX_LINE_LENGTH, PlacedDeal, PlacedHands, PlacedRow};
pub(crate) use strict::StrictFramer;
pub(crate) use tokens::TokenFramer;
pub use trace::trace;
pub use traced::Step;

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
    (
        start,
        tokens::is_whole_deck(tokens::into_deck(Some(0), &rows[card..])),
    )
}

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
