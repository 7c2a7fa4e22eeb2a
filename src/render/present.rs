//! Each record type's three faces: the judge's line, the explanation of its
//! outcome (`explain`), and its syntax tree with spans (`parse`).

use std::fmt::Write as _;

use crate::ast::{
    Alphabet, BridgeHand, Card, ChokerHand, ChokerPair, Game, Seat, Span, Suit, WhistDeal,
};
use crate::interpret::Evaluate;
use crate::interpret::bridge::{Bid, BridgeOutcome};
use crate::interpret::choker::{Category, ChokerOutcome, HandValue, Verdict};
use crate::interpret::whist::WhistOutcome;

/// What the pipeline needs to show a record of some game, whatever the
/// game: written once per record type, used by every subcommand.
pub trait Present: Evaluate + serde::Serialize {
    const GAME: Game;

    fn span(&self) -> Span;

    /// The judge's line, with its newline.
    fn judge_line(&self, outcome: &Self::Outcome, out: &mut Vec<u8>);

    /// The reasoning behind `outcome`, for people: lines indented under a
    /// heading, ending with the judge's answer.
    fn explain(&self, outcome: &Self::Outcome, out: &mut String);

    /// The syntax tree, one node a line, each with its span.
    fn tree(&self, out: &mut String);

    /// The end of every explanation: what decided, then the judge's answer.
    fn conclude(&self, outcome: &Self::Outcome, reason: &str, out: &mut String) {
        let mut line = Vec::new();
        self.judge_line(outcome, &mut line);
        let _ = write!(out, "  {reason}\n  => {}", String::from_utf8_lossy(&line));
    }
}

fn card_text(alphabet: &Alphabet, card: Card) -> String {
    String::from_utf8_lossy(&alphabet.card_text(card)).into_owned()
}

fn span_text(span: Span) -> String {
    format!("{}..{}", span.offset, span.end())
}

fn tree_cards(alphabet: &Alphabet, cards: &[Card], indent: &str, out: &mut String) {
    for card in cards {
        let _ = writeln!(
            out,
            "{indent}card {} {}",
            card_text(alphabet, *card),
            span_text(card.span())
        );
    }
}

impl Present for BridgeHand {
    const GAME: Game = Game::Bridge;

    fn span(&self) -> Span {
        self.span
    }

    #[inline(always)]
    fn judge_line(&self, outcome: &BridgeOutcome, out: &mut Vec<u8>) {
        super::bridge_line(outcome, out);
    }

    fn explain(&self, outcome: &BridgeOutcome, out: &mut String) {
        let alphabet = Game::Bridge.alphabet();
        let hand: Vec<String> = self
            .cards
            .iter()
            .map(|card| card_text(alphabet, *card))
            .collect();
        let _ = writeln!(out, "bridge hand {}", hand.join(" "));
        let rules = [
            "honours (A 4, K 3, Q 2, J 1)",
            "a king alone in its suit",
            "a queen with at most one other card",
            "a jack with at most two other cards",
            "each doubleton",
            "each singleton",
            "each void",
        ];
        for (number, (rule, points)) in rules.iter().zip(outcome.points_by_rule).enumerate() {
            let _ = writeln!(out, "  rule {}: {points:+} for {rule}", number + 1);
        }
        let _ = writeln!(
            out,
            "  {} points; {} for no-trump (rules 1 to 4)",
            outcome.points, outcome.no_trump_points
        );
        let names = |stopped: bool| -> Vec<&str> {
            Suit::ALL
                .iter()
                .filter(|suit| outcome.stopped[suit.index()] == stopped)
                .map(|suit| alphabet.suit_names[suit.index()])
                .collect()
        };
        let (stopped, open) = (names(true), names(false));
        let _ = writeln!(
            out,
            "  stopped: {}; not stopped: {}",
            if stopped.is_empty() {
                "none".to_owned()
            } else {
                stopped.join(", ")
            },
            if open.is_empty() {
                "none".to_owned()
            } else {
                open.join(", ")
            }
        );
        let lengths: Vec<String> = Suit::ALL
            .iter()
            .map(|suit| {
                format!(
                    "{} {}",
                    char::from(alphabet.suit_letter(*suit)),
                    outcome.lengths[suit.index()]
                )
            })
            .collect();
        let longest = outcome.lengths.iter().copied().max().unwrap_or(0);
        let tied: Vec<&str> = Suit::ALL
            .iter()
            .filter(|suit| outcome.lengths[suit.index()] == longest)
            .map(|suit| alphabet.suit_names[suit.index()])
            .collect();
        let _ = writeln!(
            out,
            "  suit lengths {}; longest: {} at {longest}",
            lengths.join(", "),
            tied.join(" and ")
        );
        let reason = match outcome.bid {
            Bid::NoTrump => {
                "16 or more points without short suits and every suit stopped: no-trump".to_owned()
            }
            Bid::Pass => format!("{} points, fewer than 14: pass", outcome.points),
            Bid::Suit(suit) => {
                let no_trump = if outcome.no_trump_points < 16 {
                    format!(
                        "no-trump needs 16 without short suits, not {}",
                        outcome.no_trump_points
                    )
                } else {
                    format!(
                        "no-trump needs every suit stopped, and {} is not",
                        open.join(", ")
                    )
                };
                format!(
                    "{no_trump}; {} points open in the first longest suit in S H D C order: {}",
                    outcome.points,
                    alphabet.suit_names[suit.index()]
                )
            }
        };
        self.conclude(outcome, &reason, out);
    }

    fn tree(&self, out: &mut String) {
        let _ = writeln!(out, "BridgeHand {}", span_text(self.span));
        tree_cards(Game::Bridge.alphabet(), &self.cards, "  ", out);
    }
}

/// `Straight (highest card 9)`, `Royal Flush`.
fn hand_value(value: HandValue) -> String {
    let alphabet = Game::Choker.alphabet();
    match (value.category.tie_break(), value.tie_break) {
        (Some(what), Some(rank)) => {
            format!(
                "{} ({what} {})",
                value.category.name(),
                char::from(alphabet.rank_letter(rank))
            )
        }
        _ => value.category.name().to_owned(),
    }
}

fn tree_choker_hand(hand: &ChokerHand, out: &mut String) {
    let _ = writeln!(out, "  ChokerHand {}", span_text(hand.span));
    let _ = writeln!(
        out,
        "    name {:?} {}",
        hand.name.as_str(),
        span_text(hand.name.span)
    );
    tree_cards(Game::Choker.alphabet(), &hand.cards, "    ", out);
}

impl Present for ChokerPair {
    const GAME: Game = Game::Choker;

    fn span(&self) -> Span {
        self.span
    }

    #[inline(always)]
    fn judge_line(&self, outcome: &ChokerOutcome, out: &mut Vec<u8>) {
        super::choker_line(self, outcome, out);
    }

    fn explain(&self, outcome: &ChokerOutcome, out: &mut String) {
        let (first, second) = (self.first.name.as_str(), self.second.name.as_str());
        let _ = writeln!(out, "choker pair {first} vs {second}");
        let _ = writeln!(out, "  {first}: {}", hand_value(outcome.first));
        let _ = writeln!(out, "  {second}: {}", hand_value(outcome.second));
        let reason = match outcome.verdict {
            Verdict::SameChicken => {
                format!("{first} and {second} are the same chicken, and nobody wins")
            }
            Verdict::Tie if outcome.first.category == Category::KingOfKings => {
                "two Kings of Kings cannot happen in one deck".to_owned()
            }
            Verdict::Tie => match outcome.first.category.tie_break() {
                Some(what) => format!(
                    "both {}, same {what}: no winner",
                    outcome.first.category.name()
                ),
                None => format!("both {}: no winner", outcome.first.category.name()),
            },
            Verdict::FirstWins | Verdict::SecondWins => {
                let (winner, loser) = if outcome.verdict == Verdict::FirstWins {
                    (outcome.first, outcome.second)
                } else {
                    (outcome.second, outcome.first)
                };
                if let (Some(what), Some(high), Some(low)) = (
                    winner.category.tie_break(),
                    winner.tie_break,
                    loser.tie_break,
                ) && winner.category == loser.category
                {
                    let letter = |rank| char::from(Game::Choker.alphabet().rank_letter(rank));
                    format!(
                        "both {}: {what} {} beats {}",
                        winner.category.name(),
                        letter(high),
                        letter(low)
                    )
                } else {
                    format!("{} beats {}", winner.category.name(), loser.category.name())
                }
            }
        };
        self.conclude(outcome, &reason, out);
    }

    fn tree(&self, out: &mut String) {
        let _ = writeln!(out, "ChokerPair {}", span_text(self.span));
        tree_choker_hand(&self.first, out);
        tree_choker_hand(&self.second, out);
    }
}

impl Present for WhistDeal {
    const GAME: Game = Game::Whist;

    fn span(&self) -> Span {
        self.span
    }

    #[inline(always)]
    fn judge_line(&self, outcome: &WhistOutcome, out: &mut Vec<u8>) {
        super::whist_line(outcome, out);
    }

    fn explain(&self, outcome: &WhistOutcome, out: &mut String) {
        let alphabet = Game::Whist.alphabet();
        let trumps = alphabet.suit_names[self.trump.index()];
        let _ = writeln!(out, "whist deal, {trumps} trumps");
        let mut won = [0u8; 2];
        for (number, trick) in outcome.tricks.iter().enumerate() {
            let plays: Vec<String> = (0..4)
                .map(|step| {
                    let seat = Seat::ALL[(trick.leader.index() + step) % 4];
                    format!(
                        "{} {}",
                        seat.name(),
                        card_text(alphabet, self.plays[seat.index()][number])
                    )
                })
                .collect();
            won[trick.winner.index() % 2] += 1;
            let winning = self.plays[trick.winner.index()][number];
            let why = if trick.trumped {
                "the highest trump".to_owned()
            } else {
                let suit = alphabet.suit_names[winning.suit().index()];
                format!("the highest {}", suit.strip_suffix('s').unwrap_or(suit))
            };
            let _ = writeln!(
                out,
                "  trick {:>2}: {} -> {} wins with {why}; NS {} EW {}",
                number + 1,
                plays.join(", "),
                trick.winner.name(),
                won[0],
                won[1]
            );
        }
        let team = outcome.winner.code();
        let tricks = outcome.tricks_won[usize::from(team == "EW")];
        let reason = format!("{team} won {tricks} tricks: {} over six", outcome.score);
        self.conclude(outcome, &reason, out);
    }

    fn tree(&self, out: &mut String) {
        let alphabet = Game::Whist.alphabet();
        let _ = writeln!(out, "WhistDeal {}", span_text(self.span));
        let _ = writeln!(
            out,
            "  trump {} {}",
            char::from(alphabet.suit_letter(self.trump)),
            span_text(self.trump_span)
        );
        for seat in Seat::ALL {
            let _ = writeln!(out, "  {}", seat.name());
            tree_cards(alphabet, &self.plays[seat.index()], "    ", out);
        }
    }
}
