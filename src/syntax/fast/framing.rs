//! The framer's shortcut arms: the tests at the top of
//! `Framer::line` (in `document.rs`). They recognise the line each
//! state nearly always sees from a few bytes. Such lines are a bridge hand, a
//! Choker hand, and a deal's trump letter and play lines. The shortcut frames
//! them at once, without the rules' classification of the line. That is
//! `section`, `choker_section` and `whist_section` in `document.rs`.
//!
//! Each test claims only lines the rules would frame the same way. The property
//! test below runs the rules alone beside the framer with its shortcuts and
//! compares the frames.

use super::byte_masks::class16;

/// Three tokens of two letters or digits: `KS QS TH`. This is the rules'
/// `starts_like_card_row` in `document.rs`, without a branch. All five tests
/// are made, each without a branch of its own.
#[inline(always)]
// The first bytes of a line, named by position as in the grammar.
#[allow(clippy::many_single_char_names)]
pub(crate) fn starts_like_card_row(text: &[u8]) -> bool {
    matches!(text, [a, b, b' ', c, d, b' ', e, ..]
        if [a, b, c, d, e].iter().fold(true, |all, &&byte| all & letter_or_digit(byte)))
}

/// `u8::is_ascii_alphanumeric` without branches. A rank is a digit or a letter
/// about at random. A branch on which it is, or an early exit from the five
/// tests, would be mispredicted about once a line.
#[inline(always)]
const fn letter_or_digit(byte: u8) -> bool {
    ((byte | 0x20).wrapping_sub(b'a') < 26) | (byte.wrapping_sub(b'0') < 10)
}

/// A trump line as every whist file writes it: one suit letter alone. It has
/// none of the blanks the rules allow around it.
#[inline(always)]
pub(crate) fn is_trump_letter(text: &[u8]) -> bool {
    matches!(text, [b'S' | b'H' | b'D' | b'C'])
}

/// `name-cards` as nearly every Choker file writes it. A letter comes first,
/// and the dash is eleven bytes from the end, before ten card bytes. No blank
/// comes before the dash. (A line with two hands on it is a whole pair, which
/// the section's rules report.) Such a line is neither `END` nor a line that
/// opens another section.
///
/// A line of two hands has at least 25 bytes. So only a line that long is
/// looked at for blanks, sixteen bytes at once.
#[inline(always)]
pub(crate) fn looks_like_choker_hand(text: &[u8]) -> bool {
    const TWO_HANDS: usize = 2 * "a-1C3S2G5D4D".len() + 1;
    text.len() >= 12
        && text[0].is_ascii_alphabetic()
        && text[text.len() - 11] == b'-'
        && (text.len() < TWO_HANDS || no_blank_before(text, text.len() - 11))
}

/// Whether none of the first `count` bytes of `text` is a blank. They are read
/// as one or two windows of sixteen. `false` when `count` is more than 32 (no
/// name is that long) or `text` holds fewer than sixteen bytes.
#[inline(always)]
fn no_blank_before(text: &[u8], count: usize) -> bool {
    let blanks = |chunk: &[u8; 16]| class16(*chunk, b" \t");
    let Some(first) = text.first_chunk::<16>() else {
        return false;
    };
    if count <= 16 {
        return u32::from(blanks(first)) & ((1 << count) - 1) == 0;
    }
    count <= 32
        && blanks(first) == 0
        && text[count - 16..]
            .first_chunk::<16>()
            .is_some_and(|last| blanks(last) == 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::Game;
    use crate::syntax::{Block, Framer, Framing, Lines, Mode};

    #[test]
    fn letter_or_digit_is_ascii_alphanumeric() {
        for byte in 0..=u8::MAX {
            assert_eq!(
                letter_or_digit(byte),
                byte.is_ascii_alphanumeric(),
                "{byte}"
            );
        }
    }

    /// Lines of every kind the shortcuts look at, and near misses.
    fn any_line() -> impl proptest::strategy::Strategy<Value = &'static str> {
        proptest::sample::select(vec![
            "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D",
            "4C 8H QS 5D JD KS 8S AH 6H 7H 3S 7S 6D",
            "KS QS TH 8H",
            "A-1C3S2G5D4D",
            "Bob-TC3C5S7D4G",
            "B-TC3C5S7D4",
            "Joey QDKDQSKSJS",
            "A-1C3S2G5D4D Bob-TC3C5S7D4G",
            "Al-1C3S2G5D4D\tBo-TC3C5S7D4G",
            "Abcdefghijklmnopq-1C3S2G5D4D",
            "Abcdefghijklmnopqrst-1C3S2G5D4D",
            "Abcdefghijklmnopqrstuvwxyzabcdefg-1C3S2G5D4D",
            "Abcdefghijklmnopq Bo-1C3S2G5D4D",
            "S",
            "H",
            "x",
            "Hearts",
            "#",
            "END",
            "",
            "  ",
            "hello",
            "10H 2C",
        ])
    }

    proptest::proptest! {
        /// The shortcuts at the top of `Framer::line` are shortcuts. The rules
        /// alone (`other_line`) frame every document the same way.
        #[test]
        fn the_fast_paths_frame_as_the_rules_do(
            lines in proptest::collection::vec(any_line(), 0..40),
            forced in proptest::option::of(proptest::sample::select(vec![
                Game::Bridge, Game::Choker, Game::Whist,
            ])),
        ) {
            let text = lines.join("\n");
            let mode = forced.map_or(Mode::Auto, Mode::Forced);
            let block = Block { bytes: text.as_bytes(), base: 0 };
            let (mut fast, mut rules) = (Vec::new(), Vec::new());
            let mut framer = Framer::new(mode);
            for line in Lines::new(block, 1) {
                framer.line(&line, &mut |frame| fast.push(frame));
            }
            framer.finish(&mut |frame| fast.push(frame));
            let mut framer = Framer::new(mode);
            for line in Lines::new(block, 1) {
                framer.other_line(&line, &mut |frame| rules.push(frame));
            }
            framer.finish(&mut |frame| rules.push(frame));
            proptest::prop_assert_eq!(fast, rules);
        }

        /// The branch-free test of a card row's start is the rules' own.
        #[test]
        fn a_card_row_starts_alike_either_way(text in "[ -~\t]{0,9}") {
            proptest::prop_assert_eq!(
                starts_like_card_row(text.as_bytes()),
                crate::syntax::document::starts_like_card_row(text.as_bytes())
            );
        }
    }
}
