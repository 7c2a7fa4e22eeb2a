//! The interpreter: each checked record to its game's evaluator.
//!
//! Evaluators are pure functions from a record to an outcome. An outcome holds
//! the answer and the reasoning behind it: points by rule, hand categories,
//! trick winners. So `explain` shows it without recomputing. Evaluators trust
//! their input: the checker has already refused records that break a rule.

pub mod bridge;
pub mod choker;
pub mod whist;

use serde::Serialize;

use crate::ast::{BridgeHand, ChokerPair, Record, WhistDeal};

/// What evaluating one record gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Outcome {
    Bridge(bridge::BridgeOutcome),
    Choker(choker::ChokerOutcome),
    Whist(whist::WhistOutcome),
}

/// Dispatches `record` to its game's evaluator.
#[must_use]
pub fn evaluate(record: &Record) -> Outcome {
    match record {
        Record::Bridge(hand) => Outcome::Bridge(bridge::evaluate(hand)),
        Record::Choker(pair) => Outcome::Choker(choker::evaluate(pair)),
        Record::Whist(deal) => Outcome::Whist(whist::evaluate(deal)),
    }
}

/// A record type with an evaluator: how the interpreter reaches each game. A
/// new game adds its record type to the AST, and an evaluator module here. It
/// also adds an implementation of this trait (see `examples/add_evaluator.rs`).
pub trait Evaluate {
    type Outcome: Serialize;

    fn evaluate(&self) -> Self::Outcome;
}

impl Evaluate for BridgeHand {
    type Outcome = bridge::BridgeOutcome;

    #[inline(always)]
    fn evaluate(&self) -> Self::Outcome {
        bridge::evaluate(self)
    }
}

impl Evaluate for ChokerPair {
    type Outcome = choker::ChokerOutcome;

    #[inline(always)]
    fn evaluate(&self) -> Self::Outcome {
        choker::evaluate(self)
    }
}

impl Evaluate for WhistDeal {
    type Outcome = whist::WhistOutcome;

    #[inline(always)]
    fn evaluate(&self) -> Self::Outcome {
        whist::evaluate(self)
    }
}
