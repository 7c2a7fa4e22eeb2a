//! The canonical layout `cardsharp fmt` writes. It has one space between
//! cards, `name-cards` for Choker hands, LF line ends, and no blanks around
//! tokens. Each section is closed by its terminator and followed by one
//! blank line. Formatting only rewrites what the grammar lets vary. So the
//! records, and every result, stay the same.

use crate::ast::{Card, Game, Record};
use crate::syntax::tokens::{read_line_ends_as_blanks, tokens_document};
use crate::syntax::{self, BYTE_ORDER_MARK, Block, Layout, Mode};

fn cards(game: Game, cards: &[Card], separator: &str, out: &mut String) {
    let alphabet = game.alphabet();
    for (index, card) in cards.iter().enumerate() {
        if index > 0 {
            out.push_str(separator);
        }
        out.extend(alphabet.card_text(*card).map(char::from));
    }
}

/// One record in the canonical layout, each line ended by LF.
pub(crate) fn record(record: &Record, out: &mut String) {
    match record {
        Record::Bridge(hand) => {
            cards(Game::Bridge, &hand.cards, " ", out);
            out.push('\n');
        }
        Record::Choker(pair) => {
            for hand in [&pair.first, &pair.second] {
                out.push_str(hand.name.as_str());
                out.push('-');
                cards(Game::Choker, &hand.cards, "", out);
                out.push('\n');
            }
        }
        Record::Whist(deal) => {
            out.push(char::from(Game::Whist.alphabet().suit_letter(deal.trump)));
            out.push('\n');
            for row in &deal.plays {
                cards(Game::Whist, row, " ", out);
                out.push('\n');
            }
        }
    }
}

/// A whole document. Consecutive records of one game form one section,
/// closed by the game's terminator. Sections are separated by a blank line.
#[must_use]
pub(crate) fn document(records: &[Record]) -> String {
    let mut out = String::new();
    for (index, current) in records.iter().enumerate() {
        let game = current.game();
        if index > 0 && records[index - 1].game() != game {
            out.push('\n');
        }
        record(current, &mut out);
        let section_ends = records
            .get(index + 1)
            .is_none_or(|next| next.game() != game);
        if section_ends {
            match game {
                Game::Bridge => {}
                Game::Choker => out.push_str("END\n"),
                Game::Whist => out.push_str("#\n"),
            }
        }
    }
    out
}

/// `source`, read in `layout`, rewritten in the canonical layout. A
/// byte-order mark is dropped.
///
/// ```
/// use cardsharp::render::format::source;
/// use cardsharp::syntax::{Layout, Mode};
///
/// let messy = b" Joey - 1C3S2G5D4D\r\nClucky-QDKDQSKSJS\n\nEND\n";
/// let canonical = "Joey-1C3S2G5D4D\nClucky-QDKDQSKSJS\nEND\n";
/// assert_eq!(source(messy, Mode::Auto, Layout::Lines), canonical);
/// let judged = b"Joey-1C3S2G5D4D Clucky - QDKDQSKSJS END";
/// assert_eq!(source(judged, Mode::Auto, Layout::Tokens), canonical);
/// ```
/// The source must be free of diagnostics: records that fail to parse are
/// left out. So callers check first (`cardsharp fmt` refuses such files).
#[must_use]
pub fn source(source: &[u8], mode: Mode, layout: Layout) -> String {
    let start = if source.starts_with(BYTE_ORDER_MARK) {
        BYTE_ORDER_MARK.len()
    } else {
        0
    };
    let block = Block {
        bytes: &source[start..],
        base: start,
    };
    let mut records = Vec::new();
    let mut diagnostics = Vec::new();
    match layout {
        Layout::Lines | Layout::Strict => {
            let whole = Block {
                bytes: source,
                base: 0,
            };
            syntax::document::document(block, mode, &mut |frame| {
                records.extend(syntax::record(&frame, &whole, &mut diagnostics));
            });
        }
        Layout::Tokens => {
            let mut read = Vec::with_capacity(source.len());
            read_line_ends_as_blanks(source, &mut read);
            let whole = Block {
                bytes: &read,
                base: 0,
            };
            tokens_document(block, mode, &mut |frame| {
                records.extend(syntax::record(&frame, &whole, &mut diagnostics));
            });
        }
    }
    document(&records)
}
