//! Each record type's three faces, in text and in JSON. They are the
//! judge's line, the explanation of its outcome (`explain`), and its syntax
//! tree with spans (`parse`).
//!
//! The JSON of records and outcomes is written here, not where the types
//! are defined. A card, a rank or a suit does not know its game: 14 is `A`
//! in bridge and `C` in Choker. A record type does know it. So each record
//! type writes its cards with its game's alphabet. The shapes are those of
//! `schema/cardsharp.schema.json`.

use std::fmt::Write as _;

use serde::Serialize;
use serde::ser::{SerializeStruct as _, Serializer};

use crate::ast::{
    Alphabet, BridgeHand, Card, ChokerHand, ChokerPair, Game, Seat, Span, Suit, WhistDeal,
};
use crate::interpret::Evaluate;
use crate::interpret::bridge::{Bid, BridgeOutcome};
use crate::interpret::choker::{Category, ChokerOutcome, HandValue, Verdict};
use crate::interpret::whist::{Team, WhistOutcome};

/// What the pipeline needs to show a record of some game, whatever the
/// game. It is written once per record type, and used by every subcommand.
pub(crate) trait Present: Evaluate + serde::Serialize {
    const GAME: Game;

    fn span(&self) -> Span;

    /// The judge's line, with its newline.
    fn judge_line(&self, outcome: &Self::Outcome, out: &mut Vec<u8>);

    /// The reasoning behind `outcome`, for people. It is lines indented
    /// under a heading, ending with the judge's answer.
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

/// A record with faults, as `parse` keeps it: an error node, as tree-sitter's
/// `ERROR` and rust-analyzer's error nodes are, so that a learner sees where
/// the tree broke and what was read before it. In JSON it is `{"codes":
/// [...], "cards_read": [...]}`.
#[derive(Serialize)]
pub(crate) struct ErrorNode<'a> {
    /// The full codes of the record's diagnostics, in input order.
    codes: Vec<String>,
    cards_read: Cards<'a>,
    #[serde(skip)]
    span: Span,
}

impl<'a> ErrorNode<'a> {
    pub(crate) fn new(
        game: Game,
        span: Span,
        cards: &'a [Card],
        diagnostics: &[crate::diagnostic::Diagnostic],
    ) -> Self {
        let mut in_order: Vec<_> = diagnostics.iter().collect();
        in_order.sort_by_key(|diagnostic| diagnostic.span.offset);
        Self {
            codes: in_order
                .into_iter()
                .map(|diagnostic| diagnostic.scope.qualified_code(diagnostic.kind.code()))
                .collect(),
            cards_read: Cards {
                alphabet: game.alphabet(),
                cards,
            },
            span,
        }
    }

    /// `Error 39..60 [codes]`, then the cards read, one a line.
    pub(crate) fn tree(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "Error {} [{}]",
            span_text(self.span),
            self.codes.join(", ")
        );
        tree_cards(self.cards_read.alphabet, self.cards_read.cards, "  ", out);
    }
}

/// What each of bridge's seven rules gives points for. `explain` says it so
/// in text and in JSON.
const BRIDGE_RULES: [&str; 7] = [
    "honours (A 4, K 3, Q 2, J 1)",
    "a king alone in its suit",
    "a queen with at most one other card",
    "a jack with at most two other cards",
    "each doubleton",
    "each singleton",
    "each void",
];

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
        for (number, (rule, points)) in BRIDGE_RULES.iter().zip(outcome.points_by_rule).enumerate()
        {
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

/// A card as its record's game writes it, with the bytes it was read from:
/// `{"card": "KS", "span": {"offset": 36, "length": 2}}`.
struct Written {
    alphabet: &'static Alphabet,
    card: Card,
}

impl Serialize for Written {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let text = self.alphabet.card_text(self.card);
        let mut card = serializer.serialize_struct("Card", 2)?;
        card.serialize_field(
            "card",
            std::str::from_utf8(&text).expect("card letters are ASCII"),
        )?;
        card.serialize_field("span", &self.card.span())?;
        card.end()
    }
}

/// A row of cards in one game's letters.
struct Cards<'a> {
    alphabet: &'static Alphabet,
    cards: &'a [Card],
}

impl Serialize for Cards<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let alphabet = self.alphabet;
        serializer.collect_seq(self.cards.iter().map(|&card| Written { alphabet, card }))
    }
}

/// Four values, one a suit in the order S H D C. They are written as an
/// object keyed by the suits' letters: `{"S": true, "H": false, ...}`.
struct BySuit<'a, T> {
    alphabet: &'static Alphabet,
    values: &'a [T; 4],
}

impl<T: Serialize> Serialize for BySuit<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(Suit::ALL.iter().map(|&suit| {
            (
                char::from(self.alphabet.suit_letter(suit)),
                &self.values[suit.index()],
            )
        }))
    }
}

/// `{"cards": [...], "span": ...}`.
impl Serialize for BridgeHand {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut hand = serializer.serialize_struct("BridgeHand", 2)?;
        hand.serialize_field(
            "cards",
            &Cards {
                alphabet: Game::Bridge.alphabet(),
                cards: &self.cards,
            },
        )?;
        hand.serialize_field("span", &self.span)?;
        hand.end()
    }
}

/// `{"name": {"text": ..., "span": ...}, "cards": [...], "span": ...}`.
impl Serialize for ChokerHand {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut hand = serializer.serialize_struct("ChokerHand", 3)?;
        hand.serialize_field("name", &self.name)?;
        hand.serialize_field(
            "cards",
            &Cards {
                alphabet: Game::Choker.alphabet(),
                cards: &self.cards,
            },
        )?;
        hand.serialize_field("span", &self.span)?;
        hand.end()
    }
}

/// `{"first": ..., "second": ..., "span": ...}`.
impl Serialize for ChokerPair {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut pair = serializer.serialize_struct("ChokerPair", 3)?;
        pair.serialize_field("first", &self.first)?;
        pair.serialize_field("second", &self.second)?;
        pair.serialize_field("span", &self.span)?;
        pair.end()
    }
}

/// `{"trump": {"suit": "H", "span": ...}, "plays": {"north": [...], ...},
/// "span": ...}`.
/// Each seat's thirteen cards are in trick order, under its name.
impl Serialize for WhistDeal {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Trump {
            suit: char,
            span: Span,
        }
        let alphabet = Game::Whist.alphabet();
        let plays = Seat::ALL.map(|seat| {
            (
                seat.name(),
                Cards {
                    alphabet,
                    cards: &self.plays[seat.index()],
                },
            )
        });
        let mut deal = serializer.serialize_struct("WhistDeal", 3)?;
        deal.serialize_field(
            "trump",
            &Trump {
                suit: char::from(alphabet.suit_letter(self.trump)),
                span: self.trump_span,
            },
        )?;
        deal.serialize_field("plays", &Map(plays))?;
        deal.serialize_field("span", &self.span)?;
        deal.end()
    }
}

/// Key-value pairs written as an object, in their order.
struct Map<K, V, const N: usize>([(K, V); N]);

impl<K: Serialize, V: Serialize, const N: usize> Serialize for Map<K, V, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(key, value)| (key, value)))
    }
}

/// One of bridge's rules and what it gave:
/// `{"rule": 1, "for": "honours (A 4, K 3, Q 2, J 1)", "points": 12}`.
#[derive(Serialize)]
struct RulePoints {
    rule: usize,
    #[serde(rename = "for")]
    reason: &'static str,
    points: i8,
}

/// The bid in the judge's words (`"BID S"`), and the suits by letter. Each
/// rule comes with what it counts.
impl Serialize for BridgeOutcome {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let alphabet = Game::Bridge.alphabet();
        let mut line = Vec::with_capacity(16);
        super::bridge_line(self, &mut line);
        let rules = std::array::from_fn::<_, 7, _>(|rule| RulePoints {
            rule: rule + 1,
            reason: BRIDGE_RULES[rule],
            points: self.points_by_rule[rule],
        });
        let mut outcome = serializer.serialize_struct("BridgeOutcome", 6)?;
        outcome.serialize_field("bid", super::judge_text(&line))?;
        outcome.serialize_field(
            "lengths",
            &BySuit {
                alphabet,
                values: &self.lengths,
            },
        )?;
        outcome.serialize_field("points_by_rule", &rules)?;
        outcome.serialize_field("points", &self.points)?;
        outcome.serialize_field("no_trump_points", &self.no_trump_points)?;
        outcome.serialize_field(
            "stopped",
            &BySuit {
                alphabet,
                values: &self.stopped,
            },
        )?;
        outcome.end()
    }
}

/// `{"category": "one pair", "tie_break": "7"}`, the rank in Choker's
/// letters. The tie break is `null` for the categories that always tie.
impl Serialize for HandValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let alphabet = Game::Choker.alphabet();
        let mut value = serializer.serialize_struct("HandValue", 2)?;
        value.serialize_field("category", &self.category)?;
        value.serialize_field(
            "tie_break",
            &self
                .tie_break
                .map(|rank| char::from(alphabet.rank_letter(rank))),
        )?;
        value.end()
    }
}

/// The tricks, and the tricks each team won, under its code: `{"NS": 6,
/// "EW": 7}`. Then the winner and its score.
impl Serialize for WhistOutcome {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let won = Map([
            (Team::NorthSouth.code(), self.tricks_won[0]),
            (Team::EastWest.code(), self.tricks_won[1]),
        ]);
        let mut outcome = serializer.serialize_struct("WhistOutcome", 4)?;
        outcome.serialize_field("tricks", &self.tricks)?;
        outcome.serialize_field("tricks_won", &won)?;
        outcome.serialize_field("winner", &self.winner)?;
        outcome.serialize_field("score", &self.score)?;
        outcome.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(value: impl Serialize) -> serde_json::Value {
        serde_json::to_value(value).unwrap()
    }

    /// The names in JSON are serde attributes on the types. These tests
    /// hold them to the words the text output uses.
    #[test]
    fn names_in_json_are_those_of_the_text() {
        for category in Category::ALL {
            assert_eq!(json(category), category.name().to_lowercase());
        }
        for seat in Seat::ALL {
            assert_eq!(json(seat), seat.name());
        }
        for team in [Team::NorthSouth, Team::EastWest] {
            assert_eq!(json(team), team.code());
        }
    }

    #[test]
    fn a_card_is_written_in_its_games_letters() {
        let chicken = Card::from_code(Game::Choker.alphabet().card_code(b'C', b'C'), 7);
        let written = |alphabet| {
            json(Written {
                alphabet,
                card: chicken,
            })
        };
        assert_eq!(
            written(Game::Choker.alphabet()),
            serde_json::json!({"card": "CC", "span": {"offset": 7, "length": 2}})
        );
        assert_eq!(written(Game::Bridge.alphabet())["card"], "AC");
    }
}
