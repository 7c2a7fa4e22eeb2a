//! The records of a reflowed file, read where the token framer found
//! their cards.
//!
//! What it shortcuts: [`read_bridge_hand`] and [`read_whist_deal`] on a
//! record whose line ends are blanked, which must find the tokens of each
//! row again (`spaced_card_row`), a row the framer has just counted. The
//! framer hands over each card's start when every card of the record came
//! in a run of plain pairs (two bytes, no dash, spaces around:
//! `fast::token_index`); a row of such tokens is what the line grammar's
//! `card_row` reads as the same cards, once each pair is a card. Where a
//! pair is not a card, or the trump is not canonical, the answer is
//! `false` and the record is read as any other, with its diagnoses.
//!
//! Held to the readers by the property tests of `syntax::tokens`, and by
//! every test that compares a reflowed file's results with its original's.
//!
//! [`read_bridge_hand`]: crate::syntax::bridge
//! [`read_whist_deal`]: crate::syntax::whist

use super::trump_line::canonical_trump_line;
use crate::ast::{Alphabet, BridgeHand, Card, Game, Span, WhistDeal};
use crate::syntax::{Block, LineRef};

/// The bytes a row's cards may span, read as one window: a row of the
/// tokens layout with more between its first card and its last (long runs
/// of blanks, blank lines) is read as any other.
const WINDOW: usize = 256;

/// The cards starting at `placed`, two bytes each, into `cards`; `false`
/// when a pair is not a card of `alphabet`, or the row spans more than a
/// window. Each card is read from the window by its place masked to the
/// window's size: no check of bounds a card.
#[inline(always)]
fn placed_cards<const N: usize>(
    block: &Block<'_>,
    placed: &[usize; N],
    alphabet: &Alphabet,
    cards: &mut [Card; N],
) -> bool {
    let (first, last) = (placed[0], placed[N - 1]);
    if last + 2 - first > WINDOW {
        return false;
    }
    let rest = &block.bytes[first - block.base..];
    let mut copy = [b' '; WINDOW];
    let window = if let Some(window) = rest.first_chunk::<WINDOW>() {
        window
    } else {
        copy[..rest.len()].copy_from_slice(rest);
        &copy
    };
    let mut codes = 0;
    for (slot, &at) in cards.iter_mut().zip(placed) {
        let within = at - first;
        let code = alphabet.card_code(window[within % WINDOW], window[(within + 1) % WINDOW]);
        codes |= code;
        *slot = Card::from_code(code, at);
    }
    codes & 0x80 == 0
}

/// A bridge hand framed as `line`, its cards at `placed`.
#[inline(always)]
pub(crate) fn placed_bridge_hand(
    line: LineRef,
    placed: &[usize; 13],
    block: &Block<'_>,
    hand: &mut BridgeHand,
) -> bool {
    hand.span = Span::new(line.offset, line.len);
    placed_cards(block, placed, Game::Bridge.alphabet(), &mut hand.cards)
}

/// A whist deal framed as `lines`, its cards at `placed`, its trump a
/// canonical trump line.
#[inline(always)]
pub(crate) fn placed_whist_deal(
    lines: &[LineRef; 5],
    placed: &[usize; 52],
    block: &Block<'_>,
    deal: &mut WhistDeal,
) -> bool {
    let Some(trump) = canonical_trump_line(block.line(lines[0]).text) else {
        return false;
    };
    let alphabet = Game::Whist.alphabet();
    let (rows, _) = placed.as_chunks::<13>();
    let mut cards = true;
    for (row, placed) in deal.plays.iter_mut().zip(rows) {
        cards &= placed_cards(block, placed, alphabet, row);
    }
    deal.trump = trump;
    deal.trump_span = Span::new(lines[0].offset, 1);
    deal.span = deal.trump_span.to(Span::new(lines[4].offset, lines[4].len));
    cards
}
