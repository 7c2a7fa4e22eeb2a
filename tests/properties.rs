//! Properties over arbitrary input: nothing panics, in any mode or format,
//! and every well-formed record keeps its result whatever surrounds it.

use cardsharp::ast::Game;
use cardsharp::pipeline::{Action, OutputFormat, Settings, run_bytes};
use cardsharp::render::DiagnosticFormat;
use cardsharp::syntax::{Layout, Mode};
use proptest::prelude::*;

const MODES: [Mode; 4] = [
    Mode::Auto,
    Mode::Forced(Game::Bridge),
    Mode::Forced(Game::Choker),
    Mode::Forced(Game::Whist),
];

/// Pieces that the three languages are made of, and a few that break them.
fn card_like_noise() -> impl Strategy<Value = Vec<u8>> {
    let pieces = prop::sample::select(vec![
        "KS",
        "QH",
        "TD",
        "AC",
        "1G",
        "CC",
        "10H",
        "kh",
        "KSQS",
        " ",
        " ",
        "\t",
        "\n",
        "\n",
        "\r\n",
        "-",
        "Joey-",
        "1C3S2G5D4D",
        "END",
        "#",
        "H",
        "S\n",
        "\u{feff}",
        "\u{e9}",
        "\u{ff}",
        "Clucky",
        "\n\n",
    ]);
    prop::collection::vec(pieces, 0..200).prop_map(|pieces| pieces.concat().into_bytes())
}

fn run_all(input: &[u8]) {
    for (mode, layout) in MODES
        .into_iter()
        .flat_map(|mode| [(mode, Layout::Lines), (mode, Layout::Tokens)])
    {
        for diagnostics in [
            DiagnosticFormat::Human {
                color: false,
                width: 80,
            },
            DiagnosticFormat::Short,
            DiagnosticFormat::Json,
        ] {
            for output in [OutputFormat::Text, OutputFormat::Json] {
                let settings = Settings {
                    mode,
                    layout,
                    action: Action::Run,
                    output,
                    diagnostics,
                };
                let _ = run_bytes("arbitrary", input, &settings);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn arbitrary_bytes_never_panic(input in prop::collection::vec(any::<u8>(), 0..2000)) {
        run_all(&input);
    }

    #[test]
    fn card_like_noise_never_panics(input in card_like_noise()) {
        run_all(&input);
    }

    /// A valid bridge hand keeps its bid after any noise that a blank line
    /// separates from it (noise is closed off with a Choker `END` and a
    /// whist `#`, each on its own line, since a section may be left open).
    #[test]
    fn a_good_record_survives_noise_before_it(noise in card_like_noise()) {
        let mut input = noise;
        input.extend_from_slice(b"\nEND\n#\nAC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H\n");
        let settings = Settings {
            mode: Mode::Auto,
            layout: Layout::Lines,
            action: Action::Run,
            output: OutputFormat::Text,
            diagnostics: DiagnosticFormat::Short,
        };
        let (out, _, _) = run_bytes("noise", &input, &settings);
        prop_assert!(out.ends_with("BID NO-TRUMP\n"), "{out}");
    }
}

/// The records of a document, spans removed: what formatting must keep.
fn records_without_spans(source: &[u8]) -> Vec<serde_json::Value> {
    fn strip(value: &mut serde_json::Value) {
        match value {
            serde_json::Value::Object(map) => {
                map.remove("span");
                map.values_mut().for_each(strip);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let settings = Settings {
        mode: Mode::Auto,
        layout: Layout::Lines,
        action: Action::Parse,
        output: OutputFormat::Json,
        diagnostics: DiagnosticFormat::Short,
    };
    let (out, err, _) = run_bytes("fmt", source, &settings);
    assert_eq!(err, "");
    out.lines()
        .map(|line| {
            let mut record: serde_json::Value = serde_json::from_str(line).unwrap();
            strip(&mut record["record"]);
            record["record"].take()
        })
        .collect()
}

/// Valid generated input with its layout disturbed: blanks around tokens,
/// CRLF, blank lines, a byte-order mark.
fn messy_document() -> impl Strategy<Value = (Vec<u8>, u64)> {
    (any::<u64>(), any::<u64>()).prop_map(|(seed, noise)| {
        let text = cardsharp::generate::mixed_document(4, seed, true);
        let mut rng = fastrand::Rng::with_seed(noise);
        let mut messy = String::new();
        if rng.bool() {
            messy.push('\u{feff}');
        }
        for line in text.lines() {
            let indent = ["", " ", "\t", "  "][rng.usize(0..4)];
            let line = if line.contains('-') {
                line.to_owned()
            } else {
                line.replace(' ', [" ", "  ", "\t", " \t"][rng.usize(0..4)])
            };
            messy.push_str(indent);
            messy.push_str(&line);
            messy.push_str(indent);
            messy.push_str(["\n", "\r\n"][rng.usize(0..2)]);
            if rng.u8(0..8) == 0 {
                messy.push_str(" \n");
            }
        }
        (messy.into_bytes(), seed)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// `fmt` keeps every record, is idempotent, and its output is clean.
    #[test]
    fn formatting_keeps_the_records_and_is_idempotent((messy, _seed) in messy_document()) {
        use cardsharp::render::format::source;
        let formatted = source(&messy, Mode::Auto, Layout::Lines);
        prop_assert_eq!(records_without_spans(&messy), records_without_spans(formatted.as_bytes()));
        prop_assert_eq!(source(formatted.as_bytes(), Mode::Auto, Layout::Lines), formatted.clone());
        prop_assert!(!formatted.contains('\r') && !formatted.contains('\t') && !formatted.contains(" \n"));
    }
}
