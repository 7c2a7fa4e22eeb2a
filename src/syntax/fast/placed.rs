//! The records of a reflowed file whose tokens the token framer found to
//! be all plain pairs: read as pairs, at the starts of their tokens.
//!
//! What it shortcuts: [`read_bridge_hand`] and [`read_whist_deal`] on a
//! record whose line ends are blanked, which must find each row's tokens
//! and check each one's shape (`spaced_card_row`). The framer frames a
//! record as placed when every one of its cards came in a run of plain
//! pairs (two bytes, no dash: `fast::token_index`), so only where the
//! tokens start is left to find: one mask of the spaces, 64 bytes at a
//! time, and a bit each. A row of such tokens is what the line grammar's
//! `card_row` reads as the same cards, once each pair is a card. Where a
//! pair is not a card, or the trump is not canonical, the answer is
//! `false` and the record is read as any other, with its diagnoses.
//!
//! The starts are found here, on the pool, rather than kept by the
//! framer: a store a card on the framing thread, and a copy of them all
//! a record, cost more than finding them again.
//!
//! Held to the readers by the property tests below, to the framer by
//! those of `syntax::tokens`, and by every test that compares a reflowed
//! file's results with its original's.
//!
//! [`read_bridge_hand`]: crate::syntax::bridge
//! [`read_whist_deal`]: crate::syntax::whist

use super::byte_masks::classes64;
use super::trump_line::canonical_trump_line;
use crate::ast::{Alphabet, BridgeHand, Card, Game, Span, WhistDeal};
use crate::syntax::{Block, LineRef};

/// The bytes `grammar/tokens.ebnf` calls `space`.
const SPACES: &[u8] = b" \t\r\n";

/// The bytes a row's tokens may span, read as one window: a row of the
/// tokens layout with more between its first card and its last (long runs
/// of blanks, blank lines) is read as any other.
const WINDOW: usize = 256;

/// The row of cards whose tokens lie in `span` of `block`, into `cards`;
/// `false` when the tokens are not as many as `cards`, one is not two
/// bytes long, a pair is not a card of `alphabet`, or the row is longer
/// than a window. A token starts at a byte that is not a space after one
/// that is, or at the span's first. The framer frames a record as placed
/// only when its tokens are all pairs; the reader checks the lengths
/// again, for a few operations a word, so that what it reads is the
/// grammar's reading whatever it is handed.
///
/// The window's bytes are read at offsets below its length, so without a
/// check of bounds; each word's cards go to slots counted beforehand, so
/// without a check of room.
#[inline(always)]
fn placed_cards(block: &Block<'_>, span: Span, alphabet: &Alphabet, cards: &mut [Card]) -> bool {
    if span.len >= WINDOW {
        return false;
    }
    let rest = &block.bytes[span.offset - block.base..];
    // Filled only near the block's end, where the window is short.
    let mut copy;
    let window = if let Some(window) = rest.first_chunk::<{ WINDOW + 1 }>() {
        window
    } else {
        copy = [b' '; WINDOW + 1];
        copy[..rest.len()].copy_from_slice(rest);
        &copy
    };
    let (words, _) = window[..WINDOW].as_chunks::<64>();
    let (mut filled, mut codes) = (0, 0);
    // Bit 0 set when the byte before the word is a token's, and when it
    // starts one.
    let (mut after_token, mut after_start) = (0, 0);
    // A bit set for a byte of a token that is neither its first nor its
    // second, or for a token's second that is a space.
    let mut faults = 0;
    for (index, word) in words.iter().enumerate().take(span.len.div_ceil(64)) {
        let base = 64 * index;
        let [spaces] = classes64(word, [SPACES]);
        let in_span = u64::MAX >> (64 - (span.len - base).min(64));
        let tokens = !spaces & in_span;
        let mut starts = tokens & !(tokens << 1 | after_token);
        faults |= (starts | starts << 1 | after_start) ^ tokens;
        after_token = tokens >> 63;
        after_start = starts >> 63;
        let count = starts.count_ones() as usize;
        let Some(slots) = cards.get_mut(filled..filled + count) else {
            return false;
        };
        filled += count;
        for slot in slots {
            let at = base + starts.trailing_zeros() as usize;
            starts &= starts - 1;
            let at = at % WINDOW;
            let code = alphabet.card_code(window[at], window[at + 1]);
            codes |= code;
            *slot = Card::from_code(code, span.offset + at);
        }
    }
    // A token that starts at the span's last byte, the last of a word,
    // has its second byte past the span: its start is still carried.
    filled == cards.len() && faults | after_start == 0 && codes & 0x80 == 0
}

/// A bridge hand framed as placed, as `line`.
#[inline(always)]
pub(crate) fn placed_bridge_hand(line: LineRef, block: &Block<'_>, hand: &mut BridgeHand) -> bool {
    hand.span = Span::new(line.offset, line.len);
    placed_cards(block, hand.span, Game::Bridge.alphabet(), &mut hand.cards)
}

/// A whist deal framed as placed, as `lines`, its trump a canonical trump
/// line: its four rows, each as a bridge hand is read.
#[inline(always)]
pub(crate) fn placed_whist_deal(
    lines: &[LineRef; 5],
    block: &Block<'_>,
    deal: &mut WhistDeal,
) -> bool {
    let Some(trump) = canonical_trump_line(block.line(lines[0]).text) else {
        return false;
    };
    let alphabet = Game::Whist.alphabet();
    let mut cards = true;
    for (row, line) in deal.plays.iter_mut().zip(&lines[1..]) {
        cards &= placed_cards(block, Span::new(line.offset, line.len), alphabet, row);
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

    /// Tokens, cards mostly, with blanks of every kind between them (line
    /// ends too, as a reflowed record has, and runs longer than a mask's
    /// 64 bytes), with other bytes before and after, or none after: the
    /// text, and where each token starts and ends.
    fn row(cards: usize) -> impl Strategy<Value = (Vec<u8>, Vec<(usize, usize)>)> {
        let card = prop::sample::select(vec!["AS", "KH", "TD", "2C", "9S", "QD", "JH", "3C"]);
        // Pairs that are not cards, and tokens that are not pairs, which
        // the framer never hands over but the reader still refuses.
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

    /// A span whose last token is one byte, the last of a full 64-byte
    /// word, is no hand: the byte after the span is not read into a card
    /// (there the grammar reads a token `2`, not the card `2S`).
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
        let grammar = read_bridge_hand(&block.line(line), &mut by_grammar, &mut Vec::new());
        assert!(!grammar);
        let mut hand = BridgeHand::default();
        assert!(!placed_bridge_hand(line, &block, &mut hand));
    }

    proptest! {
        /// A hand read where its cards were placed is the hand the line
        /// grammar reads from its blanked line, and is read exactly when
        /// that one is.
        #[test]
        fn a_placed_hand_is_the_hand_the_grammar_reads((text, tokens) in row(13), base in 0usize..3) {
            let block = Block { bytes: &text, base };
            let line = piece(&tokens, base);
            let mut by_places = BridgeHand::default();
            let read = placed_bridge_hand(line, &block, &mut by_places);

            let mut blanked = Vec::new();
            read_line_ends_as_blanks(&text, &mut blanked);
            let blanked = Block { bytes: &blanked, base };
            let mut by_grammar = BridgeHand::default();
            let mut diagnostics = Vec::new();
            let grammar = read_bridge_hand(&blanked.line(line), &mut by_grammar, &mut diagnostics);
            // A row longer than a window is left to the grammar.
            prop_assert_eq!(read, grammar && line.len < WINDOW);
            if read {
                prop_assert_eq!(by_places, by_grammar);
            }
        }

        /// Likewise a whist deal: a trump, then four rows placed.
        #[test]
        fn a_placed_deal_is_the_deal_the_grammar_reads(
            (text, tokens) in row(52),
            trump in prop::sample::select(vec![b'S', b'H', b'D', b'C', b's', b'X']),
        ) {
            let mut text = text;
            let trump_at = text.len() + 1;
            text.extend_from_slice(&[b' ', trump, b'\n']);
            let block = Block { bytes: &text, base: 0 };
            let mut lines = [LineRef { offset: trump_at, len: 1, number: 1 }; 5];
            for (row, tokens) in tokens.chunks(13).enumerate() {
                lines[1 + row] = piece(tokens, 0);
            }
            let mut by_places = WhistDeal::default();
            let read = placed_whist_deal(&lines, &block, &mut by_places);

            let mut blanked = Vec::new();
            read_line_ends_as_blanks(&text, &mut blanked);
            let blanked = Block { bytes: &blanked, base: 0 };
            let mut by_grammar = WhistDeal::default();
            let mut diagnostics = Vec::new();
            let grammar = read_whist_deal(&lines.map(|line| blanked.line(line)), &mut by_grammar, &mut diagnostics);
            // A trump the shortcut leaves to the grammar is read there.
            if trump.is_ascii_uppercase() && trump != b'X' {
                prop_assert_eq!(read, grammar && lines[1..].iter().all(|row| row.len < WINDOW));
            } else {
                prop_assert!(!read);
            }
            if read {
                prop_assert_eq!(by_places, by_grammar);
            }
        }

        /// Tokens fewer or more than a hand's are no hand.
        #[test]
        fn a_span_of_other_than_thirteen_pairs_is_no_hand(
            (text, tokens) in prop_oneof![row(12), row(14)],
        ) {
            let block = Block { bytes: &text, base: 0 };
            let mut hand = BridgeHand::default();
            prop_assert!(!placed_bridge_hand(piece(&tokens, 0), &block, &mut hand));
        }
    }
}
