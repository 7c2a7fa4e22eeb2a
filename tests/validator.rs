//! The package's input validator, in C, against `cardsharp validate`:
//! thousands of inputs of each game (valid, valid but for one breach,
//! damaged at random, and hostile), every one accepted by both or
//! rejected by both. The validator runs built with the address and the
//! undefined-behaviour sanitizers, and no run may report.
//!
//! The breaches are made so that each code `check --strict --game GAME`
//! can give is given at least [`AT_LEAST`] times; the test counts them
//! by the codes cardsharp reports, and prints the counts.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use cardsharp::ast::Game;
use cardsharp::diagnostic::catalogue::RULES;
use cardsharp::generate;
use cardsharp::package::validator;
use cardsharp::pipeline::{Action, OutputFormat, Settings, run_bytes};
use cardsharp::render::DiagnosticFormat;
use cardsharp::syntax::{Layout, Mode};
use serde_json::Value;

use crate::support::{binary, root, with_stdin};

/// How many times each code must be given by the near-valid inputs.
const AT_LEAST: usize = 20;

/// Codes that `check --strict --game GAME` cannot give, and why.
const NOT_IN_A_STRICT_GAME: &[(&str, &str)] = &[
    (
        "cardsharp::document::invalid_utf8",
        "in one game, the game's own code tells it",
    ),
    ("cardsharp::document::mixed_games", "one game is forced"),
    (
        "cardsharp::document::unrecognised_section",
        "one game is forced: every line belongs to its section",
    ),
    (
        "cardsharp::bridge::section_card_count",
        "the tokens layout's",
    ),
    ("cardsharp::whist::missing_trump", "the tokens layout's"),
    (
        "cardsharp::whist::missing_trump_line",
        "one game forced reads rows without their trump as a deal cut short",
    ),
];

/// Codes of a terminator of its own, which bridge input lacks.
const BRIDGE_HAS_NO_TERMINATOR: &[&str] = &[
    "cardsharp::document::after_terminator",
    "cardsharp::document::wrong_terminator",
];

/// Codes of another scope that a game's input may still give: whole records
/// of the other games on one line of a bridge hand's.
const OTHER_SCOPES: &[(Game, &str)] = &[
    (Game::Bridge, "cardsharp::choker::records_on_one_line"),
    (Game::Bridge, "cardsharp::whist::records_on_one_line"),
];

/// Codes that the strict layout of `game` can give: those of the document
/// and of the game, but for those it cannot.
fn strict_codes(game: Game) -> Vec<&'static str> {
    let scope = format!("cardsharp::{}::", game.name());
    RULES
        .iter()
        .map(|rule| rule.code)
        .filter(|code| code.starts_with("cardsharp::document::") || code.starts_with(&scope))
        .filter(|code| !NOT_IN_A_STRICT_GAME.iter().any(|(not, _)| not == code))
        .filter(|code| game != Game::Bridge || !BRIDGE_HAS_NO_TERMINATOR.contains(code))
        .chain(
            OTHER_SCOPES
                .iter()
                .filter(|(other, _)| *other == game)
                .map(|&(_, code)| code),
        )
        .collect()
}

/// What `cardsharp validate --game GAME` decides on `input`: whether it is
/// valid, and the codes of its reports.
fn cardsharp_validate(game: Game, input: &[u8]) -> (bool, Vec<String>) {
    let settings = Settings {
        mode: Mode::Forced(game),
        layout: Layout::Strict,
        action: Action::Check,
        output: OutputFormat::Text,
        diagnostics: DiagnosticFormat::Json,
    };
    let (_, reports, tally) = run_bytes("<stdin>", input, &settings);
    let codes = reports
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter_map(|report| report["code"].as_str().map(str::to_owned))
        .collect();
    (tally.errors + tally.warnings == 0, codes)
}

/// The lines of `text`, each without its LF; a last line without one too.
fn lines_of(text: &[u8]) -> Vec<Vec<u8>> {
    let mut lines: Vec<Vec<u8>> = text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    if lines.last().is_some_and(Vec::is_empty) {
        lines.pop();
    }
    lines
}

fn joined(lines: &[Vec<u8>]) -> Vec<u8> {
    lines
        .iter()
        .flat_map(|line| [&line[..], b"\n"].concat())
        .collect()
}

/// A valid input of `game`: one to six records, typical or rare, and the
/// terminator.
fn valid(game: Game, rng: &mut fastrand::Rng) -> Vec<u8> {
    generate::document(game, rng.usize(1..=6), rng.u64(..), rng.bool()).into_bytes()
}

/// The indices of the lines of `lines` that hold cards (hands and rows).
fn card_lines(lines: &[Vec<u8>]) -> Vec<usize> {
    (0..lines.len()).filter(|&i| lines[i].len() > 4).collect()
}

/// Where the cards of a card line start: after a Choker hand's dash, or at
/// each token of a row.
fn card_starts(line: &[u8]) -> Vec<usize> {
    match line.iter().position(|&b| b == b'-') {
        Some(dash) => (0..5).map(|i| dash + 1 + 2 * i).collect(),
        None => (0..line.len()).step_by(3).collect(),
    }
}

/// A random card line of `lines` and a random card in it: the line's
/// index and the card's offset.
fn some_card(lines: &[Vec<u8>], rng: &mut fastrand::Rng) -> (usize, usize) {
    let candidates = card_lines(lines);
    let line = candidates[rng.usize(..candidates.len())];
    let starts = card_starts(&lines[line]);
    (line, starts[rng.usize(..starts.len())])
}

fn some_line(lines: &[Vec<u8>], rng: &mut fastrand::Rng) -> usize {
    let candidates = card_lines(lines);
    candidates[rng.usize(..candidates.len())]
}

/// A random Choker hand's line, and where its dash is.
fn some_name(game: Game, lines: &[Vec<u8>], rng: &mut fastrand::Rng) -> Option<(usize, usize)> {
    if game != Game::Choker {
        return None;
    }
    let line = some_line(lines, rng);
    Some((line, lines[line].iter().position(|&b| b == b'-')?))
}

/// One breach of a valid input, by name: the bytes changed, or `None`
/// where the breach does not apply to this game or this input.
type Breach = fn(Game, Vec<Vec<u8>>, &mut fastrand::Rng) -> Option<Vec<u8>>;

const RANKS_OF_NONE: &[u8] = b"XZB0";

fn bad_utf8(rng: &mut fastrand::Rng) -> &'static [u8] {
    [&b"\xFF"[..], b"\xC3", b"\xE2\x99", b"\xFE\xFF"][rng.usize(..4)]
}
const SUITS_OF_NONE: &[u8] = b"XZEN";

/// Breaches that make every code of the strict layout, each one fault.
const BREACHES: &[(&str, Breach)] = &[
    ("byte order mark", |_, lines, _| {
        Some([&b"\xEF\xBB\xBF"[..], &joined(&lines)].concat())
    }),
    ("crlf", |_, lines, rng| {
        let all = rng.bool();
        let one = rng.usize(..lines.len());
        let mut out = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            out.extend_from_slice(line);
            out.extend_from_slice(if all || i == one { b"\r\n" } else { b"\n" });
        }
        Some(out)
    }),
    ("blank line", |_, mut lines, rng| {
        let blank = [&b""[..], b" ", b"\t "][rng.usize(..3)].to_vec();
        lines.insert(rng.usize(..=lines.len()), blank);
        Some(joined(&lines))
    }),
    ("blank at a line's edge", |_, mut lines, rng| {
        let at = rng.usize(..lines.len());
        let blank = [b' ', b'\t'][rng.usize(..2)];
        if rng.bool() {
            lines[at].insert(0, blank);
        } else {
            lines[at].push(blank);
        }
        Some(joined(&lines))
    }),
    ("blanks between tokens", |_, mut lines, rng| {
        let (line, card) = some_card(&lines, rng);
        if card == 0 {
            return None;
        }
        let blank = [&b"  "[..], b"\t", b" \t"][rng.usize(..3)];
        let line = &mut lines[line];
        let gap = if line[card - 1] == b' ' {
            card - 1
        } else {
            card
        };
        let keep = usize::from(line[gap] != b' ');
        line.splice(gap + 1 - keep..=gap, blank.iter().copied());
        Some(joined(&lines))
    }),
    ("no final newline", |_, lines, _| {
        let mut text = joined(&lines);
        text.pop();
        Some(text)
    }),
    ("no record", |game, _, rng| {
        let terminator = match game {
            Game::Bridge => "",
            Game::Choker => "END\n",
            Game::Whist => "#\n",
        };
        Some([&b""[..], b"\n", terminator.as_bytes()][rng.usize(..3)].to_vec())
    }),
    ("NUL byte", |_, lines, rng| {
        let mut text = joined(&lines);
        text.insert(rng.usize(..text.len()), 0);
        Some(text)
    }),
    ("invalid UTF-8 in a record", |_, mut lines, rng| {
        let (line, card) = some_card(&lines, rng);
        lines[line].splice(card..card + 2, bad_utf8(rng).iter().copied());
        Some(joined(&lines))
    }),
    ("invalid UTF-8 on a line of its own", |_, mut lines, rng| {
        lines.insert(rng.usize(..=lines.len()), bad_utf8(rng).to_vec());
        Some(joined(&lines))
    }),
    ("line too long", |_, mut lines, rng| {
        let line = some_line(&lines, rng);
        let long = lines[line].repeat(70_000 / lines[line].len() + 1);
        lines[line] = long;
        Some(joined(&lines))
    }),
    ("stray terminator", |game, mut lines, rng| {
        let stray = match game {
            Game::Bridge => [&b"#"[..], b"END"][rng.usize(..2)],
            Game::Choker => b"#",
            Game::Whist => b"END",
        };
        lines.insert(rng.usize(..=lines.len()), stray.to_vec());
        Some(joined(&lines))
    }),
    ("after terminator", |game, mut lines, rng| {
        if game == Game::Bridge {
            return None;
        }
        let after = [&b"that's all folks"[..], b"END", b"#", b"x"][rng.usize(..4)];
        lines.push(after.to_vec());
        Some(joined(&lines))
    }),
    ("wrong terminator", |game, mut lines, rng| {
        let wrong = match game {
            Game::Bridge => return None,
            Game::Choker => [&b"end"[..], b"End", b"ENDE", b"#"][rng.usize(..4)],
            Game::Whist => [&b"##"[..], b"END", b"# end"][rng.usize(..3)],
        };
        *lines.last_mut().unwrap() = wrong.to_vec();
        Some(joined(&lines))
    }),
    ("missing terminator", |game, mut lines, _| {
        if game == Game::Bridge {
            return None;
        }
        lines.pop();
        Some(joined(&lines))
    }),
    ("unrecognised line", |_, mut lines, rng| {
        let prose = [&b"the quick brown fox"[..], b"hello", b"???"][rng.usize(..3)].to_vec();
        if rng.bool() {
            let line = some_line(&lines, rng);
            lines[line] = prose;
        } else {
            lines.insert(rng.usize(..lines.len()), prose);
        }
        Some(joined(&lines))
    }),
    ("records on one line", |game, mut lines, rng| {
        let line = some_line(&lines, rng);
        let join = match game {
            Game::Bridge | Game::Choker => 2,
            Game::Whist => 5,
        };
        let first = match game {
            Game::Bridge => line,
            Game::Choker => line - line % 2,
            Game::Whist => line - line % 5,
        };
        if first + join > lines.len() - usize::from(game != Game::Bridge) {
            return None;
        }
        let whole: Vec<Vec<u8>> = lines.drain(first..first + join).collect();
        lines.insert(first, whole.join(&b' '));
        Some(joined(&lines))
    }),
    (
        "Choker pairs on a bridge hand's line",
        |game, lines, rng| other_game_on_one_line(game, Game::Choker, lines, rng),
    ),
    ("whist deals on a bridge hand's line", |game, lines, rng| {
        other_game_on_one_line(game, Game::Whist, lines, rng)
    }),
    ("bad rank", |_, mut lines, rng| {
        let (line, card) = some_card(&lines, rng);
        lines[line][card] = RANKS_OF_NONE[rng.usize(..RANKS_OF_NONE.len())];
        Some(joined(&lines))
    }),
    ("bad suit", |game, mut lines, rng| {
        let (line, card) = some_card(&lines, rng);
        let other = if game == Game::Choker { b'H' } else { b'G' };
        let suits = [SUITS_OF_NONE, &[other]].concat();
        lines[line][card + 1] = suits[rng.usize(..suits.len())];
        Some(joined(&lines))
    }),
    ("a card less or more", |game, mut lines, rng| {
        let (line, card) = some_card(&lines, rng);
        let line = &mut lines[line];
        let more = rng.bool();
        match (game, more) {
            (Game::Choker, false) => drop(line.drain(card..card + 2)),
            (Game::Choker, true) => line.extend_from_slice(b"9S"),
            (_, false) => drop(line.drain(card.saturating_sub(1)..card + 2)),
            (_, true) => line.extend_from_slice(b" 9S"),
        }
        Some(joined(&lines))
    }),
    ("commas", |game, mut lines, rng| {
        if game == Game::Choker {
            return None;
        }
        let line = some_line(&lines, rng);
        let comma = [&b", "[..], b","][rng.usize(..2)];
        let with_commas = lines[line]
            .split(|&b| b == b' ')
            .collect::<Vec<_>>()
            .join(comma);
        lines[line] = with_commas;
        Some(joined(&lines))
    }),
    ("comment line", |_, lines, rng| {
        Some(comment_line(lines, rng))
    }),
    // Twice: a comment inside a whist deal is often read as a line of the
    // deal, and then gives the code of the line it stands for.
    ("comment line again", |_, lines, rng| {
        Some(comment_line(lines, rng))
    }),
    ("numbered line", |_, mut lines, rng| {
        let line = some_line(&lines, rng);
        let number = [&b"1. "[..], b"2) ", b"12 "][rng.usize(..3)];
        lines[line].splice(0..0, number.iter().copied());
        Some(joined(&lines))
    }),
    ("a card twice", |_, mut lines, rng| {
        let (line, card) = some_card(&lines, rng);
        let starts = card_starts(&lines[line]);
        let other = starts[rng.usize(..starts.len())];
        if other == card {
            return None;
        }
        let copy = lines[line][other..other + 2].to_vec();
        lines[line].splice(card..card + 2, copy);
        Some(joined(&lines))
    }),
    (
        "a card in both hands or two rows",
        |game, mut lines, rng| {
            let (line, card) = some_card(&lines, rng);
            let partner = match game {
                Game::Bridge => return None,
                Game::Choker => line ^ 1,
                Game::Whist => line - line % 5 + 1 + (line % 5) % 4,
            };
            let starts = card_starts(&lines[partner]);
            let other = starts[rng.usize(..starts.len())];
            let copy = lines[partner][other..other + 2].to_vec();
            lines[line].splice(card..card + 2, copy);
            Some(joined(&lines))
        },
    ),
    ("glued cards", |game, mut lines, rng| {
        if game == Game::Choker {
            return None;
        }
        let (line, card) = some_card(&lines, rng);
        if card == 0 {
            return None;
        }
        lines[line].remove(card - 1);
        Some(joined(&lines))
    }),
    ("look-alike", |game, mut lines, rng| {
        let (line, card) = some_card(&lines, rng);
        let symbol: &[u8] = match (game, rng.usize(..3)) {
            (Game::Choker, 0) => {
                let dash = lines[line].iter().position(|&b| b == b'-').unwrap();
                lines[line].splice(dash..=dash, "\u{2013}".bytes());
                return Some(joined(&lines));
            }
            (Game::Bridge | Game::Whist, 0) if card > 0 => {
                lines[line].splice(card - 1..card, "\u{a0}".bytes());
                return Some(joined(&lines));
            }
            _ => ["♠", "♥", "♦", "♣"][rng.usize(..4)].as_bytes(),
        };
        lines[line].splice(card + 1..card + 2, symbol.iter().copied());
        Some(joined(&lines))
    }),
    ("lowercase", |_, mut lines, rng| {
        let (line, card) = some_card(&lines, rng);
        if rng.bool() {
            lines[line][card..card + 2].make_ascii_lowercase();
        } else {
            let dash = lines[line].iter().position(|&b| b == b'-').unwrap_or(0);
            lines[line][dash..].make_ascii_lowercase();
        }
        Some(joined(&lines))
    }),
    ("not a card", |_, mut lines, rng| {
        let (line, card) = some_card(&lines, rng);
        let junk = [&b"*"[..], b"?", b"Q"][rng.usize(..3)];
        let at = if rng.bool() { card + 2 } else { card + 1 };
        lines[line].splice(at..card + 2, junk.iter().copied());
        Some(joined(&lines))
    }),
    ("suit first", |game, mut lines, rng| {
        let line = some_line(&lines, rng);
        let starts = card_starts(&lines[line]);
        let swap_all = rng.usize(..4) > 0;
        for (i, card) in starts.into_iter().enumerate() {
            if swap_all || i == 0 {
                lines[line].swap(card, card + 1);
            }
        }
        if game == Game::Choker && !swap_all {
            return None;
        }
        Some(joined(&lines))
    }),
    ("ten as digits", |_, mut lines, rng| {
        let (line, card) = some_card(&lines, rng);
        lines[line].splice(card..=card, b"10".iter().copied());
        Some(joined(&lines))
    }),
    ("no dash", |game, mut lines, rng| {
        if game != Game::Choker {
            return None;
        }
        let line = some_line(&lines, rng);
        let dash = lines[line].iter().position(|&b| b == b'-').unwrap();
        if rng.bool() {
            lines[line].remove(dash);
        } else {
            lines[line][dash] = b' ';
        }
        Some(joined(&lines))
    }),
    ("a name with a non-letter", |game, mut lines, rng| {
        let (line, dash) = some_name(game, &lines, rng)?;
        lines[line].insert(rng.usize(..dash), [b'_', b'3', b'.', b'\''][rng.usize(..4)]);
        Some(joined(&lines))
    }),
    ("no name", |game, mut lines, rng| {
        let (line, dash) = some_name(game, &lines, rng)?;
        lines[line].drain(..dash);
        Some(joined(&lines))
    }),
    ("a name too long", |game, mut lines, rng| {
        let (line, dash) = some_name(game, &lines, rng)?;
        let name = &b"AbcdefghijklmnopqrstuvwxyzAbcdefghijklmnopqrstuvwxyz"[..rng.usize(21..=50)];
        lines[line].splice(..dash, name.iter().copied());
        Some(joined(&lines))
    }),
    ("a name at the longest", |game, mut lines, rng| {
        let (line, dash) = some_name(game, &lines, rng)?;
        let length = [19, 20, 21][rng.usize(..3)];
        lines[line].splice(
            ..dash,
            b"ABCDEFGHIJKLMNOPQRSTUVWXYZ"[..length].iter().copied(),
        );
        Some(joined(&lines))
    }),
    ("a line less", |game, mut lines, rng| {
        if game == Game::Bridge {
            return None;
        }
        let last = lines.len() - 1;
        let line = rng.usize(..last);
        lines.remove(line);
        Some(joined(&lines))
    }),
    ("a deal without its trump line", |game, mut lines, rng| {
        let deals = lines.len() / 5;
        if game != Game::Whist || deals < 2 {
            return None;
        }
        lines.remove(5 * rng.usize(1..deals));
        Some(joined(&lines))
    }),
    ("trump line", |game, mut lines, rng| {
        if game != Game::Whist {
            return None;
        }
        let deal = rng.usize(..lines.len() / 5);
        let trump = [&b"Hearts"[..], b"X", b"NT", b"h", b"SH", b"\xE2\x99\xA0"][rng.usize(..6)];
        lines[deal * 5] = trump.to_vec();
        Some(joined(&lines))
    }),
    ("cards swapped within a row", |game, mut lines, rng| {
        if game != Game::Whist {
            return None;
        }
        let line = some_line(&lines, rng);
        let (first, second) = (3 * rng.usize(..13), 3 * rng.usize(..13));
        let (a, b) = (
            lines[line][first..first + 2].to_vec(),
            lines[line][second..second + 2].to_vec(),
        );
        lines[line].splice(first..first + 2, b);
        lines[line].splice(second..second + 2, a);
        Some(joined(&lines))
    }),
];

/// A comment line somewhere in the input.
fn comment_line(mut lines: Vec<Vec<u8>>, rng: &mut fastrand::Rng) -> Vec<u8> {
    let comment = [&b"# the second hand is mine"[..], b"// mine", b"% a note"][rng.usize(..3)];
    lines.insert(rng.usize(..lines.len()), comment.to_vec());
    joined(&lines)
}

/// A record of `other` on one line, among bridge hands.
fn other_game_on_one_line(
    game: Game,
    other: Game,
    mut lines: Vec<Vec<u8>>,
    rng: &mut fastrand::Rng,
) -> Option<Vec<u8>> {
    if game != Game::Bridge {
        return None;
    }
    let mut record = String::new();
    generate::Generator::new(rng.u64(..), false).record(other, &mut record);
    let record = record.trim_end().replace('\n', " ").into_bytes();
    lines.insert(rng.usize(..=lines.len()), record);
    Some(joined(&lines))
}

/// Damage at random: a few bytes inserted, removed or changed, lines
/// removed, doubled or swapped, or the input cut short.
fn damaged(mut text: Vec<u8>, rng: &mut fastrand::Rng) -> Vec<u8> {
    const BYTES: &[u8] = b" \t\r\n\0-#SHDCGKQJTA1920END\xFF\xC3\xA0";
    for _ in 0..rng.usize(1..=4) {
        if text.is_empty() {
            text.push(BYTES[rng.usize(..BYTES.len())]);
        }
        let at = rng.usize(..text.len());
        match rng.usize(..6) {
            0 => text.insert(at, BYTES[rng.usize(..BYTES.len())]),
            1 => drop(text.remove(at)),
            2 => text[at] = BYTES[rng.usize(..BYTES.len())],
            3 => text.truncate(at),
            4 => {
                let mut lines = lines_of(&text);
                let line = rng
                    .usize(..lines.len().max(1))
                    .min(lines.len().saturating_sub(1));
                if !lines.is_empty() {
                    let copy = lines[line].clone();
                    lines.insert(rng.usize(..=lines.len()), copy);
                }
                text = joined(&lines);
            }
            _ => {
                let mut lines = lines_of(&text);
                if lines.len() > 1 {
                    let (a, b) = (rng.usize(..lines.len()), rng.usize(..lines.len()));
                    lines.swap(a, b);
                    lines.remove(rng.usize(..lines.len()));
                }
                text = joined(&lines);
            }
        }
    }
    text
}

/// Inputs that a program with a fixed-size buffer, or one that trusts its
/// bytes, would mishandle.
fn hostile(game: Game) -> Vec<Vec<u8>> {
    let mut rng = fastrand::Rng::with_seed(3);
    let valid = valid(game, &mut rng);
    // One line of 100 MB, once: the others are long enough to pass any
    // buffer of a fixed size.
    let long = if game == Game::Bridge {
        100 << 20
    } else {
        2 << 20
    };
    let mut inputs = vec![
        vec![b'A'; long],
        [&valid[..], &vec![b'7'; 1 << 20][..]].concat(),
        vec![0; 4096],
        vec![b'\n'; 4096],
        vec![b'-'; 1 << 20],
        (0..=255).collect(),
        [&valid[..], b"\0"].concat(),
        valid[..valid.len() - 1].to_vec(),
        valid.repeat(1000),
    ];
    for file in std::fs::read_dir(root().join("examples/malformed")).unwrap() {
        inputs.push(std::fs::read(file.unwrap().path()).unwrap());
    }
    inputs
}

/// The validator of `game` built with the sanitizers, as `many` runs it.
fn sanitized(game: Game, dir: &Path) -> PathBuf {
    let source = dir.join(format!("{}-validate.c", game.name()));
    std::fs::write(&source, validator(game)).unwrap();
    let program = dir.join(format!("{}-many", game.name()));
    let object = dir.join(format!("{}-validate.o", game.name()));
    let gcc = |args: &[&std::ffi::OsStr]| {
        Command::new("gcc")
            .args([
                "-O1",
                "-g",
                "-fsanitize=address,undefined",
                "-fno-sanitize-recover=all",
            ])
            .args(args)
            .status()
            .expect("gcc, installed by .ci/run")
            .success()
    };
    let status = gcc(&[
        "-Dmain=validator_main".as_ref(),
        "-c".as_ref(),
        source.as_ref(),
        "-o".as_ref(),
        object.as_ref(),
    ]) && gcc(&[
        object.as_ref(),
        root().join("tests/validator/many.c").as_ref(),
        "-o".as_ref(),
        program.as_ref(),
    ]);
    assert!(status, "the {} validator builds", game.name());
    program
}

/// The validator's exit status on each input, and what it wrote to stderr.
fn validator_runs(program: &Path, dir: &Path, inputs: &[(String, Vec<u8>)]) -> Vec<(i32, String)> {
    let mut list = String::new();
    for (index, (_, input)) in inputs.iter().enumerate() {
        let path = dir.join(format!("{index}.in"));
        std::fs::write(&path, input).unwrap();
        list.push_str(&path.display().to_string());
        list.push('\n');
    }
    let list_path = dir.join("inputs");
    std::fs::write(&list_path, list).unwrap();
    let output = Command::new(program)
        .arg(&list_path)
        // A leak at exit is no fault of a validator; a read or a write out
        // of bounds is.
        .env("ASAN_OPTIONS", "detect_leaks=0")
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let statuses: Vec<i32> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| line.parse().unwrap())
        .collect();
    assert_eq!(statuses.len(), inputs.len());
    statuses
        .into_iter()
        .enumerate()
        .map(|(index, status)| {
            let err = std::fs::read(dir.join(format!("{index}.in.err"))).unwrap();
            (status, String::from_utf8_lossy(&err).into_owned())
        })
        .collect()
}

fn show(input: &[u8]) -> String {
    let text = String::from_utf8_lossy(&input[..input.len().min(600)]);
    format!("{text:?}{}", if input.len() > 600 { "…" } else { "" })
}

/// Every input of one game, with what it is.
fn inputs(game: Game, rng: &mut fastrand::Rng) -> Vec<(String, Vec<u8>)> {
    let mut inputs = Vec::new();
    for _ in 0..400 {
        inputs.push(("valid".to_owned(), valid(game, rng)));
    }
    for (name, breach) in BREACHES {
        let mut made = 0;
        for _ in 0..400 {
            if made == 2 * AT_LEAST {
                break;
            }
            let text = valid(game, rng);
            if let Some(breached) = breach(game, lines_of(&text), rng) {
                inputs.push(((*name).to_owned(), breached));
                made += 1;
            }
        }
    }
    for _ in 0..600 {
        let text = valid(game, rng);
        inputs.push(("damaged".to_owned(), damaged(text, rng)));
    }
    for input in hostile(game) {
        inputs.push(("hostile".to_owned(), input));
    }
    inputs
}

#[test]
fn the_c_validator_accepts_exactly_what_validate_accepts() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = fastrand::Rng::with_seed(55);
    for game in [Game::Bridge, Game::Choker, Game::Whist] {
        let program = sanitized(game, dir.path());
        let inputs = inputs(game, &mut rng);
        let work = dir.path().join(game.name());
        std::fs::create_dir(&work).unwrap();
        let runs = validator_runs(&program, &work, &inputs);
        let mut codes: BTreeMap<String, usize> = BTreeMap::new();
        let (mut accepted, mut rejected) = (0, 0);
        for ((kind, input), (status, stderr)) in inputs.iter().zip(&runs) {
            assert!(
                matches!(status, 42 | 43)
                    && !stderr.contains("Sanitizer")
                    && !stderr.contains("runtime error"),
                "{} validator, {kind} input {}: status {status}, {stderr}",
                game.name(),
                show(input)
            );
            let (valid, reported) = cardsharp_validate(game, input);
            assert_eq!(
                *status == 42,
                valid,
                "{} validator, {kind} input {}: validate says {reported:?}, the C validator {status}: {stderr}",
                game.name(),
                show(input)
            );
            if valid {
                accepted += 1;
            } else {
                rejected += 1;
                assert!(
                    stderr.starts_with("line ") || stderr.starts_with("the input is empty"),
                    "{stderr}"
                );
            }
            if kind != "valid" && kind != "damaged" && kind != "hostile" {
                for code in reported {
                    *codes.entry(code).or_default() += 1;
                }
            }
        }
        eprintln!(
            "{}: {} inputs, {accepted} accepted and {rejected} rejected by both; near-valid inputs by code:",
            game.name(),
            inputs.len()
        );
        for (code, count) in &codes {
            eprintln!("  {code:50} {count}");
        }
        // Every code of the strict layout, and any other the breaches gave.
        let mut wanted: Vec<&str> = strict_codes(game);
        wanted.extend(codes.keys().map(String::as_str));
        wanted.sort_unstable();
        wanted.dedup();
        let rare: Vec<(&str, usize)> = wanted
            .into_iter()
            .map(|code| (code, codes.get(code).copied().unwrap_or(0)))
            .filter(|&(_, count)| count < AT_LEAST)
            .collect();
        assert!(
            rare.is_empty(),
            "{}: codes given fewer than {AT_LEAST} times: {rare:?}",
            game.name()
        );
    }
}

/// The library's reading of `validate` is the binary's: a sample of the
/// inputs through the real `cardsharp validate`.
#[test]
fn validate_exits_as_the_library_decides() {
    let mut rng = fastrand::Rng::with_seed(56);
    for game in [Game::Bridge, Game::Choker, Game::Whist] {
        for (kind, input) in inputs(game, &mut rng).iter().step_by(97) {
            let output = with_stdin(binary(), &["validate", "--game", game.name()], input);
            let (valid, _) = cardsharp_validate(game, input);
            assert_eq!(
                output.status.code(),
                Some(if valid { 42 } else { 43 }),
                "{kind} {}",
                show(input)
            );
        }
    }
}
