//! Directories walked as ripgrep walks them, I/O problems as diagnostics,
//! and closed pipes: the binary is run on real folders, FIFOs and pipes,
//! each run under a time limit, so that a hang fails instead of blocking.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::support::{Test, sample};

const BINARY: &str = env!("CARGO_BIN_EXE_cardsharp");

/// How long a run may take before it counts as hung: room for a machine
/// whose cores are all busy.
const TIME_LIMIT: Duration = Duration::from_secs(60);

/// Waits for `child`, reading what is left of its stdout and stderr; kills
/// it and fails when it outlives [`TIME_LIMIT`].
fn finish(mut child: Child, what: &str) -> Output {
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                pipe.read_to_end(&mut bytes).unwrap();
            }
            bytes
        })
    };
    let stdout = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let stderr = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let deadline = Instant::now() + TIME_LIMIT;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {TIME_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn is_root() -> bool {
    let id = Command::new("id").arg("-u").output().unwrap();
    text(&id.stdout).trim() == "0"
}

/// The binary as a user without privileges: permissions bind root in
/// nobody's stead, so an unreadable folder would be read.
fn unprivileged() -> Command {
    if is_root() {
        let mut command = Command::new("setpriv");
        command.args([
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            "--",
            BINARY,
        ]);
        command
    } else {
        Command::new(BINARY)
    }
}

fn run(mut command: Command, what: &str) -> Output {
    let child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    finish(child, what)
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
}

fn write(path: &Path, contents: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, contents).unwrap();
}

/// Everything readable by all, as the unprivileged run needs.
fn open_to_all(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    for entry in std::fs::read_dir(path).unwrap() {
        let entry = entry.unwrap();
        let kind = entry.file_type().unwrap();
        if kind.is_dir() {
            open_to_all(&entry.path());
        } else if kind.is_file() {
            std::fs::set_permissions(entry.path(), std::fs::Permissions::from_mode(0o644)).unwrap();
        }
    }
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn a_walk_skips_what_ripgrep_skips_and_names_the_unreadable_folder() {
    use std::os::unix::fs::PermissionsExt;
    let directory = tempfile::tempdir().unwrap();
    let root = directory.path();
    let (bridge, bridge_out) = sample("bridge");
    let (whist, whist_out) = sample("whist");
    let (choker, _) = sample("choker");
    write(&root.join("a.txt"), &bridge);
    write(&root.join("sub/b.txt"), &whist);
    write(&root.join("z.txt"), &bridge);
    // Choker everywhere else: any of them read would show in the output.
    write(&root.join(".hidden/c.txt"), &choker);
    write(&root.join("ignored.txt"), &choker);
    write(&root.join(".gitignore"), "ignored.txt\n");
    write(&root.join("sub/also-ignored.txt"), &choker);
    write(&root.join("sub/.ignore"), "also-ignored.txt\n");
    write(&root.join("locked/d.txt"), &choker);
    mkfifo(&root.join("pipe.txt"));
    open_to_all(root);
    let locked = root.join("locked");
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let expected = format!("{bridge_out}{whist_out}{bridge_out}");

    let mut command = unprivileged();
    command.arg("run").arg(root);
    let output = run(command, "run on the folder");
    assert_eq!(text(&output.stdout), expected);
    assert_eq!(
        text(&output.stderr),
        format!(
            "cardsharp: {}: Permission denied (os error 13)\n\
             cardsharp: warning: {}: a FIFO, not a regular file: skipped (name it to read it)\n\
             Found 1 error and 1 warning in 0 of 3 files and 2 paths not read; 6 records evaluated.\n",
            locked.display(),
            root.join("pipe.txt").display()
        )
    );
    assert_eq!(output.status.code(), Some(2));

    let mut command = unprivileged();
    command.args(["check", "--diagnostics", "json"]).arg(root);
    let output = run(command, "check --diagnostics json on the folder");
    let stderr = text(&output.stderr);
    let reports: Vec<serde_json::Value> = stderr
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(reports.len(), 2, "{stderr}");
    assert_eq!(reports[0]["code"], "cardsharp::io::read");
    assert_eq!(reports[0]["severity"], "error");
    assert_eq!(reports[0]["filename"], locked.to_str().unwrap());
    assert_eq!(reports[0]["message"], "Permission denied (os error 13)");
    assert_eq!(reports[1]["code"], "cardsharp::io::skipped");
    assert_eq!(reports[1]["severity"], "warning");
    assert_eq!(
        reports[1]["filename"],
        root.join("pipe.txt").to_str().unwrap()
    );
    assert_eq!(output.status.code(), Some(2));

    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn hidden_and_ignored_files_are_read_when_named() {
    let directory = tempfile::tempdir().unwrap();
    let root = directory.path();
    let (choker, choker_out) = sample("choker");
    let hidden = root.join(".hidden/c.txt");
    write(&hidden, &choker);
    write(&root.join("ignored.txt"), &choker);
    write(&root.join(".gitignore"), "ignored.txt\n");
    Test::new()
        .args(["run", hidden.to_str().unwrap()])
        .args([root.join("ignored.txt").to_str().unwrap()])
        .stdout(format!("{choker_out}{choker_out}"))
        .stderr_empty()
        .run();
}

#[test]
fn glob_keeps_and_exclude_skips() {
    let directory = tempfile::tempdir().unwrap();
    let root = directory.path();
    let (bridge, bridge_out) = sample("bridge");
    let (whist, whist_out) = sample("whist");
    let (choker, choker_out) = sample("choker");
    write(&root.join("a.txt"), &bridge);
    write(&root.join("b.hand"), &choker);
    write(&root.join("sub/c.txt"), &whist);
    let dir = root.to_str().unwrap();
    let runs: [(&[&str], String); 4] = [
        (&["--glob", "*.txt"], format!("{bridge_out}{whist_out}")),
        (&["--exclude", "sub"], format!("{bridge_out}{choker_out}")),
        (&["--glob", "*.txt", "--exclude", "c.*"], bridge_out.clone()),
        (
            &["--glob", "*.hand", "--glob", "sub/*"],
            format!("{choker_out}{whist_out}"),
        ),
    ];
    for (filters, expected) in runs {
        Test::new()
            .args(["run"])
            .args(filters)
            .args([dir])
            .stdout(expected)
            .stderr_empty()
            .run();
    }
    // A file named on the command line is read whatever the filters say.
    let named = root.join("b.hand");
    Test::new()
        .args(["run", "--glob", "*.txt", named.to_str().unwrap()])
        .stdout(choker_out)
        .run();
    Test::new()
        .args(["check", "--glob", "[", dir])
        .stderr_contains("error parsing glob '['")
        .status(2)
        .run();
    // fmt takes the same filters: the excluded messy file stays as it is.
    let messy = "KS  QS TH 8H 4H AC QC TC 5C KD QD JD 8D\n";
    write(&root.join("sub/messy.txt"), messy);
    Test::new()
        .args(["fmt", "--check", "--exclude", "messy.txt", dir])
        .stderr_empty()
        .run();
    Test::new()
        .args(["fmt", "--check", dir])
        .stderr_contains("messy.txt: not in the canonical layout")
        .status(1)
        .run();
}

#[test]
fn a_folder_with_nothing_to_read_is_one_warning() {
    let directory = tempfile::tempdir().unwrap();
    let root = directory.path();
    let empty = root.join("empty");
    std::fs::create_dir(&empty).unwrap();
    let (_, stderr) = Test::new()
        .args(["check", "--diagnostics", "short", empty.to_str().unwrap()])
        .stdout("")
        .run();
    assert_eq!(
        stderr,
        format!(
            "{}: warning[cardsharp::io::no_files]: no files to read\n\
             Found 1 warning; 0 records checked.\n",
            empty.display()
        )
    );
    write(&root.join("only.hand"), &sample("bridge").0);
    let (_, stderr) = Test::new()
        .args(["run", "--glob", "*.txt", root.to_str().unwrap()])
        .stdout("")
        .run();
    assert_eq!(
        stderr,
        format!(
            "cardsharp: warning: {}: no files to read\n\
             Found 1 warning; 0 records evaluated.\n",
            root.display()
        )
    );
    let (_, stderr) = Test::new()
        .args(["check", "--diagnostics", "json", empty.to_str().unwrap()])
        .run();
    let report: serde_json::Value = serde_json::from_str(&stderr).unwrap();
    assert_eq!(report["code"], "cardsharp::io::no_files");
    assert_eq!(report["severity"], "warning");
}

#[test]
fn a_fifo_or_device_named_on_the_command_line_is_read() {
    let directory = tempfile::tempdir().unwrap();
    let fifo = directory.path().join("hands.fifo");
    mkfifo(&fifo);
    let (bridge, bridge_out) = sample("bridge");
    let writer = {
        let (fifo, bridge) = (fifo.clone(), bridge.clone());
        // Blocks until the binary opens the FIFO to read it.
        std::thread::spawn(move || std::fs::write(fifo, bridge))
    };
    let mut command = Command::new(BINARY);
    command.arg("run").arg(&fifo);
    let output = run(command, "run on a named FIFO");
    assert_eq!(text(&output.stdout), bridge_out);
    assert_eq!(text(&output.stderr), "");
    assert_eq!(output.status.code(), Some(0));
    writer.join().unwrap().unwrap();
    Test::new()
        .args(["run", "/dev/stdin"])
        .stdin(bridge)
        .stdout(bridge_out)
        .stderr_empty()
        .run();
}

#[test]
fn a_missing_path_is_one_json_diagnostic() {
    let (_, stderr) = Test::new()
        .args(["check", "--diagnostics", "json", "no/such/file.txt"])
        .status(2)
        .run();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stderr).unwrap();
    assert_eq!(report["code"], "cardsharp::io::not_found");
    assert_eq!(report["severity"], "error");
    assert_eq!(report["filename"], "no/such/file.txt");
    assert_eq!(report["labels"], serde_json::json!([]));
    // The keys of every other diagnostic, so one reader reads both; but
    // for the position in the file (`line`, `column`, ...), which a
    // problem with the file as a whole does not have.
    let (_, stderr) = Test::new()
        .args(["check", "--diagnostics", "json"])
        .stdin("KS QS TH\n")
        .status(1)
        .run();
    let other: serde_json::Value = serde_json::from_str(stderr.lines().next().unwrap()).unwrap();
    let keys = |value: &serde_json::Value| -> Vec<String> {
        let mut keys: Vec<String> = value
            .as_object()
            .unwrap()
            .keys()
            .filter(|key| {
                !["help", "line", "column", "end_line", "end_column"].contains(&key.as_str())
            })
            .cloned()
            .collect();
        keys.sort();
        keys
    };
    assert_eq!(keys(&report), keys(&other));
    Test::new()
        .args(["check", "--diagnostics", "short", "no/such/file.txt"])
        .stderr_contains(
            "no/such/file.txt: error[cardsharp::io::not_found]: No such file or directory",
        )
        .status(2)
        .run();
}

/// Spawns `args` with a piped stdout; reads `lines` lines of it (none: the
/// pipe is closed before the binary writes), closes the pipe, and checks
/// that the binary ends quietly.
fn closed_stdout(args: &[&str], stdin: Stdio, lines: usize) {
    let mut child = Command::new(BINARY)
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    for _ in 0..lines {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert!(!line.is_empty(), "cardsharp {args:?} printed nothing");
    }
    drop(reader);
    let output = finish(child, &format!("cardsharp {args:?} | head -{lines}"));
    assert_eq!(
        (output.status.code(), text(&output.stderr)),
        (Some(0), String::new()),
        "cardsharp {args:?} into a closed pipe"
    );
}

#[test]
fn a_closed_stdout_ends_every_subcommand_quietly() {
    let directory = tempfile::tempdir().unwrap();
    let big = directory.path().join("big.txt");
    let generated = Command::new(BINARY)
        .args(["gen", "bridge", "--count", "200000"])
        .stdout(std::fs::File::create(&big).unwrap())
        .status()
        .unwrap();
    assert!(generated.success());
    let big = big.to_str().unwrap();
    for args in [
        &["run", big][..],
        &["run", "--output", "json", big],
        &["explain", big],
        &["parse", big],
        &["gen", "bridge", "--count", "200000"],
        &["gen", "mixed", "--count", "20000"],
    ] {
        closed_stdout(args, Stdio::null(), 1);
    }
    closed_stdout(&["fmt"], std::fs::File::open(big).unwrap().into(), 1);
    for args in [
        &["completions", "bash"][..],
        &["completions", "zsh"],
        &["man"],
        &["--help"],
        &["run", big],
    ] {
        closed_stdout(args, Stdio::null(), 0);
    }
}
