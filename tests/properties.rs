//! Properties over arbitrary input: nothing panics, in any mode or format,
//! and every well-formed record keeps its result whatever surrounds it.

use cardsharp::ast::Game;
use cardsharp::pipeline::{OutputFormat, Settings, run_bytes};
use cardsharp::render::DiagnosticFormat;
use cardsharp::syntax::Mode;
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
    for mode in MODES {
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
                    evaluate: true,
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
            evaluate: true,
            output: OutputFormat::Text,
            diagnostics: DiagnosticFormat::Short,
        };
        let (out, _, _) = run_bytes("noise", &input, &settings);
        prop_assert!(out.ends_with("BID NO-TRUMP\n"), "{out}");
    }
}
