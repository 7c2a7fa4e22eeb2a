//! cardsharp in pipelines: the formats CI services read (`github`,
//! `sarif`), the summary line, and the guide's recipe for spreading an
//! archive over several hosts with GNU parallel, run here with the local
//! host standing in for each of them.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

use crate::support::root;

/// Runs the binary in `directory` with `args`.
fn cardsharp(directory: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardsharp"))
        .args(args)
        .current_dir(directory)
        .env_remove("NO_COLOR")
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("output is UTF-8")
}

/// A folder `data/` of files with faults (every example of the error
/// catalogue, one of them under a name that needs escaping in every
/// format) and two clean files; returns the number of files.
fn faulty_folder(directory: &Path) -> usize {
    let data = directory.join("data");
    std::fs::create_dir_all(data.join("sub")).unwrap();
    let mut count = 0;
    for entry in std::fs::read_dir(root().join("examples/malformed")).unwrap() {
        let path = entry.unwrap().path();
        // The strict layout's examples are clean to `check`.
        let code = path.file_stem().unwrap().to_str().unwrap();
        if crate::support::STRICT_CODES.contains(&code) {
            continue;
        }
        std::fs::copy(&path, data.join(path.file_name().unwrap())).unwrap();
        count += 1;
    }
    std::fs::copy(
        root().join("examples/malformed/bridge.ten_as_digits.txt"),
        data.join("sub/odd, 100% name.txt"),
    )
    .unwrap();
    for game in ["bridge", "whist"] {
        std::fs::copy(
            root().join(format!("examples/{game}.txt")),
            data.join(format!("sub/{game}.txt")),
        )
        .unwrap();
    }
    count + 3
}

/// A diagnostic as every format places it: the file, the start, the code,
/// the severity and the message; and, where the format has them, the end
/// and the bytes.
#[derive(Debug, PartialEq)]
struct Place {
    file: String,
    start: (u64, u64),
    code: String,
    severity: String,
    message: String,
}

#[derive(Debug, PartialEq)]
struct Extent {
    end: (u64, u64),
    bytes: Option<(u64, u64)>,
}

fn short_places(stderr: &str) -> Vec<Place> {
    stderr
        .lines()
        .filter(|line| !line.starts_with("Found "))
        .map(|line| {
            let mut parts = line.splitn(4, ':');
            let (file, line_number, column, rest) = (
                parts.next().unwrap(),
                parts.next().unwrap(),
                parts.next().unwrap(),
                parts.next().unwrap(),
            );
            let (severity, rest) = rest.trim_start().split_once('[').unwrap();
            let (code, message) = rest.split_once("]: ").unwrap();
            Place {
                file: file.to_owned(),
                start: (line_number.parse().unwrap(), column.parse().unwrap()),
                code: code.to_owned(),
                severity: severity.to_owned(),
                // `[*]` marks a fixable report in `short` alone.
                message: message.trim_start_matches("[*] ").to_owned(),
            }
        })
        .collect()
}

fn json_places(stderr: &str) -> Vec<(Place, Extent)> {
    stderr
        .lines()
        .map(|line| {
            let report: Value = serde_json::from_str(line).unwrap();
            let span = &report["labels"][0]["span"];
            (
                Place {
                    file: report["filename"].as_str().unwrap().to_owned(),
                    start: (
                        report["line"].as_u64().unwrap(),
                        report["column"].as_u64().unwrap(),
                    ),
                    code: report["code"].as_str().unwrap().to_owned(),
                    severity: report["severity"].as_str().unwrap().to_owned(),
                    message: report["message"].as_str().unwrap().to_owned(),
                },
                Extent {
                    end: (
                        report["end_line"].as_u64().unwrap(),
                        report["end_column"].as_u64().unwrap(),
                    ),
                    bytes: Some((
                        span["offset"].as_u64().unwrap(),
                        span["length"].as_u64().unwrap(),
                    )),
                },
            )
        })
        .collect()
}

/// A workflow command read back as GitHub's runner reads it: the
/// command, its properties and its message, each unescaped.
#[derive(Debug)]
struct WorkflowCommand {
    command: String,
    properties: Vec<(String, String)>,
    message: String,
}

impl WorkflowCommand {
    fn parse(line: &str) -> Self {
        let rest = line.strip_prefix("::").expect(line);
        let (head, message) = rest.split_once("::").expect(line);
        let (command, properties) = head.split_once(' ').unwrap_or((head, ""));
        let properties = properties
            .split(',')
            .filter(|property| !property.is_empty())
            .map(|property| {
                let (key, value) = property.split_once('=').expect(line);
                (key.to_owned(), unescape(value))
            })
            .collect();
        Self {
            command: command.to_owned(),
            properties,
            message: unescape(message),
        }
    }

    fn property(&self, key: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value.as_str())
    }

    fn number(&self, key: &str) -> u64 {
        self.property(key).unwrap().parse().unwrap()
    }
}

/// `%XX` escapes undone, `%25` last, as the runner does.
fn unescape(text: &str) -> String {
    text.replace("%0D", "\r")
        .replace("%0A", "\n")
        .replace("%3A", ":")
        .replace("%2C", ",")
        .replace("%25", "%")
}

fn github_places(stderr: &str) -> Vec<(Place, Extent)> {
    stderr
        .lines()
        .map(|line| {
            let command = WorkflowCommand::parse(line);
            assert!(
                ["error", "warning"].contains(&command.command.as_str()),
                "{line}"
            );
            let keys: Vec<_> = command
                .properties
                .iter()
                .map(|(key, _)| key.as_str())
                .collect();
            assert_eq!(
                keys,
                ["file", "line", "col", "endLine", "endColumn", "title"],
                "{line}"
            );
            (
                Place {
                    file: command.property("file").unwrap().to_owned(),
                    start: (command.number("line"), command.number("col")),
                    code: command.property("title").unwrap().to_owned(),
                    severity: command.command.clone(),
                    // The help, where there is one, is a second line.
                    message: command.message.lines().next().unwrap().to_owned(),
                },
                Extent {
                    end: (command.number("endLine"), command.number("endColumn")),
                    bytes: None,
                },
            )
        })
        .collect()
}

/// The percent-encoding of a URI reference undone.
fn decode_uri(uri: &str) -> String {
    let bytes = uri.as_bytes();
    let mut decoded = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%' {
            decoded.push(u8::from_str_radix(&uri[at + 1..at + 3], 16).unwrap());
            at += 3;
        } else {
            decoded.push(bytes[at]);
            at += 1;
        }
    }
    String::from_utf8(decoded).unwrap()
}

fn sarif_places(log: &Value) -> Vec<(Place, Extent)> {
    let run = &log["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    run["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|result| {
            let code = result["ruleId"].as_str().unwrap();
            let index = usize::try_from(result["ruleIndex"].as_u64().unwrap()).unwrap();
            assert_eq!(rules[index]["id"], code);
            let location = &result["locations"][0]["physicalLocation"];
            let region = &location["region"];
            let number = |key: &str| region[key].as_u64().unwrap();
            (
                Place {
                    file: decode_uri(location["artifactLocation"]["uri"].as_str().unwrap()),
                    start: (number("startLine"), number("startColumn")),
                    code: code.to_owned(),
                    severity: result["level"].as_str().unwrap().to_owned(),
                    message: result["message"]["text"]
                        .as_str()
                        .unwrap()
                        .lines()
                        .next()
                        .unwrap()
                        .to_owned(),
                },
                Extent {
                    end: (number("endLine"), number("endColumn")),
                    bytes: Some((number("byteOffset"), number("byteLength"))),
                },
            )
        })
        .collect()
}

fn sarif_validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("tests/sarif-schema-2.1.0.json")).unwrap(),
    )
    .unwrap();
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the SARIF schema compiles")
}

fn assert_valid(validator: &jsonschema::Validator, log: &Value) {
    let errors: Vec<String> = validator
        .iter_errors(log)
        .map(|error| format!("{} at {}", error, error.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn every_format_reports_the_same_diagnostics_at_the_same_places() {
    let directory = tempfile::tempdir().unwrap();
    let here = directory.path();
    let files = faulty_folder(here);
    let format = |name: &str| cardsharp(here, &["check", "--diagnostics", name, "data"]);

    let short = format("short");
    let json = format("json");
    let github = format("github");
    let sarif = format("sarif");
    for output in [&short, &json, &github, &sarif] {
        assert_eq!(output.status.code(), Some(1));
    }
    for output in [&short, &json, &github] {
        assert!(output.stdout.is_empty());
    }
    let short = short_places(&text(&short.stderr));
    let json = json_places(&text(&json.stderr));
    let github = github_places(&text(&github.stderr));
    let log: Value = serde_json::from_slice(&sarif.stdout).unwrap();
    assert!(sarif.stderr.is_empty(), "{}", text(&sarif.stderr));
    let sarif = sarif_places(&log);

    // Every example's file is reported, the odd name with its escapes
    // undone, and the clean files not at all.
    let named: std::collections::BTreeSet<_> = short.iter().map(|place| &place.file).collect();
    assert_eq!(named.len(), files - 2);
    assert!(named.contains(&"data/sub/odd, 100% name.txt".to_owned()));
    assert_eq!(short.len(), json.len());
    let (json_places, json_extents): (Vec<_>, Vec<_>) = json.into_iter().unzip();
    assert_eq!(short, json_places);
    let (github_places, github_extents): (Vec<_>, Vec<_>) = github.into_iter().unzip();
    assert_eq!(github_places, json_places);
    let (sarif_places, sarif_extents): (Vec<_>, Vec<_>) = sarif.into_iter().unzip();
    assert_eq!(sarif_places, json_places);
    for ((json, github), sarif) in json_extents.iter().zip(&github_extents).zip(&sarif_extents) {
        assert_eq!(json.end, github.end);
        assert_eq!(json, sarif);
    }
}

#[test]
fn the_sarif_log_validates_and_holds_every_rule() {
    let validator = sarif_validator();
    let directory = tempfile::tempdir().unwrap();
    let here = directory.path();
    faulty_folder(here);

    let faulty = cardsharp(here, &["check", "--diagnostics", "sarif", "data"]);
    let log: Value = serde_json::from_slice(&faulty.stdout).unwrap();
    assert_valid(&validator, &log);
    // Fixes as SARIF fixes: the ten written `10` is replaced by `T` and
    // its suit, on the bytes of the JSON fix.
    let ten = log["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|result| result["ruleId"] == "cardsharp::bridge::ten_as_digits")
        .expect("a ten written 10");
    let replacement = &ten["fixes"][0]["artifactChanges"][0]["replacements"][0];
    assert_eq!(replacement["deletedRegion"]["byteLength"], 3);
    assert_eq!(ten["fixes"][0]["properties"]["applicability"], "safe");
    assert!(
        replacement["insertedContent"]["text"]
            .as_str()
            .unwrap()
            .starts_with('T')
    );
    let run = &log["runs"][0];
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "cardsharp");
    assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let rules = driver["rules"].as_array().unwrap();
    assert_eq!(rules.len(), cardsharp::diagnostic::catalogue::RULES.len());
    for rule in rules {
        assert!(
            rule["help"]["text"]
                .as_str()
                .is_some_and(|help| !help.is_empty())
        );
        if let Some(example) = rule["properties"]["example"].as_str() {
            assert!(root().join(example).is_file(), "{example}");
        }
    }
    // A secondary label is a related location: the first copy of a card.
    let duplicate = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|result| result["ruleId"] == "cardsharp::bridge::duplicate_card")
        .unwrap();
    assert_eq!(
        duplicate["relatedLocations"][0]["message"]["text"],
        "first here"
    );
    assert_eq!(
        duplicate["relatedLocations"][0]["physicalLocation"]["region"]["startColumn"],
        1
    );

    // A clean run: a log all the same, with no results.
    let clean = cardsharp(
        here,
        &["check", "--diagnostics", "sarif", "data/sub/bridge.txt"],
    );
    assert_eq!(clean.status.code(), Some(0));
    let log: Value = serde_json::from_slice(&clean.stdout).unwrap();
    assert_valid(&validator, &log);
    assert_eq!(log["runs"][0]["results"], serde_json::json!([]));

    // Problems with paths and standard input are results too.
    let problems = cardsharp(here, &["check", "--diagnostics", "sarif", "missing.txt"]);
    assert_eq!(problems.status.code(), Some(2));
    let log: Value = serde_json::from_slice(&problems.stdout).unwrap();
    assert_valid(&validator, &log);
    assert_eq!(
        log["runs"][0]["results"][0]["ruleId"],
        "cardsharp::io::not_found"
    );
    assert!(log["runs"][0]["results"][0]["ruleIndex"].is_u64());

    // The validator is no rubber stamp: a level SARIF lacks is refused.
    let mut broken = log.clone();
    broken["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(!validator.is_valid(&broken));
}

#[test]
fn run_writes_results_on_stdout_and_the_log_on_stderr() {
    let validator = sarif_validator();
    let directory = tempfile::tempdir().unwrap();
    let here = directory.path();
    std::fs::write(
        here.join("hands.txt"),
        "KS QS 10H 8H 4H AC QC TC 5C KD QD JD 8D\nAC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H\n",
    )
    .unwrap();
    let output = cardsharp(here, &["run", "--diagnostics", "sarif", "hands.txt"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(text(&output.stdout), "BID NO-TRUMP\n");
    let log: Value = serde_json::from_slice(&output.stderr).unwrap();
    assert_valid(&validator, &log);
    let result = &log["runs"][0]["results"][0];
    assert_eq!(result["ruleId"], "cardsharp::bridge::ten_as_digits");
    assert_eq!(
        result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "hands.txt"
    );
    // Standard input has no URI: a description names it.
    let output = Command::new(env!("CARGO_BIN_EXE_cardsharp"))
        .args(["check", "--diagnostics", "sarif"])
        .stdin(std::fs::File::open(here.join("hands.txt")).unwrap())
        .output()
        .unwrap();
    let log: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_valid(&validator, &log);
    assert_eq!(
        log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["description"]
            ["text"],
        "standard input"
    );
}

#[test]
fn github_annotations_name_paths_from_the_working_directory() {
    let directory = tempfile::tempdir().unwrap();
    let here = directory.path();
    std::fs::create_dir(here.join("data")).unwrap();
    std::fs::write(here.join("data/a.txt"), "KS QS TH\n").unwrap();
    let absolute = here.join("data/a.txt");
    for path in ["data/a.txt", "./data/a.txt", absolute.to_str().unwrap()] {
        let output = cardsharp(here, &["check", "--diagnostics", "github", path]);
        let command = WorkflowCommand::parse(text(&output.stderr).trim_end());
        assert_eq!(command.property("file"), Some("data/a.txt"), "{path}");
    }
    // A path that cannot be read annotates the file, with no position.
    let output = cardsharp(here, &["check", "--diagnostics", "github", "data/none.txt"]);
    let command = WorkflowCommand::parse(text(&output.stderr).trim_end());
    assert_eq!(command.command, "error");
    assert_eq!(command.property("file"), Some("data/none.txt"));
    assert_eq!(command.property("title"), Some("cardsharp::io::not_found"));
    assert_eq!(command.property("line"), None);
}

#[test]
fn the_summary_counts_what_the_reports_say() {
    let directory = tempfile::tempdir().unwrap();
    let here = directory.path();
    let files = faulty_folder(here);
    let json = cardsharp(here, &["check", "--diagnostics", "json", "data"]);
    let reports: Vec<Value> = text(&json.stderr)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let count = |severity: &str| reports.iter().filter(|r| r["severity"] == severity).count();
    let reported: std::collections::BTreeSet<_> =
        reports.iter().map(|r| r["filename"].to_string()).collect();
    let records = cardsharp(here, &["run", "--output", "json", "data"])
        .stdout
        .split(|&byte| byte == b'\n')
        .filter(|line| !line.is_empty())
        .count();
    let (errors, warnings) = (count("error"), count("warning"));
    assert!(errors > 1 && warnings == 0, "{errors} {warnings}");
    let fixable = reports
        .iter()
        .filter(|r| {
            r["fixes"]
                .as_array()
                .unwrap()
                .iter()
                .any(|fix| fix["applicability"] == "safe")
        })
        .count();
    assert!(fixable > 1);
    let expected = format!(
        "Found {errors} errors ({fixable} fixable with --fix) in {} of {files} files; {records} records checked.\n",
        reported.len()
    );
    for format in ["human", "short"] {
        let output = cardsharp(here, &["check", "--diagnostics", format, "data"]);
        let stderr = text(&output.stderr);
        assert!(stderr.ends_with(&expected), "{format}: {stderr}");
        assert_eq!(stderr.matches("Found ").count(), 1, "{format}");
    }
    // The warning of a game read as forced, alone: singular, one input.
    let output = cardsharp(
        &root(),
        &[
            "check",
            "--game",
            "choker",
            "--diagnostics",
            "short",
            "examples/malformed/document.after_terminator.txt",
        ],
    );
    assert_eq!(output.status.code(), Some(0));
    assert!(
        text(&output.stderr).ends_with("\nFound 1 warning; 1 record checked.\n"),
        "{}",
        text(&output.stderr)
    );
    // Machine formats carry no summary.
    for format in ["json", "github"] {
        let output = cardsharp(here, &["check", "--diagnostics", format, "data"]);
        assert!(!text(&output.stderr).contains("Found "), "{format}");
    }
}

#[test]
fn a_clean_run_stays_quiet() {
    let clean = [
        "examples/bridge.txt",
        "examples/choker.txt",
        "examples/whist.txt",
    ];
    let check = |format: &str| {
        let mut args = vec!["check", "--diagnostics", format];
        args.extend(clean);
        let output = cardsharp(&root(), &args);
        assert_eq!(output.status.code(), Some(0), "{format}");
        (text(&output.stdout), text(&output.stderr))
    };
    assert_eq!(
        check("human"),
        (
            String::new(),
            "All clear: 3 files, 8 records checked.\n".to_owned()
        )
    );
    for format in ["short", "json", "github"] {
        assert_eq!(check(format), (String::new(), String::new()), "{format}");
    }
    let output = cardsharp(&root(), &["run", "examples/mixed.txt"]);
    assert!(output.stderr.is_empty());
}

/// The guide's recipe for several hosts (`docs/src/scale-out.md`), run on this
/// machine: the local host (`:`) with four job slots stands in for the
/// hosts, and jobs of three files spread the 19 files over seven jobs,
/// which finish in any order.
#[test]
fn the_parallel_recipe_merges_to_what_one_run_prints() {
    let guide = std::fs::read_to_string(root().join("docs/src/scale-out.md")).unwrap();
    let recipe = guide
        .split("```sh\n")
        .skip(1)
        .map(|block| block.split("```").next().unwrap())
        .find(|block| block.contains("parallel --sshlogin"))
        .expect("the guide has the recipe");
    let directory = tempfile::tempdir().unwrap();
    let here = directory.path();
    let archive = here.join("archive");
    std::fs::create_dir(&archive).unwrap();
    // Generated files of every game, and a few with faults among them.
    let games = ["bridge", "choker", "whist", "mixed"];
    for index in 0..16_u8 {
        let output = cardsharp(
            here,
            &[
                "gen",
                games[usize::from(index) % games.len()],
                "--count",
                "40",
                "--seed",
                &index.to_string(),
            ],
        );
        std::fs::write(archive.join(format!("{index:02}.txt")), output.stdout).unwrap();
    }
    for code in ["bridge.card_count", "choker.shared_card", "whist.revoke"] {
        std::fs::copy(
            root().join(format!("examples/malformed/{code}.txt")),
            archive.join(format!("{code}.txt")),
        )
        .unwrap();
    }
    let binary = Path::new(env!("CARGO_BIN_EXE_cardsharp"));
    let path = std::env::join_paths(
        std::iter::once(binary.parent().unwrap().to_owned())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let ran = Command::new("sh")
        .args(["-c", recipe])
        .current_dir(here)
        .env("PATH", path)
        .env("HOSTS", "4/:")
        .env("FILES_PER_JOB", "3")
        .output()
        .expect("sh runs the recipe (GNU parallel and jq are installed by .ci/run)");
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    let read = |name: &str| std::fs::read_to_string(here.join(name)).unwrap();
    // Every line is cardsharp's, but for parallel's own warnings, which a
    // busy machine draws from it and the recipe leaves out.
    let diagnostics = read("diagnostics.jsonl");
    assert!(
        diagnostics
            .lines()
            .all(|line| line.starts_with('{') || line.starts_with("parallel: ")),
        "{diagnostics}"
    );

    let single = cardsharp(
        here,
        &[
            "run",
            "--output",
            "json",
            "--diagnostics",
            "json",
            "archive",
        ],
    );
    assert_eq!(single.status.code(), Some(1));
    assert_eq!(read("merged-results.jsonl"), text(&single.stdout));
    // Within a file, diagnostics come as their records are framed, not by
    // their bytes: the single run's, sorted as the recipe sorts (stably),
    // against the merged ones.
    let mut expected: Vec<Value> = text(&single.stderr)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    expected.sort_by_key(|report| {
        (
            report["filename"].as_str().unwrap().to_owned(),
            report["labels"][0]["span"]["offset"].as_u64(),
        )
    });
    let merged: Vec<Value> = read("merged-diagnostics.jsonl")
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(merged, expected);
    assert!(merged.len() >= 3);
}
