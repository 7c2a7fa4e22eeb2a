//! The typed syntax tree: plain data, every node carrying the byte span it
//! was read from, so that later stages (checks, explanations, the `parse`
//! view) can point back at the source without keeping the source alive.

use serde::Serialize;

/// A byte range in one input: `offset` counts from the first byte of the
/// file (a byte-order mark included), so spans stay valid however the input
/// was read, in one piece or in blocks.
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
/// rank's strength is its position plus `lowest`; suits are listed in the
/// order the statements name them (for bridge also the bidding order).
#[derive(Debug, PartialEq, Eq)]
pub struct Alphabet {
    pub ranks: &'static [u8],
    /// Each byte's rank strength, 0 where the byte is no rank: a table so
    /// that reading a card costs one load, not a search.
    rank_of: [u8; 256],
    /// Each byte's suit index plus one, 0 where the byte is no suit.
    suit_of: [u8; 256],
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
        rank_of: letter_table(b"23456789TJQKA", 2),
        suit_of: letter_table(b"SHDC", 1),
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
        rank_of: letter_table(b"123456789TJQKC", 1),
        suit_of: letter_table(b"SGDC", 1),
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
            0 => None,
            strength => Some(Rank(strength)),
        }
    }

    #[must_use]
    pub fn suit(&self, letter: u8) -> Option<Suit> {
        match self.suit_of[usize::from(letter)] {
            0 => None,
            index => Some(Suit(index - 1)),
        }
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
        [self.rank_letter(card.rank), self.suit_letter(card.suit)]
    }
}

/// Maps each letter to `first`, `first + 1`, ... and every other byte to 0.
const fn letter_table(letters: &[u8], first: u8) -> [u8; 256] {
    let mut table = [0; 256];
    let mut i = 0;
    while i < letters.len() {
        table[letters[i] as usize] = first + i as u8;
        i += 1;
    }
    table
}

/// A rank's strength: 2..=14 for the standard deck (ace 14), 1..=14 for
/// Choker (One 1, Chicken 14), so comparisons are plain integer order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Rank(pub u8);

impl Rank {
    pub const TEN: Rank = Rank(10);
    pub const JACK: Rank = Rank(11);
    pub const QUEEN: Rank = Rank(12);
    pub const KING: Rank = Rank(13);
    /// The ace, or Choker's Chicken.
    pub const HIGHEST: Rank = Rank(14);
}

/// A suit as its position in the game's alphabet (0 = spades in every game),
/// so that one card type serves all three games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Suit(pub u8);

impl Suit {
    pub const ALL: [Suit; 4] = [Suit(0), Suit(1), Suit(2), Suit(3)];

    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A card as written: a rank and a suit, two bytes at `offset`. Every
/// grammar writes a card as exactly two bytes, so the offset is its whole
/// span (see [`Card::span`]), and a hand of cards stays small to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Card {
    pub rank: Rank,
    pub suit: Suit,
    pub offset: usize,
}

impl Card {
    /// The two bytes the card was written with.
    #[must_use]
    pub const fn span(self) -> Span {
        Span::new(self.offset, 2)
    }

    /// A number unique to each card of a 56-card deck, for bit sets.
    #[must_use]
    pub const fn index(self) -> u32 {
        (self.suit.0 as u32 % 4) * 16 + self.rank.0 as u32 % 16
    }

    /// The same card ignoring where it was written: what duplicate checks
    /// and the `fmt` round trip compare.
    #[must_use]
    pub fn same_card(self, other: Card) -> bool {
        self.rank == other.rank && self.suit == other.suit
    }
}

/// A bridge hand: one line of thirteen cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BridgeHand {
    pub cards: [Card; 13],
    pub span: Span,
}

/// A chicken's name: 1 to 20 ASCII letters, kept inline so that a hand
/// needs no allocation.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Name {
    letters: [u8; Name::MAX],
    len: u8,
    pub span: Span,
}

impl Name {
    pub const MAX: usize = 20;

    /// `letters` must be 1 to 20 ASCII letters; the parser guarantees it.
    #[must_use]
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

    #[must_use]
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
    #[must_use]
    pub fn same_chicken(&self, other: &Name) -> bool {
        self.as_bytes().eq_ignore_ascii_case(other.as_bytes())
    }
}

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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChokerHand {
    pub name: Name,
    pub cards: [Card; 5],
    pub span: Span,
}

/// Two consecutive Choker hands, compared with each other.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChokerPair {
    pub first: ChokerHand,
    pub second: ChokerHand,
    pub span: Span,
}

/// The seats in playing order; north leads the first trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WhistDeal {
    pub trump: Suit,
    pub trump_span: Span,
    pub plays: [[Card; 13]; 4],
    pub span: Span,
}

/// One record of any game: the unit that is checked, evaluated and printed.
/// A whist deal (52 cards) is boxed so that moving a record of the other
/// games copies a few hundred bytes, not a kilobyte.
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
