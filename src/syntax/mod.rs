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
//! 4. The token framer, [`tokens`]. Then `read`: [`record`] reads a framed
//!    record, and [`records_on_one_line`] reads a line the grammar rejected
//!    as the judges read tokens. Then the line framers, [`document`] and
//!    `strict`.
//! 5. This file: the cards a faulty record holds, and the re-exports. Then
//!    [`trace`].
//!
//! The records' readers need that token reading to report a line that holds
//! whole records once. They take it as a function ([`card::AsTokens`]),
//! lent from above, so that no file names one above it.

pub mod bridge;
pub mod card;
pub mod choker;
pub mod document;
pub(crate) mod fast;
pub mod frame;
pub(crate) mod read;
pub(crate) mod source;
pub(crate) mod strict;
pub mod tokens;
pub mod trace;
pub(crate) mod traced;
pub mod whist;

use nom::Parser;

use crate::ast::{Card, Game, Span};
pub(crate) use document::Framer;
pub(crate) use frame::Framing;
pub use frame::{Frame, FrameSink, Layout, Mode};
pub use read::{problem, record, records_on_one_line, with_line_ending};
pub(crate) use source::{BYTE_ORDER_MARK, Lines, SHOWN_OF_OVERLONG_LINE, read_fresh};
pub use source::{Block, Line, LineRef, MAX_LINE_LENGTH, PlacedRow};
pub(crate) use strict::StrictFramer;
pub(crate) use tokens::TokenFramer;
pub use trace::trace;
pub use traced::Step;

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
            let span = plays[0].through(plays[3]);
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
    if card::tokens(line.text).nth(13).is_some() || !card::mostly_card_like(line, game) {
        return Vec::new();
    }
    card::tokens(line.text)
        .filter_map(|token| {
            let (_, (rank, suit)) = nom::combinator::all_consuming(card::card(game.alphabet()))
                .parse_complete(token)
                .ok()?;
            Some(Card::new(rank, suit, line.span_of(token).offset))
        })
        .collect()
}
