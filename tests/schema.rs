//! `--output json` against `schema/cardsharp.schema.json`: every line
//! `run`, `explain` and `parse` print for the examples (from the binary)
//! and for generated documents (from the library's pipeline) is valid, and
//! the schema is strict enough to refuse the shapes it replaced.

use std::path::{Path, PathBuf};
use std::process::Command;

use cardsharp::ast::Game;
use cardsharp::generate;
use cardsharp::pipeline::{Action, OutputFormat, Settings, run_bytes};
use cardsharp::render::DiagnosticFormat;
use cardsharp::syntax::{Layout, Mode};
use jsonschema::Validator;
use serde_json::{Value, json};

use crate::support::root;

const SUBCOMMANDS: [(&str, Action); 3] = [
    ("run", Action::Run),
    ("explain", Action::Explain),
    ("parse", Action::Parse),
];

fn validator() -> Validator {
    let path = root().join("schema/cardsharp.schema.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let schema: Value = serde_json::from_str(&text).unwrap();
    if let Err(error) = jsonschema::meta::validate(&schema) {
        panic!("the schema is no JSON Schema: {error}");
    }
    jsonschema::validator_for(&schema).unwrap()
}

/// Each line of `output` checked, with what it came from in the failures.
fn check_lines(validator: &Validator, source: &str, output: &str, failures: &mut Vec<String>) {
    for (number, line) in output.lines().enumerate() {
        let value: Value = serde_json::from_str(line)
            .unwrap_or_else(|error| panic!("{source}, line {}: {error}", number + 1));
        for error in validator.iter_errors(&value).take(3) {
            failures.push(format!(
                "{source}, line {}: {error} at {}",
                number + 1,
                error.instance_path()
            ));
        }
    }
}

/// The `.txt` files under `folder`, the malformed ones included: a file
/// with errors still prints its good records.
fn inputs(folder: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(inputs(&path));
        } else if path.extension().is_some_and(|extension| extension == "txt") {
            found.push(path);
        }
    }
    found.sort();
    found
}

#[test]
fn the_binary_prints_valid_json_for_every_example() {
    let validator = validator();
    let mut failures = Vec::new();
    let mut lines = 0;
    for path in inputs(&root().join("examples")) {
        for (subcommand, _) in SUBCOMMANDS {
            let output = Command::new(env!("CARGO_BIN_EXE_cardsharp"))
                .args([subcommand, "--output", "json", "--diagnostics", "short"])
                .arg(&path)
                .current_dir(root())
                .output()
                .unwrap();
            let stdout = String::from_utf8(output.stdout).unwrap();
            lines += stdout.lines().count();
            let source = format!("{subcommand} {}", path.display());
            check_lines(&validator, &source, &stdout, &mut failures);
        }
    }
    assert!(lines > 50, "the examples gave {lines} lines");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn generated_documents_give_valid_json() {
    let validator = validator();
    let mut documents: Vec<(String, String)> = (0..4)
        .map(|seed| {
            let rare = seed % 2 == 1;
            let name = format!("mixed, seed {seed}, rare {rare}");
            (name, generate::mixed_document(6, seed, rare))
        })
        .collect();
    // The rare-hand mode, to reach every Choker category and bridge bid.
    for game in [Game::Bridge, Game::Choker, Game::Whist] {
        let name = format!("{}, rare", game.name());
        documents.push((name, generate::document(game, 500, 9, true)));
    }
    let mut failures = Vec::new();
    for (name, document) in &documents {
        for (subcommand, action) in SUBCOMMANDS {
            let settings = Settings {
                mode: Mode::Auto,
                layout: Layout::Lines,
                action,
                output: OutputFormat::Json,
                diagnostics: DiagnosticFormat::Short,
            };
            let (out, err, _) = run_bytes("generated", document.as_bytes(), &settings);
            assert_eq!(err, "", "{name}: generated input is valid");
            check_lines(
                &validator,
                &format!("{subcommand} {name}"),
                &out,
                &mut failures,
            );
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// One line of each subcommand for the first record of `examples/<game>.txt`.
fn first_lines(game: &str) -> [Value; 3] {
    let input = std::fs::read(root().join("examples").join(format!("{game}.txt"))).unwrap();
    SUBCOMMANDS.map(|(_, action)| {
        let settings = Settings {
            mode: Mode::Auto,
            layout: Layout::Lines,
            action,
            output: OutputFormat::Json,
            diagnostics: DiagnosticFormat::Short,
        };
        let (out, _, _) = run_bytes("example", &input, &settings);
        serde_json::from_str(out.lines().next().unwrap()).unwrap()
    })
}

/// Changes `value` at `pointer` to `new`.
fn with(value: &Value, pointer: &str, new: Value) -> Value {
    let mut changed = value.clone();
    *changed
        .pointer_mut(pointer)
        .unwrap_or_else(|| panic!("no {pointer} in {value}")) = new;
    changed
}

fn adding(value: &Value, key: &str, new: Value) -> Value {
    let mut changed = value.clone();
    changed.as_object_mut().unwrap().insert(key.to_owned(), new);
    changed
}

fn without(value: &Value, key: &str) -> Value {
    let mut changed = value.clone();
    changed.as_object_mut().unwrap().remove(key);
    changed
}

/// A schema that let everything through would pass the tests above: each
/// of these lines, one change from a good one, must be refused.
// One bad line a case, a table to read down; splitting it would scatter it.
#[allow(clippy::too_many_lines)]
#[test]
fn the_schema_refuses_what_the_output_must_not_be() {
    let validator = validator();
    let [bridge_run, bridge_explain, bridge_parse] = first_lines("bridge");
    let [_, choker_explain, choker_parse] = first_lines("choker");
    let [_, whist_explain, whist_parse] = first_lines("whist");
    for good in [
        &bridge_run,
        &bridge_explain,
        &bridge_parse,
        &choker_explain,
        &choker_parse,
        &whist_explain,
        &whist_parse,
    ] {
        assert!(validator.is_valid(good), "{good}");
    }
    let old_card = json!({"rank": 13, "suit": 0, "offset": 36});
    let bad = [
        ("no version", without(&bridge_run, "schema")),
        (
            "another version",
            with(&bridge_run, "/schema", json!("cardsharp/2")),
        ),
        ("a field too many", adding(&bridge_run, "extra", json!(1))),
        (
            "run with a tree",
            adding(&bridge_run, "record", bridge_parse["record"].clone()),
        ),
        (
            "a result of another game",
            with(&bridge_run, "/result", json!("EW 1")),
        ),
        (
            "a card as numbers",
            with(&bridge_parse, "/record/cards/0", old_card),
        ),
        (
            "a Choker letter in bridge",
            with(&bridge_parse, "/record/cards/0/card", json!("CC")),
        ),
        (
            "a card of three bytes",
            with(&bridge_parse, "/record/cards/0/span/length", json!(3)),
        ),
        ("twelve cards", {
            let mut hand = bridge_parse.clone();
            hand["record"]["cards"].as_array_mut().unwrap().pop();
            hand
        }),
        (
            "a bid as an enum",
            with(&bridge_explain, "/explanation/bid", json!({"Suit": 2})),
        ),
        (
            "stoppers as a list",
            with(
                &bridge_explain,
                "/explanation/stopped",
                json!([true, false, true, true]),
            ),
        ),
        ("a suit missing", {
            let mut outcome = bridge_explain.clone();
            outcome["explanation"]["lengths"]
                .as_object_mut()
                .unwrap()
                .remove("C");
            outcome
        }),
        (
            "rules out of order",
            with(
                &bridge_explain,
                "/explanation/points_by_rule/0/rule",
                json!(2),
            ),
        ),
        (
            "a category by its Rust name",
            with(
                &choker_explain,
                "/explanation/first/category",
                json!("OnePair"),
            ),
        ),
        (
            "a tie-break in bridge letters",
            with(&choker_explain, "/explanation/first/tie_break", json!("A")),
        ),
        (
            "a royal flush with a tie-break",
            with(
                &with(
                    &choker_explain,
                    "/explanation/first/category",
                    json!("royal flush"),
                ),
                "/explanation/first/tie_break",
                json!("C"),
            ),
        ),
        (
            "a verdict by its Rust name",
            with(&choker_explain, "/explanation/verdict", json!("FirstWins")),
        ),
        (
            "a whist card in Choker",
            with(&choker_parse, "/record/first/cards/0/card", json!("AH")),
        ),
        (
            "a seat by number",
            with(&whist_explain, "/explanation/tricks/0/winner", json!(1)),
        ),
        (
            "a team by its Rust name",
            with(&whist_explain, "/explanation/winner", json!("EastWest")),
        ),
        (
            "plays as a list",
            with(&whist_parse, "/record/plays", json!([[], [], [], []])),
        ),
        (
            "the trump as a number",
            with(&whist_parse, "/record/trump/suit", json!(1)),
        ),
    ];
    for (what, line) in bad {
        assert!(!validator.is_valid(&line), "{what} was accepted: {line}");
    }
}

/// `#/$defs/diagnostic` of the schema, as a validator of its own.
fn diagnostic_validator() -> Validator {
    let path = root().join("schema/cardsharp.schema.json");
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let diagnostic = json!({
        "$schema": schema["$schema"],
        "$defs": schema["$defs"],
        "$ref": "#/$defs/diagnostic",
    });
    jsonschema::validator_for(&diagnostic).unwrap()
}

/// `--diagnostics json`, fixes and all, for every example and for the
/// input of a missing path; and the schema refuses a fix without edits or
/// of another applicability.
#[test]
fn diagnostics_and_their_fixes_are_valid_json() {
    let validator = diagnostic_validator();
    let mut failures = Vec::new();
    let mut fixes = 0;
    for path in inputs(&root().join("examples")) {
        let output = Command::new(env!("CARGO_BIN_EXE_cardsharp"))
            .args(["check", "--diagnostics", "json"])
            .arg(&path)
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        fixes += stderr.matches(r#""applicability":"#).count();
        check_lines(
            &validator,
            &path.display().to_string(),
            &stderr,
            &mut failures,
        );
    }
    let missing = Command::new(env!("CARGO_BIN_EXE_cardsharp"))
        .args(["check", "--diagnostics", "json", "no/such/file.txt"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(missing.stderr).unwrap();
    check_lines(&validator, "a missing path", &stderr, &mut failures);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(fixes > 10, "the examples show fixes: {fixes}");
    let line = stderr.lines().next().unwrap();
    let report: Value = serde_json::from_str(line).unwrap();
    let fix = json!({"message": "m", "applicability": "safe", "edits": [
        {"offset": 0, "length": 1, "replacement": "T"}
    ]});
    assert!(validator.is_valid(&adding(&report, "fixes", json!([fix]))));
    for bad in [
        with(&fix, "/applicability", json!("maybe")),
        with(&fix, "/edits", json!([])),
        with(&fix, "/edits/0/offset", json!(-1)),
    ] {
        assert!(
            !validator.is_valid(&adding(&report, "fixes", json!([bad]))),
            "{bad}"
        );
    }
    assert!(!validator.is_valid(&without(&report, "fixes")));
}
