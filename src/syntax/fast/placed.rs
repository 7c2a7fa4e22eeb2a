//! The records of a reflowed file whose tokens the token framer found to be all
//! plain pairs. They are read as pairs, at the starts of their tokens.
//!
//! What it shortcuts: [`read_bridge_hand`] and [`read_whist_deal`] on a record
//! whose line ends are blanked. Those must find each row's tokens and check
//! each one's shape (`spaced_card_row`). The framer frames a record as placed
//! when every one of its cards came in a run of plain pairs. A plain pair is
//! two bytes with no dash (`fast::token_index`). So only where the tokens start
//! is left to find. The pair reader of `fast::card_row` finds them, as it
//! does for the lines layout's spaced rows. The line grammar's `card_row` reads a row of such tokens as the
//! same cards, once each pair is a card. Where a pair is not a card, or the
//! trump is not canonical, the answer is `false`. The record is then read as
//! any other, with its diagnoses.
//!
//! Where a row came in one run within 64 bytes, the usual case, the framer
//! hands its starts over as one mask. It takes the mask from the token index
//! (`PlacedRow::starts`), for a few operations a row. Other rows' starts are
//! found here, on the pool. Keeping each start card by card would cost the
//! framing thread a store a card.
//!
//! The property tests below hold this to the readers. Those of `syntax::tokens`
//! hold it to the framer. So does every test that compares a reflowed file's
//! results with its original's.
//!
//! [`read_bridge_hand`]: crate::syntax::bridge
//! [`read_whist_deal`]: crate::syntax::whist

use super::byte_masks::SPACES;
use super::card_row::{cards_at, spaced_cards, word_from};
use super::trump_line::canonical_trump_line;
use crate::ast::{Alphabet, BridgeHand, Card, Game, Span, WhistDeal};
use crate::syntax::{Block, PlacedRow};

/// The row of cards `row` of `block`, into `cards`, at the starts the framer
/// kept, or else found here ([`spaced_cards`]). `false` when the tokens are
/// not as many as `cards`, or a pair is not a card of `alphabet`.
#[inline(always)]
fn placed_cards(
    block: &Block<'_>,
    row: PlacedRow,
    alphabet: &Alphabet,
    cards: &mut [Card],
) -> bool {
    let span = row.line.span();
    if row.starts == 0 {
        return spaced_cards(block, span, SPACES, alphabet, cards);
    }
    // The framer kept the starts only of tokens it found plain pairs.
    if row.starts.count_ones() as usize != cards.len() {
        return false;
    }
    let mut copy = None;
    let bytes = word_from(block, span.offset, &mut copy);
    let codes = cards_at(bytes, span.offset, row.starts, alphabet, cards);
    let read = codes & 0x80 == 0;
    // Taken on trust here, so held to the reading of the row's own bytes
    // wherever the tests run.
    debug_assert!({
        let mut found = vec![Card::default(); cards.len()];
        spaced_cards(block, span, SPACES, alphabet, &mut found) == read && (!read || found == cards)
    });
    read
}

/// A bridge hand framed as placed, as `hand`.
#[inline(always)]
pub(crate) fn placed_bridge_hand(
    hand: PlacedRow,
    block: &Block<'_>,
    read: &mut BridgeHand,
) -> bool {
    read.span = hand.line.span();
    placed_cards(block, hand, Game::Bridge.alphabet(), &mut read.cards)
}

/// A whist deal framed as placed, as `rows`: its trump's line first, a
/// canonical trump line. Its four rows are each read as a bridge hand is.
#[inline(always)]
pub(crate) fn placed_whist_deal(
    rows: &[PlacedRow; 5],
    block: &Block<'_>,
    deal: &mut WhistDeal,
) -> bool {
    let (trump_line, last) = (rows[0].line, rows[4].line);
    let Some(trump) = canonical_trump_line(block.line(trump_line).text) else {
        return false;
    };
    let alphabet = Game::Whist.alphabet();
    let mut cards = true;
    for (play, &row) in deal.plays.iter_mut().zip(&rows[1..]) {
        cards &= placed_cards(block, row, alphabet, play);
    }
    deal.trump = trump;
    deal.trump_span = Span::new(trump_line.offset, 1);
    deal.span = deal.trump_span.to(last.span());
    cards
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::syntax::LineRef;
    use crate::syntax::bridge::read_bridge_hand;
    use crate::syntax::tokens::read_line_ends_as_blanks;
    use crate::syntax::whist::read_whist_deal;

    /// Tokens, cards mostly, with blanks of every kind between them. Line ends
    /// are among them, as a reflowed record has, and runs longer than a mask's
    /// 64 bytes. Other bytes come before and after, or none after. Gives the
    /// text, and where each token starts and ends.
    fn row(cards: usize) -> impl Strategy<Value = (Vec<u8>, Vec<(usize, usize)>)> {
        let card = prop::sample::select(vec!["AS", "KH", "TD", "2C", "9S", "QD", "JH", "3C"]);
        // Pairs that are not cards, and tokens that are not pairs. The framer
        // never hands these over, but the reader still refuses them.
        let other = prop::sample::select(vec!["XX", "1G", "kh", "A\u{b}", "ASK", "A", "10H"]);
        // Mostly all cards, so that most records are read.
        let pair = prop_oneof![400 => card, 1 => other];
        let long = " ".repeat(70);
        let blank = prop::sample::select(vec![
            " ",
            " ",
            "\t",
            "\n",
            "\r\n",
            "   ",
            "\n\n",
            "\r",
            long.leak(),
        ]);
        (
            prop::collection::vec((pair, blank), cards),
            0usize..200,
            prop::option::of(0usize..200),
        )
            .prop_map(|(pieces, before, after)| {
                let mut text = vec![b'#'; before];
                let mut tokens = Vec::new();
                for (pair, blank) in pieces {
                    tokens.push((text.len(), text.len() + pair.len()));
                    text.extend_from_slice(pair.as_bytes());
                    text.extend_from_slice(blank.as_bytes());
                }
                // The block may end with the last token.
                match after {
                    Some(after) => text.resize(text.len() + after, b'#'),
                    None => text.truncate(tokens.last().map_or(text.len(), |&(_, end)| end)),
                }
                (text, tokens)
            })
    }

    /// The line from the first token to the end of the last, as the
    /// framer frames it.
    fn piece(tokens: &[(usize, usize)], base: usize) -> LineRef {
        LineRef {
            offset: base + tokens[0].0,
            len: tokens[tokens.len() - 1].1 - tokens[0].0,
            number: 1,
        }
    }

    /// The row of `tokens`, its starts to be found by the reader.
    fn found(tokens: &[(usize, usize)], base: usize) -> PlacedRow {
        PlacedRow {
            line: piece(tokens, base),
            starts: 0,
        }
    }

    /// The row of `tokens` with their starts kept, where the framer keeps them.
    /// It keeps them when every token is a plain pair, and they span fewer than
    /// 64 bytes.
    fn kept(text: &[u8], tokens: &[(usize, usize)], base: usize) -> Option<PlacedRow> {
        let first = tokens[0].0;
        let plain = tokens
            .iter()
            .all(|&(start, end)| end - start == 2 && !text[start..end].contains(&b'-'));
        (plain && tokens[tokens.len() - 1].0 - first < 64).then(|| PlacedRow {
            line: piece(tokens, base),
            starts: tokens
                .iter()
                .fold(0, |bits, &(start, _)| bits | 1 << (start - first)),
        })
    }

    /// A span whose last token is one byte, the last of a full 64-byte word, is
    /// no hand. The byte after the span is not read into a card. (There the
    /// grammar reads a token `2`, not the card `2S`.)
    #[test]
    fn a_one_byte_token_ending_a_word_is_no_card() {
        let mut text = b"AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S".to_vec();
        text.resize(63, b' ');
        text.extend_from_slice(b"2S\n");
        let block = Block {
            bytes: &text,
            base: 0,
        };
        let line = LineRef {
            offset: 0,
            len: 64,
            number: 1,
        };
        let mut by_grammar = BridgeHand::default();
        let grammar = read_bridge_hand(
            &block.line(line),
            &mut by_grammar,
            &mut Vec::new(),
            crate::syntax::read::records_on_one_line,
        );
        assert!(!grammar);
        let mut hand = BridgeHand::default();
        let row = PlacedRow { line, starts: 0 };
        assert!(!placed_bridge_hand(row, &block, &mut hand));
    }

    proptest! {
        /// A hand read where its cards were placed is the hand the line grammar
        /// reads from its blanked line. It is read exactly when that one is.
        /// Its starts are found by the reader, or kept by the framer where it
        /// keeps them.
        #[test]
        fn a_placed_hand_is_the_hand_the_grammar_reads((text, tokens) in row(13), base in 0usize..3) {
            let block = Block { bytes: &text, base };
            let line = piece(&tokens, base);
            let mut blanked = Vec::new();
            read_line_ends_as_blanks(&text, &mut blanked);
            let blanked = Block { bytes: &blanked, base };
            let mut by_grammar = BridgeHand::default();
            let mut diagnostics = Vec::new();
            let grammar = read_bridge_hand(&blanked.line(line), &mut by_grammar, &mut diagnostics, crate::syntax::read::records_on_one_line);

            let mut by_places = BridgeHand::default();
            let read = placed_bridge_hand(found(&tokens, base), &block, &mut by_places);
            prop_assert_eq!(read, grammar);
            if read {
                prop_assert_eq!(&by_places, &by_grammar);
            }
            if let Some(row) = kept(&text, &tokens, base) {
                let mut by_starts = BridgeHand::default();
                let read = placed_bridge_hand(row, &block, &mut by_starts);
                prop_assert_eq!(read, grammar);
                if read {
                    prop_assert_eq!(by_starts, by_grammar);
                }
            }
        }

        /// Likewise a whist deal: a trump, then four rows placed, each
        /// with its starts kept where the framer keeps them, or not.
        #[test]
        fn a_placed_deal_is_the_deal_the_grammar_reads(
            (text, tokens) in row(52),
            trump in prop::sample::select(vec![b'S', b'H', b'D', b'C', b's', b'X']),
            keep in prop::array::uniform4(any::<bool>()),
        ) {
            let mut text = text;
            let trump_at = text.len() + 1;
            text.extend_from_slice(&[b' ', trump, b'\n']);
            let block = Block { bytes: &text, base: 0 };
            let trump_line = LineRef { offset: trump_at, len: 1, number: 1 };
            let mut rows = [PlacedRow { line: trump_line, starts: 0 }; 5];
            for (row, tokens) in tokens.chunks(13).enumerate() {
                rows[1 + row] = kept(&text, tokens, 0)
                    .filter(|_| keep[row])
                    .unwrap_or_else(|| found(tokens, 0));
            }
            let mut by_places = WhistDeal::default();
            let read = placed_whist_deal(&rows, &block, &mut by_places);

            let mut blanked = Vec::new();
            read_line_ends_as_blanks(&text, &mut blanked);
            let blanked = Block { bytes: &blanked, base: 0 };
            let mut by_grammar = WhistDeal::default();
            let mut diagnostics = Vec::new();
            let lines = rows.map(|row| blanked.line(row.line));
            let grammar = read_whist_deal(&lines, &mut by_grammar, &mut diagnostics, crate::syntax::read::records_on_one_line);
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

        /// Tokens fewer or more than a hand's are no hand, their starts
        /// kept or not.
        #[test]
        fn a_span_of_other_than_thirteen_pairs_is_no_hand(
            (text, tokens) in prop_oneof![row(12), row(14)],
        ) {
            let block = Block { bytes: &text, base: 0 };
            let mut hand = BridgeHand::default();
            prop_assert!(!placed_bridge_hand(found(&tokens, 0), &block, &mut hand));
            if let Some(row) = kept(&text, &tokens, 0) {
                prop_assert!(!placed_bridge_hand(row, &block, &mut hand));
            }
        }

    }
}
