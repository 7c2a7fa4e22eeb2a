//! The command line: arguments in, exit status out. It is the binary's
//! alone, so that the library builds without clap; the integration tests
//! drive the binary as a user would.

use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use cardsharp::ast::Game;
use cardsharp::batch::{Input, Problem, Summary};
use cardsharp::diagnostic::Severity;
use cardsharp::generate::Reflow;
use cardsharp::pipeline::{self, Action, OutputFormat, Settings, Tally};
use cardsharp::render::{DiagnosticFormat, sarif};
use cardsharp::syntax::{Layout, Mode};

use progress::stream;
use walk::{Filters, inputs};

mod judge;
mod progress;
mod rule;
mod summary;
mod trace;
mod verify;
mod walk;

#[derive(Debug, Parser)]
#[command(
    name = "cardsharp",
    version,
    about = "Parse, validate and evaluate bridge, Choker and whist hand files",
    after_help = "Examples:\n  cardsharp run examples/mixed.txt\n  cardsharp check --diagnostics short hands/\n  cardsharp check --fix hands/\n  cardsharp explain examples/bridge.txt\n  cat deals.txt | cardsharp run --game whist --output json\n  cardsharp gen choker --count 1000 --rare > pairs.txt"
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
        #[command(flatten)]
        fixes: FixArgs,
        /// The statement's bytes exactly, as a judge's input validator
        /// holds them: one space between tokens, LF line ends, a final
        /// LF, no blank line or byte-order mark, one game, a record.
        #[arg(long, conflicts_with = "layout")]
        strict: bool,
    },
    /// Test data as judges lay it out: each `NAME.in` checked strictly,
    /// and its answer (`NAME.ans`, else `NAME.out`) compared line by line
    /// with what its records give.
    Verify(verify::VerifyArgs),
    /// Run a solution on generated or given test inputs and judge its
    /// output as judges do (AC, WA, PE, RE, TLE); a failure is shrunk to
    /// the smallest input that still fails, written to a file, and
    /// explained.
    Judge(judge::JudgeArgs),
    /// Write a problem package of GAME into DIR (its name, lowercase
    /// letters and digits, is the problem's short name): statement,
    /// sample and secret data, the input validator, a correct solution and
    /// solutions with the classic mistakes; `verifyproblem DIR` checks it.
    Package {
        #[arg(value_enum)]
        game: PackageGame,
        dir: PathBuf,
    },
    /// A judge's input validator (ICPC and Kattis problem packages,
    /// DOMjudge): reads standard input, checks it strictly, writes its
    /// diagnostics to stderr, and exits 42 when it is valid, 43 when not.
    Validate {
        /// The game of the input; `auto` allows any one game.
        #[arg(long, value_enum, default_value_t = GameArg::Auto)]
        game: GameArg,
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
        /// Instead of the tree, each grammar rule tried on the input, in
        /// order, with the bytes it matched or why it failed, and the
        /// framer's decisions: the grammar at work.
        #[arg(long)]
        trace: bool,
    },
    /// Rewrite files in the canonical layout: one space between cards, LF,
    /// one blank line between sections. Files with errors are left alone.
    Fmt {
        /// Files or directories; none, or `-`, formats standard input to
        /// standard output.
        paths: Vec<PathBuf>,
        #[command(flatten)]
        filters: Filters,
        /// Change nothing: exit 1 if any file is not in the canonical layout.
        #[arg(long)]
        check: bool,
        /// Change nothing: print the unified diff of what would change, as
        /// `ruff format --diff` does (with `--check`, also exit 1).
        #[arg(long)]
        diff: bool,
        /// The game of the input; `auto` recognises each section.
        #[arg(long, value_enum, default_value_t = GameArg::Auto)]
        game: GameArg,
        /// How the input is laid out; `tokens` files are rewritten one
        /// record a line.
        #[arg(long, value_enum, default_value_t = LayoutArg::Lines)]
        layout: LayoutArg,
    },
    /// Serve an editor: a language server (LSP) on standard input and
    /// output, with diagnostics, hover, inlay hints, symbols, semantic
    /// tokens, code actions and formatting.
    #[cfg(feature = "lsp")]
    Lsp,
    /// Serve the playground on 127.0.0.1: an editor, its results,
    /// diagnostics, syntax tree and trace, and the grammar as diagrams.
    #[cfg(feature = "serve")]
    Serve {
        /// The port; 0 takes a free one.
        #[arg(long, default_value_t = 7878)]
        port: u16,
    },
    /// What a diagnostic code reports, why it is a mistake, how to fix
    /// it, and an example; without CODE, every code with its summary.
    Rule {
        /// A code: `cardsharp::bridge::ten_as_digits`,
        /// `bridge::ten_as_digits` or `bridge.ten_as_digits`.
        code: Option<String>,
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
        /// How many records; for `mixed`, how many sections, each of a few
        /// records.
        #[arg(long, default_value_t = 10)]
        count: usize,
        /// The same seed gives the same output.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Favour hands a uniform deal rarely gives: royal flushes, King of
        /// Kings, four of a kind, voids, 16-point balanced hands; whist
        /// deals where one side takes all thirteen tricks, or a player is
        /// void from the first trick.
        #[arg(long)]
        rare: bool,
        /// `tokens`: random whitespace and line breaks between the tokens,
        /// as the judges' token layout allows (the same for a seed).
        #[arg(long, value_enum, default_value_t = LayoutArg::Lines)]
        layout: LayoutArg,
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
    #[command(flatten)]
    filters: Filters,
    /// The game of the input; `auto` recognises each section.
    #[arg(long, value_enum, default_value_t = GameArg::Auto)]
    game: GameArg,
    /// How the input is laid out: `lines` as the statements write it, or
    /// `tokens` as the judges read it (line breaks mean nothing).
    #[arg(long, value_enum, default_value_t = LayoutArg::Lines)]
    layout: LayoutArg,
    /// How diagnostics are written: to stderr, but for a SARIF log from
    /// `check`, which goes to stdout.
    #[arg(long, value_enum, default_value_t = DiagnosticsArg::Human)]
    diagnostics: DiagnosticsArg,
    /// Colour in diagnostics; `auto` colours a terminal unless `NO_COLOR` is set.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    color: ColorArg,
    /// Threads to use (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
}

/// `check --fix`: repairs what can be repaired, then reports the rest.
#[derive(Debug, Args)]
struct FixArgs {
    /// Apply the safe fixes: files are rewritten in place (through a
    /// temporary file), standard input is written to standard output.
    /// Exit 0 only when nothing is left to report.
    #[arg(long)]
    fix: bool,
    /// Apply the unsafe fixes too: likely repairs that want a person's
    /// eye, such as the card a whist deal lacks.
    #[arg(long, requires = "fix")]
    unsafe_fixes: bool,
    /// Write nothing: print what the fixes would change as a unified
    /// diff. Exit 1 when there is anything to fix or to report.
    #[arg(long, requires = "fix")]
    diff: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum GameArg {
    Auto,
    Bridge,
    Choker,
    Whist,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum PackageGame {
    Bridge,
    Choker,
    Whist,
}

impl From<PackageGame> for Game {
    fn from(game: PackageGame) -> Self {
        match game {
            PackageGame::Bridge => Game::Bridge,
            PackageGame::Choker => Game::Choker,
            PackageGame::Whist => Game::Whist,
        }
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum LayoutArg {
    Lines,
    Tokens,
    /// The lines layout byte for byte, as a judge's input validator
    /// holds it (what `check --strict` reads).
    Strict,
}

impl From<LayoutArg> for Layout {
    fn from(layout: LayoutArg) -> Self {
        match layout {
            LayoutArg::Lines => Layout::Lines,
            LayoutArg::Tokens => Layout::Tokens,
            LayoutArg::Strict => Layout::Strict,
        }
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum OutputArg {
    Text,
    Json,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum DiagnosticsArg {
    /// Reports with the lines at fault drawn, and a summary.
    Human,
    /// `path:line:column: severity[code]: message`, and a summary.
    Short,
    /// One JSON object a diagnostic.
    Json,
    /// GitHub Actions workflow commands: annotations on the files.
    Github,
    /// One SARIF 2.1.0 log for the run, for code-scanning dashboards.
    Sarif,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ColorArg {
    Auto,
    Always,
    Never,
}

/// Exit statuses, as the README documents them.
const CLEAN: u8 = 0;
const INPUT_ERRORS: u8 = 1;
const USAGE_OR_IO: u8 = 2;
/// `validate`'s exit statuses, as the problem package format defines an
/// input validator's.
const VALID_INPUT: u8 = 42;
const INVALID_INPUT: u8 = 43;

/// `package`: every file of the package of `game`, written under `dir`.
fn write_package(game: Game, dir: &Path) -> u8 {
    let short_name = dir.file_name().and_then(|name| name.to_str()).unwrap_or("");
    if short_name.is_empty()
        || !short_name
            .bytes()
            .all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit())
    {
        eprintln!(
            "cardsharp: {}: a package's folder is named by the problem's short name, lowercase letters and digits",
            dir.display()
        );
        return USAGE_OR_IO;
    }
    // Written over another package, the two would mix: its test cases would
    // stay beside this one's, and pass for this problem's.
    if std::fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_some()) {
        eprintln!(
            "cardsharp: {}: the folder is not empty: a package is written into a new or empty folder",
            dir.display()
        );
        return USAGE_OR_IO;
    }
    let write = |file: &cardsharp::package::PackageFile| -> io::Result<()> {
        let path = dir.join(&file.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, &file.contents)
    };
    for file in cardsharp::package::package(game) {
        if let Err(error) = write(&file) {
            eprintln!("cardsharp: {}: {error}", dir.join(&file.path).display());
            return USAGE_OR_IO;
        }
    }
    CLEAN
}

/// `completions`: the script for `shell`.
fn completions(shell: clap_complete::Shell) -> u8 {
    use clap::CommandFactory;
    // In memory first: clap_complete panics when a write fails, as it
    // does into a closed pipe.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "cardsharp", &mut script);
    print(&script)
}

/// `man`: the manual page.
fn manual() -> u8 {
    use clap::CommandFactory;
    let mut page = Vec::new();
    match clap_mangen::Man::new(Cli::command()).render(&mut page) {
        Ok(()) => print(&page),
        Err(error) => {
            eprintln!("cardsharp: {error}");
            USAGE_OR_IO
        }
    }
}

/// `validate`: standard input checked strictly, its diagnostics on stderr.
fn validate(mode: Mode) -> u8 {
    let settings = Settings {
        mode,
        layout: Layout::Strict,
        action: Action::Check,
        output: OutputFormat::Text,
        diagnostics: diagnostics_format(DiagnosticsArg::Human, ColorArg::Auto),
    };
    let mut err = io::stderr();
    match cardsharp::pipeline::process("<stdin>", io::stdin(), &settings, &mut io::sink(), &mut err)
    {
        Ok(tally) if tally.errors + tally.warnings == 0 => VALID_INPUT,
        Ok(_) => INVALID_INPUT,
        Err(error) => {
            eprintln!("cardsharp: <stdin>: {error}");
            USAGE_OR_IO
        }
    }
}

/// Runs the command line of this process and returns the exit status.
pub(crate) fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
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
    let (input, action, output, fixes) = match cli.command {
        Command::Run { input, output } => (input, Action::Run, output, None),
        Command::Check {
            mut input,
            fixes,
            strict,
        } => {
            if strict {
                input.layout = LayoutArg::Strict;
            }
            (
                input,
                Action::Check,
                OutputArg::Text,
                Some(fixes).filter(|fixes| fixes.fix),
            )
        }
        Command::Validate { game } => return ExitCode::from(validate(mode(game))),
        Command::Verify(args) => return ExitCode::from(verify::verify_command(&args)),
        Command::Judge(args) => return ExitCode::from(judge::judge_command(&args)),
        Command::Rule { code } => return ExitCode::from(rule::rule_command(code.as_deref())),
        Command::Package { game, dir } => return ExitCode::from(write_package(game.into(), &dir)),
        Command::Explain { input, output } => (input, Action::Explain, output, None),
        Command::Parse {
            input,
            output,
            trace: true,
        } => return ExitCode::from(trace::trace_paths(&input, output)),
        Command::Parse { input, output, .. } => (input, Action::Parse, output, None),
        Command::Gen {
            game,
            count,
            seed,
            rare,
            layout,
        } => return generate(game, count, seed, rare, layout.into()),
        #[cfg(feature = "lsp")]
        Command::Lsp => return crate::lsp::serve(),
        #[cfg(feature = "serve")]
        Command::Serve { port } => return ExitCode::from(serve(port)),
        Command::Completions { shell } => return ExitCode::from(completions(shell)),
        Command::Man => return ExitCode::from(manual()),
        Command::Fmt {
            paths,
            filters,
            check,
            diff,
            game,
            layout,
        } => {
            if let Err(status) = filters.validate() {
                return ExitCode::from(status);
            }
            let asked = FormatArgs { check, diff };
            return ExitCode::from(format_paths(
                &paths,
                &filters,
                asked,
                mode(game),
                layout.into(),
            ));
        }
    };
    if let Err(status) = input.filters.validate() {
        return ExitCode::from(status);
    }
    if let Some(jobs) = input.jobs {
        // Fails only if a pool was built already, which keeps its size.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(usize::from(jobs))
            .build_global();
    }
    let settings = Settings {
        mode: mode(input.game),
        layout: input.layout.into(),
        action,
        output: match output {
            OutputArg::Text => OutputFormat::Text,
            OutputArg::Json => OutputFormat::Json,
        },
        diagnostics: diagnostics_format(input.diagnostics, input.color),
    };
    let status = match fixes {
        Some(fixes) => fix_paths(&input.paths, &input.filters, &settings, &fixes),
        None => run_paths(&input.paths, &input.filters, &settings),
    };
    ExitCode::from(status)
}

/// Writes `bytes` to stdout; a closed stdout is no error, as the reader
/// has all it wanted.
fn print(bytes: &[u8]) -> u8 {
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => CLEAN,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => CLEAN,
        Err(error) => {
            eprintln!("cardsharp: {error}");
            USAGE_OR_IO
        }
    }
}

/// `serve`: says where the playground is, then serves it until stopped.
#[cfg(feature = "serve")]
fn serve(port: u16) -> u8 {
    let served = cardsharp::serve::bind(port).and_then(|listener| {
        let address = listener.local_addr()?;
        let mut out = io::stdout().lock();
        writeln!(out, "cardsharp playground: http://{address}/")?;
        out.flush()?;
        drop(out);
        cardsharp::serve::serve(listener)
    });
    match served {
        Ok(()) => CLEAN,
        Err(error) => {
            eprintln!("cardsharp: serve: {error}");
            USAGE_OR_IO
        }
    }
}

/// `gen`: writes the document in pieces, so a large count needs no more
/// memory than a small one.
fn generate(game: GenGame, count: usize, seed: u64, rare: bool, layout: Layout) -> ExitCode {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut reflow = (layout == Layout::Tokens).then(|| Reflow::new(seed));
    let game = match game {
        GenGame::Mixed => None,
        GenGame::Bridge => Some(Game::Bridge),
        GenGame::Choker => Some(Game::Choker),
        GenGame::Whist => Some(Game::Whist),
    };
    let written = write_generated(&mut out, game, count, seed, rare, reflow.as_mut());
    match written.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::from(CLEAN),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(CLEAN),
        Err(error) => {
            eprintln!("cardsharp: {error}");
            ExitCode::from(USAGE_OR_IO)
        }
    }
}

/// `count` records of `game`, or `count` sections of a mixed document
/// (`None`), each written as it is made.
fn write_generated(
    out: &mut impl Write,
    game: Option<Game>,
    count: usize,
    seed: u64,
    rare: bool,
    mut reflow: Option<&mut Reflow>,
) -> io::Result<()> {
    let mut generator = cardsharp::generate::Generator::new(seed, rare);
    let mut text = String::new();
    for _ in 0..count {
        text.clear();
        match game {
            Some(game) => generator.record(game, &mut text),
            None => generator.mixed_section(&mut text),
        }
        write_laid_out(out, &text, reflow.as_deref_mut())?;
    }
    if let Some(game) = game {
        text.clear();
        cardsharp::generate::terminator(game, &mut text);
        write_laid_out(out, &text, reflow.as_deref_mut())?;
    }
    write_laid_out(out, "", reflow)
}

/// Writes `text` as it is, or laid out anew by `reflow` (the empty text
/// ends a reflowed document).
fn write_laid_out(out: &mut impl Write, text: &str, reflow: Option<&mut Reflow>) -> io::Result<()> {
    match reflow {
        None => out.write_all(text.as_bytes()),
        Some(reflow) => {
            let mut laid_out = String::with_capacity(text.len() + 16);
            if text.is_empty() {
                reflow.finish(&mut laid_out);
            } else {
                reflow.push(text, &mut laid_out);
            }
            out.write_all(laid_out.as_bytes())
        }
    }
}

fn diagnostics_format(format: DiagnosticsArg, color: ColorArg) -> DiagnosticFormat {
    match format {
        DiagnosticsArg::Human => DiagnosticFormat::Human {
            color: use_color(color),
            width: terminal_width(),
        },
        DiagnosticsArg::Short => DiagnosticFormat::Short,
        DiagnosticsArg::Json => DiagnosticFormat::Json,
        DiagnosticsArg::Github => DiagnosticFormat::Github,
        DiagnosticsArg::Sarif => DiagnosticFormat::Sarif,
    }
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
/// What `fmt` is asked to do beside formatting: `--check`, `--diff`.
#[derive(Clone, Copy)]
struct FormatArgs {
    check: bool,
    diff: bool,
}

fn format_paths(
    paths: &[PathBuf],
    filters: &Filters,
    asked: FormatArgs,
    mode: Mode,
    layout: Layout,
) -> u8 {
    let settings = Settings {
        mode,
        layout,
        action: Action::Check,
        output: OutputFormat::Text,
        diagnostics: DiagnosticFormat::Human {
            color: use_color(ColorArg::Auto),
            width: terminal_width(),
        },
    };
    each_file(paths, filters, settings.diagnostics, |file, _| {
        format_file(file, asked, &settings)
    })
}

/// Runs `each` on every file `paths` name (standard input when there are
/// none), with whether it is the first, and returns the worst exit status:
/// a problem with a path is told and the next file read; a closed stdout
/// ends the run quietly. The loop of `fmt`, `check --fix` and
/// `parse --trace`, which hold each input whole.
fn each_file(
    paths: &[PathBuf],
    filters: &Filters,
    diagnostics: DiagnosticFormat,
    mut each: impl FnMut(&Path, bool) -> io::Result<u8>,
) -> u8 {
    let stdin_only = [PathBuf::from("-")];
    let paths = if paths.is_empty() {
        &stdin_only[..]
    } else {
        paths
    };
    let mut status = CLEAN;
    let mut first = true;
    for input in paths.iter().flat_map(|path| inputs(path, filters)) {
        let file = match input {
            Input::File(file) => file,
            Input::Problem(problem) => {
                status = status.max(tell(&problem, diagnostics));
                continue;
            }
        };
        match each(&file, first) {
            Ok(outcome) => status = status.max(outcome),
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return status,
            Err(error) => {
                let problem = Problem::Io { path: file, error };
                status = status.max(tell(&problem, diagnostics));
            }
        }
        first = false;
    }
    status
}

/// How an input is named in reports, and whether it is standard input.
fn input_name(path: &Path) -> (String, bool) {
    if path == Path::new("-") {
        ("<stdin>".to_owned(), true)
    } else {
        (path.display().to_string(), false)
    }
}

/// `check --fix`: each input repaired in memory, written back (or its
/// diff printed), then what remains reported as `check` reports it, and
/// summed up in the line that ends `check`'s output.
fn fix_paths(paths: &[PathBuf], filters: &Filters, settings: &Settings, fixes: &FixArgs) -> u8 {
    let mut summary = Summary::default();
    let mut pending = false;
    let status = each_file(paths, filters, settings.diagnostics, |file, _| {
        let outcome = fix_file(file, settings, fixes)?;
        let remaining = outcome.remaining;
        summary.inputs += 1;
        summary.inputs_reported += u64::from(remaining.errors + remaining.warnings > 0);
        summary.tally += remaining;
        pending |= outcome.pending;
        Ok(outcome.status)
    });
    // Not all clear while `--diff` shows repairs that are not written.
    let all_clear = matches!(settings.diagnostics, DiagnosticFormat::Human { .. }) && !pending;
    if matches!(
        settings.diagnostics,
        DiagnosticFormat::Human { .. } | DiagnosticFormat::Short
    ) && let Some(line) = summary::line(&summary, Action::Check, all_clear)
    {
        eprint!("{line}");
    }
    status
}

/// What repairing one input came to.
struct FileFixed {
    status: u8,
    /// The records and reports of the input as repaired.
    remaining: Tally,
    /// `--diff` showed repairs that were not written.
    pending: bool,
}

/// Repairs one input: a file is rewritten only when a fix changed it, so
/// that a clean file keeps its bytes and its modification time.
fn fix_file(path: &Path, settings: &Settings, asked: &FixArgs) -> io::Result<FileFixed> {
    let (name, from_stdin) = input_name(path);
    let source = match read_whole(path, from_stdin, &name, "check --fix repairs")? {
        Ok(source) => source,
        Err(begun) => return checked_as_it_is(path, from_stdin, &begun, &name, settings),
    };
    let fixed = cardsharp::fix(&source, settings.mode, settings.layout, asked.unsafe_fixes);
    let changed = fixed.text != source;
    if asked.diff {
        if changed {
            let shown = if from_stdin { "-" } else { name.as_str() };
            io::stdout().write_all(&unified_diff(shown, &source, &fixed.text)?)?;
        }
    } else if from_stdin {
        io::stdout().write_all(&fixed.text)?;
    } else if changed {
        replace_file(path, &fixed.text)?;
    }
    if fixed.applied > 0 && !matches!(settings.diagnostics, DiagnosticFormat::Json) {
        let done = if asked.diff { "would apply" } else { "applied" };
        let count = match fixed.applied {
            1 => "1 fix".to_owned(),
            count => format!("{count} fixes"),
        };
        eprintln!("cardsharp: {name}: {count} {done}");
    }
    let pending = asked.diff && changed;
    let mut remaining = checked(&name, &fixed.text[..], settings)?;
    if pending {
        remaining.status = INPUT_ERRORS;
        remaining.pending = true;
    }
    Ok(remaining)
}

/// An input too large to repair in memory, checked as `check` checks it as it
/// streams in. It is left as it is; from standard input, `begun` holds what was
/// read of it, and the whole is passed on to standard output unchanged, as a
/// repair that changed nothing would be.
fn checked_as_it_is(
    path: &Path,
    from_stdin: bool,
    begun: &[u8],
    name: &str,
    settings: &Settings,
) -> io::Result<FileFixed> {
    if from_stdin {
        let passed_on = PassedOn {
            input: begun.chain(io::stdin()),
            output: io::stdout(),
        };
        checked(name, passed_on, settings)
    } else {
        checked(name, std::fs::File::open(path)?, settings)
    }
}

/// `input` checked: its reports on stderr, its errors setting the status.
fn checked(name: &str, input: impl Read + Send, settings: &Settings) -> io::Result<FileFixed> {
    let tally = pipeline::process(name, input, settings, &mut io::sink(), &mut io::stderr())?;
    Ok(FileFixed {
        status: if tally.errors > 0 {
            INPUT_ERRORS
        } else {
            CLEAN
        },
        remaining: tally,
        pending: false,
    })
}

/// An input that writes each byte read from it to `output`, so that one pass
/// both checks it and passes it on.
struct PassedOn<R, W> {
    input: R,
    output: W,
}

impl<R: Read, W: Write> Read for PassedOn<R, W> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let read = self.input.read(buffer)?;
        self.output.write_all(&buffer[..read])?;
        Ok(read)
    }
}

/// Tells `problem` on stderr, and returns the exit status it calls for.
fn tell(problem: &Problem, format: DiagnosticFormat) -> u8 {
    match problem.report(format, &mut io::stderr()) {
        Severity::Error => USAGE_OR_IO,
        Severity::Warning => CLEAN,
    }
}

/// The largest input `fmt` and `check --fix` hold in memory (they keep
/// the source and its rewritten copy): the memory budget, not the format,
/// sets it.
const FORMAT_LIMIT: u64 = 16 << 20;

/// Reads a whole input (standard input, or the file at `path`) of at most
/// [`FORMAT_LIMIT`] bytes; a larger one is left as it is, said on stderr
/// with what `doing` does, and its bytes read so far are the error.
fn read_whole(
    path: &Path,
    from_stdin: bool,
    name: &str,
    doing: &str,
) -> io::Result<Result<Vec<u8>, Vec<u8>>> {
    let mut source = Vec::new();
    let input: Box<dyn Read> = if from_stdin {
        Box::new(io::stdin())
    } else {
        Box::new(std::fs::File::open(path)?)
    };
    input.take(FORMAT_LIMIT + 1).read_to_end(&mut source)?;
    if source.len() as u64 > FORMAT_LIMIT {
        eprintln!(
            "cardsharp: {name}: left as it is: {doing} inputs up to {} MiB",
            FORMAT_LIMIT >> 20
        );
        return Ok(Err(source));
    }
    Ok(Ok(source))
}

fn format_file(path: &Path, asked: FormatArgs, settings: &Settings) -> io::Result<u8> {
    let (name, from_stdin) = input_name(path);
    // A file is checked as it streams in, so that a huge or broken file is
    // never held whole.
    if !from_stdin && !checks_clean(&name, std::fs::File::open(path)?, settings)? {
        return Ok(INPUT_ERRORS);
    }
    let Ok(source) = read_whole(path, from_stdin, &name, "fmt formats")? else {
        return Ok(INPUT_ERRORS);
    };
    if from_stdin && !checks_clean(&name, &source[..], settings)? {
        return Ok(INPUT_ERRORS);
    }
    let formatted = cardsharp::render::format::source(&source, settings.mode, settings.layout);
    let changed = formatted.as_bytes() != source;
    if asked.diff && changed {
        let shown = if from_stdin { "-" } else { name.as_str() };
        io::stdout().write_all(&unified_diff(shown, &source, formatted.as_bytes())?)?;
    }
    if asked.check && changed {
        let line = first_line_changed(&source, formatted.as_bytes());
        eprintln!(
            "cardsharp: {name}: not in the canonical layout from line {line} on (`fmt --diff` shows each change)"
        );
        return Ok(INPUT_ERRORS);
    }
    if asked.check || asked.diff {
        return Ok(CLEAN);
    }
    if from_stdin {
        io::stdout().write_all(formatted.as_bytes())?;
    } else if changed {
        replace_file(path, formatted.as_bytes())?;
    }
    Ok(CLEAN)
}

/// The unified diff from `before` to `after`, headed `a/NAME` and `b/NAME`
/// as git writes one, for `fmt --diff` and `check --fix --diff`.
fn unified_diff(name: &str, before: &[u8], after: &[u8]) -> io::Result<Vec<u8>> {
    let mut diff = Vec::new();
    similar::TextDiff::configure()
        .newline_terminated(true)
        .diff_lines(before, after)
        .unified_diff()
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_writer(&mut diff)?;
    Ok(diff)
}

/// The number, from 1, of the first line where `before` and `after`
/// differ.
fn first_line_changed(before: &[u8], after: &[u8]) -> usize {
    let same = before
        .iter()
        .zip(after)
        .take_while(|(one, other)| one == other)
        .count();
    1 + memchr::memchr_iter(b'\n', &before[..same]).count()
}

/// Writes `bytes` to a temporary file beside `path`, with `path`'s
/// permissions, then renames it over `path`: a rewrite cut short (a full
/// disk, a signal) leaves the original whole, never half a file. A
/// symbolic link is followed: the file it names is rewritten, and the
/// link stays a link.
fn replace_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let path = &std::fs::canonicalize(path)?;
    let directory = path.parent().unwrap_or(Path::new("."));
    let mut temporary = tempfile::NamedTempFile::new_in(directory)?;
    temporary.write_all(bytes)?;
    temporary
        .as_file()
        .set_permissions(std::fs::metadata(path)?.permissions())?;
    temporary.persist(path).map_err(|error| error.error)?;
    Ok(())
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

/// Processes each path in order, writes the summary or closes the SARIF
/// log, and returns the exit status.
///
/// A SARIF log is one document, written to stdout where `check` leaves it
/// empty (`check --diagnostics sarif > cardsharp.sarif`). Where stdout
/// holds the results (`run`, `explain`, `parse`), the log goes to stderr,
/// where every other format's diagnostics go: nothing is lost, and
/// `2> cardsharp.sarif` keeps it.
fn run_paths(paths: &[PathBuf], filters: &Filters, settings: &Settings) -> u8 {
    let log_on_stderr =
        settings.diagnostics == DiagnosticFormat::Sarif && settings.action != Action::Check;
    // A bar on the terminal while results go elsewhere (a file, a pipe),
    // or when there are none to print (`check`); never across a log.
    let show_progress = io::stderr().is_terminal()
        && !log_on_stderr
        && (settings.action == Action::Check || !io::stdout().is_terminal());
    let (summary, stdout_error) = if settings.diagnostics == DiagnosticFormat::Sarif {
        let destination: Box<dyn Write + Send> = if log_on_stderr {
            Box::new(io::stderr())
        } else {
            Box::new(io::stdout())
        };
        match sarif::Log::start(io::BufWriter::new(destination)) {
            Ok(mut log) => {
                let outcome = run_inputs(paths, filters, settings, &mut log, show_progress);
                match log.finish() {
                    Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
                        (failed(outcome.0), Some(error))
                    }
                    _ => outcome,
                }
            }
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return CLEAN,
            Err(error) => (Summary::default(), Some(error)),
        }
    } else {
        let mut err = io::BufWriter::new(io::stderr());
        let outcome = run_inputs(paths, filters, settings, &mut err, show_progress);
        // All clear is said by `check` alone: the other commands' output
        // is their results, and a clean run of them leaves stderr empty.
        let all_clear = matches!(settings.diagnostics, DiagnosticFormat::Human { .. })
            && settings.action == Action::Check;
        if matches!(
            settings.diagnostics,
            DiagnosticFormat::Human { .. } | DiagnosticFormat::Short
        ) && !outcome.0.closed
            && let Some(line) = summary::line(&outcome.0, settings.action, all_clear)
        {
            let _ = err.write_all(line.as_bytes());
        }
        let _ = err.flush();
        outcome
    };
    if let Some(error) = stdout_error {
        eprintln!("cardsharp: {error}");
    }
    if summary.failed {
        USAGE_OR_IO
    } else if summary.tally.errors > 0 {
        INPUT_ERRORS
    } else {
        CLEAN
    }
}

/// `summary`, marked failed.
fn failed(summary: Summary) -> Summary {
    Summary {
        failed: true,
        ..summary
    }
}

/// Processes each path in order: results to stdout, diagnostics to `err`.
/// A closed stdout stops the work quietly: the reader has all it wanted,
/// and the summary tells only of what was done before. Returns the
/// summary, and the error that stdout failed with, to be told once the
/// diagnostics are written.
fn run_inputs(
    paths: &[PathBuf],
    filters: &Filters,
    settings: &Settings,
    err: &mut (impl Write + Send),
    show_progress: bool,
) -> (Summary, Option<io::Error>) {
    // Not locked: the pipeline writes from a thread of the pool.
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout());
    let stdin_only = [PathBuf::from("-")];
    let paths = if paths.is_empty() {
        &stdin_only[..]
    } else {
        paths
    };
    let total = cardsharp::walk::process_paths(
        paths,
        filters.walk(),
        settings,
        &mut out,
        err,
        |input, out, err| stream(input, settings, out, err, show_progress),
    );
    match out.flush() {
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => (failed(total), Some(error)),
        _ => (total, None),
    }
}
