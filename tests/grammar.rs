//! The grammar in `grammar/*.ebnf` and the parser agree: every rule has a
//! function of the same name whose doc comment quotes the rule exactly,
//! every function that quotes a rule is named after a rule of that text,
//! and each such function is that rule's parser: it accepts the rule's
//! examples and rejects its near misses.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use cardsharp::ast::{Alphabet, Game};
use cardsharp::syntax::bridge::bridge_hand;
use cardsharp::syntax::card::{blank, card, card_row, gap, rank, suit};
use cardsharp::syntax::choker::{choker_cards, choker_hand, choker_pair, dash, letter, name};
use cardsharp::syntax::document::document;
use cardsharp::syntax::tokens::{space, spaces, token, tokens_document};
use cardsharp::syntax::whist::{play_line, trump_line, whist_deal};
use cardsharp::syntax::{self, Block, Frame, Mode};
use nom::Parser;

use crate::support::root;

/// `name -> body` for every rule of every grammar file, comments removed.
fn grammar_rules() -> BTreeMap<String, String> {
    let mut rules = BTreeMap::new();
    let mut files: Vec<_> = std::fs::read_dir(root().join("grammar"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut without_comments = String::new();
        let mut rest = text.as_str();
        while let Some(start) = rest.find("(*") {
            without_comments.push_str(&rest[..start]);
            let end = rest[start..].find("*)").expect("comments are closed") + start + 2;
            rest = &rest[end..];
        }
        without_comments.push_str(rest);
        for rule in without_comments
            .split(';')
            .map(str::trim)
            .filter(|rule| !rule.is_empty())
        {
            let (name, body) = rule
                .split_once('=')
                .unwrap_or_else(|| panic!("{}: not a rule: {rule}", path.display()));
            let previous = rules.insert(name.trim().to_owned(), normalise(body));
            assert!(previous.is_none(), "rule {name} is defined twice");
        }
    }
    rules
}

fn normalise(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `function name -> quoted rule body` for every function under
/// `src/syntax` whose doc comment opens by quoting a rule.
fn quoting_functions() -> BTreeMap<String, (String, String)> {
    let mut functions = BTreeMap::new();
    for path in crate::support::rust_files(&root().join("src/syntax")) {
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (index, line) in lines.iter().enumerate() {
            let Some(quote) = line.trim().strip_prefix("/// `") else {
                continue;
            };
            let Some((rule, _)) = quote.split_once(" ;`") else {
                continue;
            };
            let Some((name, body)) = rule.split_once(" = ") else {
                continue;
            };
            let function = lines[index..]
                .iter()
                .find_map(|line| {
                    let line = line.trim();
                    let after = line.strip_prefix("pub ").unwrap_or(line);
                    let after = after.strip_prefix("const ").unwrap_or(after);
                    after.strip_prefix("fn ")
                })
                .and_then(|signature| signature.split(['(', '<']).next())
                .unwrap_or_else(|| {
                    panic!("{}: no function after the quote of {name}", path.display())
                });
            assert!(
                !path.starts_with(root().join("src/syntax/fast")),
                "{}: a shortcut quotes rule {name}: the rules live outside `fast`",
                path.display()
            );
            functions.insert(function.to_owned(), (name.to_owned(), normalise(body)));
        }
    }
    functions
}

#[test]
fn every_rule_has_its_function_and_every_quoting_function_its_rule() {
    let rules = grammar_rules();
    let functions = quoting_functions();
    let mut problems = Vec::new();
    for (name, body) in &rules {
        match functions.get(name) {
            None => problems.push(format!("rule `{name}` has no function `{name}` quoting it")),
            Some((quoted_name, quoted_body)) if quoted_name != name || quoted_body != body => {
                problems.push(format!("`fn {name}` quotes `{quoted_name} = {quoted_body}`, the grammar says `{name} = {body}`"));
            }
            Some(_) => {}
        }
    }
    for (function, (quoted_name, _)) in &functions {
        if !rules.contains_key(function) || function != quoted_name {
            problems.push(format!("`fn {function}` quotes rule `{quoted_name}`, which the grammar does not define under that name"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(rules.len() >= 20, "the grammar files were read: {rules:?}");
}

/// Whether a rule's function reads all of an input.
type Parses = Box<dyn Fn(&[u8]) -> bool>;

/// A rule's examples: the function that parses them, the inputs it must
/// accept and those it must reject.
struct Examples {
    rule: &'static str,
    parses: Parses,
    accepts: &'static [&'static str],
    rejects: &'static [&'static str],
}

/// Whether `rule` reads all of `input`: the rule's language, as a nom
/// parser of bytes gives it.
fn whole<'a, O>(
    mut rule: impl Parser<&'a [u8], Output = O, Error = nom::error::Error<&'a [u8]>>,
    input: &'a [u8],
) -> bool {
    rule.parse_complete(input)
        .is_ok_and(|(rest, _)| rest.is_empty())
}

/// The examples of the rule whose function is named `$rule` (called with
/// the arguments given), a nom parser of bytes. The name the table checks
/// is the function's own, so the function run is the one named after the
/// rule.
macro_rules! bytes {
    ($rule:ident $(::<$n:literal>)? $(($($argument:expr),*))?, $accepts:expr, $rejects:expr) => {
        Examples {
            rule: stringify!($rule),
            parses: Box::new(|input| whole($rule $(::<$n>)? $(($($argument),*))?, input)),
            accepts: &$accepts,
            rejects: &$rejects,
        }
    };
}

/// The examples of a rule over several lines (`$rule` takes the lines),
/// written as one text with a line end between the lines.
macro_rules! lines {
    ($rule:ident, $accepts:expr, $rejects:expr) => {
        Examples {
            rule: stringify!($rule),
            parses: Box::new(|input| {
                let lines: Vec<&[u8]> = input.split(|&byte| byte == b'\n').collect();
                lines.try_into().is_ok_and(|lines| $rule(lines).is_ok())
            }),
            accepts: &$accepts,
            rejects: &$rejects,
        }
    };
}

/// How many records `input` holds, framed and read by the library, when
/// it is a document of sections of `games` alone with every record read
/// without a fault: the document rules are the framer's state machine,
/// which `document` runs.
fn records_of(input: &[u8], games: &[Game]) -> Option<usize> {
    let block = Block {
        bytes: input,
        base: 0,
    };
    let mut frames = Vec::new();
    document(block, Mode::Auto, &mut |frame| frames.push(frame));
    let faultless = frames.iter().all(|frame| {
        let mut diagnostics = Vec::new();
        let record = syntax::record(frame, &block, &mut diagnostics);
        !matches!(frame, Frame::Problem { .. })
            && record.is_some_and(|record| games.contains(&record.game()))
            && diagnostics.is_empty()
    });
    faultless.then_some(frames.len())
}

/// [`records_of`], in the tokens layout: each record's line ends read as
/// blanks, as the pipeline reads them.
fn records_of_tokens(input: &[u8], games: &[Game]) -> Option<usize> {
    let block = Block {
        bytes: input,
        base: 0,
    };
    let blanked: Vec<u8> = input
        .iter()
        .map(|&byte| {
            if byte == b'\r' || byte == b'\n' {
                b' '
            } else {
                byte
            }
        })
        .collect();
    let read = Block {
        bytes: &blanked,
        base: 0,
    };
    let mut frames = Vec::new();
    tokens_document(block, Mode::Auto, &mut |frame| frames.push(frame));
    let faultless = frames.iter().all(|frame| {
        let mut diagnostics = Vec::new();
        let game = match frame {
            Frame::Bridge(_) => Game::Bridge,
            Frame::Choker(_) => Game::Choker,
            Frame::Whist(_) => Game::Whist,
            Frame::Problem { .. } => return false,
        };
        games.contains(&game)
            && syntax::record(frame, &read, &mut diagnostics).is_some()
            && diagnostics.is_empty()
    });
    (faultless && !frames.is_empty()).then_some(frames.len())
}

/// The examples of a rule of the tokens layout: one record or more, of
/// `$games`, in that layout.
macro_rules! tokens {
    ($rule:literal, $games:expr, $accepts:expr, $rejects:expr) => {
        Examples {
            rule: $rule,
            parses: Box::new(|input| records_of_tokens(input, &$games).is_some()),
            accepts: &$accepts,
            rejects: &$rejects,
        }
    };
}

/// The examples of a section rule: one record or more, of `$games`.
macro_rules! document {
    ($rule:literal, $games:expr, $accepts:expr, $rejects:expr) => {
        Examples {
            rule: $rule,
            parses: Box::new(|input| records_of(input, &$games).is_some_and(|records| records > 0)),
            accepts: &$accepts,
            rejects: &$rejects,
        }
    };
}

const STANDARD: &Alphabet = &Alphabet::STANDARD;
const HAND: &str = "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D";
const DEAL: &str = "H\n4C 8H QS 5D JD KS 8S AH 6H 7H 3S 7S 6D\nTC JC JS KD AC QC QD 2H QH 3H 3C 7C 4D\n6C 9C AS TD 5H 6S 5S KH TH AD 9S 8D 2D\n8C 5C 2S 7D KC 4S TS JH 4H 9H 2C 9D 3D";
const PAIR: &str = "Joey-1C3S2G5D4D\nBob-TC3C5S7D4G";
const ALL: [Game; 3] = [Game::Bridge, Game::Choker, Game::Whist];

// One example a rule, a table to read down; splitting it would scatter it.
#[allow(clippy::too_many_lines)]
fn examples() -> Vec<Examples> {
    vec![
        bytes!(blank, ["", " ", "\t \t"], ["x", " x", "\u{a0}"]),
        bytes!(gap, [" ", " \t "], ["", "x", " x"]),
        bytes!(
            rank(STANDARD),
            ["2", "9", "T", "A"],
            ["1", "a", "10", "", "AS"]
        ),
        bytes!(suit(STANDARD), ["S", "H", "D", "C"], ["G", "s", "", "SH"]),
        bytes!(
            card(STANDARD),
            ["AS", "2C", "TH"],
            ["1G", "SA", "A", "ASK", "10H", "A S"]
        ),
        bytes!(
            card_row::<3>(STANDARD),
            ["AS KH 2C", " AS\tKH  2C ", "2C 2C 2C"],
            [
                "ASKH 2C",
                "AS KH",
                "AS KH 2C 3C",
                "AS, KH, 2C",
                "",
                "AS KH\u{a0}2C"
            ]
        ),
        bytes!(
            bridge_hand,
            [
                "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D",
                "  KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D\t",
            ],
            [
                "KS QS TH 8H 4H AC QC TC 5C KD QD JD",
                "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D 2D",
                "ks qs th 8h 4h ac qc tc 5c kd qd jd 8d",
                "KS QS TH 8H 4H AC QC TC 5C KD QD JD 1G",
            ]
        ),
        bytes!(
            trump_line,
            ["H", " S\t"],
            ["HH", "h", "G", "", "Hearts", "H S"]
        ),
        bytes!(
            play_line,
            ["4C 8H QS 5D JD KS 8S AH 6H 7H 3S 7S 6D"],
            [
                "4C 8H QS 5D JD KS 8S AH 6H 7H 3S 7S 1G",
                "4C 8H QS 5D JD KS 8S AH 6H 7H 3S 7S",
                "H",
            ]
        ),
        lines!(
            whist_deal,
            [DEAL],
            [
                "h\n4C 8H QS 5D JD KS 8S AH 6H 7H 3S 7S 6D\nTC JC JS KD AC QC QD 2H QH 3H 3C 7C 4D\n6C 9C AS TD 5H 6S 5S KH TH AD 9S 8D 2D\n8C 5C 2S 7D KC 4S TS JH 4H 9H 2C 9D 3D",
                "H\n4C 8H QS 5D JD KS 8S AH 6H 7H 3S 7S\nTC JC JS KD AC QC QD 2H QH 3H 3C 7C 4D\n6C 9C AS TD 5H 6S 5S KH TH AD 9S 8D 2D\n8C 5C 2S 7D KC 4S TS JH 4H 9H 2C 9D 3D",
                "H\n4C 8H QS 5D JD KS 8S AH 6H 7H 3S 7S 6D",
            ]
        ),
        lines!(
            choker_pair,
            [PAIR, "a-CCCCCCCCCC\nB - 1S1S1S1S1S"],
            [
                "Joey-1C3S2G5D4D",
                "Joey-1C3S2G5D4D\nBob-TC3C5S7D4",
                "Joey-1C3S2G5D4D\n\nBob-TC3C5S7D4G"
            ]
        ),
        bytes!(
            choker_hand,
            [
                "Joey-1C3S2G5D4D",
                "  Joey - 1C3S2G5D4D\t",
                "abcdefghijklmnopqrst-1C3S2G5D4D"
            ],
            [
                "-1C3S2G5D4D",
                "abcdefghijklmnopqrstu-1C3S2G5D4D",
                "Jo3y-1C3S2G5D4D",
                "JoeyQDKDQSKSJS",
                "Joey-1C3S2G5D",
                "Joey-1C 3S2G5D4D",
                "Joey\u{2013}1C3S2G5D4D",
            ]
        ),
        bytes!(
            name,
            ["A", "Joey", "abcdefghijklmnopqrst"],
            ["", "Jo3y", "abcdefghijklmnopqrstu", "J y", "Zoë"]
        ),
        bytes!(letter, ["a", "Z"], ["1", "-", "", "ab", "é"]),
        bytes!(dash, ["-"], ["", " -", "--", "–", "a"]),
        bytes!(
            choker_cards,
            ["1C3S2G5D4D", "CCCCCCCCCC"],
            ["1C3S2G5D", "1C3S2G5D4D6D", "AH3S2G5D4D", "1C 3S2G5D4D"]
        ),
        bytes!(space, [" ", "\t", "\r", "\n"], ["", "x", "  ", "\u{a0}"]),
        bytes!(spaces, ["", " \r\n\t "], ["x", " x"]),
        bytes!(
            token,
            ["KS", "Joey-1C3S2G5D4D", "#"],
            ["", " KS", "K S", "KS\n"]
        ),
        Examples {
            rule: "tokens_document",
            parses: Box::new(|input| {
                input.iter().all(u8::is_ascii_whitespace)
                    || records_of_tokens(input, &ALL).is_some()
            }),
            accepts: &[
                "",
                "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D Joey-1C3S2G5D4D Bob-TC3C5S7D4G END",
            ],
            rejects: &["hello", "Joey-1C3S2G5D4D END", "KS QS"],
        },
        tokens!(
            "tokens_section",
            ALL,
            [HAND, "Joey-1C3S2G5D4D Bob-TC3C5S7D4G END"],
            ["Joey-1C3S2G5D4D Bob-TC3C5S7D4G", "H #"]
        ),
        tokens!(
            "tokens_bridge_section",
            [Game::Bridge],
            [
                HAND,
                "KS QS TH 8H 4H AC QC TC 5C KD QD JD\r\n8D 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
            ],
            ["", "KS QS", "Joey-1C3S2G5D4D Bob-TC3C5S7D4G END"]
        ),
        tokens!(
            "tokens_bridge_hand",
            [Game::Bridge],
            ["KS\nQS\tTH 8H 4H AC QC TC 5C KD QD JD\n\n8D"],
            [
                "KS QS TH 8H 4H AC QC TC 5C KD QD JD",
                "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D 2D"
            ]
        ),
        tokens!(
            "tokens_whist_section",
            [Game::Whist],
            [
                "H 4C 8H QS 5D JD KS 8S AH 6H 7H 3S 7S 6D TC JC JS KD AC QC QD 2H QH 3H 3C 7C 4D 6C 9C AS TD 5H 6S 5S KH TH AD 9S 8D 2D 8C 5C 2S 7D KC 4S TS JH 4H 9H 2C 9D 3D #"
            ],
            ["", DEAL, "H #", HAND]
        ),
        tokens!(
            "tokens_whist_deal",
            [Game::Whist],
            [
                "H\r\n4C 8H QS 5D JD KS 8S AH 6H 7H 3S 7S 6D TC JC JS KD AC QC QD\n2H QH 3H 3C 7C 4D 6C 9C AS TD 5H 6S 5S KH TH AD 9S 8D 2D 8C 5C 2S 7D KC 4S TS JH 4H 9H 2C 9D 3D #"
            ],
            [
                "H 4C 8H QS 5D JD KS 8S AH 6H 7H 3S 7S 6D TC JC JS KD AC QC QD 2H QH 3H 3C 7C 4D 6C 9C AS TD 5H 6S 5S KH TH AD 9S 8D 2D 8C 5C 2S 7D KC 4S TS JH 4H 9H 2C 9D #"
            ]
        ),
        tokens!(
            "tokens_choker_section",
            [Game::Choker],
            ["Joey-1C3S2G5D4D Bob-TC3C5S7D4G END"],
            [
                "",
                "Joey-1C3S2G5D4D Bob-TC3C5S7D4G",
                "Joey-1C3S2G5D4D END",
                HAND
            ]
        ),
        tokens!(
            "tokens_choker_pair",
            [Game::Choker],
            ["Joey-1C3S2G5D4D\nBob - TC3C5S7D4G END"],
            ["Joey-1C3S2G5D4D END"]
        ),
        tokens!(
            "tokens_choker_hand",
            [Game::Choker],
            [
                "Joey - 1C3S2G5D4D Bob- TC3C5S7D4G END",
                "Joey -1C3S2G5D4D\nBob\n-\nTC3C5S7D4G END"
            ],
            ["Joey 1C3S2G5D4D Bob-TC3C5S7D4G END"]
        ),
        Examples {
            rule: "document",
            parses: Box::new(|input| records_of(input, &ALL).is_some()),
            accepts: &[
                "",
                "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D\nJoey-1C3S2G5D4D\nBob-TC3C5S7D4G\nEND",
            ],
            rejects: &["hello there, world", "Joey-1C3S2G5D4D\nEND", "KS QS"],
        },
        document!(
            "section",
            ALL,
            [HAND, "Joey-1C3S2G5D4D\nBob-TC3C5S7D4G\nEND"],
            ["Joey-1C3S2G5D4D\nBob-TC3C5S7D4G", "H\n#"]
        ),
        document!(
            "bridge_section",
            [Game::Bridge],
            [
                HAND,
                "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D\n2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
            ],
            ["", "KS QS", "Joey-1C3S2G5D4D\nBob-TC3C5S7D4G\nEND"]
        ),
        document!(
            "choker_section",
            [Game::Choker],
            ["Joey-1C3S2G5D4D\nBob-TC3C5S7D4G\nEND"],
            [
                "",
                "Joey-1C3S2G5D4D\nBob-TC3C5S7D4G",
                "Joey-1C3S2G5D4D\nEND",
                HAND
            ]
        ),
        document!(
            "whist_section",
            [Game::Whist],
            [
                "H\n4C 8H QS 5D JD KS 8S AH 6H 7H 3S 7S 6D\nTC JC JS KD AC QC QD 2H QH 3H 3C 7C 4D\n6C 9C AS TD 5H 6S 5S KH TH AD 9S 8D 2D\n8C 5C 2S 7D KC 4S TS JH 4H 9H 2C 9D 3D\n#"
            ],
            ["", DEAL, "H\n#", HAND]
        ),
    ]
}

/// Each rule's function run on its examples: a function that only
/// dispatches, or parses another language, is caught here.
#[test]
fn every_rule_function_accepts_its_examples_and_rejects_the_near_misses() {
    let rules = grammar_rules();
    let examples = examples();
    let mut problems = Vec::new();
    for rule in rules.keys() {
        if !examples.iter().any(|examples| examples.rule == rule) {
            problems.push(format!("rule `{rule}` has no examples"));
        }
    }
    for Examples {
        rule,
        parses,
        accepts,
        rejects,
    } in &examples
    {
        if !rules.contains_key(*rule) {
            problems.push(format!("examples for `{rule}`, which is no rule"));
        }
        if accepts.is_empty() || rejects.is_empty() {
            problems.push(format!("`{rule}` needs inputs to accept and to reject"));
        }
        for input in *accepts {
            if !parses(input.as_bytes()) {
                problems.push(format!("`{rule}` rejects {input:?}"));
            }
        }
        for input in *rejects {
            if parses(input.as_bytes()) {
                problems.push(format!("`{rule}` accepts {input:?}"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The trace names only the grammar's rules: on every example, valid or
/// malformed, in both layouts, each step's rule is a rule of
/// `grammar/*.ebnf`.
#[test]
fn every_rule_a_trace_names_is_a_rule_of_the_grammar() {
    let rules = grammar_rules();
    let mut inputs: Vec<PathBuf> = Vec::new();
    for directory in ["examples", "examples/malformed"] {
        for entry in std::fs::read_dir(root().join(directory)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|extension| extension == "txt") {
                inputs.push(path);
            }
        }
    }
    assert!(inputs.len() > 20, "the examples are found");
    for path in inputs {
        let text = std::fs::read(&path).unwrap();
        for layout in [syntax::Layout::Lines, syntax::Layout::Tokens] {
            let steps = syntax::trace(&text, Mode::Auto, layout);
            assert!(!steps.is_empty());
            for step in steps {
                assert!(
                    rules.contains_key(step.rule),
                    "{}: the trace names `{}`, no rule of the grammar",
                    path.display(),
                    step.rule
                );
            }
        }
    }
}

/// The code the tour (`docs/src/tour.md`) quotes is the real code: each
/// excerpt (a `rust-excerpt` block, which rustdoc leaves alone; `...` marks a cut) stands, line for
/// line, in the last file the text names before it.
#[test]
fn the_tour_quotes_the_code_as_it_is() {
    let tour = std::fs::read_to_string(root().join("docs/src/tour.md")).unwrap();
    let mut quoted = 0;
    let mut pieces = tour.split("```");
    let mut before = pieces.next().unwrap_or_default().to_owned();
    while let (Some(block), Some(after)) = (pieces.next(), pieces.next()) {
        if let Some(code) = block.strip_prefix("rust-excerpt\n") {
            let path = before
                .rsplit('`')
                .find(|word| {
                    word.starts_with("src/")
                        && Path::new(word)
                            .extension()
                            .is_some_and(|extension| extension == "rs")
                })
                .unwrap_or_else(|| panic!("no file named before the excerpt:\n{code}"));
            let source: Vec<String> = std::fs::read_to_string(root().join(path))
                .unwrap()
                .lines()
                .map(|line| line.trim().to_owned())
                .collect();
            let lines: Vec<&str> = code.lines().map(str::trim).collect();
            for cut in lines
                .split(|line| *line == "...")
                .filter(|cut| !cut.is_empty())
            {
                assert!(
                    source.windows(cut.len()).any(|window| window == cut),
                    "docs/src/tour.md quotes lines that are not in {path}:\n{}",
                    cut.join("\n")
                );
                quoted += 1;
            }
        }
        before = after.to_owned();
    }
    assert!(quoted >= 8, "the tour's excerpts are found");
}
