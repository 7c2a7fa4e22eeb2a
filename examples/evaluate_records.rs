//! The pipeline by hand, one record at a time: frame lines into records,
//! parse each into the typed AST, check it, evaluate it, print the result
//! and the reasoning the outcome keeps.
//!
//! Run with `cargo run --example evaluate_records`.

use cardsharp::ast::Record;
use cardsharp::interpret::{self, Outcome};
use cardsharp::syntax::document::document;
use cardsharp::syntax::{self, Block, Mode};
use cardsharp::{check, render};

const INPUT: &str = "\
KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D
Henry-TCJCQCKCCC
Herbert-CSTSQSKSJS
END
";

fn main() {
    let block = Block {
        bytes: INPUT.as_bytes(),
        base: 0,
    };
    // Framing: which lines make a record. It never fails.
    let mut frames = Vec::new();
    document(block, Mode::Auto, &mut |frame| frames.push(frame));

    for frame in &frames {
        let mut diagnostics = Vec::new();
        // Parsing gives the typed record, or diagnostics.
        let Some(record) = syntax::record(frame, &block, &mut diagnostics) else {
            println!("not a record: {diagnostics:?}");
            continue;
        };
        // Checking refuses what the grammar cannot (duplicated cards...).
        if !check::record(&record, &mut diagnostics) {
            println!("refused: {diagnostics:?}");
            continue;
        }
        // Evaluation is a pure function of the record.
        let outcome = interpret::evaluate(&record);
        let mut line = Vec::new();
        render::judge_line(&record, &outcome, &mut line);
        print!("{}", String::from_utf8_lossy(&line));
        match (&record, &outcome) {
            (Record::Bridge(_), Outcome::Bridge(bridge)) => println!(
                "  {} points ({} for no-trump), suit lengths S H D C: {:?}",
                bridge.points, bridge.no_trump_points, bridge.lengths
            ),
            (Record::Choker(pair), Outcome::Choker(choker)) => println!(
                "  {}: {}, {}: {}",
                pair.first.name.as_str(),
                choker.first.category.name(),
                pair.second.name.as_str(),
                choker.second.category.name()
            ),
            _ => {}
        }
    }
}
