//! `cardsharp judge`, with programs of the project's own: the packages'
//! C solutions, right and with the classic mistakes, and shell programs
//! that crash, hang, pad their output or print nothing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use cardsharp::ast::Game;
use cardsharp::package::{PackageFile, package};
use cardsharp::pipeline::analyze;
use cardsharp::syntax::{Layout, Mode};
use serde_json::Value;

use crate::support::{binary, compiled, with_stdin};

const GAMES: [Game; 3] = [Game::Bridge, Game::Choker, Game::Whist];

/// `cardsharp judge ARGS`, run in `dir`.
fn judge(dir: &Path, args: &[&str]) -> Output {
    Command::new(binary())
        .current_dir(dir)
        .arg("judge")
        .args(args)
        .output()
        .unwrap()
}

/// The summary line of `judge --output json`, and its case lines.
fn json_lines(output: &Output) -> (Value, Vec<Value>) {
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    let mut lines: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let summary = lines.pop().unwrap_or_else(|| {
        panic!(
            "no summary line; stderr: {}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (summary, lines)
}

fn solutions(game: Game, folder: &str) -> Vec<PackageFile> {
    package(game)
        .into_iter()
        .filter(|file| file.path.starts_with(folder))
        .collect()
}

fn accepted(game: Game, dir: &Path) -> PathBuf {
    let source = &solutions(game, "submissions/accepted/")[0];
    compiled(&source.contents, dir, &format!("{}-accepted", game.name()))
}

/// Each game's right solution is AC on every one of a thousand cases.
#[test]
fn right_solutions_are_accepted() {
    let dir = tempfile::tempdir().unwrap();
    std::thread::scope(|scope| {
        for game in GAMES {
            let dir = dir.path();
            scope.spawn(move || {
                let program = accepted(game, dir);
                let output = judge(
                    dir,
                    &[
                        "--game",
                        game.name(),
                        "--cases",
                        "1000",
                        "--seed",
                        "3",
                        "--output",
                        "json",
                        "--",
                        program.to_str().unwrap(),
                    ],
                );
                let (summary, cases) = json_lines(&output);
                assert_eq!(output.status.code(), Some(0), "{game:?}: {summary}");
                assert_eq!(summary["verdict"], "AC");
                assert_eq!(summary["failing_input"], Value::Null);
                assert_eq!(cases.len(), 1000);
                assert!(cases.iter().all(|case| case["verdict"] == "AC"));
                assert!(cases.iter().any(|case| case["kind"] == "rare"));
            });
        }
    });
}

/// Each classic mistake is WA, on one record where it really fails, with
/// the expected line and its explanation.
#[test]
fn classic_mistakes_are_shrunk_to_one_record_on_which_they_fail() {
    let dir = tempfile::tempdir().unwrap();
    for game in GAMES {
        for (index, mistake) in solutions(game, "submissions/wrong_answer/")
            .iter()
            .enumerate()
        {
            let program = compiled(&mistake.contents, dir.path(), &format!("wrong{index}"));
            let failure = dir.path().join(format!("failure{index}.in"));
            let output = judge(
                dir.path(),
                &[
                    "--game",
                    game.name(),
                    "--cases",
                    "300",
                    "--seed",
                    "1",
                    "--output",
                    "json",
                    "--failure",
                    failure.to_str().unwrap(),
                    "--",
                    program.to_str().unwrap(),
                ],
            );
            let (summary, _) = json_lines(&output);
            assert_eq!(output.status.code(), Some(1), "{}", mistake.path);
            assert_eq!(summary["verdict"], "WA", "{}", mistake.path);
            let input = std::fs::read(&failure).unwrap();
            assert_eq!(
                summary["failing_input"],
                String::from_utf8_lossy(&input).as_ref()
            );
            let analysis = analyze(&input, Mode::Forced(game), Layout::Strict);
            assert!(analysis.diagnostics.is_empty(), "{}", mistake.path);
            assert_eq!(analysis.records.len(), 1, "{}: one record", mistake.path);
            let expected = summary["expected"].as_str().unwrap();
            let found = with_stdin(&program, &[], &input).stdout;
            assert_eq!(summary["found"], String::from_utf8_lossy(&found).trim_end());
            assert_ne!(
                String::from_utf8_lossy(&found).trim_end(),
                expected,
                "{}",
                mistake.path
            );
            let explanation = summary["explanation"].as_str().unwrap();
            assert!(explanation.contains(expected), "{explanation}");
        }
    }
}

/// A shell program run on each case.
fn judge_shell(dir: &Path, script: &str, more: &[&str]) -> Output {
    let mut args = vec!["--game", "bridge", "--cases", "12", "--seed", "2"];
    args.extend(more);
    args.extend(["--", "sh", "-c", script]);
    judge(dir, &args)
}

fn summary_of(output: &Output) -> Value {
    json_lines(output).0
}

#[test]
fn crashes_are_run_time_errors_with_the_end_of_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let exits = judge_shell(
        dir.path(),
        "cat >/dev/null; echo 'index out of range' >&2; exit 3",
        &[],
    );
    assert_eq!(exits.status.code(), Some(1));
    let text = String::from_utf8_lossy(&exits.stdout);
    assert!(text.contains("verdict: RE (run-time error)"), "{text}");
    assert!(text.contains("the program exits with status 3"), "{text}");
    assert!(text.contains("  index out of range"), "{text}");
    let killed = judge_shell(dir.path(), "kill -SEGV $$", &["--output", "json"]);
    assert_eq!(summary_of(&killed)["verdict"], "RE");
}

/// Blanks alone are no fault token by token, a presentation error byte
/// by byte.
#[test]
fn padded_output_is_a_presentation_error_only_when_exact() {
    let dir = tempfile::tempdir().unwrap();
    let program = accepted(Game::Bridge, dir.path());
    let padded = format!("{} | sed 's/ /  /; s/$/ /'", program.display());
    let tokens = judge_shell(dir.path(), &padded, &["--output", "json"]);
    assert_eq!(tokens.status.code(), Some(0));
    assert_eq!(summary_of(&tokens)["verdict"], "AC");
    let exact = judge_shell(dir.path(), &padded, &["--output", "json", "--exact"]);
    assert_eq!(exact.status.code(), Some(1));
    let summary = summary_of(&exact);
    assert_eq!(summary["verdict"], "PE");
    // The program's line whole, with the blanks where it differs.
    let expected = summary["expected"].as_str().unwrap();
    assert_eq!(
        summary["found"],
        format!("{} ", expected.replacen(' ', "  ", 1))
    );
}

#[test]
fn silence_is_a_wrong_answer() {
    let dir = tempfile::tempdir().unwrap();
    let silent = judge_shell(dir.path(), "cat >/dev/null", &["--output", "json"]);
    let summary = summary_of(&silent);
    assert_eq!(summary["verdict"], "WA");
    assert_eq!(summary["found"], Value::Null);
    assert!(dir.path().join("judge-failure-bridge.in").is_file());
}

/// Whether a process whose command line holds `marker` is still running a
/// moment after: a process sent SIGKILL is doomed, but takes a few
/// milliseconds to be gone.
fn outlives(marker: &str) -> bool {
    let started = std::time::Instant::now();
    while running(marker) {
        if started.elapsed().as_secs() >= 10 {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    false
}

/// Whether a process whose command line holds `marker` is running.
fn running(marker: &str) -> bool {
    std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
        std::fs::read(entry.path().join("cmdline"))
            .is_ok_and(|line| String::from_utf8_lossy(&line).contains(marker))
    })
}

/// A program past its time is ended with everything it started.
#[test]
fn time_limit_exceeded_leaves_nothing_running() {
    let dir = tempfile::tempdir().unwrap();
    let output = judge_shell(
        dir.path(),
        // The marker is made by the shell, so that only the sleeps hold it.
        "sleep 3$((7)).125 & sleep 3$((7)).125",
        &["--time-limit", "0.3", "--output", "json"],
    );
    assert_eq!(summary_of(&output)["verdict"], "TLE");
    assert!(!outlives("37.125"), "a program outlived judge");
}

/// Interrupted, the judge ends what it runs before it exits.
#[test]
fn an_interrupted_judge_leaves_nothing_running() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(binary())
        .current_dir(dir.path())
        .args([
            "judge",
            "--game",
            "bridge",
            "--cases",
            "4",
            "--time-limit",
            "60",
        ])
        .args(["--", "sh", "-c", "sleep 4$((1)).375 & sleep 4$((1)).375"])
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while !running("41.375") && started.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(running("41.375"), "the program started");
    Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    assert!(!outlives("41.375"), "a program outlived judge");
}

#[test]
fn a_program_that_is_not_there_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let output = judge(dir.path(), &["--game", "whist", "--", "./no-such-solution"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("cannot run `./no-such-solution`"),
        "{stderr}"
    );
    let no_game = judge(dir.path(), &["--", "true"]);
    assert_eq!(no_game.status.code(), Some(2));
}

/// Given test files, as a package's `data/` folder holds them, are judged
/// as they are, their answers left out; the failure is reported on the
/// shrunk input in GitHub's format.
#[test]
fn given_inputs_are_judged_and_the_failure_annotated() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let (sample, answer) = crate::support::sample("bridge");
    std::fs::write(data.join("1.in"), &sample).unwrap();
    std::fs::write(data.join("1.ans"), &answer).unwrap();
    let output = judge(
        dir.path(),
        &[
            "--input",
            "data",
            "--diagnostics",
            "github",
            "--",
            "sh",
            "-c",
            "cat >/dev/null; echo PASS",
        ],
    );
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("judged 1 bridge case "), "{stdout}");
    assert!(stdout.contains("data/1.in"), "{stdout}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("::error file=judge-failure-bridge.in,line=1,"),
        "{stderr}"
    );
    assert!(
        stderr.contains("cardsharp%3A%3Ajudge%3A%3Afailing_record"),
        "{stderr}"
    );
}

/// `--diagnostics sarif` writes a whole SARIF log on stderr, beside the table
/// on stdout: the failing record as its one result, or no result when every
/// case is accepted.
#[test]
fn a_sarif_log_is_whole_whatever_the_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let program = accepted(Game::Bridge, dir.path());
    let sarif = ["--diagnostics", "sarif"];
    let right = judge_shell(dir.path(), &program.display().to_string(), &sarif);
    let wrong = judge_shell(dir.path(), "cat >/dev/null; echo PASS", &sarif);
    for (output, results) in [(right, 0), (wrong, 1)] {
        let log: Value = serde_json::from_slice(&output.stderr).unwrap();
        assert_eq!(log["version"], "2.1.0");
        let found = log["runs"][0]["results"].as_array().unwrap();
        assert_eq!(found.len(), results, "{log}");
    }
}

/// A program that waits within its CPU limit, and ends within the wall
/// clock's, is judged on its output.
#[test]
fn a_program_that_sleeps_is_judged_on_its_output() {
    let dir = tempfile::tempdir().unwrap();
    let program = accepted(Game::Bridge, dir.path());
    let sleepy = format!("sleep 0.3; exec {}", program.display());
    let output = judge_shell(
        dir.path(),
        &sleepy,
        &[
            "--time-limit",
            "0.1",
            "--wall-limit",
            "2",
            "--output",
            "json",
        ],
    );
    let (summary, cases) = json_lines(&output);
    assert_eq!(summary["verdict"], "AC", "{cases:?}");
    for case in &cases {
        assert!(case["wall_time"].as_f64().unwrap() >= 0.3, "{case}");
        assert!(case["cpu_time"].as_f64().unwrap() < 0.1, "{case}");
    }
}

/// A program that spins is stopped as its CPU time reaches the limit, not
/// long after; the wall clock leaves room for a busy machine.
#[test]
fn a_spinning_program_is_stopped_at_its_cpu_limit() {
    let dir = tempfile::tempdir().unwrap();
    let output = judge(
        dir.path(),
        &[
            "--game",
            "bridge",
            "--cases",
            "1",
            "--time-limit",
            "0.5",
            "--wall-limit",
            "60",
            "--output",
            "json",
            "--",
            "sh",
            "-c",
            "while :; do :; done",
        ],
    );
    let (summary, cases) = json_lines(&output);
    assert_eq!(summary["verdict"], "TLE");
    let cpu = cases[0]["cpu_time"].as_f64().unwrap();
    assert!((0.5..1.0).contains(&cpu), "{}", cases[0]);
}

/// Output past the last answer, or short of it, is a wrong answer told as
/// such, after the last record or on the first unanswered one.
#[test]
fn extra_and_missing_output_are_told_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let program = accepted(Game::Bridge, dir.path());
    let extra = judge_shell(
        dir.path(),
        &format!("{}; echo EXTRA", program.display()),
        &["--output", "json"],
    );
    let summary = summary_of(&extra);
    assert_eq!(summary["verdict"], "WA");
    assert_eq!(
        summary["output_length"],
        "1 extra line after the last answer: `EXTRA`"
    );
    let text = judge_shell(
        dir.path(),
        &format!("{}; echo EXTRA", program.display()),
        &["--color", "never"],
    );
    let stderr = String::from_utf8_lossy(&text.stderr);
    assert!(
        stderr.contains("wrong answer: 1 extra line after the last answer: `EXTRA`"),
        "{stderr}"
    );
    let short = judge_shell(
        dir.path(),
        &format!("{} | head -n 1", program.display()),
        &["--output", "json"],
    );
    let summary = summary_of(&short);
    assert_eq!(summary["verdict"], "WA");
    assert_eq!(summary["output_length"], "output ends after 1 of 2 answers");
}

/// Programs that keep every core busy while the judge runs.
struct BusyLoops(Vec<std::process::Child>);

impl BusyLoops {
    fn start(count: usize) -> Self {
        BusyLoops(
            (0..count)
                .map(|_| {
                    Command::new("sh")
                        .args(["-c", "while :; do :; done"])
                        .spawn()
                        .unwrap()
                })
                .collect(),
        )
    }
}

impl Drop for BusyLoops {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// A right solution is accepted on a busy machine: its time is CPU time,
/// which the busy loops beside it do not take from it.
#[test]
fn right_solutions_are_accepted_beside_busy_loops() {
    let dir = tempfile::tempdir().unwrap();
    let program = accepted(Game::Whist, dir.path());
    let busy = BusyLoops::start(2);
    let output = judge(
        dir.path(),
        &[
            "--game",
            "whist",
            "--cases",
            "300",
            "--seed",
            "4",
            "--output",
            "json",
            "--",
            program.to_str().unwrap(),
        ],
    );
    drop(busy);
    let (summary, cases) = json_lines(&output);
    assert_eq!(summary["verdict"], "AC");
    assert!(cases.iter().all(|case| case["verdict"] == "AC"));
}
