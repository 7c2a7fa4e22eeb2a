//! The canonical trump line: one suit letter alone, as every deal's first line
//! is written. It shortcuts [`trump_line`](crate::syntax::whist::trump_line).
//! Its combinators (two blanks around a suit, the whole line) are calls a deal
//! pays once each. Any other line goes to the grammar.

use crate::ast::{Game, Suit};

/// The suit of a line that is one suit letter of whist and nothing else. `None`
/// for any other line, which the grammar then reads.
#[inline(always)]
pub(crate) fn canonical_trump_line(text: &[u8]) -> Option<Suit> {
    match text {
        [letter] => Game::Whist.alphabet().suit(*letter),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use nom::Parser;
    use proptest::prelude::*;

    use super::*;
    use crate::syntax::whist::trump_line;

    proptest! {
        /// Where the shortcut answers, the grammar reads the same suit from the
        /// same byte. On a line of one byte it answers exactly where the
        /// grammar accepts.
        #[test]
        fn the_canonical_trump_line_is_what_the_grammar_reads(text in prop::collection::vec(prop::sample::select(b"SHDCGshx #\t ".to_vec()), 0..4)) {
            let by_grammar = trump_line.parse_complete(&text[..]).ok().map(|(_, (bytes, suit))| (bytes.as_ptr(), suit));
            match canonical_trump_line(&text) {
                Some(suit) => prop_assert_eq!(by_grammar, Some((text.as_ptr(), suit))),
                None => prop_assert!(text.len() != 1 || by_grammar.is_none()),
            }
        }
    }
}
