//! The rules the grammar cannot express, run on parsed records. No card is
//! twice in a hand or deal. The two Choker hands come from one deck. Whist
//! plays follow suit. A record that passes is safe to evaluate.

use crate::ast::{
    BridgeHand, Card, CardSet, ChokerPair, Game, Rank, Record, Seat, Suit, WhistDeal,
};
use crate::diagnostic::{Diagnostic, Kind, RevokeCause, Scope};
use crate::interpret::whist::{self, Trick};
use crate::syntax::CardsRead;

/// Pushes a diagnostic for every rule `record` breaks. `true` when none.
pub fn record(record: &Record, diagnostics: &mut Vec<Diagnostic>) -> bool {
    match record {
        Record::Bridge(hand) => bridge_hand(hand, diagnostics),
        Record::Choker(pair) => choker_pair(pair, diagnostics),
        Record::Whist(deal) => whist_deal(deal, diagnostics),
    }
}

/// No card twice in the hand. `true` when none is.
#[inline(always)]
pub fn bridge_hand(hand: &BridgeHand, diagnostics: &mut Vec<Diagnostic>) -> bool {
    duplicates(&hand.cards, Game::Bridge, diagnostics)
}

/// Reports each card that repeats one before it, pointing at both copies.
/// `true` when there is none.
#[inline]
fn duplicates(cards: &[Card], game: Game, diagnostics: &mut Vec<Diagnostic>) -> bool {
    CardSet::of(cards).len() == cards.len() || report_duplicates(cards, game, diagnostics)
}

#[cold]
#[inline(never)]
fn report_duplicates(cards: &[Card], game: Game, diagnostics: &mut Vec<Diagnostic>) -> bool {
    let mut seen = 0u64;
    let mut distinct = true;
    for (position, card) in cards.iter().enumerate() {
        let bit = 1u64 << card.index();
        if seen & bit != 0 {
            distinct = false;
            let first = cards[..position]
                .iter()
                .find(|other| other.same_card(*card))
                .map_or(card.span(), |other| other.span());
            diagnostics.push(Diagnostic::new(
                Scope::Game(game),
                Kind::DuplicateCard {
                    first,
                    lacking: (game == Game::Whist).then(|| lacking(cards)).flatten(),
                },
                card.span(),
            ));
        }
        seen |= bit;
    }
    distinct
}

/// The one card of the whist deck that `cards` lack, for 52 cards with one
/// repeat. Either copy of the repeat may have been meant as that card. `None`
/// unless exactly one card is lacking.
fn lacking(cards: &[Card]) -> Option<Card> {
    let held = CardSet::of(cards);
    (cards.len() == 52 && held.len() == 51)
        .then(|| lacking_from(held))
        .flatten()
}

/// The first card of the whist deck that `held` lacks.
fn lacking_from(held: CardSet) -> Option<Card> {
    let alphabet = Game::Whist.alphabet();
    let ranks = alphabet.lowest..alphabet.lowest + 13;
    Suit::ALL
        .into_iter()
        .flat_map(|suit| {
            ranks
                .clone()
                .map(move |rank| Card::new(Rank(rank), suit, 0))
        })
        .find(|card| !held.contains(*card))
}

/// The rules of a record whose syntax has faults, on the cards that were read.
/// So a bad token never hides a repeat in the same record. A deal holding `H8`
/// and a second `3D` gets both reports. A whist deal may have one bad token as
/// its only fault, with its 51 other cards distinct. It then lacks exactly one
/// card, and that token's report gets it as its fix. `diagnostics` holds the
/// record's reports so far.
pub fn cards_read(read: &CardsRead, diagnostics: &mut Vec<Diagnostic>) {
    match read {
        CardsRead::Bridge(cards) => {
            duplicates(cards, Game::Bridge, diagnostics);
        }
        CardsRead::Choker([first, second]) => {
            duplicates(first, Game::Choker, diagnostics);
            duplicates(second, Game::Choker, diagnostics);
            shared(first, second, diagnostics);
        }
        CardsRead::Whist { plays, span } => {
            let cards = plays.concat();
            let distinct = duplicates(&cards, Game::Whist, diagnostics);
            let within = |diagnostic: &Diagnostic| {
                diagnostic.span.offset >= span.offset && diagnostic.span.end() <= span.end()
            };
            let mut in_plays = diagnostics
                .iter_mut()
                .filter(|diagnostic| within(diagnostic));
            if let (true, 51, Some(only), None) =
                (distinct, cards.len(), in_plays.next(), in_plays.next())
            {
                let card = lacking_from(CardSet::of(&cards));
                if let Kind::NotACard { lacking, .. }
                | Kind::BadRank { lacking, .. }
                | Kind::BadSuit { lacking, .. } = &mut only.kind
                {
                    *lacking = card;
                }
            }
        }
    }
}

/// Within a hand a repeat is a duplicate. Across the two hands it is a shared
/// card, since both hands come from one deck. `true` when clean.
#[inline(always)]
pub fn choker_pair(pair: &ChokerPair, diagnostics: &mut Vec<Diagnostic>) -> bool {
    let (first, second) = (
        CardSet::of(&pair.first.cards),
        CardSet::of(&pair.second.cards),
    );
    if first.len() == 5 && second.len() == 5 && !first.intersects(second) {
        return true;
    }
    let mut clean = duplicates(&pair.first.cards, Game::Choker, diagnostics);
    clean &= duplicates(&pair.second.cards, Game::Choker, diagnostics);
    shared(&pair.first.cards, &pair.second.cards, diagnostics) && clean
}

/// Reports each card of `second` that `first` holds too. `true` when none.
fn shared(first: &[Card], second: &[Card], diagnostics: &mut Vec<Diagnostic>) -> bool {
    let mut clean = true;
    for card in second {
        if let Some(earlier) = first.iter().find(|other| other.same_card(*card)) {
            clean = false;
            diagnostics.push(Diagnostic::new(
                Scope::Game(Game::Choker),
                Kind::SharedCard {
                    first: earlier.span(),
                },
                card.span(),
            ));
        }
    }
    clean
}

/// 52 distinct cards, then each trick replayed. A player has revoked who leaves
/// the suit led while still holding a card of it, played in a later trick.
/// `true` when clean.
pub fn whist_deal(deal: &WhistDeal, diagnostics: &mut Vec<Diagnostic>) -> bool {
    whist_cards(deal, diagnostics) && whist_plays(deal, &whist::leaders(deal), diagnostics)
}

/// The first half of [`whist_deal`]: 52 distinct cards. Without them a replay
/// means nothing.
#[inline(always)]
pub(crate) fn whist_cards(deal: &WhistDeal, diagnostics: &mut Vec<Diagnostic>) -> bool {
    duplicates(deal.plays.as_flattened(), Game::Whist, diagnostics)
}

/// The second half of [`whist_deal`]: the plays follow suit. It is given who
/// led each trick in the replay of the deal's distinct cards. The pipeline has
/// that from the evaluation when it runs one. So a deal is replayed once.
#[inline(always)]
pub(crate) fn whist_plays(
    deal: &WhistDeal,
    leaders: &[impl Led; 13],
    diagnostics: &mut Vec<Diagnostic>,
) -> bool {
    follows_suit(deal, leaders) || report_revokes(deal, leaders, diagnostics)
}

/// Who led a trick, as the replay tells it. That is a replayed [`Trick`] when
/// the deal was evaluated, or the bare [`Seat`] when only its leaders were
/// needed. Either serves the check as it is, without a copy.
pub(crate) trait Led {
    fn leader(&self) -> Seat;
}

impl Led for Seat {
    fn leader(&self) -> Seat {
        *self
    }
}

impl Led for Trick {
    fn leader(&self) -> Seat {
        self.leader
    }
}

/// Whether every play follows suit when it can. It works in masks over the 13
/// tricks rather than a walk through the hands. A player revokes in a trick
/// where a suit was led that they play later but not in this trick. So take
/// each seat and suit, and the tricks where that suit was led before the seat's
/// last card of it. They must all be tricks where the seat played it. No branch
/// on the cards, which are as good as random.
#[inline(always)]
// Truncates on purpose: one suit's 16 bits are the part wanted.
#[allow(clippy::cast_possible_truncation)]
fn follows_suit(deal: &WhistDeal, leaders: &[impl Led; 13]) -> bool {
    // Sixteen bits a suit, with bit `trick` set where the suit was played (by
    // one seat) or led. Kept in registers: an array updated in memory would
    // wait on its own stores.
    let by_suit = |card: Card, trick: usize| 1u64 << (16 * (card.suit().index() % 4) + trick);
    let mut played = [0; 4];
    for (played, row) in played.iter_mut().zip(&deal.plays) {
        *played = row
            .iter()
            .enumerate()
            .fold(0, |played, (trick, &card)| played | by_suit(card, trick));
    }
    let led = leaders.iter().enumerate().fold(0, |led, (trick, leader)| {
        led | by_suit(deal.plays[leader.leader().index()][trick], trick)
    });
    let mut revoked = 0;
    for played in played {
        for suit in 0..4 {
            let (played, led) = ((played >> (16 * suit)) as u16, (led >> (16 * suit)) as u16);
            // The trick of the seat's last card of this suit, as a bit (none
            // when there is no such card). Then the tricks before it.
            let last = (1u32 << (16 - played.leading_zeros())) >> 1;
            revoked |= u32::from(led & !played) & last.saturating_sub(1);
        }
    }
    revoked == 0
}

/// Reports each revoke, with the card led and a card of its suit that the
/// player still held. `true` when there is none.
///
/// A revoke that an earlier one may explain is still reported, marked as
/// following from it rather than folded in. As written, the record breaks the
/// rule there too. A player can revoke twice, so dropping it could hide a
/// fault. Two causes are marked, each a fact checked on the record, not a
/// guess. One is the same player's earlier revoke with a card that, swapped
/// with this one, makes both tricks follow suit. That is one slip seen twice.
/// The other, for any player, is a trick after an unexplained revoke that would
/// follow suit had another seat led it. Who leads comes from a replay through
/// that revoke's trick, whose winner it may have changed.
fn report_revokes(
    deal: &WhistDeal,
    leaders: &[impl Led; 13],
    diagnostics: &mut Vec<Diagnostic>,
) -> bool {
    let reported_before = diagnostics.len();
    // Each revoke so far: the seat, the trick, the card played, the card led.
    // And the last trick with a revoke no earlier one explains.
    let mut revokes: Vec<(Seat, usize, Card, Card)> = Vec::new();
    let mut unexplained: Option<usize> = None;
    for (trick, leader) in leaders.iter().enumerate() {
        let leader = leader.leader();
        let led = deal.plays[leader.index()][trick];
        let mut unexplained_here = false;
        for seat in Seat::ALL {
            let Some(held) = held_back(deal, trick, seat, led) else {
                continue;
            };
            let played = deal.plays[seat.index()][trick];
            let swap = revokes
                .iter()
                .find(|&&(by, _, earlier_played, earlier_led)| {
                    by == seat
                        && played.suit() == earlier_led.suit()
                        && earlier_played.suit() == led.suit()
                })
                .map(|&(_, earlier, card, _)| RevokeCause::Swap {
                    trick: earlier + 1,
                    card,
                });
            let follows = swap.or_else(|| {
                let earlier = unexplained?;
                let other = Seat::ALL.into_iter().find(|&other| {
                    other != leader
                        && Seat::ALL.into_iter().all(|seat| {
                            held_back(deal, trick, seat, deal.plays[other.index()][trick]).is_none()
                        })
                })?;
                Some(RevokeCause::Lead {
                    trick: earlier + 1,
                    leader: other,
                })
            });
            unexplained_here |= follows.is_none();
            revokes.push((seat, trick, played, led));
            diagnostics.push(Diagnostic::new(
                Scope::Game(Game::Whist),
                Kind::Revoke {
                    trick: trick + 1,
                    seat,
                    leader,
                    played,
                    led,
                    held,
                    follows,
                },
                played.span(),
            ));
        }
        if unexplained_here {
            unexplained = Some(trick);
        }
    }
    diagnostics.len() == reported_before
}

/// The card of `led`'s suit that `seat` keeps for a later trick while playing
/// another suit in `trick`. It is the revoke's proof. `None` when the seat
/// follows suit or has no such card left.
fn held_back(deal: &WhistDeal, trick: usize, seat: Seat, led: Card) -> Option<Card> {
    let row = &deal.plays[seat.index()];
    if row[trick].suit() == led.suit() {
        return None;
    }
    row[trick + 1..]
        .iter()
        .find(|card| card.suit() == led.suit())
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::Span;
    use crate::generate::Generator;
    use crate::syntax::{Block, Lines, whist};

    /// Legal deals from the generator, and the same deals with two plays of one
    /// seat swapped. The swap often makes a revoke.
    fn deals() -> Vec<WhistDeal> {
        let mut generator = Generator::new(7, false);
        let mut deals = Vec::new();
        for round in 0..400 {
            let mut text = String::new();
            generator.whist_deal(&mut text);
            let block = Block {
                bytes: text.as_bytes(),
                base: 0,
            };
            let lines: Vec<_> = Lines::new(block, 1).collect();
            let lines: [_; 5] = lines.try_into().expect("a deal is five lines");
            let deal = whist::deal(
                &lines,
                &mut Vec::new(),
                crate::syntax::read::records_on_one_line,
            )
            .expect("generated deals parse");
            let mut swapped = deal.clone();
            let seat = round % 4;
            swapped.plays[seat].swap(round % 13, (round / 4) % 13);
            deals.extend([deal, swapped]);
        }
        deals
    }

    /// The reports of the deal written in `text`, as the check gives them.
    fn revokes(text: &str) -> Vec<Diagnostic> {
        let block = Block {
            bytes: text.as_bytes(),
            base: 0,
        };
        let lines: Vec<_> = Lines::new(block, 1).collect();
        let lines: [_; 5] = lines.try_into().expect("a deal is five lines");
        let deal = whist::deal(
            &lines,
            &mut Vec::new(),
            crate::syntax::read::records_on_one_line,
        )
        .expect("the deal parses");
        let mut diagnostics = Vec::new();
        assert!(!whist_deal(&deal, &mut diagnostics));
        diagnostics
    }

    /// East's 2H and TC swapped (examples/malformed/whist.revoke.txt). Trick 1
    /// is the revoke, trick 8 the same slip seen again.
    const ONE_SWAP: &str = "H\n4C 8H QS 5D JD KS 8S AH 6H 7H 3S 7S 6D\n2H JC JS KD AC QC QD TC QH 3H 3C 7C 4D\n6C 9C AS TD 5H 6S 5S KH TH AD 9S 8D 2D\n8C 5C 2S 7D KC 4S TS JH 4H 9H 2C 9D 3D";

    #[test]
    fn a_revoke_names_the_player_the_trick_and_the_cards() {
        let reports = revokes(ONE_SWAP);
        assert_eq!(reports.len(), 2);
        assert_eq!(
            reports[0].message(),
            "east played 2H on north's 4C lead in trick 1 while holding JC"
        );
        assert_eq!(reports[0].span, Span::new(41, 2));
        assert_eq!(
            reports[0].help().unwrap(),
            "a player must follow the suit led when able"
        );
        assert_eq!(
            reports[1].message(),
            "east played TC on west's JH lead in trick 8 while holding QH: \
             this follows from the revoke in trick 1"
        );
        assert_eq!(reports[1].span, Span::new(62, 2));
        assert_eq!(
            reports[1].help().unwrap(),
            "fix trick 1 first: were `2H` and `TC` swapped? that makes both tricks follow suit"
        );
    }

    /// South's 9C and 5H swapped as well. South trumps trick 2, so the replay
    /// has east lead tricks 6 to 8. The plays there that follow suit under
    /// north's lead are marked as following from trick 2.
    #[test]
    fn revokes_after_a_changed_lead_are_marked() {
        let text = ONE_SWAP.replacen("6C 9C AS TD 5H", "6C 5H AS TD 9C", 1);
        let causes: Vec<_> = revokes(&text)
            .iter()
            .map(|report| match report.kind {
                Kind::Revoke { trick, follows, .. } => (trick, follows),
                _ => panic!("{report:?}"),
            })
            .collect();
        let north = Some(RevokeCause::Lead {
            trick: 2,
            leader: Seat::North,
        });
        assert_eq!(
            causes,
            [
                (1, None),
                (2, None),
                (6, north),
                (7, north),
                (7, north),
                (7, north),
                (8, None)
            ]
        );
    }

    /// `follows_suit` is the fast answer, `report_revokes` the exact one (Whist
    /// rule: follow suit when able). They must agree on every deal.
    #[test]
    fn the_fast_revoke_check_agrees_with_the_exact_one() {
        let mut revoking = 0;
        for deal in deals() {
            let leaders = crate::interpret::whist::leaders(&deal);
            let exact = report_revokes(&deal, &leaders, &mut Vec::new());
            assert_eq!(follows_suit(&deal, &leaders), exact, "{deal:?}");
            revoking += usize::from(!exact);
        }
        assert!(revoking > 100, "the swaps made only {revoking} revokes");
    }
}
