//! Choker: each hand's category and tie-break, then the comparison. They are
//! worded exactly as the statement's eleven rules (`spec/choker.md`).

use std::hint::select_unpredictable;

use serde::Serialize;

use crate::ast::{Card, CardSet, ChokerHand, ChokerPair, Rank, Suit};

/// The winning combinations, lowest first. So derived `Ord` is the statement's
/// "descending order of winningness" reversed. Serialized as the statement
/// names them ([`Category::name`]), in lower case as JSON values are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Category {
    #[serde(rename = "one card")]
    OneCard,
    #[serde(rename = "one pair")]
    OnePair,
    #[serde(rename = "two pairs")]
    TwoPairs,
    #[serde(rename = "three of a kind")]
    ThreeOfAKind,
    #[serde(rename = "straight")]
    Straight,
    #[serde(rename = "flush")]
    Flush,
    #[serde(rename = "full house")]
    FullHouse,
    #[serde(rename = "four of a kind")]
    FourOfAKind,
    #[serde(rename = "straight flush")]
    StraightFlush,
    #[serde(rename = "royal flush")]
    RoyalFlush,
    #[serde(rename = "king of kings")]
    KingOfKings,
}

impl Category {
    /// Every category, from the weakest, for tests that go through them all.
    pub const ALL: [Category; 11] = [
        Category::OneCard,
        Category::OnePair,
        Category::TwoPairs,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::StraightFlush,
        Category::RoyalFlush,
        Category::KingOfKings,
    ];

    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Category::OneCard => "One Card",
            Category::OnePair => "One Pair",
            Category::TwoPairs => "Two Pairs",
            Category::ThreeOfAKind => "Three of a Kind",
            Category::Straight => "Straight",
            Category::Flush => "Flush",
            Category::FullHouse => "Full House",
            Category::FourOfAKind => "Four of a Kind",
            Category::StraightFlush => "Straight Flush",
            Category::RoyalFlush => "Royal Flush",
            Category::KingOfKings => "King of Kings",
        }
    }

    /// What the tie-break rank is, as the statement says for this category.
    /// `None` where two such hands always tie.
    #[must_use]
    pub const fn tie_break(self) -> Option<&'static str> {
        match self {
            Category::KingOfKings | Category::RoyalFlush => None,
            Category::StraightFlush | Category::Flush | Category::Straight | Category::OneCard => {
                Some("highest card")
            }
            Category::FourOfAKind => Some("rank of the four"),
            Category::FullHouse | Category::ThreeOfAKind => Some("rank of the three"),
            Category::TwoPairs => Some("rank of the odd card"),
            Category::OnePair => Some("rank of the pair"),
        }
    }
}

/// A hand's strength: its category, then the one rank that decides between two
/// hands of that category. The statement says which rank. Equal values: no
/// winner. Serialized by the render layer (`render::present`), which writes the
/// rank in Choker's letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct HandValue {
    pub category: Category,
    pub tie_break: Option<Rank>,
}

impl HandValue {
    /// The value as one number in the same order. The category is above the
    /// tie-break rank. No tie-break (0) is below every rank (1 and up).
    const fn key(self) -> u16 {
        let rank = match self.tie_break {
            Some(rank) => rank.0,
            None => 0,
        };
        (self.category as u16) << 8 | rank as u16
    }
}

/// Serialized in words (`"first wins"`, `"same chicken"`). The judge's "No
/// Winner" would not tell a tie from a chicken playing itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Verdict {
    #[serde(rename = "first wins")]
    FirstWins,
    #[serde(rename = "second wins")]
    SecondWins,
    /// The hands have the same value.
    #[serde(rename = "tie")]
    Tie,
    /// The same chicken on both sides: "when they do, nobody wins".
    #[serde(rename = "same chicken")]
    SameChicken,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChokerOutcome {
    pub first: HandValue,
    pub second: HandValue,
    pub verdict: Verdict,
}

const CHICKEN_OF_CHICKENS: Card = Card::new(Rank::HIGHEST, Suit(3), 0);

#[must_use]
#[inline(always)]
pub fn evaluate(pair: &ChokerPair) -> ChokerOutcome {
    let first = value(&pair.first);
    let second = value(&pair.second);
    // Picked by index from the two comparisons. Which hand wins is as good as
    // random, so branches on it would be mispredicted.
    let (first_key, second_key) = (first.key(), second.key());
    let verdict = if pair.first.name.same_chicken(&pair.second.name) {
        Verdict::SameChicken
    } else {
        [Verdict::Tie, Verdict::FirstWins, Verdict::SecondWins]
            [usize::from(first_key > second_key) | usize::from(first_key < second_key) << 1]
    };
    ChokerOutcome {
        first,
        second,
        verdict,
    }
}

/// Classifies one hand: its category and tie-break rank.
///
/// ```
/// use cardsharp::interpret::choker::{value, Category};
/// use cardsharp::syntax::{choker, records_on_one_line, Line};
///
/// let line = Line { text: b"Henry-TCJCQCKCCC", offset: 0, number: 1 };
/// let hand = choker::hand(&line, &mut Vec::new(), records_on_one_line).unwrap();
/// assert_eq!(value(&hand).category, Category::KingOfKings);
/// ```
///
/// Five cards of distinct ranks can only be a straight, a flush or one card.
/// Four ranks mean one pair. Three mean three of a kind or two pairs. Two mean
/// four of a kind or a full house. So the number of distinct ranks, and which
/// rank occurs how often, decide everything.
///
/// Both come from the hand as a [`CardSet`]. Each suit's ranks are a mask, and
/// a rank held in `k` suits occurs `k` times. So "in at least two suits" and
/// the like are ands and ors of the four masks. A tie-break rank is the highest
/// bit of the right mask. No loop over ranks.
///
/// Nine hands in ten are one card (five ranks) or one pair (four), about half
/// and half. A `match` on the number of ranks would be mispredicted about once
/// a hand. So those two are told apart by selection, and branches are left only
/// where the rarer categories are. A unit test holds this equal to counting
/// ranks, on every hand of the deck.
#[must_use]
#[inline(always)]
pub fn value(hand: &ChokerHand) -> HandValue {
    let cards = CardSet::of_few(&hand.cards);
    // One hand in eleven holds the Chicken of Chickens. It is picked, as a
    // branch on it would be mispredicted as often.
    let king = HandValue {
        category: Category::KingOfKings,
        tie_break: None,
    };
    select_unpredictable(
        cards.contains(CHICKEN_OF_CHICKENS),
        king,
        value_without_king(cards),
    )
}

/// [`value`] as if the Chicken of Chickens were an ordinary card.
#[inline(always)]
// Cannot truncate: the leading zeros of a `u16`, 16 at most.
#[allow(clippy::cast_possible_truncation)]
fn value_without_king(cards: CardSet) -> HandValue {
    let make = |category, tie_break| HandValue {
        category,
        tie_break,
    };
    let [spades, giblets, diamonds, chickens] = Suit::ALL.map(|suit| cards.ranks_in(suit));
    let ranks = spades | giblets | diamonds | chickens;
    let in_two_suits = (spades & giblets)
        | (spades & diamonds)
        | (spades & chickens)
        | (giblets & diamonds)
        | (giblets & chickens)
        | (diamonds & chickens);
    let in_three_suits =
        (spades & giblets & (diamonds | chickens)) | (diamonds & chickens & (spades | giblets));
    let in_four_suits = spades & giblets & diamonds & chickens;
    let highest = |mask: u16| (mask != 0).then(|| Rank(15 - mask.leading_zeros() as u8));
    let distinct = ranks.count_ones();
    if distinct >= 4 {
        let five = distinct == 5;
        // Neither test mentions `five`, which the compiler would otherwise
        // branch on. The tests are five cards in a suit, or five ranks in a
        // row.
        let flush = [spades, giblets, diamonds, chickens]
            .map(u16::count_ones)
            .contains(&5);
        let straight = ranks == 0b11111 << ranks.trailing_zeros();
        let top = Rank(15 - ranks.leading_zeros() as u8);
        if !(flush | straight) {
            // One card or one pair: nine hands in ten. Which of the two is as
            // good as random, so it is picked without a branch.
            return make(
                select_unpredictable(five, Category::OneCard, Category::OnePair),
                highest(select_unpredictable(five, ranks, in_two_suits)),
            );
        }
        return match (flush, straight) {
            (true, true) if top == Rank::HIGHEST => make(Category::RoyalFlush, None),
            (true, true) => make(Category::StraightFlush, Some(top)),
            (true, false) => make(Category::Flush, Some(top)),
            _ => make(Category::Straight, Some(top)),
        };
    }
    match distinct {
        3 if in_three_suits != 0 => make(Category::ThreeOfAKind, highest(in_three_suits)),
        3 => make(Category::TwoPairs, highest(ranks & !in_two_suits)),
        _ if in_four_suits != 0 => make(Category::FourOfAKind, highest(in_four_suits)),
        _ => make(Category::FullHouse, highest(in_three_suits)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::{Game, Name, Span};

    fn hand(name: &str, cards: &str) -> ChokerHand {
        let alphabet = Game::Choker.alphabet();
        let bytes = cards.as_bytes();
        ChokerHand {
            name: Name::new(name.as_bytes(), Span::default()),
            cards: std::array::from_fn(|i| {
                Card::new(
                    alphabet.rank(bytes[2 * i]).unwrap(),
                    alphabet.suit(bytes[2 * i + 1]).unwrap(),
                    0,
                )
            }),
            span: Span::default(),
        }
    }

    /// The statement's categories, read straight off how often each rank
    /// occurs. This is the reference `value` is held to.
    fn value_by_counting(hand: &ChokerHand) -> HandValue {
        let make = |category, tie_break: Option<u8>| HandValue {
            category,
            tie_break: tie_break.map(Rank),
        };
        let cards = &hand.cards;
        if cards.iter().any(|card| card.same_card(CHICKEN_OF_CHICKENS)) {
            return make(Category::KingOfKings, None);
        }
        let mut count = [0usize; 15];
        for card in cards {
            count[usize::from(card.rank().0)] += 1;
        }
        let highest_held = |times: usize| {
            (1..=14u8)
                .rev()
                .find(|&rank| count[usize::from(rank)] == times)
        };
        // How often the ranks occur, most often first.
        let mut shape = count;
        shape.sort_unstable_by(|a, b| b.cmp(a));
        let top = cards
            .iter()
            .map(|card| card.rank().0)
            .max()
            .expect("five cards");
        let low = cards
            .iter()
            .map(|card| card.rank().0)
            .min()
            .expect("five cards");
        let flush = cards.iter().all(|card| card.suit() == cards[0].suit());
        let straight = shape[4] == 1 && top - low == 4;
        match shape[..3] {
            [4, ..] => make(Category::FourOfAKind, highest_held(4)),
            [3, 2, _] => make(Category::FullHouse, highest_held(3)),
            [3, ..] => make(Category::ThreeOfAKind, highest_held(3)),
            [2, 2, 1] => make(Category::TwoPairs, highest_held(1)),
            [2, ..] => make(Category::OnePair, highest_held(2)),
            _ if flush && straight && top == 14 => make(Category::RoyalFlush, None),
            _ if flush && straight => make(Category::StraightFlush, Some(top)),
            _ if flush => make(Category::Flush, Some(top)),
            _ if straight => make(Category::Straight, Some(top)),
            _ => make(Category::OneCard, Some(top)),
        }
    }

    /// All 3,819,816 hands of five different cards of the 56.
    #[test]
    fn every_hand_is_valued_as_counting_ranks_says() {
        let deck = Card::choker_deck();
        let mut hand = hand("A", "1S2S3S4S5S");
        let mut hands = 0;
        for a in 0..deck.len() {
            for b in a + 1..deck.len() {
                for c in b + 1..deck.len() {
                    for d in c + 1..deck.len() {
                        for e in d + 1..deck.len() {
                            hand.cards = [deck[a], deck[b], deck[c], deck[d], deck[e]];
                            assert_eq!(value(&hand), value_by_counting(&hand), "{:?}", hand.cards);
                            hands += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(hands, 3_819_816);
    }

    fn category(cards: &str) -> Category {
        value(&hand("A", cards)).category
    }

    fn verdict(first: &str, second: &str) -> Verdict {
        evaluate(&ChokerPair {
            first: hand("First", first),
            second: hand("Second", second),
            span: Span::default(),
        })
        .verdict
    }

    /// Every category with every tie-break against every other. The key orders
    /// values as their fields do.
    #[test]
    fn a_value_key_keeps_the_order_of_values() {
        let categories = Category::ALL;
        let tie_breaks = std::iter::once(None).chain((1..=14).map(|rank| Some(Rank(rank))));
        let values: Vec<HandValue> = categories
            .iter()
            .flat_map(|&category| {
                tie_breaks.clone().map(move |tie_break| HandValue {
                    category,
                    tie_break,
                })
            })
            .collect();
        for a in &values {
            for b in &values {
                assert_eq!(a.key().cmp(&b.key()), a.cmp(b), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn every_category_is_recognised() {
        assert_eq!(category("CC1S2S3S4S"), Category::KingOfKings);
        assert_eq!(category("TSJSQSKSCS"), Category::RoyalFlush);
        assert_eq!(category("3C4C5C6C7C"), Category::StraightFlush);
        assert_eq!(category("QCQSQGQD4C"), Category::FourOfAKind);
        assert_eq!(category("QCQSQG4D4C"), Category::FullHouse);
        assert_eq!(category("1S2S3S4S9S"), Category::Flush);
        assert_eq!(category("3C4C5C6D7C"), Category::Straight);
        assert_eq!(category("TGJCQCKSCG"), Category::Straight);
        assert_eq!(category("7C7S7D3C9C"), Category::ThreeOfAKind);
        assert_eq!(category("8C8D3C3SQG"), Category::TwoPairs);
        assert_eq!(category("5C5G3S7DKS"), Category::OnePair);
        assert_eq!(category("1C3S2G5D7D"), Category::OneCard);
    }

    #[test]
    fn the_order_of_cards_does_not_matter() {
        assert_eq!(category("6S3C6D9G3D"), Category::TwoPairs);
        assert_eq!(category("7C3C5C4C6C"), Category::StraightFlush);
    }

    #[test]
    fn one_is_low_and_there_is_no_wrap_around() {
        assert_eq!(category("1S2G3D4S5C"), Category::Straight);
        assert_eq!(category("JSQGKDCS1C"), Category::OneCard);
    }

    #[test]
    fn king_of_kings_beats_a_royal_flush() {
        assert_eq!(verdict("CC1S2G3D5S", "TSJSQSKSCS"), Verdict::FirstWins);
    }

    #[test]
    fn two_royal_flushes_tie() {
        assert_eq!(verdict("TSJSQSKSCS", "TDJDQDKDCD"), Verdict::Tie);
    }

    #[test]
    fn straight_flushes_compare_highest_cards() {
        assert_eq!(verdict("3C4C5C6C7C", "8D9DTDJDQD"), Verdict::SecondWins);
    }

    #[test]
    fn four_of_a_kind_compares_the_four() {
        assert_eq!(verdict("QCQSQGQD1C", "JCJSJGJDKC"), Verdict::FirstWins);
    }

    #[test]
    fn full_houses_compare_the_three() {
        assert_eq!(verdict("2C2S2GKDKC", "3C3S3G1D1C"), Verdict::SecondWins);
    }

    #[test]
    fn flushes_compare_the_highest_card_only() {
        assert_eq!(verdict("1S2S3S4S9S", "5D6D7D8DTD"), Verdict::SecondWins);
        assert_eq!(verdict("1S2S3S4S9S", "5D6D7D8D9D"), Verdict::SecondWins);
        assert_eq!(verdict("1S2S3S5S9S", "5D6D7D2D9D"), Verdict::Tie);
    }

    #[test]
    fn equal_straights_tie() {
        assert_eq!(verdict("3C4C5C6D7C", "3D4S5S6S7G"), Verdict::Tie);
        assert_eq!(verdict("3C4C5C6D7C", "4D5S6S7S8G"), Verdict::SecondWins);
    }

    #[test]
    fn threes_compare_the_three() {
        assert_eq!(verdict("7C7S7D3C9C", "6C6S6DKCCS"), Verdict::FirstWins);
    }

    #[test]
    fn two_pairs_compare_only_the_odd_card() {
        assert_eq!(verdict("8C8D3C3SQG", "KCKD9C9S5G"), Verdict::FirstWins);
        assert_eq!(verdict("8C8D3C3SQG", "KCKD9C9SQS"), Verdict::Tie);
    }

    #[test]
    fn pairs_compare_the_pair_only() {
        assert_eq!(verdict("5C5G3S7DKS", "6C6G1S2D3D"), Verdict::SecondWins);
        assert_eq!(verdict("5C5G3S7DKS", "5S5D1S2D3D"), Verdict::Tie);
    }

    #[test]
    fn one_card_compares_the_highest_card() {
        assert_eq!(verdict("1C3S2G5D7D", "1D3D2S5S8G"), Verdict::SecondWins);
        assert_eq!(verdict("1C3S2G5D7D", "1D3D2S4S7G"), Verdict::Tie);
    }

    #[test]
    fn a_chicken_playing_with_itself_never_wins() {
        let outcome = evaluate(&ChokerPair {
            first: hand("Clucky", "CC1S2G3D5S"),
            second: hand("cLUCKY", "1C3S2G5D7D"),
            span: Span::default(),
        });
        assert_eq!(outcome.verdict, Verdict::SameChicken);
    }
}
