//! Byte offsets, as the front end's spans count, to and from LSP positions.
//! A position is a line and a column in UTF-16 code units, as the protocol
//! counts by default. A `♠` is three bytes and one code unit, a `🂡` four
//! bytes and two. So a squiggle after either lands where the editor draws
//! the bytes it covers.
//!
//! Lines end where the protocol says they do: at `\n`, `\r\n` or a lone
//! `\r`. The framer counts only `\n`, but that changes no offset. Both
//! sides agree on the bytes, and only the editor's line numbers are spoken
//! here.

use lsp_types::{Position, Range};

use cardsharp::ast::Span;

/// Where each line of one text starts. A position is found by a binary
/// search and a scan of its own line.
#[derive(Debug)]
pub(super) struct LineIndex {
    /// The byte offset of each line's first byte; the first is 0.
    starts: Vec<usize>,
}

impl LineIndex {
    pub(super) fn new(text: &str) -> Self {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        for (at, &byte) in bytes.iter().enumerate() {
            let ends_line = byte == b'\n' || (byte == b'\r' && bytes.get(at + 1) != Some(&b'\n'));
            if ends_line {
                starts.push(at + 1);
            }
        }
        Self { starts }
    }

    /// The position of byte `offset` of `text`, the text this index was
    /// made from. An offset inside a character lies after it. So an
    /// exclusive end that cuts a character still covers it. An offset past
    /// the end is the end.
    pub(super) fn position(&self, text: &str, offset: usize) -> Position {
        let offset = offset.min(text.len());
        let line = self.starts.partition_point(|&start| start <= offset) - 1;
        let start = self.starts[line];
        let character = text[start..]
            .char_indices()
            .take_while(|&(at, _)| start + at < offset)
            .map(|(_, character)| character.len_utf16())
            .sum::<usize>();
        Position::new(to_u32(line), to_u32(character))
    }

    /// The range of `span`.
    pub(super) fn range(&self, text: &str, span: Span) -> Range {
        Range::new(
            self.position(text, span.offset),
            self.position(text, span.end()),
        )
    }

    /// The byte offset of `position`, or `None` when its line is past the
    /// last one. A column past its line's end is the line's end, as the
    /// protocol says. A column inside a UTF-16 character pair is before the
    /// character.
    pub(super) fn offset(&self, text: &str, position: Position) -> Option<usize> {
        let line = usize::try_from(position.line).ok()?;
        let start = *self.starts.get(line)?;
        let end = self.line_end(text, line);
        let wanted = usize::try_from(position.character).unwrap_or(usize::MAX);
        let mut units = 0;
        for (at, character) in text[start..end].char_indices() {
            units += character.len_utf16();
            if units > wanted {
                return Some(start + at);
            }
        }
        Some(end)
    }

    /// The offset where line `line`'s text ends, before its line break.
    fn line_end(&self, text: &str, line: usize) -> usize {
        let Some(&next) = self.starts.get(line + 1) else {
            return text.len();
        };
        let before = &text.as_bytes()[..next];
        if before.ends_with(b"\r\n") {
            next - 2
        } else {
            next - 1
        }
    }
}

/// Positions of offsets that only grow, each found from the one before. The
/// whole text is walked once. Finding each position from scratch would
/// search the lines and scan each line again.
pub(super) struct Walk<'a> {
    index: &'a LineIndex,
    text: &'a str,
    line: usize,
    offset: usize,
    character: usize,
}

impl<'a> Walk<'a> {
    pub(super) fn new(index: &'a LineIndex, text: &'a str) -> Self {
        Self {
            index,
            text,
            line: 0,
            offset: 0,
            character: 0,
        }
    }

    /// The position of `offset`, no less than the offset asked before.
    pub(super) fn position(&mut self, offset: usize) -> Position {
        let offset = offset.min(self.text.len());
        if offset < self.offset || !self.text.is_char_boundary(offset) {
            return self.index.position(self.text, offset);
        }
        while let Some(&next) = self.index.starts.get(self.line + 1)
            && next <= offset
        {
            self.line += 1;
            self.offset = next;
            self.character = 0;
        }
        self.character += self.text[self.offset..offset]
            .chars()
            .map(char::len_utf16)
            .sum::<usize>();
        self.offset = offset;
        Position::new(to_u32(self.line), to_u32(self.character))
    }
}

/// A line or column as the protocol sends it. No editor sends a text of 4
/// GiB, so the largest number stands for "further".
fn to_u32(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use lsp_types::Position;

    use super::{LineIndex, Walk};

    fn position(text: &str, offset: usize) -> (u32, u32) {
        let index = LineIndex::new(text);
        let position = index.position(text, offset);
        (position.line, position.character)
    }

    fn offset(text: &str, line: u32, character: u32) -> Option<usize> {
        LineIndex::new(text).offset(text, Position::new(line, character))
    }

    /// A walk finds each position as a search from scratch does.
    #[test]
    fn a_walk_agrees_with_each_position() {
        let text = "K♠ QS\r\n🂡 x\rAB\n\nlast";
        let index = LineIndex::new(text);
        let mut walk = Walk::new(&index, text);
        for offset in 0..=text.len() + 2 {
            assert_eq!(
                walk.position(offset),
                index.position(text, offset),
                "{offset}"
            );
        }
    }

    #[test]
    fn ascii_columns_count_bytes() {
        let text = "AS KS\n2H QX\n";
        assert_eq!(position(text, 0), (0, 0));
        assert_eq!(position(text, 4), (0, 4));
        assert_eq!(position(text, 6), (1, 0));
        assert_eq!(position(text, 10), (1, 4));
        assert_eq!(position(text, text.len()), (2, 0));
    }

    #[test]
    fn a_pasted_suit_symbol_is_one_code_unit_not_three_bytes() {
        // `K♠` pasted for `KS`: the `Q` after it is at column 3 for the
        // editor, though at byte 5.
        let text = "K♠ QX";
        let q = text.find('Q').unwrap();
        assert_eq!(q, 5);
        assert_eq!(position(text, q), (0, 3));
        assert_eq!(position(text, q + 2), (0, 5));
        assert_eq!(offset(text, 0, 3), Some(q));
        assert_eq!(offset(text, 0, 4), Some(q + 1));
    }

    #[test]
    fn a_character_outside_the_basic_plane_is_two_code_units() {
        // `🂡` (the ace of spades card) is 4 bytes and a surrogate pair.
        let text = "🂡 é QX";
        let q = text.find('Q').unwrap();
        assert_eq!(position(text, q), (0, 5));
        assert_eq!(offset(text, 0, 5), Some(q));
        // Between the two halves of the pair: before the character.
        assert_eq!(offset(text, 0, 1), Some(0));
        assert_eq!(offset(text, 0, 2), Some(4));
    }

    #[test]
    fn an_offset_inside_a_character_lies_after_it() {
        let text = "♠X";
        assert_eq!(position(text, 1), (0, 1));
        assert_eq!(position(text, 2), (0, 1));
        assert_eq!(position(text, 3), (0, 1));
    }

    #[test]
    fn every_line_break_the_protocol_knows_ends_a_line() {
        let text = "AS\r\nKS\rQS\nJS";
        assert_eq!(position(text, text.find('K').unwrap()), (1, 0));
        assert_eq!(position(text, text.find('Q').unwrap()), (2, 0));
        assert_eq!(position(text, text.find('J').unwrap()), (3, 0));
        // The end of a line is before its break, whatever the break.
        assert_eq!(offset(text, 0, 99), Some(2));
        assert_eq!(offset(text, 1, 99), Some(6));
        assert_eq!(offset(text, 3, 99), Some(text.len()));
    }

    #[test]
    fn positions_past_the_end() {
        let text = "AS\nKS\n";
        assert_eq!(offset(text, 2, 0), Some(text.len()));
        assert_eq!(offset(text, 3, 0), None);
        assert_eq!(position(text, text.len() + 10), (2, 0));
    }

    #[test]
    fn offsets_and_positions_round_trip_at_every_character() {
        let text = "K♠ Q♥ 10H\r\n🂡 é\rTS\n\nJ♦";
        let index = LineIndex::new(text);
        for (at, _) in text.char_indices() {
            let back = index.offset(text, index.position(text, at));
            let is_break = matches!(text.as_bytes()[at], b'\r' | b'\n');
            if !is_break {
                assert_eq!(back, Some(at), "byte {at}");
            }
        }
    }
}
