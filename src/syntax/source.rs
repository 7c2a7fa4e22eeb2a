//! The source: the input's lines and blocks, held by position so that a
//! framer can keep lines across blocks without borrowing them. Everything
//! in `syntax` stands on it, and it names nothing of theirs.

use nom::Offset;

use crate::ast::Span;

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
        self.text.iter().all(|&b| is_blank(b))
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

impl LineRef {
    /// The line's bytes, without its line ending.
    #[must_use]
    pub const fn span(self) -> Span {
        Span::new(self.offset, self.len)
    }

    /// The bytes from the start of this line to the end of `last`.
    #[must_use]
    pub const fn through(self, last: LineRef) -> Span {
        Span::new(self.offset, last.offset + last.len - self.offset)
    }
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
        let end = super::fast::newline::find_newline(self.bytes, start).unwrap_or(self.bytes.len());
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
pub(crate) fn read_fresh<T: Default>(read: impl FnOnce(&mut T) -> bool) -> Option<T> {
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

/// How much of an overlong line a report shows.
pub(crate) const SHOWN_OF_OVERLONG_LINE: usize = 80;

/// A blank between tokens of a line: a space or a tab.
#[must_use]
pub(crate) const fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}
