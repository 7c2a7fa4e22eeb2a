//! Fixes: each repair on its own, the fixer's promises (nothing touched
//! outside an edit, CRLF kept, a second run finds nothing), and a property
//! over generated documents with one safely fixable fault injected.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use cardsharp::diagnostic::{Applicability, Fix};
use cardsharp::fix::{apply, fix};
use cardsharp::generate::mixed_document;
use cardsharp::syntax::Mode;
use cardsharp::{Game, analyze};
use proptest::prelude::*;

use crate::support::root;

const HAND: &str = "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D";

/// The 52 cards of a whist deal, four play lines of 13.
const DEAL: &str = "H\n\
    2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS\n\
    2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH\n\
    2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD\n\
    2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC\n";

fn fixed(text: &str) -> String {
    String::from_utf8(fix(text.as_bytes(), Mode::Auto, false).text).unwrap()
}

fn fixed_unsafely(text: &str) -> String {
    String::from_utf8(fix(text.as_bytes(), Mode::Auto, true).text).unwrap()
}

fn codes(text: &str) -> Vec<&'static str> {
    analyze(text.as_bytes(), Mode::Auto)
        .diagnostics
        .iter()
        .map(|located| located.diagnostic.kind.code())
        .collect()
}

#[test]
fn cards_written_otherwise_are_rewritten() {
    let cases = [
        ("KS QS 10H 8H 4H AC QC TC 5C KD QD JD 8D", HAND.to_owned()),
        ("KS QS TH 8H 4H AC QC TC 5C kd QD JD 8D", HAND.to_owned()),
        ("KSQS TH 8H 4H AC QC TC 5C KD QD JD 8D", HAND.to_owned()),
        ("ks qs th 8h 4h ac qc tc 5c kd qd jd 8d", HAND.to_owned()),
        ("K♠ QS TH 8H 4H AC QC TC 5C KD QD JD 8D", HAND.to_owned()),
        ("k♠ QS TH 8H 4H AC QC TC 5C KD QD JD 8D", HAND.to_owned()),
        (
            "1. KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D",
            HAND.to_owned(),
        ),
        (
            "KS, QS, TH, 8H, 4H, AC, QC, TC, 5C, KD, QD, JD, 8D",
            HAND.to_owned(),
        ),
        ("SK SQ HT H8 H4 CA CQ CT C5 DK DQ DJ D8", HAND.to_owned()),
    ];
    for (input, output) in cases {
        assert_eq!(fixed(&format!("{input}\n")), format!("{output}\n"), "{input}");
    }
}

#[test]
fn a_choker_dash_left_out_is_written_before_the_cards() {
    assert_eq!(
        fixed("Joey-1C3S2G5D4D\nClucky QDKDQSKSJS\nEND\n"),
        "Joey-1C3S2G5D4D\nClucky -QDKDQSKSJS\nEND\n"
    );
    assert_eq!(
        fixed("JoeyQDKDQSKSJS\nClucky–1C3S2G5D4D\nEND\n"),
        "Joey-QDKDQSKSJS\nClucky-1C3S2G5D4D\nEND\n"
    );
}

#[test]
fn a_missing_terminator_gets_its_line_in_the_files_line_ending() {
    let pair = "Joey-1C3S2G5D4D\nClucky-QDKDQSKSJS\n";
    assert_eq!(fixed(pair), format!("{pair}END\n"));
    // No newline at the end: the terminator goes on a line of its own,
    // and the file still ends without one.
    assert_eq!(fixed(pair.trim_end()), format!("{pair}END"));
    let crlf = pair.replace('\n', "\r\n");
    assert_eq!(fixed(&crlf), format!("{crlf}END\r\n"));
    assert_eq!(fixed(crlf.trim_end()), format!("{crlf}END"));
    // A whist section closed where the bridge hands after it begin.
    assert_eq!(
        fixed(&format!("{DEAL}{HAND}\n")),
        format!("{DEAL}#\n{HAND}\n")
    );
    let deal = DEAL.replace('\n', "\r\n");
    assert_eq!(fixed(&deal), format!("{deal}#\r\n"));
}

#[test]
fn a_stray_terminator_loses_its_whole_line() {
    assert_eq!(fixed(&format!("#\n{HAND}\n")), format!("{HAND}\n"));
    assert_eq!(fixed(&format!("{HAND}\r\n  END \r\n{HAND}\r\n")), format!("{HAND}\r\n{HAND}\r\n"));
    assert_eq!(fixed(&format!("{HAND}\n#")), format!("{HAND}\n"));
}

#[test]
fn a_trump_or_terminator_written_otherwise_is_rewritten() {
    assert_eq!(
        fixed(&format!("{}#\n", DEAL.replacen('H', "Hearts", 1))),
        format!("{DEAL}#\n")
    );
    assert_eq!(
        fixed(&format!("{}#\n", DEAL.replacen('H', "\u{2665}", 1))),
        format!("{DEAL}#\n")
    );
    assert_eq!(
        fixed(&format!("{DEAL}# end\n")),
        format!("{DEAL}#\n")
    );
    assert_eq!(
        fixed("Joey-1C3S2G5D4D\nClucky-QDKDQSKSJS\nend\n"),
        "Joey-1C3S2G5D4D\nClucky-QDKDQSKSJS\nEND\n"
    );
}

/// Issue item 7: a bad token does not hide a repeat in its record, and
/// each fault is still one report.
#[test]
fn a_bad_token_hides_no_repeated_card() {
    let deal = format!("{}#\n", DEAL.replacen("2S", "H8", 1).replacen("4D", "3D", 1));
    assert_eq!(codes(&deal), ["not_a_card", "duplicate_card"]);
    let hand = "KS QS TH 8H 4H AC QC TC 5C KD QD KS X\n";
    assert_eq!(codes(hand), ["not_a_card", "duplicate_card"]);
    let pair = "Joey-1C3S2G5D4X\nClucky-1CKDQSKSJS\nEND\n";
    assert_eq!(codes(pair), ["bad_suit", "shared_card"]);
    // A line of two hands is one report, not a repeat between them.
    assert_eq!(codes(&format!("{HAND} {HAND}\n")), ["card_count"]);
}

/// The unsafe fixes: applied only when asked for.
#[test]
fn a_deal_that_lacks_one_card_gets_it_unsafely() {
    let clean = format!("{DEAL}#\n");
    let repeated = clean.replacen("7C", "7S", 1);
    assert_eq!(fixed(&repeated), repeated);
    let analysis = analyze(repeated.as_bytes(), Mode::Auto);
    let fixes = analysis.diagnostics[0].diagnostic.fixes();
    assert_eq!(fixes.len(), 2);
    assert!(fixes.iter().all(|fix| fix.applicability == Applicability::Unsafe));
    assert_eq!(fixed_unsafely(&repeated), clean);
    // The other fix writes the lacking card at the first copy instead.
    let first_copy = apply(repeated.as_bytes(), &fixes[1..]).0;
    assert!(!codes(std::str::from_utf8(&first_copy).unwrap()).contains(&"duplicate_card"));
    for bad in ["X7", "1C", "7X", "hello"] {
        let broken = clean.replacen("7C", bad, 1);
        assert_eq!(fixed(&broken), broken, "{bad}");
        assert_eq!(fixed_unsafely(&broken), clean, "{bad}");
    }
    // Two cards lacking: no guess.
    let two = clean.replacen("7C", "X7", 1).replacen("8C", "X8", 1);
    assert_eq!(fixed_unsafely(&two), two);
}
