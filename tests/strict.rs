//! The strict layout and `validate`, through the real binary: every breach
//! of the statement's bytes is one report at its line, `check --strict
//! --fix` writes the canonical bytes back, the lenient `check` accepts
//! every breach, and `validate` exits 42 or 43 as an input validator of
//! a problem package must.

use std::process::Command;

use crate::support::Test;

/// The canonical input of each game: what `gen` writes, and `fmt` too.
fn canonical(game: &str) -> Vec<u8> {
    let output = Command::new(env!("CARGO_BIN_EXE_cardsharp"))
        .args(["gen", game, "--count", "5", "--seed", "9"])
        .output()
        .unwrap();
    assert!(output.status.success());
    output.stdout
}

/// Runs `cardsharp args` on `input`: its status and standard output.
fn cardsharp(args: &[&str], input: &[u8]) -> (i32, Vec<u8>, String) {
    let output = crate::support::with_stdin(crate::support::binary(), args, input);
    (
        output.status.code().unwrap(),
        output.stdout,
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// One breach of the canonical bytes of `text`, with the code it is
/// reported by and the line it is reported at.
struct Breach {
    code: &'static str,
    /// The line reported, from the number of lines of the text.
    line: fn(usize) -> usize,
    damage: fn(&[u8]) -> Vec<u8>,
}

/// The lines of `text`, each without its LF.
fn lines(text: &[u8]) -> Vec<Vec<u8>> {
    let mut lines: Vec<Vec<u8>> = text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    lines.pop();
    lines
}

fn joined(lines: &[Vec<u8>], ending: &[u8]) -> Vec<u8> {
    lines
        .iter()
        .flat_map(|line| [&line[..], ending].concat())
        .collect()
}

const BREACHES: &[Breach] = &[
    Breach {
        code: "byte_order_mark",
        line: |_| 1,
        damage: |text| [b"\xEF\xBB\xBF", text].concat(),
    },
    Breach {
        code: "crlf_line_ends",
        line: |_| 1,
        damage: |text| joined(&lines(text), b"\r\n"),
    },
    Breach {
        code: "blank_line",
        line: |_| 2,
        damage: |text| {
            let mut lines = lines(text);
            lines.insert(1, b"  ".to_vec());
            lines.insert(1, Vec::new());
            joined(&lines, b"\n")
        },
    },
    Breach {
        code: "blank_line",
        line: |lines| lines + 1,
        damage: |text| [text, b"\n"].concat(),
    },
    Breach {
        code: "blanks_at_line_edge",
        line: |_| 3,
        damage: |text| {
            let mut lines = lines(text);
            lines[2] = [b" \t", &lines[2][..], b" "].concat();
            joined(&lines, b"\n")
        },
    },
    Breach {
        code: "blanks_between_tokens",
        line: |_| 2,
        damage: |text| {
            let mut lines = lines(text);
            let at = lines[1].iter().position(|&b| b == b'-' || b == b' ');
            let at = at.unwrap_or(1);
            lines[1].splice(at..at, *b"  \t");
            joined(&lines, b"\n")
        },
    },
    Breach {
        code: "no_final_newline",
        line: |lines| lines,
        damage: |text| text[..text.len() - 1].to_vec(),
    },
];

#[test]
fn every_breach_is_one_report_at_its_line_and_fixed_back() {
    for game in ["bridge", "choker", "whist"] {
        let text = canonical(game);
        let (status, _, reports) = cardsharp(&["validate", "--game", game], &text);
        assert_eq!(status, 42, "{game}: {reports}");
        for breach in BREACHES {
            let damaged = (breach.damage)(&text);
            let line = (breach.line)(lines(&text).len());
            let (status, _, reports) = cardsharp(
                &[
                    "check",
                    "--strict",
                    "--game",
                    game,
                    "--diagnostics",
                    "short",
                ],
                &damaged,
            );
            assert_eq!(status, 1, "{game} {}: {reports}", breach.code);
            let found: Vec<&str> = reports.lines().filter(|l| l.contains("error[")).collect();
            let expected = format!("<stdin>:{line}:");
            assert_eq!(found.len(), 1, "{game} {}: {reports}", breach.code);
            assert!(
                found[0].starts_with(&expected)
                    && found[0].contains(&format!("[cardsharp::document::{}]", breach.code)),
                "{game} {}: {reports}",
                breach.code
            );
            let (status, fixed, reports) =
                cardsharp(&["check", "--strict", "--fix", "--game", game], &damaged);
            assert_eq!(status, 0, "{game} {}: {reports}", breach.code);
            assert_eq!(
                String::from_utf8_lossy(&fixed),
                String::from_utf8_lossy(&text),
                "{game} {}",
                breach.code
            );
            let (status, _, _) = cardsharp(&["validate", "--game", game], &damaged);
            assert_eq!(status, 43, "{game} {}", breach.code);
            let (status, _, reports) = cardsharp(&["check", "--game", game], &damaged);
            assert_eq!(status, 0, "lenient {game} {}: {reports}", breach.code);
        }
    }
}

#[test]
fn an_input_of_two_games_or_of_none_is_invalid() {
    let two = [canonical("bridge"), canonical("choker")].concat();
    let (status, _, reports) = cardsharp(&["check", "--strict", "--diagnostics", "short"], &two);
    assert_eq!(status, 1);
    assert!(
        reports.contains("<stdin>:6:1: error[cardsharp::document::mixed_games]"),
        "{reports}"
    );
    Test::new()
        .args(["validate"])
        .stdin("")
        .stderr_contains("the input holds no record")
        .status(43)
        .run();
}

/// A validator of a problem package is run with the package's flags: one
/// it does not know is an error, not a flag ignored.
#[test]
fn validate_refuses_flags_it_does_not_know() {
    Test::new()
        .args(["validate", "--case-sensitive"])
        .stdin(canonical("bridge"))
        .stderr_contains("unexpected argument '--case-sensitive'")
        .status(2)
        .run();
}

/// What `fmt` writes for a file of one game passes the validator.
#[test]
fn what_fmt_writes_is_valid() {
    for game in ["bridge", "choker", "whist"] {
        let example =
            std::fs::read(crate::support::root().join(format!("examples/{game}.txt"))).unwrap();
        let (status, formatted, _) = cardsharp(&["fmt", "-"], &example);
        assert_eq!(status, 0, "{game}");
        let (status, _, reports) = cardsharp(&["validate", "--game", game], &formatted);
        assert_eq!(status, 42, "{game}: {reports}");
    }
}

/// Odd inputs, each fixed back to what `validate` accepts: a CR ending the input without an LF, two Choker
/// hands on one line (split, not joined), a line of a form feed alone.
#[test]
fn odd_line_ends_and_joined_hands_are_fixed_to_valid_bytes() {
    let hand = "5H TC 9H KD KS KH 6S AD 2C JD 6D 8D 5D";
    let cases: [(&str, String); 3] = [
        ("bridge", format!("{hand}\r")),
        (
            "choker",
            "Ann-5G8DQD3DKC Bob-KD9GCDTD2G\nCy-7C8S2S5D8C\nDi-4DCCCS6SJD\nEND\n".to_owned(),
        ),
        ("bridge", format!("{hand}\n\x0c\n{hand}\n")),
    ];
    for (game, input) in cases {
        let (status, _, _) = cardsharp(&["validate", "--game", game], input.as_bytes());
        assert_eq!(status, 43, "{input:?}");
        let (status, fixed, reports) = cardsharp(
            &["check", "--strict", "--fix", "--game", game],
            input.as_bytes(),
        );
        assert_eq!(status, 0, "{input:?}: {reports}");
        let (status, _, reports) = cardsharp(&["validate", "--game", game], &fixed);
        assert_eq!(status, 42, "{input:?} fixed to {fixed:?}: {reports}");
    }
}
