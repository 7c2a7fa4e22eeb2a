//! The rules the grammar cannot express, run on parsed records: no card
//! twice in a hand or deal, the two Choker hands from one deck, whist plays
//! that follow suit. A record that passes is safe to evaluate.

use crate::ast::{Card, ChokerPair, Game, Record, WhistDeal};
use crate::diagnostic::{Diagnostic, Kind, Scope};
use crate::interpret::whist::trick_winner;

/// Pushes a diagnostic for every rule `record` breaks; `true` when none.
pub fn record(record: &Record, diagnostics: &mut Vec<Diagnostic>) -> bool {
    let reported_before = diagnostics.len();
    match record {
        Record::Bridge(hand) => duplicates(&hand.cards, Game::Bridge, diagnostics),
        Record::Choker(pair) => choker_pair(pair, diagnostics),
        Record::Whist(deal) => whist_deal(deal, diagnostics),
    }
    diagnostics.len() == reported_before
}

/// Reports each card that repeats one before it, pointing at both copies.
fn duplicates(cards: &[Card], game: Game, diagnostics: &mut Vec<Diagnostic>) {
    let mut seen = 0u64;
    for (position, card) in cards.iter().enumerate() {
        let bit = 1u64 << card.index();
        if seen & bit != 0 {
            let first = cards[..position]
                .iter()
                .find(|other| other.same_card(*card))
                .map_or(card.span, |other| other.span);
            diagnostics.push(Diagnostic::new(
                Scope::Game(game),
                Kind::DuplicateCard { first },
                card.span,
            ));
        }
        seen |= bit;
    }
}

/// Within a hand a repeat is a duplicate; across the two hands it is a
/// shared card, since both hands come from one deck.
fn choker_pair(pair: &ChokerPair, diagnostics: &mut Vec<Diagnostic>) {
    duplicates(&pair.first.cards, Game::Choker, diagnostics);
    duplicates(&pair.second.cards, Game::Choker, diagnostics);
    for card in &pair.second.cards {
        if let Some(first) = pair.first.cards.iter().find(|other| other.same_card(*card)) {
            diagnostics.push(Diagnostic::new(
                Scope::Game(Game::Choker),
                Kind::SharedCard { first: first.span },
                card.span,
            ));
        }
    }
}

/// 52 distinct cards, then each trick replayed: a player who leaves the
/// suit led while a card of it is still in their hand (played in a later
/// trick) has revoked.
fn whist_deal(deal: &WhistDeal, diagnostics: &mut Vec<Diagnostic>) {
    let reported_before = diagnostics.len();
    duplicates(deal.plays.as_flattened(), Game::Whist, diagnostics);
    if diagnostics.len() > reported_before {
        return;
    }
    let mut leader = 0;
    for trick in 0..13 {
        let led = deal.plays[leader][trick];
        for seat in 0..4 {
            let played = deal.plays[seat][trick];
            if played.suit == led.suit {
                continue;
            }
            let still_held = deal.plays[seat][trick + 1..]
                .iter()
                .find(|card| card.suit == led.suit);
            if let Some(held) = still_held {
                diagnostics.push(Diagnostic::new(
                    Scope::Game(Game::Whist),
                    Kind::Revoke {
                        trick: trick + 1,
                        held: held.span,
                        led: led.span,
                    },
                    played.span,
                ));
            }
        }
        leader = trick_winner(deal, trick, leader);
    }
}
