//! An open document: the editor's text, and what the front end made of it.
//! The reading is computed when first asked for after a change. So a burst
//! of changes is checked once.

use lsp_types::{Position, Range, SemanticToken, TextDocumentContentChangeEvent, Uri};

use cardsharp::ast::{Game, Span};
use cardsharp::pipeline::{Analysis, Analyzed, analyze};
use cardsharp::syntax::{Layout, Mode};

use super::position::{LineIndex, Walk};

pub(super) struct Document {
    text: String,
    pub(super) version: i32,
    /// The game the file's extension names, if it names one.
    game: Option<Game>,
    checked: Option<Checked>,
    tokens: Tokens,
}

/// The semantic tokens last sent, by their result id: what the next
/// delta is counted from.
#[derive(Default)]
pub(super) struct Tokens {
    sent: Option<(String, Vec<SemanticToken>)>,
    count: u64,
}

impl Tokens {
    /// Remembers `data` as sent: its new result id.
    pub(super) fn tokens_sent(&mut self, data: &[SemanticToken]) -> String {
        self.count += 1;
        let id = self.count.to_string();
        self.sent = Some((id.clone(), data.to_vec()));
        id
    }

    /// The tokens sent as `id`, if they are the last sent.
    pub(super) fn tokens_before(&self, id: &str) -> Option<Vec<SemanticToken>> {
        self.sent
            .as_ref()
            .filter(|(sent, _)| sent == id)
            .map(|(_, data)| data.clone())
    }
}

/// The front end's reading of one text.
pub(super) struct Checked {
    pub(super) analysis: Analysis,
    pub(super) index: LineIndex,
    pub(super) mode: Mode,
    pub(super) layout: Layout,
    /// The terminators that ended a section, in order.
    pub(super) terminators: Vec<Span>,
}

/// A text and its reading, borrowed together.
pub(super) struct View<'a> {
    pub(super) text: &'a str,
    pub(super) checked: &'a Checked,
}

impl Document {
    pub(super) fn new(uri: &Uri, text: String, version: i32) -> Self {
        let path = uri.path().as_str();
        let game = [Game::Bridge, Game::Choker, Game::Whist]
            .into_iter()
            .find(|game| path.ends_with(&format!(".{}", game.name())));
        Self {
            text,
            version,
            game,
            checked: None,
            tokens: Tokens::default(),
        }
    }

    /// Applies the editor's changes in order. A range that reaches past the
    /// last line is cut at the end of the text. A notification has no reply
    /// to refuse it with. The next full change repairs any drift.
    pub(super) fn change(&mut self, version: i32, changes: Vec<TextDocumentContentChangeEvent>) {
        for change in changes {
            match change.range {
                None => self.text = change.text,
                Some(range) => {
                    let index = LineIndex::new(&self.text);
                    let end_of_text = self.text.len();
                    let start = index.offset(&self.text, range.start).unwrap_or(end_of_text);
                    let end = index.offset(&self.text, range.end).unwrap_or(end_of_text);
                    self.text
                        .replace_range(start.min(end)..start.max(end), &change.text);
                }
            }
        }
        self.version = version;
        self.checked = None;
    }

    /// Forgets the reading, as when the settings name another game.
    pub(super) fn forget(&mut self) {
        self.checked = None;
    }

    /// [`Self::view`], and the semantic tokens sent.
    pub(super) fn view_and_tokens(
        &mut self,
        configured: Option<Game>,
        layout: Layout,
    ) -> (View<'_>, &mut Tokens) {
        let mode = self.game.or(configured).map_or(Mode::Auto, Mode::Forced);
        let text = &self.text;
        let checked = self
            .checked
            .get_or_insert_with(|| Checked::new(text, mode, layout));
        (View { text, checked }, &mut self.tokens)
    }

    /// The text and its reading, with `configured` the game when the
    /// file's extension names none (`None` for auto).
    pub(super) fn view(&mut self, configured: Option<Game>, layout: Layout) -> View<'_> {
        self.view_and_tokens(configured, layout).0
    }
}

impl Checked {
    fn new(text: &str, mode: Mode, layout: Layout) -> Self {
        let analysis = analyze(text.as_bytes(), mode, layout);
        let terminators = terminators(text, &analysis);
        Self {
            index: LineIndex::new(text),
            analysis,
            mode,
            layout,
            terminators,
        }
    }
}

impl View<'_> {
    pub(super) fn range(&self, span: Span) -> Range {
        self.checked.index.range(self.text, span)
    }

    /// Positions of offsets that only grow, found in one walk.
    pub(super) fn walk(&self) -> Walk<'_> {
        Walk::new(&self.checked.index, self.text)
    }

    pub(super) fn position(&self, offset: usize) -> Position {
        self.checked.index.position(self.text, offset)
    }

    /// The byte offset of `position`, `None` past the last line.
    pub(super) fn offset(&self, position: Position) -> Option<usize> {
        self.checked.index.offset(self.text, position)
    }

    /// The bytes of `record`, from its first line's start to the end of
    /// its last line's text.
    pub(super) fn record_span(&self, record: &Analyzed) -> Span {
        let (first, last) = record.lines;
        let last_line = &self.text.as_bytes()[last.offset..last.offset + last.len];
        let trimmed = last_line.trim_ascii_end().len();
        Span::new(first.offset, last.offset + trimmed - first.offset)
    }

    /// The record whose lines hold byte `offset`, or touch it at their end.
    pub(super) fn record_at(&self, offset: usize) -> Option<&Analyzed> {
        let records = &self.checked.analysis.records;
        let after = records.partition_point(|record| record.lines.0.offset <= offset);
        let record = &records[after.checked_sub(1)?];
        (offset <= self.record_span(record).end()).then_some(record)
    }
}

/// The lines that end a section: `END` or `#` alone on a line (blanks
/// around it aside), with no report of the front end pointing at it. The
/// framer reports every other use of those words. Examples are a stray
/// terminator, one of the wrong game, one that cuts a deal short, or text
/// after a forced game's end. So what is left is each section's own.
fn terminators(text: &str, analysis: &Analysis) -> Vec<Span> {
    let mut reported: Vec<Span> = analysis
        .diagnostics
        .iter()
        .map(|located| located.diagnostic.span)
        .collect();
    reported.sort_unstable_by_key(|span| span.offset);
    // The furthest end among the reports that start at or before each one.
    let furthest: Vec<usize> = reported
        .iter()
        .scan(0, |furthest, span| {
            *furthest = span.end().max(*furthest);
            Some(*furthest)
        })
        .collect();
    let is_reported = |span: Span| {
        let starting_before = reported.partition_point(|report| report.offset < span.end());
        starting_before > 0 && furthest[starting_before - 1] > span.offset
    };
    let mut offset = 0;
    let mut found = Vec::new();
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_ascii();
        if trimmed == "END" || trimmed == "#" {
            let at = offset + (line.len() - line.trim_ascii_start().len());
            let span = Span::new(at, trimmed.len());
            if !is_reported(span) {
                found.push(span);
            }
        }
        offset += line.len();
    }
    found
}

#[cfg(test)]
mod tests {
    use lsp_types::{Position, Range, TextDocumentContentChangeEvent, Uri};

    use cardsharp::ast::Span;

    use super::Document;

    fn document(path: &str, text: &str) -> Document {
        let uri: Uri = format!("file:///tmp/{path}").parse().unwrap();
        Document::new(&uri, text.to_owned(), 1)
    }

    fn edit(range: ((u32, u32), (u32, u32)), text: &str) -> TextDocumentContentChangeEvent {
        let ((l0, c0), (l1, c1)) = range;
        TextDocumentContentChangeEvent {
            range: Some(Range::new(Position::new(l0, c0), Position::new(l1, c1))),
            range_length: None,
            text: text.to_owned(),
        }
    }

    #[test]
    fn changes_apply_in_order_in_utf16_columns() {
        let mut document = document("hands.txt", "K♠ QS\n");
        // Replace `QS` (columns 3 to 5), then insert at the start.
        document.change(
            2,
            vec![edit(((0, 3), (0, 5)), "JH"), edit(((0, 0), (0, 0)), "AS ")],
        );
        assert_eq!(document.text, "AS K♠ JH\n");
        assert_eq!(document.version, 2);
        // Past the end: appended.
        document.change(3, vec![edit(((9, 0), (9, 0)), "TD")]);
        assert_eq!(document.text, "AS K♠ JH\nTD");
    }

    #[test]
    fn the_extension_names_the_game_over_the_settings() {
        let text = "H\n";
        let mut whist = document("deal.whist", text);
        let mut any = document("deal.txt", text);
        assert_eq!(
            whist.view(None, cardsharp::Layout::Lines).checked.mode,
            cardsharp::Mode::Forced(cardsharp::Game::Whist)
        );
        assert_eq!(
            any.view(None, cardsharp::Layout::Lines).checked.mode,
            cardsharp::Mode::Auto
        );
        any.forget();
        assert_eq!(
            any.view(Some(cardsharp::Game::Choker), cardsharp::Layout::Lines)
                .checked
                .mode,
            cardsharp::Mode::Forced(cardsharp::Game::Choker)
        );
    }

    #[test]
    fn only_the_terminators_that_end_a_section_are_found() {
        let text = "END\nJoey-1C3S2G5D4D\nClucky-QDKDQSKSJS\n  END \n#\n";
        let mut document = document("mixed.txt", text);
        let view = document.view(None, cardsharp::Layout::Lines);
        // The first `END` and the last `#` end no section: reported.
        assert_eq!(
            view.checked.terminators,
            [Span::new(text.find("  END").unwrap() + 2, 3)]
        );
    }
}
