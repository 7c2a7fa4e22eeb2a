//! The token framer's shortcut for a block. It finds where every token of the
//! block starts and ends, 64 bytes at a time, as bit masks. This runs before
//! the framer's state machine runs over them.
//!
//! What it shortcuts: the grammar's `spaces , token` read line by line
//! ([`TokenFramer::line`]). That costs a call and a branch for every byte. In a
//! file of the tokens layout the line breaks fall anywhere, two or three tokens
//! to a line. Read line by line, the lines cost more than the tokens. The index
//! has no lines. A token's line number is counted from the line feeds before
//! it, when the framer asks for it.
//!
//! It also answers the framer's most common question at once. That is how many
//! of the next tokens are plain pairs, up to the cards a hand or a deal's row
//! still lacks. A plain pair is two bytes with no dash: one card's place, which
//! can open nothing else. A bridge hand is then one step, not thirteen.
//!
//! The property test in `syntax::tokens` holds it equal to the line-by-line
//! framer.
//!
//! [`TokenFramer::line`]: crate::syntax::tokens

use super::byte_masks::token_classes;
use crate::cpu::Isa;
use crate::syntax::Block;

/// Bit masks over a block, one [`Word`] for each 64 bytes. It is kept from
/// block to block, so that its memory is reused.
#[derive(Debug, Default)]
pub(crate) struct TokenIndex {
    words: Vec<Word>,
    /// The number of the line after the block's last.
    next_line: usize,
}

/// The masks of 64 bytes of a block: bit `i` for the byte `i` after the word's
/// first. They are kept together, as the cursor reads them together.
#[derive(Clone, Copy, Debug, Default)]
struct Word {
    /// The first byte of each token.
    starts: u64,
    /// The first byte of each token that is not a plain pair.
    others: u64,
    /// The first space after each token. A block ends in a space, or is read as
    /// if it did.
    ends: u64,
    /// Each line feed.
    newlines: u64,
    /// The number of the line the word's first byte is on.
    line: usize,
}

impl Word {
    /// The number of the line its byte `bit` (below 64) is on.
    #[inline(always)]
    fn line_at(&self, bit: usize) -> usize {
        self.line + (self.newlines & !from_bit(bit)).count_ones() as usize
    }
}

/// The masks of one word's 64 bytes, as read.
#[derive(Clone, Copy)]
struct Classes {
    spaces: u64,
    newlines: u64,
    dashes: u64,
}

impl Classes {
    /// The masks of the 64 bytes from `at`. Bytes past the end of `bytes` read
    /// as spaces.
    #[inline(always)]
    fn of(bytes: &[u8], at: usize, isa: Isa) -> Self {
        let masks = if let Some(window) = bytes.get(at..at + 64) {
            token_classes(window.try_into().expect("64 bytes"), isa)
        } else {
            let mut window = [b' '; 64];
            let rest = bytes.get(at..).unwrap_or_default();
            window[..rest.len()].copy_from_slice(rest);
            token_classes(&window, isa)
        };
        let [spaces, newlines, dashes] = masks;
        Self {
            spaces,
            newlines,
            dashes,
        }
    }
}

/// A run of plain pairs read at once: how many, and where the first and the
/// last start (offsets in the block).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlainRun {
    pub(crate) count: usize,
    pub(crate) first: usize,
    pub(crate) last: usize,
}

impl TokenIndex {
    /// Indexes `block`, whose first line is numbered `first_line`, on the
    /// instructions of `isa`.
    #[inline(always)]
    pub(crate) fn build(&mut self, block: Block<'_>, first_line: usize, isa: Isa) {
        let bytes = block.bytes;
        // One word more than the bytes fill, so that the last token always has
        // a space after it.
        let words = bytes.len() / 64 + 1;
        self.words.clear();
        let mut line = first_line;
        // Whether the byte before the current word ends a token's byte.
        let mut carry = 0;
        let mut next = Classes::of(bytes, 0, isa);
        self.words.reserve(words);
        for at in 0..words {
            let current = next;
            next = Classes::of(bytes, 64 * (at + 1), isa);
            let tokens = !current.spaces;
            let after_token = (tokens << 1) | carry;
            carry = tokens >> 63;
            let starts = tokens & !after_token;
            // The byte after each byte, and the one after that.
            let second = (tokens >> 1) | (!next.spaces << 63);
            let third = (tokens >> 2) | (!next.spaces << 62);
            let dash_next = (current.dashes >> 1) | (next.dashes << 63);
            let plain = starts & second & !third & !current.dashes & !dash_next;
            let word = Word {
                starts,
                others: starts & !plain,
                ends: current.spaces & after_token,
                newlines: current.newlines,
                line,
            };
            line += current.newlines.count_ones() as usize;
            // Pushed in a loop, not extended from an iterator. The loop is
            // inlined into the copy of the hot loops it runs in (see `cpu`).
            // There, counting bits is one instruction.
            self.words.push(word);
        }
        self.next_line = line + usize::from(!bytes.is_empty() && !bytes.ends_with(b"\n"));
    }

    /// The number of the line after the block's last. A last line without its
    /// line feed counts.
    pub(crate) fn next_line(&self) -> usize {
        self.next_line
    }

    /// The tokens, from the block's start.
    pub(crate) fn cursor(&self) -> Cursor<'_> {
        Cursor { index: self, at: 0 }
    }
}

/// Reads the tokens of an index in order.
#[derive(Clone, Copy)]
pub(crate) struct Cursor<'a> {
    index: &'a TokenIndex,
    /// Where the next token is looked for.
    at: usize,
}

/// The bits of a word at and above `bit`.
#[inline(always)]
fn from_bit(bit: usize) -> u64 {
    u64::MAX << bit
}

/// The bits below the lowest bit of `others`. Where it has none, that is every
/// bit, since the lowest bit less one is then every bit. With a word's starts,
/// this gives the starts of the plain pairs before its first other token.
#[inline(always)]
fn below_first(others: u64) -> u64 {
    (others & others.wrapping_neg()).wrapping_sub(1)
}

impl Cursor<'_> {
    /// The number of the line the byte at `offset` is on.
    #[inline(always)]
    pub(crate) fn line_at(&self, offset: usize) -> usize {
        self.index.words[offset / 64].line_at(offset % 64)
    }

    /// The first set bit at or after `from` of the mask `of` picks from each
    /// word, as an offset.
    #[inline(always)]
    fn first_from(&self, from: usize, of: impl Fn(&Word) -> u64) -> Option<usize> {
        let mut at = from / 64;
        let mut bits = of(self.index.words.get(at)?) & from_bit(from % 64);
        while bits == 0 {
            at += 1;
            bits = of(self.index.words.get(at)?);
        }
        Some(64 * at + bits.trailing_zeros() as usize)
    }

    /// The next token: where it starts and ends.
    #[inline(always)]
    pub(crate) fn next_token(&mut self) -> Option<(usize, usize)> {
        let start = self.first_from(self.at, |word| word.starts)?;
        let end = self
            .first_from(start, |word| word.ends)
            .expect("the index reads a space after the last token");
        self.at = end;
        Some((start, end))
    }

    /// Up to `wanted` of the next tokens, as long as each is a plain pair.
    /// Gives how many, and where the first and the last start. `None` when the
    /// next token is not a plain pair, or there is none. Their starts are not
    /// kept, since that would cost the framer's thread a store a card. A record
    /// that wants them as one mask asks [`Cursor::starts_between`].
    #[inline(always)]
    pub(crate) fn plain_pairs(&mut self, wanted: usize) -> Option<PlainRun> {
        let words = &self.index.words;
        let mut at = self.at / 64;
        let mut word = words.get(at)?;
        let mut starts = word.starts & from_bit(self.at % 64);
        let (mut count, mut first, mut last) = (0, None, 0);
        loop {
            let others = word.others & starts;
            // The plain pairs before the first token that is not one.
            // `below_first` needs no test for that case, but the test is kept
            // for the usual word, which has no other token. Without it a
            // reflowed whist deal and Choker pair each take a few instructions
            // more.
            let run = if others == 0 {
                starts
            } else {
                starts & below_first(others)
            };
            if run != 0 {
                first.get_or_insert(64 * at + run.trailing_zeros() as usize);
                let found = run.count_ones() as usize;
                if count + found >= wanted {
                    // Where the run ends with the last pair wanted, that pair
                    // is the run's last start, found at once. A whist deal's
                    // last row ends so, before the next deal's trump. `nth_bit`
                    // loops a turn a start. Its number of turns changes from
                    // deal to deal, and costs about one mispredicted branch a
                    // deal.
                    let left = wanted - count;
                    last = 64 * at
                        + if found == left {
                            63 - run.leading_zeros() as usize
                        } else {
                            nth_bit(run, left - 1)
                        };
                    count = wanted;
                    break;
                }
                count += found;
                last = 64 * at + 63 - run.leading_zeros() as usize;
            }
            if others != 0 {
                self.at = 64 * at + others.trailing_zeros() as usize;
                break;
            }
            at += 1;
            match words.get(at) {
                Some(next) => {
                    word = next;
                    starts = word.starts;
                }
                None => break,
            }
        }
        let first = first?;
        if count == wanted || self.at <= last {
            self.at = last + 2;
        }
        Some(PlainRun { count, first, last })
    }

    /// Where the tokens from the one at `first` to the one at `last` start. Bit
    /// `i` stands for the byte `first + i`. A record's reader would find this
    /// again in its own bytes; here it costs a few operations. 0 when they span
    /// 64 bytes or more, for the reader to find.
    #[inline(always)]
    pub(crate) fn starts_between(&self, first: usize, last: usize) -> u64 {
        let reach = last - first;
        if reach >= 64 {
            return 0;
        }
        let words = &self.index.words;
        let (at, bit) = (first / 64, first % 64);
        let low = words[at].starts >> bit;
        // Shifted twice: where `bit` is 0, one shift would be by 64, which
        // overflows. Two shifts give 0, and the next word adds nothing.
        let high = words
            .get(at + 1)
            .map_or(0, |next| (next.starts << 1) << (63 - bit));
        (low | high) & (u64::MAX >> (63 - reach))
    }
}

/// Which bit of `bits` is left lowest once the `n` lowest are cleared.
#[inline(always)]
fn nth_bit(mut bits: u64, n: usize) -> usize {
    for _ in 0..n {
        bits &= bits - 1;
    }
    bits.trailing_zeros() as usize
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::syntax::tokens::{spaced, tokens};

    /// Blocks of tokens: plain pairs mostly, and every kind of token and space
    /// the index tells apart, across many words.
    fn block() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop::sample::select(vec![
            "AS", "KH", "5D", "-S", "S-", "--", "S", "#", "END", "KSQS", "Joe-ASKS", "é", " ", " ",
            "  ", "\t", "\n", "\r\n", "\r", "\x0b", "\0",
        ]);
        prop::collection::vec(piece, 0..200).prop_map(|pieces| pieces.concat().into_bytes())
    }

    /// Blocks of mostly plain pairs, in runs long enough to cross the index's
    /// words.
    fn runs() -> impl Strategy<Value = Vec<u8>> {
        let pair = prop::sample::select(vec!["AS", "KH", "5D", "TC"]);
        let other = prop::sample::select(vec!["S-", "S", "#", "END", "KSQS", "Joe-ASKS"]);
        let token = prop_oneof![12 => pair, 1 => other];
        let space = prop::sample::select(vec![" ", " ", "\t", "\n", "\r\n", "   "]);
        prop::collection::vec((token, space), 0..200).prop_map(|pieces| spaced(&pieces))
    }

    /// The index of `bytes`, a block of its own.
    fn index_of(bytes: &[u8]) -> TokenIndex {
        let mut index = TokenIndex::default();
        index.build(Block { bytes, base: 0 }, 1, Isa::detect());
        index
    }

    /// A cursor on `index` past its first `skip` tokens.
    fn cursor_past(index: &TokenIndex, skip: usize) -> Cursor<'_> {
        let mut cursor = index.cursor();
        for _ in 0..skip {
            cursor.next_token();
        }
        cursor
    }

    proptest! {
        /// The bit `nth_bit` finds is the one with `n` set bits below it.
        #[test]
        fn nth_bit_has_n_bits_below_it(bits in 1u64.., pick in any::<prop::sample::Index>()) {
            let n = pick.index(bits.count_ones() as usize);
            let at = nth_bit(bits, n);
            prop_assert!(bits & 1 << at != 0);
            prop_assert_eq!((bits & ((1 << at) - 1)).count_ones() as usize, n);
        }

        /// The index finds the tokens the grammar's `tokens` rule reads, each
        /// on the line its line feeds say.
        #[test]
        fn the_index_reads_the_grammars_tokens(bytes in block(), first_line in 1usize..5) {
            let mut index = TokenIndex::default();
            index.build(Block { bytes: &bytes, base: 0 }, first_line, Isa::detect());
            // Every instruction set this processor has indexes it alike.
            for isa in Isa::runnable() {
                let mut on_isa = TokenIndex::default();
                on_isa.build(Block { bytes: &bytes, base: 0 }, first_line, isa);
                prop_assert_eq!(format!("{on_isa:?}"), format!("{index:?}"));
            }
            let mut cursor = index.cursor();
            let mut found = Vec::new();
            while let Some((start, end)) = cursor.next_token() {
                let line = first_line + memchr::memchr_iter(b'\n', &bytes[..start]).count();
                prop_assert_eq!(cursor.line_at(start), line);
                found.push(&bytes[start..end]);
            }
            let (_, read) = tokens(&bytes).unwrap();
            prop_assert_eq!(found, read);
            let lines = bytes.split(|&b| b == b'\n').count() - usize::from(bytes.is_empty() || bytes.ends_with(b"\n"));
            prop_assert_eq!(index.next_line(), first_line + lines);
        }

        /// A run of plain pairs is the tokens, taken one at a time, that are
        /// two bytes without a dash, up to the number wanted.
        #[test]
        fn a_plain_run_is_the_plain_pairs_one_by_one(
            bytes in prop_oneof![block(), runs()],
            wanted in 1usize..15,
            skip in 0usize..40,
        ) {
            let index = index_of(&bytes);
            let mut one_by_one = cursor_past(&index, skip);
            let mut by_runs = one_by_one;
            let mut plain = Vec::new();
            let mut probe = one_by_one;
            while plain.len() < wanted {
                match probe.next_token() {
                    Some((start, end)) if end - start == 2 && !bytes[start..end].contains(&b'-') => {
                        plain.push(start);
                        one_by_one = probe;
                    }
                    _ => break,
                }
            }
            let run = by_runs.plain_pairs(wanted);
            let expected = (!plain.is_empty()).then(|| PlainRun {
                count: plain.len(),
                first: plain[0],
                last: plain[plain.len() - 1],
            });
            prop_assert_eq!(run, expected);
            if let Some(run) = run {
                let starts = if run.last - run.first < 64 {
                    plain.iter().fold(0, |bits, start| bits | 1 << (start - run.first))
                } else {
                    0
                };
                prop_assert_eq!(by_runs.starts_between(run.first, run.last), starts);
            }
            // Both go on from the same token.
            prop_assert_eq!(by_runs.next_token(), one_by_one.next_token());
        }
    }
}
