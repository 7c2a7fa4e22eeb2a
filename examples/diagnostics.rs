//! Parse a malformed document and print every diagnostic, as `cardsharp
//! check` does: the pipeline reports each fault of each record, and still
//! evaluates the records that are well formed.
//!
//! Run with `cargo run --example diagnostics`.

use cardsharp::pipeline::{Action, OutputFormat, Settings, run_bytes};
use cardsharp::render::DiagnosticFormat;
use cardsharp::syntax::Mode;

const INPUT: &str = "\
KS QS 10H 8H 4H AC QC TC 5C KD QD JD 8D
AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H
Joey-1C3S2G5D4D
Clucky-QDKDQSKS1C
END
";

fn main() {
    let settings = Settings {
        mode: Mode::Auto,
        action: Action::Run,
        output: OutputFormat::Text,
        diagnostics: DiagnosticFormat::Human {
            color: false,
            width: 80,
        },
    };
    let (results, reports, tally) = run_bytes("example.txt", INPUT.as_bytes(), &settings);
    println!(
        "{} records evaluated, {} errors:\n",
        tally.records, tally.errors
    );
    print!("{results}");
    println!();
    print!("{reports}");
}
