//! The records of a reflowed file whose tokens the token framer found to be all
//! plain pairs. They are read as pairs, at the starts of their tokens.
//!
//! What it shortcuts: [`read_bridge_hand`] and [`read_whist_deal`] on a record
//! whose line ends are blanked. Those must find each row's tokens and check
//! each one's shape (`spaced_card_row`). The framer frames a record as placed
//! when every one of its cards came in a run of plain pairs. A plain pair is
//! two bytes with no dash (`fast::token_index`). So only where the tokens start
//! is left to find. That takes one mask of the spaces, 64 bytes at a time, and
//! a bit each. The line grammar's `card_row` reads a row of such tokens as the
//! same cards, once each pair is a card. Where a pair is not a card, or the
//! trump is not canonical, the answer is `false`. The record is then read as
//! any other, with its diagnoses.
//!
//! Where a row came in one run within 64 bytes, the usual case, the framer
//! hands its starts over as one mask. It takes the mask from the token index
//! (`PlacedRow::starts`), for a few operations a row. Other rows' starts are
//! found here, on the pool. Keeping each start card by card would cost the
//! framing thread a store a card.
//!
//! The property tests below hold this to the readers. Those of `syntax::tokens`
//! hold it to the framer. So does every test that compares a reflowed file's
//! results with its original's.
//!
//! [`read_bridge_hand`]: crate::syntax::bridge
//! [`read_whist_deal`]: crate::syntax::whist

use super::byte_masks::{SPACES, classes64};
use super::token_index::TokenIndex;
use super::trump_line::canonical_trump_line;
use crate::ast::{Alphabet, BridgeHand, Card, Game, Span, WhistDeal};
use crate::syntax::{Block, LineRef, PlacedDeal, PlacedHands, PlacedRow};

/// The bytes a row's tokens may span, read as one window. A row of the tokens
/// layout with more between its first card and its last is read as any other.
/// Long runs of blanks, or blank lines, make such rows.
const WINDOW: usize = 256;

/// The row of cards `row` of `block`, into `cards`, at the starts the framer
/// kept, or else found here. `false` when the tokens are not as many as
/// `cards`, or a pair is not a card of `alphabet`. Where the starts are found
/// here, also `false` when a token is not two bytes long or the row is longer
/// than a window.
#[inline(always)]
fn placed_cards(
    block: &Block<'_>,
    row: PlacedRow,
    alphabet: &Alphabet,
    cards: &mut [Card],
) -> bool {
    let span = Span::new(row.line.offset, row.line.len);
    if row.starts == 0 {
        return found_cards(block, span, alphabet, cards);
    }
    // The framer kept the starts only of tokens it found plain pairs.
    if row.starts.count_ones() as usize != cards.len() {
        return false;
    }
    let mut copy = None;
    let bytes = word_from(block, span.offset, &mut copy);
    let (codes, _) = cards_at(bytes, span.offset, row.starts, alphabet, cards);
    let read = codes & 0x80 == 0;
    // Taken on trust here, so held to the reading of the row's own bytes
    // wherever the tests run.
    debug_assert!(
        span.len >= WINDOW || {
            let mut found = vec![Card::default(); cards.len()];
            found_cards(block, span, alphabet, &mut found) == read && (!read || found == cards)
        }
    );
    read
}

/// The bytes a word of tokens is read from: its 64, and the two after them. So
/// a token's two bytes are read at offsets known to be inside, without a check
/// of bounds, wherever in the word it starts.
const READ: usize = 64 + 2;

/// The `N` bytes of `block` from the input's offset `offset`. Near the block's
/// end or past it, they are read from `copy`, with blanks after the block's
/// last byte. `copy` is an `Option`, filled only there. An array made
/// beforehand would be written with blanks at every row.
#[inline(always)]
fn word_from<'a, const N: usize>(
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

/// The cards whose tokens start at the bits of `starts`, into `cards`, as many.
/// Bit `i` stands for `bytes[i]`, the input's `origin + i`. Gives the code of
/// the first pair that is no card (bit 7 set), else 0. Also gives the input's
/// offset where the last token starts, read or not.
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
fn cards_at(
    bytes: &[u8; READ],
    origin: usize,
    mut starts: u64,
    alphabet: &Alphabet,
    cards: &mut [Card],
) -> (u8, usize) {
    let mut last = 0;
    let origin_card = Card::from_code(0, origin);
    let count = cards.len();
    for (index, slot) in cards.iter_mut().enumerate() {
        let at = starts.trailing_zeros() as usize;
        starts &= starts - 1;
        let word = alphabet.card_word(bytes[at], bytes[at + 1]);
        if word.cast_signed() < 0 {
            let code = alphabet.card_code(bytes[at], bytes[at + 1]);
            return (code, origin + last_of(at, starts, count - index - 1));
        }
        last = at;
        *slot = origin_card.after(at, word);
    }
    (0, origin + last)
}

/// Where the last of the `left` next starts of `starts` is, or `at` if `left`
/// is 0. That is where a row read up to a pair that is no card ends.
#[cold]
fn last_of(mut at: usize, mut starts: u64, left: usize) -> usize {
    for _ in 0..left {
        at = starts.trailing_zeros() as usize;
        starts &= starts - 1;
    }
    at
}

/// The row of cards whose tokens lie in `span` of `block`, into `cards`, where
/// the framer did not keep their starts. `false` when the tokens are not as
/// many as `cards`, or one is not two bytes long. Also `false` when a pair is
/// not a card of `alphabet`, or the row is longer than a window. A token starts
/// at a byte that is not a space after one that is, or at the span's first. The
/// framer frames a record as placed only when its tokens are all pairs. The
/// reader checks the lengths again, for a few operations a word. So what it
/// reads is the grammar's reading, whatever it is handed.
///
/// Each word's cards go to slots counted beforehand, so without a check of
/// room.
#[inline(always)]
fn found_cards(block: &Block<'_>, span: Span, alphabet: &Alphabet, cards: &mut [Card]) -> bool {
    if span.len >= WINDOW {
        return false;
    }
    let mut copy = None;
    let window = word_from::<{ WINDOW + 2 }>(block, span.offset, &mut copy);
    let (mut filled, mut codes) = (0, 0);
    // Bit 0 set when the byte before the word is a token's, and when it
    // starts one.
    let (mut after_token, mut after_start) = (0, 0);
    // A bit set for a byte of a token that is neither its first nor its
    // second, or for a token's second that is a space.
    let mut faults = 0;
    for base in (0..span.len).step_by(64) {
        let bytes = window[base..]
            .first_chunk::<READ>()
            .expect("a window holds its last word's bytes and two more");
        let [spaces] = classes64(bytes.first_chunk().expect("a word's 64 bytes"), [SPACES]);
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
        codes |= cards_at(bytes, span.offset + base, starts, alphabet, slots).0;
    }
    // A token that starts at the span's last byte, the last of a word, has its
    // second byte past the span. Its start is still carried.
    filled == cards.len() && faults | after_start == 0 && codes & 0x80 == 0
}

/// A bridge hand framed as placed, as `hand`.
#[inline(always)]
pub(crate) fn placed_bridge_hand(
    hand: PlacedRow,
    block: &Block<'_>,
    read: &mut BridgeHand,
) -> bool {
    read.span = Span::new(hand.line.offset, hand.line.len);
    placed_cards(block, hand, Game::Bridge.alphabet(), &mut read.cards)
}

/// A whist deal framed as placed, as `rows`: its trump's line first, a
/// canonical trump line. Its four rows are each read as a bridge hand is.
#[inline(always)]
pub(crate) fn placed_whist_deal(
    rows: &[PlacedRow; 5],
    block: &Block<'_>,
    deal: &mut WhistDeal,
) -> bool {
    let (trump_line, last) = (rows[0].line, rows[4].line);
    let Some(trump) = canonical_trump_line(block.line(trump_line).text) else {
        return false;
    };
    let alphabet = Game::Whist.alphabet();
    let mut cards = true;
    for (play, &row) in deal.plays.iter_mut().zip(&rows[1..]) {
        cards &= placed_cards(block, row, alphabet, play);
    }
    deal.trump = trump;
    deal.trump_span = Span::new(trump_line.offset, 1);
    deal.span = deal.trump_span.to(Span::new(last.offset, last.len));
    cards
}

/// The hands of `run`, thirteen tokens each, in order. Each is read into `hand`
/// and given to `each`. With it go where it lies and whether its pairs are all
/// cards of bridge's alphabet. A hand lies from its first card to the end of
/// its last, on the line of its first.
///
/// The framer frames a run of whole hands at once. It leaves the hands' bounds
/// to be found here, where each card's start is found anyway to read it. The
/// thirteenth start ends a hand. Every token of a run is a plain pair, so a
/// start and the byte after it are a card.
///
/// `index` is the block's token index that the framer made, where there is one
/// (in the pipeline). The usual hand lies within the 64 bytes after the hand
/// before. It is read at once from the starts of `index` ([`row_at_once`]). The
/// walk takes over from the first hand that is not. It also takes over at a
/// hand near the block's end, where the block does not hold the bytes read at
/// once. The walk reads the words as [`RunWords`] walks them. Where there is no
/// index, it reads all hands, and the words are found here from the bytes. A
/// hand longer than 64 bytes is read card by card.
#[inline(always)]
pub(crate) fn placed_bridge_hands(
    run: PlacedHands,
    index: Option<&TokenIndex>,
    block: &Block<'_>,
    hand: &mut BridgeHand,
    mut each: impl FnMut(LineRef, &mut BridgeHand, bool),
) {
    let alphabet = Game::Bridge.alphabet();
    let Some(index) = index else {
        bridge_hands_walked(
            RunWords::classed(block, run.line),
            run.hands,
            block,
            hand,
            each,
        );
        return;
    };
    let mut from = run.line.offset;
    let read = bridge_hands(
        run.hands,
        hand,
        &mut each,
        #[inline(always)]
        |cards| {
            let (place, codes) = row_at_once(index, &mut from, block, alphabet, cards)?;
            Some((index.line_ref(place), codes))
        },
    );
    if read < run.hands {
        let words = RunWords::indexed(index, from);
        bridge_hands_walked(words, run.hands - read, block, hand, each);
    }
}

/// [`bridge_hands`] read from `words`, which read every hand.
#[inline(always)]
fn bridge_hands_walked(
    mut words: RunWords<impl Words>,
    hands: usize,
    block: &Block<'_>,
    hand: &mut BridgeHand,
    mut each: impl FnMut(LineRef, &mut BridgeHand, bool),
) {
    let alphabet = Game::Bridge.alphabet();
    bridge_hands(
        hands,
        hand,
        &mut each,
        #[inline(always)]
        |cards| Some(words.row(block, alphabet, cards)),
    );
}

/// Up to `hands` hands of a run, each read into `hand` by `row` and given to
/// `each`. `row` gives where the hand lies, and the codes that [`cards_at`]
/// gives. This goes on for as long as `row` reads hands. Gives how many it
/// read.
#[inline(always)]
fn bridge_hands(
    hands: usize,
    hand: &mut BridgeHand,
    each: &mut impl FnMut(LineRef, &mut BridgeHand, bool),
    mut row: impl FnMut(&mut [Card; 13]) -> Option<(LineRef, u8)>,
) -> usize {
    for read in 0..hands {
        let Some((at, codes)) = row(&mut hand.cards) else {
            return read;
        };
        hand.span = Span::new(at.offset, at.len);
        each(at, hand, codes & 0x80 == 0);
    }
    hands
}

/// A whist deal framed whole, as `dealt`, into `deal`, where no token index is
/// at hand. Gives its lines, and whether its trump is canonical and its pairs
/// all cards. The lines are its trump's, then its rows'. The rows are found
/// here as the hands of a run are, with the words classed from the bytes.
#[inline(always)]
pub(crate) fn placed_whist_dealt(
    dealt: PlacedDeal,
    block: &Block<'_>,
    deal: &mut WhistDeal,
) -> ([LineRef; 5], bool) {
    // The first card's line: the trump's, and the line feeds between.
    let between = &block.bytes[dealt.trump.offset - block.base..dealt.cards.offset - block.base];
    let first = LineRef {
        offset: dealt.cards.offset,
        len: dealt.cards.len,
        number: dealt.trump.number + memchr::memchr_iter(b'\n', between).count(),
    };
    let words = RunWords::classed(block, first);
    let (rows, codes) = whist_rows_walked(words, block, deal);
    let [north, east, south, west] = rows;
    let cards = dealt_trump(dealt, block, Span::new(west.offset, west.len), codes, deal);
    ([dealt.trump, north, east, south, west], cards)
}

/// [`placed_whist_dealt`] from the block's token `index`, as the pool reads a
/// deal. Gives where its rows lie, without the numbers of their lines. Only a
/// report of the deal wants those, or the grammar where it reads a deal that is
/// not all cards. The framer gave the first line's number, the trump's.
/// [`TokenIndex::line_ref`] finds the others.
///
/// Its rows are read at once ([`row_at_once`]) where each lies within the 64
/// bytes after the row before. The block must also hold the bytes read.
/// Otherwise the whole deal is walked ([`RunWords`]) from its first card. The
/// numbers of the rows' lines are read at few deals. Finding them at every deal
/// would cost a reflowed whist deal about 90 instructions
/// (`benches/instructions.sh`).
#[inline(always)]
pub(crate) fn indexed_whist_dealt(
    dealt: PlacedDeal,
    index: &TokenIndex,
    block: &Block<'_>,
    deal: &mut WhistDeal,
) -> ([Span; 4], bool) {
    let alphabet = Game::Whist.alphabet();
    let mut from = dealt.cards.offset;
    let at_once = whist_rows(
        deal,
        #[inline(always)]
        |cards| row_at_once(index, &mut from, block, alphabet, cards),
    );
    let (rows, codes) = at_once.unwrap_or_else(
        #[inline(always)]
        || {
            let words = RunWords::indexed(index, dealt.cards.offset);
            let (rows, codes) = whist_rows_walked(words, block, deal);
            (rows.map(|row| Span::new(row.offset, row.len)), codes)
        },
    );
    let cards = dealt_trump(dealt, block, rows[3], codes, deal);
    (rows, cards)
}

/// The end of reading a deal framed whole. Its rows were read with `codes`, and
/// its last lies at `last_row`. Puts its trump and its spans into `deal`. Gives
/// whether its trump is canonical and its pairs all cards.
#[inline(always)]
fn dealt_trump(
    dealt: PlacedDeal,
    block: &Block<'_>,
    last_row: Span,
    codes: u8,
    deal: &mut WhistDeal,
) -> bool {
    let trump = canonical_trump_line(block.line(dealt.trump).text);
    if let Some(trump) = trump {
        deal.trump = trump;
    }
    deal.trump_span = Span::new(dealt.trump.offset, 1);
    deal.span = deal.trump_span.to(last_row);
    trump.is_some() && codes & 0x80 == 0
}

/// The four rows of a whist deal framed whole, each read by `row`. `row` gives
/// where the row lies, and the codes that [`cards_at`] gives. Returns where
/// each row lies, and the rows' codes or'ed, whose bit 7 tells that a pair is
/// no card. `None` where `row` does not read a row. Some rows are then read and
/// the others not.
///
/// The four seats are written out, not a loop. Each row's place in the deal and
/// in the array returned is then known where the row is read. The loop's count
/// and the row's address are not kept on the stack across the rows. That saves
/// about 40 instructions a reflowed whist deal (`benches/instructions.sh`).
#[inline(always)]
fn whist_rows<Place>(
    deal: &mut WhistDeal,
    mut row: impl FnMut(&mut [Card; 13]) -> Option<(Place, u8)>,
) -> Option<([Place; 4], u8)> {
    let [north, east, south, west] = &mut deal.plays;
    let (north, north_codes) = row(north)?;
    let (east, east_codes) = row(east)?;
    let (south, south_codes) = row(south)?;
    let (west, west_codes) = row(west)?;
    Some((
        [north, east, south, west],
        north_codes | east_codes | south_codes | west_codes,
    ))
}

/// [`whist_rows`] read from `words`, which read every row and its line.
#[inline(always)]
fn whist_rows_walked(
    mut words: RunWords<impl Words>,
    block: &Block<'_>,
    deal: &mut WhistDeal,
) -> ([LineRef; 4], u8) {
    let alphabet = Game::Whist.alphabet();
    let rows = whist_rows(
        deal,
        #[inline(always)]
        |cards| Some(words.row(block, alphabet, cards)),
    );
    rows.expect("the words' walk reads every row")
}

/// The row of thirteen tokens after the input's offset `from`, where they lie
/// within the 64 bytes from there. It is read at once into `cards`, at the
/// starts of the index's words there ([`cards_at`]). Gives where the row lies,
/// from its first card to the end of its last. The number of its line is left
/// to the callers that want it ([`TokenIndex::line_ref`]). Also gives what
/// [`cards_at`] gives of its codes. `from` is moved past the row, where the
/// next row is looked for.
///
/// `None`, and nothing read (`from` as it was), where the row lies wider. Also
/// `None` where the index holds no word after `from`'s. Also `None` where the
/// block does not hold the [`READ`] bytes from `from`. That is near the block's
/// end, where the walk reads the row with a copy of the bytes padded with
/// blanks. Leaving that copy to the walk, and fetching the two words with one
/// check, saves instructions. A reflowed whist deal takes about 40 fewer, a
/// bridge hand 9.
///
/// [`RunWords::row`] reads a row so too, but walks the words as it keeps them.
/// It keeps a pair of words of starts and of line feeds. It walks them to the
/// row's first start and past its last, a loop each. Their turns depend on
/// where the words end, and its state is more than the registers hold. This way
/// saves about 2% of a reflowed whist deal's instructions, and 3% of a bridge
/// hand's (`benches/instructions.sh`).
///
/// The 64 bits from a place in two words are shifted out here. They are shifted
/// out again in `RunWords::starts_from` and `Cursor::starts_between`. One
/// function for the three costs about 1% more instructions. The compiler then
/// lays the hot loops out anew.
#[inline(always)]
fn row_at_once(
    index: &TokenIndex,
    from: &mut usize,
    block: &Block<'_>,
    alphabet: &Alphabet,
    cards: &mut [Card; 13],
) -> Option<(Span, u8)> {
    let origin = *from;
    let (at, base) = index.word_of(origin);
    let ([word, next], bit) = (index.word_pair(at)?, origin - base);
    // Shifted twice: where `bit` is 0 the one shift would be by 64.
    let starts = word.starts >> bit | (next.starts << 1) << (63 - bit);
    if (starts.count_ones() as usize) < cards.len() {
        return None;
    }
    let first = origin + starts.trailing_zeros() as usize;
    let bytes = block.bytes.get(origin - block.base..)?.first_chunk()?;
    let (codes, last) = cards_at(bytes, origin, starts, alphabet, cards);
    *from = last + 2;
    Some((Span::new(first, last + 2 - first), codes))
}

/// Where the words of a run come from: the block's token index ([`Indexed`]),
/// or the bytes, classed as they are read ([`Classed`]). Each is a type, not an
/// enum's variant. So the pipeline's reading, always from the index, holds no
/// test of which.
trait Words {
    /// The starts and the line feeds of the word after those read. Its first
    /// byte is at the input's offset `offset`.
    fn next_word(&mut self, offset: usize) -> (u64, u64);

    /// The input's offset past which no token starts.
    fn end(&self) -> usize;
}

/// The words of the block's token index.
struct Indexed<'a> {
    index: &'a TokenIndex,
    /// The place in the index of the second word.
    next: usize,
}

impl Words for Indexed<'_> {
    #[inline(always)]
    fn next_word(&mut self, _offset: usize) -> (u64, u64) {
        self.next += 1;
        let word = self.index.word(self.next);
        (word.starts, word.newlines)
    }

    fn end(&self) -> usize {
        self.index.end()
    }
}

/// The words of the bytes, classed here. Classing starts at the run's first
/// token, and the byte before it is taken for a space.
struct Classed<'a> {
    block: &'a Block<'a>,
    /// Bit 0 set when the last byte of the second word is a token's.
    after_token: u64,
}

impl Words for Classed<'_> {
    #[inline(always)]
    fn next_word(&mut self, offset: usize) -> (u64, u64) {
        let mut copy = None;
        let bytes = word_from(self.block, offset, &mut copy);
        let [spaces, newlines] = classes64(bytes, [SPACES, b"\n"]);
        let tokens = !spaces;
        let starts = tokens & !(tokens << 1 | self.after_token);
        self.after_token = tokens >> 63;
        (starts, newlines)
    }

    fn end(&self) -> usize {
        self.block.base + self.block.bytes.len()
    }
}

/// The starts of a run's tokens and its line ends, two words of 64 bytes at a
/// time. [`placed_bridge_hands`] walks these. The starts of tokens already read
/// are cleared.
struct RunWords<W> {
    words: W,
    /// The input's offset of the first word's first byte, and its line.
    base: usize,
    line: usize,
    starts: [u64; 2],
    newlines: [u64; 2],
}

impl<'a> RunWords<Indexed<'a>> {
    /// The words of `index` from the token at `offset`.
    #[inline(always)]
    fn indexed(index: &'a TokenIndex, offset: usize) -> Self {
        let (at, base) = index.word_of(offset);
        let [first, second] = [index.word(at), index.word(at + 1)];
        Self {
            words: Indexed {
                index,
                next: at + 1,
            },
            base,
            line: first.line,
            starts: [first.starts & u64::MAX << (offset - base), second.starts],
            newlines: [first.newlines, second.newlines],
        }
    }
}

impl<'a> RunWords<Classed<'a>> {
    /// The words of `block` from the token that `run` starts at, classed.
    #[inline(always)]
    fn classed(block: &'a Block<'a>, run: LineRef) -> Self {
        let mut words = Self {
            words: Classed {
                block,
                after_token: 0,
            },
            base: run.offset,
            line: run.number,
            starts: [0; 2],
            newlines: [0; 2],
        };
        (words.starts[0], words.newlines[0]) = words.words.next_word(run.offset);
        (words.starts[1], words.newlines[1]) = words.words.next_word(run.offset + 64);
        words
    }
}

impl<W: Words> RunWords<W> {
    /// The next thirteen tokens, a row of cards, into `cards`. Gives where they
    /// lie, from the first to the end of the last, on the line of the first.
    /// Also gives what [`cards_at`] gives of their codes. For a row longer than
    /// 64 bytes, that is the codes of all, or'ed.
    #[inline(always)]
    fn row(
        &mut self,
        block: &Block<'_>,
        alphabet: &Alphabet,
        cards: &mut [Card; 13],
    ) -> (LineRef, u8) {
        let (first, number) = self.next_start();
        let starts = self.starts_from(first);
        let (codes, last) = if starts.count_ones() as usize >= cards.len() {
            let mut copy = None;
            let bytes = word_from(block, first, &mut copy);
            cards_at(bytes, first, starts, alphabet, cards)
        } else {
            self.cards_one_by_one(block, alphabet, cards)
        };
        self.taken_to(last + 2);
        let at = LineRef {
            offset: first,
            len: last + 2 - first,
            number,
        };
        (at, codes)
    }

    /// The next word's turn: the second word becomes the first.
    #[inline(always)]
    fn advance(&mut self) {
        self.line += self.newlines[0].count_ones() as usize;
        self.base += 64;
        let next = self.words.next_word(self.base + 64);
        self.starts = [self.starts[1], next.0];
        self.newlines = [self.newlines[1], next.1];
    }

    /// Where the next token starts, and its line. The framer frames a run only
    /// of tokens it found. So a run that asks for more than the block holds is
    /// the framer's fault. Where the tests run, that is a panic, not a loop
    /// without end past the block. The release build does not check it. A test
    /// in the loop, although never taken, costs bridge's and Choker's lines
    /// layout 7% and 5% more instructions. The compiler lays out the hot loops
    /// anew around it.
    #[inline(always)]
    fn next_start(&mut self) -> (usize, usize) {
        while self.starts[0] == 0 {
            debug_assert!(
                self.base < self.words.end(),
                "a run of tokens reaches past its block"
            );
            self.advance();
        }
        let at = self.starts[0].trailing_zeros();
        let before = self.newlines[0] & !(u64::MAX << at);
        (
            self.base + at as usize,
            self.line + before.count_ones() as usize,
        )
    }

    /// The starts of the 64 bytes from `offset`, that of the next token. Bit
    /// `i` stands for the byte `offset + i`.
    #[inline(always)]
    fn starts_from(&self, offset: usize) -> u64 {
        let bit = offset - self.base;
        // Shifted twice: where `bit` is 0 the one shift would be by 64.
        self.starts[0] >> bit | (self.starts[1] << 1) << (63 - bit)
    }

    /// The tokens before `offset` read: their starts cleared.
    #[inline(always)]
    fn taken_to(&mut self, offset: usize) {
        while offset - self.base >= 64 {
            self.advance();
        }
        self.starts[0] &= u64::MAX << (offset - self.base);
    }

    /// The next tokens, a card each, into `cards`, one at a time. This is for a
    /// hand that spans more than 64 bytes. Gives the codes of all, or'ed, and
    /// where the last starts.
    ///
    /// It is inlined although rare. A call that takes the words by reference
    /// keeps them in memory on the usual path too. They are then written back
    /// at every row, about a hundred instructions a whist deal.
    #[inline(always)]
    fn cards_one_by_one(
        &mut self,
        block: &Block<'_>,
        alphabet: &Alphabet,
        cards: &mut [Card],
    ) -> (u8, usize) {
        let (mut codes, mut last) = (0, 0);
        for slot in cards {
            (last, _) = self.next_start();
            let at = last - block.base;
            let code = alphabet.card_code(block.bytes[at], block.bytes[at + 1]);
            codes |= code;
            *slot = Card::from_code(code, last);
            self.taken_to(last + 1);
        }
        (codes, last)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::cpu::Isa;
    use crate::syntax::LineRef;
    use crate::syntax::bridge::read_bridge_hand;
    use crate::syntax::tokens::read_line_ends_as_blanks;
    use crate::syntax::whist::read_whist_deal;

    /// Tokens, cards mostly, with blanks of every kind between them. Line ends
    /// are among them, as a reflowed record has, and runs longer than a mask's
    /// 64 bytes. Other bytes come before and after, or none after. Gives the
    /// text, and where each token starts and ends.
    fn row(cards: usize) -> impl Strategy<Value = (Vec<u8>, Vec<(usize, usize)>)> {
        let card = prop::sample::select(vec!["AS", "KH", "TD", "2C", "9S", "QD", "JH", "3C"]);
        // Pairs that are not cards, and tokens that are not pairs. The framer
        // never hands these over, but the reader still refuses them.
        let other = prop::sample::select(vec!["XX", "1G", "kh", "A\u{b}", "ASK", "A", "10H"]);
        // Mostly all cards, so that most records are read.
        let pair = prop_oneof![400 => card, 1 => other];
        let long = " ".repeat(70);
        let blank = prop::sample::select(vec![
            " ",
            " ",
            "\t",
            "\n",
            "\r\n",
            "   ",
            "\n\n",
            "\r",
            long.leak(),
        ]);
        (
            prop::collection::vec((pair, blank), cards),
            0usize..200,
            prop::option::of(0usize..200),
        )
            .prop_map(|(pieces, before, after)| {
                let mut text = vec![b'#'; before];
                let mut tokens = Vec::new();
                for (pair, blank) in pieces {
                    tokens.push((text.len(), text.len() + pair.len()));
                    text.extend_from_slice(pair.as_bytes());
                    text.extend_from_slice(blank.as_bytes());
                }
                // The block may end with the last token.
                match after {
                    Some(after) => text.resize(text.len() + after, b'#'),
                    None => text.truncate(tokens.last().map_or(text.len(), |&(_, end)| end)),
                }
                (text, tokens)
            })
    }

    /// The line from the first token to the end of the last, as the
    /// framer frames it.
    fn piece(tokens: &[(usize, usize)], base: usize) -> LineRef {
        LineRef {
            offset: base + tokens[0].0,
            len: tokens[tokens.len() - 1].1 - tokens[0].0,
            number: 1,
        }
    }

    /// The row of `tokens`, its starts to be found by the reader.
    fn found(tokens: &[(usize, usize)], base: usize) -> PlacedRow {
        PlacedRow {
            line: piece(tokens, base),
            starts: 0,
        }
    }

    /// The row of `tokens` with their starts kept, where the framer keeps them.
    /// It keeps them when every token is a plain pair, and they span fewer than
    /// 64 bytes.
    fn kept(text: &[u8], tokens: &[(usize, usize)], base: usize) -> Option<PlacedRow> {
        let first = tokens[0].0;
        let plain = tokens
            .iter()
            .all(|&(start, end)| end - start == 2 && !text[start..end].contains(&b'-'));
        (plain && tokens[tokens.len() - 1].0 - first < 64).then(|| PlacedRow {
            line: piece(tokens, base),
            starts: tokens
                .iter()
                .fold(0, |bits, &(start, _)| bits | 1 << (start - first)),
        })
    }

    /// The blanks between the tokens of a run or a deal. Mostly they are short,
    /// line ends among them. Now and then one is longer than a word. So some
    /// rows are read at once from the index and some not.
    fn blank_mostly_short() -> impl Strategy<Value = &'static str> {
        prop_oneof![
            40 => prop::sample::select(vec![" ", "\t", "\n", "\r\n", "   ", "\n\n"]),
            1 => Just(&*" ".repeat(70).leak()),
        ]
    }

    /// The token index of `block`, whose first line is numbered `number`,
    /// and a run of `hands` hands from its first byte.
    fn indexed_run(block: Block<'_>, number: usize, hands: usize) -> (TokenIndex, PlacedHands) {
        let mut index = TokenIndex::default();
        index.build(block, number, Isa::detect());
        let line = LineRef {
            offset: block.base,
            len: 2,
            number,
        };
        (index, PlacedHands { line, hands })
    }

    /// A row of thirteen cards is read at once only where its block holds the
    /// `READ` bytes from where it is read. Read so, its cards' places and ranks
    /// are the row's. The property tests draw such a row only now and then.
    #[test]
    fn a_row_is_read_at_once_where_its_block_holds_the_bytes_read() {
        let row = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S";
        let spades = Game::Bridge.alphabet();
        // Read from the block's first byte: the block must hold the
        // READ bytes from there.
        for (after, at_once) in [(" ".repeat(26), true), (" ".repeat(25), false)] {
            let text = format!("  {row}{after}");
            assert_eq!(text.len(), READ - usize::from(!at_once));
            let block = Block {
                bytes: text.as_bytes(),
                base: 1000,
            };
            let mut index = TokenIndex::default();
            index.build(block, 7, Isa::detect());
            let mut cards = [Card::default(); 13];
            let read = row_at_once(&index, &mut 1000, &block, spades, &mut cards);
            assert_eq!(
                read,
                at_once.then_some((Span::new(1002, row.len()), 0)),
                "{} blanks after",
                after.len()
            );
            if at_once {
                let offsets: Vec<_> = cards.iter().map(|card| card.offset()).collect();
                assert_eq!(
                    offsets,
                    (0..13).map(|card| 1002 + 3 * card).collect::<Vec<_>>()
                );
                assert_eq!(
                    cards.map(Card::rank).map(|rank| rank.0),
                    [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]
                );
            }
        }
    }

    /// A hand of a run whose first card is in the word after the one the hand
    /// before ends in, past a line feed. It is read at once, on the line of its
    /// first card, which the next word tells.
    #[test]
    fn a_hand_starting_in_the_next_word_is_on_the_line_of_its_first_card() {
        let hand = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S";
        let text = format!("{hand}{}\n{}{hand}\n", " ".repeat(20), " ".repeat(5));
        assert_eq!(text.rfind("AS KS"), Some(64));
        let block = Block {
            bytes: text.as_bytes(),
            base: 1000,
        };
        let (index, run) = indexed_run(block, 7, 2);
        for source in [Some(&index), None] {
            let mut read = Vec::new();
            placed_bridge_hands(
                run,
                source,
                &block,
                &mut BridgeHand::default(),
                |at, _, cards| {
                    read.push((at, cards));
                },
            );
            let second = LineRef {
                offset: 1064,
                len: 38,
                number: 8,
            };
            assert_eq!(
                read,
                [
                    (
                        LineRef {
                            offset: 1000,
                            len: 38,
                            number: 7
                        },
                        true
                    ),
                    (second, true)
                ]
            );
        }
    }

    /// A span whose last token is one byte, the last of a full 64-byte word, is
    /// no hand. The byte after the span is not read into a card. (There the
    /// grammar reads a token `2`, not the card `2S`.)
    #[test]
    fn a_one_byte_token_ending_a_word_is_no_card() {
        let mut text = b"AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S".to_vec();
        text.resize(63, b' ');
        text.extend_from_slice(b"2S\n");
        let block = Block {
            bytes: &text,
            base: 0,
        };
        let line = LineRef {
            offset: 0,
            len: 64,
            number: 1,
        };
        let mut by_grammar = BridgeHand::default();
        let grammar = read_bridge_hand(
            &block.line(line),
            &mut by_grammar,
            &mut Vec::new(),
            crate::syntax::read::records_on_one_line,
        );
        assert!(!grammar);
        let mut hand = BridgeHand::default();
        let row = PlacedRow { line, starts: 0 };
        assert!(!placed_bridge_hand(row, &block, &mut hand));
    }

    proptest! {
        /// A hand read where its cards were placed is the hand the line grammar
        /// reads from its blanked line. It is read exactly when that one is.
        /// Its starts are found by the reader, or kept by the framer where it
        /// keeps them.
        #[test]
        fn a_placed_hand_is_the_hand_the_grammar_reads((text, tokens) in row(13), base in 0usize..3) {
            let block = Block { bytes: &text, base };
            let line = piece(&tokens, base);
            let mut blanked = Vec::new();
            read_line_ends_as_blanks(&text, &mut blanked);
            let blanked = Block { bytes: &blanked, base };
            let mut by_grammar = BridgeHand::default();
            let mut diagnostics = Vec::new();
            let grammar = read_bridge_hand(&blanked.line(line), &mut by_grammar, &mut diagnostics, crate::syntax::read::records_on_one_line);

            let mut by_places = BridgeHand::default();
            let read = placed_bridge_hand(found(&tokens, base), &block, &mut by_places);
            // A row longer than a window is left to the grammar.
            prop_assert_eq!(read, grammar && line.len < WINDOW);
            if read {
                prop_assert_eq!(&by_places, &by_grammar);
            }
            if let Some(row) = kept(&text, &tokens, base) {
                let mut by_starts = BridgeHand::default();
                let read = placed_bridge_hand(row, &block, &mut by_starts);
                prop_assert_eq!(read, grammar);
                if read {
                    prop_assert_eq!(by_starts, by_grammar);
                }
            }
        }

        /// Likewise a whist deal: a trump, then four rows placed, each
        /// with its starts kept where the framer keeps them, or not.
        #[test]
        fn a_placed_deal_is_the_deal_the_grammar_reads(
            (text, tokens) in row(52),
            trump in prop::sample::select(vec![b'S', b'H', b'D', b'C', b's', b'X']),
            keep in prop::array::uniform4(any::<bool>()),
        ) {
            let mut text = text;
            let trump_at = text.len() + 1;
            text.extend_from_slice(&[b' ', trump, b'\n']);
            let block = Block { bytes: &text, base: 0 };
            let trump_line = LineRef { offset: trump_at, len: 1, number: 1 };
            let mut rows = [PlacedRow { line: trump_line, starts: 0 }; 5];
            for (row, tokens) in tokens.chunks(13).enumerate() {
                rows[1 + row] = kept(&text, tokens, 0)
                    .filter(|_| keep[row])
                    .unwrap_or_else(|| found(tokens, 0));
            }
            let mut by_places = WhistDeal::default();
            let read = placed_whist_deal(&rows, &block, &mut by_places);

            let mut blanked = Vec::new();
            read_line_ends_as_blanks(&text, &mut blanked);
            let blanked = Block { bytes: &blanked, base: 0 };
            let mut by_grammar = WhistDeal::default();
            let mut diagnostics = Vec::new();
            let lines = rows.map(|row| blanked.line(row.line));
            let grammar = read_whist_deal(&lines, &mut by_grammar, &mut diagnostics, crate::syntax::read::records_on_one_line);
            // A trump the shortcut leaves to the grammar is read there, as
            // a row longer than a window whose starts were not kept.
            if trump.is_ascii_uppercase() && trump != b'X' {
                let windowed = rows[1..]
                    .iter()
                    .all(|row| row.starts != 0 || row.line.len < WINDOW);
                prop_assert_eq!(read, grammar && windowed);
            } else {
                prop_assert!(!read);
            }
            if read {
                prop_assert_eq!(by_places, by_grammar);
            }
        }

        /// Tokens fewer or more than a hand's are no hand, their starts
        /// kept or not.
        #[test]
        fn a_span_of_other_than_thirteen_pairs_is_no_hand(
            (text, tokens) in prop_oneof![row(12), row(14)],
        ) {
            let block = Block { bytes: &text, base: 0 };
            let mut hand = BridgeHand::default();
            prop_assert!(!placed_bridge_hand(found(&tokens, 0), &block, &mut hand));
            if let Some(row) = kept(&text, &tokens, 0) {
                prop_assert!(!placed_bridge_hand(row, &block, &mut hand));
            }
        }

        /// A run of hands is split and read alike from the block's token index
        /// and from its bytes. The hands are those each line grammar reads,
        /// thirteen pairs at a time. Each is on the line its first card is on.
        #[test]
        fn runs_read_alike_from_the_index_and_the_bytes(
            pairs in prop::collection::vec(
                (
                    prop::sample::select(vec!["AS", "KH", "TD", "2C", "9S", "QD", "JH", "3C", "1C"]),
                    blank_mostly_short(),
                ),
                13..200,
            ),
            before in 0usize..100,
            base in 0usize..1000,
        ) {
            let mut text = vec![b' '; before];
            let first = text.len();
            let mut starts = Vec::new();
            for (pair, blank) in &pairs {
                starts.push(text.len());
                text.extend_from_slice(pair.as_bytes());
                text.extend_from_slice(blank.as_bytes());
            }
            let block = Block { bytes: &text, base };
            let mut index = TokenIndex::default();
            index.build(block, 7, Isa::detect());
            let run = PlacedHands {
                line: LineRef { offset: base + first, len: 2, number: 7 },
                hands: pairs.len() / 13,
            };
            let mut read = [Vec::new(), Vec::new()];
            for (source, read) in [Some(&index), None].into_iter().zip(&mut read) {
                placed_bridge_hands(run, source, &block, &mut BridgeHand::default(), |at, hand, cards| {
                    read.push((at, hand.clone(), cards));
                });
            }
            prop_assert_eq!(&read[0], &read[1]);
            prop_assert_eq!(read[0].len(), run.hands);
            for (number, (at, hand, cards)) in read[0].iter().enumerate() {
                let from = at.offset - base;
                prop_assert_eq!(from, starts[13 * number]);
                prop_assert_eq!(from + at.len, starts[13 * number + 12] + 2);
                let mut blanked = Vec::new();
                read_line_ends_as_blanks(&text[from..from + at.len], &mut blanked);
                let mut by_grammar = BridgeHand::default();
                let line = crate::syntax::Line { text: &blanked, offset: at.offset, number: at.number };
                prop_assert_eq!(read_bridge_hand(&line, &mut by_grammar, &mut Vec::new(), crate::syntax::read::records_on_one_line), *cards);
                if *cards {
                    prop_assert_eq!(&by_grammar, hand);
                }
                let newlines = memchr::memchr_iter(b'\n', &text[..from]).count();
                prop_assert_eq!(at.number, 7 + newlines);
            }
        }

        /// A deal framed whole is read alike from the block's token index and
        /// from its bytes. It is the deal the line grammar reads from its trump
        /// and its rows, thirteen pairs each. Each row is on the line its first
        /// card is on.
        #[test]
        fn whole_deals_read_alike_from_the_index_and_the_bytes(
            pairs in prop::collection::vec(
                (
                    // Now and then a pair that is no card: most deals are
                    // all cards, and are held to the grammar's reading.
                    prop_oneof![
                        60 => prop::sample::select(vec!["AS", "KH", "TD", "2C", "9S", "QD", "JH", "3C"]),
                        1 => Just("1C"),
                    ],
                    blank_mostly_short(),
                ),
                52,
            ),
            trump in prop::sample::select(vec![b'S', b'H', b'D', b'C', b's']),
            before in 0usize..100,
            // The blanks after the deal. With fewer than READ bytes after the
            // third row's last card, the last row is not read at once
            // (`row_at_once`). The whole deal is then walked.
            after in 0usize..100,
            base in 0usize..1000,
        ) {
            let mut text = vec![b'\n'; before];
            let trump_at = text.len();
            text.extend_from_slice(&[trump, b'\n']);
            let first = text.len();
            let mut starts = Vec::new();
            for (pair, blank) in &pairs {
                starts.push(text.len());
                text.extend_from_slice(pair.as_bytes());
                text.extend_from_slice(blank.as_bytes());
            }
            let last = starts[51];
            text.resize(text.len() + after, b' ');
            let block = Block { bytes: &text, base };
            let mut index = TokenIndex::default();
            index.build(block, 7, Isa::detect());
            let dealt = PlacedDeal {
                trump: LineRef { offset: base + trump_at, len: 1, number: 7 + before },
                cards: Span::new(base + first, last + 2 - first),
            };
            let mut by_index = WhistDeal::default();
            let (rows, cards_by_index) = indexed_whist_dealt(dealt, &index, &block, &mut by_index);
            let mut by_places = WhistDeal::default();
            let (lines, cards) = placed_whist_dealt(dealt, &block, &mut by_places);
            prop_assert_eq!(&by_index, &by_places);
            prop_assert_eq!(cards_by_index, cards);
            prop_assert_eq!(&rows.map(|row| index.line_ref(row))[..], &lines[1..]);
            let mut blanked = Vec::new();
            read_line_ends_as_blanks(&text, &mut blanked);
            let blanked = Block { bytes: &blanked, base };
            let mut by_grammar = WhistDeal::default();
            let grammar = read_whist_deal(&lines.map(|line| blanked.line(line)), &mut by_grammar, &mut Vec::new(), crate::syntax::read::records_on_one_line);
            prop_assert_eq!(cards, grammar);
            if grammar {
                prop_assert_eq!(&by_grammar, &by_places);
            }
            for (row, line) in lines[1..].iter().enumerate() {
                let from = line.offset - base;
                prop_assert_eq!(from, starts[13 * row]);
                prop_assert_eq!(from + line.len, starts[13 * row + 12] + 2);
                let newlines = memchr::memchr_iter(b'\n', &text[..from]).count();
                prop_assert_eq!(line.number, 7 + newlines);
            }
        }
    }

    /// A run that claims more hands than its block holds, which the framer
    /// never frames. It is a panic, not a loop without end. The builds with
    /// debug assertions check it, as `cargo test` makes them.
    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "a run of tokens reaches past its block")]
    fn a_run_past_its_block_panics_from_the_index() {
        run_past_its_block(true);
    }

    /// As above, the words classed from the bytes.
    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "a run of tokens reaches past its block")]
    fn a_run_past_its_block_panics_from_the_bytes() {
        run_past_its_block(false);
    }

    #[cfg(debug_assertions)]
    fn run_past_its_block(indexed: bool) {
        let text = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S\n".repeat(3);
        let block = Block {
            bytes: text.as_bytes(),
            base: 0,
        };
        let (index, run) = indexed_run(block, 1, 4);
        let source = indexed.then_some(&index);
        placed_bridge_hands(
            run,
            source,
            &block,
            &mut BridgeHand::default(),
            |_, _, _| {},
        );
    }
}
