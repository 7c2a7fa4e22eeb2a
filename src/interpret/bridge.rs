//! Bridge hand evaluation, after the statement's seven point-count rules
//! (`spec/bridge.md`).

use crate::ast::{BridgeHand, CardSet, Rank, Suit};

/// The opening bid. Serialized by the render layer (`render::present`) in the
/// judge's words, which name a suit by its letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bid {
    Pass,
    Suit(Suit),
    NoTrump,
}

/// The bid and every number it was decided from. Serialized by the render
/// layer (`render::present`), which keys the suits by their letters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BridgeOutcome {
    pub bid: Bid,
    /// Cards per suit, in the order S H D C.
    pub lengths: [u8; 4],
    /// Points each rule gave, rules 1 to 7 at indices 0 to 6.
    pub points_by_rule: [i8; 7],
    /// All seven rules.
    pub points: i8,
    /// Rules 1 to 4 only, as the no-trump count ignores 5, 6 and 7.
    pub no_trump_points: i8,
    pub stopped: [bool; 4],
}

/// What one suit gives: the points of each rule and whether it is stopped.
/// Everything the rules say depends on a suit's honours and its length only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SuitValue {
    /// Rules 1 to 7 in bytes 0 to 6, each plus [`RULE_BIAS`]. So none is
    /// negative, and the four suits' points add up as one `u64`. Each byte
    /// stays under 256.
    biased_rules: u64,
    /// Rules 1 to 4, then all seven.
    no_trump_points: i8,
    points: i8,
    stopped: bool,
}

/// Added to each rule's points in [`SuitValue::biased_rules`]. The lowest is
/// -1.
const RULE_BIAS: i8 = 1;

/// The honours of a suit as four bits: jack, queen, king, ace from bit 0.
const JACK: u8 = 1;
const QUEEN: u8 = 2;
const KING: u8 = 4;
const ACE: u8 = 8;

/// The seven rules and the stopper rule, for one suit.
const fn suit_value(honours: u8, length: u8) -> SuitValue {
    let (ace, king) = (honours & ACE != 0, honours & KING != 0);
    let (queen, jack) = (honours & QUEEN != 0, honours & JACK != 0);
    let mut points_by_rule = [0; 7];
    // Rule 1: ace 4, king 3, queen 2, jack 1.
    points_by_rule[0] = 4 * ace as i8 + 3 * king as i8 + 2 * queen as i8 + jack as i8;
    // Rules 2-4: an honour with too few other cards in its suit.
    points_by_rule[1] = -((king && length == 1) as i8);
    points_by_rule[2] = -((queen && length <= 2) as i8);
    points_by_rule[3] = -((jack && length <= 3) as i8);
    // Rules 5-7: a doubleton, a singleton, a void.
    points_by_rule[4] = (length == 2) as i8;
    points_by_rule[5] = 2 * (length == 1) as i8;
    points_by_rule[6] = 2 * (length == 0) as i8;
    let stopped = ace || king && length >= 2 || queen && length >= 3;
    let mut biased = [0u8; 8];
    let (mut no_trump_points, mut points) = (0, 0);
    let mut rule = 0;
    while rule < 7 {
        biased[rule] = (points_by_rule[rule] + RULE_BIAS).cast_unsigned();
        points += points_by_rule[rule];
        if rule < 4 {
            no_trump_points += points_by_rule[rule];
        }
        rule += 1;
    }
    SuitValue {
        biased_rules: u64::from_le_bytes(biased),
        no_trump_points,
        points,
        stopped,
    }
}

/// `suit_value` for every honours (16) and length (0 to 13). It is worked out
/// once at compile time, so that a hand costs four lookups.
const SUIT_VALUES: [[SuitValue; 14]; 16] = {
    let mut table = [[suit_value(0, 0); 14]; 16];
    let mut honours = 0;
    while honours < 16 {
        let mut length = 0;
        while length < 14 {
            table[honours as usize][length as usize] = suit_value(honours, length);
            length += 1;
        }
        honours += 1;
    }
    table
};

/// Evaluates a checked hand (no card twice). The hand as a [`CardSet`] gives
/// each suit's ranks as a mask. A suit's length is the mask's popcount. Its
/// honours, jack to ace, are the mask's bits 11 to 14.
#[must_use]
#[inline(always)]
// Cannot truncate. A suit's length is at most 13, and its honours are four
// bits.
#[allow(clippy::cast_possible_truncation)]
pub fn evaluate(hand: &BridgeHand) -> BridgeOutcome {
    let cards = CardSet::of(&hand.cards);
    let mut lengths = [0u8; 4];
    let mut biased_rules = 0;
    let (mut no_trump_points, mut points) = (0, 0);
    let mut stopped = [false; 4];
    for suit in Suit::ALL {
        let ranks = cards.ranks_in(suit);
        let length = ranks.count_ones() as u8;
        let honours = (ranks >> Rank::JACK.0) as u8 & (JACK | QUEEN | KING | ACE);
        lengths[suit.index()] = length;
        let value = SUIT_VALUES[usize::from(honours)][usize::from(length % 14)];
        biased_rules += value.biased_rules;
        no_trump_points += value.no_trump_points;
        points += value.points;
        stopped[suit.index()] = value.stopped;
    }
    let totals = u64::to_le_bytes(biased_rules);
    let points_by_rule = std::array::from_fn(|rule| totals[rule].cast_signed() - 4 * RULE_BIAS);
    let bid = if no_trump_points >= 16 && stopped == [true; 4] {
        Bid::NoTrump
    } else if points < 14 {
        Bid::Pass
    } else {
        Bid::Suit(longest_suit(lengths))
    };
    BridgeOutcome {
        bid,
        lengths,
        points_by_rule,
        points,
        no_trump_points,
        stopped,
    }
}

/// The first of the longest suits in the order S, H, D, C.
fn longest_suit(lengths: [u8; 4]) -> Suit {
    let longest = lengths.iter().copied().max().unwrap_or(0);
    Suit::ALL
        .into_iter()
        .find(|suit| lengths[suit.index()] == longest)
        .unwrap_or(Suit(0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::{Card, Game, Span};

    /// A hand from text. The evaluator never looks at spans.
    fn hand(text: &str) -> BridgeHand {
        let alphabet = Game::Bridge.alphabet();
        let cards: Vec<Card> = text
            .split_whitespace()
            .map(|card| {
                let bytes = card.as_bytes();
                Card::new(
                    alphabet.rank(bytes[0]).unwrap(),
                    alphabet.suit(bytes[1]).unwrap(),
                    0,
                )
            })
            .collect();
        BridgeHand {
            cards: cards.try_into().unwrap(),
            span: Span::default(),
        }
    }

    const S: Suit = Suit(0);
    const H: Suit = Suit(1);
    const D: Suit = Suit(2);
    const C: Suit = Suit(3);

    #[test]
    fn statement_first_sample() {
        let outcome = evaluate(&hand("KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D"));
        assert_eq!(outcome.points, 17);
        assert_eq!(outcome.no_trump_points, 16);
        assert_eq!(outcome.stopped, [true, false, true, true]);
        assert_eq!(outcome.bid, Bid::Suit(D));
    }

    #[test]
    fn statement_second_sample_bids_no_trump() {
        let outcome = evaluate(&hand("AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H"));
        assert_eq!(outcome.bid, Bid::NoTrump);
    }

    #[test]
    fn rule_1_counts_honours() {
        // Every honour of three suits, each suit four long: 3 x (4+3+2+1).
        let outcome = evaluate(&hand("AS KS QS JS AH KH QH JH AD KD QD JD 2C"));
        assert_eq!(outcome.points_by_rule[0], 30);
    }

    #[test]
    fn rule_2_a_lone_king_loses_a_point() {
        let outcome = evaluate(&hand("KS 2H 3H 4H 5H 6H 2D 3D 4D 5D 2C 3C 4C"));
        assert_eq!(outcome.points_by_rule[1], -1);
        let guarded = evaluate(&hand("KS 2S 3H 4H 5H 6H 2D 3D 4D 5D 2C 3C 4C"));
        assert_eq!(guarded.points_by_rule[1], 0);
    }

    #[test]
    fn rule_3_a_queen_with_at_most_one_other_loses_a_point() {
        let outcome = evaluate(&hand("QS 2S 3H 4H 5H 6H 2D 3D 4D 5D 2C 3C 4C"));
        assert_eq!(outcome.points_by_rule[2], -1);
        let guarded = evaluate(&hand("QS 2S 3S 4H 5H 6H 2D 3D 4D 5D 2C 3C 4C"));
        assert_eq!(guarded.points_by_rule[2], 0);
    }

    #[test]
    fn rule_4_a_jack_with_at_most_two_others_loses_a_point() {
        let outcome = evaluate(&hand("JS 2S 3S 4H 5H 6H 2D 3D 4D 5D 2C 3C 4C"));
        assert_eq!(outcome.points_by_rule[3], -1);
        let guarded = evaluate(&hand("JS 2S 3S 4S 5H 6H 2D 3D 4D 5D 2C 3C 4C"));
        assert_eq!(guarded.points_by_rule[3], 0);
    }

    #[test]
    fn rules_5_6_7_reward_short_suits() {
        // Spades: two cards; hearts: one; diamonds: none.
        let outcome = evaluate(&hand("2S 3S 4H 2C 3C 4C 5C 6C 7C 8C 9C TC JC"));
        assert_eq!(outcome.points_by_rule[4..], [1, 2, 2]);
        assert_eq!(outcome.lengths, [2, 1, 0, 10]);
    }

    #[test]
    fn stoppers_need_an_ace_a_guarded_king_or_a_twice_guarded_queen() {
        let outcome = evaluate(&hand("AS KH 2H QD 2D 3D QC 2C 3S 4H 5H 4C 5C"));
        assert_eq!(outcome.stopped, [true, true, true, true]);
        let bare = evaluate(&hand("AS KH QD 2D 2H 3H 4H 5H 6H 7H 8H 9H TH"));
        assert_eq!(bare.stopped, [true, true, false, false]);
    }

    #[test]
    fn no_trump_is_preferred_over_a_suit() {
        // 18 points without short suits, all stopped. Both bids are possible.
        let outcome = evaluate(&hand("AS KS 2S 3S AH 2H 3H KD 2D 3D QC 2C 3C"));
        assert!(outcome.points >= 14);
        assert_eq!(outcome.no_trump_points, 16);
        assert_eq!(outcome.bid, Bid::NoTrump);
    }

    #[test]
    fn fewer_than_14_points_pass() {
        let outcome = evaluate(&hand("2S 3S 4S 5H 6H 7H 8D 9D TD 2C 3C 4C 5C"));
        assert_eq!(outcome.bid, Bid::Pass);
    }

    #[test]
    fn the_longest_suit_is_bid_ties_in_order_s_h_d_c() {
        let hearts_and_clubs = evaluate(&hand("AH KH QH JH AC KC QC JC 2S 3S 2D 3D 4D"));
        assert_eq!(hearts_and_clubs.bid, Bid::Suit(H));
        let spades = evaluate(&hand("AS KS QS 2S 3S AC KC 2C 2D 3D 4D 2H 3H"));
        assert_eq!(spades.bid, Bid::Suit(S));
        let clubs = evaluate(&hand("AC KC QC JC 2C AS KS 2D 3D 4D 2H 3H 4H"));
        assert_eq!(clubs.bid, Bid::Suit(C));
    }
}
