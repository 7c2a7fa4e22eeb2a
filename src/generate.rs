//! Random valid input, reproducible by seed. It serves tests, benchmarks, and
//! anyone testing their own solution against cardsharp.
//!
//! With `rare` set, hands are drawn from templates that a uniform deal almost
//! never produces. These are royal flushes, King of Kings, four of a kind,
//! voids, and honour-rich balanced hands. So every rule gets exercised.

use crate::ast::{Alphabet, Card, Game, Rank, Span, Suit, WhistDeal};
use crate::interpret::whist::trick_winner;

/// A seeded source of documents.
#[derive(Debug)]
pub struct Generator {
    rng: fastrand::Rng,
    rare: bool,
}

/// A card as rank and suit only: what a deck holds.
type Pip = (Rank, Suit);

// Cannot truncate: an alphabet has 13 ranks.
#[allow(clippy::cast_possible_truncation)]
fn deck(alphabet: &Alphabet) -> Vec<Pip> {
    let ranks = alphabet.lowest..alphabet.lowest + alphabet.ranks.len() as u8;
    ranks
        .flat_map(|rank| Suit::ALL.map(|suit| (Rank(rank), suit)))
        .collect()
}

fn write_card(out: &mut String, alphabet: &Alphabet, (rank, suit): Pip) {
    out.push(char::from(alphabet.rank_letter(rank)));
    out.push(char::from(alphabet.suit_letter(suit)));
}

impl Generator {
    #[must_use]
    pub fn new(seed: u64, rare: bool) -> Self {
        Self {
            rng: fastrand::Rng::with_seed(seed),
            rare,
        }
    }

    /// `count` records of `game`, with the terminator its section needs.
    pub fn document(&mut self, game: Game, count: usize, out: &mut String) {
        for _ in 0..count {
            self.record(game, out);
        }
        terminator(game, out);
    }

    /// One section of a mixed document: 1 to 5 records of a game picked at
    /// random, with its terminator, and now and then a blank line after.
    pub fn mixed_section(&mut self, out: &mut String) {
        let game = [Game::Bridge, Game::Choker, Game::Whist][self.rng.usize(0..3)];
        let count = self.rng.usize(1..=5);
        self.document(game, count, out);
        if self.rng.bool() {
            out.push('\n');
        }
    }

    /// One record of `game`.
    pub fn record(&mut self, game: Game, out: &mut String) {
        match game {
            Game::Bridge => self.bridge_hand(out),
            Game::Choker => self.choker_pair(out),
            Game::Whist => self.whist_deal(out),
        }
    }

    /// One line of 13 distinct cards.
    pub fn bridge_hand(&mut self, out: &mut String) {
        let alphabet = Game::Bridge.alphabet();
        let mut cards = deck(alphabet);
        if self.rare {
            match self.rng.u8(0..3) {
                // A void, or two.
                0 => {
                    let void = Suit(self.rng.u8(0..4));
                    let second = Suit(self.rng.u8(0..4));
                    cards.retain(|&(_, suit)| suit != void && (self.rng.bool() || suit != second));
                }
                // Honour-rich: the 16 honours and a few others. That makes
                // 16-point balanced hands and no-trump bids common.
                1 => cards.retain(|&(rank, _)| rank.0 >= 11 || self.rng.u8(0..4) == 0),
                _ => {}
            }
        }
        self.rng.shuffle(&mut cards);
        for (i, &card) in cards[..13].iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            write_card(out, alphabet, card);
        }
        out.push('\n');
    }

    /// Two lines `name-cards`, ten distinct cards between them.
    pub fn choker_pair(&mut self, out: &mut String) {
        let alphabet = Game::Choker.alphabet();
        let mut remaining = deck(alphabet);
        self.rng.shuffle(&mut remaining);
        let first_name = self.name();
        let second_name = if self.rng.u8(0..20) == 0 {
            first_name
                .chars()
                .map(|c| {
                    if self.rng.bool() {
                        c.to_ascii_uppercase()
                    } else {
                        c.to_ascii_lowercase()
                    }
                })
                .collect()
        } else {
            self.name()
        };
        for name in [first_name, second_name] {
            let hand = self.choker_hand(&mut remaining);
            out.push_str(&name);
            out.push('-');
            for card in hand {
                write_card(out, alphabet, card);
            }
            out.push('\n');
        }
    }

    /// 1 to 20 letters of either case.
    fn name(&mut self) -> String {
        let length = if self.rng.bool() {
            self.rng.usize(1..=8)
        } else {
            self.rng.usize(1..=20)
        };
        (0..length)
            .map(|_| {
                if self.rng.bool() {
                    self.rng.uppercase()
                } else {
                    self.rng.lowercase()
                }
            })
            .collect()
    }

    /// Five cards taken from `remaining`. In rare mode they come from a
    /// template when its cards are still there. Otherwise they are the next
    /// five.
    fn choker_hand(&mut self, remaining: &mut Vec<Pip>) -> [Pip; 5] {
        if self.rare {
            let mut template = self.choker_template();
            let distinct = (0..5).all(|i| !template[..i].contains(&template[i]));
            if distinct && template.iter().all(|card| remaining.contains(card)) {
                remaining.retain(|card| !template.contains(card));
                self.rng.shuffle(&mut template);
                return template;
            }
        }
        std::array::from_fn(|_| {
            remaining
                .pop()
                .expect("a 56-card deck has ten cards to deal")
        })
    }

    /// A hand of a category a uniform deal rarely gives.
    // Cannot truncate: `i` indexes a hand's five cards.
    #[allow(clippy::cast_possible_truncation)]
    fn choker_template(&mut self) -> [Pip; 5] {
        let suit = Suit(self.rng.u8(0..4));
        let other = |rng: &mut fastrand::Rng| Suit(rng.u8(0..4));
        let rank = Rank(self.rng.u8(1..=14));
        let low = self.rng.u8(1..=10);
        let odd = Rank(if rank.0 == 1 { 2 } else { rank.0 - 1 });
        match self.rng.u8(0..8) {
            0 => [
                (Rank(14), Suit(3)),
                (Rank(low), suit),
                (Rank(11), Suit(0)),
                (Rank(2), Suit(1)),
                (Rank(7), Suit(2)),
            ],
            1 => std::array::from_fn(|i| (Rank(10 + i as u8), suit)),
            2 => std::array::from_fn(|i| (Rank(low + i as u8), suit)),
            3 => [
                (rank, Suit(0)),
                (rank, Suit(1)),
                (rank, Suit(2)),
                (rank, Suit(3)),
                (odd, suit),
            ],
            4 => [
                (rank, Suit(0)),
                (rank, Suit(1)),
                (rank, Suit(2)),
                (odd, Suit(3)),
                (odd, suit),
            ],
            5 => std::array::from_fn(|i| (Rank(low + i as u8), other(&mut self.rng))),
            6 => {
                let mut ranks: Vec<u8> = (1..=14).collect();
                self.rng.shuffle(&mut ranks);
                std::array::from_fn(|i| (Rank(ranks[i]), suit))
            }
            _ => [
                (rank, Suit(0)),
                (rank, Suit(1)),
                (odd, Suit(2)),
                (odd, Suit(3)),
                (Rank(low), suit),
            ],
        }
    }

    /// A trump line and four lines of legal play: every player follows suit
    /// when able.
    pub fn whist_deal(&mut self, out: &mut String) {
        let alphabet = Game::Whist.alphabet();
        let mut cards = deck(alphabet);
        self.rng.shuffle(&mut cards);
        let trump = Suit(self.rng.u8(0..4));
        if self.rare {
            self.rare_whist_hands(&mut cards, trump);
        }
        let mut hands: Vec<Vec<Pip>> = cards.chunks(13).map(<[Pip]>::to_vec).collect();
        let card = |(rank, suit): Pip| Card::new(rank, suit, 0);
        let mut deal = WhistDeal {
            trump,
            trump_span: Span::default(),
            plays: [[Card::default(); 13]; 4],
            span: Span::default(),
        };
        let mut leader = 0;
        for trick in 0..13 {
            let pick = self.rng.usize(..hands[leader].len());
            let led = hands[leader].remove(pick);
            deal.plays[leader][trick] = card(led);
            for step in 1..4 {
                let seat = (leader + step) % 4;
                let hand = &mut hands[seat];
                let following: Vec<usize> =
                    (0..hand.len()).filter(|&i| hand[i].1 == led.1).collect();
                let index = if following.is_empty() {
                    self.rng.usize(..hand.len())
                } else {
                    following[self.rng.usize(..following.len())]
                };
                deal.plays[seat][trick] = card(hand.remove(index));
            }
            leader = trick_winner(&deal, trick, leader);
        }
        out.push(char::from(alphabet.suit_letter(deal.trump)));
        out.push('\n');
        for row in &deal.plays {
            for (i, played) in row.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                write_card(out, alphabet, (played.rank(), played.suit()));
            }
            out.push('\n');
        }
    }
}

impl Generator {
    /// Deals hands that make play rare in a uniform deal, in `cards` (north's
    /// 13, east's, south's, west's). Either a side takes all thirteen tricks,
    /// or a player is void in a suit from the first trick. In the first, one
    /// player holds every trump, so wins every trick whoever leads.
    fn rare_whist_hands(&mut self, cards: &mut [Pip], trump: Suit) {
        let seat = self.rng.usize(0..4);
        let suit = match self.rng.u8(0..2) {
            0 => trump,
            _ => Suit(self.rng.u8(0..4)),
        };
        // The seat's cards come first; the stable sort keeps the shuffle's
        // order within each group. They are the whole trump suit, or 13 cards
        // of the other suits. The rest are shuffled among the other seats.
        let holds = |pip: &Pip| (pip.1 == suit) == (suit == trump);
        cards.sort_by_key(|pip| !holds(pip));
        self.rng.shuffle(&mut cards[13..]);
        // Move the seat's 13 cards into its place in the deal order.
        let mut hands: Vec<Vec<Pip>> = cards.chunks(13).map(<[Pip]>::to_vec).collect();
        hands.swap(0, seat);
        for (slot, pip) in cards.iter_mut().zip(hands.into_iter().flatten()) {
            *slot = pip;
        }
    }
}

/// Lays text out as the judges' token layout allows. Each run of whitespace
/// between tokens becomes a random one: a space, several, a tab, a line break
/// LF or CRLF, a blank line. A seed gives the same layout. The tokens stay
/// those of the text, and so does every record and result under `--layout
/// tokens`. Text may come in pieces. A run of whitespace at the end of one is
/// laid out before the next.
#[derive(Debug)]
pub struct Reflow {
    rng: fastrand::Rng,
    /// Whitespace was read since the last token.
    in_space: bool,
    /// A token was written.
    started: bool,
}

impl Reflow {
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            rng: fastrand::Rng::with_seed(seed),
            in_space: false,
            started: false,
        }
    }

    /// Appends `text`, laid out anew, to `out`.
    pub fn push(&mut self, text: &str, out: &mut String) {
        const SEPARATORS: [&str; 10] = [" ", " ", " ", " ", "  ", "\t", "\n", "\n", "\r\n", "\n\n"];
        for character in text.chars() {
            if character.is_ascii_whitespace() {
                self.in_space = true;
                continue;
            }
            if self.in_space && self.started {
                out.push_str(SEPARATORS[self.rng.usize(..SEPARATORS.len())]);
            }
            self.in_space = false;
            self.started = true;
            out.push(character);
        }
    }

    /// Ends the text with a line break, as text files end.
    pub fn finish(&mut self, out: &mut String) {
        if self.started {
            out.push('\n');
        }
    }
}

/// A whole text laid out by [`Reflow`] from `seed`.
#[must_use]
pub fn reflowed(text: &str, seed: u64) -> String {
    let mut reflow = Reflow::new(seed);
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    reflow.push(text, &mut out);
    reflow.finish(&mut out);
    out
}

/// The line that closes a section of `game`, if it has one.
pub fn terminator(game: Game, out: &mut String) {
    match game {
        Game::Bridge => {}
        Game::Choker => out.push_str("END\n"),
        Game::Whist => out.push_str("#\n"),
    }
}

/// `count` records of `game` as a document, from `seed`.
#[must_use]
pub fn document(game: Game, count: usize, seed: u64, rare: bool) -> String {
    let mut out = String::new();
    Generator::new(seed, rare).document(game, count, &mut out);
    out
}

/// A mixed document: sections of every game, in random order and sizes.
#[must_use]
pub fn mixed_document(sections: usize, seed: u64, rare: bool) -> String {
    let mut generator = Generator::new(seed, rare);
    let mut out = String::new();
    for _ in 0..sections {
        generator.mixed_section(&mut out);
    }
    out
}
