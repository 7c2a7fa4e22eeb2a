//! Analyse a malformed document in one call and walk what comes back, as
//! an editor or a program of its own would: every record with its outcome
//! (the well-formed ones are still evaluated), every diagnostic with its
//! code, place, message and help.
//!
//! Run with `cargo run --example diagnostics`.

use cardsharp::pipeline::analyze;
use cardsharp::render;
use cardsharp::syntax::{Layout, Mode};

const INPUT: &str = "\
KS QS 10H 8H 4H AC QC TC 5C KD QD JD 8D
AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H
Joey-1C3S2G5D4D
Clucky-QDKDQSKS1C
END
";

fn main() {
    let analysis = analyze(INPUT.as_bytes(), Mode::Auto, Layout::Lines);
    for analyzed in &analysis.records {
        let line = analyzed.lines.0.number;
        match (&analyzed.record, &analyzed.outcome) {
            (Some(record), Some(outcome)) => {
                let mut judged = Vec::new();
                render::judge_line(record, outcome, &mut judged);
                print!("line {line}: {}", String::from_utf8_lossy(&judged));
            }
            _ => println!("line {line}: a {} record with faults", analyzed.game.name()),
        }
    }
    println!();
    for located in &analysis.diagnostics {
        let diagnostic = &located.diagnostic;
        let description = diagnostic.describe();
        println!(
            "line {}: {}: {}",
            located.lines.0.number,
            diagnostic.scope.qualified_code(description.code),
            description.message
        );
        if let Some(help) = description.help {
            println!("  help: {help}");
        }
    }
}
