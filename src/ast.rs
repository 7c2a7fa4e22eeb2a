//! The typed syntax tree. It is plain data, and every node carries the byte
//! span it was read from. So later stages (checks, explanations, the `parse`
//! view) can point back at the source without keeping the source alive.

use serde::Serialize;

/// A byte range in one input. `offset` counts from the first byte of the file,
/// a byte-order mark included. So spans stay valid however the input was read,
/// in one piece or in blocks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Span {
    pub offset: usize,
    #[serde(rename = "length")]
    pub len: usize,
}

impl Span {
    #[must_use]
    pub const fn new(offset: usize, len: usize) -> Self {
        Self { offset, len }
    }

    #[must_use]
    pub const fn end(self) -> usize {
        self.offset + self.len
    }

    /// The smallest span covering both.
    #[must_use]
    pub fn to(self, other: Span) -> Span {
        let start = self.offset.min(other.offset);
        Span::new(start, self.end().max(other.end()) - start)
    }
}

/// Which of the three languages a record is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Game {
    Bridge,
    Choker,
    Whist,
}

impl Game {
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Game::Bridge => "bridge",
            Game::Choker => "choker",
            Game::Whist => "whist",
        }
    }

    /// The rank and suit letters this game's cards are written with.
    #[must_use]
    pub const fn alphabet(self) -> &'static Alphabet {
        match self {
            Game::Bridge | Game::Whist => &Alphabet::STANDARD,
            Game::Choker => &Alphabet::CHOKER,
        }
    }
}

/// The letters of one game's cards. Ranks are listed from low to high, so a
/// rank's strength is its position plus `lowest`. Suits are listed in the order
/// the statements name them. For bridge that is also the bidding order.
#[derive(Debug, PartialEq, Eq)]
pub struct Alphabet {
    pub ranks: &'static [u8],
    /// Each byte's rank strength, [`NOT_A_LETTER`] where the byte is no rank.
    /// It is a table so that reading a card costs one load, not a search.
    rank_of: [u8; 256],
    /// Each byte's suit index times 16, [`NOT_A_LETTER`] where the byte is no
    /// suit. With `rank_of`, a card's two bytes give its code as [`Card`] keeps
    /// it, with an or. See [`Alphabet::card_code`].
    suit_of: [u8; 256],
    /// `rank_of` widened to words, [`NOT_A_CARD`] where the byte is no rank.
    /// See [`Alphabet::card_word`].
    rank_word: [u64; 256],
    /// `suit_of` widened likewise.
    suit_word: [u64; 256],
    /// The lowest rank's strength: 2 for the standard deck, 1 for Choker's.
    pub lowest: u8,
    pub suits: &'static [u8; 4],
    pub suit_names: [&'static str; 4],
    /// The rank letters as messages write them.
    pub rank_list: &'static str,
    /// The suit letters as messages write them.
    pub suit_list: &'static str,
}

impl Alphabet {
    /// Bridge and whist: 2 to ace; spades, hearts, diamonds, clubs.
    pub const STANDARD: Alphabet = Alphabet {
        ranks: b"23456789TJQKA",
        rank_of: letter_table(b"23456789TJQKA", 2, 1),
        suit_of: letter_table(b"SHDC", 0, 16),
        rank_word: widened(letter_table(b"23456789TJQKA", 2, 1)),
        suit_word: widened(letter_table(b"SHDC", 0, 16)),
        lowest: 2,
        suits: b"SHDC",
        suit_names: ["spades", "hearts", "diamonds", "clubs"],
        rank_list: "2-9 T J Q K A",
        suit_list: "S H D C",
    };

    /// Choker's 56-card deck: One to Chicken; spades, giblets, diamonds,
    /// chickens.
    pub const CHOKER: Alphabet = Alphabet {
        ranks: b"123456789TJQKC",
        rank_of: letter_table(b"123456789TJQKC", 1, 1),
        suit_of: letter_table(b"SGDC", 0, 16),
        rank_word: widened(letter_table(b"123456789TJQKC", 1, 1)),
        suit_word: widened(letter_table(b"SGDC", 0, 16)),
        lowest: 1,
        suits: b"SGDC",
        suit_names: ["spades", "giblets", "diamonds", "chickens"],
        rank_list: "1-9 T J Q K C",
        suit_list: "S G D C",
    };

    /// The strength of a rank letter (Choker 1..=14, the others 2..=14).
    ///
    /// ```
    /// use cardsharp::ast::{Game, Rank};
    ///
    /// assert_eq!(Game::Bridge.alphabet().rank(b'A'), Some(Rank(14)));
    /// assert_eq!(Game::Choker.alphabet().rank(b'C'), Some(Rank(14)));
    /// assert_eq!(Game::Choker.alphabet().rank(b'A'), None);
    /// ```
    #[must_use]
    pub fn rank(&self, letter: u8) -> Option<Rank> {
        match self.rank_of[usize::from(letter)] {
            NOT_A_LETTER => None,
            strength => Some(Rank(strength)),
        }
    }

    #[must_use]
    pub fn suit(&self, letter: u8) -> Option<Suit> {
        match self.suit_of[usize::from(letter)] {
            NOT_A_LETTER => None,
            sixteenths => Some(Suit(sixteenths / 16)),
        }
    }

    /// The code [`Card`] keeps for the card written `rank`, `suit`. Bit 7 is
    /// set when either byte is not a letter of this alphabet. There is no
    /// branch, so a row of cards can be read straight through and judged once
    /// at its end.
    #[must_use]
    pub(crate) fn card_code(&self, rank: u8, suit: u8) -> u8 {
        self.rank_of[usize::from(rank)] | self.suit_of[usize::from(suit)]
    }

    /// [`Alphabet::card_code`] as a word. It is negative (its top bit set) when
    /// either byte is not a letter. The or that joins the two then sets the
    /// sign flag a jump tests. A code's bit 7 would need a test of its own. And
    /// the word needs no widening to be added into a [`Card`].
    #[inline(always)]
    pub(crate) fn card_word(&self, rank: u8, suit: u8) -> u64 {
        self.rank_word[usize::from(rank)] | self.suit_word[usize::from(suit)]
    }

    #[must_use]
    pub fn rank_letter(&self, rank: Rank) -> u8 {
        self.ranks[usize::from(rank.0 - self.lowest)]
    }

    #[must_use]
    pub fn suit_letter(&self, suit: Suit) -> u8 {
        self.suits[suit.index()]
    }

    /// A card written as the game writes it, `TH` or `CC`.
    #[must_use]
    pub fn card_text(&self, card: Card) -> [u8; 2] {
        [self.rank_letter(card.rank()), self.suit_letter(card.suit())]
    }
}

/// What the letter tables hold for a byte that is not a letter. That is bit 7,
/// which no rank strength or suit code has.
const NOT_A_LETTER: u8 = 0x80;

/// A word's top bit: [`Alphabet::card_word`]'s mark of a byte that is not a
/// letter.
const NOT_A_CARD: u64 = 1 << 63;

/// A table of [`letter_table`]'s, each entry a word.
const fn widened(table: [u8; 256]) -> [u64; 256] {
    let mut words = [0; 256];
    let mut i = 0;
    while i < 256 {
        words[i] = if table[i] == NOT_A_LETTER {
            NOT_A_CARD
        } else {
            table[i] as u64
        };
        i += 1;
    }
    words
}

/// Maps the letters to `first`, `first + step`, ... and every other byte to
/// [`NOT_A_LETTER`].
// Cannot truncate: `i` indexes an alphabet, 13 letters at most.
#[allow(clippy::cast_possible_truncation)]
const fn letter_table(letters: &[u8], first: u8, step: u8) -> [u8; 256] {
    let mut table = [NOT_A_LETTER; 256];
    let mut i = 0;
    while i < letters.len() {
        table[letters[i] as usize] = first + step * i as u8;
        i += 1;
    }
    table
}

/// A rank's strength: 2..=14 for the standard deck (ace 14), 1..=14 for Choker
/// (One 1, Chicken 14). So comparisons are plain integer order.
///
/// Not `Serialize`: a strength has a letter only in a game's alphabet. 14 is
/// `A` in bridge and `C` in Choker, and the render layer knows which.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(pub u8);

/// Rank letters for [`Debug`](std::fmt::Debug), by strength. They are the
/// standard deck's, with `1` for Choker's One and `0` for the default rank. So
/// every strength a [`Card`] can be built with from an alphabet prints as one
/// character, whatever the game.
const DEBUG_RANKS: &[u8; 15] = b"0123456789TJQKA";

/// Suit letters for [`Debug`](std::fmt::Debug), by index. They are the standard
/// deck's, so Choker's giblets print as `H`.
const DEBUG_SUITS: &[u8; 4] = b"SHDC";

/// `K`, `T`, `1`: one character where `DEBUG_RANKS` has one, the number
/// otherwise. So a value no alphabet gives stands out.
impl std::fmt::Debug for Rank {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match DEBUG_RANKS.get(usize::from(self.0)) {
            Some(&letter) => write!(f, "{}", char::from(letter)),
            None => write!(f, "Rank({})", self.0),
        }
    }
}

impl Rank {
    pub const TEN: Rank = Rank(10);
    pub const JACK: Rank = Rank(11);
    pub const QUEEN: Rank = Rank(12);
    pub const KING: Rank = Rank(13);
    /// The ace, or Choker's Chicken.
    pub const HIGHEST: Rank = Rank(14);
}

/// A suit as its position in the game's alphabet (0 = spades in every game). So
/// one card type serves all three games. Not `Serialize`, as [`Rank`] is not:
/// its letter depends on the game.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Suit(pub u8);

/// `S`, `H`, `D`, `C` as `DEBUG_SUITS` says, the number otherwise.
impl std::fmt::Debug for Suit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match DEBUG_SUITS.get(self.index()) {
            Some(&letter) => write!(f, "{}", char::from(letter)),
            None => write!(f, "Suit({})", self.0),
        }
    }
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit(0), Suit(1), Suit(2), Suit(3)];

    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A card as written: a rank and a suit, two bytes at an offset. Every grammar
/// writes a card as exactly two bytes, so the offset is its whole span (see
/// [`Card::span`]).
///
/// One 64-bit word, so that reading a card is one store. A bridge hand is then
/// 104 bytes and a whist deal's plays 416: the hot path moves little.
///
/// ```text
///  63                                       16 15      8 7  6 5  4 3    0
/// +-------------------------------------------+---------+----+----+------+
/// |      offset of the card's first byte      |   zero  | 0* |suit| rank |
/// +-------------------------------------------+---------+----+----+------+
///                                                        \____ code ____/
/// ```
///
/// (*) Bit 7 is set, and bits 4 to 6 any, in a card read from a pair that is no
/// card's. `Card::from_code` keeps the code as read, and its reader throws
/// the row away.
///
/// The low byte is the card's code, as `Alphabet::card_code` reads it from two
/// bytes with one or. It holds the suit's index (0 to 3) and the rank's
/// strength (1 to 14). The code is also the card's [`index`](Card::index), its
/// bit in a [`CardSet`].
///
/// A card does not know its game, so it is not `Serialize`. The render layer
/// writes it with its record's alphabet. [`Debug`](std::fmt::Debug) prints it
/// in one alphabet for all games, `KS@36`. That is rank and suit as [`Rank`]
/// and [`Suit`] print them, then the offset. Choker's Chicken of Chickens, `CC`
/// in its file, prints as `AC@...`.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Card {
    bits: u64,
}

/// Where the offset starts in [`Card`]'s word.
const OFFSET_SHIFT: u32 = 16;

impl std::fmt::Debug for Card {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}{:?}@{}", self.rank(), self.suit(), self.offset())
    }
}

/// Choker's 56 cards (ranks 1 to 14 in four suits), for the tests that go
/// through every card or every hand.
#[cfg(test)]
impl Card {
    pub(crate) fn choker_deck() -> Vec<Card> {
        Suit::ALL
            .iter()
            .flat_map(|&suit| (1..=14).map(move |rank| Card::new(Rank(rank), suit, 0)))
            .collect()
    }
}

impl Card {
    #[must_use]
    pub const fn new(rank: Rank, suit: Suit, offset: usize) -> Self {
        Self::from_code(((suit.0 % 4) << 4) | (rank.0 % 16), offset)
    }

    /// A card from its code as [`Alphabet::card_code`] gives it. A code that is
    /// no card's (bit 7 set) is kept as it is, not masked. The readers read a
    /// row straight through, and throw it away when the or of its codes has
    /// bit 7. So such a card is never used. Were it used, its suit would be out of
    /// range rather than another card's. Masking would cost the canonical rows
    /// about 1.6 instructions a card (`benches/instructions.sh`).
    #[must_use]
    pub(crate) const fn from_code(code: u8, offset: usize) -> Self {
        Self {
            bits: code as u64 | (offset as u64) << OFFSET_SHIFT,
        }
    }

    /// The card whose [`Alphabet::card_word`] is `word`, written `at` bytes
    /// after this one (made with code 0). It is made as [`Card::from_code`]
    /// makes it. A row read at variable places adds to its origin's word,
    /// shifted once for the row. Otherwise each card's offset would be shifted
    /// anew.
    #[must_use]
    pub(crate) const fn after(self, at: usize, word: u64) -> Self {
        Self {
            bits: self.bits + ((at as u64) << OFFSET_SHIFT) + word,
        }
    }

    /// The rank and suit, as [`Card::index`] and the alphabets' tables number
    /// them.
    // Truncates on purpose: the low byte, the code, is the part wanted.
    #[allow(clippy::cast_possible_truncation)]
    const fn code(self) -> u8 {
        self.bits as u8
    }

    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank(self.code() & 15)
    }

    #[must_use]
    pub const fn suit(self) -> Suit {
        Suit(self.code() >> 4)
    }

    /// Where the card's first byte is in the input.
    #[must_use]
    pub const fn offset(self) -> usize {
        (self.bits >> OFFSET_SHIFT) as usize
    }

    /// The two bytes the card was written with.
    #[must_use]
    pub const fn span(self) -> Span {
        Span::new(self.offset(), 2)
    }

    /// A number unique to each card of a 56-card deck (below 64), for
    /// [`CardSet`].
    #[must_use]
    pub const fn index(self) -> u32 {
        self.code() as u32
    }

    /// The same card ignoring where it was written. Duplicate checks and the
    /// `fmt` round trip compare this.
    #[must_use]
    pub fn same_card(self, other: Card) -> bool {
        self.code() == other.code()
    }
}

/// A set of cards, one bit each at [`Card::index`]. A suit takes sixteen bits,
/// so its ranks are a plain mask: its length is a popcount, its honours are its
/// top bits. And "no card twice" is "as many bits as cards".
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct CardSet(pub u64);

/// `{2S, KS, AH}`: the cards in index order, spades first and low ranks first.
/// They are written as [`Card`]'s `Debug` writes them, but without offsets,
/// which a set does not keep.
impl std::fmt::Debug for CardSet {
    // Cannot truncate: a bit index in a `u64`, below 64.
    #[allow(clippy::cast_possible_truncation)]
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("{")?;
        let mut bits = self.0;
        while bits != 0 {
            let card = Card::from_code(bits.trailing_zeros() as u8, 0);
            write!(f, "{:?}{:?}", card.rank(), card.suit())?;
            bits &= bits - 1;
            if bits != 0 {
                f.write_str(", ")?;
            }
        }
        f.write_str("}")
    }
}

impl CardSet {
    /// The set of `cards`, without branches. A repeated card sets its bit
    /// again, so the set is smaller than the slice.
    #[must_use]
    pub fn of(cards: &[Card]) -> Self {
        Self(cards.iter().fold(0, |set, card| set | 1 << card.index()))
    }

    /// [`CardSet::of`] for a handful of cards whose set is waited on at once,
    /// such as a Choker hand's. The hand's value is worked out from that set.
    /// The compiler makes [`CardSet::of`] a vector of shifts and a reduction.
    /// That is good for a row of thirteen cards, but a longer wait than five
    /// scalar instructions. A rotation, which it keeps scalar, is the same
    /// shift for an index below 64.
    #[must_use]
    pub(crate) fn of_few(cards: &[Card]) -> Self {
        Self(
            cards
                .iter()
                .fold(0, |set, card| set | 1u64.rotate_left(card.index())),
        )
    }

    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The ranks held in `suit`, bit `rank` each.
    #[must_use]
    // Truncates on purpose: one suit's 16 bits are the part wanted.
    #[allow(clippy::cast_possible_truncation)]
    pub const fn ranks_in(self, suit: Suit) -> u16 {
        (self.0 >> (16 * (suit.0 % 4))) as u16
    }

    pub const fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.index());
    }

    #[must_use]
    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.index() & 1 != 0
    }

    #[must_use]
    pub const fn intersects(self, other: CardSet) -> bool {
        self.0 & other.0 != 0
    }
}

/// A bridge hand: one line of thirteen cards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BridgeHand {
    pub cards: [Card; 13],
    pub span: Span,
}

/// A chicken's name: 1 to 20 ASCII letters, kept inline so that a hand needs no
/// allocation. The default, empty, is only a place to read a name into.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Name {
    letters: [u8; Name::MAX],
    len: u8,
    pub span: Span,
}

impl Name {
    pub const MAX: usize = 20;

    /// A name from its letters followed by zeros up to twenty bytes. The
    /// canonical Choker hand reads them so (`syntax::fast::choker_hand`). This
    /// is a copy of fixed size, where [`Name::new`] copies `len` bytes.
    #[must_use]
    pub(crate) const fn from_padded(letters: [u8; Name::MAX], len: u8, span: Span) -> Self {
        Self { letters, len, span }
    }

    /// `letters` must be 1 to 20 ASCII letters. The parser guarantees it.
    #[must_use]
    // Cannot truncate: a name is at most `Name::MAX` (20) letters.
    #[allow(clippy::cast_possible_truncation)]
    pub fn new(letters: &[u8], span: Span) -> Self {
        debug_assert!((1..=Self::MAX).contains(&letters.len()));
        let mut stored = [0; Self::MAX];
        stored[..letters.len()].copy_from_slice(letters);
        Self {
            letters: stored,
            len: letters.len() as u8,
            span,
        }
    }

    /// Appends the name to `out`. It copies all twenty stored bytes, a copy of
    /// fixed size the compiler makes inline, then cuts the tail off again.
    pub(crate) fn write_to(&self, out: &mut Vec<u8>) {
        let end = out.len() + usize::from(self.len);
        out.extend_from_slice(&self.letters);
        out.truncate(end);
    }

    #[must_use]
    // Never panics: a name holds ASCII letters only.
    #[allow(clippy::missing_panics_doc)]
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(self.as_bytes()).expect("a name holds ASCII letters only")
    }

    /// The letters, for output without a UTF-8 check.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.letters[..usize::from(self.len)]
    }

    /// Names are compared without regard to case: "In names, case is not
    /// significant".
    ///
    /// A name holds letters and then zeros. So setting the case bit of all
    /// twenty bytes lowercases the letters and leaves the padding alike. The
    /// comparison is then of fixed size. A loop that ends where a name does
    /// would be mispredicted.
    #[must_use]
    #[inline(always)]
    pub(crate) fn same_chicken(&self, other: &Name) -> bool {
        let lower = |name: &Name| name.letters.map(|byte| byte | 0x20);
        self.len == other.len && lower(self) == lower(other)
    }
}

// The stored bytes and their length are shown as what they mean, the text.
#[allow(clippy::missing_fields_in_debug)]
impl std::fmt::Debug for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Name")
            .field("text", &self.as_str())
            .field("span", &self.span)
            .finish()
    }
}

impl Serialize for Name {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut name = serializer.serialize_struct("Name", 2)?;
        name.serialize_field("text", self.as_str())?;
        name.serialize_field("span", &self.span)?;
        name.end()
    }
}

/// One line of a Choker file: a name and five cards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChokerHand {
    pub name: Name,
    pub cards: [Card; 5],
    pub span: Span,
}

/// Two consecutive Choker hands, compared with each other.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChokerPair {
    pub first: ChokerHand,
    pub second: ChokerHand,
    pub span: Span,
}

/// The seats in playing order; north leads the first trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    North,
    East,
    South,
    West,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Seat::North => "north",
            Seat::East => "east",
            Seat::South => "south",
            Seat::West => "west",
        }
    }
}

/// One whist deal: the trump suit and each seat's thirteen plays, in trick
/// order (`plays[seat][trick]`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WhistDeal {
    pub trump: Suit,
    pub trump_span: Span,
    pub plays: [[Card; 13]; 4],
    pub span: Span,
}

/// One record of any game: the unit that is checked, evaluated and printed. A
/// whist deal (52 cards) is boxed. So moving a record of the other games copies
/// a few hundred bytes, not a kilobyte.
///
/// Each record type is `Serialize` in `render::present`, not here. Only there
/// are its cards written in its game's letters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "game", rename_all = "lowercase")]
pub enum Record {
    Bridge(BridgeHand),
    Choker(ChokerPair),
    Whist(Box<WhistDeal>),
}

impl Record {
    #[must_use]
    pub const fn game(&self) -> Game {
        match self {
            Record::Bridge(_) => Game::Bridge,
            Record::Choker(_) => Game::Choker,
            Record::Whist(_) => Game::Whist,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A card read with `alphabet` from its text, at `offset`.
    fn read(alphabet: &Alphabet, text: &str, offset: usize) -> Card {
        let [rank, suit] = text.as_bytes().try_into().unwrap();
        Card::from_code(alphabet.card_code(rank, suit), offset)
    }

    #[test]
    fn debug_writes_a_card_as_its_standard_text_at_its_offset() {
        let standard = Game::Bridge.alphabet();
        for &rank in standard.ranks {
            for &suit in standard.suits {
                let text = format!("{}{}", char::from(rank), char::from(suit));
                assert_eq!(format!("{:?}", read(standard, &text, 36)), text + "@36");
            }
        }
        let choker = Game::Choker.alphabet();
        assert_eq!(format!("{:?}", read(choker, "CC", 5)), "AC@5");
        assert_eq!(format!("{:?}", read(choker, "1G", 0)), "1H@0");
        assert_eq!(format!("{:?}", Card::default()), "0S@0");
    }

    /// One alphabet for all games loses nothing. Choker's 56 cards print 56
    /// ways, the rank and suit of each readable back.
    #[test]
    fn debug_tells_every_card_apart() {
        let written: std::collections::HashSet<String> = Card::choker_deck()
            .iter()
            .map(|card| format!("{card:?}"))
            .collect();
        assert_eq!(written.len(), 56);
        assert!(written.contains("1S@0") && written.contains("AC@0"));
    }

    #[test]
    fn debug_writes_ranks_and_suits_as_letters_and_others_as_numbers() {
        assert_eq!(format!("{:?}", Rank::TEN), "T");
        assert_eq!(format!("{:?}", Rank(1)), "1");
        assert_eq!(format!("{:?}", Rank(15)), "Rank(15)");
        assert_eq!(format!("{:?}", Suit(2)), "D");
        assert_eq!(format!("{:?}", Suit(4)), "Suit(4)");
    }

    #[test]
    fn debug_writes_a_card_set_as_its_cards_in_index_order() {
        let standard = Game::Bridge.alphabet();
        let cards = ["AH", "2S", "KS"].map(|text| read(standard, text, 9));
        assert_eq!(format!("{:?}", CardSet::of(&cards)), "{2S, KS, AH}");
        assert_eq!(format!("{:?}", CardSet::default()), "{}");
        assert_eq!(format!("{:?}", CardSet(u64::MAX)).matches(", ").count(), 63);
    }

    /// Every pair of bytes, in both alphabets. The word is the code where the
    /// code is a card's. It is negative exactly where the code has bit 7. A
    /// card built from either is the same card.
    #[test]
    fn a_card_word_is_its_code_widened() {
        for game in [Game::Bridge, Game::Choker] {
            let alphabet = game.alphabet();
            for [rank, suit] in (0..=u16::MAX).map(u16::to_le_bytes) {
                let (code, word) = (
                    alphabet.card_code(rank, suit),
                    alphabet.card_word(rank, suit),
                );
                assert_eq!(word.cast_signed() < 0, code & 0x80 != 0, "{rank} {suit}");
                if code & 0x80 == 0 {
                    assert_eq!(word, u64::from(code));
                    assert_eq!(
                        Card::from_code(0, 40).after(3, word),
                        Card::from_code(code, 43)
                    );
                }
            }
        }
    }

    #[test]
    fn a_few_cards_make_the_same_set_either_way() {
        let deck = Card::choker_deck();
        for few in deck.windows(5).chain(deck.chunks(3)) {
            assert_eq!(CardSet::of_few(few), CardSet::of(few));
            assert_eq!(CardSet::of_few(few).len(), few.len());
        }
    }

    #[test]
    fn the_same_chicken_whatever_the_case() {
        let name = |text: &str| Name::new(text.as_bytes(), Span::default());
        for (first, second, same) in [
            ("Clucky", "cLUCKY", true),
            ("A", "a", true),
            ("Abcdefghijklmnopqrst", "ABCDEFGHIJKLMNOPQRST", true),
            ("Ab", "Ac", false),
            ("A", "AA", false),
            ("Clucky", "Cluck", false),
        ] {
            assert_eq!(
                name(first).same_chicken(&name(second)),
                same,
                "{first} {second}"
            );
            assert_eq!(
                name(second).same_chicken(&name(first)),
                same,
                "{second} {first}"
            );
        }
    }
}
