//! Runs the real `cardsharp` binary as a user would, and compares
//! everything it printed, reporting every difference at once.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The repository root, where `examples/` and `../shared` are found.
pub(crate) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The statements' samples, shipped in `examples/` and `tests/golden/`.
pub(crate) fn sample(game: &str) -> (String, String) {
    let read = |path: PathBuf| {
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    (
        read(root().join("examples").join(format!("{game}.txt"))),
        read(root().join("tests/golden").join(format!("{game}.out"))),
    )
}

#[must_use]
pub(crate) struct Test {
    args: Vec<String>,
    stdin: Option<Vec<u8>>,
    stdout: Option<String>,
    stderr_contains: Vec<String>,
    stderr_empty: bool,
    status: i32,
    env: Vec<(String, String)>,
}

impl Test {
    pub(crate) fn new() -> Self {
        Self {
            args: Vec::new(),
            stdin: None,
            stdout: None,
            stderr_contains: Vec::new(),
            stderr_empty: false,
            status: 0,
            env: Vec::new(),
        }
    }

    pub(crate) fn args<I: IntoIterator<Item = S>, S: AsRef<str>>(mut self, args: I) -> Self {
        self.args
            .extend(args.into_iter().map(|a| a.as_ref().to_owned()));
        self
    }

    pub(crate) fn stdin(mut self, input: impl AsRef<[u8]>) -> Self {
        self.stdin = Some(input.as_ref().to_vec());
        self
    }

    pub(crate) fn stdout(mut self, expected: impl Into<String>) -> Self {
        self.stdout = Some(expected.into());
        self
    }

    pub(crate) fn stderr_contains(mut self, part: impl Into<String>) -> Self {
        self.stderr_contains.push(part.into());
        self
    }

    pub(crate) fn stderr_empty(mut self) -> Self {
        self.stderr_empty = true;
        self
    }

    pub(crate) fn env(mut self, key: &str, value: &str) -> Self {
        self.env.push((key.to_owned(), value.to_owned()));
        self
    }

    pub(crate) fn status(mut self, status: i32) -> Self {
        self.status = status;
        self
    }

    /// Runs the binary and checks every expectation; returns stdout and
    /// stderr for further checks.
    pub(crate) fn run(self) -> (String, String) {
        let mut command = Command::new(env!("CARGO_BIN_EXE_cardsharp"));
        command
            .args(&self.args)
            .current_dir(root())
            .env_remove("NO_COLOR")
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(if self.stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command.spawn().expect("the binary runs");
        if let Some(input) = &self.stdin {
            let mut pipe = child.stdin.take().expect("stdin is piped");
            let input = input.clone();
            std::thread::spawn(move || pipe.write_all(&input));
        }
        let output = child.wait_with_output().expect("the binary finishes");
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        let mut failures = Vec::new();
        if output.status.code() != Some(self.status) {
            failures.push(format!(
                "status: expected {}, got {:?}",
                self.status,
                output.status.code()
            ));
        }
        if let Some(expected) = &self.stdout
            && &stdout != expected
        {
            failures.push(format!(
                "stdout:\n--- expected\n{expected}--- got\n{stdout}---"
            ));
        }
        for part in &self.stderr_contains {
            if !stderr.contains(part.as_str()) {
                failures.push(format!("stderr lacks {part:?}"));
            }
        }
        if self.stderr_empty && !stderr.is_empty() {
            failures.push("stderr: expected nothing".to_owned());
        }
        assert!(
            failures.is_empty(),
            "cardsharp {:?}\n{}\nstderr was:\n{stderr}",
            self.args,
            failures.join("\n")
        );
        (stdout, stderr)
    }
}

/// The codes of the strict layout's bytes (`check --strict`): their
/// examples are clean to the lenient check.
pub(crate) const STRICT_CODES: &[&str] = &[
    "document.blank_line",
    "document.blanks_at_line_edge",
    "document.blanks_between_tokens",
    "document.byte_order_mark",
    "document.crlf_line_ends",
    "document.mixed_games",
    "document.no_final_newline",
    "document.no_record",
];

/// Runs `program` with `args`, `input` on its standard input (written
/// from a thread, so that a large output cannot block it), and returns
/// all it printed and its status.
pub(crate) fn with_stdin(
    program: &std::path::Path,
    args: &[&str],
    input: &[u8],
) -> std::process::Output {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("the program finishes");
    let _ = writer.join();
    output
}

/// The `cardsharp` binary the tests run.
pub(crate) fn binary() -> &'static std::path::Path {
    std::path::Path::new(env!("CARGO_BIN_EXE_cardsharp"))
}

/// Compiles the C program `source` into `dir`, as `name`.
pub(crate) fn compiled(source: &[u8], dir: &std::path::Path, name: &str) -> PathBuf {
    let source_path = dir.join(format!("{name}.c"));
    std::fs::write(&source_path, source).unwrap();
    let binary = dir.join(name);
    let status = Command::new("cc")
        .args(["-O1", "-o"])
        .arg(&binary)
        .arg(&source_path)
        .status()
        .expect("a C compiler (`cc`, installed by .ci/run)");
    assert!(status.success(), "{name} compiles");
    binary
}

/// The Rust files under `directory`, in its subdirectories too, sorted.
pub(crate) fn rust_files(directory: &std::path::Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(directory).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}
