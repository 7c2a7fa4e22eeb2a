//! `parse --trace`: each grammar rule tried on the input, in order. Each
//! step has the bytes the rule matched or why it failed. The framer's
//! decisions are steps too.

use std::io::{self, Read, Write};
use std::path::Path;

use cardsharp::pipeline::{self, Action, OutputFormat, Settings};
use cardsharp::syntax::{Step, trace};
use serde::Serialize;

use super::{
    CLEAN, INPUT_ERRORS, InputArgs, OutputArg, USAGE_OR_IO, diagnostics_format, each_file,
    input_name, mode,
};

/// The largest input traced. A trace holds a step for every rule tried,
/// several for each byte. It is meant for reading.
const TRACE_LIMIT: u64 = 1 << 20;

/// A step of the JSON output: the step with the input it was taken on.
#[derive(Serialize)]
struct PathStep<'a> {
    path: &'a str,
    #[serde(flatten)]
    step: &'a Step,
}

/// Traces each input. Several inputs in text are each headed by a path.
pub(super) fn trace_paths(input: &InputArgs, output: OutputArg) -> u8 {
    if let Err(status) = input.filters.validate() {
        return status;
    }
    let (mode, layout) = (mode(input.game), input.layout.into());
    let diagnostics = diagnostics_format(input.diagnostics, input.color);
    let filters = &input.filters;
    // Several inputs in text are told apart by a heading each.
    let headed = input.paths.len() > 1 || input.paths.first().is_some_and(|path| path.is_dir());
    let settings = Settings {
        mode,
        layout,
        action: Action::Check,
        output: OutputFormat::Text,
        diagnostics,
    };
    each_file(&input.paths, filters, diagnostics, |file, first| {
        trace_file(file, &settings, output, headed.then_some(first))
    })
}

/// Traces one input, then reports its faults on stderr as `check` does. They
/// set the exit status, as they do `parse`'s.
fn trace_file(
    path: &Path,
    settings: &Settings,
    output: OutputArg,
    heading: Option<bool>,
) -> io::Result<u8> {
    let (name, from_stdin) = input_name(path);
    let mut source = Vec::new();
    let reader: Box<dyn Read> = if from_stdin {
        Box::new(io::stdin())
    } else {
        Box::new(std::fs::File::open(path)?)
    };
    reader.take(TRACE_LIMIT + 1).read_to_end(&mut source)?;
    if source.len() as u64 > TRACE_LIMIT {
        eprintln!(
            "cardsharp: {name}: not traced: parse --trace reads inputs up to {} MiB",
            TRACE_LIMIT >> 20
        );
        return Ok(USAGE_OR_IO);
    }
    let steps = trace(&source, settings.mode, settings.layout);
    let mut out = io::BufWriter::new(io::stdout().lock());
    match output {
        OutputArg::Text => {
            if let Some(first) = heading {
                if !first {
                    writeln!(out)?;
                }
                writeln!(out, "{name}:")?;
            }
            for step in &steps {
                writeln!(out, "{}", text_line(step))?;
            }
        }
        OutputArg::Json => {
            for step in &steps {
                let line = PathStep { path: &name, step };
                serde_json::to_writer(&mut out, &line)?;
                writeln!(out)?;
            }
        }
    }
    out.flush()?;
    let tally = pipeline::process(
        &name,
        &source[..],
        settings,
        &mut io::sink(),
        &mut io::stderr(),
    )?;
    Ok(if tally.errors > 0 {
        INPUT_ERRORS
    } else {
        CLEAN
    })
}

/// One step as text, indented by its depth. It is `rule start..end` when
/// the rule matched, and `rule ✗ at N` when it failed. Its note follows
/// after a colon.
fn text_line(step: &Step) -> String {
    let indent = "  ".repeat(step.depth);
    let head = if step.matched {
        format!("{indent}{} {}..{}", step.rule, step.start, step.end)
    } else {
        format!("{indent}{} ✗ at {}", step.rule, step.start)
    };
    match &step.note {
        Some(note) => format!("{head}: {note}"),
        None => head,
    }
}
