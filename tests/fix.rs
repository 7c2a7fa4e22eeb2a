//! Fixes: each repair on its own, the fixer's promises (nothing touched
//! outside an edit, CRLF kept, a second run finds nothing), and a property
//! over generated documents with one safely fixable fault injected.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use cardsharp::analyze;
use cardsharp::ast::Game;
use cardsharp::diagnostic::{Applicability, Fix};
use cardsharp::fix::{apply, fix};
use cardsharp::generate::{mixed_document, reflowed};
use cardsharp::pipeline::{Action, OutputFormat, Settings, run_bytes};
use cardsharp::render::DiagnosticFormat;
use cardsharp::syntax::{Layout, Mode};
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
    String::from_utf8(fix(text.as_bytes(), Mode::Auto, Layout::Lines, false).text).unwrap()
}

fn fixed_unsafely(text: &str) -> String {
    String::from_utf8(fix(text.as_bytes(), Mode::Auto, Layout::Lines, true).text).unwrap()
}

fn codes(text: &str) -> Vec<&'static str> {
    analyze(text.as_bytes(), Mode::Auto, Layout::Lines)
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
        ("1. KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D", HAND.to_owned()),
        (
            "KS, QS, TH, 8H, 4H, AC, QC, TC, 5C, KD, QD, JD, 8D",
            HAND.to_owned(),
        ),
        ("SK SQ HT H8 H4 CA CQ CT C5 DK DQ DJ D8", HAND.to_owned()),
    ];
    for (input, output) in cases {
        assert_eq!(
            fixed(&format!("{input}\n")),
            format!("{output}\n"),
            "{input}"
        );
    }
}

/// A fault in a section's first token, in the tokens layout and auto:
/// what the token was meant to be still opens its section, so that the
/// fault is the section's own and fixed as in the lines layout.
#[test]
fn a_fault_in_a_sections_first_token_is_fixed_in_the_tokens_layout() {
    let cases = [
        (
            "Al1C3S2G5D4D Bo-7G8GTDJD4S END\n",
            "Al-1C3S2G5D4D Bo-7G8GTDJD4S END\n",
        ),
        (
            "KSQS TH 8H 4H AC QC TC 5C KD QD JD 8D\n",
            "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D\n",
        ),
        // A whist section's `#` left out before a Choker section: the `#`
        // goes after the last deal, and the Choker `END` stays.
        (
            &format!("{DEAL}Al-1C3S2G5D4D Bo-7G8GTDJD4S END\n"),
            &format!("{DEAL}#\nAl-1C3S2G5D4D Bo-7G8GTDJD4S END\n"),
        ),
        // The dash left out where a bridge section's next hand would
        // begin: the Choker section begins there.
        (
            &format!("{HAND}\nAl1C3S2G5D4D Bo-7G8GTDJD4S END\n"),
            &format!("{HAND}\nAl-1C3S2G5D4D Bo-7G8GTDJD4S END\n"),
        ),
        // A hand without its dash, all letters, and the next hand after
        // a blank: two hands, not one name across the blank.
        (
            "AlQDJDQCKDTD Bo-8CJC4C2D2C\tCy-9D2GTS3STG Xy-4G8C1CTDKS END\n",
            "Al-QDJDQCKDTD Bo-8CJC4C2D2C\tCy-9D2GTS3STG Xy-4G8C1CTDKS END\n",
        ),
        // Likewise when the next hand's name stands apart from its dash,
        // at the section's start and between a pair's hands.
        // A blank for the dash, where the section begins: the dash takes
        // the blank's place, as in the lines layout.
        (
            "Al 1C3S2G5D4D Bo-7G8GTDJD4S END\n",
            "Al-1C3S2G5D4D Bo-7G8GTDJD4S END\n",
        ),
        (
            "AlKGQGJGTGCG Bo - QDKDQSKSJS END\n",
            "Al-KGQGJGTGCG Bo - QDKDQSKSJS END\n",
        ),
        (
            "Bo-QDKDQSKSJS AlKGQGJGTGCG Cy - 1C3S2G5D4D Di-7G8GTDJD4S END\n",
            "Bo-QDKDQSKSJS Al-KGQGJGTGCG Cy - 1C3S2G5D4D Di-7G8GTDJD4S END\n",
        ),
    ];
    for (broken, repaired) in cases {
        let fixed = fix(broken.as_bytes(), Mode::Auto, Layout::Tokens, false);
        assert_eq!(String::from_utf8(fixed.text).unwrap(), repaired, "{broken}");
    }
}

/// A whist section's `#` left out before bridge hands: in the tokens
/// layout, the hands' first card stands where the next deal's trump would.
/// However many hands follow, and whatever follows them, the `#` goes
/// after the last deal and the hands are read as hands, in both layouts.
/// Four rows of cards that are a whole deck, where a trump belongs, are a
/// deal that lacks its trump, which has no fix.
#[test]
fn a_whist_hash_left_out_before_bridge_hands_is_fixed() {
    let hands = |count: usize| format!("{HAND}\n").repeat(count);
    let next_deal = format!("{}#\n", DEAL.replacen('H', "S", 1));
    let pair = "Al-1C3S2G5D4D\nBo-7G8GTDJD4S\nEND\n";
    // The first name apart from its dash: a word of letters where a
    // deal's card would be, which the dash after it makes a name.
    let apart = "Al - 1C3S2G5D4D\nBo-7G8GTDJD4S\nEND\n";
    let cases = [
        (1, ""),
        (2, ""),
        (4, ""),
        (5, ""),
        (3, next_deal.as_str()),
        (4, next_deal.as_str()),
        (1, pair),
        (4, pair),
        (1, apart),
        (3, apart),
        (4, apart),
    ];
    for layout in [Layout::Lines, Layout::Tokens] {
        for (count, after) in cases {
            let broken = format!("{DEAL}{}{after}", hands(count));
            let repaired = format!("{DEAL}#\n{}{after}", hands(count));
            let fixed = fix(broken.as_bytes(), Mode::Auto, layout, false);
            assert_eq!(
                String::from_utf8(fixed.text).unwrap(),
                repaired,
                "{layout:?} {broken}"
            );
            let analysis = analyze(repaired.as_bytes(), Mode::Auto, layout);
            assert!(analysis.diagnostics.is_empty(), "{repaired}");
        }
        let trumpless = DEAL.replacen("H\n", "", 1);
        for after in ["#\n", &next_deal] {
            let broken = format!("{DEAL}{trumpless}{after}");
            let fixed = fix(broken.as_bytes(), Mode::Auto, layout, false);
            assert_eq!(String::from_utf8(fixed.text).unwrap(), broken);
            let analysis = analyze(broken.as_bytes(), Mode::Auto, layout);
            let codes: Vec<_> = analysis
                .diagnostics
                .iter()
                .map(|located| located.diagnostic.kind.code())
                .collect();
            assert_eq!(codes.len(), 1, "{layout:?} {broken}");
            assert_eq!(codes[0], "missing_trump_line", "{layout:?} {broken}");
        }
    }
}

/// In the tokens layout, a terminator left out where the next section
/// begins on the same line: the blanks between become the terminator's
/// line, in the line's own ending.
#[test]
fn a_terminator_left_out_mid_line_takes_the_blanks_place() {
    let pair = "Al-1C3S2G5D4D Bo-7G8GTDJD4S";
    let deal = DEAL.replace('\n', " ");
    let cases = [
        (
            format!("{pair} \t{HAND}\n"),
            format!("{pair}\nEND\n{HAND}\n"),
        ),
        (
            format!("{pair} {deal}#\r\n"),
            format!("{pair}\r\nEND\r\n{deal}#\r\n"),
        ),
        (
            format!("{deal}{pair} END\n"),
            format!("{}\n#\n{pair} END\n", deal.trim_end()),
        ),
    ];
    for (broken, repaired) in cases {
        let fixed = fix(broken.as_bytes(), Mode::Auto, Layout::Tokens, false);
        assert_eq!(String::from_utf8(fixed.text).unwrap(), repaired, "{broken}");
        let analysis = analyze(repaired.as_bytes(), Mode::Auto, Layout::Tokens);
        assert!(analysis.diagnostics.is_empty(), "{repaired}");
    }
}

/// A dash left out is written between the name and the cards; a blank
/// where it belongs gives it its place. The fixed hand is canonical, so the
/// strict layout passes it with no second fix.
#[test]
fn a_choker_dash_left_out_is_written_before_the_cards() {
    let repaired = fixed("Joey-1C3S2G5D4D\nClucky QDKDQSKSJS\nEND\n");
    assert_eq!(repaired, "Joey-1C3S2G5D4D\nClucky-QDKDQSKSJS\nEND\n");
    let strict = analyze(repaired.as_bytes(), Mode::Auto, Layout::Strict);
    assert!(strict.diagnostics.is_empty(), "{:?}", strict.diagnostics);
    assert_eq!(
        fixed("Joey-1C3S2G5D4D\nClucky \t QDKDQSKSJS\nEND\n"),
        "Joey-1C3S2G5D4D\nClucky-QDKDQSKSJS\nEND\n"
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
    // Blanks that end the last line stay on it, in both layouts.
    for layout in [Layout::Lines, Layout::Tokens] {
        for blanks in [" ", " \t", "\t"] {
            for ending in ["\n", "\r\n", ""] {
                let text = format!("Joey-1C3S2G5D4D Clucky-QDKDQSKSJS{blanks}{ending}");
                let text = if layout == Layout::Lines {
                    text.replacen(' ', if ending.is_empty() { "\n" } else { ending }, 1)
                } else {
                    text
                };
                let repaired = fix(text.as_bytes(), Mode::Auto, layout, false).text;
                let closed = if ending.is_empty() {
                    format!("{text}\nEND")
                } else {
                    format!("{text}END{ending}")
                };
                assert_eq!(
                    String::from_utf8(repaired).unwrap(),
                    closed,
                    "{layout:?} {text:?}"
                );
            }
        }
    }
}

#[test]
fn a_stray_terminator_loses_its_whole_line() {
    assert_eq!(fixed(&format!("#\n{HAND}\n")), format!("{HAND}\n"));
    assert_eq!(
        fixed(&format!("{HAND}\r\n  END \r\n{HAND}\r\n")),
        format!("{HAND}\r\n{HAND}\r\n")
    );
    // The last line, without an ending: the input still ends without one.
    assert_eq!(fixed(&format!("{HAND}\n#")), HAND);
    let pair = "Joey-1C3S2G5D4D\r\nClucky-QDKDQSKSJS\r\nEND";
    assert_eq!(fixed(&format!("{pair}\r\nEND")), pair);
    assert_eq!(fixed("#"), "");
    // In the tokens layout, a terminator among other tokens goes with the
    // blanks before it (or, first on its line, after it): the tokens
    // about it stay apart as they were, and its line keeps its ending.
    let pairs = "A-1C3S2G5D4D B-QDKDQSKSJS";
    let cases = [
        (
            format!("{pairs} END # {pairs} END\n"),
            format!("{pairs} END {pairs} END\n"),
        ),
        (format!("{pairs}\tEND\t#\r\n"), format!("{pairs}\tEND\r\n")),
        (format!("{pairs} END #"), format!("{pairs} END")),
        (format!("#  {pairs} END\n"), format!("{pairs} END\n")),
        (format!("{pairs} END\n#\t\n"), format!("{pairs} END\n")),
        // Two in a row: their edits do not overlap. First on its line, the
        // first leaves the blanks after it to the second, which takes
        // them: one blank stays.
        (
            format!("{pairs} END # # {pairs} END\n"),
            format!("{pairs} END {pairs} END\n"),
        ),
        (
            format!("{pairs} END\n# # {pairs} END\n"),
            format!("{pairs} END\n {pairs} END\n"),
        ),
    ];
    for (broken, original) in cases {
        let repaired = fix(broken.as_bytes(), Mode::Auto, Layout::Tokens, false).text;
        assert_eq!(String::from_utf8(repaired).unwrap(), original, "{broken:?}");
        let mut edits: Vec<_> = analyze(broken.as_bytes(), Mode::Auto, Layout::Tokens)
            .diagnostics
            .iter()
            .flat_map(|located| located.diagnostic.fixes())
            .flat_map(|fix| fix.edits)
            .map(|edit| (edit.span.offset, edit.span.end()))
            .collect();
        edits.sort_unstable();
        assert!(
            edits.windows(2).all(|pair| pair[0].1 <= pair[1].0),
            "{broken:?}: {edits:?}"
        );
    }
}

/// A `#` after rows that hold a whole deck, read as bridge hands: a
/// whist deal whose trump line was lost (or joined to its first row, or
/// glued to its first card), maybe after bridge hands, as likely as a
/// stray `#`, so its removal is unsafe, in both layouts. After other
/// hands it is safe.
#[test]
fn a_hash_after_a_deck_of_rows_is_removed_only_unsafely() {
    let rows = DEAL.strip_prefix("H\n").unwrap();
    let cases = [
        (format!("{rows}#\n"), Layout::Lines),
        (format!("H {rows}#"), Layout::Lines),
        (format!("H{rows}#\n"), Layout::Lines),
        (format!("Hearts {rows}#\n"), Layout::Lines),
        (format!("{HAND}\n{rows}#\n"), Layout::Lines),
        (format!("{}#\n", rows.replace('\n', " ")), Layout::Tokens),
        (format!("H{}#\n", rows.replace('\n', " ")), Layout::Tokens),
        (
            format!("{HAND} {}#\n", rows.replace('\n', " ")),
            Layout::Tokens,
        ),
    ];
    for (text, layout) in cases {
        let safely = fix(text.as_bytes(), Mode::Auto, layout, false).text;
        assert_eq!(String::from_utf8(safely).unwrap(), text, "{layout:?}");
        let unsafely = fix(text.as_bytes(), Mode::Auto, layout, true).text;
        assert!(!unsafely.contains(&b'#'), "{layout:?} {text}");
    }
    let hands = format!("{HAND}\n").repeat(4);
    assert_eq!(fixed(&format!("{hands}#\n")), hands);
    let joined = hands.replace('\n', " ");
    let repaired = fix(
        format!("{joined}#").as_bytes(),
        Mode::Auto,
        Layout::Tokens,
        false,
    );
    assert_eq!(String::from_utf8(repaired.text).unwrap(), joined.trim_end());
}

/// With the game forced, the other game's terminator before any record,
/// or between or inside records, closes nothing: it goes, as in auto. Read as the
/// section's terminator written wrong, its fix ended the section there,
/// and every record after it was ignored. At the end of the input it is
/// that terminator, and its fix writes this game's.
#[test]
fn the_other_games_terminator_is_stray_under_a_forced_game_but_at_the_end() {
    let pair = "Joey-1C3S2G5D4D\nClucky-QDKDQSKSJS\n";
    let cases = [
        (
            Game::Choker,
            format!("#\n{pair}END\n"),
            format!("{pair}END\n"),
        ),
        (
            Game::Choker,
            format!("{pair}#\n{pair}END\n"),
            format!("{pair}{pair}END\n"),
        ),
        (
            Game::Choker,
            "Joey-1C3S2G5D4D\n#\nClucky-QDKDQSKSJS\nEND\n".to_owned(),
            format!("{pair}END\n"),
        ),
        (Game::Choker, format!("{pair}#\n"), format!("{pair}END\n")),
        (
            Game::Whist,
            format!("\nEND\n{DEAL}#\n"),
            format!("\n{DEAL}#\n"),
        ),
        (
            Game::Whist,
            format!("{DEAL}END\n{DEAL}#\n"),
            format!("{DEAL}{DEAL}#\n"),
        ),
        (Game::Whist, format!("{DEAL}END\n"), format!("{DEAL}#\n")),
        // Inside a deal too: the deal goes on after it.
        (
            Game::Whist,
            DEAL.replacen("\n2D", "\nEND\n2D", 1) + "#\n",
            format!("{DEAL}#\n"),
        ),
    ];
    for (game, broken, original) in cases {
        for layout in [Layout::Lines, Layout::Tokens] {
            let repaired = fix(broken.as_bytes(), Mode::Forced(game), layout, false).text;
            assert_eq!(
                String::from_utf8(repaired).unwrap(),
                original,
                "{layout:?} {broken}"
            );
            let codes: Vec<_> = analyze(broken.as_bytes(), Mode::Forced(game), layout)
                .diagnostics
                .iter()
                .map(|located| located.diagnostic.kind.code())
                .collect();
            assert_eq!(codes.len(), 1, "{layout:?} {broken}: {codes:?}");
        }
    }
    // A line meaning a terminator otherwise (`# #`, `end`) likewise, in
    // the lines layout (in the tokens layout, `# #` is two terminators).
    for (broken, original) in [
        (
            format!("{pair}# #\n{pair}END\n"),
            format!("{pair}{pair}END\n"),
        ),
        (
            format!("{pair}end\n{pair}END\n"),
            format!("{pair}{pair}END\n"),
        ),
        (format!("{pair}end\n"), format!("{pair}END\n")),
    ] {
        let repaired = fix(
            broken.as_bytes(),
            Mode::Forced(Game::Choker),
            Layout::Lines,
            false,
        );
        assert_eq!(String::from_utf8(repaired.text).unwrap(), original);
    }
}

/// In auto, a `#` between the two hands of a pair is a stray line when a
/// hand follows it, which makes the pair: read as the section's `END`
/// written wrong, its fix left both hands unpaired. With no hand after
/// it, it is that `END`.
#[test]
fn a_hash_inside_a_choker_pair_is_stray_when_a_hand_follows() {
    let cases = [
        (
            "Joey-1C3S2G5D4D\n#\nClucky-QDKDQSKSJS\nEND\n",
            "Joey-1C3S2G5D4D\nClucky-QDKDQSKSJS\nEND\n",
        ),
        ("Joey-1C3S2G5D4D\n#\n", "Joey-1C3S2G5D4D\nEND\n"),
    ];
    for (broken, repaired) in cases {
        for layout in [Layout::Lines, Layout::Tokens] {
            let fixed = fix(broken.as_bytes(), Mode::Auto, layout, false).text;
            assert_eq!(String::from_utf8(fixed).unwrap(), repaired, "{layout:?}");
        }
    }
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
    assert_eq!(fixed(&format!("{DEAL}# end\n")), format!("{DEAL}#\n"));
    assert_eq!(
        fixed("Joey-1C3S2G5D4D\nClucky-QDKDQSKSJS\nend\n"),
        "Joey-1C3S2G5D4D\nClucky-QDKDQSKSJS\nEND\n"
    );
}

/// Issue item 7: a bad token does not hide a repeat in its record, and
/// each fault is still one report.
#[test]
fn a_bad_token_hides_no_repeated_card() {
    let deal = format!(
        "{}#\n",
        DEAL.replacen("2S", "H8", 1).replacen("4D", "3D", 1)
    );
    assert_eq!(codes(&deal), ["not_a_card", "duplicate_card"]);
    let hand = "KS QS TH 8H 4H AC QC TC 5C KD QD KS X\n";
    assert_eq!(codes(hand), ["not_a_card", "duplicate_card"]);
    let pair = "Joey-1C3S2G5D4X\nClucky-1CKDQSKSJS\nEND\n";
    assert_eq!(codes(pair), ["bad_suit", "shared_card"]);
    // A line of two hands is one report, not a repeat between them.
    assert_eq!(codes(&format!("{HAND} {HAND}\n")), ["records_on_one_line"]);
}

/// The unsafe fixes: applied only when asked for.
#[test]
fn a_deal_that_lacks_one_card_gets_it_unsafely() {
    let clean = format!("{DEAL}#\n");
    let repeated = clean.replacen("7C", "7S", 1);
    assert_eq!(fixed(&repeated), repeated);
    let analysis = analyze(repeated.as_bytes(), Mode::Auto, Layout::Lines);
    let fixes = analysis.diagnostics[0].diagnostic.fixes();
    assert_eq!(fixes.len(), 2);
    assert!(
        fixes
            .iter()
            .all(|fix| fix.applicability == Applicability::Unsafe)
    );
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

/// How each line of a generated document is read, from its own text and
/// the lines before it: enough to know where each fault can go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Bridge,
    ChokerFirst,
    ChokerSecond,
    Trump,
    Play,
    Terminator,
    Blank,
}

fn roles(lines: &[&str]) -> Vec<Role> {
    let mut plays = None;
    let mut previous = Role::Blank;
    lines
        .iter()
        .map(|&line| {
            let role = match (line, plays) {
                ("", _) => Role::Blank,
                ("END" | "#", _) => Role::Terminator,
                (_, Some(count)) if count < 4 => Role::Play,
                _ if line.len() == 1 => Role::Trump,
                _ if line.contains('-') && previous == Role::ChokerFirst => Role::ChokerSecond,
                _ if line.contains('-') => Role::ChokerFirst,
                _ => Role::Bridge,
            };
            plays = match role {
                Role::Trump => Some(0),
                Role::Play => plays.map(|count| count + 1),
                Role::Terminator => None,
                _ => plays,
            };
            previous = role;
            role
        })
        .collect()
}

/// One safely fixable fault.
#[derive(Clone, Copy, Debug)]
enum Fault {
    TenAsDigits,
    Lowercase,
    Glued,
    DashLeftOut,
    TerminatorLeftOut,
    StrayTerminator,
    TrumpNamed,
    /// A record of the tokens layout on one line: two bridge hands, a
    /// whist deal's five lines, a Choker pair's two.
    RecordsJoined,
}

/// `document` with `fault` at the `pick`th place it can go, or `None`
/// when it has no such place.
fn inject(document: &str, fault: Fault, pick: usize) -> Option<String> {
    let lines: Vec<&str> = document.split_terminator('\n').collect();
    let roles = roles(&lines);
    let row = |role: Role| matches!(role, Role::Bridge | Role::Play);
    let places: Vec<usize> = (0..lines.len())
        .filter(|&index| match fault {
            Fault::TenAsDigits => row(roles[index]) && lines[index].contains('T'),
            Fault::Lowercase | Fault::Glued => row(roles[index]),
            Fault::DashLeftOut => roles[index] == Role::ChokerSecond,
            // The last line, or a terminator before a section of another
            // game: before one of the same game, the sections would be one.
            Fault::TerminatorLeftOut => {
                roles[index] == Role::Terminator
                    && match roles[index + 1..].iter().find(|&&role| role != Role::Blank) {
                        Some(Role::Trump) => lines[index] == "END",
                        Some(Role::ChokerFirst) => lines[index] == "#",
                        _ => true,
                    }
            }
            // Where no section is open: first, after a terminator, or
            // among bridge hands.
            Fault::StrayTerminator => {
                index == 0
                    || matches!(
                        roles[index - 1],
                        Role::Terminator | Role::Bridge | Role::Blank
                    )
            }
            Fault::TrumpNamed => roles[index] == Role::Trump,
            Fault::RecordsJoined => match roles[index] {
                Role::Trump | Role::ChokerFirst => true,
                Role::Bridge => roles.get(index + 1) == Some(&Role::Bridge),
                _ => false,
            },
        })
        .collect();
    let at = *places.get(pick % places.len().max(1))?;
    let mut lines: Vec<String> = lines.iter().map(|&line| line.to_owned()).collect();
    let line = &mut lines[at];
    let tokens: Vec<&str> = line.split(' ').collect();
    let token = pick % tokens.len();
    match fault {
        Fault::TenAsDigits => {
            let ten = tokens.iter().position(|token| token.starts_with('T'))?;
            *line = tokens
                .iter()
                .enumerate()
                .map(|(index, token)| {
                    if index == ten {
                        token.replacen('T', "10", 1)
                    } else {
                        (*token).to_owned()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ");
        }
        Fault::Lowercase => {
            *line = tokens
                .iter()
                .enumerate()
                .map(|(index, text)| {
                    if index == token {
                        text.to_lowercase()
                    } else {
                        (*text).to_owned()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ");
        }
        Fault::Glued => {
            let gap = token.min(tokens.len() - 2);
            let mut glued: Vec<String> = tokens.iter().map(|&token| token.to_owned()).collect();
            let second = glued.remove(gap + 1);
            glued[gap].push_str(&second);
            *line = glued.join(" ");
        }
        Fault::DashLeftOut => *line = line.replacen('-', "", 1),
        Fault::TerminatorLeftOut => {
            lines.remove(at);
        }
        Fault::StrayTerminator => lines.insert(at, ["#", "END"][pick % 2].to_owned()),
        Fault::TrumpNamed => {
            let names = [
                ("S", "Spades"),
                ("H", "hearts"),
                ("D", "Diamond"),
                ("C", "CLUBS"),
            ];
            let (_, name) = names.iter().find(|(letter, _)| letter == line)?;
            *line = (*name).to_owned();
        }
        Fault::RecordsJoined => {
            let count = if roles[at] == Role::Trump { 5 } else { 2 };
            let joined = lines[at..at + count].join(" ");
            lines.splice(at..at + count, [joined]);
        }
    }
    let mut broken = lines.join("\n");
    broken.push('\n');
    Some(broken)
}

/// The faults of the tokens layout: all but whole records on one line.
const TOKEN_FAULTS: [Fault; 7] = [
    Fault::TenAsDigits,
    Fault::Lowercase,
    Fault::Glued,
    Fault::DashLeftOut,
    Fault::TerminatorLeftOut,
    Fault::StrayTerminator,
    Fault::TrumpNamed,
];

/// A generated document and the same with one fault, where it has a place
/// for that fault, and the fault.
fn broken_document() -> impl Strategy<Value = (String, String, Fault)> {
    let mut faults = TOKEN_FAULTS.to_vec();
    faults.push(Fault::RecordsJoined);
    broken_document_with(faults)
}

/// [`broken_document`], with one of `faults`.
fn broken_document_with(faults: Vec<Fault>) -> impl Strategy<Value = (String, String, Fault)> {
    let fault = prop::sample::select(faults);
    (1..5usize, any::<u64>(), fault, any::<usize>()).prop_filter_map(
        "no place for the fault",
        |(sections, seed, fault, pick)| {
            let document = mixed_document(sections, seed, seed % 3 == 0);
            let broken = inject(&document, fault, pick)?;
            Some((document, broken, fault))
        },
    )
}

/// The safe fixes of a JSON diagnostics stream, the first of each
/// diagnostic, as a reader of `--diagnostics json` would take them.
fn json_fixes(stderr: &[u8]) -> Vec<Fix> {
    String::from_utf8_lossy(stderr)
        .lines()
        .filter_map(|line| {
            let report: serde_json::Value = serde_json::from_str(line).ok()?;
            let fix = report["fixes"]
                .as_array()?
                .iter()
                .find(|fix| fix["applicability"] == "safe")?;
            Some(Fix {
                message: fix["message"].as_str()?.to_owned(),
                applicability: Applicability::Safe,
                edits: fix["edits"]
                    .as_array()?
                    .iter()
                    .map(|edit| cardsharp::diagnostic::Edit {
                        span: cardsharp::ast::Span::new(
                            usize::try_from(edit["offset"].as_u64().unwrap()).unwrap(),
                            usize::try_from(edit["length"].as_u64().unwrap()).unwrap(),
                        ),
                        replacement: edit["replacement"].as_str().unwrap().to_owned(),
                    })
                    .collect(),
            })
        })
        .collect()
}

fn cardsharp(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardsharp"))
        .args(args)
        .current_dir(root())
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Written beside the reading of the output, which a large input fills
    // before the child has read all of it.
    let pipe = child.stdin.take();
    std::thread::scope(|scope| {
        if let (Some(input), Some(mut pipe)) = (stdin, pipe) {
            use std::io::Write;
            scope.spawn(move || pipe.write_all(input).unwrap());
        }
        child.wait_with_output().unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The library: one safely fixable fault in a valid document, and the
    /// fixer gives back the document, byte for byte; fixing again changes
    /// nothing.
    /// In the tokens layout too, where whole records on one line are no
    /// fault.
    #[test]
    fn one_safe_fault_is_repaired_to_the_original((document, broken, fault) in broken_document()) {
        for layout in [Layout::Lines, Layout::Tokens] {
            if layout == Layout::Tokens && matches!(fault, Fault::RecordsJoined) {
                continue;
            }
            prop_assert!(analyze(document.as_bytes(), Mode::Auto, layout).diagnostics.is_empty());
            prop_assert!(!analyze(broken.as_bytes(), Mode::Auto, layout).diagnostics.is_empty());
            let repaired = fix(broken.as_bytes(), Mode::Auto, layout, false);
            prop_assert_eq!(String::from_utf8_lossy(&repaired.text), document.as_str(), "{:?}", layout);
            prop_assert_eq!(fix(&repaired.text, Mode::Auto, layout, true).applied, 0);
            let crlf = broken.replace('\n', "\r\n");
            let repaired = fix(crlf.as_bytes(), Mode::Auto, layout, false);
            prop_assert_eq!(String::from_utf8_lossy(&repaired.text), document.replace('\n', "\r\n"), "{:?}", layout);
        }
    }
}

/// The results of `text` read in `layout`, in auto.
fn results(text: &[u8], layout: Layout) -> String {
    let settings = Settings {
        mode: Mode::Auto,
        layout,
        action: Action::Run,
        output: OutputFormat::Text,
        diagnostics: DiagnosticFormat::Short,
    };
    run_bytes("input", text, &settings).0
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The tokens layout, on a document reflowed with its fault: the fix
    /// leaves nothing to report and the original's results. Where the
    /// fault keeps the tokens as many (a card or a trump rewritten, a dash
    /// left out), the reflowed original is written back, byte for byte.
    #[test]
    fn one_safe_fault_in_a_reflowed_document_is_repaired(
        (document, broken, fault) in broken_document_with(TOKEN_FAULTS.to_vec()),
        seed in any::<u64>(),
    ) {
        let original = reflowed(&document, seed);
        let broken = reflowed(&broken, seed);
        prop_assert!(!analyze(broken.as_bytes(), Mode::Auto, Layout::Tokens).diagnostics.is_empty());
        let repaired = fix(broken.as_bytes(), Mode::Auto, Layout::Tokens, false);
        let remaining = analyze(&repaired.text, Mode::Auto, Layout::Tokens).diagnostics;
        prop_assert!(remaining.is_empty(), "{:?}\n{}", fault, String::from_utf8_lossy(&repaired.text));
        prop_assert_eq!(
            results(&repaired.text, Layout::Tokens),
            results(document.as_bytes(), Layout::Lines)
        );
        if matches!(
            fault,
            Fault::TenAsDigits | Fault::Lowercase | Fault::DashLeftOut | Fault::TrumpNamed
        ) {
            prop_assert_eq!(String::from_utf8_lossy(&repaired.text), original.as_str());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The binary: `check --fix` writes the original back and exits 0; the
    /// JSON fixes are exactly the bytes it wrote; standard input gives the
    /// same bytes; a second `--fix` leaves the file, and its modification
    /// time, as they are.
    #[test]
    fn check_fix_repairs_files_and_standard_input((document, broken, _) in broken_document()) {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("broken.txt");
        std::fs::write(&path, &broken).unwrap();
        let name = path.to_str().unwrap();
        let reported = cardsharp(&["check", "--diagnostics", "json", name], None);
        prop_assert_eq!(reported.status.code(), Some(1));
        let described = apply(broken.as_bytes(), &json_fixes(&reported.stderr)).0;
        let repaired = cardsharp(&["check", "--fix", name], None);
        prop_assert_eq!(repaired.status.code(), Some(0), "{}", String::from_utf8_lossy(&repaired.stderr));
        let written = std::fs::read(&path).unwrap();
        prop_assert_eq!(String::from_utf8_lossy(&written), document.as_str());
        prop_assert_eq!(&described, &written);
        let piped = cardsharp(&["check", "--fix"], Some(broken.as_bytes()));
        prop_assert_eq!(&piped.stdout, &written);
        assert_untouched_by_fix(&path);
    }
}

/// `check --fix` on a clean file exits 0 and writes nothing: its bytes and
/// modification time stay, and it ends as `check` does, all clear.
fn assert_untouched_by_fix(path: &Path) {
    let before = std::fs::read(path).unwrap();
    let modified = std::fs::metadata(path).unwrap().modified().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    let again = cardsharp(&["check", "--fix", path.to_str().unwrap()], None);
    assert_eq!(again.status.code(), Some(0));
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(
        said.starts_with("All clear: ") && said.lines().count() == 1,
        "{said}"
    );
    assert_eq!(std::fs::read(path).unwrap(), before);
    assert_eq!(
        std::fs::metadata(path).unwrap().modified().unwrap(),
        modified
    );
}

#[test]
fn a_clean_file_keeps_its_bytes_and_modification_time() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("clean.txt");
    std::fs::write(&path, mixed_document(4, 7, true)).unwrap();
    assert_untouched_by_fix(&path);
}

#[test]
fn a_file_with_only_unfixable_faults_is_left_as_it_was() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("unfixable.txt");
    std::fs::write(&path, "KS QS TH\n").unwrap();
    let modified = std::fs::metadata(&path).unwrap().modified().unwrap();
    let output = cardsharp(
        &[
            "check",
            "--fix",
            "--diagnostics",
            "short",
            path.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(1));
    // What remains is summed up as `check` sums it up.
    assert!(
        String::from_utf8_lossy(&output.stderr).ends_with("\nFound 1 error; 0 records checked.\n"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(std::fs::read(&path).unwrap(), b"KS QS TH\n");
    assert_eq!(
        std::fs::metadata(&path).unwrap().modified().unwrap(),
        modified
    );
}

/// An input over the 16 MiB that `check --fix` repairs in memory is still
/// checked, as it streams in: its reports and its count of records, a file
/// left as it was, standard input passed on to standard output unchanged, as
/// `check --fix` passes on what it could not repair.
#[test]
fn an_input_too_large_to_repair_is_checked_and_left_as_it_is() {
    let hand = "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D\n";
    let count = (17 << 20) / hand.len();
    let text = format!(
        "{}AC 3C 4C AS 7S 4S AD 10D 7D 5D AH 7H 5H\n",
        hand.repeat(count)
    );
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("large.txt");
    std::fs::write(&path, &text).unwrap();
    let summary = format!("Found 1 error (1 fixable with --fix); {count} records checked.");
    let arguments = ["check", "--fix", "--diagnostics", "short"];
    for stdin in [None, Some(text.as_bytes())] {
        let input = stdin.map_or(path.to_str().unwrap(), |_| "-");
        let output = cardsharp(&[&arguments[..], &[input]].concat(), stdin);
        let said = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{said}");
        assert!(said.contains("left as it is: check --fix repairs inputs up to 16 MiB"));
        let report = format!(":{}:22: error[cardsharp::bridge::ten_as_digits]", count + 1);
        assert!(said.contains(&report), "{said}");
        assert!(said.contains(&summary), "{said}");
        assert_eq!(output.stdout.len(), stdin.map_or(0, <[u8]>::len));
        assert!(stdin.is_none_or(|stdin| output.stdout == stdin));
    }
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

/// A symbolic link is followed: the file it names is repaired, and the
/// link stays a link to it.
#[cfg(unix)]
#[test]
fn a_link_is_followed_to_the_file_it_names() {
    let directory = tempfile::tempdir().unwrap();
    let target = directory.path().join("hands.txt");
    let link = directory.path().join("link.txt");
    std::fs::write(&target, "KS QS 10H 8H 4H AC QC TC 5C KD QD JD 8D\n").unwrap();
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let output = cardsharp(&["check", "--fix", link.to_str().unwrap()], None);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(&target).unwrap(),
        format!("{HAND}\n")
    );
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn diff_prints_the_repair_and_writes_nothing() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("hands.txt");
    let broken = "KS QS 10H 8H 4H AC QC TC 5C KD QD JD 8D\n";
    std::fs::write(&path, broken).unwrap();
    let name = path.to_str().unwrap();
    let output = cardsharp(&["check", "--fix", "--diff", name], None);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("--- a/{name}\n+++ b/{name}\n@@ -1 +1 @@\n-{broken}+{HAND}\n")
    );
    assert_eq!(std::fs::read(&path).unwrap(), broken.as_bytes());
    // Not all clear while the repair is not written.
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!("cardsharp: {name}: 1 fix would apply\n")
    );
}

/// `examples/fixable.txt`, which the README shows: `check --fix` repairs
/// it whole, and the help lines name each repair.
#[test]
fn the_fixable_example_is_repaired_whole() {
    let example = std::fs::read(root().join("examples/fixable.txt")).unwrap();
    let repaired = fix(&example, Mode::Auto, Layout::Lines, false);
    assert!(
        analyze(&repaired.text, Mode::Auto, Layout::Lines)
            .diagnostics
            .is_empty()
    );
    let output = cardsharp(&["check", "--fix"], Some(&example));
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(output.stdout, repaired.text);
    let human = cardsharp(&["check", "--color", "never", "examples/fixable.txt"], None);
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::assert_snapshot!("fixable.human", String::from_utf8_lossy(&human.stderr));
    });
}
