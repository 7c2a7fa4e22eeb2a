//! The error catalogue, documented by inputs: `examples/malformed/` holds
//! one file per code, named `<scope>.<what>.txt`. Each must yield its code
//! and nothing else, and its rendering is pinned by snapshots.

use std::collections::BTreeSet;

use cardsharp::ast::Game;
use cardsharp::pipeline::{Action, OutputFormat, Settings, run_bytes};
use cardsharp::render::DiagnosticFormat;
use cardsharp::syntax::{Layout, Mode};

use crate::support::{STRICT_CODES, root};

/// Every code cardsharp reports.
const CATALOGUE: &[&str] = &[
    "bridge.bad_rank",
    "bridge.bad_suit",
    "bridge.card_count",
    "bridge.comma_separated",
    "bridge.comment_line",
    "bridge.duplicate_card",
    "bridge.glued_cards",
    "bridge.invalid_utf8",
    "bridge.look_alike",
    "bridge.lowercase_card",
    "bridge.not_a_card",
    "bridge.numbered_line",
    "bridge.records_on_one_line",
    "bridge.section_card_count",
    "bridge.swapped_cards",
    "bridge.ten_as_digits",
    "bridge.unrecognised_line",
    "choker.bad_rank",
    "choker.bad_suit",
    "choker.card_count",
    "choker.duplicate_card",
    "choker.invalid_utf8",
    "choker.look_alike",
    "choker.lowercase_card",
    "choker.missing_dash",
    "choker.missing_terminator",
    "choker.name_character",
    "choker.name_empty",
    "choker.name_too_long",
    "choker.records_on_one_line",
    "choker.shared_card",
    "choker.ten_as_digits",
    "choker.unpaired_hand",
    "choker.unrecognised_line",
    "document.after_terminator",
    "document.binary_input",
    "document.blank_line",
    "document.blanks_at_line_edge",
    "document.blanks_between_tokens",
    "document.byte_order_mark",
    "document.crlf_line_ends",
    "document.invalid_utf8",
    "document.line_too_long",
    "document.mixed_games",
    "document.no_final_newline",
    "document.no_record",
    "document.stray_terminator",
    "document.unrecognised_section",
    "document.wrong_terminator",
    "whist.bad_rank",
    "whist.bad_suit",
    "whist.card_count",
    "whist.deal_cut_short",
    "whist.duplicate_card",
    "whist.glued_cards",
    "whist.invalid_utf8",
    "whist.look_alike",
    "whist.lowercase_card",
    "whist.missing_terminator",
    "whist.missing_trump_line",
    "whist.not_a_card",
    "whist.records_on_one_line",
    "whist.revoke",
    "whist.ten_as_digits",
    "whist.trump_line",
    "whist.unrecognised_line",
];

fn examples() -> Vec<(String, Vec<u8>)> {
    let directory = root().join("examples/malformed");
    let mut files: Vec<_> = std::fs::read_dir(&directory)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let stem = path.file_stem().unwrap().to_str().unwrap().to_owned();
            (stem, std::fs::read(path).unwrap())
        })
        .collect()
}

/// Text after a terminator is only a warning when the game is forced.
fn mode_for(code: &str) -> Mode {
    if code == "document.after_terminator" {
        Mode::Forced(Game::Choker)
    } else {
        Mode::Auto
    }
}

/// The codes of the tokens layout's framing are shown in that layout,
/// and the codes of the strict layout's bytes in that one.
fn layout_for(code: &str) -> Layout {
    if code == "bridge.section_card_count" {
        Layout::Tokens
    } else if STRICT_CODES.contains(&code) {
        Layout::Strict
    } else {
        Layout::Lines
    }
}

fn render(code: &str, input: &[u8], diagnostics: DiagnosticFormat) -> String {
    let settings = Settings {
        mode: mode_for(code),
        layout: layout_for(code),
        action: Action::Check,
        output: OutputFormat::Text,
        diagnostics,
    };
    run_bytes(&format!("examples/malformed/{code}.txt"), input, &settings).1
}

#[test]
fn every_code_has_its_example_and_nothing_else() {
    let found: BTreeSet<String> = examples().into_iter().map(|(code, _)| code).collect();
    let catalogue: BTreeSet<String> = CATALOGUE.iter().map(|&code| code.to_owned()).collect();
    assert_eq!(found, catalogue);
}

/// The rules listed in a SARIF log are the catalogue, each with its
/// example, and the codes of paths besides.
#[test]
fn every_code_is_a_rule_with_its_example() {
    use cardsharp::diagnostic::catalogue::RULES;
    let rules: BTreeSet<String> = RULES
        .iter()
        .filter(|rule| rule.example().is_some())
        .map(|rule| {
            let code = rule
                .code
                .strip_prefix("cardsharp::")
                .unwrap()
                .replace("::", ".");
            assert_eq!(
                rule.example(),
                Some(format!("examples/malformed/{code}.txt"))
            );
            code
        })
        .collect();
    let catalogue: BTreeSet<String> = CATALOGUE.iter().map(|&code| code.to_owned()).collect();
    assert_eq!(rules, catalogue);
}

#[test]
fn each_example_yields_exactly_its_code() {
    for (code, input) in examples() {
        let reports = render(&code, &input, DiagnosticFormat::Json);
        let expected = format!("cardsharp::{}", code.replace('.', "::"));
        let codes: Vec<String> = reports
            .lines()
            .map(|line| {
                serde_json::from_str::<serde_json::Value>(line).unwrap()["code"]
                    .as_str()
                    .unwrap()
                    .to_owned()
            })
            .collect();
        assert!(!codes.is_empty(), "{code}: nothing reported");
        assert!(
            codes.iter().all(|c| *c == expected),
            "{code}: got {codes:?}"
        );
    }
}

#[test]
fn renderings_are_pinned() {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        for (code, input) in examples() {
            let human = render(
                &code,
                &input,
                DiagnosticFormat::Human {
                    color: false,
                    width: 80,
                },
            );
            insta::assert_snapshot!(format!("{code}.human"), human);
            insta::assert_snapshot!(
                format!("{code}.short"),
                render(&code, &input, DiagnosticFormat::Short)
            );
        }
    });
}

/// Bridge hands with characters of 2, 3 and 4 bytes and invalid UTF-8
/// before the faults: where counts of bytes, of characters and of lossily
/// decoded characters part.
const MULTIBYTE: &[u8] = b"AS K\xE2\x99\xA0 QX JS TS 9S 8S 7S 6S 5S 4S 3S 2S\n\
2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS\n\
AS \xF0\x9F\x82\xA1 KS ZS QS JS TS 9S 8S 7S 6S 5S 4S\n\
AS \xE4\xB8\xAD\xC3\xA9 KS QS JS TS 9S 8S 7S 6S 5S 4S 3G\n\
AS \xF0\x9F\x82 KS QX JS TS 9S 8S 7S 6S 5S 4S 3S\n";

const MULTIBYTE_PATH: &str = "multibyte.txt";

fn render_multibyte(diagnostics: DiagnosticFormat) -> String {
    let settings = Settings {
        mode: Mode::Auto,
        layout: Layout::Lines,
        action: Action::Check,
        output: OutputFormat::Text,
        diagnostics,
    };
    run_bytes(MULTIBYTE_PATH, MULTIBYTE, &settings).1
}

fn human_without_colour() -> DiagnosticFormat {
    DiagnosticFormat::Human {
        color: false,
        width: 80,
    }
}

/// `line:column` parsed from the text after `prefix` up to `end`.
fn line_column_after(text: &str, prefix: &str, end: char) -> Vec<(usize, usize)> {
    text.match_indices(prefix)
        .map(|(at, _)| {
            let rest = &text[at + prefix.len()..];
            let (line, rest) = rest.split_once(':').unwrap();
            let column = &rest[..rest.find(end).unwrap()];
            (line.parse().unwrap(), column.parse().unwrap())
        })
        .collect()
}

/// A report read as text writes each control byte of the input that a
/// terminal would act on as `?`: an escape in a token it quotes, and a CR
/// inside a line it draws. JSON keeps them, escaped.
#[test]
fn text_reports_print_no_control_byte_of_the_input() {
    let input = b"KS QS TH 8H 4H AC QC TC 5C KD QD JD \x1b[31mXX\rAC\n";
    let settings = |diagnostics| Settings {
        mode: Mode::Auto,
        layout: Layout::Lines,
        action: Action::Check,
        output: OutputFormat::Text,
        diagnostics,
    };
    for diagnostics in [
        human_without_colour(),
        DiagnosticFormat::Short,
        DiagnosticFormat::Github,
    ] {
        let reports = run_bytes("input", input, &settings(diagnostics)).1;
        assert!(reports.contains("`?[31mXX?AC`"), "{reports}");
        assert!(!reports.contains(['\x1b', '\r']), "{reports:?}");
    }
    let json = run_bytes("input", input, &settings(DiagnosticFormat::Json)).1;
    assert!(json.contains("\\u001b[31mXX\\rAC"), "{json}");
}

#[test]
fn every_format_gives_the_same_character_column() {
    // ♠ (the spades symbol), X; 🂡 (not a card), Z; 中é (not a card), G;
    // a 🂡 cut short, X. Each column counts characters, and each invalid
    // byte one (a lossy decoding would make one U+FFFD of the three).
    let expected = [
        (1, 5),
        (1, 8),
        (3, 4),
        (3, 9),
        (4, 4),
        (4, 38),
        (5, 4),
        (5, 12),
    ];
    let short = line_column_after(
        &render_multibyte(DiagnosticFormat::Short),
        &format!("{MULTIBYTE_PATH}:"),
        ':',
    );
    let human = line_column_after(
        &render_multibyte(human_without_colour()),
        &format!("╭─[{MULTIBYTE_PATH}:"),
        ']',
    );
    assert_eq!(short, expected);
    assert_eq!(human, expected);
    let json: Vec<serde_json::Value> = render_multibyte(DiagnosticFormat::Json)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let position = |report: &serde_json::Value, line: &str, column: &str| {
        (
            usize::try_from(report[line].as_u64().unwrap()).unwrap(),
            usize::try_from(report[column].as_u64().unwrap()).unwrap(),
        )
    };
    let starts: Vec<_> = json
        .iter()
        .map(|report| position(report, "line", "column"))
        .collect();
    assert_eq!(starts, expected);
    // The end is exclusive: just after the label's last character.
    let ends: Vec<_> = json
        .iter()
        .map(|report| position(report, "end_line", "end_column"))
        .collect();
    assert_eq!(
        ends,
        [
            (1, 6),
            (1, 9),
            (3, 5),
            (3, 10),
            (4, 6),
            (4, 39),
            (5, 7),
            (5, 13)
        ]
    );
}

#[test]
fn json_keeps_miettes_object_and_adds_the_position_and_fixes_last() {
    for line in render_multibyte(DiagnosticFormat::Json).lines() {
        let report: serde_json::Value = serde_json::from_str(line).unwrap();
        let position = format!(
            r#","line": {},"column": {},"end_line": {},"end_column": {},"fixes": ["#,
            report["line"], report["column"], report["end_line"], report["end_column"]
        );
        let (miette, fixes) = line.split_once(&position).expect(line);
        assert!(fixes.ends_with("]}"), "{line}");
        assert!(miette.ends_with(r#""related": []"#), "{line}");
        let miette: serde_json::Value = serde_json::from_str(&format!("{miette}}}")).unwrap();
        assert!(miette.get("labels").is_some() && miette.get("line").is_none());
    }
}

#[test]
fn multibyte_renderings_are_pinned() {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::assert_snapshot!("multibyte.short", render_multibyte(DiagnosticFormat::Short));
        insta::assert_snapshot!("multibyte.human", render_multibyte(human_without_colour()));
    });
}
