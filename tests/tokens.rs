//! The tokens layout (`grammar/tokens.ebnf`, `--layout tokens`): files
//! laid out as the judges' solutions read them give the results of their
//! line-layout originals, and the lines layout names the remedy.

use cardsharp::ast::Game;
use cardsharp::generate::{self, reflowed};
use cardsharp::pipeline::{Action, OutputFormat, Settings, run_bytes};
use cardsharp::render::DiagnosticFormat;
use cardsharp::render::format::source;
use cardsharp::syntax::{Layout, Mode};
use proptest::prelude::*;

use crate::support::{Test, sample};

fn run(input: &[u8], mode: Mode, layout: Layout) -> (String, String) {
    let settings = Settings {
        mode,
        layout,
        action: Action::Run,
        output: OutputFormat::Text,
        diagnostics: DiagnosticFormat::Short,
    };
    let (results, reports, _) = run_bytes("input", input, &settings);
    (results, reports)
}

/// A sample as statements copied from the web show it: every token on
/// one line.
fn on_one_line(text: &str) -> String {
    let mut line = text.split_ascii_whitespace().collect::<Vec<_>>().join(" ");
    line.push('\n');
    line
}

const GAMES: [(&str, Game); 3] = [
    ("bridge", Game::Bridge),
    ("choker", Game::Choker),
    ("whist", Game::Whist),
];

/// The statements' samples on one line print the statements' outputs
/// under `--layout tokens`, the game forced or recognised.
#[test]
fn the_samples_on_one_line_give_the_judges_output() {
    for (name, game) in GAMES {
        let (input, expected) = sample(name);
        let line = on_one_line(&input);
        for mode in [Mode::Auto, Mode::Forced(game)] {
            let (results, reports) = run(line.as_bytes(), mode, Layout::Tokens);
            assert_eq!(results, expected, "{name} {mode:?}");
            assert_eq!(reports, "", "{name} {mode:?}");
        }
        Test::new()
            .args(["run", "--layout", "tokens", "-"])
            .stdin(&line)
            .stdout(expected)
            .run();
    }
    let (mixed, expected) = sample("mixed");
    let (results, _) = run(on_one_line(&mixed).as_bytes(), Mode::Auto, Layout::Tokens);
    assert_eq!(results, expected);
}

/// Under the lines layout the same files fail, the game forced or
/// recognised, with one report that names both remedies.
#[test]
fn the_samples_on_one_line_name_the_tokens_layout_in_the_lines_layout() {
    for (name, game) in GAMES {
        let (input, _) = sample(name);
        let line = on_one_line(&input);
        for mode in [Mode::Auto, Mode::Forced(game)] {
            let (_, reports) = run(line.as_bytes(), mode, Layout::Lines);
            assert_eq!(reports.lines().count(), 1, "{name} {mode:?}: {reports}");
            assert!(
                reports.contains("records_on_one_line"),
                "{name} {mode:?}: {reports}"
            );
        }
        Test::new()
            .args(["check", "--game", name, "-"])
            .stdin(&line)
            .status(1)
            .stderr_contains("--layout tokens")
            .stderr_contains("cardsharp fmt --layout tokens")
            .run();
    }
}

/// A record of the tokens layout a line (a whist deal's trump and 52
/// cards, a Choker pair's two hands), its section's terminator on a line
/// of its own: each line is one report in the lines layout, whose fix
/// writes the canonical layout back, in the file's line ending; the
/// terminator is the section's, not a stray one.
#[test]
fn a_record_a_line_is_one_report_a_line() {
    for (name, game) in [("whist", Game::Whist), ("choker", Game::Choker)] {
        let (input, expected) = sample(name);
        let mut records = input.split("\n#\n").next().unwrap().to_owned();
        if game == Game::Choker {
            records = input.trim_end().trim_end_matches("END").to_owned();
        }
        let joined: String = match game {
            Game::Whist => records
                .split('\n')
                .collect::<Vec<_>>()
                .chunks(5)
                .map(|deal| deal.join(" ") + "\n")
                .collect(),
            _ => records
                .trim_end()
                .split('\n')
                .collect::<Vec<_>>()
                .chunks(2)
                .map(|pair| pair.join(" ") + "\n")
                .collect(),
        };
        let terminator = if game == Game::Whist { "#" } else { "END" };
        let file = format!("{joined}{terminator}\n");
        for mode in [Mode::Auto, Mode::Forced(game)] {
            let (results, reports) = run(file.as_bytes(), mode, Layout::Lines);
            assert_eq!(results, "", "{name} {mode:?}");
            assert_eq!(
                reports.lines().count(),
                joined.lines().count(),
                "{name} {mode:?}: {reports}"
            );
            assert!(
                reports
                    .lines()
                    .all(|report| report.contains("records_on_one_line")),
                "{name} {mode:?}: {reports}"
            );
            let (results, _) = run(file.as_bytes(), mode, Layout::Tokens);
            assert_eq!(results, expected, "{name} {mode:?}");
        }
        let crlf = file.replace('\n', "\r\n");
        let repaired = cardsharp::fix::fix(crlf.as_bytes(), Mode::Auto, Layout::Lines, false);
        assert_eq!(
            String::from_utf8(repaired.text).unwrap(),
            input.replace('\n', "\r\n"),
            "{name}"
        );
    }
}

/// What the judge would have read, said of short records, each on its
/// tokens' bytes.
#[test]
fn short_records_are_told_as_the_judge_reads_them() {
    let (bridge, _) = sample("bridge");
    let tokens: Vec<&str> = bridge.split_ascii_whitespace().collect();
    let short = tokens[..25].join(" ");
    let (results, reports) = run(short.as_bytes(), Mode::Auto, Layout::Tokens);
    assert_eq!(results.lines().count(), 1);
    assert!(
        reports.contains("holds 25 cards: its last hand is short by 1"),
        "{reports}"
    );
    let (whist, _) = sample("whist");
    let tokens: Vec<&str> = whist.split_ascii_whitespace().collect();
    let cut = format!("{} #", tokens[..31].join(" "));
    let (results, reports) = run(cut.as_bytes(), Mode::Auto, Layout::Tokens);
    assert_eq!(results, "");
    assert!(
        reports.contains("this deal has 4 of its 5 lines"),
        "{reports}"
    );
    let pairs = "Joey-1C3S2G5D4D Clucky-QDKDQSKSJS Bill-9D6D5D3D2G END";
    let (results, reports) = run(pairs.as_bytes(), Mode::Auto, Layout::Tokens);
    assert_eq!(results.lines().count(), 1);
    assert!(reports.contains("unpaired_hand"), "{reports}");
}

/// One bad token never hides the records after its section.
#[test]
fn a_bad_token_hides_nothing_after_it() {
    let (bridge, expected) = sample("bridge");
    let broken = bridge.replacen("KS", "K$", 1);
    let (results, reports) = run(on_one_line(&broken).as_bytes(), Mode::Auto, Layout::Tokens);
    assert_eq!(results.lines().count(), expected.lines().count() - 1);
    assert_eq!(reports.lines().count(), 1, "{reports}");
}

fn document(game: Option<Game>, seed: u64, count: usize) -> String {
    match game {
        Some(game) => generate::document(game, count, seed, seed.is_multiple_of(2)),
        None => generate::mixed_document(count, seed, seed.is_multiple_of(2)),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any valid document, its whitespace laid out anew (spaces, tabs,
    /// LF, CRLF, blank lines), gives byte for byte the results of the
    /// original under `--layout tokens`; `fmt --layout tokens` gives back
    /// the original's canonical layout.
    #[test]
    fn a_reflowed_document_reads_as_its_original(
        game in prop::sample::select(vec![None, Some(Game::Bridge), Some(Game::Choker), Some(Game::Whist)]),
        seed in 0..u64::MAX,
        layout_seed in 0..u64::MAX,
        count in 1..40usize,
    ) {
        let original = document(game, seed, count);
        let reflowed = reflowed(&original, layout_seed);
        let (expected, reports) = run(original.as_bytes(), Mode::Auto, Layout::Lines);
        prop_assert_eq!(reports, "");
        let (results, reports) = run(reflowed.as_bytes(), Mode::Auto, Layout::Tokens);
        prop_assert_eq!(&results, &expected);
        prop_assert_eq!(reports, "");
        if let Some(game) = game {
            let (forced, _) = run(reflowed.as_bytes(), Mode::Forced(game), Layout::Tokens);
            prop_assert_eq!(&forced, &expected);
        }
        let formatted = source(reflowed.as_bytes(), Mode::Auto, Layout::Tokens);
        prop_assert_eq!(formatted, source(original.as_bytes(), Mode::Auto, Layout::Lines));
    }
}

/// Large generated documents of every game, and mixed ones, laid out by
/// the generator's own `--layout tokens`, read as their originals, and
/// `fmt --layout tokens` turns them into files that `check` passes.
#[test]
fn generated_token_files_read_as_their_originals() {
    for game in ["bridge", "choker", "whist", "mixed"] {
        let count = if game == "mixed" { "300" } else { "3000" };
        let generated = |layout: &str| {
            Test::new()
                .args([
                    "gen", game, "--count", count, "--seed", "11", "--layout", layout,
                ])
                .run()
                .0
        };
        let (lines, tokens) = (generated("lines"), generated("tokens"));
        assert_ne!(lines, tokens);
        let (expected, _) = Test::new().args(["run", "-"]).stdin(&lines).run();
        Test::new()
            .args(["run", "--layout", "tokens", "-"])
            .stdin(&tokens)
            .stdout(expected)
            .run();
        let (formatted, _) = Test::new()
            .args(["fmt", "--layout", "tokens", "-"])
            .stdin(&tokens)
            .run();
        Test::new()
            .args(["check", "--diagnostics", "short", "-"])
            .stdin(&formatted)
            .run();
    }
}

/// A whole input on one line, far longer than any line the lines layout
/// reads (a judge reads it all the same): the reader cuts it between
/// blocks after a blank, and every record is read.
#[test]
fn a_whole_input_on_one_long_line_is_read() {
    let original = generate::document(Game::Whist, 3000, 5, false);
    let line = on_one_line(&original);
    assert!(line.len() > 4 * cardsharp::syntax::MAX_LINE_LENGTH);
    let (expected, _) = run(original.as_bytes(), Mode::Auto, Layout::Lines);
    let (results, reports) = run(line.as_bytes(), Mode::Auto, Layout::Tokens);
    assert_eq!(reports, "");
    assert_eq!(results, expected);
    let (_, reports) = run(line.as_bytes(), Mode::Auto, Layout::Lines);
    assert!(reports.contains("line_too_long"), "{reports}");
}

/// A record of the tokens layout may begin inside a line: its reports
/// count columns from the line's start, in every format.
#[test]
fn columns_count_from_the_start_of_the_line() {
    let text = "KS QS TH 8H 4H AC QC TC\n5C KD QD JD 8D AC 3C 4C AS 7S 4S AD TD\n7D 5D AH 7H\n";
    let (_, reports) = run(text.as_bytes(), Mode::Auto, Layout::Tokens);
    assert!(
        reports.starts_with("input:2:16: error[cardsharp::bridge::section_card_count]"),
        "{reports}"
    );
    let settings = Settings {
        mode: Mode::Auto,
        layout: Layout::Tokens,
        action: Action::Check,
        output: OutputFormat::Text,
        diagnostics: DiagnosticFormat::Json,
    };
    let (_, reports, _) = run_bytes("input", text.as_bytes(), &settings);
    let report: serde_json::Value = serde_json::from_str(reports.lines().next().unwrap()).unwrap();
    assert_eq!(
        (
            &report["line"],
            &report["column"],
            &report["end_line"],
            &report["end_column"]
        ),
        (&2.into(), &16.into(), &3.into(), &12.into())
    );
}

/// A lone CR between tokens is a blank to the judge's `scanf`, inside a
/// line too.
#[test]
fn a_lone_carriage_return_separates_tokens() {
    let text = "KS QS\rTH 8H 4H AC QC TC 5C KD QD JD 8D\nAC 3C 4C AS 7S\r4S AD TD 7D 5D AH 7H 5H\n";
    let (results, reports) = run(text.as_bytes(), Mode::Auto, Layout::Tokens);
    assert_eq!(
        (results.as_str(), reports.as_str()),
        ("BID D\nBID NO-TRUMP\n", "")
    );
}

/// Glued cards that run past a player's row in a deal cut short: found by
/// the noise property, once a panic (an earlier deal's row stood in).
#[test]
fn glued_cards_past_a_row_are_reported_not_a_panic() {
    let text = b" S\nKSQSKSQS -S\nJoey- KSkhKS KSkhkhkhKSkh";
    for mode in [
        Mode::Auto,
        Mode::Forced(Game::Whist),
        Mode::Forced(Game::Bridge),
    ] {
        let (_, reports) = run(text, mode, Layout::Tokens);
        assert!(!reports.is_empty());
    }
}

/// A NUL byte in a reflowed file (framed through the token index, not
/// line by line): the records before its line are read, its line is
/// reported as binary input, and nothing after it is read.
#[test]
fn a_nul_byte_in_a_reflowed_file_stops_reading_at_its_line() {
    let hands =
        "KS QS TH\n8H 4H AC QC\tTC 5C KD\nQD JD 8D AC 3C 4C AS\n7S 4S AD TD 7D 5D AH 7H 5H\n";
    let text = format!("{hands}AS K\0S\nQS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH\n");
    let (results, reports) = run(text.as_bytes(), Mode::Auto, Layout::Tokens);
    assert_eq!(results, "BID D\nBID NO-TRUMP\n");
    assert_eq!(reports.lines().count(), 1, "{reports}");
    assert!(
        reports.starts_with("input:5:") && reports.contains("binary_input"),
        "{reports}"
    );
}

/// A form feed stuck to a row's first or last token is a byte of that
/// token (the layout's spaces are space, tab, CR and LF): the row is one
/// bad record, reported once, in both layouts. The test of whether a line
/// holds several records once trimmed the line by ASCII whitespace, found
/// the row not to be the whole line, and asked the row's diagnosis again,
/// without end.
#[test]
fn a_form_feed_stuck_to_a_row_is_one_bad_record() {
    let row = "AS 6C TD 8S 9D 9C 6D TC QD 2C 9H 5C 7H";
    for text in [format!("\u{c}{row}\n"), format!("{row}\u{c}\n")] {
        for layout in [Layout::Lines, Layout::Tokens] {
            let (results, reports) = run(text.as_bytes(), Mode::Auto, layout);
            assert_eq!(results, "");
            assert_eq!(reports.lines().count(), 1, "{reports}");
            assert!(reports.contains("not_a_card"), "{reports}");
        }
    }
}

/// A line wider than miette can draw (it pads a label to its column with a
/// width capped at 65535), such as a line of tabs, is reported in one line, not
/// a panic. The tokens layout draws a record that far into its line from the
/// record's first byte, at its column.
#[test]
fn a_line_too_wide_to_draw_is_never_a_panic() {
    let human = DiagnosticFormat::Human {
        color: false,
        width: 80,
    };
    let tabs = [&b"\t".repeat(20_000)[..], b"XX\n"].concat();
    for (text, layout, drawn) in [
        (
            [&b" ".repeat(70_000)[..], b"XX\n"].concat(),
            Layout::Tokens,
            true,
        ),
        (tabs.clone(), Layout::Lines, false),
        (tabs, Layout::Tokens, true),
    ] {
        let settings = Settings {
            mode: Mode::Auto,
            layout,
            action: Action::Run,
            output: OutputFormat::Text,
            diagnostics: human,
        };
        let (results, reports, _) = run_bytes("input", &text, &settings);
        assert_eq!(results, "");
        let column = text.len() - 2;
        let header = format!("╭─[input:1:{column}]\n 1 │ XX\n");
        let one_line = format!("input:1:{column}: error[");
        assert_eq!(
            (reports.contains(&header), reports.starts_with(&one_line)),
            (drawn, !drawn),
            "{reports}"
        );
    }
}

/// A record that begins after blanks on its line and is carried into the
/// next block (here, across 300,000 blank lines) is reported at its own
/// column: the carried bytes start at its line's start, not at its first
/// token.
#[test]
fn a_record_carried_across_blocks_keeps_its_column() {
    let text = [
        &b"   AS KS QS JS TS 9S 8S 7S 6S 5S"[..],
        &b"\n".repeat(300_000),
        b"4S 3S\n",
    ]
    .concat();
    let (results, reports) = run(&text, Mode::Forced(Game::Bridge), Layout::Tokens);
    assert_eq!(results, "");
    assert!(
        reports.starts_with("input:1:4: error[cardsharp::bridge::section_card_count]"),
        "{reports}"
    );
}

/// A line longer than a block, as a file written on one line is, counts
/// its columns from its start, not from the block a report's record is
/// read in: here a record begun after 200,000 blanks, and a hand cut
/// short far into a line of hands whose first card is written with two
/// characters of more than one byte (each one column).
#[test]
fn a_line_longer_than_a_block_counts_columns_from_its_start() {
    let text = [&b" ".repeat(200_000)[..], b"XX\n"].concat();
    let (_, reports) = run(&text, Mode::Forced(Game::Bridge), Layout::Tokens);
    assert!(
        reports.starts_with("input:1:200001: error[cardsharp::bridge::section_card_count]"),
        "{reports}"
    );
    let hand = "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D";
    let mut text = hand.replacen("KS", "é♠", 1);
    for _ in 0..20_000 {
        text.push(' ');
        text.push_str(hand);
    }
    let bad = text.len() + 1;
    text.push_str(" XX\n");
    let (_, reports) = run(text.as_bytes(), Mode::Forced(Game::Bridge), Layout::Tokens);
    let columns = text[..bad].chars().count() + 1;
    assert!(
        reports.contains(&format!("input:1:{columns}: error[")),
        "{reports}"
    );
}

/// A Choker name written apart from its dash, where it could also be a
/// section's first token (a card of two letters, a trump of one): the
/// token after it says which, in auto as when the game is forced. A word
/// that no dash follows still opens its section, as an `END` left out
/// before a whist section.
#[test]
fn a_name_apart_from_its_dash_is_told_by_the_dash() {
    let cases = [
        ("Al - 1C3S2G5D4D Bo-7G8GTDJD4S END\n", "Al vs Bo: Al Wins\n"),
        (
            "Al-1C3S2G5D4D Bo-7G8GTDJD4S o - 9D2GTS3STG Xy-4G8C1CTDKS END\n",
            "Al vs Bo: Al Wins\no vs Xy: o Wins\n",
        ),
        (
            "Al-1C3S2G5D4D Bo-7G8GTDJD4S H -9D2GTS3STG Xy -4G8C1CTDKS END\n",
            "Al vs Bo: Al Wins\nH vs Xy: H Wins\n",
        ),
        ("R - 1C3S2G5D4D Bo-7G8GTDJD4S END\n", "R vs Bo: R Wins\n"),
        // A suit letter, which would open a whist section as its trump.
        ("S - 1C3S2G5D4D Bo-7G8GTDJD4S END\n", "S vs Bo: S Wins\n"),
    ];
    // After a bridge section too, in auto: `Al` is no card, and the dash
    // after it makes it a name.
    let (bridge, bid) = ("KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D\n", "BID D\n");
    let text = format!("{bridge}Al - 1C3S2G5D4D Bo-7G8GTDJD4S END\n");
    let (results, reports) = run(text.as_bytes(), Mode::Auto, Layout::Tokens);
    assert_eq!(
        (results.as_str(), reports.as_str()),
        (format!("{bid}Al vs Bo: Al Wins\n").as_str(), "")
    );
    // A suit letter, which would open a whist section after the hands.
    let text = format!("{bridge}S - 1C3S2G5D4D Bo-7G8GTDJD4S END\n");
    let (results, reports) = run(text.as_bytes(), Mode::Auto, Layout::Tokens);
    assert_eq!(
        (results.as_str(), reports.as_str()),
        (format!("{bid}S vs Bo: S Wins\n").as_str(), "")
    );
    // A name that is a card too, where a hand would begin.
    let text = format!("{bridge}TC - 1C3S2G5D4D Bo-7G8GTDJD4S END\n");
    let (results, reports) = run(text.as_bytes(), Mode::Auto, Layout::Tokens);
    assert_eq!(
        (results.as_str(), reports.as_str()),
        (format!("{bid}TC vs Bo: TC Wins\n").as_str(), "")
    );
    // Mid-hand, the dash ends the hand cut short.
    let text = "KS QS TH Al - 1C3S2G5D4D Bo-7G8GTDJD4S END\n";
    let (results, reports) = run(text.as_bytes(), Mode::Auto, Layout::Tokens);
    assert_eq!(results, "Al vs Bo: Al Wins\n");
    assert!(reports.contains("bridge::section_card_count"), "{reports}");
    // A word of letters no dash follows stays a bad card of its hand,
    // whatever it could open elsewhere.
    let text = "KS QS TH 8H SPADES AC QC TC 5C KD QD JD 8D\n";
    let (results, reports) = run(text.as_bytes(), Mode::Auto, Layout::Tokens);
    assert_eq!(results, "");
    assert_eq!(reports.matches("error[").count(), 1, "{reports}");
    assert!(reports.contains("not_a_card"), "{reports}");
    for (text, expected) in cases {
        for mode in [Mode::Auto, Mode::Forced(Game::Choker)] {
            let (results, reports) = run(text.as_bytes(), mode, Layout::Tokens);
            assert_eq!(
                (results.as_str(), reports.as_str()),
                (expected, ""),
                "{text} {mode:?}"
            );
        }
    }
    let (whist, expected) = sample("whist");
    let text = format!("Al-1C3S2G5D4D Bo-7G8GTDJD4S {whist}");
    let (results, reports) = run(text.as_bytes(), Mode::Auto, Layout::Tokens);
    assert_eq!(results, format!("Al vs Bo: Al Wins\n{expected}"));
    assert!(reports.contains("choker::missing_terminator"), "{reports}");
    // Where a whist deal would begin, after a deal whose `#` was left
    // out: the dash makes the word a name, and the `#` is the one fault.
    let deals = whist.trim_end().strip_suffix('#').expect("ends with #");
    for name in ["Bo", "S"] {
        let text = format!("{deals}{name} - 1C3S2G5D4D Zed-7G8GTDJD4S END\n");
        let (results, reports) = run(text.as_bytes(), Mode::Auto, Layout::Tokens);
        assert_eq!(results, format!("{expected}{name} vs Zed: {name} Wins\n"));
        assert_eq!(reports.matches("error[").count(), 1, "{reports}");
        assert!(reports.contains("whist::missing_terminator"), "{reports}");
    }
}

/// Mixed documents with every Choker name apart from its dash, all on one
/// line: the results of their line layout. Their names are random
/// letters, so that some are one suit letter (`S - …`), which a whist
/// section's trump could be, where a section begins.
#[test]
fn mixed_documents_with_names_apart_read_as_their_lines() {
    for seed in 1..=3 {
        let document = generate::mixed_document(300, seed, false);
        let apart: String = document
            .lines()
            .map(|line| line.replacen('-', " - ", 1))
            .collect::<Vec<_>>()
            .join(" ");
        let (expected, _) = run(document.as_bytes(), Mode::Auto, Layout::Lines);
        let (results, reports) = run(apart.as_bytes(), Mode::Auto, Layout::Tokens);
        assert_eq!((results, reports.as_str()), (expected, ""), "seed {seed}");
    }
}

/// A file of whole lines but one, a whist deal's row broken in two: such
/// a file is framed a line at a time (each whole line at once), and the
/// deal, whose row spans two lines, is read with its line ends blanked
/// (its last row came whole, and the deal was read as written).
#[test]
fn a_row_broken_among_whole_lines_is_read_across_the_break() {
    let (whist, expected) = sample("whist");
    let mut lines: Vec<&str> = whist.lines().collect();
    let row = lines[2];
    let (first, second) = row.split_at(row.rfind(' ').unwrap());
    lines.splice(2..3, [first, second.trim_start()]);
    let text = format!(
        "{}\nKS QS TH 8H 4H AC QC TC 5C KD QD JD 8D\n",
        lines.join("\n")
    );
    for text in [text.clone(), text.replace('\n', "\r\n")] {
        let (results, reports) = run(text.as_bytes(), Mode::Auto, Layout::Tokens);
        assert_eq!(
            (results, reports.as_str()),
            (format!("{expected}BID D\n"), ""),
            "{text}"
        );
    }
}
