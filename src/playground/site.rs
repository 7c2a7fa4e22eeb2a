//! What the playground's page is made of: its files (`src/serve/page/`)
//! and the data it shows. That is the examples (`examples/*.txt`,
//! `examples/malformed/*.txt`) and the grammar (`grammar/*.ebnf`), with
//! the source of each rule's nom function cut from `src/syntax/*.rs`.
//! `cardsharp serve` serves these files from memory; `web/` writes them to
//! a folder beside its WebAssembly module, for any static host.

use std::collections::BTreeMap;

use serde::Serialize;

/// The name of the WebAssembly module beside the page (`web/` builds it).
/// The page runs it when its host has it, and asks the endpoint when not.
pub const MODULE: &str = "cardsharp.wasm";

/// A file of the page, by its name in the site's folder.
#[derive(Debug)]
pub struct File {
    /// Its name in the folder, as the page asks for it.
    pub name: &'static str,
    /// Its `Content-Type`.
    pub content_type: &'static str,
    pub body: String,
}

/// The page's own files: name, content type, text.
const PAGE: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../serve/page/index.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../serve/page/style.css"),
    ),
    (
        "playground.js",
        SCRIPT,
        include_str!("../serve/page/playground.js"),
    ),
    ("engine.js", SCRIPT, include_str!("../serve/page/engine.js")),
    (
        "railroad.js",
        SCRIPT,
        include_str!("../serve/page/railroad.js"),
    ),
];

const SCRIPT: &str = "text/javascript; charset=utf-8";

/// The page's files, then the data it fetches: `index.html` first. The
/// page names them all relative to itself, so the site works from any
/// folder of a host.
#[must_use]
pub fn files() -> Vec<File> {
    let page = PAGE.iter().map(|&(name, content_type, body)| File {
        name,
        content_type,
        body: body.to_owned(),
    });
    let data =
        [("examples.json", examples()), ("grammar.json", grammar())].map(|(name, body)| File {
            name,
            content_type: "application/json",
            body,
        });
    page.chain(data).collect()
}

/// Each example the page offers, by its path under `examples/`, with
/// the game and layout it is read in.
fn examples() -> String {
    let examples: BTreeMap<&str, Example> = shown_examples()
        .map(|(name, text)| {
            let (game, layout) = read_as(name);
            let text = text.to_owned();
            (name, Example { text, game, layout })
        })
        .collect();
    serde_json::to_string(&examples).expect("strings serialise")
}

/// The examples the page offers: those that are text. The `invalid_utf8`
/// examples are not, and the page's editor, which holds text, would read
/// them with their bad bytes replaced, as another code's example.
fn shown_examples() -> impl Iterator<Item = (&'static str, &'static str)> {
    EXAMPLES
        .iter()
        .filter_map(|&(name, bytes)| Some((name, std::str::from_utf8(bytes).ok()?)))
}

/// The grammar's files, and each rule's nom function.
fn grammar() -> String {
    let grammar = Grammar {
        files: GRAMMAR_FILES
            .iter()
            .map(|&(name, text)| GrammarFile { name, text })
            .collect(),
        functions: rule_functions(),
    };
    serde_json::to_string(&grammar).expect("strings serialise")
}

/// An example, with the game and layout it is read in.
#[derive(Serialize)]
struct Example {
    text: String,
    game: &'static str,
    layout: &'static str,
}

/// The game and layout an example is read in to show its code, as
/// `tests/malformed.rs` reads it. Text after a terminator is a warning only
/// when the game is forced. The tokens layout's framing codes, and its
/// example, are read in that layout. The strict layout's codes are read in
/// the strict layout.
fn read_as(name: &str) -> (&'static str, &'static str) {
    match name {
        "malformed/document.after_terminator.txt" => ("choker", "lines"),
        "tokens.txt" | "malformed/bridge.section_card_count.txt" => ("auto", "tokens"),
        "malformed/document.blank_line.txt"
        | "malformed/document.blanks_at_line_edge.txt"
        | "malformed/document.blanks_between_tokens.txt"
        | "malformed/document.byte_order_mark.txt"
        | "malformed/document.crlf_line_ends.txt"
        | "malformed/document.mixed_games.txt"
        | "malformed/document.no_final_newline.txt"
        | "malformed/document.no_record.txt" => ("auto", "strict"),
        _ => ("auto", "lines"),
    }
}

/// The examples, by their path under `examples/`. There is one of each
/// game, and one of every error code. A test holds the list equal to the
/// folders.
macro_rules! examples {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_bytes!(concat!("../../examples/", $name)))),*]
    };
}

const EXAMPLES: &[(&str, &[u8])] = examples![
    "bridge.txt",
    "choker.txt",
    "fixable.txt",
    "mixed.txt",
    "tokens.txt",
    "whist.txt",
    "malformed/bridge.bad_rank.txt",
    "malformed/bridge.bad_suit.txt",
    "malformed/bridge.card_count.txt",
    "malformed/bridge.comma_separated.txt",
    "malformed/bridge.comment_line.txt",
    "malformed/bridge.duplicate_card.txt",
    "malformed/bridge.glued_cards.txt",
    "malformed/bridge.invalid_utf8.txt",
    "malformed/bridge.look_alike.txt",
    "malformed/bridge.lowercase_card.txt",
    "malformed/bridge.not_a_card.txt",
    "malformed/bridge.numbered_line.txt",
    "malformed/bridge.records_on_one_line.txt",
    "malformed/bridge.section_card_count.txt",
    "malformed/bridge.swapped_cards.txt",
    "malformed/bridge.ten_as_digits.txt",
    "malformed/bridge.unrecognised_line.txt",
    "malformed/choker.bad_rank.txt",
    "malformed/choker.bad_suit.txt",
    "malformed/choker.card_count.txt",
    "malformed/choker.duplicate_card.txt",
    "malformed/choker.invalid_utf8.txt",
    "malformed/choker.look_alike.txt",
    "malformed/choker.lowercase_card.txt",
    "malformed/choker.missing_dash.txt",
    "malformed/choker.missing_terminator.txt",
    "malformed/choker.name_character.txt",
    "malformed/choker.name_empty.txt",
    "malformed/choker.name_too_long.txt",
    "malformed/choker.records_on_one_line.txt",
    "malformed/choker.shared_card.txt",
    "malformed/choker.ten_as_digits.txt",
    "malformed/choker.unpaired_hand.txt",
    "malformed/choker.unrecognised_line.txt",
    "malformed/document.after_terminator.txt",
    "malformed/document.binary_input.txt",
    "malformed/document.blank_line.txt",
    "malformed/document.blanks_at_line_edge.txt",
    "malformed/document.blanks_between_tokens.txt",
    "malformed/document.byte_order_mark.txt",
    "malformed/document.crlf_line_ends.txt",
    "malformed/document.invalid_utf8.txt",
    "malformed/document.line_too_long.txt",
    "malformed/document.mixed_games.txt",
    "malformed/document.no_final_newline.txt",
    "malformed/document.no_record.txt",
    "malformed/document.stray_terminator.txt",
    "malformed/document.unrecognised_section.txt",
    "malformed/document.wrong_terminator.txt",
    "malformed/whist.bad_rank.txt",
    "malformed/whist.bad_suit.txt",
    "malformed/whist.card_count.txt",
    "malformed/whist.deal_cut_short.txt",
    "malformed/whist.duplicate_card.txt",
    "malformed/whist.glued_cards.txt",
    "malformed/whist.invalid_utf8.txt",
    "malformed/whist.look_alike.txt",
    "malformed/whist.lowercase_card.txt",
    "malformed/whist.missing_terminator.txt",
    "malformed/whist.missing_trump_line.txt",
    "malformed/whist.not_a_card.txt",
    "malformed/whist.records_on_one_line.txt",
    "malformed/whist.revoke.txt",
    "malformed/whist.ten_as_digits.txt",
    "malformed/whist.trump_line.txt",
    "malformed/whist.unrecognised_line.txt",
];

const GRAMMAR_FILES: &[(&str, &str)] = &[
    ("common", include_str!("../../grammar/common.ebnf")),
    ("document", include_str!("../../grammar/document.ebnf")),
    ("bridge", include_str!("../../grammar/bridge.ebnf")),
    ("choker", include_str!("../../grammar/choker.ebnf")),
    ("whist", include_str!("../../grammar/whist.ebnf")),
    ("tokens", include_str!("../../grammar/tokens.ebnf")),
];

/// The files that hold the rules' nom functions.
const SYNTAX_FILES: &[(&str, &str)] = &[
    ("src/syntax/card.rs", include_str!("../syntax/card.rs")),
    (
        "src/syntax/document.rs",
        include_str!("../syntax/document.rs"),
    ),
    ("src/syntax/bridge.rs", include_str!("../syntax/bridge.rs")),
    ("src/syntax/choker.rs", include_str!("../syntax/choker.rs")),
    ("src/syntax/whist.rs", include_str!("../syntax/whist.rs")),
    ("src/syntax/tokens.rs", include_str!("../syntax/tokens.rs")),
];

#[derive(Serialize)]
struct Grammar {
    files: Vec<GrammarFile>,
    /// Each rule's function, by the rule's name.
    functions: BTreeMap<String, Function>,
}

#[derive(Serialize)]
struct GrammarFile {
    name: &'static str,
    text: &'static str,
}

#[derive(Debug, PartialEq, Serialize)]
struct Function {
    file: &'static str,
    /// The first line's number, from 1.
    line: usize,
    source: String,
}

/// Every function whose doc comment opens by quoting a rule, by the rule's
/// name:
/// `` /// `card = rank , suit ;` ``.
/// They are found as `tests/grammar.rs` finds them.
fn rule_functions() -> BTreeMap<String, Function> {
    let mut functions = BTreeMap::new();
    for &(file, text) in SYNTAX_FILES {
        let lines: Vec<&str> = text.lines().collect();
        for (index, line) in lines.iter().enumerate() {
            let Some(rule) = line
                .trim()
                .strip_prefix("/// `")
                .and_then(|quote| quote.split_once(" = "))
                .map(|(rule, _)| rule)
            else {
                continue;
            };
            if let Some(function) = function_at(file, &lines, index) {
                functions.insert(rule.to_owned(), function);
            }
        }
    }
    functions
}

/// The item whose doc comment holds line `quote`. That is its doc comment
/// and attributes, its signature, and its body. The body runs to the
/// closing brace at the signature's indentation (rustfmt's layout).
fn function_at(file: &'static str, lines: &[&str], quote: usize) -> Option<Function> {
    let is_preamble = |line: &str| {
        let line = line.trim_start();
        line.starts_with("///") || line.starts_with("#[")
    };
    let signature = (quote..lines.len()).find(|&index| !is_preamble(lines[index]))?;
    let start = (0..=quote)
        .rev()
        .take_while(|&index| is_preamble(lines[index]))
        .last()?;
    let indent = &lines[signature][..lines[signature].len() - lines[signature].trim_start().len()];
    let closing = format!("{indent}}}");
    let end = if lines[signature].trim_end().ends_with('}') {
        signature
    } else {
        (signature..lines.len()).find(|&index| lines[index].trim_end() == closing)?
    };
    let source = lines[start..=end]
        .iter()
        .map(|line| line.strip_prefix(indent).unwrap_or(line))
        .collect::<Vec<_>>()
        .join("\n");
    Some(Function {
        file,
        line: start + 1,
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page offers every example but those of bytes that are no text.
    #[test]
    fn the_page_offers_every_example_that_is_text() {
        let left_out: Vec<&str> = EXAMPLES
            .iter()
            .map(|(name, _)| *name)
            .filter(|name| shown_examples().all(|(shown, _)| shown != *name))
            .collect();
        assert_eq!(
            left_out,
            [
                "malformed/bridge.invalid_utf8.txt",
                "malformed/choker.invalid_utf8.txt",
                "malformed/document.invalid_utf8.txt",
                "malformed/whist.invalid_utf8.txt",
            ]
        );
    }

    /// Every example of the folders is embedded.
    #[test]
    fn the_examples_are_every_file_of_the_folders() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
        let mut on_disk = Vec::new();
        for folder in ["", "malformed"] {
            for entry in std::fs::read_dir(root.join(folder)).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|extension| extension == "txt") {
                    let name = path.strip_prefix(&root).unwrap();
                    on_disk.push(name.to_str().unwrap().replace('\\', "/"));
                }
            }
        }
        on_disk.sort();
        let mut embedded: Vec<String> = EXAMPLES
            .iter()
            .map(|(name, _)| (*name).to_owned())
            .collect();
        embedded.sort();
        assert_eq!(embedded, on_disk);
    }

    /// Each rule of the grammar has its function's source, from its doc
    /// comment to its closing brace. The page shows a function of every
    /// file the grammar names.
    #[test]
    fn every_rule_has_the_source_of_its_function() {
        let functions = rule_functions();
        for &(file, text) in GRAMMAR_FILES {
            let mut rules = String::new();
            let mut rest = text;
            while let Some(start) = rest.find("(*") {
                rules.push_str(&rest[..start]);
                rest = &rest[rest[start..].find("*)").unwrap() + start + 2..];
            }
            rules.push_str(rest);
            for (name, _) in rules.split(';').filter_map(|rule| rule.split_once('=')) {
                let name = name.trim();
                let function = functions
                    .get(name)
                    .unwrap_or_else(|| panic!("{file}: rule {name} has no function"));
                assert!(
                    function.source.starts_with(&format!("/// `{name} = ")),
                    "{name}"
                );
                assert!(function.source.contains(&format!("fn {name}")), "{name}");
                assert!(function.source.ends_with('}'), "{name}");
            }
        }
        let card = &functions["card"];
        assert_eq!(card.file, "src/syntax/card.rs");
        assert_eq!(
            SYNTAX_FILES[0].1.lines().nth(card.line - 1),
            card.source.lines().next()
        );
    }
}
