//! `cardsharp verify` on test data laid out as judges lay it out: wrong,
//! missing and extra answer lines are each one report at the answer's
//! line, answers and inputs without their other half are told, both answer
//! extensions are read, and `check` on the same folder leaves the answers
//! alone.

use std::path::Path;
use std::process::Command;

fn cardsharp(args: &[&str], here: &Path) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_cardsharp"))
        .args(args)
        .current_dir(here)
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// `data/sample/1.in` with its right answer in `1.ans`, and
/// `data/secret/2.in` with its right answer in `2.out`.
fn right_data(here: &Path) -> (String, String) {
    let generated = |game: &str| {
        let output = Command::new(env!("CARGO_BIN_EXE_cardsharp"))
            .args(["gen", game, "--count", "4", "--seed", "5"])
            .output()
            .unwrap();
        output.stdout
    };
    let results = |input: &[u8]| {
        let output = crate::support::with_stdin(crate::support::binary(), &["run"], input);
        String::from_utf8(output.stdout).unwrap()
    };
    for folder in ["data/sample", "data/secret"] {
        std::fs::create_dir_all(here.join(folder)).unwrap();
    }
    let (bridge, whist) = (generated("bridge"), generated("whist"));
    let (bridge_answer, whist_answer) = (results(&bridge), results(&whist));
    std::fs::write(here.join("data/sample/1.in"), &bridge).unwrap();
    std::fs::write(here.join("data/sample/1.ans"), &bridge_answer).unwrap();
    std::fs::write(here.join("data/secret/2.in"), &whist).unwrap();
    std::fs::write(here.join("data/secret/2.out"), &whist_answer).unwrap();
    (bridge_answer, whist_answer)
}

fn codes(reports: &str) -> Vec<String> {
    reports
        .lines()
        .filter(|line| line.contains("[cardsharp::"))
        .map(|line| line.split(": ").take(2).collect::<Vec<_>>().join(": "))
        .collect()
}

#[test]
fn right_answers_are_all_clear() {
    let directory = tempfile::tempdir().unwrap();
    right_data(directory.path());
    let (status, reports) = cardsharp(&["verify", "--diagnostics", "short"], directory.path());
    assert_eq!(status, 0, "{reports}");
    assert!(codes(&reports).is_empty(), "{reports}");
}

#[test]
fn wrong_missing_and_extra_lines_are_reported_at_their_lines() {
    let directory = tempfile::tempdir().unwrap();
    let here = directory.path();
    let (bridge, whist) = right_data(here);
    // Line 2 of the bridge answer wrong, and a fifth line past the last
    // record; the whist answer without its last line.
    let mut lines: Vec<&str> = bridge.lines().collect();
    let wrong = if lines[1] == "PASS" { "BID S" } else { "PASS" };
    lines[1] = wrong;
    lines.push("PASS");
    std::fs::write(here.join("data/sample/1.ans"), lines.join("\n") + "\n").unwrap();
    let kept: Vec<&str> = whist.lines().take(3).collect();
    std::fs::write(here.join("data/secret/2.out"), kept.join("\n") + "\n").unwrap();
    let (status, reports) = cardsharp(&["verify", "--diagnostics", "short"], here);
    assert_eq!(status, 1, "{reports}");
    assert_eq!(
        codes(&reports),
        [
            "data/sample/1.ans:2:1: error[cardsharp::answer::wrong_line]",
            "data/sample/1.ans:5:1: error[cardsharp::answer::extra_line]",
            "data/secret/2.out:4:1: error[cardsharp::answer::missing_line]",
        ],
        "{reports}"
    );
    assert!(
        reports.contains(&format!("the answer says `{wrong}`")),
        "{reports}"
    );
    // `check` reads the inputs alone, and says the answers were left out.
    let (status, reports) = cardsharp(&["check", "data"], here);
    assert_eq!(status, 0, "{reports}");
    assert!(
        reports.contains("2 answer files left out (`cardsharp verify` checks answers)"),
        "{reports}"
    );
}

/// A byte-order mark before a right answer fails right solutions: a judge
/// reads it as part of the first token. Its line is reported, the mark
/// written out.
#[test]
fn a_byte_order_mark_before_an_answer_is_reported() {
    let directory = tempfile::tempdir().unwrap();
    let here = directory.path();
    let (bridge, _) = right_data(here);
    let marked = format!("\u{feff}{bridge}");
    std::fs::write(here.join("data/sample/1.ans"), marked).unwrap();
    let (status, reports) = cardsharp(&["verify", "--diagnostics", "short"], here);
    assert_eq!(status, 1, "{reports}");
    assert_eq!(
        codes(&reports),
        ["data/sample/1.ans:1:1: error[cardsharp::answer::wrong_line]"],
        "{reports}"
    );
    let first = bridge.lines().next().unwrap();
    let said = format!("the answer says `\\u{{feff}}{first}`, the record gives `{first}`");
    assert!(reports.contains(&said), "{reports}");
}

#[test]
fn inputs_and_answers_without_their_other_half_are_told() {
    let directory = tempfile::tempdir().unwrap();
    let here = directory.path();
    right_data(here);
    std::fs::remove_file(here.join("data/secret/2.out")).unwrap();
    std::fs::write(here.join("data/sample/3.ans"), "PASS\n").unwrap();
    let (status, reports) = cardsharp(&["verify", "--diagnostics", "short", "data"], here);
    assert_eq!(status, 1, "{reports}");
    assert_eq!(
        codes(&reports),
        [
            "data/sample/3.ans:1:1: error[cardsharp::answer::no_input]",
            "data/secret/2.in:1:1: warning[cardsharp::answer::no_answer]",
        ],
        "{reports}"
    );
}

#[test]
fn an_input_that_is_not_strict_is_reported_and_its_answer_not_compared() {
    let directory = tempfile::tempdir().unwrap();
    let here = directory.path();
    right_data(here);
    let input = std::fs::read(here.join("data/sample/1.in")).unwrap();
    std::fs::write(here.join("data/sample/1.in"), [&input[..], b"\n"].concat()).unwrap();
    let (status, reports) = cardsharp(&["verify", "--diagnostics", "short"], here);
    assert_eq!(status, 1, "{reports}");
    assert_eq!(
        codes(&reports),
        ["data/sample/1.in:5:1: error[cardsharp::document::blank_line]"],
        "{reports}"
    );
}

/// A path that is not there is an error of the path; an answer named
/// alone is verified with its input; one file named two ways is one.
#[test]
fn paths_are_read_as_check_reads_them() {
    let directory = tempfile::tempdir().unwrap();
    let here = directory.path();
    let (bridge, _) = right_data(here);
    let (status, reports) = cardsharp(&["verify", "--diagnostics", "short", "nowhere"], here);
    assert_eq!(status, 2, "{reports}");
    assert!(
        reports.contains("nowhere: error[cardsharp::io::not_found]"),
        "{reports}"
    );
    let mut lines: Vec<&str> = bridge.lines().collect();
    lines[1] = "PASS PASS";
    let wrong = lines.join("\n") + "\n";
    std::fs::write(here.join("data/sample/1.ans"), wrong).unwrap();
    let (status, reports) = cardsharp(
        &[
            "verify",
            "--diagnostics",
            "short",
            "data/sample/1.ans",
            "./data/sample/1.in",
            "data",
        ],
        here,
    );
    assert_eq!(status, 1, "{reports}");
    assert_eq!(codes(&reports).len(), 1, "{reports}");
}
