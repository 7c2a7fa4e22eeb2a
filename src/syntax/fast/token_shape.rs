//! The token framer's test of a token, in a few word operations rather than a
//! parser's calls: whether it is a whole Choker hand (`is_choker_hand_token`).
//! Also the word test `has_byte`. A property test holds each equal to its
//! definition.

use super::byte_masks::above16;

const ONES: u64 = u64::MAX / 255;
const HIGHS: u64 = ONES * 0x80;

/// Whether a byte of `word` is below `0x21`: a space, a tab, a CR or a control
/// byte. This is the "has a byte less than n" word test, exact for whether
/// there is one.
#[inline(always)]
const fn has_byte_up_to_space(word: u64) -> bool {
    word.wrapping_sub(ONES * 0x21) & !word & HIGHS != 0
}

/// Whether a byte of `word` is `byte`. This is the "has a zero byte" word test
/// on the word with `byte`'s bits flipped, exact for whether there is one.
#[inline(always)]
pub(crate) fn has_byte(word: u64, byte: u8) -> bool {
    let flipped = word ^ (ONES * u64::from(byte));
    flipped.wrapping_sub(ONES) & !flipped & HIGHS != 0
}

/// The eight bytes of `text` from `at`, as a little-endian word.
#[inline(always)]
fn word(text: &[u8], at: usize) -> u64 {
    let bytes: [u8; 8] = text[at..at + 8].try_into().expect("eight bytes");
    u64::from_le_bytes(bytes)
}

/// Whether no byte of `text` is a space, a tab, a CR or any byte up to the
/// space. `text` holds at least eight bytes. It is read sixteen bytes at a
/// time, the last window overlapping the one before. Below sixteen bytes, it is
/// read eight at a time.
#[inline(always)]
fn all_above_space(text: &[u8]) -> bool {
    let Some(last) = text.last_chunk::<16>() else {
        return !has_byte_up_to_space(word(text, 0))
            && !has_byte_up_to_space(word(text, text.len() - 8));
    };
    let (windows, _) = text.as_chunks::<16>();
    windows.iter().fold(above16(*last, b' '), |above, window| {
        above & above16(*window, b' ')
    }) == u16::MAX
}

/// A token that is one whole Choker hand, `name-cards`. A letter comes first,
/// and the dash before ten card bytes. No byte is up to the space.
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

    /// The lines the shortcuts judge. They hold bytes a line may hold (no LF),
    /// with spaces, tabs, CRs and controls among them. Most are of the shapes
    /// the shortcuts look for.
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
        /// `has_byte` finds a byte wherever it is in the word, and only where
        /// it is. That holds also beside a byte one above or below it, where
        /// the subtraction borrows.
        #[test]
        fn has_byte_is_a_byte_of_the_word(
            bytes in prop::array::uniform8(prop::sample::select(vec![b'-', b'.', b',', b'_', b'^', b'`', 0, 0xFF])),
            byte in prop::sample::select(vec![b'-', b'_']),
        ) {
            prop_assert_eq!(has_byte(u64::from_le_bytes(bytes), byte), bytes.contains(&byte));
        }

        /// `is_choker_hand_token` holds exactly when `tokens` reads the whole
        /// line as one token of printable bytes. A letter must come first, and
        /// a dash before ten more bytes.
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
