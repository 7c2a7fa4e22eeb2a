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
    // Filled only near the block's end, where the window is short.
    let mut copy;
    let window = if let Some(window) = rest.first_chunk::<WINDOW>() {
        window
    } else {
        copy = [b' '; WINDOW];
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

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::syntax::bridge::read_bridge_hand;
    use crate::syntax::tokens::read_line_ends_as_blanks;
    use crate::syntax::whist::read_whist_deal;

    /// Plain pairs, cards mostly, with blanks of every kind between them
    /// (line ends too, as a reflowed record has), with other bytes before
    /// and after, so that the window is read whole or copied short: the
    /// text, and each pair's start.
    fn row(cards: usize) -> impl Strategy<Value = (Vec<u8>, Vec<usize>)> {
        let card = prop::sample::select(vec!["AS", "KH", "TD", "2C", "9S", "QD", "JH", "3C"]);
        let other = prop::sample::select(vec!["XX", "1G", "kh", "A\u{b}"]);
        // Mostly all cards, so that most records are read; blanks short
        // enough that a row fits the window (a longer one is left to the
        // grammar, and read there: `pipeline`'s tests on reflowed files).
        let pair = prop_oneof![400 => card, 1 => other];
        let blank = prop::sample::select(vec![" ", " ", "\t", "\n", "\r\n", "   ", "\n\n"]);
        (
            prop::collection::vec((pair, blank), cards),
            0usize..600,
            0usize..600,
        )
            .prop_map(|(pieces, before, after)| {
                let mut text = vec![b'#'; before];
                let mut starts = Vec::new();
                for (pair, blank) in pieces {
                    starts.push(text.len());
                    text.extend_from_slice(pair.as_bytes());
                    text.extend_from_slice(blank.as_bytes());
                }
                text.resize(text.len() + after, b'#');
                (text, starts)
            })
    }

    /// The placed starts of `starts`, as the framer hands them over.
    fn placed<const N: usize>(starts: &[usize], base: usize) -> [usize; N] {
        std::array::from_fn(|index| base + starts[index])
    }

    /// The line from the first pair to the last, as the framer frames it.
    fn piece(starts: &[usize], base: usize) -> LineRef {
        LineRef {
            offset: base + starts[0],
            len: starts[starts.len() - 1] + 2 - starts[0],
            number: 1,
        }
    }

    proptest! {
        /// A hand read where its cards were placed is the hand the line
        /// grammar reads from its blanked line, and is read exactly when
        /// that one is.
        #[test]
        fn a_placed_hand_is_the_hand_the_grammar_reads((text, starts) in row(13), base in 0usize..3) {
            let block = Block { bytes: &text, base };
            let line = piece(&starts, base);
            let mut by_places = BridgeHand::default();
            let read = placed_bridge_hand(line, &placed(&starts, base), &block, &mut by_places);

            let mut blanked = Vec::new();
            read_line_ends_as_blanks(&text, &mut blanked);
            let blanked = Block { bytes: &blanked, base };
            let mut by_grammar = BridgeHand::default();
            let mut diagnostics = Vec::new();
            let grammar = read_bridge_hand(&blanked.line(line), &mut by_grammar, &mut diagnostics);
            prop_assert_eq!(read, grammar);
            if read {
                prop_assert_eq!(by_places, by_grammar);
            }
        }

        /// Likewise a whist deal: a trump, then four rows placed.
        #[test]
        fn a_placed_deal_is_the_deal_the_grammar_reads(
            (text, starts) in row(52),
            trump in prop::sample::select(vec![b'S', b'H', b'D', b'C', b's', b'X']),
        ) {
            let mut text = text;
            let trump_at = text.len();
            text.extend_from_slice(&[trump, b'\n']);
            let block = Block { bytes: &text, base: 0 };
            let mut lines = [LineRef { offset: trump_at, len: 1, number: 1 }; 5];
            for (row, starts) in starts.chunks(13).enumerate() {
                lines[1 + row] = piece(starts, 0);
            }
            let mut by_places = WhistDeal::default();
            let read = placed_whist_deal(&lines, &placed(&starts, 0), &block, &mut by_places);

            let mut blanked = Vec::new();
            read_line_ends_as_blanks(&text, &mut blanked);
            let blanked = Block { bytes: &blanked, base: 0 };
            let mut by_grammar = WhistDeal::default();
            let mut diagnostics = Vec::new();
            let grammar = read_whist_deal(&lines.map(|line| blanked.line(line)), &mut by_grammar, &mut diagnostics);
            // A trump the shortcut leaves to the grammar is read there.
            if trump.is_ascii_uppercase() && trump != b'X' {
                prop_assert_eq!(read, grammar);
            } else {
                prop_assert!(!read);
            }
            if read {
                prop_assert_eq!(by_places, by_grammar);
            }
        }
    }
}
