//! The canonical Choker hand: `name-cards` without blanks, as every
//! generated file and nearly every hand-written one writes it.
//!
//! It shortcuts [`choker_hand`](crate::syntax::choker::choker_hand): the
//! dash is eleven bytes from the end, so the name and the cards are read
//! at places known from the line's length, with reads of fixed size and
//! word arithmetic instead of a loop over the name. Names are as good as
//! random in length and case: a loop, or a copy of the name's length, was
//! mispredicted on nearly every hand. Lines in any other layout go to the
//! grammar.

use crate::ast::{Card, ChokerHand, Game, Name, Span};
use crate::syntax::Line;

/// Reads the canonical hand on `line` into `hand`. `false` for anything
/// else, which the grammar then reads (what was written is then
/// overwritten).
#[inline(always)]
// Truncates on purpose: the tail word's low half is the window's bytes 12 to 15, as wanted.
#[allow(clippy::cast_possible_truncation)]
pub(crate) fn canonical_choker_hand(line: &Line<'_>, hand: &mut ChokerHand) -> bool {
    let text = line.text;
    // A name of 1 to 20 letters, a dash and ten card letters.
    if !(12..=Name::MAX + 11).contains(&text.len()) {
        return false;
    }
    let dash = text.len() - 11;
    // The name's first twelve bytes are there in any such line, its last
    // eight wherever it has them; a shorter name leaves other bytes there,
    // which the name ignores. Each read is of a fixed size.
    let word = |at: usize| u64::from_le_bytes(*text[at..].first_chunk().expect("in the line"));
    let head = u32::from_le_bytes(*text[8..].first_chunk().expect("in the line"));
    let tail = word((text.len() - 8).min(12));
    let window = (
        u128::from(word(0)) | u128::from(head) << 64 | u128::from(tail as u32) << 96,
        (tail >> 32) as u32,
    );
    let dash_and_cards = &text[dash..];
    if dash_and_cards[0] != b'-'
        || !read_name_window(&mut hand.name, window, dash, Span::new(line.offset, dash))
    {
        return false;
    }
    // The cards read straight through, judged once at the end, as
    // `canonical_card_row` does.
    let alphabet = Game::Choker.alphabet();
    let mut codes = 0;
    for (index, slot) in hand.cards.iter_mut().enumerate() {
        let at = 1 + 2 * index;
        let code = alphabet.card_code(dash_and_cards[at], dash_and_cards[at + 1]);
        codes |= code;
        *slot = Card::from_code(code, line.offset + dash + at);
    }
    hand.span = Span::new(line.offset, text.len());
    codes & 0x80 == 0
}

/// Makes `name` the one in the first `len` bytes of `window`, when those
/// are 1 to 20 ASCII letters (`false` otherwise, and the name is then not
/// one to use); the bytes after them are ignored. The window comes as two
/// little-endian words: its bytes 0 to 15, then 16 to 19.
///
/// Words, so that the check and the copy take a few instructions and no
/// branch: a branch on the name's length or case would be mispredicted,
/// and a copy of `len` bytes is a call whose size the processor cannot
/// foresee.
// Cannot truncate: `len` is clamped to 1..=20 and the mask shifted to 32 bits.
#[allow(clippy::cast_possible_truncation)]
fn read_name_window(name: &mut Name, window: (u128, u32), len: usize, span: Span) -> bool {
    let in_range = (1..=Name::MAX).contains(&len);
    let len = len.clamp(1, Name::MAX) as u32;
    // Masks of the name's bytes in each word.
    let first_mask = u128::MAX >> (8 * (16 - len.min(16)));
    let second_mask = (u64::from(u32::MAX) >> (8 * (20 - len.max(16)))) as u32;
    let first = window.0 & first_mask;
    let second = window.1 & second_mask;
    let mut letters = [0; Name::MAX];
    letters[..16].copy_from_slice(&first.to_le_bytes());
    letters[16..].copy_from_slice(&second.to_le_bytes());
    *name = Name::from_padded(letters, len as u8, span);
    in_range
        & letters_only(first, first_mask)
        & letters_only(u128::from(second), u128::from(second_mask))
}

/// Whether every byte of `word` that `mask` covers is an ASCII letter,
/// all bytes at once: a byte is a letter when, with the case bit set, its
/// low seven bits lie from `a` to `z` and its high bit is clear. Adding
/// `0x80 - b'a'` to seven bits sets the high bit exactly when they reach
/// `a`, and adding `0x80 - b'z' - 1` when they pass `z`; neither carries
/// into the next byte.
fn letters_only(word: u128, mask: u128) -> bool {
    const ONES: u128 = u128::MAX / 0xFF;
    const HIGH_BITS: u128 = ONES * 0x80;
    let lower = word | (ONES * 0x20);
    let seven = lower & !HIGH_BITS;
    let from_a = seven + ONES * u128::from(0x80 - b'a');
    let past_z = seven + ONES * u128::from(0x80 - b'z' - 1);
    let letters = from_a & !past_z & !lower & HIGH_BITS;
    letters & mask == mask & HIGH_BITS
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::syntax::choker::{choker_hand, hand_at};

    /// Every byte value at every place of every name length: the name is
    /// read exactly when its own bytes are letters, whatever lies after
    /// them, and keeps those bytes only.
    #[test]
    fn a_window_is_read_as_the_name_it_starts_with() {
        for len in 1..=Name::MAX {
            for place in 0..Name::MAX {
                for byte in 0..=u8::MAX {
                    let mut bytes = [b'q'; Name::MAX];
                    bytes[..len].copy_from_slice(&b"AbCdEfGhIjKlMnOpQrSt"[..len]);
                    bytes[place] = byte;
                    let window = (
                        u128::from_le_bytes(*bytes.first_chunk().unwrap()),
                        u32::from_le_bytes(*bytes.last_chunk().unwrap()),
                    );
                    let mut name = Name::default();
                    let read = read_name_window(&mut name, window, len, Span::default());
                    let letters = &bytes[..len];
                    assert_eq!(read, letters.iter().all(u8::is_ascii_alphabetic));
                    if read {
                        assert_eq!(name, Name::new(letters, Span::default()));
                    }
                }
            }
        }
    }

    #[test]
    fn a_window_says_no_to_a_name_of_no_letters_or_too_many() {
        let window = (
            u128::from_le_bytes([b'a'; 16]),
            u32::from_le_bytes([b'a'; 4]),
        );
        let read = |len| read_name_window(&mut Name::default(), window, len, Span::default());
        assert!(!read(0));
        assert!(!read(21));
        assert!(read(20));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The fast path answers only where the grammar accepts, and then
        /// with the same hand; it refuses no hand written without blanks.
        #[test]
        fn canonical_choker_hand_agrees_with_the_grammar(
            name in "[A-Za-z0-9_ @\\[`{ŁᄀÁ]{0,23}",
            dash in prop::sample::select(vec!["-", "-", "-", " - ", "", "--"]),
            cards in "[1-9TJQKCASHGD ]{8,12}",
        ) {
            let text = format!("{name}{dash}{cards}");
            let line = Line { text: text.as_bytes(), offset: 1000, number: 7 };
            let grammar = choker_hand(line.text).ok().map(|(_, written)| hand_at(&line, written));
            let mut fast = ChokerHand::default();
            if canonical_choker_hand(&line, &mut fast) {
                prop_assert_eq!(Some(fast), grammar);
            } else if !text.contains(' ') && grammar.is_some() {
                prop_assert!(false, "the fast path refused a hand without blanks: {}", text);
            }
        }
    }
}
