//! The token framer's shortcut for the lines of the canonical layout: a
//! line that is exactly the next unit (a row of thirteen cards, a Choker
//! hand) is recognised from its shape in a few word operations, not read
//! token by token. Each test here is held equal to its definition by the
//! grammar's `tokens` rule, in a property test.

/// Whether no byte of `text` (at least eight bytes) is a space, a tab, a
/// CR or any byte up to the space: eight bytes at a time, by the
/// "has a byte less than n" word test.
#[inline(always)]
fn all_above_space(text: &[u8]) -> bool {
    const ONES: u64 = u64::MAX / 255;
    const HIGHS: u64 = ONES * 0x80;
    let has_low = |word: u64| word.wrapping_sub(ONES * 0x21) & !word & HIGHS != 0;
    let word = |at: usize| {
        let bytes: [u8; 8] = text[at..at + 8].try_into().expect("eight bytes");
        u64::from_le_bytes(bytes)
    };
    let mut at = 0;
    while at + 8 < text.len() {
        if has_low(word(at)) {
            return false;
        }
        at += 8;
    }
    !has_low(word(text.len() - 8))
}

/// A line that is exactly thirteen two-byte tokens with one space between
/// each. Bytes up to the space other than those spaces (controls, which a
/// token may hold) make it no such line: the token-by-token path then
/// reads it right.
#[inline(always)]
pub(crate) fn is_row_of_thirteen(text: &[u8]) -> bool {
    let Ok(row) = <&[u8; 38]>::try_from(text) else {
        return false;
    };
    let mut shaped = true;
    for card in 0..13 {
        shaped &= row[3 * card] > b' ' && row[3 * card + 1] > b' ';
    }
    for gap in 0..12 {
        shaped &= row[3 * gap + 2] == b' ';
    }
    shaped
}

/// A line that is one Choker hand token, `name-cards`: a letter first,
/// the dash before ten card bytes, no byte up to the space.
#[inline(always)]
pub(crate) fn is_choker_hand_token(text: &[u8]) -> bool {
    text.len() >= 12
        && text[0].is_ascii_alphabetic()
        && text[text.len() - 11] == b'-'
        && all_above_space(text)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::syntax::tokens::tokens;

    /// The lines the shortcuts judge: bytes a line may hold (no LF),
    /// spaces, tabs, CRs and controls among them, most of them of the
    /// shapes the shortcuts look for.
    fn line() -> impl Strategy<Value = Vec<u8>> {
        let byte = prop::sample::select(b"AKQT2SHDC-  \t\r\x01\x0bab".to_vec());
        prop_oneof![
            prop::collection::vec(byte.clone(), 0..60),
            prop::collection::vec(prop::collection::vec(byte.clone(), 2), 13)
                .prop_map(|cards| cards.join(&b' ')),
            (
                prop::collection::vec(byte.clone(), 1..6),
                prop::collection::vec(byte, 10)
            )
                .prop_map(|(name, cards)| [&b"J"[..], &name, b"-", &cards].concat()),
        ]
    }

    proptest! {
        /// `is_row_of_thirteen` is: `tokens` reads 13 tokens of two bytes,
        /// one space apart, and nothing else.
        #[test]
        fn a_row_of_thirteen_is_what_the_tokens_rule_reads(text in line()) {
            let (_, read) = tokens(&text).unwrap();
            let by_grammar = read.len() == 13
                && read.iter().all(|token| token.len() == 2 && token.iter().all(|&b| b > b' '))
                && read.join(&b' ') == text;
            prop_assert_eq!(is_row_of_thirteen(&text), by_grammar);
        }

        /// `is_choker_hand_token` is: `tokens` reads the whole line as one
        /// token of printable bytes, a letter first and a dash before ten
        /// more bytes.
        #[test]
        fn a_choker_hand_token_is_what_the_tokens_rule_reads(text in line()) {
            let (_, read) = tokens(&text).unwrap();
            let by_grammar = read.len() == 1
                && read[0] == &text[..]
                && text.len() >= 12
                && text[0].is_ascii_alphabetic()
                && text[text.len() - 11] == b'-'
                && text.iter().all(|&b| b > b' ');
            prop_assert_eq!(is_choker_hand_token(&text), by_grammar);
        }
    }
}
