//! Reading a framed record: each game's lines through its parsers, and a
//! problem frame told on its bytes. It stands above the token framer, so
//! that a line the grammar rejected can be read again as the judges read
//! tokens ([`records_on_one_line`]). The records' readers get that reading
//! from here, as a function: cards and records name no framer.

use nom::Offset;

use super::frame::{Frame, Mode};
use super::source::{Block, Line, LineRef};
use super::tokens::{self, is_space, tokens_document};
use super::{bridge, choker, whist};
use crate::ast::{Game, Record, Span};
use crate::diagnostic::{Diagnostic, Kind, LineEnding};

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
        Frame::Bridge(line) => {
            bridge::hand(&block.line(*line), diagnostics, records_on_one_line).map(Record::Bridge)
        }
        Frame::Choker(lines) => choker::pair(
            &lines.map(|line| block.line(line)),
            diagnostics,
            records_on_one_line,
        )
        .map(Record::Choker),
        Frame::Whist(lines) => whist::deal(
            &lines.map(|line| block.line(line)),
            diagnostics,
            records_on_one_line,
        )
        .map(|deal| Record::Whist(Box::new(deal))),
        Frame::Problem { diagnostic, .. } => {
            diagnostics.push(problem(diagnostic, block));
            None
        }
    }
}

/// A line of the lines layout that holds whole records as the tokens layout
/// reads them, every one of them well-formed. It holds two or more records. Or
/// it holds one record that the lines layout writes on several lines: a whist
/// deal's trump and 52 cards, or a Choker pair's two hands. Its section's
/// terminator may follow. The line framer then reports this once, with both
/// remedies, rather than a fault a token.
#[must_use]
pub fn records_on_one_line(line: &Line<'_>) -> Option<Kind> {
    let block = Block {
        bytes: line.text,
        base: line.offset,
    };
    let mut pieces: Vec<LineRef> = Vec::new();
    let mut game = None;
    let mut records = 0;
    let mut well_formed = true;
    let first_token = line.text.iter().position(|&byte| !is_space(byte))?;
    let past_last_token = line.text.iter().rposition(|&byte| !is_space(byte))? + 1;
    let tokens_span = Span::new(line.offset + first_token, past_last_token - first_token);
    tokens_document(block, Mode::Auto, &mut |frame: Frame| {
        let mut diagnostics = Vec::new();
        match &frame {
            Frame::Problem { diagnostic, .. } => {
                well_formed &= matches!(diagnostic.kind, Kind::MissingTerminator { .. });
                return;
            }
            Frame::Bridge(piece) => pieces.push(*piece),
            Frame::Choker(hands) => pieces.extend(hands),
            Frame::Whist(lines) => pieces.extend(lines),
        }
        let this_game = match frame {
            Frame::Whist(_) => Game::Whist,
            Frame::Choker(_) => Game::Choker,
            _ => Game::Bridge,
        };
        // A bridge hand that is the whole line is the line's own reading, not
        // one of several records. Its diagnosis would ask this again. (A whist
        // deal or a Choker pair is read in pieces, each less than the line.)
        // The whole line is measured by this layout's spaces, not by ASCII
        // whitespace. A form feed is a token's byte here.
        let (first, last) = frame.lines();
        let whole_line = matches!(frame, Frame::Bridge(_)) && first.through(last) == tokens_span;
        well_formed &= !whole_line
            && game.is_none_or(|game| game == this_game)
            && record(&frame, &block, &mut diagnostics).is_some()
            && diagnostics.is_empty();
        game = Some(this_game);
        records += 1;
    });
    let game = game?;
    if !well_formed || pieces.len() < 2 {
        return None;
    }
    let last = *pieces.last()?;
    let after_last = &line.text[last.offset + last.len - line.offset..];
    let terminator = after_last.trim_ascii();
    if !terminator.is_empty() {
        // The section's terminator after the last record, on a line of its
        // own too.
        let span = line.span_of(terminator);
        pieces.push(LineRef {
            offset: span.offset,
            len: span.len,
            number: line.number,
        });
    }
    let breaks = pieces
        .windows(2)
        .map(|pair| {
            let after = pair[0].offset + pair[0].len;
            Span::new(after, pair[1].offset - after)
        })
        .collect();
    Some(Kind::RecordsOnOneLine {
        game,
        records,
        breaks,
        // The line's own, which only the bytes after it tell: set where
        // they are held (`syntax::with_line_ending`).
        line_ending: LineEnding::Lf,
    })
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
                .take_while(|&&byte| super::card::is_blank(byte))
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
