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
use crate::ast::Span;
use crate::cpu::Isa;
use crate::syntax::{Block, LineRef};

/// Bit masks over a block, one [`Word`] for each 64 bytes. It is kept from
/// block to block, so that its memory is reused.
#[derive(Debug, Default)]
pub(crate) struct TokenIndex {
    words: Vec<Word>,
    /// The number of the line after the block's last.
    next_line: usize,
    /// The input's offset of the block's first byte.
    base: usize,
}

/// The masks of 64 bytes of a block: bit `i` for the byte `i` after the word's
/// first. They are kept together, as the cursor reads them together.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Word {
    /// The first byte of each token.
    pub(crate) starts: u64,
    /// The first byte of each token that is not a plain pair.
    others: u64,
    /// The first space after each token. A block ends in a space, or is read as
    /// if it did.
    ends: u64,
    /// Each line feed.
    pub(crate) newlines: u64,
    /// The number of the line the word's first byte is on.
    pub(crate) line: usize,
}

impl Word {
    /// The number of the line its byte `bit` (below 64) is on.
    #[inline(always)]
    pub(crate) fn line_at(&self, bit: usize) -> usize {
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
    /// An index with room for a block of up to `bytes` bytes from the start. So
    /// it is not grown, and its memory copied, as the first blocks grow.
    pub(crate) fn with_room(bytes: usize) -> Self {
        Self {
            words: Vec::with_capacity(bytes / 64 + 1),
            ..Self::default()
        }
    }

    /// Indexes `block`, whose first line is numbered `first_line`, on the
    /// instructions of `isa`.
    #[inline(always)]
    pub(crate) fn build(&mut self, block: Block<'_>, first_line: usize, isa: Isa) {
        let bytes = block.bytes;
        self.base = block.base;
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

    /// The word of the byte at the input's offset `offset`. Gives its place in
    /// the index, and the input's offset of its first byte.
    #[inline(always)]
    pub(crate) fn word_of(&self, offset: usize) -> (usize, usize) {
        debug_assert!(offset >= self.base, "{offset} is before the index's block");
        let at = (offset - self.base) / 64;
        (at, self.base + 64 * at)
    }

    /// The number of the line the input's byte at `offset` is on.
    #[inline(always)]
    pub(crate) fn line_of(&self, offset: usize) -> usize {
        let (at, base) = self.word_of(offset);
        self.word(at).line_at(offset - base)
    }

    /// The bytes of the input at `place` as the framer refers to them, with the
    /// number of the line they begin on.
    #[inline(always)]
    pub(crate) fn line_ref(&self, place: Span) -> LineRef {
        LineRef {
            offset: place.offset,
            len: place.len,
            number: self.line_of(place.offset),
        }
    }

    /// The word at `at`, or none (no tokens) past the block.
    #[inline(always)]
    pub(crate) fn word(&self, at: usize) -> Word {
        self.words.get(at).copied().unwrap_or_default()
    }

    /// The words at `at` and after it, where the index holds both.
    #[inline(always)]
    pub(crate) fn word_pair(&self, at: usize) -> Option<&[Word; 2]> {
        self.words.get(at..)?.first_chunk()
    }

    /// The input's offset just past the last word. No token starts there or
    /// after.
    pub(crate) fn end(&self) -> usize {
        self.base + 64 * self.words.len()
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

/// How many words [`Cursor::whole_run`] reads: 256 bytes. A whist deal's cards
/// take about 160 bytes when written with single blanks. They fill 256 only
/// where the blanks between them run long.
const WINDOW_WORDS: usize = 4;

impl Cursor<'_> {
    /// The number of the line the byte at `offset` is on.
    #[inline(always)]
    pub(crate) fn line_at(&self, offset: usize) -> usize {
        self.index.words[offset / 64].line_at(offset % 64)
    }

    /// Moves on to `at`, the end of a token read from the block's bytes rather
    /// than through the cursor.
    pub(crate) fn skip_to(&mut self, at: usize) {
        self.at = at;
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

    /// [`Cursor::plain_pairs`] for `wanted` where it finds a whole run. That is
    /// exactly `wanted` plain pairs and then a token that is not a plain pair.
    /// All of it must lie within the [`WINDOW_WORDS`] words from the cursor's.
    /// `None`, and nothing taken, otherwise: the run is shorter or longer, goes
    /// on past the window, or the index ends in it. The caller then asks
    /// [`Cursor::plain_pairs`].
    ///
    /// The words are read whatever the run. Each word's part of it is taken by
    /// arithmetic. `plain_pairs` instead walks the words until the run ends.
    /// The number of its turns changes from one whist deal to the next with the
    /// blanks between the cards. Its end costs about one mispredicted branch a
    /// deal.
    #[inline(always)]
    pub(crate) fn whole_run(&mut self, wanted: usize) -> Option<PlainRun> {
        let at = self.at / 64;
        let words: &[Word; WINDOW_WORDS] = self
            .index
            .words
            .get(at..at + WINDOW_WORDS)?
            .try_into()
            .ok()?;
        let mut open = from_bit(self.at % 64);
        let (mut count, mut first, mut last) = (0, usize::MAX, 0);
        for (place, word) in (64 * at..).step_by(64).zip(words) {
            let starts = word.starts & open;
            let others = word.others & starts;
            let run = starts & below_first(others);
            // Past an other token, the run is over: no bit is open.
            open = if open != 0 && others == 0 {
                u64::MAX
            } else {
                0
            };
            count += run.count_ones() as usize;
            first = first.min(if run == 0 {
                usize::MAX
            } else {
                place + run.trailing_zeros() as usize
            });
            last = if run == 0 {
                last
            } else {
                place + 63 - run.leading_zeros() as usize
            };
        }
        if open != 0 || count != wanted {
            return None;
        }
        self.at = last + 2;
        Some(PlainRun { count, first, last })
    }

    /// Whole runs of `len` plain pairs in a row, up to `most` of them, with one
    /// plain pair more after the last. All of them are taken, as one run.
    /// `None`, and nothing taken, where there is not one.
    ///
    /// The pair after is left for the framer's rules. [`TokenFramer::block`]
    /// holds some words back. What the last token of a record before something
    /// else may be is asked only there. Inside the run that rule is not asked
    /// of each record's last pair. A plain pair follows it, which would release
    /// a held word as a card of the same record.
    ///
    /// The pairs are counted first and their places found after. Each takes one
    /// pass of a few operations a word. [`Cursor::plain_pairs`] would pass over
    /// the words twice, once to count and once to take.
    ///
    /// [`TokenFramer::block`]: crate::syntax::tokens
    #[inline(always)]
    pub(crate) fn whole_runs(&mut self, len: usize, most: usize) -> Option<PlainRun> {
        let runs = self.plain_count(len * most + 1).saturating_sub(1) / len;
        (runs > 0).then(|| self.take_pairs(len * runs))
    }

    /// How many of the next tokens, up to `most`, are plain pairs. These are
    /// the starts before a word's first token that is not a plain pair, counted
    /// a word at a time.
    #[inline(always)]
    fn plain_count(&self, most: usize) -> usize {
        let words = &self.index.words;
        let mut at = self.at / 64;
        let Some(word) = words.get(at) else {
            return 0;
        };
        let mut starts = word.starts & from_bit(self.at % 64);
        let mut others = word.others & starts;
        let mut count = 0;
        loop {
            count += (starts & below_first(others)).count_ones() as usize;
            if others != 0 || count >= most {
                return count.min(most);
            }
            at += 1;
            let Some(word) = words.get(at) else {
                return count;
            };
            (starts, others) = (word.starts, word.others);
        }
    }

    /// Where the `n`th of the next tokens starts (the next is the 0th). The
    /// index must hold it.
    #[inline(always)]
    fn start_of(&self, mut n: usize) -> usize {
        let words = &self.index.words;
        let mut at = self.at / 64;
        let mut starts = words[at].starts & from_bit(self.at % 64);
        loop {
            let found = starts.count_ones() as usize;
            if n < found {
                return 64 * at + nth_bit(starts, n);
            }
            n -= found;
            at += 1;
            starts = words[at].starts;
        }
    }

    /// Takes the next `count` tokens, counted to be plain pairs.
    #[inline(always)]
    fn take_pairs(&mut self, count: usize) -> PlainRun {
        let (first, last) = (self.start_of(0), self.start_of(count - 1));
        self.at = last + 2;
        PlainRun { count, first, last }
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

    /// Runs of plain pairs with blanks as wide as a word between some. So a run
    /// of pairs goes on past a few words that hold only a few of them.
    fn sparse_runs() -> impl Strategy<Value = Vec<u8>> {
        let pair = prop::sample::select(vec!["AS", "KH", "5D", "TC"]);
        let other = prop::sample::select(vec!["S", "#", "KSQS"]);
        let token = prop_oneof![16 => pair, 1 => other];
        let space = prop_oneof![Just(1), 20usize..70].prop_map(|width| " ".repeat(width));
        prop::collection::vec((token, space), 0..60).prop_map(|pieces| {
            let pieces: Vec<(&str, &str)> = pieces
                .iter()
                .map(|(token, space)| (*token, space.as_str()))
                .collect();
            spaced(&pieces)
        })
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

        /// A whole run is exactly the plain pairs wanted, taken one at a time,
        /// and then a token that is not a plain pair. It is found where that
        /// token starts within the window's words and the index holds them all.
        /// Nothing is taken otherwise.
        #[test]
        fn a_whole_run_is_exactly_the_plain_pairs_wanted(
            bytes in prop_oneof![block(), runs(), sparse_runs()],
            wanted in 1usize..24,
            skip in 0usize..40,
        ) {
            let index = index_of(&bytes);
            let cursor = cursor_past(&index, skip);
            let mut probe = cursor;
            let mut plain = Vec::new();
            let closing = loop {
                match probe.next_token() {
                    Some((start, end)) if end - start == 2 && !bytes[start..end].contains(&b'-') => {
                        plain.push(start);
                    }
                    token => break token.map(|(start, _)| start),
                }
            };
            let window_end = 64 * (cursor.at / 64 + WINDOW_WORDS);
            let whole = plain.len() == wanted
                && closing.is_some_and(|start| start < window_end)
                && window_end <= 64 * index.words.len();
            let expected = whole.then(|| PlainRun {
                count: wanted,
                first: plain[0],
                last: plain[wanted - 1],
            });
            let mut by_run = cursor;
            prop_assert_eq!(by_run.whole_run(wanted), expected);
            let mut one_by_one = cursor;
            for _ in 0..if whole { wanted } else { 0 } {
                one_by_one.next_token();
            }
            // Both go on from the same token, nothing taken where no run was.
            prop_assert_eq!(by_run.next_token(), one_by_one.next_token());
        }

        /// Whole runs are the plain pairs taken one at a time, cut at the last
        /// whole run that leaves one more after it.
        #[test]
        fn whole_runs_are_the_plain_pairs_one_by_one(
            bytes in prop_oneof![block(), runs()],
            len in 1usize..14,
            most in 1usize..5,
            skip in 0usize..40,
        ) {
            let index = index_of(&bytes);
            let mut one_by_one = cursor_past(&index, skip);
            let mut by_runs = one_by_one;
            let mut plain = Vec::new();
            let mut probe = one_by_one;
            while plain.len() <= len * most {
                match probe.next_token() {
                    Some((start, end)) if end - start == 2 && !bytes[start..end].contains(&b'-') => {
                        plain.push(start);
                    }
                    _ => break,
                }
            }
            let runs = plain.len().saturating_sub(1) / len;
            let expected = (runs > 0).then(|| PlainRun {
                count: len * runs,
                first: plain[0],
                last: plain[len * runs - 1],
            });
            prop_assert_eq!(by_runs.whole_runs(len, most), expected);
            for _ in 0..len * runs {
                one_by_one.next_token();
            }
            // Both go on from the same token, nothing taken where no run was.
            prop_assert_eq!(by_runs.next_token(), one_by_one.next_token());
        }
    }
}
