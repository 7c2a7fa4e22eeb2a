//! The canonical card row: `N` cards separated by single spaces, nothing
//! around them, as every generated file and nearly every hand-written one
//! lays a bridge hand or a whist play line out.
//!
//! It shortcuts [`card_row`](crate::syntax::card::card_row): a nom parser
//! is a call for each combinator and a branch for each byte's class; here
//! the row is read straight through at fixed places, the faults gathered
//! in bits and judged once at its end. Rows in any other layout go to the
//! grammar.

use crate::ast::{Alphabet, Card};
use crate::syntax::Line;

/// Reads the canonical row on `line` into `cards`. `false` for anything
/// else, which the grammar then reads (the cards written so far are then
/// overwritten).
///
/// Left to the compiler's inlining, unlike the other shortcuts: forced
/// `#[inline(always)]`, it cost 5% more instructions per bridge hand and
/// whist deal (`benches/instructions.sh`).
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
    // Read straight through, the faults gathered in bits and judged once
    // at the end: bit 7 of a card code for a byte that is not a letter,
    // and any bit of `spaces` for a separator that is not a space.
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

/// Reads a row of `N` cards separated by runs of blanks (spaces and
/// tabs), blanks around it allowed, into `cards`: the rows that are not
/// canonical but still plain, as hand-aligned files and the tokens
/// layout's records (whose line ends read as blanks) lay them out. `false`
/// for anything else, which the grammar then reads.
#[must_use]
pub(crate) fn spaced_card_row<const N: usize>(
    line: &Line<'_>,
    alphabet: &Alphabet,
    cards: &mut [Card; N],
) -> bool {
    let text = line.text;
    let is_blank = |byte: u8| byte == b' ' || byte == b'\t';
    let mut at = 0;
    for (index, slot) in cards.iter_mut().enumerate() {
        let before = at;
        while at < text.len() && is_blank(text[at]) {
            at += 1;
        }
        // A gap between cards; blanks before the first one are optional.
        if (index > 0 && at == before) || at + 2 > text.len() {
            return false;
        }
        let code = alphabet.card_code(text[at], text[at + 1]);
        if code & 0x80 != 0 {
            return false;
        }
        *slot = Card::from_code(code, line.offset + at);
        at += 2;
        if at < text.len() && !is_blank(text[at]) {
            return false;
        }
    }
    text[at..].iter().all(|&byte| is_blank(byte))
}

#[cfg(test)]
mod tests {
    use nom::Parser;
    use nom::combinator::all_consuming;
    use proptest::prelude::*;

    use super::*;
    use crate::ast::Game;
    use crate::syntax::card::{card_row, cards_at};

    /// A line of card-like pieces: mostly a canonical row of `cards`
    /// cards, sometimes with one piece changed, so both answers of the
    /// fast path are exercised.
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

    fn line_of(text: &str) -> Line<'_> {
        Line {
            text: text.as_bytes(),
            offset: 1000,
            number: 7,
        }
    }

    /// The whole line by the grammar, with the cards' places.
    fn grammar(line: &Line<'_>, game: Game) -> Option<[Card; 13]> {
        let (_, written) = all_consuming(card_row::<13>(game.alphabet()))
            .parse_complete(line.text)
            .ok()?;
        Some(cards_at(line, written))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The fast path answers only where the grammar accepts, and
        /// then with the same cards and spans; on a canonical line it
        /// answers exactly where the grammar accepts.
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
                grammar(&line, Game::Bridge).is_some()
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
