//! A failing input cut down to one a person can read. It keeps the fewest
//! records that still fail. Then it lowers cards where the input still
//! fails. Every input tried is strict, so what is left is a valid test of
//! the problem.

use crate::ast::Game;

use super::{input_of, is_strict};

/// The smallest input of `records` that `fails`. `fails` runs the program
/// on a candidate's records and says whether it fails as before.
///
/// The record the output names first, `suspect`, is tried alone. If it
/// passes alone, the failure depends on what came before. Then the records
/// are cut down by delta debugging (Zeller's `ddmin`). That leaves a set
/// from which no one record can go. Then each card of what is left is
/// lowered to the lowest rank of its suit that keeps the input valid and
/// failing. The fewer the honours, the shorter the explanation.
pub fn shrink(
    game: Game,
    records: &[String],
    suspect: Option<usize>,
    mut fails: impl FnMut(&[String]) -> bool,
) -> Vec<String> {
    let alone = suspect
        .and_then(|index| records.get(index))
        .map(|record| vec![record.clone()])
        .filter(|alone| alone.len() < records.len() && fails(alone));
    let mut fewest = alone.unwrap_or_else(|| fewest_records(records.to_vec(), &mut fails));
    lower_cards(game, &mut fewest, &mut fails);
    fewest
}

/// Delta debugging over records. A subset that still fails replaces the
/// whole; failing that, a complement that still fails does. When neither
/// fails, the cuts get finer.
fn fewest_records(
    mut records: Vec<String>,
    fails: &mut impl FnMut(&[String]) -> bool,
) -> Vec<String> {
    let mut parts = 2;
    while records.len() >= 2 {
        let size = records.len().div_ceil(parts);
        let chunks: Vec<std::ops::Range<usize>> = (0..records.len())
            .step_by(size)
            .map(|start| start..(start + size).min(records.len()))
            .collect();
        let subset = chunks
            .iter()
            .find(|range| fails(&records[(*range).clone()]));
        if let Some(range) = subset {
            records = records[range.clone()].to_vec();
            parts = 2;
            continue;
        }
        let complement = chunks.iter().find_map(|range| {
            let rest: Vec<String> = records[..range.start]
                .iter()
                .chain(&records[range.end..])
                .cloned()
                .collect();
            (chunks.len() > 2 && fails(&rest)).then_some(rest)
        });
        if let Some(rest) = complement {
            records = rest;
            parts = (parts - 1).max(2);
            continue;
        }
        if parts >= records.len() {
            break;
        }
        parts = (parts * 2).min(records.len());
    }
    records
}

/// Lowers each card to the lowest rank that keeps the input strict and
/// failing, until no card can go lower.
fn lower_cards(game: Game, records: &mut [String], fails: &mut impl FnMut(&[String]) -> bool) {
    let ranks = game.alphabet().ranks;
    let mut lowered = true;
    while lowered {
        lowered = false;
        for index in 0..records.len() {
            for at in card_ranks(game, &records[index]) {
                let rank = records[index].as_bytes()[at];
                let lower = ranks.iter().take_while(|&&lower| lower != rank);
                for &lower in lower {
                    let mut tried = records.to_vec();
                    tried[index].replace_range(at..=at, &char::from(lower).to_string());
                    let input = input_of(game, &tried);
                    if is_strict(game, input.as_bytes()) && fails(&tried) {
                        records[index] = tried.swap_remove(index);
                        lowered = true;
                        break;
                    }
                }
            }
        }
    }
}

/// Where each card's rank letter stands in a strict record. A whist deal
/// has none to lower. Its 52 cards are the whole deck, so lowering one card
/// repeats another.
fn card_ranks(game: Game, record: &str) -> Vec<usize> {
    match game {
        Game::Bridge => (0..record.trim_end().len()).step_by(3).collect(),
        Game::Choker => {
            let mut ranks = Vec::new();
            let mut line_start = 0;
            for line in record.split_inclusive('\n') {
                if let Some(dash) = line.find('-') {
                    let cards = line.trim_end().len() - dash - 1;
                    ranks.extend((0..cards).step_by(2).map(|at| line_start + dash + 1 + at));
                }
                line_start += line.len();
            }
            ranks
        }
        Game::Whist => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|&text| text.to_owned()).collect()
    }

    /// A failure that needs two records apart is cut down to those two.
    #[test]
    fn delta_debugging_keeps_what_the_failure_needs() {
        let all = records(&["a", "b", "c", "d", "e", "f", "g"]);
        let needs =
            |tried: &[String]| tried.contains(&"b".to_owned()) && tried.contains(&"f".to_owned());
        let mut runs = 0;
        let fewest = fewest_records(all, &mut |tried: &[String]| {
            runs += 1;
            needs(tried)
        });
        assert_eq!(fewest, records(&["b", "f"]));
        assert!(runs < 30, "{runs} runs");
    }

    #[test]
    fn the_suspect_alone_is_tried_first() {
        let all = records(&["x\n", "y\n", "z\n"]);
        let fewest = shrink(Game::Whist, &all, Some(1), |tried| {
            tried.contains(&"y\n".to_owned())
        });
        assert_eq!(fewest, records(&["y\n"]));
    }

    /// Cards go as low as the failure lets them, and never repeat a card of
    /// the record.
    #[test]
    fn cards_are_lowered_while_the_input_still_fails() {
        let hand = records(&["KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D\n"]);
        // The failure: the hand holds the ace of clubs.
        let fewest = shrink(Game::Bridge, &hand, Some(0), |tried| {
            tried[0].contains("AC")
        });
        assert_eq!(
            fewest,
            records(&["2S 3S 2H 3H 4H AC 2C 3C 4C 2D 3D 4D 5D\n"])
        );
        let choker = records(&["Ann-1C3S2G5D4D\n", "Bob-QDKDQSKSJS\n"]);
        assert_eq!(card_ranks(Game::Choker, &choker[1]), [4, 6, 8, 10, 12]);
    }
}
