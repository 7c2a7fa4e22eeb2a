//! How the interpreter reaches an evaluator, by adding one: a count of
//! high-card points (rule 1 of the bridge statement alone) for bridge
//! hands, as a second evaluator over the same typed record.
//!
//! Each record type implements `interpret::Evaluate`; code written against
//! the trait, like `evaluate_all` below, runs any game's evaluator. A new
//! game adds its record type to `ast`, its rules to `syntax` and `check`,
//! and an `Evaluate` implementation; a new view of an old game, as here, is
//! only a type and an implementation.
//!
//! Run with `cargo run --example add_evaluator`.

use cardsharp::ast::{BridgeHand, Rank, Record};
use cardsharp::interpret::Evaluate;
use cardsharp::syntax::document::document;
use cardsharp::syntax::{self, Block, Mode};

/// A bridge hand seen by the new evaluator.
struct HighCardPoints<'a>(&'a BridgeHand);

impl Evaluate for HighCardPoints<'_> {
    type Outcome = u8;

    fn evaluate(&self) -> u8 {
        self.0
            .cards
            .iter()
            .map(|card| match card.rank() {
                Rank::HIGHEST => 4,
                Rank::KING => 3,
                Rank::QUEEN => 2,
                Rank::JACK => 1,
                _ => 0,
            })
            .sum()
    }
}

/// Any evaluator, over any records it accepts.
fn evaluate_all<R: Evaluate>(records: &[R]) -> Vec<R::Outcome> {
    records.iter().map(Evaluate::evaluate).collect()
}

fn main() {
    let input = b"KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D\nAC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H\n";
    let block = Block {
        bytes: input,
        base: 0,
    };
    let mut hands = Vec::new();
    document(block, Mode::Auto, &mut |frame| {
        if let Some(Record::Bridge(hand)) = syntax::record(&frame, &block, &mut Vec::new()) {
            hands.push(hand);
        }
    });
    let seen: Vec<HighCardPoints> = hands.iter().map(HighCardPoints).collect();
    for (points, outcome) in evaluate_all(&seen).into_iter().zip(evaluate_all(&hands)) {
        println!(
            "{points} high-card points; the statement's evaluator bids {:?}",
            outcome.bid
        );
    }
}
