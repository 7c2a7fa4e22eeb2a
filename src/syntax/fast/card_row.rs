//! Rows of cards read without the grammar. The canonical row is `N` cards
//! separated by single spaces, with nothing around them. Every generated file
//! and nearly every hand-written one lays a bridge hand or a whist play line
//! out so. A spaced row has runs of blanks instead; both layouts read theirs
//! with one pair reader ([`spaced_cards`]).
//!
//! They shortcut [`card_row`](crate::syntax::card::card_row). A nom parser
//! makes a call for each combinator and a branch for each byte's class. Here
//! the row is read at fixed places or at the starts a mask gives. The faults
//! are gathered in bits and judged once at its end. Rows in any other layout
//! go to the grammar.

use super::byte_masks::{BLANKS, classes64};
use crate::ast::{Alphabet, Card, Span};
use crate::syntax::{Block, Line};

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
/// anything else, which the grammar then reads. It is [`spaced_cards`] over the
/// line's bytes.
#[must_use]
pub(crate) fn spaced_card_row<const N: usize>(
    line: &Line<'_>,
    alphabet: &Alphabet,
    cards: &mut [Card; N],
) -> bool {
    // `N` cards and the `N - 1` gaps between them.
    if line.text.len() < 3 * N - 1 {
        return false;
    }
    let block = Block {
        bytes: line.text,
        base: line.offset,
    };
    let span = Span::new(line.offset, line.text.len());
    spaced_cards(&block, span, BLANKS, alphabet, cards)
}

/// The cards whose tokens lie in `span` of `block`, between runs of `blanks`,
/// into `cards`. `false` when the tokens are not as many as `cards`, one is not
/// two bytes long, or a pair is not a card of `alphabet`. Both layouts read
/// their spaced rows so: the lines layout a line, with spaces and tabs as
/// blanks; the tokens layout a placed row whose starts the framer did not
/// keep, with every space of `grammar/tokens.ebnf`.
///
/// It reads sixty-four bytes at a time, without a branch on any byte. The
/// blanks of a word are a mask. The tokens' starts come from it in a few
/// operations on bits. A start is a byte that is not blank after one that is,
/// or at the span's first. Every token is two bytes long exactly when the bytes
/// that are not blank are the starts and the bytes just after them. The cards
/// are then read at the starts ([`cards_at`]), and the faults judged once at
/// the end, as in [`canonical_card_row`]. Each word's cards go to slots
/// counted beforehand, so without a check of room.
#[inline(always)]
pub(crate) fn spaced_cards(
    block: &Block<'_>,
    span: Span,
    blanks: &[u8],
    alphabet: &Alphabet,
    cards: &mut [Card],
) -> bool {
    let (mut filled, mut codes) = (0, 0);
    // Bit 0 set when the byte before the word is a token's, and when it
    // starts one.
    let (mut after_token, mut after_start) = (0, 0);
    // A bit set for a byte of a token that is neither its first nor its
    // second, or for a token's second that is blank.
    let mut faults = 0;
    for base in (0..span.len).step_by(64) {
        let mut copy = None;
        let bytes = word_from::<READ>(block, span.offset + base, &mut copy);
        let [spaces] = classes64(bytes.first_chunk().expect("a word's 64 bytes"), [blanks]);
        let in_span = u64::MAX >> (64 - (span.len - base).min(64));
        let tokens = !spaces & in_span;
        let starts = tokens & !(tokens << 1 | after_token);
        faults |= (starts | starts << 1 | after_start) ^ tokens;
        after_token = tokens >> 63;
        after_start = starts >> 63;
        let count = starts.count_ones() as usize;
        let Some(slots) = cards.get_mut(filled..filled + count) else {
            return false;
        };
        filled += count;
        codes |= cards_at(bytes, span.offset + base, starts, alphabet, slots);
    }
    // A token that starts at the span's last byte, the last of a word, has its
    // second byte past the span. Its start is still carried.
    filled == cards.len() && faults | after_start == 0 && codes & 0x80 == 0
}

/// The cards whose tokens start at the bits of `starts`, into `cards`, as many.
/// Bit `i` stands for `bytes[i]`, the input's `origin + i`. Gives the code of
/// the first pair that is no card (bit 7 set), else 0.
///
/// There is a test at each card, never taken on a file of cards. The canonical
/// rows instead gather their codes with an or and judge once. The test puts
/// each card's store in a block of its own. That keeps the compiler from
/// building four cards at a time in vectors. Built in vectors, the cards'
/// places and codes spill to the stack and are read back. Read one by one, a
/// whist deal in the tokens layout takes about 2% fewer instructions
/// (`benches/instructions.sh`). A bridge hand, whose loop holds less, keeps its
/// vectors in registers. It costs about 1% more this way.
///
/// Each card is read as a word ([`Alphabet::card_word`]). The word's or sets
/// the sign the test jumps on. The word is added into the card as it is.
/// Widening a code's byte would take an instruction more.
#[inline(always)]
pub(crate) fn cards_at(
    bytes: &[u8; READ],
    origin: usize,
    mut starts: u64,
    alphabet: &Alphabet,
    cards: &mut [Card],
) -> u8 {
    let origin_card = Card::from_code(0, origin);
    for slot in cards {
        let at = starts.trailing_zeros() as usize;
        starts &= starts - 1;
        let word = alphabet.card_word(bytes[at], bytes[at + 1]);
        if word.cast_signed() < 0 {
            return alphabet.card_code(bytes[at], bytes[at + 1]);
        }
        *slot = origin_card.after(at, word);
    }
    0
}

/// The bytes a word of tokens is read from: its 64, and the two after them. So
/// a token's two bytes are read at offsets known to be inside, without a check
/// of bounds, wherever in the word it starts.
pub(crate) const READ: usize = 64 + 2;

/// The `N` bytes of `block` from the input's offset `offset`. Near the block's
/// end or past it, they are read from `copy`, with blanks after the block's
/// last byte. `copy` is an `Option`, filled only there. An array made
/// beforehand would be written with blanks at every row.
#[inline(always)]
pub(crate) fn word_from<'a, const N: usize>(
    block: &'a Block<'_>,
    offset: usize,
    copy: &'a mut Option<[u8; N]>,
) -> &'a [u8; N] {
    let rest = block.bytes.get(offset - block.base..).unwrap_or_default();
    if let Some(bytes) = rest.first_chunk::<N>() {
        bytes
    } else {
        let copy = copy.insert([b' '; N]);
        copy[..rest.len()].copy_from_slice(rest);
        copy
    }
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
        for leading in 0..=2 * 64 + 16 {
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
