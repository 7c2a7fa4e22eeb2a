//! The canonical card row: `N` cards separated by single spaces, with nothing
//! around them. Every generated file and nearly every hand-written one lays a
//! bridge hand or a whist play line out so.
//!
//! It shortcuts [`card_row`](crate::syntax::card::card_row). A nom parser makes
//! a call for each combinator and a branch for each byte's class. Here the row
//! is read straight through at fixed places. The faults are gathered in bits
//! and judged once at its end. Rows in any other layout go to the grammar.

use super::byte_masks::class16;
use crate::ast::{Alphabet, Card};
use crate::syntax::Line;

/// Reads the canonical row on `line` into `cards`. `false` for anything else,
/// which the grammar then reads. The grammar overwrites the cards written so
/// far.
///
/// Unlike the other shortcuts, this one is left to the compiler's inlining.
/// Forced `#[inline(always)]`, it costs 5% more instructions per bridge hand
/// and whist deal (`benches/instructions.sh`).
#[must_use]
pub(crate) fn canonical_card_row<const N: usize>(
    line: &Line<'_>,
    alphabet: &Alphabet,
    cards: &mut [Card; N],
) -> bool {
    let Some(text) = line
        .text
        .get(..3 * N - 1)
        .filter(|_| line.text.len() == 3 * N - 1)
    else {
        return false;
    };
    // Read straight through, with the faults gathered in bits and judged once
    // at the end. Bit 7 of a card code marks a byte that is not a letter. Any
    // bit of `spaces` marks a separator that is not a space.
    let mut codes = 0;
    let mut spaces = 0;
    for (index, slot) in cards.iter_mut().enumerate() {
        let at = 3 * index;
        if index > 0 {
            spaces |= text[at - 1] ^ b' ';
        }
        let code = alphabet.card_code(text[at], text[at + 1]);
        codes |= code;
        *slot = Card::from_code(code, line.offset + at);
    }
    codes & 0x80 == 0 && spaces == 0
}

/// Reads a row of `N` cards separated by runs of blanks (spaces and tabs) into
/// `cards`. Blanks around the row are allowed. These are the rows that are not
/// canonical but still plain. Hand-aligned files lay rows out so, and so do the
/// tokens layout's records, whose line ends read as blanks. `false` for
/// anything else, which the grammar then reads.
///
/// It reads sixty-four bytes at a time, without a branch on any byte. The
/// blanks of a block are a mask. The tokens' starts come from it in a few
/// operations on bits. A start is a byte that is not blank after one that is,
/// or at the row's start. Every token is two bytes long exactly when the bytes
/// that are not blank are the starts and the bytes just after them. The cards
/// are then read at the starts, a bit each. The faults are judged once at the
/// end, as in [`canonical_card_row`].
#[must_use]
pub(crate) fn spaced_card_row<const N: usize>(
    line: &Line<'_>,
    alphabet: &Alphabet,
    cards: &mut [Card; N],
) -> bool {
    let text = line.text;
    // `N` cards and the `N - 1` gaps between them.
    if text.len() < 3 * N - 1 {
        return false;
    }
    let mut slots = cards.iter_mut();
    // Bit 0 set when the byte before the block is not blank, and when it
    // starts a token.
    let mut after_token = 0;
    let mut after_start = 0;
    // A bit set for each byte that is not blank but neither a token's
    // first nor its second, or that is blank but a token's second.
    let mut faults = 0;
    // Bit 7 when any token is not a card.
    let mut codes = 0;
    let mut bytes = [b' '; BEFORE + BLOCK + 2];
    for base in (0..text.len()).step_by(BLOCK) {
        let tokens = !block(text, base, &mut bytes);
        let starts = tokens & !(tokens << 1 | after_token);
        faults |= (starts | starts << 1 | after_start) ^ tokens;
        after_token = tokens >> (BLOCK - 1);
        after_start = starts >> (BLOCK - 1);
        let mut starts = starts;
        while starts != 0 {
            let at = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            let Some(slot) = slots.next() else {
                return false;
            };
            let code = alphabet.card_code(bytes[BEFORE + at], bytes[BEFORE + at + 1]);
            codes |= code;
            *slot = Card::from_code(code, line.offset + base + at);
        }
    }
    // A token of one byte at the row's very end needs no check of its
    // own: its card was read with the blank after the row as its suit.
    slots.next().is_none() && faults == 0 && codes & 0x80 == 0
}

/// The blanks of a spaced row: those of
/// [`card::is_blank`](crate::syntax::card::is_blank).
const BLANKS: &[u8] = b" \t";

/// The bytes a block of the row holds, as many as its mask has bits.
const BLOCK: usize = 64;

/// The blanks kept before a block's bytes: room for a row's last sixteen
/// bytes, read as one window, where the block holds fewer.
const BEFORE: usize = 16;

/// The mask of the blanks of the block of `text` at `base`. Its bit `i` is set
/// when the block's byte `i` is blank or past the row's end. The block's bytes
/// are copied into `bytes` from `BEFORE` on. Then comes the row's next byte,
/// the second of a card that starts at the block's last. So a card at any bit
/// is read without a check of the row's length. The last of `bytes` is room no
/// card reaches, and it shows the compiler that none does. Past the row's end,
/// `bytes` keeps what an earlier block left there. A card read from it is a
/// token cut short, which the mask faults.
///
/// Sixteen bytes at a time. The row's last bytes, fewer than sixteen, are read
/// as its last sixteen. The bytes before them are shifted out of the mask. A
/// row shorter than sixteen is padded with blanks.
#[inline(always)]
fn block(text: &[u8], base: usize, bytes: &mut [u8; BEFORE + BLOCK + 2]) -> u64 {
    let block = &text[base..text.len().min(base + BLOCK)];
    let (chunks, tail) = block.as_chunks::<16>();
    let mut blanks = u64::MAX.unbounded_shl(block.len().try_into().unwrap_or(u32::MAX));
    for (index, chunk) in chunks.iter().enumerate() {
        bytes[BEFORE + 16 * index..][..16].copy_from_slice(chunk);
        blanks |= u64::from(class16(*chunk, BLANKS)) << (16 * index);
    }
    if !tail.is_empty() {
        let tail_blanks = if let Some(last) = text[..base + block.len()].last_chunk::<16>() {
            bytes[BEFORE + block.len() - 16..][..16].copy_from_slice(last);
            class16(*last, BLANKS) >> (16 - tail.len())
        } else {
            bytes[BEFORE..][..tail.len()].copy_from_slice(tail);
            class16(
                bytes[BEFORE..][..16].try_into().expect("sixteen bytes"),
                BLANKS,
            )
        };
        blanks |= u64::from(tail_blanks) << (16 * chunks.len());
    }
    bytes[BEFORE + BLOCK] = text.get(base + BLOCK).copied().unwrap_or(b' ');
    blanks
}

#[cfg(test)]
mod tests {
    use nom::Parser;
    use nom::combinator::all_consuming;
    use proptest::prelude::*;

    use super::*;
    use crate::ast::Game;
    use crate::syntax::card::{card_row, cards_at};

    /// A line of card-like pieces. Mostly it is a canonical row of `cards`
    /// cards, sometimes with one piece changed. So both answers of the fast
    /// path are exercised.
    // A test: the text it builds is clearer than the allocations saved.
    #[allow(clippy::format_collect)]
    fn card_row_line(cards: usize) -> impl Strategy<Value = String> {
        let card = prop::sample::select(vec![
            "AS", "KH", "TD", "2C", "1G", "CC", "QS", "9H", "kd", "XX", "A", "ASK",
        ]);
        let separator = prop::sample::select(vec![" ", " ", " ", " ", "  ", "\t", ""]);
        (
            prop::collection::vec((card, separator), cards..=cards + 1),
            prop::bool::ANY,
        )
            .prop_map(|(pieces, trailing)| {
                let mut line: String = pieces
                    .iter()
                    .map(|(card, separator)| format!("{card}{separator}"))
                    .collect();
                if !trailing {
                    line = line.trim_end().to_owned();
                }
                line
            })
    }

    /// A row of card-like tokens as the tokens layout hands them over. Runs of
    /// blanks of any length lie between and around them. So rows run past
    /// sixteen, thirty-two and sixty-four bytes, and a card straddles every
    /// window's edge. Some tokens are one or three bytes long. Some hold
    /// control bytes or bytes above 0x7F, which are not blanks and so belong to
    /// their token.
    fn spaced_row(cards: usize) -> impl Strategy<Value = Vec<u8>> {
        // Mostly cards, so that most rows are read: an odd token in
        // about one row in three.
        let card = prop::sample::select(vec![&b"AS"[..], b"KH", b"TD", b"2C", b"QS", b"9H"]);
        let odd = prop::sample::select(vec![
            &b"1G"[..],
            b"CC",
            b"kd",
            b"A",
            b"ASK",
            b"A\r",
            b"\nS",
            b"A\x0b",
            b"\x00S",
            b"\xc3\x89",
            b"A\xa0",
            b"\xffH",
            b"AS\r",
            b"\rKH",
            b"\nTD",
            b"2C\x0c",
            b"\x00QS",
            b"\xa0AS",
        ]);
        let token = prop_oneof![40 => card, 1 => odd];
        let blank = prop::sample::select(vec![b' ', b' ', b'\t']);
        let gap = prop_oneof![
            4 => prop::collection::vec(blank.clone(), 1..=2),
            1 => prop::collection::vec(blank, 0..=40),
        ];
        let tokens = prop_oneof![
            8 => prop::collection::vec(token.clone(), cards..=cards),
            1 => prop::collection::vec(token, cards - 1..=cards + 1),
        ];
        (
            gap.clone(),
            prop::collection::vec((tokens, gap.clone()), 1),
            gap,
        )
            .prop_map(|(leading, mut pieces, trailing)| {
                let (tokens, _) = pieces.pop().expect("one piece");
                let mut row = leading;
                for (index, token) in tokens.iter().enumerate() {
                    if index > 0 {
                        row.extend_from_slice(if index % 5 == 0 { b"\t  \t" } else { b" " });
                    }
                    row.extend_from_slice(token);
                }
                row.extend_from_slice(&trailing);
                row
            })
    }

    fn line_of<Text: AsRef<[u8]> + ?Sized>(text: &Text) -> Line<'_> {
        Line {
            text: text.as_ref(),
            offset: 1000,
            number: 7,
        }
    }

    /// The whole line by the grammar, with the cards' places.
    fn grammar<const N: usize>(line: &Line<'_>, game: Game) -> Option<[Card; N]> {
        let (_, written) = all_consuming(card_row::<N>(game.alphabet()))
            .parse_complete(line.text)
            .ok()?;
        Some(cards_at(line, written))
    }

    /// The spaced row's answer, and the grammar's.
    fn both<const N: usize>(text: &[u8], game: Game) -> (Option<[Card; N]>, Option<[Card; N]>) {
        let line = line_of(text);
        let mut fast = [Card::default(); N];
        let read = spaced_card_row(&line, game.alphabet(), &mut fast).then_some(fast);
        (read, grammar(&line, game))
    }

    /// A valid row at every place against the windows' edges. It comes after
    /// every number of blanks up to past two blocks. Its last card is whole or
    /// cut to one byte, with blanks after it or none.
    #[test]
    fn spaced_card_row_agrees_at_every_offset() {
        let row = b"AS KH\tTD  2C QS 9H 8D 7C 6S 5H 4D 3C JS";
        for leading in 0..=2 * BLOCK + 16 {
            for cut in [0, 1] {
                for trailing in ["", " ", "\t \t"] {
                    let mut text = vec![b' '; leading];
                    text.extend_from_slice(&row[..row.len() - cut]);
                    text.extend_from_slice(trailing.as_bytes());
                    let (fast, grammar) = both::<13>(&text, Game::Bridge);
                    assert_eq!(fast, grammar, "{:?}", String::from_utf8_lossy(&text));
                    assert_eq!(fast.is_some(), cut == 0);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The fast path answers only where the grammar accepts, and then with
        /// the same cards and spans. On a canonical line it answers exactly
        /// where the grammar accepts.
        #[test]
        fn canonical_card_row_agrees_with_the_grammar(text in card_row_line(13)) {
            let line = line_of(&text);
            for game in [Game::Bridge, Game::Whist, Game::Choker] {
                let mut fast = [Card::default(); 13];
                if canonical_card_row(&line, game.alphabet(), &mut fast) {
                    prop_assert_eq!(Some(fast), grammar(&line, game));
                }
            }
            let canonical: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
            let line = line_of(&canonical);
            let mut fast = [Card::default(); 13];
            prop_assert_eq!(
                canonical_card_row(&line, Game::Bridge.alphabet(), &mut fast),
                grammar::<13>(&line, Game::Bridge).is_some()
            );
        }

        /// The spaced row answers exactly where the grammar accepts, with
        /// the same cards and spans.
        #[test]
        fn spaced_card_row_agrees_with_the_grammar(text in card_row_line(13)) {
            let line = line_of(&text);
            for game in [Game::Bridge, Game::Whist, Game::Choker] {
                let mut fast = [Card::default(); 13];
                let read = spaced_card_row(&line, game.alphabet(), &mut fast).then_some(fast);
                prop_assert_eq!(read, grammar(&line, game));
            }
        }

        /// Arbitrary bytes: the spaced row agrees with the grammar.
        #[test]
        fn spaced_card_row_accepts_what_the_grammar_does(text in "[ -~\t]{0,45}") {
            let line = line_of(&text);
            let mut fast = [Card::default(); 13];
            let read = spaced_card_row(&line, Game::Bridge.alphabet(), &mut fast).then_some(fast);
            prop_assert_eq!(read, grammar(&line, Game::Bridge));
        }

        /// Rows as the tokens layout reads them: long runs of blanks,
        /// long rows, odd tokens and bytes.
        #[test]
        fn spaced_card_row_agrees_on_spaced_rows(text in spaced_row(13)) {
            for game in [Game::Bridge, Game::Whist, Game::Choker] {
                let (fast, grammar) = both::<13>(&text, game);
                prop_assert_eq!(fast, grammar);
            }
        }

        /// Short rows of any bytes, shorter than a window: padded with
        /// blanks, they agree too.
        #[test]
        fn spaced_card_row_agrees_on_short_rows(
            text in prop::collection::vec(
                prop::sample::select(vec![b' ', b'\t', b'A', b'S', b'K', b'H', b'\r', b'\n', 0x0b, 0x80, 0xff]),
                0..=24,
            ),
        ) {
            let (fast, grammar) = both::<2>(&text, Game::Bridge);
            prop_assert_eq!(fast, grammar);
            let (fast, grammar) = both::<4>(&text, Game::Bridge);
            prop_assert_eq!(fast, grammar);
        }

        /// Arbitrary bytes: the fast path never accepts what the grammar
        /// rejects.
        #[test]
        fn canonical_card_row_accepts_nothing_else(text in "[ -~\t]{0,45}") {
            let line = line_of(&text);
            let mut fast = [Card::default(); 13];
            if canonical_card_row(&line, Game::Bridge.alphabet(), &mut fast) {
                prop_assert_eq!(Some(fast), grammar(&line, Game::Bridge));
            }
        }
    }
}
