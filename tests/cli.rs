//! The command line as a user meets it: exit statuses, paths, recovery.

use crate::support::{Test, sample};

#[test]
fn a_bad_record_hides_none_of_the_others() {
    let (bridge, _) = sample("bridge");
    let input = format!(
        "KS QS TH 8H 4H AC QC TC 5C KD QD JD\n{bridge}KS QS 10H 8H 4H AC QC TC 5C KD QD JD 8D\n{bridge}"
    );
    Test::new()
        .args(["run", "--diagnostics", "short"])
        .stdin(input)
        .stdout("BID D\nBID NO-TRUMP\nBID D\nBID NO-TRUMP\n")
        .stderr_contains("<stdin>:1:1: error[cardsharp::bridge::card_count]")
        .stderr_contains("<stdin>:4:7: error[cardsharp::bridge::ten_as_digits]")
        .status(1)
        .run();
}

#[test]
fn check_is_clean_on_good_input_and_says_so_in_one_line() {
    let (_, stderr) = Test::new()
        .args(["check", "examples/mixed.txt"])
        .stdout("")
        .run();
    assert_eq!(stderr, "All clear: 8 records checked.\n");
    Test::new()
        .args(["check", "--diagnostics", "short", "examples/mixed.txt"])
        .stdout("")
        .stderr_empty()
        .run();
}

#[test]
fn check_exits_1_on_errors() {
    Test::new()
        .args(["check", "--diagnostics", "short"])
        .stdin("Joey-1C3S2G5D4D\n")
        .stdout("")
        .stderr_contains("error[cardsharp::choker::unpaired_hand]")
        .stderr_contains("error[cardsharp::choker::missing_terminator]")
        .status(1)
        .run();
}

#[test]
fn a_missing_path_is_an_io_error_and_the_others_still_run() {
    let (_, bridge) = sample("bridge");
    Test::new()
        .args(["run", "no/such/file.txt", "examples/bridge.txt"])
        .stdout(bridge)
        .stderr_contains("no/such/file.txt")
        .status(2)
        .run();
}

#[test]
fn a_directory_is_walked_in_sorted_order() {
    let directory = std::env::temp_dir().join(format!("cardsharp-walk-{}", std::process::id()));
    std::fs::create_dir_all(directory.join("b")).unwrap();
    let (bridge, bridge_out) = sample("bridge");
    let (whist, whist_out) = sample("whist");
    std::fs::write(directory.join("b/1.txt"), &bridge).unwrap();
    std::fs::write(directory.join("a.txt"), &whist).unwrap();
    Test::new()
        .args(["run", directory.to_str().unwrap()])
        .stdout(format!("{whist_out}{bridge_out}"))
        .run();
    std::fs::remove_dir_all(directory).unwrap();
}

/// Small inputs are processed several at a time; what is printed must be
/// what one input after another prints, results and reports alike.
#[test]
fn many_small_inputs_print_as_one_after_another() {
    let directory = std::env::temp_dir().join(format!("cardsharp-many-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let games = ["bridge", "choker", "whist", "mixed"];
    let mut paths = Vec::new();
    for index in 0..12 {
        let path = directory.join(format!("{index:02}.txt"));
        let text = if index == 5 {
            "KS QS TH\n".to_owned()
        } else {
            sample(games[index % games.len()]).0
        };
        std::fs::write(&path, text).unwrap();
        paths.push(path.to_str().unwrap().to_owned());
    }
    let binary = env!("CARGO_BIN_EXE_cardsharp");
    let one_by_one = |stream: fn(&std::process::Output) -> &Vec<u8>| -> String {
        paths
            .iter()
            .map(|path| {
                let output = std::process::Command::new(binary)
                    .args(["run", "--diagnostics", "short", path])
                    .output()
                    .unwrap();
                String::from_utf8(stream(&output).clone()).unwrap()
            })
            .collect()
    };
    let (stdout, stderr) = (one_by_one(|o| &o.stdout), one_by_one(|o| &o.stderr));
    // Each run ends with its summary; the run over all of them with one.
    let reports_alone: String = stderr
        .split_inclusive('\n')
        .filter(|line| !line.starts_with("Found "))
        .collect();
    assert!(reports_alone.contains("05.txt:1:1: error"));
    let summary = format!(
        "Found 1 error in 1 of {} files; {} records evaluated.\n",
        paths.len(),
        stdout.lines().count()
    );
    let (_, reports) = Test::new()
        .args(["run", "--diagnostics", "short", directory.to_str().unwrap()])
        .stdout(stdout)
        .status(1)
        .run();
    assert_eq!(reports, reports_alone + &summary);
    std::fs::remove_dir_all(directory).unwrap();
}

#[test]
fn usage_errors_exit_2() {
    Test::new()
        .args(["run", "--game", "poker"])
        .status(2)
        .stderr_contains("invalid value")
        .run();
    Test::new().args(["frobnicate"]).status(2).run();
}

#[test]
fn forced_game_warns_once_about_text_after_the_terminator() {
    let (choker, expected) = sample("choker");
    Test::new()
        .args(["run", "--game", "choker", "--diagnostics", "short"])
        .stdin(format!("{choker}more\nand more\n"))
        .stdout(expected)
        .stderr_contains("<stdin>:10:1: warning[cardsharp::document::after_terminator]")
        .status(0)
        .run();
}

#[test]
fn json_diagnostics_are_one_object_per_line() {
    let (_, stderr) = Test::new()
        .args(["check", "--diagnostics", "json"])
        .stdin("KS QS TH 8H 4H AC QC TC 5C KD QD JD KS\n")
        .status(1)
        .run();
    let report: serde_json::Value = serde_json::from_str(stderr.lines().next().unwrap()).unwrap();
    assert_eq!(report["code"], "cardsharp::bridge::duplicate_card");
    assert_eq!(report["labels"][0]["span"]["offset"], 36);
    assert_eq!(report["labels"][1]["span"]["offset"], 0);
    assert_eq!(report["filename"], "<stdin>");
}

#[test]
fn gen_is_reproducible_and_valid() {
    for game in ["bridge", "choker", "whist", "mixed"] {
        let (first, _) = Test::new()
            .args(["gen", game, "--count", "50", "--seed", "9", "--rare"])
            .run();
        let (second, _) = Test::new()
            .args(["gen", game, "--count", "50", "--seed", "9", "--rare"])
            .run();
        assert_eq!(first, second);
        Test::new()
            .args(["check", "--diagnostics", "short"])
            .stdin(first)
            .stderr_empty()
            .run();
    }
}

#[test]
fn color_follows_the_flag_and_no_color() {
    let input = "KS QS TH 8H 4H AC QC TC 5C KD QD JD\n";
    let (_, plain) = Test::new()
        .args(["check", "--color", "never"])
        .stdin(input)
        .status(1)
        .run();
    assert!(!plain.contains('\u{1b}'), "{plain}");
    let (_, colored) = Test::new()
        .args(["check", "--color", "always"])
        .stdin(input)
        .status(1)
        .run();
    assert!(colored.contains('\u{1b}'), "{colored}");
    let (_, auto) = Test::new()
        .args(["check"])
        .env("NO_COLOR", "1")
        .stdin(input)
        .status(1)
        .run();
    assert!(!auto.contains('\u{1b}'), "{auto}");
}

#[test]
fn explain_shows_the_statements_worked_examples() {
    let (bridge, _) = Test::new().args(["explain", "examples/bridge.txt"]).run();
    for part in [
        "17 points; 16 for no-trump",
        "not stopped: hearts",
        "longest: diamonds and clubs at 4",
        "=> BID D",
        "=> BID NO-TRUMP",
    ] {
        assert!(bridge.contains(part), "{part:?} in\n{bridge}");
    }
    let (whist, _) = Test::new().args(["explain", "examples/whist.txt"]).run();
    let first_deal: Vec<&str> = whist
        .lines()
        .filter(|line| line.contains("trick"))
        .take(13)
        .map(|line| line.split("-> ").nth(1).unwrap().split(' ').next().unwrap())
        .collect();
    assert_eq!(
        first_deal,
        [
            "east", "north", "south", "east", "south", "north", "west", "north", "east", "west",
            "east", "east", "north"
        ]
    );
    let (json, _) = Test::new()
        .args(["explain", "--output", "json", "examples/choker.txt"])
        .run();
    let last: serde_json::Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
    assert_eq!(last["result"], "Henry vs Herbert: Henry Wins");
    assert_eq!(last["explanation"]["first"]["category"], "king of kings");
}

#[test]
fn parse_prints_the_tree_with_spans() {
    let (tree, _) = Test::new().args(["parse", "examples/choker.txt"]).run();
    assert!(tree.starts_with("line 1: ChokerPair 0..33\n  ChokerHand 0..15\n    name \"Joey\" 0..4\n    card 1C 5..7\n"), "{tree}");
    let (json, _) = Test::new()
        .args(["parse", "--output", "json", "examples/whist.txt"])
        .run();
    let deal: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(deal["record"]["trump"]["span"]["offset"], 0);
    assert_eq!(deal["record"]["plays"]["north"][0]["card"], "4C");
    assert_eq!(deal["record"]["plays"]["north"][0]["span"]["offset"], 2);
}

/// `parse` keeps a record with faults as an error node, in both layouts: its
/// span, the cards read, and its diagnostics' codes in input order. The
/// records around it keep their trees.
#[test]
fn parse_keeps_a_faulty_record_as_an_error_node() {
    let hand = "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D";
    let input = format!("{hand}\nKS QS 10H 8H 4H AC QC TC 5C KD QD JD KS\n{hand}\n");
    for layout in ["lines", "tokens"] {
        let (json, _) = Test::new()
            .args(["parse", "--output", "json", "--layout", layout])
            .stdin(&input)
            .status(1)
            .run();
        let nodes: Vec<serde_json::Value> = json
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(nodes.len(), 3, "{layout}: {json}");
        assert!(nodes[0]["record"].is_object() && nodes[2]["record"].is_object());
        let error = &nodes[1];
        assert_eq!(error["line"], 2, "{layout}");
        assert_eq!(error["game"], "bridge");
        assert_eq!(error["span"]["offset"], 39);
        assert_eq!(
            error["error"]["codes"],
            serde_json::json!([
                "cardsharp::bridge::ten_as_digits",
                "cardsharp::bridge::duplicate_card"
            ]),
            "{layout}"
        );
        let cards = error["error"]["cards_read"].as_array().unwrap();
        assert_eq!(cards.len(), 12, "{layout}: the 12 tokens that are cards");
        assert_eq!(cards[2]["card"], "8H");
        assert_eq!(cards[2]["span"]["offset"], 49);
    }
    let (tree, _) = Test::new().args(["parse"]).stdin(&input).status(1).run();
    assert!(
        tree.contains("line 2: Error 39..78 [cardsharp::bridge::ten_as_digits, cardsharp::bridge::duplicate_card]\n  card KS 39..41\n"),
        "{tree}"
    );
}

#[test]
fn fmt_rewrites_checks_and_refuses_files_with_errors() {
    let directory = std::env::temp_dir().join(format!("cardsharp-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let messy = directory.join("messy.txt");
    std::fs::write(&messy, "  KS QS\tTH 8H 4H AC QC TC 5C KD QD JD 8D \r\n\nJoey - 1C3S2G5D4D\nClucky-QDKDQSKSJS\nEND\n").unwrap();
    let path = messy.to_str().unwrap();
    Test::new()
        .args(["fmt", "--check", path])
        .status(1)
        .stderr_contains(
            "not in the canonical layout from line 1 on (`fmt --diff` shows each change)",
        )
        .run();
    // `--diff` shows how, and writes nothing; with `--check` it also fails.
    let before = std::fs::read(&messy).unwrap();
    let (diff, _) = Test::new().args(["fmt", "--diff", path]).run();
    assert!(
        diff.starts_with(&format!("--- a/{path}\n+++ b/{path}\n@@ ")),
        "{diff}"
    );
    assert!(
        diff.contains("\n-Joey - 1C3S2G5D4D\n+Joey-1C3S2G5D4D\n"),
        "{diff}"
    );
    let (checked, _) = Test::new()
        .args(["fmt", "--check", "--diff", path])
        .status(1)
        .stderr_contains("not in the canonical layout")
        .run();
    assert_eq!(checked, diff);
    assert_eq!(std::fs::read(&messy).unwrap(), before);
    // Readable by its group, which a temporary file (created 0600) is not.
    let mode = |path: &std::path::Path| {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    };
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&messy, std::fs::Permissions::from_mode(0o640)).unwrap();
    }
    Test::new().args(["fmt", path]).run();
    let expected =
        "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D\n\nJoey-1C3S2G5D4D\nClucky-QDKDQSKSJS\nEND\n";
    assert_eq!(std::fs::read_to_string(&messy).unwrap(), expected);
    // Rewritten through a temporary file renamed over it: the file keeps
    // its permissions, and nothing is left beside it.
    assert_eq!(mode(&messy), 0o640);
    assert_eq!(std::fs::read_dir(&directory).unwrap().count(), 1);
    Test::new().args(["fmt", "--check", path]).run();
    Test::new()
        .args(["fmt"])
        .stdin("AS KS\n")
        .status(1)
        .stderr_contains("left as it is")
        .stdout("")
        .run();
    Test::new().args(["fmt"]).stdin(" H \n#\n").status(1).run();
    std::fs::remove_dir_all(directory).unwrap();
}

#[test]
fn completions_are_printed_for_each_shell() {
    for shell in ["bash", "zsh", "fish"] {
        let (script, _) = Test::new().args(["completions", shell]).run();
        assert!(
            script.contains("explain") && script.contains("diagnostics"),
            "{shell}"
        );
    }
}

#[test]
fn the_manual_page_names_every_subcommand() {
    let (page, _) = Test::new().args(["man"]).run();
    assert!(
        page.starts_with(".ie") || page.contains(".TH cardsharp"),
        "{page}"
    );
    for subcommand in [
        "run",
        "check",
        "explain",
        "parse",
        "fmt",
        "gen",
        "completions",
    ] {
        assert!(page.contains(subcommand), "{subcommand}");
    }
}

#[test]
fn empty_and_terminator_only_inputs() {
    Test::new()
        .args(["run"])
        .stdin("")
        .stdout("")
        .stderr_empty()
        .run();
    Test::new()
        .args(["run"])
        .stdin("\n \n\t\n")
        .stdout("")
        .stderr_empty()
        .run();
    for terminator in ["END\n", "#\n"] {
        Test::new()
            .args(["check", "--diagnostics", "short"])
            .stdin(terminator)
            .stderr_contains("cardsharp::document::stray_terminator")
            .status(1)
            .run();
    }
    Test::new()
        .args(["run", "--game", "whist"])
        .stdin("#\n")
        .stdout("")
        .stderr_empty()
        .run();
}

/// The first blocks read are smaller than the longest line kept; a line
/// that long must still be read whole there, and one byte more is too long.
#[test]
fn the_longest_line_kept_is_read_whole_at_the_start_of_the_input() {
    let (bridge, expected) = sample("bridge");
    let longest = cardsharp::syntax::MAX_LINE_LENGTH;
    let kept = format!("{}\n{bridge}", "KS ".repeat(longest / 3).trim_end());
    let (_, stderr) = Test::new()
        .args(["run", "--diagnostics", "short"])
        .stdin(kept)
        .stdout(expected.clone())
        .stderr_contains("<stdin>:1:1: error[cardsharp::bridge::card_count]")
        .status(1)
        .run();
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
    assert!(
        stderr.ends_with("\nFound 1 error; 2 records evaluated.\n"),
        "{stderr}"
    );
    let too_long = format!("{}\n{bridge}", "K".repeat(longest + 1));
    Test::new()
        .args(["run", "--diagnostics", "short"])
        .stdin(too_long)
        .stdout(expected)
        .stderr_contains("<stdin>:1:1: error[cardsharp::document::line_too_long]")
        .stderr_contains(format!("longer than {} KiB", longest / 1024))
        .status(1)
        .run();
}

#[test]
fn a_long_line_and_binary_noise_are_reported_once_and_hide_nothing() {
    let (bridge, expected) = sample("bridge");
    let long = format!("{}\n{bridge}", "KS ".repeat(200_000));
    Test::new()
        .args(["run", "--diagnostics", "short"])
        .stdin(long)
        .stdout(expected.clone())
        .stderr_contains("<stdin>:1:1: error[cardsharp::document::line_too_long]")
        .status(1)
        .run();
    let mut binary = bridge.into_bytes();
    binary.extend_from_slice(b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\n\x00\x00garbage\n");
    let (_, stderr) = Test::new()
        .args(["run", "--diagnostics", "short"])
        .stdin(binary)
        .stdout(expected)
        .status(1)
        .run();
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
    assert!(
        stderr.ends_with("\nFound 1 error; 2 records evaluated.\n"),
        "{stderr}"
    );
}

#[test]
fn parse_trace_shows_each_rule_with_its_bytes() {
    // The input's fault is reported after the trace, and sets the status.
    let (stdout, _) = Test::new()
        .args(["parse", "--trace"])
        .stdin("Joe-1S2S3S4S5S\nAnn-1G2G3G4G5X\nEND\n")
        .status(1)
        .stderr_contains("cardsharp::choker::bad_suit")
        .run();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[..5],
        [
            "document 0..34",
            "  choker_section 0..33: line 1 opens a Choker section",
            "    choker_pair ✗ at 0: lines 1..2 make a Choker pair",
            "      choker_hand 0..14",
            "        blank 0..0",
        ]
    );
    assert!(
        lines.contains(
            &"            suit ✗ at 28: expected a suit of the game's alphabet; found `X`"
        )
    );
    // The dash has its step, and the diagnosis's second reading of the hand
    // its own, named as such.
    assert!(lines.contains(&"        dash 3..4"), "{stdout}");
    assert!(
        lines.contains(
            &"      choker_hand ✗ at 15: diagnosis: each token read again alone, to tell each fault"
        ),
        "{stdout}"
    );
    let (json, _) = Test::new()
        .args(["parse", "--trace", "--layout", "tokens", "--output", "json"])
        .stdin("AS KS QS JS TS 9S 8S\n7S 6S 5S 4S 3S 2S\n")
        .run();
    let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(
        first,
        serde_json::json!({"path": "<stdin>", "depth": 0, "rule": "tokens_document",
            "start": 0, "end": 39, "matched": true, "note": null})
    );
    assert!(json.lines().any(|line| line.contains(
        r#""depth":2,"rule":"tokens_bridge_hand","start":0,"end":38,"matched":true,"note":"the tokens at 0..38 make a bridge hand""#
    )));
}

/// `gen whist --rare` favours deals rare in play: one side taking all
/// thirteen tricks (a score of 7), a player void from the first trick.
#[test]
fn rare_whist_deals_are_rare_in_play() {
    use cardsharp::ast::Game;
    use cardsharp::pipeline::{Action, OutputFormat, Settings, run_bytes};
    use cardsharp::render::DiagnosticFormat;
    use cardsharp::syntax::{Layout, Mode};

    let settings = Settings {
        mode: Mode::Forced(Game::Whist),
        layout: Layout::Lines,
        action: Action::Run,
        output: OutputFormat::Text,
        diagnostics: DiagnosticFormat::Short,
    };
    let all_thirteen = |rare: bool| {
        let deals = cardsharp::generate::document(Game::Whist, 400, 9, rare);
        let (results, reports, _) = run_bytes("deals", deals.as_bytes(), &settings);
        assert_eq!(reports, "");
        results.lines().filter(|line| line.ends_with(" 7")).count()
    };
    let (uniform, rare) = (all_thirteen(false), all_thirteen(true));
    assert!(rare > 100 && uniform < 10, "uniform {uniform}, rare {rare}");
}

/// `package` writes into a new or empty folder only: written over another
/// package, the two problems' test cases would mix.
#[test]
fn a_package_is_written_into_a_new_or_empty_folder_only() {
    let directory = tempfile::tempdir().unwrap();
    let folder = directory.path().join("hands");
    let path = folder.to_str().unwrap();
    Test::new().args(["package", "choker", path]).run();
    let written = std::fs::read_dir(folder.join("data/secret"))
        .unwrap()
        .count();
    Test::new()
        .args(["package", "bridge", path])
        .status(2)
        .stderr_contains("the folder is not empty")
        .run();
    assert_eq!(
        std::fs::read_dir(folder.join("data/secret"))
            .unwrap()
            .count(),
        written
    );
    let empty = directory.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    Test::new()
        .args(["package", "bridge", empty.to_str().unwrap()])
        .run();
    assert!(empty.join("problem.yaml").is_file());
}
