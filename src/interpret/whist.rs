//! Whist: thirteen tricks replayed, then the winning team and its score
//! (`spec/whist.md`).

use serde::Serialize;

use crate::ast::{Seat, WhistDeal};

/// Serialized as the judge prints it ([`Team::code`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Team {
    #[serde(rename = "NS")]
    NorthSouth,
    #[serde(rename = "EW")]
    EastWest,
}

impl Team {
    /// As the judge prints it.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Team::NorthSouth => "NS",
            Team::EastWest => "EW",
        }
    }
}

/// Who led a trick, who won it, and whether a trump won it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Trick {
    pub leader: Seat,
    pub winner: Seat,
    pub trumped: bool,
}

/// Serialized by the render layer (`render::present`), which keys the tricks
/// won by team.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhistOutcome {
    pub tricks: [Trick; 13],
    /// Tricks won by north-south and by east-west.
    pub tricks_won: [u8; 2],
    pub winner: Team,
    /// One point per trick over six.
    pub score: u8,
}

/// The seat (0 north .. 3 west) that wins trick `trick` when `leader` leads it.
/// That is the highest trump if any was played, else the highest card of the
/// suit led. Off-suit discards never win.
#[must_use]
#[inline]
pub(crate) fn trick_winner(deal: &WhistDeal, trick: usize, leader: usize) -> usize {
    TrickCards::new(deal, trick).winner(leader)
}

/// One trick's four cards, made ready for finding the winner once the leader is
/// known.
///
/// A card's strength in a trick is its rank, plus 16 in the suit led, plus 32
/// in trumps. So the highest trump beats the highest card of the suit led,
/// which beats any discard. The highest strength wins. All but the suit led is
/// known before the replay reaches the trick. It is worked out here, off the
/// replay's chain of thirteen tricks. On that chain each trick waits for the
/// one before to know who leads. What is left on the chain is a few compares
/// and three `max`. Strengths are packed with the seat in one byte (strength ×
/// 4 + seat). So the cards, as good as random, cost no branches. And the
/// strengths of cards that can win are distinct, as a deal's 52 cards are.
#[derive(Clone, Copy, Debug)]
struct TrickCards {
    /// Each seat's packed strength, without the 16 of the suit led.
    strength: [u8; 4],
    suit: [u8; 4],
}

impl TrickCards {
    // Cannot truncate: `seat` is below 4.
    #[allow(clippy::cast_possible_truncation)]
    fn new(deal: &WhistDeal, trick: usize) -> Self {
        let cards: [_; 4] = std::array::from_fn(|seat| deal.plays[seat][trick]);
        let trump = deal.trump;
        Self {
            strength: std::array::from_fn(|seat| {
                let card = cards[seat];
                (card.rank().0 | u8::from(card.suit() == trump) << 5) << 2 | seat as u8
            }),
            suit: cards.map(|card| card.suit().0),
        }
    }

    // Inlined into the replay, where by reference and by value compile alike.
    #[allow(clippy::trivially_copy_pass_by_ref)]
    #[inline]
    fn winner(&self, leader: usize) -> usize {
        let led = self.suit[leader % 4];
        let packed = |seat: usize| self.strength[seat] | u8::from(self.suit[seat] == led) << 6;
        let best = packed(0).max(packed(1)).max(packed(2).max(packed(3)));
        usize::from(best & 3)
    }
}

/// Who leads each trick: all that checking a deal's plays needs of the replay.
/// It skips the record of the tricks and the score that [`evaluate`] keeps on
/// its way.
#[must_use]
#[inline(always)]
pub(crate) fn leaders(deal: &WhistDeal) -> [Seat; 13] {
    let cards: [TrickCards; 13] = std::array::from_fn(|trick| TrickCards::new(deal, trick));
    let mut leaders = [Seat::North; 13];
    let mut leader = 0;
    for (led, cards) in leaders.iter_mut().zip(&cards) {
        *led = Seat::ALL[leader];
        leader = cards.winner(leader);
    }
    leaders
}

#[must_use]
#[inline(always)]
pub fn evaluate(deal: &WhistDeal) -> WhistOutcome {
    let cards: [TrickCards; 13] = std::array::from_fn(|trick| TrickCards::new(deal, trick));
    let mut leader = 0;
    let mut tricks_won = [0u8; 2];
    let mut tricks = [Trick {
        leader: Seat::North,
        winner: Seat::North,
        trumped: false,
    }; 13];
    for (played, cards) in tricks.iter_mut().zip(&cards) {
        let winner = cards.winner(leader);
        *played = Trick {
            leader: Seat::ALL[leader],
            winner: Seat::ALL[winner],
            trumped: cards.strength[winner] & 0x80 != 0,
        };
        tricks_won[winner % 2] += 1;
        leader = winner;
    }
    let (winner, won) = if tricks_won[0] > tricks_won[1] {
        (Team::NorthSouth, tricks_won[0])
    } else {
        (Team::EastWest, tricks_won[1])
    };
    WhistOutcome {
        tricks,
        tricks_won,
        winner,
        score: won - 6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::{Card, Game, Span, Suit};

    /// A deal from its trump letter and four rows of plays.
    fn deal(trump: u8, rows: [&str; 4]) -> WhistDeal {
        let alphabet = Game::Whist.alphabet();
        WhistDeal {
            trump: alphabet.suit(trump).unwrap(),
            trump_span: Span::default(),
            plays: rows.map(|row| {
                let cards: Vec<Card> = row
                    .split_whitespace()
                    .map(|card| {
                        Card::new(
                            alphabet.rank(card.as_bytes()[0]).unwrap(),
                            alphabet.suit(card.as_bytes()[1]).unwrap(),
                            0,
                        )
                    })
                    .collect();
                cards.try_into().unwrap()
            }),
            span: Span::default(),
        }
    }

    fn first_sample() -> WhistDeal {
        deal(
            b'H',
            [
                "4C 8H QS 5D JD KS 8S AH 6H 7H 3S 7S 6D",
                "TC JC JS KD AC QC QD 2H QH 3H 3C 7C 4D",
                "6C 9C AS TD 5H 6S 5S KH TH AD 9S 8D 2D",
                "8C 5C 2S 7D KC 4S TS JH 4H 9H 2C 9D 3D",
            ],
        )
    }

    #[test]
    fn the_first_sample_trick_by_trick() {
        use Seat::{East, North, South, West};
        let outcome = evaluate(&first_sample());
        let winners: Vec<Seat> = outcome.tricks.iter().map(|t| t.winner).collect();
        assert_eq!(
            winners,
            [
                East, North, South, East, South, North, West, North, East, West, East, East, North
            ]
        );
        assert_eq!((outcome.winner, outcome.score), (Team::EastWest, 1));
    }

    #[test]
    fn the_leaders_are_those_of_the_evaluation() {
        let deal = first_sample();
        assert_eq!(
            leaders(&deal),
            evaluate(&deal).tricks.map(|trick| trick.leader)
        );
        assert_ne!(leaders(&deal), [Seat::North; 13]);
    }

    #[test]
    fn the_winner_of_a_trick_leads_the_next() {
        let outcome = evaluate(&first_sample());
        for pair in outcome.tricks.windows(2) {
            assert_eq!(pair[1].leader, pair[0].winner);
        }
        assert_eq!(outcome.tricks[0].leader, Seat::North);
    }

    /// The winner of a first trick with these four cards. The evaluator trusts
    /// checked input, so the other twelve tricks are padding.
    fn one_trick(trump: u8, north: &str, east: &str, south: &str, west: &str) -> usize {
        let rows = [north, east, south, west].map(|first| {
            let mut row = vec![first];
            row.extend(std::iter::repeat_n("2S", 12));
            row.join(" ")
        });
        trick_winner(&deal(trump, [&rows[0], &rows[1], &rows[2], &rows[3]]), 0, 0)
    }

    #[test]
    fn the_highest_card_of_the_suit_led_wins_without_trumps() {
        assert_eq!(one_trick(b'S', "4C", "KC", "AD", "9C"), 1);
    }

    #[test]
    fn off_suit_discards_never_win() {
        assert_eq!(one_trick(b'S', "4C", "AH", "AD", "3C"), 0);
    }

    #[test]
    fn a_trump_beats_the_suit_led_and_the_highest_trump_wins() {
        assert_eq!(one_trick(b'H', "AC", "2H", "KC", "3C"), 1);
        assert_eq!(one_trick(b'H', "AC", "2H", "KC", "3H"), 3);
    }

    #[test]
    fn leading_trumps_is_a_trick_in_the_suit_led() {
        assert_eq!(one_trick(b'H', "5H", "4H", "AC", "9H"), 3);
        assert!(Suit(1) == Game::Whist.alphabet().suit(b'H').unwrap());
    }

    #[test]
    fn the_score_is_tricks_over_six() {
        let second = deal(
            b'D',
            [
                "8D 9D 9S QS 4H 5H JD JS 9H 6S TH 6H QH",
                "QD 9C 5S 7S 7H AC 2D KD 6C 3D 8C TC 7C",
                "5D QC 3S 4S 3H 3C 6D KS JC AS 5C 8H TS",
                "4D 4C 8S 2S 2H KC TD JH 2C AH 7D AD KH",
            ],
        );
        let outcome = evaluate(&second);
        assert_eq!(outcome.tricks_won, [5, 8]);
        assert_eq!((outcome.winner.code(), outcome.score), ("EW", 2));
    }
}
