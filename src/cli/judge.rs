//! `cardsharp judge`: a solution run on test inputs and judged as judges
//! judge it. The work is done by the library's [`cardsharp::judge`]. A
//! failure is cut down to one record, written to a file, and explained.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

use cardsharp::ast::Game;
use cardsharp::batch::Input;
use cardsharp::diagnostic::OutputLength;
use cardsharp::judge::{
    CPU_TIME, Case, Comparison, Counts, Ending, Failure, Limit, Outcome, Program, Run, Verdict,
    end_every_run, generated_cases, run_cases, shrink_failure,
};
use cardsharp::render::{DiagnosticFormat, sarif};
use cardsharp::syntax::Mode;

use super::walk::{Filters, inputs};
use super::{
    CLEAN, ColorArg, DiagnosticsArg, GameArg, INPUT_ERRORS, OutputArg, USAGE_OR_IO,
    diagnostics_format, mode, tell,
};

/// `cardsharp judge`'s arguments.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  cardsharp judge --game whist -- ./solution\n  cardsharp judge --game bridge --cases 1000 --rare -- python3 bridge.py\n  cardsharp judge --input data/secret --exact -- ./a.out"
)]
pub(super) struct JudgeArgs {
    /// The game of the problem. Generated cases need one; given inputs say
    /// theirs.
    #[arg(long, value_enum, default_value_t = GameArg::Auto)]
    game: GameArg,
    /// How many cases to generate. First comes one for each outcome the
    /// evaluator tells apart. Then come typical and rare cases of one to
    /// ten records.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..))]
    cases: u32,
    /// The seed of the generated cases (default: a new one, printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Make half of the generated cases rare, not a quarter. Rare cases
    /// have voids, royal flushes, and the like.
    #[arg(long)]
    rare: bool,
    /// Judge these test files and folders instead; repeatable. Answers
    /// beside their inputs are skipped.
    #[arg(long = "input", value_name = "PATH")]
    inputs: Vec<PathBuf>,
    #[command(flatten)]
    filters: Filters,
    /// Seconds of CPU time each run may take, its whole process group's
    /// (user and system), as the judges count it (Kattis and others). At the limit the
    /// group is ended. Wall-clock time where CPU time is not measured
    /// (other than Linux).
    #[arg(long, default_value_t = 2.0, value_name = "SECONDS")]
    time_limit: f64,
    /// Seconds of wall-clock time each run may take, for a program that
    /// waits (default: 3 times the time limit, at least 1).
    #[arg(long, value_name = "SECONDS")]
    wall_limit: Option<f64>,
    /// Compare output byte by byte (the Valladolid judge). Output that differs in blanks
    /// alone is a presentation error. By default tokens are compared (Kattis).
    #[arg(long)]
    exact: bool,
    /// Programs run at once (default: the cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// A table for people, or one JSON line a case and a summary line.
    #[arg(long, value_enum, default_value_t = OutputArg::Text)]
    output: OutputArg,
    /// Where the shrunk failing input is written. The default is
    /// `judge-failure-GAME.in` in the current folder.
    #[arg(long, value_name = "PATH")]
    failure: Option<PathBuf>,
    /// How the failure is reported on the shrunk input, on stderr.
    #[arg(long, value_enum, default_value_t = DiagnosticsArg::Human)]
    diagnostics: DiagnosticsArg,
    /// Colour in diagnostics. `auto` colours a terminal unless `NO_COLOR` is set.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    color: ColorArg,
    /// The program and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "PROGRAM")]
    command: Vec<OsString>,
}

/// Runs `cardsharp judge`: its exit status.
pub(super) fn judge_command(args: &JudgeArgs) -> u8 {
    match judge(args) {
        Ok(status) => status,
        Err(message) => {
            eprintln!("cardsharp: {message}");
            USAGE_OR_IO
        }
    }
}

fn judge(args: &JudgeArgs) -> Result<u8, String> {
    let program = program(args)?;
    let seed = args.seed.unwrap_or_else(|| fastrand::u64(..));
    let cases = cases(args, seed)?;
    let comparison = if args.exact {
        Comparison::Exact
    } else {
        Comparison::Tokens
    };
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    // Interrupted, the judge ends every program it started, then itself.
    let _ = ctrlc::set_handler(|| {
        end_every_run();
        std::process::exit(130);
    });
    let cannot_run = |error: io::Error| format!("cannot run `{}`: {error}", program.path.display());
    // The first case runs alone. So a program that cannot start is told
    // once, before any other case is tried.
    let first = run_cases(&program, &cases[..1], comparison, 1, || {}).map_err(cannot_run)?;
    let bar = progress_bar(args, cases.len());
    bar.inc(1);
    let rest =
        run_cases(&program, &cases[1..], comparison, jobs, || bar.inc(1)).map_err(cannot_run)?;
    bar.finish_and_clear();
    let outcomes: Vec<Outcome> = first.into_iter().chain(rest).collect();
    let failing = outcomes
        .iter()
        .position(|outcome| outcome.judged.verdict != Verdict::Accepted);
    let failure = failing
        .map(|index| shrink_failure(&program, &cases[index], &outcomes[index].judged, comparison))
        .transpose()
        .map_err(cannot_run)?;
    let failure_path = failure
        .as_ref()
        .map(|failure| write_failure(args, &cases[0], failure))
        .transpose()?;
    let mut out = io::stdout().lock();
    let written = match args.output {
        OutputArg::Text => text_report(
            &mut out,
            args,
            seed,
            &cases,
            &outcomes,
            failing,
            failure.as_ref(),
            failure_path.as_ref(),
        ),
        OutputArg::Json => json_report(
            &mut out,
            seed,
            &cases,
            &outcomes,
            failure.as_ref(),
            failure_path.as_ref(),
        ),
    };
    written.map_err(|error| error.to_string())?;
    let format = diagnostics_format(args.diagnostics, args.color);
    let report = match (&failure, &failure_path) {
        (Some(failure), Some(path)) if failure.verdict != Verdict::TimeLimitExceeded => {
            failure.report(&path.display().to_string(), format)
        }
        _ => Vec::new(),
    };
    // A SARIF log is whole, with no result when every case passed, as
    // `run` writes it: on stderr, beside the table on stdout.
    if format == DiagnosticFormat::Sarif {
        let _ = sarif::Log::start(io::stderr())
            .and_then(|mut log| log.write_all(&report).map(|()| log))
            .and_then(sarif::Log::finish);
    } else {
        let _ = io::stderr().write_all(&report);
    }
    Ok(if failure.is_some() {
        INPUT_ERRORS
    } else {
        CLEAN
    })
}

fn program(args: &JudgeArgs) -> Result<Program, String> {
    let Some((path, program_args)) = args.command.split_first() else {
        return Err("name the program to judge after `--`".to_owned());
    };
    let seconds = |option: &str, value: f64| {
        if value > 0.0 && value.is_finite() && value < 1e9 {
            Ok(Duration::from_secs_f64(value))
        } else {
            Err(format!("{option} {value}: a number of seconds above 0"))
        }
    };
    Ok(Program {
        path: PathBuf::from(path),
        args: program_args.to_vec(),
        time_limit: seconds("--time-limit", args.time_limit)?,
        wall_limit: seconds("--wall-limit", wall_limit(args))?,
    })
}

/// The wall-clock limit asked, or 3 times the time limit and at least 1 s:
/// room for a program that waits a little, or a busy machine.
fn wall_limit(args: &JudgeArgs) -> f64 {
    args.wall_limit
        .unwrap_or_else(|| (3.0 * args.time_limit).max(1.0))
}

/// The program as the header names it: the first argument that is a file
/// (the script an interpreter runs: `python3 ok.py` is `ok.py`), else the
/// program itself.
fn program_name(command: &[OsString]) -> String {
    command[1..]
        .iter()
        .find(|arg| std::path::Path::new(arg).is_file())
        .unwrap_or(&command[0])
        .to_string_lossy()
        .into_owned()
}

/// Seconds as the report writes them: to the hundredth, the kernel's tick.
fn seconds(time: Duration) -> String {
    format!("{:.2} s", time.as_secs_f64())
}

/// The test cases: the files given, or generated ones of the game asked.
fn cases(args: &JudgeArgs, seed: u64) -> Result<Vec<Case>, String> {
    let mode = mode(args.game);
    if args.inputs.is_empty() {
        let Mode::Forced(game) = mode else {
            return Err("generated cases need a game: --game bridge, choker or whist".to_owned());
        };
        return Ok(generated_cases(game, args.cases as usize, seed, args.rare));
    }
    args.filters
        .validate()
        .map_err(|_| "a --glob or --exclude pattern is not valid".to_owned())?;
    let format = diagnostics_format(args.diagnostics, args.color);
    let mut cases: Vec<Case> = Vec::new();
    for path in &args.inputs {
        for input in inputs(path, &args.filters) {
            let file = match input {
                Input::File(file) => file,
                Input::Problem(problem) => {
                    tell(&problem, format);
                    continue;
                }
            };
            let name = file.display().to_string();
            let bytes = std::fs::read(&file).map_err(|error| format!("{name}: {error}"))?;
            let case = Case::of_file(name.clone(), bytes, mode).ok_or_else(|| {
                format!("{name}: not a test input of one game without faults; `cardsharp check {name}` tells why")
            })?;
            if let Some(first) = cases.first()
                && first.game != case.game
            {
                return Err(format!(
                    "{name}: {} records, where {} has {}: a program solves one problem",
                    case.game.name(),
                    first.kind,
                    first.game.name()
                ));
            }
            cases.push(case);
        }
    }
    if cases.is_empty() {
        return Err("no test input to judge".to_owned());
    }
    Ok(cases)
}

/// A bar of cases judged, on a terminal, while the table is still to come.
fn progress_bar(args: &JudgeArgs, cases: usize) -> indicatif::ProgressBar {
    if !io::stderr().is_terminal() || matches!(args.output, OutputArg::Json) {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(cases as u64);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("judging {wide_bar} {pos}/{len} {eta}")
    {
        bar.set_style(style);
    }
    bar
}

/// Writes the shrunk input where it was asked, or beside the user.
fn write_failure(args: &JudgeArgs, case: &Case, failure: &Failure) -> Result<PathBuf, String> {
    let path = args
        .failure
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("judge-failure-{}.in", case.game.name())));
    std::fs::write(&path, &failure.input)
        .map_err(|error| format!("{}: {error}", path.display()))?;
    Ok(path)
}

/// Case kinds as the table groups them: the edges as one row.
fn row_of(kind: &str) -> &str {
    if kind.starts_with("edge-") {
        "edge"
    } else {
        kind
    }
}

#[allow(clippy::too_many_arguments)]
fn text_report(
    out: &mut impl Write,
    args: &JudgeArgs,
    seed: u64,
    cases: &[Case],
    outcomes: &[Outcome],
    failing: Option<usize>,
    failure: Option<&Failure>,
    failure_path: Option<&PathBuf>,
) -> io::Result<()> {
    let game: Game = cases[0].game;
    let compared = if args.exact {
        "byte by byte"
    } else {
        "token by token"
    };
    let limits = if CPU_TIME {
        format!(
            "{} s of CPU time a run ({} s of wall clock)",
            args.time_limit,
            wall_limit(args)
        )
    } else {
        format!(
            "{} s of wall clock a run (CPU time is measured on Linux only)",
            args.time_limit
        )
    };
    writeln!(
        out,
        "judged {} {} case{} of {}, output compared {compared}, {limits}",
        cases.len(),
        game.name(),
        if cases.len() == 1 { "" } else { "s" },
        program_name(&args.command),
    )?;
    if args.inputs.is_empty() {
        writeln!(
            out,
            "seed {seed}: `--seed {seed}` judges the same cases again"
        )?;
    }
    let mut rows: BTreeMap<&str, (Counts, Duration)> = BTreeMap::new();
    for (case, outcome) in cases.iter().zip(outcomes) {
        let (counts, slowest) = rows.entry(row_of(&case.kind)).or_default();
        counts.add(outcome.judged.verdict);
        *slowest = (*slowest).max(time_of(&outcome.run));
    }
    let width = rows.keys().map(|kind| kind.len()).max().unwrap_or(0).max(5);
    write!(out, "\n{:width$}  {:>6}", "kind", "cases")?;
    for verdict in Verdict::ALL {
        write!(out, "  {:>4}", verdict.short())?;
    }
    writeln!(
        out,
        "  {:>9}",
        if CPU_TIME { "most CPU" } else { "longest" }
    )?;
    let mut total = (Counts::default(), Duration::ZERO);
    for (kind, (counts, slowest)) in &rows {
        counts_row(out, kind, counts, *slowest, width)?;
        total.0 += *counts;
        total.1 = total.1.max(*slowest);
    }
    counts_row(out, "total", &total.0, total.1, width)?;
    let Some((failure, index)) = failure.zip(failing) else {
        return writeln!(out, "\nverdict: AC (accepted)");
    };
    failure_report(
        out,
        args,
        &cases[index],
        index,
        &outcomes[index].run,
        failure,
        failure_path,
    )
}

/// The failing case's part of the table: the verdict, the shrunk input, how
/// the program ended, and the line it printed against the expected one.
fn failure_report(
    out: &mut impl Write,
    args: &JudgeArgs,
    case: &Case,
    index: usize,
    run: &Run,
    failure: &Failure,
    failure_path: Option<&PathBuf>,
) -> io::Result<()> {
    writeln!(
        out,
        "\nverdict: {} ({}), first in case {} ({})",
        failure.verdict.short(),
        failure.verdict.long(),
        index + 1,
        case.kind
    )?;
    if let Some(path) = failure_path {
        let noun = |count: usize| if count == 1 { "record" } else { "records" };
        let (after, before) = (failure.records_after, failure.records_before);
        if failure.verdict == Verdict::TimeLimitExceeded {
            writeln!(
                out,
                "failing input: {} ({after} {}, not shrunk: each try would take the time limit)",
                path.display(),
                noun(after)
            )?;
        } else {
            writeln!(
                out,
                "failing input: {} ({after} {}, shrunk from {before} {})",
                path.display(),
                noun(after),
                noun(before)
            )?;
        }
    }
    match failure.ending {
        Ending::Exited(0) => {}
        Ending::Exited(status) => writeln!(out, "the program exits with status {status}")?,
        Ending::Signalled(signal) => writeln!(out, "the program is ended by signal {signal}")?,
        Ending::TimedOut(Limit::Cpu) => writeln!(
            out,
            "the program uses {} of CPU time, past the limit of {} s (confirmed by a second run, alone)",
            seconds(time_of(run)),
            args.time_limit
        )?,
        Ending::TimedOut(Limit::WallClock) => writeln!(
            out,
            "the program runs past {} s of wall clock{} (confirmed by a second run, alone)",
            if CPU_TIME {
                wall_limit(args)
            } else {
                args.time_limit
            },
            run.cpu_time.map_or_else(String::new, |cpu| format!(
                ", having used {} of CPU time",
                seconds(cpu)
            ))
        )?,
    }
    if !failure.stderr_tail.is_empty() {
        writeln!(out, "its standard error ends:")?;
        for line in failure.stderr_tail.lines() {
            writeln!(out, "  {line}")?;
        }
    }
    if failure.verdict != Verdict::TimeLimitExceeded {
        // Quoted where the lines differ in their blanks alone.
        let quote = if failure.verdict == Verdict::PresentationError {
            "`"
        } else {
            ""
        };
        if let Some(length) = &failure.length {
            writeln!(out, "{length}")?;
        }
        if let Some(OutputLength::Long { .. }) = failure.length {
            writeln!(out, "last answer: {}", failure.expected)?;
        } else {
            let found = failure.found.as_deref().unwrap_or("(nothing)");
            writeln!(out, "expected: {quote}{}{quote}", failure.expected)?;
            writeln!(out, "found:    {quote}{found}{quote}")?;
        }
    }
    Ok(())
}

fn counts_row(
    out: &mut impl Write,
    kind: &str,
    counts: &Counts,
    slowest: Duration,
    width: usize,
) -> io::Result<()> {
    write!(out, "{kind:width$}  {:>6}", counts.total())?;
    for verdict in Verdict::ALL {
        write!(out, "  {:>4}", counts.of(verdict))?;
    }
    writeln!(out, "  {:>9}", seconds(slowest))
}

/// The time a run is judged by: its CPU time where that is measured.
fn time_of(run: &Run) -> Duration {
    run.cpu_time.unwrap_or(run.wall_time)
}

fn json_report(
    out: &mut impl Write,
    seed: u64,
    cases: &[Case],
    outcomes: &[Outcome],
    failure: Option<&Failure>,
    failure_path: Option<&PathBuf>,
) -> io::Result<()> {
    for (index, (case, outcome)) in cases.iter().zip(outcomes).enumerate() {
        let line = serde_json::json!({
            "case": index + 1,
            "kind": case.kind,
            "verdict": outcome.judged.verdict.short(),
            "cpu_time": outcome.run.cpu_time.map(|time| time.as_secs_f64()),
            "wall_time": outcome.run.wall_time.as_secs_f64(),
        });
        writeln!(out, "{line}")?;
    }
    let verdict = failure.map_or(Verdict::Accepted, |failure| failure.verdict);
    let summary = serde_json::json!({
        "verdict": verdict.short(),
        "cases": cases.len(),
        "seed": seed,
        "failing_input": failure.map(|failure| &failure.input),
        "failure_file": failure_path.map(|path| path.display().to_string()),
        "expected": failure.map(|failure| &failure.expected),
        "found": failure.and_then(|failure| failure.found.as_ref()),
        "output_length": failure.and_then(|failure| failure.length.as_ref().map(ToString::to_string)),
        "explanation": failure.map(|failure| &failure.explanation),
    });
    writeln!(out, "{summary}")
}
