//! `cardsharp rule [CODE]`: a page for each code cardsharp reports (also
//! `docs/src/codes/`, which a test holds equal): what it reports, why it
//! is a mistake, how to fix it, and its example with the report and the
//! fixed form. Without a code, the list of codes.
//!
//! Every page is made from the catalogue and the example files. The
//! reports and fixed forms are computed, not written, so a page cannot
//! drift from what the program does. The pages name the command line's
//! flags, so they are the command line's.

use std::fmt::Write as _;

use cardsharp::ast::Game;
use cardsharp::diagnostic::Severity;
use cardsharp::diagnostic::catalogue::{RULES, Rule};
use cardsharp::pipeline::{Action, OutputFormat, Settings, run_bytes};
use cardsharp::render::DiagnosticFormat;
use cardsharp::syntax::{Layout, Mode};

use super::{USAGE_OR_IO, print};

include!(concat!(env!("OUT_DIR"), "/examples.rs"));

/// Runs `cardsharp rule [CODE]`: a code's page, or the list of codes; an
/// unknown code is a usage error that names the nearest.
pub(super) fn rule_command(code: Option<&str>) -> u8 {
    let Some(code) = code else {
        return print(index().as_bytes());
    };
    if let Some(rule) = lookup(code) {
        return print(page(rule).as_bytes());
    }
    let nearest = nearest(code);
    if nearest.is_empty() {
        eprintln!("cardsharp: no code `{code}`; `cardsharp rule` lists them");
    } else {
        let named: Vec<String> = nearest.iter().map(|code| format!("`{code}`")).collect();
        eprintln!(
            "cardsharp: no code `{code}`; did you mean {}?",
            named.join(" or ")
        );
    }
    USAGE_OR_IO
}

/// The rule a user names: `cardsharp::bridge::ten_as_digits`,
/// `bridge::ten_as_digits` or `bridge.ten_as_digits`.
fn lookup(name: &str) -> Option<&'static Rule> {
    let name = name.trim().to_ascii_lowercase().replace('.', "::");
    let code = if name.starts_with("cardsharp::") {
        name
    } else {
        format!("cardsharp::{name}")
    };
    RULES.iter().find(|rule| rule.code == code)
}

/// The codes nearest to a name that is none: those that end with it,
/// else those a few edits away.
fn nearest(name: &str) -> Vec<&'static str> {
    let wanted = name.trim().to_ascii_lowercase().replace('.', "::");
    let short = |rule: &Rule| rule.code.trim_start_matches("cardsharp::");
    let ending: Vec<&str> = RULES
        .iter()
        .filter(|rule| !wanted.is_empty() && rule.code.ends_with(wanted.as_str()))
        .map(|rule| rule.code)
        .collect();
    if !ending.is_empty() {
        return ending;
    }
    let name = |rule: &Rule| rule.code.rsplit("::").next().unwrap_or_default();
    let mut scored: Vec<(usize, &str)> = RULES
        .iter()
        .map(|rule| {
            let distance = edits(short(rule), &wanted).min(edits(name(rule), &wanted));
            (distance, rule.code)
        })
        .filter(|&(distance, _)| distance <= wanted.len() / 3 + 2)
        .collect();
    scored.sort_unstable();
    scored.into_iter().take(3).map(|(_, code)| code).collect()
}

/// Levenshtein's distance between two names.
fn edits(from: &str, to: &str) -> usize {
    let to: Vec<char> = to.chars().collect();
    let mut row: Vec<usize> = (0..=to.len()).collect();
    for (i, a) in from.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &b) in to.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(a != b))
                .min(row[j] + 1)
                .min(above + 1);
            diagonal = above;
        }
    }
    row[to.len()]
}

/// How an example is read to show its code: most in the lines layout and
/// `auto`; the tokens layout's framing codes in that layout, the strict
/// codes strictly, and text after a terminator with the game forced.
fn reading(example: &str) -> (Mode, Layout) {
    let mode = if example == "document.after_terminator" {
        Mode::Forced(Game::Choker)
    } else {
        Mode::Auto
    };
    let layout = match example {
        "bridge.section_card_count" => Layout::Tokens,
        "document.byte_order_mark"
        | "document.crlf_line_ends"
        | "document.blank_line"
        | "document.blanks_at_line_edge"
        | "document.blanks_between_tokens"
        | "document.no_final_newline"
        | "document.no_record"
        | "document.mixed_games" => Layout::Strict,
        _ => Layout::Lines,
    };
    (mode, layout)
}

/// The example file's name for a code (`bridge.ten_as_digits`), and its
/// bytes, where it has one.
fn example(rule: &Rule) -> Option<(&'static str, &'static [u8])> {
    let name = rule.code.strip_prefix("cardsharp::")?.replace("::", ".");
    EXAMPLES
        .iter()
        .find(|(example, _)| *example == name)
        .copied()
}

/// The page of `rule`, in Markdown.
fn page(rule: &Rule) -> String {
    let mut page = String::new();
    let (scope, name) = rule
        .code
        .strip_prefix("cardsharp::")
        .and_then(|rest| rest.split_once("::"))
        .unwrap_or(("", rule.code));
    let severity = match rule.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let _ = writeln!(page, "# `{}`\n", rule.code);
    let _ = writeln!(page, "{} · {}\n", severity, scope_words(scope));
    let _ = writeln!(page, "## What it reports\n\n{}\n", rule.summary);
    let _ = writeln!(page, "## Why it is a mistake\n\n{}\n", why(name));
    let _ = writeln!(page, "## How to fix it\n\n{}", rule.help);
    let Some((file, bytes)) = example(rule) else {
        let _ = writeln!(page, "\n{}", without_example(scope));
        return page;
    };
    let (mode, layout) = reading(file);
    let fixed = cardsharp::fix::fix(bytes, mode, layout, false);
    let fixed_unsafe = cardsharp::fix::fix(bytes, mode, layout, true);
    let by_fix = if fixed.applied > 0 {
        "`cardsharp check --fix` repairs it: the fix is safe."
    } else if fixed_unsafe.applied > 0 {
        "`cardsharp check --fix --unsafe-fixes` repairs it; read the change, as the fix guesses."
    } else {
        "No fix is automatic: the intended text cannot be known."
    };
    let _ = writeln!(page, "\n{by_fix}\n");
    let flags = flags(mode, layout);
    let path = format!("examples/malformed/{file}.txt");
    let _ = writeln!(
        page,
        "## Example\n\n`{path}`:\n\n```text\n{}```\n",
        shown(bytes)
    );
    let settings = Settings {
        mode,
        layout,
        action: Action::Check,
        output: OutputFormat::Text,
        diagnostics: DiagnosticFormat::Short,
    };
    let reports = run_bytes(&path, bytes, &settings).1;
    let _ = writeln!(
        page,
        "`cardsharp check{flags} --diagnostics short {path}` reports:\n\n```text\n{reports}```"
    );
    let repaired = if fixed.applied > 0 {
        &fixed
    } else {
        &fixed_unsafe
    };
    if repaired.applied > 0 {
        let _ = writeln!(page, "\nFixed:\n\n```text\n{}```", shown(&repaired.text));
    }
    page
}

/// The options an example is checked with, as the command line spells them.
fn flags(mode: Mode, layout: Layout) -> String {
    let mut flags = String::new();
    if let Mode::Forced(game) = mode {
        let _ = write!(flags, " --game {}", game.name());
    }
    match layout {
        Layout::Lines => {}
        Layout::Tokens => flags.push_str(" --layout tokens"),
        Layout::Strict => flags.push_str(" --strict"),
    }
    flags
}

/// An example's bytes as a page shows them: a carriage return, a tab and
/// any byte that is no printable text are written as escapes, so that the
/// mistake is seen.
fn shown(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut shown = String::new();
    for character in text.chars() {
        match character {
            '\n' => shown.push('\n'),
            '\r' => shown.push_str("\\r"),
            '\t' => shown.push_str("\\t"),
            '\u{FEFF}' => shown.push_str("\\u{FEFF}"),
            '\u{FFFD}' => shown.push_str("\\u{FFFD}"),
            character if character.is_control() => {
                let _ = write!(shown, "\\u{{{:X}}}", u32::from(character));
            }
            character => shown.push(character),
        }
    }
    if !shown.ends_with('\n') {
        shown.push('\n');
    }
    shown
}

fn scope_words(scope: &str) -> &'static str {
    match scope {
        "bridge" => "a bridge hand",
        "choker" => "a Choker hand or pair",
        "whist" => "a whist deal",
        "document" => "the document",
        "io" => "a path",
        "answer" => "an answer file (`cardsharp verify`)",
        "judge" => "a judged program's output (`cardsharp judge`)",
        _ => "cardsharp",
    }
}

fn without_example(scope: &str) -> &'static str {
    match scope {
        "io" => "This code is about a path, not what a file holds: it has no example file.",
        "answer" => {
            "This code is reported on an answer file by `cardsharp verify`: see the guide's \"Test data and judging\"."
        }
        _ => {
            "This code is reported by `cardsharp judge` on the shrunk failing input: see the guide's \"Test data and judging\"."
        }
    }
}

/// The list `cardsharp rule` prints: each code and its summary.
fn index() -> String {
    let mut list = String::new();
    for rule in RULES {
        let _ = writeln!(list, "{:<46} {}", rule.code, rule.summary);
    }
    list
}

/// Why a mistake of this name is one: the statements' grammar, or what a
/// judge's solution does with it.
fn why(name: &str) -> &'static str {
    match name {
        "bad_rank" | "bad_suit" | "not_a_card" => {
            "A card is two characters, a rank then a suit, from the game's alphabet. A judge's solution reads any other character as a card it does not know, and its answer is wrong."
        }
        "card_count" => {
            "The statements fix the number of cards in a hand. A judge's solution reads exactly that many, so a card too few or too many shifts every record after it."
        }
        "comma_separated" | "glued_cards" => {
            "The statements separate cards by blanks. A judge's solution reads tokens between blanks, so glued or comma-separated cards are one token, not several cards."
        }
        "comment_line" | "numbered_line" => {
            "The statements' input holds records and nothing else. A judge's solution reads every token as a card."
        }
        "duplicate_card" | "shared_card" => {
            "The cards come from one deck, so each exists once. A card twice means another card is missing: one of them is mistyped."
        }
        "invalid_utf8" => {
            "The input is text. Bytes that are not UTF-8 come from another encoding or a damaged file, and no card holds them."
        }
        "look_alike" => {
            "The input is ASCII. A suit symbol, a typographic dash or a no-break space looks right on screen, but a judge's solution does not read it."
        }
        "lowercase_card" => {
            "The statements write cards in capitals, and judges' solutions compare letters exactly: `kh` is no card to them."
        }
        "records_on_one_line" => {
            "The statements write one record a line, and the lines layout holds a file to that. The judges' solutions read tokens, so for them the file is valid."
        }
        "section_card_count" => {
            "Read as tokens, hands are cut every 13 cards. Cards that are not a multiple of 13 leave the last hand short."
        }
        "swapped_cards" => {
            "A card is its rank, then its suit. Written suit first, no card of the line is read."
        }
        "ten_as_digits" => {
            "Every card is two characters, so the ten is `T`. A judge's solution reads `10H` as a rank `1` and a suit `0`."
        }
        "unrecognised_line" => {
            "Each line of a section is one of its records. A line with no card is no record, and a judge's solution reads its tokens as cards."
        }
        "missing_dash" | "name_empty" => {
            "A Choker hand is a name, a dash, then five cards. Without the dash or the name, the hand cannot be split."
        }
        "name_character" | "name_too_long" => {
            "The statement's names are short runs of letters. Other characters or longer names are outside what a judge's solution expects."
        }
        "missing_terminator" => {
            "The statement ends the section with its terminator. A judge's solution reads until it, so without it the solution reads past the end."
        }
        "unpaired_hand" => {
            "Hands are compared in pairs. With an odd number of hands, one has no opponent, and every pair after a missing hand may be wrong."
        }
        "after_terminator" => {
            "A judge's solution stops at the terminator. Whatever follows is never read, which is seldom what was meant."
        }
        "binary_input" => "A NUL byte means the file is not text: most likely the wrong path.",
        "blank_line"
        | "blanks_at_line_edge"
        | "blanks_between_tokens"
        | "byte_order_mark"
        | "crlf_line_ends"
        | "no_final_newline" => {
            "Judges' input validators hold test data to the statement's bytes exactly. Solutions that read lines may break on other bytes, so test data keeps to them."
        }
        "line_too_long" => {
            "No record is that long. The line ends are most likely missing or of another kind."
        }
        "mixed_games" | "no_record" => {
            "A test input is one problem's input: one game, at least one record."
        }
        "stray_terminator" | "wrong_terminator" => {
            "Each section ends with its own terminator, once. Another word, or one with no section open, is read as a record and is wrong."
        }
        "unrecognised_section" => {
            "A section's game is recognised from its first line. A line that looks like no game's record opens no section."
        }
        "deal_cut_short" | "missing_trump_line" | "trump_line" => {
            "A whist deal is a trump suit and 52 cards. Without its trump, the deal cannot be played, and a judge's solution reads a card as the trump."
        }
        "revoke" => {
            "A player must follow the suit led when able. A play that does not is illegal, and the statement promises legal plays."
        }
        "no_files" | "not_found" | "read" | "skipped" => {
            "A path that gives nothing to read is most likely a mistake in the path or the filters: nothing was checked there."
        }
        "extra_line" | "missing_line" | "wrong_line" => {
            "An answer file is the judge's expected output. A line that differs from the records' results fails right solutions."
        }
        "no_answer" | "no_input" => {
            "Test data is pairs of an input and its answer. One without the other cannot be judged."
        }
        "failing_record" => {
            "The program prints another result than the record gives. The explanation shows the reasoning of the right result."
        }
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::{RULES, lookup, nearest, why};

    #[test]
    fn every_code_says_why() {
        for rule in RULES {
            let name = rule.code.rsplit("::").next().unwrap_or_default();
            assert!(!why(name).is_empty(), "{}", rule.code);
        }
    }

    #[test]
    fn codes_are_found_in_any_spelling_and_near_misses_suggested() {
        let code = "cardsharp::bridge::ten_as_digits";
        for name in [code, "bridge::ten_as_digits", "bridge.ten_as_digits"] {
            assert_eq!(lookup(name).map(|rule| rule.code), Some(code));
        }
        assert_eq!(lookup("ten_as_digits"), None);
        assert_eq!(
            nearest("ten_as_digits"),
            [
                "cardsharp::bridge::ten_as_digits",
                "cardsharp::choker::ten_as_digits",
                "cardsharp::whist::ten_as_digits"
            ]
        );
        assert_eq!(nearest("bridge::ten_as_digit")[0], code);
        assert_eq!(nearest("ten_as_digit").len(), 3);
    }
}
