//! The command line: arguments in, exit status out. Everything the binary
//! does goes through [`main`], so the integration tests can drive it as a
//! user would.

use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use rayon::prelude::*;

use crate::ast::Game;
use crate::pipeline::{self, Action, OutputFormat, Settings, Tally};
use crate::render::DiagnosticFormat;
use crate::syntax::Mode;

#[derive(Debug, Parser)]
#[command(
    name = "cardsharp",
    version,
    about = "Parse, validate and evaluate bridge, Choker and whist hand files",
    after_help = "Examples:\n  cardsharp run examples/mixed.txt\n  cardsharp check --diagnostics short hands/\n  cardsharp explain examples/bridge.txt\n  cat deals.txt | cardsharp run --game whist --output json\n  cardsharp gen choker --count 1000 --rare > pairs.txt"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Evaluate every record; results on stdout, diagnostics on stderr.
    Run {
        #[command(flatten)]
        input: InputArgs,
        /// How results are written.
        #[arg(long, value_enum, default_value_t = OutputArg::Text)]
        output: OutputArg,
    },
    /// Validate only: exit 0 when the input is clean, 1 when it has errors.
    Check {
        #[command(flatten)]
        input: InputArgs,
    },
    /// Each result with the reasoning behind it: points by rule, hand
    /// categories and tie-breaks, every trick.
    Explain {
        #[command(flatten)]
        input: InputArgs,
        /// Text for people, JSON for programs.
        #[arg(long, value_enum, default_value_t = OutputArg::Text)]
        output: OutputArg,
    },
    /// Print the typed syntax tree of each record, with byte spans.
    Parse {
        #[command(flatten)]
        input: InputArgs,
        /// An indented tree, or JSON.
        #[arg(long, value_enum, default_value_t = OutputArg::Text)]
        output: OutputArg,
    },
    /// Rewrite files in the canonical layout: one space between cards, LF,
    /// one blank line between sections. Files with errors are left alone.
    Fmt {
        /// Files or directories; none, or `-`, formats standard input to
        /// standard output.
        paths: Vec<PathBuf>,
        /// Change nothing: exit 1 if any file is not in the canonical layout.
        #[arg(long)]
        check: bool,
        /// The game of the input; `auto` recognises each section.
        #[arg(long, value_enum, default_value_t = GameArg::Auto)]
        game: GameArg,
    },
    /// Print a completion script for a shell.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), for `man -l -` or packaging.
    #[command(hide = true)]
    Man,
    /// Print random valid input, reproducible by seed.
    Gen {
        #[arg(value_enum)]
        game: GenGame,
        /// How many records.
        #[arg(long, default_value_t = 10)]
        count: usize,
        /// The same seed gives the same output.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Favour hands a uniform deal rarely gives: royal flushes, King of
        /// Kings, four of a kind, voids, 16-point balanced hands.
        #[arg(long)]
        rare: bool,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum GenGame {
    Bridge,
    Choker,
    Whist,
    /// Sections of all three games, in random order.
    Mixed,
}

#[derive(Debug, Args)]
struct InputArgs {
    /// Files or directories to read; none, or `-`, reads standard input.
    paths: Vec<PathBuf>,
    /// The game of the input; `auto` recognises each section.
    #[arg(long, value_enum, default_value_t = GameArg::Auto)]
    game: GameArg,
    /// How diagnostics are written to stderr.
    #[arg(long, value_enum, default_value_t = DiagnosticsArg::Human)]
    diagnostics: DiagnosticsArg,
    /// Colour in diagnostics; `auto` colours a terminal unless NO_COLOR is set.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    color: ColorArg,
    /// Threads to use (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum GameArg {
    Auto,
    Bridge,
    Choker,
    Whist,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum OutputArg {
    Text,
    Json,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum DiagnosticsArg {
    Human,
    Short,
    Json,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ColorArg {
    Auto,
    Always,
    Never,
}

/// Exit statuses, as DESIGN.md fixes them.
const CLEAN: u8 = 0;
const INPUT_ERRORS: u8 = 1;
const USAGE_OR_IO: u8 = 2;

/// Runs the command line `args` (program name first) and returns the exit
/// status.
pub fn main(args: impl IntoIterator<Item = std::ffi::OsString>) -> ExitCode {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() {
                USAGE_OR_IO
            } else {
                CLEAN
            });
        }
    };
    let (input, action, output) = match cli.command {
        Command::Run { input, output } => (input, Action::Run, output),
        Command::Check { input } => (input, Action::Check, OutputArg::Text),
        Command::Explain { input, output } => (input, Action::Explain, output),
        Command::Parse { input, output } => (input, Action::Parse, output),
        Command::Gen {
            game,
            count,
            seed,
            rare,
        } => return generate(game, count, seed, rare),
        Command::Completions { shell } => {
            use clap::CommandFactory;
            clap_complete::generate(shell, &mut Cli::command(), "cardsharp", &mut io::stdout());
            return ExitCode::from(CLEAN);
        }
        Command::Man => {
            use clap::CommandFactory;
            let written = clap_mangen::Man::new(Cli::command()).render(&mut io::stdout());
            return ExitCode::from(if written.is_ok() { CLEAN } else { USAGE_OR_IO });
        }
        Command::Fmt { paths, check, game } => {
            return ExitCode::from(format_paths(&paths, check, mode(game)));
        }
    };
    if let Some(jobs) = input.jobs {
        // Fails only if a pool was built already, which keeps its size.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(usize::from(jobs))
            .build_global();
    }
    let settings = Settings {
        mode: mode(input.game),
        action,
        output: match output {
            OutputArg::Text => OutputFormat::Text,
            OutputArg::Json => OutputFormat::Json,
        },
        diagnostics: match input.diagnostics {
            DiagnosticsArg::Human => DiagnosticFormat::Human {
                color: use_color(input.color),
                width: terminal_width(),
            },
            DiagnosticsArg::Short => DiagnosticFormat::Short,
            DiagnosticsArg::Json => DiagnosticFormat::Json,
        },
    };
    let status = run_paths(&input.paths, &settings);
    ExitCode::from(status)
}

/// `gen`: writes the document in pieces, so a large count needs no more
/// memory than a small one.
fn generate(game: GenGame, count: usize, seed: u64, rare: bool) -> ExitCode {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = match game {
        GenGame::Mixed => {
            out.write_all(crate::generate::mixed_document(count, seed, rare).as_bytes())
        }
        GenGame::Bridge | GenGame::Choker | GenGame::Whist => {
            let game = match game {
                GenGame::Bridge => Game::Bridge,
                GenGame::Choker => Game::Choker,
                _ => Game::Whist,
            };
            write_generated(&mut out, game, count, seed, rare)
        }
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::from(CLEAN),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(CLEAN),
        Err(error) => {
            eprintln!("cardsharp: {error}");
            ExitCode::from(USAGE_OR_IO)
        }
    }
}

fn write_generated(
    out: &mut impl Write,
    game: Game,
    count: usize,
    seed: u64,
    rare: bool,
) -> io::Result<()> {
    let mut generator = crate::generate::Generator::new(seed, rare);
    let mut text = String::new();
    for _ in 0..count {
        text.clear();
        generator.record(game, &mut text);
        out.write_all(text.as_bytes())?;
    }
    text.clear();
    crate::generate::terminator(game, &mut text);
    out.write_all(text.as_bytes())
}

fn mode(game: GameArg) -> Mode {
    match game {
        GameArg::Auto => Mode::Auto,
        GameArg::Bridge => Mode::Forced(Game::Bridge),
        GameArg::Choker => Mode::Forced(Game::Choker),
        GameArg::Whist => Mode::Forced(Game::Whist),
    }
}

/// `fmt`: each file is checked first, and rewritten only when clean.
fn format_paths(paths: &[PathBuf], check_only: bool, mode: Mode) -> u8 {
    let settings = Settings {
        mode,
        action: Action::Check,
        output: OutputFormat::Text,
        diagnostics: DiagnosticFormat::Human {
            color: use_color(ColorArg::Auto),
            width: terminal_width(),
        },
    };
    let stdin_only = [PathBuf::from("-")];
    let paths = if paths.is_empty() {
        &stdin_only[..]
    } else {
        paths
    };
    let mut status = CLEAN;
    for path in paths {
        let files = match input_files(path) {
            Ok(files) => files,
            Err(error) => {
                eprintln!("cardsharp: {}: {error}", path.display());
                status = USAGE_OR_IO;
                continue;
            }
        };
        for file in files {
            let outcome = format_file(&file, check_only, &settings);
            status = status.max(outcome.unwrap_or_else(|error| {
                eprintln!("cardsharp: {}: {error}", file.display());
                USAGE_OR_IO
            }));
        }
    }
    status
}

/// The largest input `fmt` holds in memory (it keeps the source and its
/// formatted copy): the memory budget, not the format, sets it.
const FORMAT_LIMIT: u64 = 16 << 20;

fn format_file(path: &Path, check_only: bool, settings: &Settings) -> io::Result<u8> {
    let from_stdin = path == Path::new("-");
    let name = if from_stdin {
        "<stdin>".to_owned()
    } else {
        path.display().to_string()
    };
    let mut source = Vec::new();
    if from_stdin {
        io::stdin()
            .take(FORMAT_LIMIT + 1)
            .read_to_end(&mut source)?;
    } else {
        // Checked as it streams in, so that a huge or broken file is never
        // held whole.
        if !checks_clean(&name, std::fs::File::open(path)?, settings)? {
            return Ok(INPUT_ERRORS);
        }
        std::fs::File::open(path)?
            .take(FORMAT_LIMIT + 1)
            .read_to_end(&mut source)?;
    }
    if source.len() as u64 > FORMAT_LIMIT {
        eprintln!(
            "cardsharp: {name}: left as it is: fmt formats inputs up to {} MiB",
            FORMAT_LIMIT >> 20
        );
        return Ok(INPUT_ERRORS);
    }
    if from_stdin && !checks_clean(&name, &source[..], settings)? {
        return Ok(INPUT_ERRORS);
    }
    let formatted = crate::render::format::source(&source, settings.mode);
    if check_only {
        if formatted.as_bytes() != source {
            eprintln!("cardsharp: {name}: not in the canonical layout");
            return Ok(INPUT_ERRORS);
        }
    } else if from_stdin {
        io::stdout().write_all(formatted.as_bytes())?;
    } else if formatted.as_bytes() != source {
        std::fs::write(path, formatted)?;
    }
    Ok(CLEAN)
}

/// Whether `input` has no diagnostic at all; reports them, and that the
/// input is left alone, when it has.
fn checks_clean(name: &str, input: impl Read + Send, settings: &Settings) -> io::Result<bool> {
    let tally = pipeline::process(name, input, settings, &mut io::sink(), &mut io::stderr())?;
    let clean = tally.errors + tally.warnings == 0;
    if !clean {
        eprintln!("cardsharp: {name}: left as it is: fix the problems above first");
    }
    Ok(clean)
}

fn use_color(choice: ColorArg) -> bool {
    match choice {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
                && io::stderr().is_terminal()
        }
    }
}

/// The width miette wraps reports at: `COLUMNS` when set, else 100.
fn terminal_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|columns| columns.parse().ok())
        .unwrap_or(100)
}

/// Processes each path in order, and returns the exit status.
fn run_paths(paths: &[PathBuf], settings: &Settings) -> u8 {
    // Not locked: the pipeline writes from a thread of the pool.
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout());
    let mut err = io::BufWriter::new(io::stderr());
    let mut tally = Tally::default();
    let mut failed = false;
    let stdin_only = [PathBuf::from("-")];
    let paths = if paths.is_empty() {
        &stdin_only[..]
    } else {
        paths
    };
    // A bar on the terminal while results go elsewhere (a file, a pipe),
    // or when there are none to print (`check`).
    let show_progress = io::stderr().is_terminal()
        && (settings.action == Action::Check || !io::stdout().is_terminal());
    for path in paths {
        let files = match input_files(path) {
            Ok(files) => files,
            Err(error) => {
                failed = true;
                let _ = writeln!(err, "cardsharp: {}: {error}", path.display());
                continue;
            }
        };
        let mut rest = &files[..];
        while !rest.is_empty() {
            let small = small_inputs(rest);
            let results = if small >= 2 {
                // Several small inputs at once, one a task, each kept
                // whole with its outputs, then written in order.
                rest[..small]
                    .par_iter()
                    .map(|file| process_whole(file, settings))
                    .collect()
            } else {
                let streamed = process_path(&rest[0], settings, &mut out, &mut err, show_progress);
                vec![streamed.map(|counts| (Vec::new(), Vec::new(), counts))]
            };
            for (file, result) in rest.iter().zip(results) {
                let written = result.and_then(|(results, reports, counts)| {
                    out.write_all(&results)?;
                    err.write_all(&reports)?;
                    Ok(counts)
                });
                match written {
                    Ok(counts) => tally += counts,
                    Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return USAGE_OR_IO,
                    Err(error) => {
                        failed = true;
                        let _ = writeln!(err, "cardsharp: {}: {error}", file.display());
                    }
                }
            }
            rest = &rest[small.max(1)..];
        }
    }
    if out.flush().is_err() {
        failed = true;
    }
    let _ = err.flush();
    if failed {
        USAGE_OR_IO
    } else if tally.errors > 0 {
        INPUT_ERRORS
    } else {
        CLEAN
    }
}

/// Inputs of at most this many bytes are read whole and processed several
/// at a time, one a task: alone, a small input would leave cores idle.
const SMALL_INPUT: u64 = 1 << 20;

/// The most bytes of small inputs held at once, with their outputs.
const SMALL_BATCH: u64 = 8 << 20;

/// How many of the first `files` are small enough to process together
/// (standard input never is, as its size is unknown).
fn small_inputs(files: &[PathBuf]) -> usize {
    let mut total = 0;
    files
        .iter()
        .take_while(|file| {
            let size = (file.as_path() != Path::new("-"))
                .then(|| std::fs::metadata(file).ok())
                .flatten()
                .map(|metadata| metadata.len())
                .filter(|&size| size <= SMALL_INPUT);
            total += size.unwrap_or(SMALL_BATCH);
            size.is_some() && total <= SMALL_BATCH
        })
        .count()
}

/// A small input read whole: its results, its reports and its counts.
fn process_whole(file: &Path, settings: &Settings) -> io::Result<(Vec<u8>, Vec<u8>, Tally)> {
    let bytes = std::fs::read(file)?;
    let (mut results, mut reports) = (Vec::new(), Vec::new());
    let name = file.display().to_string();
    let counts = pipeline::process(&name, &bytes[..], settings, &mut results, &mut reports)?;
    Ok((results, reports, counts))
}

fn process_path(
    path: &Path,
    settings: &Settings,
    out: &mut (impl Write + Send),
    err: &mut (impl Write + Send),
    show_progress: bool,
) -> io::Result<Tally> {
    let (name, length, input): (String, Option<u64>, Box<dyn io::Read + Send>) =
        if path == Path::new("-") {
            ("<stdin>".to_owned(), None, Box::new(io::stdin()))
        } else {
            let file = std::fs::File::open(path)?;
            let length = file.metadata().ok().map(|metadata| metadata.len());
            (path.display().to_string(), length, Box::new(file))
        };
    if !show_progress {
        return pipeline::process(&name, input, settings, out, err);
    }
    let bar = progress_bar(&name, length);
    let mut reports = Suspending {
        bar: &bar,
        inner: err,
    };
    let tally = pipeline::process(&name, bar.wrap_read(input), settings, out, &mut reports);
    bar.finish_and_clear();
    tally
}

/// Bytes read of `name`, against its length when known.
fn progress_bar(name: &str, length: Option<u64>) -> indicatif::ProgressBar {
    let bar = length.map_or_else(
        indicatif::ProgressBar::new_spinner,
        indicatif::ProgressBar::new,
    );
    let template = if length.is_some() {
        "{msg} {wide_bar} {bytes}/{total_bytes} {eta}"
    } else {
        "{msg} {spinner} {bytes} {bytes_per_sec}"
    };
    if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar.set_message(name.to_owned());
    bar
}

/// Diagnostics written while a progress bar is shown: the bar steps aside
/// for each write, so reports and bar never share a line.
struct Suspending<'a, W: Write> {
    bar: &'a indicatif::ProgressBar,
    inner: &'a mut W,
}

impl<W: Write> Write for Suspending<'_, W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.bar.suspend(|| {
            self.inner.write_all(bytes)?;
            self.inner.flush()?;
            Ok(bytes.len())
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        self.bar.suspend(|| self.inner.flush())
    }
}

/// A path as the files to read: itself, or for a directory every file
/// below it in sorted order.
fn input_files(path: &Path) -> io::Result<Vec<PathBuf>> {
    if path == Path::new("-") || !path.is_dir() {
        return Ok(vec![path.to_owned()]);
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<io::Result<_>>()?;
    entries.sort();
    let mut files = Vec::new();
    for entry in entries {
        files.extend(input_files(&entry)?);
    }
    Ok(files)
}
