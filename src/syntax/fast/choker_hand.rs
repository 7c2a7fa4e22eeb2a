//! The canonical Choker hand: `name-cards` without blanks, as every generated
//! file and nearly every hand-written one writes it.
//!
//! It shortcuts [`choker_hand`](crate::syntax::choker::choker_hand). The dash
//! is eleven bytes from the end. So the name and the cards are read at places
//! known from the line's length. The reads are of fixed size, and word
//! arithmetic takes the place of a loop over the name. Names are about random
//! in length and case. A loop, or a copy of the name's length, would be
//! mispredicted on nearly every hand. Lines in any other layout go to the
//! grammar.

use crate::ast::{Card, ChokerHand, Game, Name, Span};
use crate::syntax::Line;

/// Reads the canonical hand on `line` into `hand`. `false` for anything else,
/// which the grammar then reads. The grammar overwrites what was written here.
#[inline(always)]
pub(crate) fn canonical_choker_hand(line: &Line<'_>, hand: &mut ChokerHand) -> bool {
    let text = line.text;
    // A name of 1 to 20 letters, a dash and ten card letters.
    if !(12..=Name::MAX + 11).contains(&text.len()) {
        return false;
    }
    let dash = text.len() - 11;
    // The name's first twelve bytes are there in any such line. Its last eight
    // are read wherever it has them. A shorter name leaves other bytes there,
    // which the name ignores. Each read is of a fixed size.
    let word = |at: usize| u64::from_le_bytes(*text[at..].first_chunk().expect("in the line"));
    let head = u32::from_le_bytes(*text[8..].first_chunk().expect("in the line"));
    let tail = word((text.len() - 8).min(12));
    let window = [word(0), u64::from(head) | tail << 32, tail >> 32];
    let dash_and_cards = &text[dash..];
    if dash_and_cards[0] != b'-'
        || !read_name_window(&mut hand.name, window, dash, Span::new(line.offset, dash))
    {
        return false;
    }
    // The cards are read straight through and judged once at the end, as
    // `canonical_card_row` does. Each is read as a word
    // (`Alphabet::card_word`). The word is added into its card as it is,
    // without widening a code's byte first. That saves about ten instructions
    // per pair. The canonical row gains nothing by it, since the compiler
    // gathers its codes in vectors.
    let alphabet = Game::Choker.alphabet();
    let mut codes = 0;
    for (index, slot) in hand.cards.iter_mut().enumerate() {
        let at = 1 + 2 * index;
        let word = alphabet.card_word(dash_and_cards[at], dash_and_cards[at + 1]);
        codes |= word;
        *slot = Card::from_code(0, line.offset + dash).after(at, word);
    }
    hand.span = Span::new(line.offset, text.len());
    codes.cast_signed() >= 0
}

/// `0xFF` twenty times, then zeros. The 24 bytes from `Name::MAX - len` are the
/// mask of a name of `len` letters in its window.
const NAME_MASKS: [u8; Name::MAX + NAME_WINDOW] = {
    let mut masks = [0; Name::MAX + NAME_WINDOW];
    let mut at = 0;
    while at < Name::MAX {
        masks[at] = 0xFF;
        at += 1;
    }
    masks
};

/// The bytes a name is read from, as three little-endian words. They are its
/// longest, and then four bytes the name ignores.
const NAME_WINDOW: usize = 24;

const ONES: u64 = u64::MAX / 0xFF;
const HIGH_BITS: u64 = ONES * 0x80;

/// Makes `name` the one in the first `len` bytes of `window`, when those are 1
/// to 20 ASCII letters. The bytes after them are ignored. `false` otherwise,
/// and the name is then not one to use.
///
/// It reads words, and takes the name's length only in masks read from a table.
/// So the check and the copy take a few instructions and no branch. A branch on
/// the name's length or case would be mispredicted. A copy of `len` bytes is a
/// call whose size the processor cannot foresee.
#[inline(always)]
// Cannot truncate: `len` is clamped to 1..=20.
#[allow(clippy::cast_possible_truncation)]
fn read_name_window(name: &mut Name, window: [u64; 3], len: usize, span: Span) -> bool {
    let in_range = (1..=Name::MAX).contains(&len);
    let len = len.clamp(1, Name::MAX);
    let masks = NAME_MASKS[Name::MAX - len..]
        .chunks_exact(8)
        .map(|mask| u64::from_le_bytes(mask.try_into().expect("eight bytes")));
    let mut not_letters = 0;
    let mut letters = [0; NAME_WINDOW];
    for ((word, mask), kept) in window
        .into_iter()
        .zip(masks)
        .zip(letters.chunks_exact_mut(8))
    {
        not_letters |= !letters_in(word) & mask & HIGH_BITS;
        kept.copy_from_slice(&(word & mask).to_le_bytes());
    }
    *name = Name::from_padded(
        *letters.first_chunk().expect("a window holds a name"),
        len as u8,
        span,
    );
    in_range && not_letters == 0
}

/// The high bit of each byte of `word` that is an ASCII letter, all bytes at
/// once. A byte is a letter when, with the case bit set, its low seven bits lie
/// from `a` to `z` and its high bit is clear. Adding `0x80 - b'a'` to seven
/// bits sets the high bit exactly when they reach `a`. Adding `0x80 - b'z' - 1`
/// sets it exactly when they pass `z`. Neither carries into the next byte.
#[inline(always)]
fn letters_in(word: u64) -> u64 {
    let lower = word | (ONES * 0x20);
    let seven = lower & !HIGH_BITS;
    let from_a = seven + ONES * u64::from(0x80 - b'a');
    let past_z = seven + ONES * u64::from(0x80 - b'z' - 1);
    from_a & !past_z & !lower & HIGH_BITS
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::syntax::choker::{choker_hand, hand_at};

    /// Every byte value at every place of every name length. The name is read
    /// exactly when its own bytes are letters, whatever lies after them. It
    /// keeps those bytes only.
    #[test]
    fn a_window_is_read_as_the_name_it_starts_with() {
        for len in 1..=Name::MAX {
            for place in 0..NAME_WINDOW {
                for byte in 0..=u8::MAX {
                    let mut bytes = [b'q'; NAME_WINDOW];
                    bytes[..len].copy_from_slice(&b"AbCdEfGhIjKlMnOpQrSt"[..len]);
                    bytes[place] = byte;
                    let mut name = Name::default();
                    let read = read_name_window(&mut name, words(bytes), len, Span::default());
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
        let window = words([b'a'; NAME_WINDOW]);
        let read = |len| read_name_window(&mut Name::default(), window, len, Span::default());
        assert!(!read(0));
        assert!(!read(21));
        assert!(read(20));
    }

    /// A window's bytes as the words the fast path reads.
    fn words(bytes: [u8; NAME_WINDOW]) -> [u64; 3] {
        let word = |at: usize| u64::from_le_bytes(*bytes[at..].first_chunk().unwrap());
        [word(0), word(8), word(16)]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The fast path answers only where the grammar accepts, and then with
        /// the same hand. It refuses no hand written without blanks.
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
