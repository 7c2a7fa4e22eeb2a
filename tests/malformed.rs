//! The error catalogue, documented by inputs: `examples/malformed/` holds
//! one file per code, named `<scope>.<what>.txt`. Each must yield its code
//! and nothing else, and its rendering is pinned by snapshots.

use std::collections::BTreeSet;

use cardsharp::ast::Game;
use cardsharp::pipeline::{Action, OutputFormat, Settings, run_bytes};
use cardsharp::render::DiagnosticFormat;
use cardsharp::syntax::Mode;

use crate::support::root;

/// Every code cardsharp reports.
const CATALOGUE: &[&str] = &[
    "bridge.bad_rank",
    "bridge.bad_suit",
    "bridge.card_count",
    "bridge.duplicate_card",
    "bridge.glued_cards",
    "bridge.invalid_utf8",
    "bridge.lowercase_card",
    "bridge.not_a_card",
    "bridge.ten_as_digits",
    "bridge.unrecognised_line",
    "choker.bad_rank",
    "choker.bad_suit",
    "choker.card_count",
    "choker.duplicate_card",
    "choker.invalid_utf8",
    "choker.lowercase_card",
    "choker.missing_dash",
    "choker.missing_terminator",
    "choker.name_character",
    "choker.name_empty",
    "choker.name_too_long",
    "choker.shared_card",
    "choker.unpaired_hand",
    "choker.unrecognised_line",
    "document.after_terminator",
    "document.binary_input",
    "document.invalid_utf8",
    "document.line_too_long",
    "document.stray_terminator",
    "document.unrecognised_section",
    "whist.bad_rank",
    "whist.bad_suit",
    "whist.card_count",
    "whist.deal_cut_short",
    "whist.duplicate_card",
    "whist.glued_cards",
    "whist.invalid_utf8",
    "whist.lowercase_card",
    "whist.missing_terminator",
    "whist.missing_trump_line",
    "whist.not_a_card",
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

fn render(code: &str, input: &[u8], diagnostics: DiagnosticFormat) -> String {
    let settings = Settings {
        mode: mode_for(code),
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
