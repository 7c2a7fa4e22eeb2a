//! The statements' samples through the real binary: from files and stdin,
//! auto-detected and forced, alone and mixed in every order.

use crate::support::{Test, root, sample};

const GAMES: [&str; 3] = ["bridge", "choker", "whist"];

#[test]
fn each_sample_from_a_file_auto_detected() {
    for game in GAMES {
        let (_, expected) = sample(game);
        Test::new()
            .args(["run", &format!("examples/{game}.txt")])
            .stdout(expected)
            .stderr_empty()
            .run();
    }
}

#[test]
fn each_sample_from_stdin_auto_detected_and_forced() {
    for game in GAMES {
        let (input, expected) = sample(game);
        Test::new()
            .args(["run"])
            .stdin(&input)
            .stdout(expected.clone())
            .stderr_empty()
            .run();
        Test::new()
            .args(["run", "-"])
            .stdin(&input)
            .stdout(expected.clone())
            .stderr_empty()
            .run();
        Test::new()
            .args(["run", "--game", game])
            .stdin(&input)
            .stdout(expected)
            .stderr_empty()
            .run();
    }
}

#[test]
fn each_sample_from_a_file_forced() {
    for game in GAMES {
        let (_, expected) = sample(game);
        Test::new()
            .args(["run", "--game", game, &format!("examples/{game}.txt")])
            .stdout(expected)
            .stderr_empty()
            .run();
    }
}

#[test]
fn the_shipped_mixed_example() {
    let expected = std::fs::read_to_string(root().join("tests/golden/mixed.out")).unwrap();
    Test::new()
        .args(["run", "examples/mixed.txt"])
        .stdout(expected)
        .stderr_empty()
        .run();
}

/// The shipped example of the tokens layout: the mixed example's tokens,
/// their line breaks moved, prints the mixed example's results under
/// `--layout tokens`, and `fmt --layout tokens` gives back its layout.
#[test]
fn the_shipped_tokens_example() {
    let expected = std::fs::read_to_string(root().join("tests/golden/mixed.out")).unwrap();
    Test::new()
        .args(["run", "--layout", "tokens", "examples/tokens.txt"])
        .stdout(expected)
        .stderr_empty()
        .run();
    let tokens = std::fs::read_to_string(root().join("examples/tokens.txt")).unwrap();
    let (formatted, _) = Test::new()
        .args(["fmt", "--layout", "tokens", "-"])
        .stdin(tokens)
        .run();
    let (canonical, _) = Test::new()
        .args(["fmt", "-"])
        .stdin(std::fs::read_to_string(root().join("examples/mixed.txt")).unwrap())
        .run();
    assert_eq!(formatted, canonical);
}

/// Every order of the three samples in one file, and each order twice in a
/// row, with and without blank lines between sections.
#[test]
fn all_three_mixed_in_every_order() {
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let samples = GAMES.map(sample);
    for order in orders {
        for separator in ["", "\n\n"] {
            let mut input = String::new();
            let mut expected = String::new();
            for _ in 0..2 {
                for &game in &order {
                    input.push_str(&samples[game].0);
                    input.push_str(separator);
                    expected.push_str(&samples[game].1);
                }
            }
            Test::new()
                .args(["run"])
                .stdin(&input)
                .stdout(expected)
                .stderr_empty()
                .run();
        }
    }
}

#[test]
fn several_paths_are_processed_in_the_order_given() {
    let (_, whist) = sample("whist");
    let (_, bridge) = sample("bridge");
    Test::new()
        .args(["run", "examples/whist.txt", "examples/bridge.txt"])
        .stdout(format!("{whist}{bridge}"))
        .run();
}

/// CRLF, a byte-order mark, tabs and trailing blanks change nothing.
// A test: the text it builds is clearer than the allocations saved.
#[allow(clippy::format_collect)]
#[test]
fn layout_does_not_change_results() {
    for game in GAMES {
        let (input, expected) = sample(game);
        let crlf = input.replace('\n', "\r\n");
        let bom = format!("\u{feff}{input}");
        let spaced = input
            .lines()
            .map(|line| format!("\t {} \t\n", line.replace(' ', " \t ")))
            .collect::<String>();
        for variant in [crlf, bom, spaced] {
            Test::new()
                .args(["run"])
                .stdin(&variant)
                .stdout(expected.clone())
                .stderr_empty()
                .run();
        }
    }
}

#[test]
fn json_results_carry_path_game_line_and_span() {
    let (stdout, _) = Test::new()
        .args(["run", "--output", "json", "examples/bridge.txt"])
        .run();
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["path"], "examples/bridge.txt");
    assert_eq!(lines[1]["game"], "bridge");
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[1]["span"]["offset"], 39);
    assert_eq!(lines[1]["span"]["length"], 38);
    assert_eq!(lines[1]["result"], "BID NO-TRUMP");
}
