//! Several inputs in one run, their outputs in the order the inputs were
//! given.
//!
//! A small input alone leaves cores idle. It is read and framed before its few
//! blocks could keep the pool busy. So a run of small regular files is read
//! whole and processed several at a time, one a task. Each keeps its outputs,
//! which are then written in order. Larger inputs and standard input stream one
//! after another, through the caller. The caller may watch them: the command
//! line shows a progress bar.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::diagnostic::Severity;
use crate::pipeline::{self, Settings, Tally};
use crate::render::{self, DiagnosticFormat};

/// What a caller gives, in the order it is met. That is a file to read (`-` for
/// standard input), or a problem to tell at that place.
pub enum Input {
    File(PathBuf),
    Problem(Problem),
}

/// A problem with a path rather than with what a file holds. It has a code of
/// its own, so that programs reading JSON diagnostics see it.
pub enum Problem {
    /// A file or directory that could not be opened or read.
    Io { path: PathBuf, error: io::Error },
    /// A directory with nothing to read, most likely a mistaken path or filter.
    /// A warning, as nothing went wrong.
    NoFiles(PathBuf),
    /// An entry a walk met that is no regular file (a FIFO, a socket, a
    /// device). It is skipped because reading one may never end. `kind` names
    /// it. A warning: named, it is read.
    Skipped { path: PathBuf, kind: &'static str },
}

impl Problem {
    /// Tells the problem on `err` in `format`, and returns how grave it is.
    pub fn report(&self, format: DiagnosticFormat, err: &mut impl Write) -> Severity {
        let (path, code, message, severity) = match self {
            Self::Io { path, error } => {
                let code = if error.kind() == io::ErrorKind::NotFound {
                    "cardsharp::io::not_found"
                } else {
                    "cardsharp::io::read"
                };
                (path, code, error.to_string(), Severity::Error)
            }
            Self::NoFiles(path) => (
                path,
                "cardsharp::io::no_files",
                "no files to read".to_owned(),
                Severity::Warning,
            ),
            Self::Skipped { path, kind } => (
                path,
                "cardsharp::io::skipped",
                format!("a {kind}, not a regular file: skipped (name it to read it)"),
                Severity::Warning,
            ),
        };
        let name = match severity {
            Severity::Warning => "warning",
            Severity::Error => "error",
        };
        let path = path.display().to_string();
        let mut line = String::new();
        // Nothing to do if `err` is closed: the severity still tells.
        let _ = match format {
            DiagnosticFormat::Human { .. } if severity == Severity::Warning => {
                writeln!(err, "cardsharp: {name}: {path}: {message}")
            }
            DiagnosticFormat::Human { .. } => writeln!(err, "cardsharp: {path}: {message}"),
            DiagnosticFormat::Short => writeln!(err, "{path}: {name}[{code}]: {message}"),
            // The keys, order and spacing of miette's `JSONReportHandler`,
            // which writes the other diagnostics. Their `fixes`: none.
            DiagnosticFormat::Json => writeln!(
                err,
                r#"{{"message": {},"code": "{code}","severity": "{name}","causes": [],"filename": {},"labels": [],"related": [],"fixes": []}}"#,
                serde_json::Value::from(message),
                serde_json::Value::from(path),
            ),
            DiagnosticFormat::Github => {
                render::github::Annotation {
                    severity,
                    file: render::relative_path(&path).as_deref(),
                    region: None,
                    title: code,
                    message: &message,
                }
                .write(&mut line);
                err.write_all(line.as_bytes())
            }
            DiagnosticFormat::Sarif => {
                render::sarif::path_result(code, severity, &message, &path, &mut line);
                err.write_all(line.as_bytes())
            }
        };
        severity
    }
}

/// An input opened to stream, for the caller to process as it sees fit.
pub struct Opened {
    /// As diagnostics name it: the path, or `<stdin>`.
    pub name: String,
    /// In bytes, when the input is a file that tells.
    pub length: Option<u64>,
    pub reader: Box<dyn Read + Send>,
}

impl Opened {
    fn open(path: &Path) -> io::Result<Self> {
        if path == Path::new("-") {
            return Ok(Self {
                name: render::STDIN_NAME.to_owned(),
                length: None,
                reader: Box::new(io::stdin()),
            });
        }
        let file = std::fs::File::open(path)?;
        Ok(Self {
            name: path.display().to_string(),
            length: file.metadata().ok().map(|metadata| metadata.len()),
            reader: Box::new(file),
        })
    }
}

/// What came of a run of inputs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Summary {
    /// The records and reports of every input. Problems with paths are among
    /// the errors and warnings.
    pub tally: Tally,
    /// The files read (standard input is one) or that failed while read. Not
    /// the paths a walk could not open or skipped, which are only problems.
    pub inputs: u64,
    /// Those of `inputs` with at least one error or warning.
    pub inputs_reported: u64,
    /// The paths told as problems (a walk could not open them, or skipped
    /// them), which are not among `inputs`.
    pub paths_reported: u64,
    /// A problem of error severity was told: an input could not be read.
    pub failed: bool,
    /// The results' writer was closed (a broken pipe). The inputs after were
    /// left alone, as the reader has all it wanted.
    pub closed: bool,
    /// Files a walk left out as answers: `NAME.ans` or `NAME.out` beside a
    /// `NAME.in`. They are test data's expected output, not input.
    pub answers: u64,
}

/// Processes `inputs` in order: results to `out`, diagnostics and problems to
/// `err`. Each input's output follows that of the one before. A problem, or an
/// input that cannot be read, is told at its place in `settings`' diagnostic
/// format. The inputs after it are read all the same. An input not processed
/// with others is opened and handed to `stream`. That usually passes it to
/// [`pipeline::process`].
pub fn process_inputs<O: Write + Send, E: Write + Send>(
    inputs: &[Input],
    settings: &Settings,
    out: &mut O,
    err: &mut E,
    mut stream: impl FnMut(Opened, &mut O, &mut E) -> io::Result<Tally>,
) -> Summary {
    let mut summary = Summary::default();
    let mut rest = inputs;
    while let Some(first) = rest.first() {
        let file = match first {
            Input::File(file) => file,
            Input::Problem(problem) => {
                summary.tell(problem, settings.diagnostics, err);
                rest = &rest[1..];
                continue;
            }
        };
        let small = small_inputs(rest);
        let results: Vec<_> = if small.len() >= 2 {
            small
                .par_iter()
                .map(|&file| (file, process_whole(file, settings)))
                .collect()
        } else {
            let streamed = Opened::open(file).and_then(|input| stream(input, out, err));
            vec![(
                file.as_path(),
                streamed.map(|counts| (Vec::new(), Vec::new(), counts)),
            )]
        };
        rest = &rest[results.len()..];
        for (file, result) in results {
            let written = result.and_then(|(results, reports, counts)| {
                out.write_all(&results)?;
                err.write_all(&reports)?;
                Ok(counts)
            });
            match written {
                Ok(counts) => {
                    summary.inputs += 1;
                    summary.inputs_reported += u64::from(counts.errors + counts.warnings > 0);
                    summary.tally += counts;
                }
                Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {
                    summary.closed = true;
                    return summary;
                }
                Err(error) => {
                    let problem = Problem::Io {
                        path: file.to_owned(),
                        error,
                    };
                    summary.inputs += 1;
                    summary.inputs_reported += 1;
                    summary.count(&problem, settings.diagnostics, err);
                }
            }
        }
    }
    summary
}

impl Summary {
    /// Tells the problem of a path that is no input on `err`, and counts it.
    fn tell(&mut self, problem: &Problem, format: DiagnosticFormat, err: &mut impl Write) {
        self.paths_reported += 1;
        self.count(problem, format, err);
    }

    /// Tells `problem` on `err`, and counts it as an error or a warning.
    fn count(&mut self, problem: &Problem, format: DiagnosticFormat, err: &mut impl Write) {
        match problem.report(format, err) {
            Severity::Error => {
                self.failed = true;
                self.tally.errors += 1;
            }
            Severity::Warning => self.tally.warnings += 1,
        }
    }
}

/// Inputs of at most this many bytes are read whole and processed several at a
/// time, one a task. Alone, a small input would leave cores idle.
const SMALL_INPUT: u64 = 1 << 20;

/// The most bytes of small inputs held at once, with their outputs.
const SMALL_BATCH: u64 = 8 << 20;

/// The first `inputs` small enough to process together. Only regular files are.
/// The size of standard input, a FIFO or a device says nothing of what it will
/// give.
fn small_inputs(inputs: &[Input]) -> Vec<&Path> {
    let mut total = 0;
    inputs
        .iter()
        .map_while(|input| match input {
            Input::File(file) => Some(file.as_path()),
            Input::Problem(_) => None,
        })
        .take_while(|&file| {
            let size = (file != Path::new("-"))
                .then(|| std::fs::metadata(file).ok())
                .flatten()
                .filter(std::fs::Metadata::is_file)
                .map(|metadata| metadata.len())
                .filter(|&size| size <= SMALL_INPUT);
            total += size.unwrap_or(SMALL_BATCH);
            size.is_some() && total <= SMALL_BATCH
        })
        .collect()
}

/// A small input read whole: its results, its reports and its counts.
fn process_whole(file: &Path, settings: &Settings) -> io::Result<(Vec<u8>, Vec<u8>, Tally)> {
    let bytes = std::fs::read(file)?;
    let (mut results, mut reports) = (Vec::new(), Vec::new());
    let name = file.display().to_string();
    let counts = pipeline::process(&name, &bytes[..], settings, &mut results, &mut reports)?;
    Ok((results, reports, counts))
}
