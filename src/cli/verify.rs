//! `cardsharp verify`: test data as judges lay it out (`data/sample`,
//! `data/secret`, or any folder). Each `NAME.in` is checked strictly. Its
//! answer (`NAME.ans`, else `NAME.out`) is compared with its results. The
//! work is done by the library's [`cardsharp::verify`].

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use cardsharp::batch::{Input, Problem, Summary};
use cardsharp::pipeline::Action;
use cardsharp::render::{DiagnosticFormat, sarif};
use cardsharp::syntax::Mode;
use cardsharp::verify::{TestCase, orphan_answer, verify};
use cardsharp::walk::{every_file, is_answer};

use super::walk::Filters;
use super::{
    CLEAN, ColorArg, DiagnosticsArg, GameArg, INPUT_ERRORS, USAGE_OR_IO, diagnostics_format, mode,
    summary, tell,
};

/// `cardsharp verify`'s arguments.
#[derive(Debug, clap::Args)]
pub(super) struct VerifyArgs {
    /// Files or folders of test data (default: the current folder).
    paths: Vec<PathBuf>,
    #[command(flatten)]
    filters: Filters,
    /// The game of the inputs. `auto` allows any one game.
    #[arg(long, value_enum, default_value_t = GameArg::Auto)]
    game: GameArg,
    /// How diagnostics are written. They go to stderr, except a SARIF log,
    /// which goes to stdout.
    #[arg(long, value_enum, default_value_t = DiagnosticsArg::Human)]
    diagnostics: DiagnosticsArg,
    /// Colour in diagnostics. `auto` colours a terminal unless `NO_COLOR` is set.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    color: ColorArg,
}

/// Runs `cardsharp verify`: its exit status.
pub(super) fn verify_command(args: &VerifyArgs) -> u8 {
    if let Err(status) = args.filters.validate() {
        return status;
    }
    let format = diagnostics_format(args.diagnostics, args.color);
    verify_paths(&args.paths, &args.filters, mode(args.game), format)
}

/// Verifies the test data under `paths`, or the current folder when none is
/// given. Reports go to stderr in `format`, except SARIF's log, which goes
/// to stdout. Returns the exit status `check` would give.
fn verify_paths(paths: &[PathBuf], filters: &Filters, mode: Mode, format: DiagnosticFormat) -> u8 {
    let here = [PathBuf::from(".")];
    let paths = if paths.is_empty() { &here[..] } else { paths };
    let mut status = CLEAN;
    let mut files = Vec::new();
    for path in paths {
        let found = if path.is_dir() {
            every_file(path, filters.walk())
                .unwrap_or_else(|| vec![Input::Problem(Problem::NoFiles(path.clone()))])
        } else if path.is_file() {
            // An answer named alone is verified with its input.
            let input = path.with_extension("in");
            vec![Input::File(if is_answer(path) {
                input
            } else {
                path.clone()
            })]
        } else {
            let error = std::fs::metadata(path)
                .err()
                .unwrap_or_else(|| std::io::Error::from(std::io::ErrorKind::NotFound));
            vec![Input::Problem(Problem::Io {
                path: path.clone(),
                error,
            })]
        };
        for input in found {
            match input {
                // Files are named from the current folder as ripgrep names
                // them. When no path was given, there is no `./` before them.
                // One name a file: `./data/1.in` is `data/1.in`.
                Input::File(file) => files.push(
                    file.components()
                        .filter(|part| *part != std::path::Component::CurDir)
                        .collect::<PathBuf>(),
                ),
                Input::Problem(problem) => status = status.max(tell(&problem, format)),
            }
        }
    }
    files.sort();
    files.dedup();
    let outcome = if format == DiagnosticFormat::Sarif {
        match sarif::Log::start(io::BufWriter::new(io::stdout())) {
            Ok(mut log) => {
                let summary = verify_files(&files, mode, format, &mut log);
                let _ = log.finish();
                summary
            }
            Err(_) => return USAGE_OR_IO,
        }
    } else {
        let mut err = io::BufWriter::new(io::stderr());
        let summary = verify_files(&files, mode, format, &mut err);
        // All clear is not said after a path that could not be read.
        let all_clear = matches!(format, DiagnosticFormat::Human { .. }) && status == CLEAN;
        if (all_clear || format == DiagnosticFormat::Short)
            && let Ok(summary) = &summary
            && let Some(line) = summary::line(summary, Action::Check, all_clear)
        {
            let _ = err.write_all(line.as_bytes());
        }
        let _ = err.flush();
        summary
    };
    match outcome {
        Err(()) => USAGE_OR_IO,
        Ok(summary) if summary.tally.errors > 0 => status.max(INPUT_ERRORS),
        Ok(_) => status,
    }
}

/// The test inputs among `files` verified with their answers, and the
/// answers without an input reported. Returns what came of them. It is
/// `Err` where a file could not be read, which is told at its place.
fn verify_files(
    files: &[PathBuf],
    mode: Mode,
    format: DiagnosticFormat,
    out: &mut impl Write,
) -> Result<Summary, ()> {
    let mut summary = Summary::default();
    let mut failed = false;
    let mut read = |path: &Path| match std::fs::read(path) {
        Ok(bytes) => Some(bytes),
        Err(error) => {
            eprintln!("cardsharp: {}: {error}", path.display());
            failed = true;
            None
        }
    };
    for file in files {
        let name = file.display().to_string();
        let (reports, tally) = match extension(file) {
            "in" => {
                let Some(input) = read(file) else { continue };
                let answer_path = ["ans", "out"]
                    .into_iter()
                    .map(|extension| file.with_extension(extension))
                    .find(|answer| answer.is_file());
                let answer = answer_path
                    .as_ref()
                    .and_then(|path| read(path).map(|bytes| (path.display().to_string(), bytes)));
                let case = TestCase {
                    input_name: &name,
                    input: &input,
                    answer: answer
                        .as_ref()
                        .map(|(name, bytes)| (name.as_str(), bytes.as_slice())),
                };
                verify(&case, mode, format)
            }
            "ans" | "out" if !file.with_extension("in").is_file() => {
                let Some(answer) = read(file) else { continue };
                orphan_answer(&name, &answer, format)
            }
            _ => continue,
        };
        summary.inputs += 1;
        summary.inputs_reported += u64::from(tally.errors + tally.warnings > 0);
        summary.tally += tally;
        if out.write_all(&reports).is_err() {
            return Err(());
        }
    }
    if failed { Err(()) } else { Ok(summary) }
}

fn extension(path: &Path) -> &str {
    path.extension()
        .and_then(|extension| extension.to_str())
        .unwrap_or("")
}
